"""The reference boards carry no id that looks like a number it does not have (ARCHITECTURE.md
11): a field id ending in digits ends in its printed number; the ids it had before are kept in
`former_ids`, unique and never the id of another field, so files written before still read."""

from __future__ import annotations

import re

import pytest

from editor.model import load_board
from editor.resources import shipped_file

BOARDS = ["conquest-2p", "conquest-4p", "grand-conquest-2p", "grand-conquest-4p"]


@pytest.mark.parametrize("name", BOARDS)
def test_ids_do_not_look_like_another_number(name):
    board = load_board(shipped_file("boards", name)).model
    for f in board.fields:
        m = re.search(r"(\d+)$", f.id)
        assert m is None or f.number is None or int(m.group(1)) == f.number, f.id
    ids = {f.id for f in board.fields}
    former = [old for f in board.fields for old in f.former_ids]
    assert len(former) == len(set(former)) and not ids & set(former)


def test_former_ids_keep_resolving_in_the_engine_and_in_scenarios(tmp_path):
    """`s.L3` of conquest-4p (printed 11) names field s.11 in notation and scenario files."""
    import json

    from editor.rules import scenario_run

    path = tmp_path / "old.scenario.json"
    path.write_text(json.dumps({
        "format": "conquest-scenario/1", "name": "written before the rename",
        "board": "conquest-4p", "variant": "conquest-4p",
        "position": {"to_move": "south", "pieces": [
            {"owner": "south", "piece": "knight", "field": "s.L3"},
            {"owner": "north", "piece": "soldier", "field": "n.L3"}]},
        "steps": [{"action": "N s.L3>s.L4", "after": {"pieces": {"s.L4": "south:N"}}}]}),
        encoding="utf-8")
    assert scenario_run.run(str(path)) == []
    ld = scenario_run.load(str(path))
    assert ld.game.compiled.node_index["s.L3"] == ld.game.compiled.node_index["s.11"]
