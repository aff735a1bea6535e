"""Issue 12 (hardening) through the `conquest` command: hostile files give located findings
and exit 1 (never a traceback, never exit 2 for a problem inside a file), the other files of a
run are still checked, and `--format json` always prints."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from editor.cli.main import main

VARIANT = "conquest-variant/1"


def run(capsys: pytest.CaptureFixture[str], *argv: object) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


def deep_options(path: Path, depth: int = 5000) -> Path:
    path.write_text('{"format": "conquest-variant/1", "name": "d", "extends": "conquest-4p", '
                    '"options": ' + "[" * depth + "]" * depth + "}")
    return path


def chain(folder: Path, n: int = 600) -> Path:
    for i in range(n):
        parent = f"c{i + 1}.variant.json" if i < n - 1 else "conquest-4p"
        (folder / f"c{i}.variant.json").write_text(json.dumps(
            {"format": VARIANT, "name": f"c{i}", "extends": parent}))
    return folder / "c0.variant.json"


@pytest.mark.parametrize("make", [deep_options, lambda p: chain(p.parent)],
                         ids=["options-5000-deep", "extends-600-files"])
def test_deep_variant_through_validate_json(tmp_path: Path, make, capsys) -> None:
    path = make(tmp_path / "d.variant.json")
    code, out, _ = run(capsys, "validate", "--format", "json", path)
    assert code == 1
    (entry,) = json.loads(out)
    assert entry["findings"] and all(f["line"] for f in entry["findings"])
    assert {f["code"] for f in entry["findings"]} <= {"SCHEMA", "VARIANT_CHAIN_TOO_LONG"}


@pytest.mark.parametrize("command", [
    ["variant"], ["selfplay", "--games", "1", "--seed", "1", "--variant"]])
def test_deep_variant_through_variant_and_selfplay(tmp_path: Path, command: list[str],
                                                   capsys) -> None:
    for path in (deep_options(tmp_path / "d.variant.json"), chain(tmp_path)):
        code, _, err = run(capsys, *command, path)
        assert code == 1, err
        assert "error SCHEMA" in err or "error VARIANT_CHAIN_TOO_LONG" in err


@pytest.mark.parametrize("key", ["extends", "board"])
def test_300_character_reference_does_not_stop_the_run(tmp_path: Path, key: str,
                                                       repo_root: Path, capsys) -> None:
    data = {"format": VARIANT, "name": "l", "extends": "conquest-4p", key: "x" * 300}
    bad = tmp_path / "long.variant.json"
    bad.write_text(json.dumps(data))
    board = repo_root / "boards" / "conquest-2p.board.json"
    code, out, err = run(capsys, "validate", "--format", "json", bad, board)
    assert code in (0, 1), err
    assert [e["path"] for e in json.loads(out)] == [str(bad), str(board)]
    if key == "extends":
        assert code == 1 and "VARIANT_NOT_FOUND" in out


def test_300_character_scenario_references_are_findings(tmp_path: Path, capsys) -> None:
    scenario = tmp_path / "long.scenario.json"
    scenario.write_text(json.dumps({"format": "conquest-scenario/1", "name": "l",
                                    "board": "b" * 300, "variant": "v" * 300,
                                    "position": "start"}))
    other = tmp_path / "ok.variant.json"
    other.write_text(json.dumps({"format": VARIANT, "name": "o", "extends": "conquest-4p"}))
    code, out, err = run(capsys, "validate", scenario, other)
    assert code == 1
    assert f"{scenario}:1:" in out and "2 file(s) checked" in err


def test_selfplay_with_a_300_character_board_name_is_a_usage_error(tmp_path: Path,
                                                                   capsys) -> None:
    path = tmp_path / "v.variant.json"
    path.write_text(json.dumps({"format": VARIANT, "name": "v", "extends": "conquest-2p",
                                "board": "x" * 300}))
    code, _, err = run(capsys, "selfplay", "--variant", path, "--games", "1", "--seed", "1")
    assert code == 2 and "not found" in err


# ---- 3. findings of variant checks carry line:column ----------------------------------------

def test_variant_incomplete_and_duplicate_are_located(tmp_path: Path, capsys) -> None:
    path = tmp_path / "x.variant.json"
    path.write_text('{\n  "format": "conquest-variant/1",\n  "name": "x",\n'
                    '  "seats": [{"id": "south"}, {"id": "south"}],\n  "pieces": {},\n'
                    '  "victory": []\n}\n')
    code, out, _ = run(capsys, "validate", "--format", "json", path)
    assert code == 1
    found = {(f["code"], f["pointer"]): (f["line"], f["column"])
             for f in json.loads(out)[0]["findings"]}
    assert found[("VARIANT_DUPLICATE", "/seats/1/id")] == (4, 31)
    assert found[("VARIANT_INCOMPLETE", "/pieces")] == (5, 3)
    assert found[("VARIANT_INCOMPLETE", "/victory")] == (6, 3)
    assert found[("VARIANT_INCOMPLETE", "/setup")] == (1, 1)  # missing key: the object


def test_300_character_path_argument_still_checks_the_others(repo_root: Path, capsys) -> None:
    board = repo_root / "boards" / "conquest-2p.board.json"
    code, out, err = run(capsys, "validate", "--format", "json", "y" * 300, board)
    assert code == 2 and "cannot read 'yyy" in err
    assert [e["path"] for e in json.loads(out)] == [str(board)]
