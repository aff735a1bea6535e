"""The bench's score: one-way marks (BF-6) are right on a right connection pointing the true
way."""

from __future__ import annotations

from editor.detect.score import score
from editor.model.board import Board, Connection, ConnectionKind, Field, OneWay, Terrain


def _board(to: str | None, ids: tuple[str, str, str] = ("a", "b", "c")) -> Board:
    fields = [Field(id=i, terrain=Terrain.LAND, x=100.0 * k, y=0.0, number=k + 1)
              for k, i in enumerate(ids)]
    one_way = OneWay(to=to) if to else None
    return Board(name="b", fields=fields, connections=[
        Connection(id="c1", kind=ConnectionKind.ROAD, a=ids[0], b=ids[1], one_way=one_way),
        Connection(id="c2", kind=ConnectionKind.ROAD, a=ids[1], b=ids[2])])


def test_one_way_marks_are_scored_by_connection_and_direction() -> None:
    truth = _board("b")
    assert score(truth, _board("y", ("x", "y", "z"))).one_way == (1, 1, 1)
    wrong_way = score(truth, _board("x", ("x", "y", "z")))
    assert wrong_way.one_way == (1, 1, 0) and wrong_way.one_way_precision == 0.0
    missed = score(truth, _board(None, ("x", "y", "z")))
    assert missed.one_way == (1, 0, 0) and missed.one_way_recall == 0.0
    assert score(_board(None), _board(None)).one_way_recall == 1.0
