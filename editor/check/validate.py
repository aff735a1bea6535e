"""Validate files of any shipped format: load, structure, semantic checks, positions.

The format is recognised by the file's `"format"` tag; other layers register a validator for
their format with `register_validator` (variants and scenarios do). Files without a known tag
are validated as boards, which reports the wrong tag.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

from editor.model import load_board
from editor.model.board import BOARD_FORMAT
from editor.model.findings import Finding
from editor.model.io import FileTooLarge, is_dir, is_file, locate_in_files, read_limited

Validator = Callable[[str], list[Finding]]
_VALIDATORS: dict[str, Validator] = {}


def register_validator(format_tag: str, validator: Validator) -> None:
    _VALIDATORS[format_tag] = validator


def validate_board_file(path: str) -> list[Finding]:
    """Findings of a board file: reading, structure, then semantic checks, all located."""
    from editor.check.board_checks import check_board

    result = load_board(path)
    if result.model is None:
        return result.findings
    return result.locate(check_board(result.model))


register_validator(BOARD_FORMAT, validate_board_file)


def _format_tag(path: str) -> str | None:
    try:
        data = json.loads(read_limited(path).decode("utf-8-sig"))
    except (OSError, ValueError, RecursionError, FileTooLarge):
        return None
    tag = data.get("format") if isinstance(data, dict) else None
    return tag if isinstance(tag, str) else None  # a malformed tag is the loader's finding


def _load_plugins() -> None:
    """Import the layers that register validators for their formats, where present."""
    import importlib

    for name in ("editor.rules.validation",):
        try:
            importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name is None or not name.startswith(exc.name):
                raise


def validate_file(path: str | os.PathLike[str]) -> list[Finding]:
    """All findings of one file, whatever its format."""
    _load_plugins()
    shown = str(path)
    tag = _format_tag(shown)
    validator = _VALIDATORS.get(tag or "") or _validator_by_name(shown)
    return locate_in_files(validator(shown))


def _validator_by_name(path: str) -> Validator:
    """For a file without a known format tag, the format its name announces
    (`*.variant.json` -> `conquest-variant/1`), so the finding names the expected tag;
    boards otherwise."""
    name = Path(path).name
    for tag, validator in _VALIDATORS.items():
        kind = tag.split("/", 1)[0].removeprefix("conquest-")
        if name.endswith(f".{kind}.json"):
            return validator
    return validate_board_file


#: File name endings `conquest validate DIR` picks up.
def known_suffixes() -> list[str]:
    _load_plugins()
    return [f".{t.split('/', 1)[0].removeprefix('conquest-')}.json" for t in _VALIDATORS]


def expand_paths(paths: list[str]) -> list[str]:
    """Files to validate: files as given, folders searched (recursively, sorted) for files of
    the known formats (`*.board.json`, `*.variant.json`, `*.scenario.json`)."""
    out: list[str] = []
    suffixes = tuple(known_suffixes())
    for p in paths:
        folder = Path(p)
        if is_dir(folder):
            out.extend(str(f) for f in sorted(folder.rglob("*.json"))
                       if f.name.endswith(suffixes) and f.is_file())
        else:
            out.append(p)
    return out


def validate_paths(paths: list[str]) -> dict[str, list[Finding]]:
    return {p: validate_file(p) for p in paths}


def is_readable_file(path: str) -> bool:
    return is_file(path) and os.access(path, os.R_OK)
