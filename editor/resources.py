"""Locate the shipped data folders (`schema/`, `boards/`, `variants/`) and the rules catalogue.

From a checkout they are the top-level folders next to the `editor` package; from an installed
wheel they live inside the package as `editor/_data/<name>` (see pyproject's force-include).
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent
DATA_FOLDERS = ("schema", "boards", "variants")


def data_dir(name: str) -> Path:
    """Path of a shipped data folder, from a checkout or an installed package."""
    if name not in DATA_FOLDERS:
        raise ValueError(f"unknown data folder {name!r}; expected one of {DATA_FOLDERS}")
    checkout = _PACKAGE.parent / name
    if (_PACKAGE.parent / "pyproject.toml").is_file() and checkout.is_dir():
        return checkout
    return Path(str(resources.files("editor") / "_data" / name))


def rules_catalogue_path() -> Path:
    """The rules catalogue: `docs/rules.md` in a checkout, `editor/_data/rules.md` in a wheel
    (pyproject's force-include)."""
    checkout = _PACKAGE.parent / "docs" / "rules.md"
    if (_PACKAGE.parent / "pyproject.toml").is_file() and checkout.is_file():
        return checkout
    return Path(str(resources.files("editor") / "_data" / "rules.md"))


def in_checkout() -> bool:
    return (_PACKAGE.parent / "pyproject.toml").is_file()


def checkout_root() -> Path | None:
    """The repository folder when running from a checkout, else None."""
    return _PACKAGE.parent if in_checkout() else None
