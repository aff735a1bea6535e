"""Locate the shipped data folders (`schema/`, `boards/`, `variants/`, the user guide).

From a checkout they are folders of the repository (`docs/guide` for the guide); from an
installed wheel or the bundle they live inside the package as `editor/_data/<name>` (see
pyproject's force-include).
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent
#: shipped data folder -> its place in a checkout (pyproject's force-include: the reverse)
CHECKOUT_PLACES = {"schema": "schema", "boards": "boards", "variants": "variants",
                   "guide": "docs/guide"}
DATA_FOLDERS = tuple(CHECKOUT_PLACES)


def data_dir(name: str) -> Path:
    """Path of a shipped data folder, from a checkout or an installed package."""
    if name not in DATA_FOLDERS:
        raise ValueError(f"unknown data folder {name!r}; expected one of {DATA_FOLDERS}")
    checkout = _PACKAGE.parent / CHECKOUT_PLACES[name]
    if (_PACKAGE.parent / "pyproject.toml").is_file() and checkout.is_dir():
        return checkout
    return Path(str(resources.files("editor") / "_data" / name))


def in_checkout() -> bool:
    return (_PACKAGE.parent / "pyproject.toml").is_file()


def checkout_root() -> Path | None:
    """The repository folder when running from a checkout, else None."""
    return _PACKAGE.parent if in_checkout() else None
