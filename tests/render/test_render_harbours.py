"""The renderer draws anchors where harbour links make harbours (BF-2, BF-3), never for a
stale harbour flag left in a hand-edited file."""

from __future__ import annotations

import pytest
from support.boardkit import rich_board

from editor.model.board import Board
from editor.render import painter


def anchors_drawn(board: Board, monkeypatch: pytest.MonkeyPatch) -> int:
    drawn: list[tuple[float, float]] = []
    monkeypatch.setattr(painter._Painter, "anchor", lambda self, x, y: drawn.append((x, y)))
    painter.render_board_image(board, px_per_cm=2.0)
    return len(drawn)


def test_anchor_for_a_harbour_link(monkeypatch: pytest.MonkeyPatch) -> None:
    assert anchors_drawn(Board.model_validate(rich_board()), monkeypatch) == 1


def test_no_anchor_for_a_stale_harbour_flag(monkeypatch: pytest.MonkeyPatch) -> None:
    data = rich_board()
    for c in data["connections"]:
        if c["id"] == "h1":
            c["kind"] = "road"
    for f in data["fields"]:
        if f["terrain"] == "sea":
            f["harbour"] = True  # as a file saved by the old editor could say
    assert anchors_drawn(Board.model_validate(data), monkeypatch) == 0
