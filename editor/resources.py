"""Locate the shipped data folders (`schema/`, `boards/`, `variants/`).

From a checkout they are the top-level folders next to the `editor` package; from an installed
wheel they live inside the package as `editor/_data/<name>` (see pyproject's force-include).
"""

from __future__ import annotations

import os
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


def in_checkout() -> bool:
    return (_PACKAGE.parent / "pyproject.toml").is_file()


def checkout_root() -> Path | None:
    """The repository folder when running from a checkout, else None."""
    return _PACKAGE.parent if in_checkout() else None


#: the file name ending of each kind of shipped file, by its data folder
SUFFIXES = {"boards": ".board.json", "variants": ".variant.json"}


def _is_file(path: Path) -> bool:
    try:
        return path.is_file()
    except (OSError, ValueError):  # a name the system cannot look up
        return False


def looks_like_path(ref: str) -> bool:
    """A reference written as a file path (a folder part or a `.json` ending), not a name."""
    return ref.endswith(".json") or "/" in ref or os.sep in ref


def shipped_file(folder: str, name: str) -> Path | None:
    """The shipped board or variant called `name` (`conquest-4p`), or None."""
    if not name or looks_like_path(name):
        return None
    path = data_dir(folder) / f"{name}{SUFFIXES[folder]}"
    return path if _is_file(path) else None


def locate(folder: str, ref: str, base: Path | None = None) -> Path | None:
    """The one resolver of board and variant references: a file path (relative to `base`, else
    to the current folder) when such a file exists, else a shipped name; None when neither."""
    path = Path(ref)
    if not path.is_absolute() and base is not None:
        path = base / path
    if _is_file(path):
        return path
    return shipped_file(folder, ref)


def shipped_name(folder: str, path: str | os.PathLike[str]) -> str | None:
    """The shipped name of a file in a shipped data folder (None for any other file)."""
    p = Path(path).resolve()
    suffix = SUFFIXES[folder]
    if p.parent == data_dir(folder).resolve() and p.name.endswith(suffix):
        return p.name.removesuffix(suffix)
    return None
