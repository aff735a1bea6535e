"""The per-element `unconfirmed` flag: omitted when false (files unchanged), warned about."""

from __future__ import annotations

import json

import pytest

from editor.check.board_checks import check_board
from editor.model import dump_board, load_board
from editor.resources import shipped_file


@pytest.mark.parametrize("name", ["conquest-2p", "grand-conquest-4p"])
def test_reference_boards_stay_byte_identical(name: str) -> None:
    path = shipped_file("boards", name)
    board = load_board(path).model
    assert board is not None
    assert dump_board(board) == path.read_text(encoding="utf-8")
    assert "unconfirmed" not in path.read_text(encoding="utf-8")


def test_unconfirmed_elements_are_written_and_warned(synthetic_board) -> None:
    fields = [f.model_copy(update={"unconfirmed": True}) if i < 2 else f
              for i, f in enumerate(synthetic_board.fields)]
    conns = [c.model_copy(update={"unconfirmed": True}) if i == 0 else c
             for i, c in enumerate(synthetic_board.connections)]
    board = synthetic_board.model_copy(update={"fields": fields, "connections": conns})
    data = json.loads(dump_board(board))
    assert [f.get("unconfirmed") for f in data["fields"][:3]] == [True, True, None]
    warned = [f for f in check_board(board) if f.code == "UNCONFIRMED"]
    assert [f.element for f in warned] == [fields[0].id, fields[1].id, conns[0].id]
    assert all(not f.is_error for f in warned)
    assert warned[0].pointer == "/fields/0/unconfirmed"
    assert warned[2].pointer == "/connections/0/unconfirmed"
    assert "road" in warned[2].message or "lane" in warned[2].message
