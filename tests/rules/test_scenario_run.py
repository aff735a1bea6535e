"""Scenario files checked against their board and variant: a missing setup, option typos and
impossible positions are located findings, and notation hints fit the case."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from support.files import BOARDS, shipped_board, write_json

from editor.cli.main import main
from editor.rules import scenario_run


def test_scenario_with_missing_setup_is_a_finding(tmp_path):
    """moves/check: a board without the setup is a located finding, never a CompileError;
    a bad 'setup' points at /setup and lists the available setups."""
    scn = write_json(tmp_path / "a.scenario.json", {
        "format": "conquest-scenario/1", "name": "x",
        "board": str(BOARDS / "grand-conquest-4p.board.json"), "variant": "conquest-4p",
        "position": "start"})
    fs = scenario_run.run(scn)
    assert [f.code for f in fs] == ["SCENARIO_POSITION"]
    assert "grand-conquest" in fs[0].message
    scn2 = write_json(tmp_path / "b.scenario.json", {
        "format": "conquest-scenario/1", "name": "x",
        "board": str(BOARDS / "conquest-4p.board.json"), "variant": "conquest-4p",
        "setup": "nosuch", "position": "start"})
    fs = scenario_run.run(scn2)
    assert [f.code for f in fs] == ["SCENARIO_POSITION"]
    assert fs[0].pointer == "/setup" and fs[0].line is not None
    assert "'conquest'" in fs[0].message and "'conquest-plus'" in fs[0].message
    assert main(["moves", str(scn)]) == 1
    assert main(["check", str(scn2)]) == 1


def test_scenario_option_typo_is_located_in_the_scenario(tmp_path):
    text = json.dumps({
        "format": "conquest-scenario/1", "name": "x",
        "board": str(BOARDS / "conquest-4p.board.json"),
        "variant": {"name": "conquest-4p",
                    "options": {"one_way_pasage_types": ["elephant"]}},
        "position": "start"}, indent=1)
    scn = tmp_path / "t.scenario.json"
    scn.write_text(text, encoding="utf-8")
    fs = scenario_run.run(scn)
    assert len(fs) == 1
    f = fs[0]
    assert f.path == str(scn) and f.pointer == "/variant/options/one_way_pasage_types"
    line = next(i for i, x in enumerate(text.splitlines(), 1) if "pasage" in x)
    assert f.line == line and "variants/" not in f.message


def _position_scenario(tmp: Path, pieces: list[dict]) -> Path:
    return write_json(tmp / "p.scenario.json", {
        "format": "conquest-scenario/1", "name": "x",
        "board": str(BOARDS / "conquest-4p.board.json"), "variant": "conquest-4p",
        "position": {"to_move": "south", "pieces": [
            {"owner": "south", "piece": "soldier", "field": "s.F1"}, *pieces]}})


def _fields(terrain: str) -> list[str]:
    return [f["id"] for f in shipped_board("conquest-4p")["fields"] if f["terrain"] == terrain]


@pytest.mark.parametrize("piece,terrain,word", [
    ("ship", "land", "land field"), ("elephant", "sea", "sea field")])
def test_position_terrain(tmp_path, piece, terrain, word):
    field = next(f for f in _fields(terrain) if f != "s.F1")
    fs = scenario_run.run(_position_scenario(
        tmp_path, [{"owner": "north", "piece": piece, "field": field}]))
    assert [f.code for f in fs] == ["SCENARIO_POSITION"]
    assert fs[0].pointer == "/position/pieces/1" and word in fs[0].message


def test_position_cargo_on_sea_and_capacity(tmp_path):
    sea = _fields("sea")[0]
    ok = scenario_run.load(_position_scenario(tmp_path, [
        {"owner": "north", "piece": "ship", "field": sea,
         "cargo": [{"piece": "elephant"}]}]))
    assert ok.state is not None, ok.findings
    fs = scenario_run.run(_position_scenario(tmp_path, [
        {"owner": "north", "piece": "ship", "field": sea,
         "cargo": [{"piece": "elephant"}, {"piece": "elephant"}, {"piece": "elephant"}]}]))
    assert [f.code for f in fs] == ["SCENARIO_POSITION"]
    assert fs[0].pointer == "/position/pieces/1" and "carry" in fs[0].message


def test_position_region_only_for_wilderness_types(tmp_path):
    board = shipped_board("grand-conquest-4p")
    region = board["regions"][0]["id"]
    scn = write_json(tmp_path / "r.scenario.json", {
        "format": "conquest-scenario/1", "name": "x",
        "board": str(BOARDS / "grand-conquest-4p.board.json"), "variant": "grand-conquest-4p",
        "position": {"to_move": "south", "pieces": [
            {"owner": "south", "piece": "elephant", "field": region}]}})
    fs = scenario_run.run(scn)
    assert [f.code for f in fs] == ["SCENARIO_POSITION"]
    assert fs[0].pointer == "/position/pieces/0" and "WILD-2" in fs[0].message


def test_scenario_notation_hint_fits_a_missing_piece(tmp_path):
    scn = write_json(tmp_path / "n.scenario.json", {
        "format": "conquest-scenario/1", "name": "x",
        "board": str(BOARDS / "conquest-2p.board.json"), "variant": "conquest-2p",
        "position": "start", "steps": [{"action": "E s.F1>s.F3"}]})
    (f,) = scenario_run.run(scn)
    assert f.code == "SCENARIO_NOTATION"
    assert "Write the action in the notation" not in f.hint and "no piece" in f.hint


def test_scenario_findings_name_fields_by_printed_number(tmp_path):
    """BOARD-5: a scenario written with a former id (`s.L3`, printed 11) or a number gets findings
    that call the field 11 and sea field 617, never by an id."""
    base = {"format": "conquest-scenario/1", "name": "x", "board": "conquest-4p",
            "variant": "conquest-4p"}
    wet = write_json(tmp_path / "wet.scenario.json", base | {"position": {
        "to_move": "south", "pieces": [{"owner": "south", "piece": "soldier", "field": "617"},
                                       {"owner": "north", "piece": "soldier", "field": "n.336"}]}})
    [f] = scenario_run.run(wet)
    assert f.code == "SCENARIO_POSITION" and "sea field '617'" in f.message
    assert "s.617" not in f.message
    after = write_json(tmp_path / "after.scenario.json", base | {
        "position": {"to_move": "south", "pieces": [
            {"owner": "south", "piece": "soldier", "field": "s.L3"},
            {"owner": "north", "piece": "soldier", "field": "n.336"}]},
        "expect_initial": {"pieces": {"s.L3": "north:S"}}})
    [f] = scenario_run.run(after)
    assert f.code == "SCENARIO_EXPECTATION" and "pieces[11]: expected north:S" in f.message
    assert "s.11" not in f.message and "s.L3" not in f.message
