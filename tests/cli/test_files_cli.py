"""The command line on damaged and unusual files (issue 26): damaged packages exit 1 with a
finding naming the member, a crash exits 3 (never 1, "errors found"), a finding with a lone
surrogate is valid UTF-8 in every output, and `validate --board` takes shipped names."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

import pytest
from support.boardkit import run_cli
from support.packagekit import SMALL_PACKAGE, damaged, with_member

from editor.cli.main import main


@pytest.mark.parametrize("command", ["validate", "check", "moves"])
@pytest.mark.parametrize("kind", ["deflate", "lzma", "version"])
def test_damaged_package_exits_1_with_the_member_named(tmp_path: Path, command: str,
                                                       kind: str) -> None:
    data, member = damaged(SMALL_PACKAGE.read_bytes(), kind)
    path = tmp_path / "d.conquest"
    path.write_bytes(data)
    run = run_cli(command, path)
    assert run.code == 1, run.err
    assert "PACKAGE_CORRUPT" in run.out + run.err and member in run.out + run.err
    assert "Traceback" not in run.err


def test_a_crash_exits_3_with_the_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    from editor.cli import validate

    def broken(_args: object) -> int:
        raise RuntimeError("a bug")

    monkeypatch.setattr(validate, "run", broken)
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        code = main(["validate", "x.board.json"])
    assert code == 3
    assert "RuntimeError: a bug" in err.getvalue() and "internal error" in err.getvalue()


@pytest.mark.parametrize("output", ["text", "json"])
def test_lone_surrogate_in_a_package_gives_utf8_output(tmp_path: Path, output: str) -> None:
    data = with_member(SMALL_PACKAGE.read_bytes(), "board",
                       lambda d: json.dumps({**d, "format": "\udc80"}).encode())
    path = tmp_path / "s.conquest"
    path.write_bytes(data)
    run = run_cli("validate", "--format", output, path)
    assert run.code == 1
    (run.out + run.err).encode("utf-8")  # strict: no lone surrogate reaches the output
    assert "\\udc80" in run.out + run.err
    if output == "json":
        (report,) = json.loads(run.out)
        assert report["findings"][0]["code"] == "FORMAT_TAG"


def test_validate_pair_takes_a_shipped_board_name() -> None:
    run = run_cli("validate", "--board", "conquest-4p", "--variant", "conquest-4p")
    assert run.code == 0, run.err
    assert run_cli("validate", "--board", "no-such-board", "--variant", "conquest-4p").code == 2
