"""Validate files of any shipped format: load, structure, semantic checks.

The format is recognised by the file's `"format"` tag and looked up in a table of validators
(format tag -> function of a path). `VALIDATORS` holds what this layer can judge on its own:
boards and variants in full, scenarios as far as their structure goes. A higher layer passes a
table of its own: `editor.rules.validation.VALIDATORS` adds the scenario checks that run the
engine. Nothing here imports a higher layer. A file without a known tag is validated as the
format its name announces (so the finding names the expected tag), else as a board.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping
from pathlib import Path

from editor.check.board_checks import check_board
from editor.check.variant_checks import validate_variant_file
from editor.model import load_board
from editor.model.board import BOARD_FORMAT
from editor.model.findings import Finding
from editor.model.io import FileTooLarge, is_dir, is_file, locate_in_files, read_limited
from editor.model.migrate import current_tag
from editor.model.package import PACKAGE_FORMAT, PACKAGE_SUFFIX, is_package, open_game_source
from editor.model.scenario import SCENARIO_FORMAT, load_scenario
from editor.model.variant import VARIANT_FORMAT

Validator = Callable[[str], list[Finding]]
Validators = Mapping[str, Validator]



def validate_board_file(path: str) -> list[Finding]:
    """Findings of a board file: reading, structure, then semantic checks, all located."""
    result = load_board(path)
    if result.model is None:
        return result.findings
    return result.locate(check_board(result.model))


def validate_scenario_structure(path: str) -> list[Finding]:
    """Findings of a scenario file as far as this layer sees: reading and structure (its board,
    variant, position and steps need the rules engine: `editor.rules.validation`)."""
    return load_scenario(path).findings


def validate_package_reading(path: str) -> list[Finding]:
    """Findings of a game package as far as this layer sees: reading it safely (paths, sizes,
    checksums, manifest); the board/variant checks and the game start are
    `editor.rules.package_check`."""
    return open_game_source(path).findings


#: The validators of this layer, by format tag.
VALIDATORS: Validators = {
    BOARD_FORMAT: validate_board_file,
    VARIANT_FORMAT: validate_variant_file,
    SCENARIO_FORMAT: validate_scenario_structure,
    PACKAGE_FORMAT: validate_package_reading,
}


def _format_tag(path: str) -> str | None:
    try:
        data = json.loads(read_limited(path).decode("utf-8-sig"))
    except (OSError, ValueError, RecursionError, FileTooLarge):
        return None
    tag = data.get("format") if isinstance(data, dict) else None
    return tag if isinstance(tag, str) else None  # a malformed tag is the loader's finding


def validate_file(path: str | os.PathLike[str],
                  validators: Validators = VALIDATORS) -> list[Finding]:
    """All findings of one file, whatever its format."""
    shown = str(path)
    if PACKAGE_FORMAT in validators and is_package(shown):
        return locate_in_files(validators[PACKAGE_FORMAT](shown))
    tag = _format_tag(shown)
    validator = (validators.get(current_tag(tag or "")) or
                 _validator_by_name(shown, validators))  # an older version: its migration
    return locate_in_files(validator(shown))


def _validator_by_name(path: str, validators: Validators) -> Validator:
    """For a file without a known format tag, the format its name announces
    (`*.variant.json` -> `conquest-variant/2`), so the finding names the expected tag;
    boards otherwise."""
    name = Path(path).name
    for tag, validator in validators.items():
        if name.endswith(_suffix(tag)):
            return validator
    return validate_board_file


def _suffix(format_tag: str) -> str:
    """`conquest-variant/2` -> `.variant.json`; a game package -> `.conquest`."""
    if format_tag == PACKAGE_FORMAT:
        return PACKAGE_SUFFIX
    return f".{format_tag.split('/', 1)[0].removeprefix('conquest-')}.json"


def known_suffixes(validators: Validators = VALIDATORS) -> list[str]:
    """File name endings `conquest validate DIR` picks up."""
    return [_suffix(t) for t in validators]


def expand_paths(paths: list[str], validators: Validators = VALIDATORS) -> list[str]:
    """Files to validate: files as given, folders searched (recursively, sorted) for files of
    the known formats (`*.board.json`, `*.variant.json`, `*.scenario.json`) and game packages
    (`*.conquest`)."""
    out: list[str] = []
    suffixes = tuple(known_suffixes(validators))
    for p in paths:
        folder = Path(p)
        if is_dir(folder):
            out.extend(str(f) for f in sorted(folder.rglob("*"))
                       if f.name.endswith(suffixes) and f.is_file())
        else:
            out.append(p)
    return out


def is_readable_file(path: str) -> bool:
    return is_file(path) and os.access(path, os.R_OK)
