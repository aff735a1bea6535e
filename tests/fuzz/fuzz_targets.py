"""Fuzz targets of every loader: board, variant, scenario, game package, notation (issue 26).

Each target takes the raw bytes of one input and feeds them through the loader the way the
`conquest` command and the editor do. A target returns normally for any input; an exception
escaping it is a crash. `run_fuzz.py` drives the targets with atheris (coverage-guided);
`test_fuzz_corpus.py` replays the seed corpus (`seeds/TARGET/`) and every crash found so far
(`crashes/TARGET/`) in the normal suite.
"""

from __future__ import annotations

import atexit
import json
import shutil
import tempfile
from collections.abc import Callable
from functools import cache
from pathlib import Path

from editor.check.validate import validate_file
from editor.model.findings import Finding
from editor.model.variant import resolve_variant
from editor.rules.validation import VALIDATORS

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
#: Board of the notation target's position, and the seed scenarios' boards (linked beside the
#: fuzzed scenario so its relative board path resolves).
SCENARIO_BOARDS = ROOT / "tests" / "scenarios" / "boards"
NOTATION_SCENARIO = ROOT / "tests" / "scenarios" / "ex-02a-naval-attack.scenario.json"


@cache
def scratch() -> Path:
    """A private folder for the files the targets write (removed at exit)."""
    folder = Path(tempfile.mkdtemp(prefix="conquest-fuzz-"))
    atexit.register(shutil.rmtree, folder, True)
    (folder / "boards").symlink_to(SCENARIO_BOARDS, target_is_directory=True)
    return folder


def _written(data: bytes, name: str) -> Path:
    path = scratch() / name
    path.write_bytes(data)
    return path


def _findings_only(findings: list[Finding]) -> None:
    assert isinstance(findings, list) and all(isinstance(f, Finding) for f in findings)
    for f in findings:
        json.dumps(f.to_dict(), ensure_ascii=False).encode("utf-8")  # strict: printable


def fuzz_board(data: bytes) -> None:
    _findings_only(validate_file(_written(data, "f.board.json"), VALIDATORS))


def fuzz_variant(data: bytes) -> None:
    path = _written(data, "f.variant.json")
    _findings_only(validate_file(path, VALIDATORS))
    _findings_only(resolve_variant(str(path)).findings)


def fuzz_scenario(data: bytes) -> None:
    _findings_only(validate_file(_written(data, "f.scenario.json"), VALIDATORS))


def fuzz_package(data: bytes) -> None:
    _findings_only(validate_file(_written(data, "f.conquest"), VALIDATORS))


@cache
def _notation_state():
    from editor.rules.scenario_run import load

    loaded = load(NOTATION_SCENARIO)
    assert loaded.state is not None, loaded.findings
    return loaded.state


def fuzz_notation(data: bytes) -> None:
    from editor.rules.notation import parse_or_reason, parse_puzzle

    text = data.decode("utf-8", "surrogateescape")
    state = _notation_state()
    for parse in (parse_or_reason, parse_puzzle):
        action, reason = parse(state, text)
        assert action is not None or reason is not None


TARGETS: dict[str, Callable[[bytes], None]] = {
    "board": fuzz_board, "variant": fuzz_variant, "scenario": fuzz_scenario,
    "package": fuzz_package, "notation": fuzz_notation,
}
