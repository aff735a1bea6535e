"""Mutated board files only ever give findings (ARCHITECTURE principle 4).

Hypothesis mutates clean boards (truncation, wrong types, missing and unknown keys, dangling
ids, huge numbers, NaN/Infinity, non-UTF-8 bytes, lone surrogates, deep nesting, duplicated
elements) and feeds each file through the loader and through `conquest validate` (in-process,
text and JSON output). Nothing may raise; exit codes are 0 or 1; every finding has a known
code, and a file that loads round-trips through the writer.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from support.boardkit import run_cli
from support.mutations import mutated_files

from editor.check.board_checks import check_board
from editor.cli.docs_cmd import all_codes
from editor.model import dump_board, load_board, parse_board
from editor.model.findings import CODES, Severity

#: Mutated files fed through `conquest validate` (which loads them with the loader) and, for
#: the round-trip property, through the loader alone.
CLI_EXAMPLES, LOADER_EXAMPLES = 2000, 1000


@pytest.fixture(scope="module")
def fuzz_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    all_codes()
    return tmp_path_factory.mktemp("fuzz") / "m.board.json"


def check_findings(findings: list) -> None:
    for f in findings:
        assert f.code in CODES, f.code
        assert isinstance(f.severity, Severity)
        assert f.message and "Traceback" not in f.message


ERROR_LINE = re.compile(r"^.*:\d+:\d+: error [A-Z_]+ ", re.MULTILINE)
HEALTH = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.large_base_example]


@settings(max_examples=LOADER_EXAMPLES, deadline=None, database=None,
          suppress_health_check=HEALTH)
@given(raw=mutated_files())
def test_loader_and_checks_never_raise(raw: bytes, fuzz_file: Path) -> None:
    fuzz_file.write_bytes(raw)
    result = load_board(fuzz_file)
    check_findings(result.findings)
    for f in result.findings:
        event(f.code)
    if result.model is None:
        assert any(f.is_error for f in result.findings)
        return
    assert result.findings == []
    check_findings(check_board(result.model))
    text = dump_board(result.model)
    again = parse_board(text)
    assert again.model == result.model
    assert dump_board(again.model) == text


@settings(max_examples=CLI_EXAMPLES, deadline=None, database=None,
          suppress_health_check=HEALTH)
@given(raw=mutated_files(), as_json=st.booleans())
def test_validate_cli_only_reports_findings(raw: bytes, as_json: bool, fuzz_file: Path) -> None:
    fuzz_file.write_bytes(raw)
    run = run_cli("validate", *(["--format", "json"] if as_json else []), fuzz_file)
    assert run.code in (0, 1), run
    assert "Traceback" not in run.out + run.err
    if as_json:
        (entry,) = json.loads(run.out)
        assert entry["path"] == str(fuzz_file)
        for f in entry["findings"]:
            assert f["code"] in CODES
            assert {"code", "severity", "pointer", "line", "column", "message"} <= f.keys()
        has_error = any(f["severity"] == "error" for f in entry["findings"])
    else:
        assert "1 file(s) checked" in run.err
        has_error = ERROR_LINE.search(run.out) is not None
    assert run.code == (1 if has_error else 0)
