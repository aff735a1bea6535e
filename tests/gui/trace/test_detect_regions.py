"""Detect from scan on a Grand Conquest scan with wilderness regions (WILD-1, BF-10): the
regions and the path between them come with the draft as one undo step, proposed until
accepted, with the run's findings for what the scan does not decide."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from editor.detect.synthetic import HAND, draw_board
from editor.model.board import (
    Board,
    Connection,
    ConnectionKind,
    Field,
    Region,
    ScanImage,
    Terrain,
)
from editor.model.edit_draft import unconfirmed_keys
from editor.model.types import Point


def _hexagon(cx: float, cy: float, size: float) -> list[Point]:
    return [Point(x=round(cx + size * np.cos(a), 1), y=round(cy + size * np.sin(a), 1))
            for a in np.linspace(0, 2 * np.pi, 7)[:-1] + 0.2]


def _truth() -> Board:
    """Two rows of land fields round two regions joined by a dotted path, sea fields below."""
    fields, conns = [], []
    for row, (y, terrain) in enumerate(((70, Terrain.LAND), (530, Terrain.LAND),
                                        (660, Terrain.SEA))):
        for col in range(8):
            n = row * 8 + col + 1
            fields.append(Field(id=f"t{n}", terrain=terrain, x=80 + col * 110, y=y, number=n))
            if col:
                kind = ConnectionKind.ROAD if terrain == Terrain.LAND else ConnectionKind.SEA_LANE
                conns.append(Connection(id=f"c{len(conns) + 1}", kind=kind, a=f"t{n - 1}",
                                        b=f"t{n}"))
    for a, b in (("t1", "t9"), ("t8", "t16")):
        conns.append(Connection(id=f"c{len(conns) + 1}", kind=ConnectionKind.ROAD, a=a, b=b))
    conns.append(Connection(id="w1", kind=ConnectionKind.WILDERNESS_PATH, a="R1", b="R2"))
    return Board(name="wild", image=ScanImage(path="scan.png", width=920, height=720),
                 fields=fields, connections=conns,
                 regions=[Region(id="R1", colour="#7fae5e", polygon=_hexagon(250, 300, 115)),
                          Region(id="R2", colour="#c8b46a", polygon=_hexagon(640, 300, 115))])


@pytest.fixture
def scan_window(make_window, tmp_path):
    path = tmp_path / "scan.png"
    cv2.imwrite(str(path), draw_board(_truth(), HAND, radius=20, island=2.2))
    w = make_window()
    assert w.files.new_from_scan(str(path))
    return w


def test_accepting_a_draft_with_regions_puts_them_in_the_document(scan_window, qtbot) -> None:
    w = scan_window
    board = w.doc.board
    depth = w.doc.stack.count()
    draft = w.trace.draft
    with qtbot.waitSignal(draft.finished, timeout=60_000) as blocker:
        draft.detect_action.trigger()
    assert blocker.args == ["done"]
    assert w.doc.stack.count() == depth + 1          # fields, roads, regions: one undo step
    assert len(board.regions) == 2 and all(r.unconfirmed for r in board.regions)
    paths = [c for c in board.connections if c.kind == ConnectionKind.WILDERNESS_PATH]
    assert len(paths) == 1 and {paths[0].a, paths[0].b} == {r.id for r in board.regions}
    assert {("region", r.id) for r in board.regions} <= set(unconfirmed_keys(board))
    items = w.trace.scene.items_by_key
    assert all(items[("region", r.id)].unconfirmed for r in board.regions)  # dashed violet
    links = [f for f in w.trace.findings() if f.code == "SCAN_REGION_LINKS"]
    assert sorted(f.element for f in links) == sorted(r.id for r in board.regions)

    w.doc.stack.undo()
    assert board.regions == [] and board.fields == []
    assert not [f for f in w.trace.findings() if f.code == "SCAN_REGION_LINKS"]
    w.doc.stack.redo()
    assert len(board.regions) == 2

    draft.accept_all()
    assert unconfirmed_keys(board) == []
    assert not any(r.unconfirmed for r in board.regions)
    assert not any(items[("region", r.id)].unconfirmed for r in board.regions)
    forest = next(r for r in board.regions
                  if cv2.pointPolygonTest(np.array([[p.x, p.y] for p in r.polygon], np.float32),
                                          (250.0, 300.0), False) > 0)
    assert forest.polygon and len(forest.polygon) >= 5
    qtbot.waitUntil(lambda: not any(f.code == "UNCONFIRMED" for f in w.validation.findings))
