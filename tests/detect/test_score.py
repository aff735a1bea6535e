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


def _wild(ids: tuple[str, str, str], shift: float = 0.0, path: tuple[int, int] | None = (0, 1),
          ) -> Board:
    """Three square regions (WILD-1) and a wilderness path between two of them."""
    from editor.model.board import Region
    from editor.model.types import Point

    board = _board(None)
    board.regions = [Region(id=i, polygon=[
        Point(x=x + shift, y=200), Point(x=x + 100 + shift, y=200),
        Point(x=x + 100 + shift, y=300), Point(x=x + shift, y=300)])
        for i, x in zip(ids, (0, 300, 600), strict=True)]
    if path:
        board.connections.append(Connection(id="w1", kind=ConnectionKind.WILDERNESS_PATH,
                                            a=ids[path[0]], b=ids[path[1]]))
    return board


def test_regions_match_by_overlap_and_paths_by_their_regions() -> None:
    truth = _wild(("R1", "R2", "R3"))
    s = score(truth, _wild(("x", "y", "z"), shift=20))       # IoU 80/120 = 0.67
    assert s.regions == (3, 3, 3) and s.paths == (1, 1, 1)
    assert s.connection_precision == 1.0                     # the path is no field connection
    far = score(truth, _wild(("x", "y", "z"), shift=60))     # IoU 40/160 = 0.25
    assert far.regions == (3, 3, 0) and far.region_recall == 0.0 and far.paths == (1, 1, 0)
    wrong = score(truth, _wild(("x", "y", "z"), path=(1, 2)))
    assert wrong.paths == (1, 1, 0) and wrong.path_precision == 0.0
    none = score(truth, _wild(("x", "y", "z"), path=None))
    assert none.paths == (1, 0, 0) and none.path_recall == 0.0 and none.path_precision == 1.0


def test_bench_lists_regions_and_paths_only_where_there_are_some() -> None:
    from editor.detect.bench import _wild_line

    truth = _wild(("R1", "R2", "R3"))
    line = _wild_line(score(truth, _wild(("x", "y", "z"), path=None)))
    assert "regions (3) R 100.0% P 100.0%" in line
    assert "wilderness paths (1) R   0.0%" in line
    assert _wild_line(score(_board(None), _board(None))) == ""
