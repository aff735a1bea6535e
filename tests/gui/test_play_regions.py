"""Play mode plays the wilderness (WILD-1, WILD-2): a knight's region target is marked on the
region, a click on the region plays the move, and the knight is drawn in the region."""

from __future__ import annotations

import json

from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QApplication

from editor.model import load_board
from editor.model.geometry import point_in_polygon
from editor.resources import data_dir

BOARD = data_dir("boards") / "grand-conquest-2p.board.json"


def _scenario(tmp_path):
    board = load_board(BOARD).model
    region = next(r for r in board.regions if r.stairs)
    stair = region.stairs[0]
    far = next(f.id for f in board.fields if f.terrain.value == "land" and f.id != stair
               and f.id not in {s for r in board.regions for s in r.stairs})
    path = tmp_path / "wild.scenario.json"
    path.write_text(json.dumps({
        "format": "conquest-scenario/1", "name": "into the wilderness", "board": str(BOARD),
        "variant": "grand-conquest-2p",
        "position": {"to_move": "south", "pieces": [
            {"owner": "south", "piece": "knight", "field": stair},
            {"owner": "north", "piece": "soldier", "field": far}]}}), encoding="utf-8")
    return path, region, stair


def test_a_knight_rides_into_a_region_by_a_click_on_it(qtbot, make_window, tmp_path) -> None:
    path, region, stair = _scenario(tmp_path)
    w = make_window()
    assert w.switch_mode("play")
    mode = w.mode
    assert mode.open_scenario(str(path))
    scene, view = mode.scene, mode.view

    def click(node: str) -> None:
        pos = scene.field_pos(node)
        assert pos is not None, node
        qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton,
                         pos=view.mapFromScene(QPointF(pos)))
        QApplication.processEvents()

    click(stair)
    assert region.id in scene.markers                         # the region is a marked target
    polygon = [(p.x, p.y) for p in region.polygon]
    marker = scene.markers[region.id].pos()
    assert point_in_polygon((marker.x(), marker.y()), polygon)
    click(region.id)
    assert mode.session.stack_at(region.id) is not None       # the move was played
    assert region.id in scene.pieces                          # and the knight is drawn there
