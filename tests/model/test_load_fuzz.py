"""Mutated board, variant and scenario files only ever give findings (ARCHITECTURE principle
4; issue 12).

Hypothesis mutates clean files (truncation, wrong types, missing and unknown keys, dangling
ids and references, names longer than the file system allows, huge and negative numbers,
NaN/Infinity, non-UTF-8 bytes, lone surrogates, deep nesting, duplicated elements) and feeds
each file through the loaders and, for a sample, through `conquest validate` (in-process, text
and JSON output; a few as real subprocesses). Nothing may raise or hang (each case has a time
budget); exit codes are 0 or 1; every finding has a known code and is located (line:column,
or the file for a file-level finding); a board that loads round-trips through the writer.
Seeded: the same examples run every time.
"""

from __future__ import annotations

import contextlib
import json
import re
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, seed, settings
from hypothesis import strategies as st
from support.boardkit import run_cli
from support.mutations import (
    APPLIED,
    SCENARIO_BASES,
    VARIANT_BASES,
    missing_kinds,
    mutated_documents,
    mutated_files,
)

from editor.check.board_checks import check_board
from editor.check.validate import validate_file
from editor.cli.docs_cmd import all_codes
from editor.model import dump_board, load_board, parse_board
from editor.model.findings import CODES, Finding, Severity

#: Mutated files per format through the loaders and through `conquest validate` in-process,
#: plus real subprocesses. Enough that every kind of damage (support.mutations: tree and byte
#: mutations, every kind of nasty value) reaches each loader, which the tests check; more
#: examples: `make fuzz` (coverage-guided, without a time limit).
LOADER_EXAMPLES = {"board": 600, "variant": 600, "scenario": 600}
CLI_EXAMPLES = {"board": 120, "variant": 100, "scenario": 100}
SUBPROCESS_EXAMPLES = 4  # per format
#: Seconds one case may take before it counts as a hang (generous: CI shares its core).
CASE_BUDGET = 20
SEED = 12


class Hang(Exception):
    """A case took longer than CASE_BUDGET."""


@contextlib.contextmanager
def budget(seconds: float = CASE_BUDGET) -> Iterator[None]:
    """Fail the case with `Hang` when it runs longer than `seconds` (SIGALRM)."""
    def expire(_signum: int, _frame: object) -> None:
        raise Hang(f"case ran longer than {seconds} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@pytest.fixture(scope="module")
def fuzz_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    all_codes()
    return tmp_path_factory.mktemp("fuzz")


def fuzz_path(folder: Path, kind: str) -> Path:
    return folder / f"m.{kind}.json"


def check_findings(findings: list[Finding]) -> None:
    for f in findings:
        assert f.code in CODES, f.code
        assert isinstance(f.severity, Severity)
        assert f.message and "Traceback" not in f.message


def check_located(findings: list[Finding] | list[dict]) -> None:
    """Every finding names its file, and has line:column unless it is about the whole file
    (empty JSON pointer: unreadable, too large)."""
    for f in findings:
        data = f if isinstance(f, dict) else f.to_dict()
        assert data["path"], data
        if data["line"] is None:
            assert data["pointer"] == "", f"not located: {data}"
        else:
            assert data["line"] >= 1 and data["column"] >= 1, data


ERROR_LINE = re.compile(r"^.*:\d+:\d+: error [A-Z_]+ ", re.MULTILINE)
HEALTH = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.large_base_example]
BASES = {"variant": VARIANT_BASES, "scenario": SCENARIO_BASES}


def _documents(kind: str) -> st.SearchStrategy[bytes]:
    return mutated_files() if kind == "board" else mutated_documents(BASES[kind])


def test_loader_and_checks_never_raise(fuzz_dir: Path) -> None:
    path = fuzz_path(fuzz_dir, "board")
    before = APPLIED.copy()
    loaded = []

    @seed(SEED)
    @settings(max_examples=LOADER_EXAMPLES["board"], deadline=None, database=None,
              suppress_health_check=HEALTH)
    @given(raw=mutated_files())
    def case(raw: bytes) -> None:
        path.write_bytes(raw)
        with budget():
            result = load_board(path)
        check_findings(result.findings)
        check_located(result.findings)
        for f in result.findings:
            event(f.code)
        if result.model is None:
            assert any(f.is_error for f in result.findings)
            return
        assert result.findings == []
        loaded.append(True)
        with budget():
            located = result.locate(check_board(result.model))
        check_findings(located)
        check_located(located)
        text = dump_board(result.model)
        again = parse_board(text)
        assert again.model == result.model
        assert dump_board(again.model) == text

    case()
    assert missing_kinds(before) == []
    assert loaded, "no mutated board loaded: the checks and the round trip never ran"


@pytest.mark.parametrize("kind", ["variant", "scenario"])
def test_variant_and_scenario_loaders_never_raise(kind: str, fuzz_dir: Path) -> None:
    path = fuzz_path(fuzz_dir, kind)
    before = APPLIED.copy()

    @seed(SEED)
    @settings(max_examples=LOADER_EXAMPLES[kind], deadline=None, database=None,
              suppress_health_check=HEALTH)
    @given(raw=_documents(kind))
    def case(raw: bytes) -> None:
        path.write_bytes(raw)
        with budget():
            findings = validate_file(path)
        check_findings(findings)
        check_located(findings)
        for f in findings:
            event(f.code)

    case()
    assert missing_kinds(before) == []


@pytest.mark.parametrize("kind", ["board", "variant", "scenario"])
def test_validate_cli_only_reports_findings(kind: str, fuzz_dir: Path) -> None:
    path = fuzz_path(fuzz_dir, kind)
    outcomes: set[tuple[bool, int]] = set()

    @seed(SEED)
    @settings(max_examples=CLI_EXAMPLES[kind], deadline=None, database=None,
              suppress_health_check=HEALTH)
    @given(raw=_documents(kind), as_json=st.booleans())
    def case(raw: bytes, as_json: bool) -> None:
        path.write_bytes(raw)
        with budget():
            run = run_cli("validate", *(["--format", "json"] if as_json else []), path)
        assert run.code in (0, 1), run
        assert "Traceback" not in run.out + run.err
        if as_json:
            (entry,) = json.loads(run.out)
            assert entry["path"] == str(path)
            for f in entry["findings"]:
                assert f["code"] in CODES
                assert {"code", "severity", "pointer", "line", "column", "message"} <= f.keys()
            check_located(entry["findings"])
            has_error = any(f["severity"] == "error" for f in entry["findings"])
        else:
            assert "1 file(s) checked" in run.err
            has_error = ERROR_LINE.search(run.out) is not None
        assert run.code == (1 if has_error else 0)
        outcomes.add((as_json, run.code))

    case()
    # both forms of the output, each for a file with errors and for one without
    assert outcomes == {(j, c) for j in (False, True) for c in (0, 1)}


@pytest.mark.parametrize("kind", ["board", "variant", "scenario"])
def test_validate_subprocess_only_reports_findings(kind: str, tmp_path: Path) -> None:
    """A few mutated files through the real `conquest validate` process (exit code, stdout
    JSON, no traceback on stderr)."""
    paths: list[Path] = []

    @seed(SEED)
    @settings(max_examples=SUBPROCESS_EXAMPLES, deadline=None, database=None,
              suppress_health_check=HEALTH)
    @given(raw=_documents(kind))
    def collect(raw: bytes) -> None:
        path = tmp_path / f"s{len(paths)}.{kind}.json"
        path.write_bytes(raw)
        paths.append(path)

    collect()
    run = subprocess.run(
        [sys.executable, "-m", "editor.cli.main", "validate", "--format", "json", *paths],
        capture_output=True, text=True, timeout=CASE_BUDGET * len(paths), check=False)
    assert run.returncode in (0, 1), run.stderr
    assert "Traceback" not in run.stderr
    report = json.loads(run.stdout)
    assert [e["path"] for e in report] == [str(p) for p in paths]
    for entry in report:
        check_located(entry["findings"])
