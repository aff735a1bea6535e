"""`conquest validate`: exit codes 0 (no errors), 1 (errors found), 2 (usage, unreadable paths);
text lines `PATH:LINE:COL: SEVERITY CODE message (fix: hint) [pointer]` and `--format json`."""

from __future__ import annotations

import io
import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from support.boardkit import CliRun, land, road, small_board

LINE = re.compile(r"^(?P<path>.+):(?P<line>\d+):(?P<col>\d+): (?P<sev>error|warning) "
                  r"(?P<code>[A-Z_]+) (?P<msg>.*)$")


def parse_lines(out: str) -> list[re.Match]:
    lines = [ln for ln in out.splitlines() if ln]
    matches = [LINE.match(ln) for ln in lines]
    assert all(matches), lines
    return matches


@pytest.mark.parametrize("argv", [
    [], ["validate"], ["validate", "--bogus", "x"], ["frobnicate"], ["validate", "--format",
                                                                     "xml", "x"],
    ["validate", "--board", "b.board.json"],
])
def test_usage_errors_exit_2(argv: list[str], cli: Callable[..., CliRun]) -> None:
    run = cli(*argv)
    assert run.code == 2
    assert run.err and "Traceback" not in run.err


def test_help_and_version_exit_0(cli: Callable[..., CliRun]) -> None:
    assert cli("--help").code == 0
    assert cli("validate", "--help").code == 0
    assert cli("--version").code == 0


def test_unreadable_paths_exit_2(tmp_path: Path, cli: Callable[..., CliRun],
                                 board_file: Callable[..., Path]) -> None:
    """A missing path is a usage error (exit 2), but the readable files are still checked and
    reported, so one typo does not hide the findings of the others."""
    data = small_board()
    data["connections"].append(road("bad", "a", "nowhere"))
    broken = board_file(data)
    missing = tmp_path / "missing.board.json"
    run = cli("validate", broken, missing)
    assert run.code == 2
    assert f"cannot read '{missing}'" in run.err
    assert "DANGLING_REFERENCE" in run.out and "'nowhere'" in run.out


def test_folders_are_searched_for_known_formats(tmp_path: Path,
                                                cli: Callable[..., CliRun]) -> None:
    """`conquest validate DIR` checks the *.board.json, *.variant.json and *.scenario.json files
    below DIR; a folder without any is a usage error."""
    sub = tmp_path / "deep" / "er"
    sub.mkdir(parents=True)
    (sub / "a.board.json").write_text(json.dumps(small_board()), encoding="utf-8")
    (sub / "notes.json").write_text("not json at all", encoding="utf-8")
    run = cli("validate", tmp_path)
    assert run.code == 0, run.out + run.err
    assert "1 file(s) checked" in run.err
    empty = tmp_path / "empty"
    empty.mkdir()
    run = cli("validate", empty)
    assert run.code == 2 and "no *.board.json" in run.err


def test_expected_format_follows_the_file_name(tmp_path: Path,
                                               cli: Callable[..., CliRun]) -> None:
    """A file named *.variant.json that is not a variant is told the variant format tag."""
    path = tmp_path / "house.variant.json"
    path.write_text("[1, 2]", encoding="utf-8")
    run = cli("validate", path)
    assert run.code == 1
    assert "FORMAT_TAG" in run.out and "conquest-variant/2" in run.out


def test_truncated_string_message_is_complete(tmp_path: Path,
                                              cli: Callable[..., CliRun]) -> None:
    """Python's "Unterminated string starting at" relies on a position the finding carries
    separately: the message must still read as a sentence."""
    path = tmp_path / "cut.board.json"
    path.write_text('{\n  "format": "conquest-board/1",\n  "name": "cut', encoding="utf-8")
    run = cli("validate", path)
    assert run.code == 1
    assert re.search(r":3:11: error JSON_SYNTAX invalid JSON: unterminated string starting here ",
                     run.out), run.out


def test_clean_file_exits_0(cli: Callable[..., CliRun], board_file: Callable[..., Path]) -> None:
    run = cli("validate", board_file(small_board()))
    assert run.code == 0
    assert run.out == ""
    assert "1 file(s) checked: 0 error(s), 0 warning(s)" in run.err


def test_warnings_alone_exit_0(cli: Callable[..., CliRun],
                               board_file: Callable[..., Path]) -> None:
    data = small_board()
    data["fields"].append(land("lonely", 200, 200))
    run = cli("validate", board_file(data))
    assert run.code == 0
    (m,) = parse_lines(run.out)
    assert (m["sev"], m["code"]) == ("warning", "UNREACHABLE_FIELD")
    assert "0 error(s), 1 warning(s)" in run.err


def test_truncated_file_exit_1_with_line_and_column(
        cli: Callable[..., CliRun], board_file: Callable[..., Path]) -> None:
    path = board_file(small_board())
    text = path.read_text(encoding="utf-8")
    path.write_text(text[: text.index('"connections"') + 20], encoding="utf-8")
    run = cli("validate", path)
    assert run.code == 1
    (m,) = parse_lines(run.out)
    assert m["path"] == str(path) and m["code"] == "JSON_SYNTAX"
    lines = path.read_text(encoding="utf-8").splitlines()
    assert int(m["line"]) == len(lines)  # the error is where the file stops
    assert int(m["col"]) == len(lines[-1]) + 1


def test_dangling_road_exit_1_names_connection_and_missing_field(
        cli: Callable[..., CliRun], board_file: Callable[..., Path]) -> None:
    data = small_board()
    data["connections"].append(road("r9", "b", "nowhere"))
    path = board_file(data)
    run = cli("validate", path)
    assert run.code == 1
    (m,) = parse_lines(run.out)
    assert m["code"] == "DANGLING_REFERENCE"
    assert "road 'r9'" in m["msg"] and "'nowhere'" in m["msg"]
    assert m["msg"].endswith("[/connections/1/b]")
    assert path.read_text(encoding="utf-8").splitlines()[int(m["line"]) - 1].strip() == \
        '"b": "nowhere"'


def test_json_output(cli: Callable[..., CliRun], board_file: Callable[..., Path]) -> None:
    data = small_board()
    data["connections"].append(road("r9", "b", "nowhere"))
    bad = board_file(data, "bad.board.json")
    good = board_file(small_board(), "good.board.json")
    run = cli("validate", "--format", "json", bad, good)
    assert run.code == 1
    report = json.loads(run.out)
    assert [entry["path"] for entry in report] == [str(bad), str(good)]
    (finding,) = report[0]["findings"]
    assert finding["code"] == "DANGLING_REFERENCE"
    assert finding["severity"] == "error"
    assert finding["pointer"] == "/connections/1/b"
    assert isinstance(finding["line"], int) and isinstance(finding["column"], int)
    assert finding["path"] == str(bad)
    assert {"message", "hint", "element"} <= finding.keys()
    assert report[1]["findings"] == []


def test_json_output_clean_exit_0(cli: Callable[..., CliRun],
                                  board_file: Callable[..., Path]) -> None:
    run = cli("validate", "--format", "json", board_file(small_board()))
    assert run.code == 0
    assert json.loads(run.out)[0]["findings"] == []


def test_many_files_one_bad_exit_1(cli: Callable[..., CliRun],
                                   board_file: Callable[..., Path]) -> None:
    paths = [board_file(small_board(), f"b{i}.board.json") for i in range(3)]
    paths[1].write_text("{", encoding="utf-8")
    run = cli("validate", *paths)
    assert run.code == 1
    assert [m["path"] for m in parse_lines(run.out)] == [str(paths[1])]
    assert "3 file(s) checked: 1 error(s)" in run.err


def test_odd_file_names_and_narrow_consoles(tmp_path: Path, cli: Callable[..., CliRun],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """A file name with undecodable bytes and an ASCII-only console print without crashing."""
    name = tmp_path / "b\udcff\u00e9.board.json"  # how Python spells the byte 0xff in a name
    try:
        name.write_text('{"format": "conquest-board/1", "name": 5}', encoding="utf-8")
    except (UnicodeEncodeError, OSError):
        pytest.skip("file system does not take such names")
    out = io.TextIOWrapper(io.BytesIO(), encoding="ascii")
    err = io.TextIOWrapper(io.BytesIO(), encoding="ascii")
    monkeypatch.setattr("sys.stdout", out)
    monkeypatch.setattr("sys.stderr", err)
    from editor.cli.main import main

    assert main(["validate", str(name)]) == 1
    out.flush()
    printed = out.buffer.getvalue().decode("ascii")
    assert "SCHEMA" in printed and "\\udcff" in printed


def test_bad_output_paths_exit_2(tmp_path: Path, cli: Callable[..., CliRun]) -> None:
    a_file = tmp_path / "afile"
    a_file.write_text("x", encoding="utf-8")
    for argv in (["schema", "--out", a_file], ["docs", "--out", tmp_path],
                 ["docs", "--out", a_file / "findings.md"]):
        run = cli(*argv)
        assert run.code == 2, argv
        assert run.err.startswith(f"conquest {argv[0]}: ") and "Traceback" not in run.err
    assert a_file.read_text(encoding="utf-8") == "x"


def test_broken_pipe_is_quiet(monkeypatch: pytest.MonkeyPatch, cli: Callable[..., CliRun],
                              board_file: Callable[..., Path]) -> None:
    """`conquest validate ... | head`: a closed pipe ends the command quietly with 0."""
    import editor.cli.validate as validate_cmd

    def closed(*args: object, **kwargs: object) -> None:
        raise BrokenPipeError(32, "Broken pipe")

    monkeypatch.setattr(validate_cmd, "print", closed, raising=False)
    run = cli("validate", board_file(small_board()))
    assert run.code == 0 and run.err == ""
