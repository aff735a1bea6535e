"""Wilderness regions and paths found on a scan (WILD-1, BF-10): a tinted area inside a border,
holding no field, is proposed as a region; a dotted or dashed line between two regions as a
wilderness path; nothing on a board without them."""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np
import pytest

from editor.detect.draft import detect_board
from editor.detect.regions import bordered
from editor.detect.score import match_regions, score
from editor.detect.synthetic import HAND, PRINT, draw_board
from editor.detect.wild_art import WildStyle
from editor.model.board import (
    Board,
    Connection,
    ConnectionKind,
    Field,
    Region,
    ScanImage,
    Terrain,
)
from editor.model.types import Point

R = 20.0


def _hexagon(cx: float, cy: float, size: float) -> list[Point]:
    return [Point(x=round(cx + size * np.cos(a), 1), y=round(cy + size * np.sin(a), 1))
            for a in np.linspace(0, 2 * np.pi, 7)[:-1] + 0.2]


def wild_board(path: bool = True, regions: bool = True) -> Board:
    """Two rows of land fields joined by roads round two regions, a road between them, sea
    fields below."""
    fields, conns = [], []
    n = 0
    for y, terrain in ((70, Terrain.LAND), (530, Terrain.LAND), (660, Terrain.SEA)):
        for col in range(8):
            n += 1
            fields.append(Field(id=f"f{n}", terrain=terrain, x=80 + col * 110, y=y, number=n))
            if col:
                kind = ConnectionKind.ROAD if terrain == Terrain.LAND else ConnectionKind.SEA_LANE
                conns.append(Connection(id=f"c{len(conns) + 1}", kind=kind, a=f"f{n - 1}",
                                        b=f"f{n}"))
    for k, y in enumerate((180, 420)):  # a road between the regions, over the path's way
        fields.append(Field(id=f"m{k + 1}", terrain=Terrain.LAND, x=445, y=y, number=31 + k))
    for a, b in (("f1", "f9"), ("f8", "f16"), ("f4", "m1"), ("m1", "m2"), ("m2", "f12")):
        conns.append(Connection(id=f"c{len(conns) + 1}", kind=ConnectionKind.ROAD, a=a, b=b))
    wild = [Region(id="R1", colour="#7fae5e", polygon=_hexagon(250, 300, 115)),
            Region(id="R2", colour="#c8b46a", polygon=_hexagon(640, 300, 115))]
    if path:
        conns.append(Connection(id="w1", kind=ConnectionKind.WILDERNESS_PATH, a="R1", b="R2",
                                crossing="bridge"))
    return Board(name="wild", image=ScanImage(path="scan.png", width=920, height=720),
                 fields=fields, connections=conns, regions=wild if regions else [])


def _scan(board: Board, style=HAND) -> np.ndarray:
    return draw_board(board, style, radius=R, island=2.2)


@pytest.fixture(scope="module")
def drafted() -> tuple[Board, object]:
    truth = wild_board()
    return truth, detect_board(_scan(truth))


def test_regions_and_their_path_are_proposed_unconfirmed(drafted) -> None:
    truth, result = drafted
    draft = result.board
    s = score(truth, draft)
    assert s.regions == (2, 2, 2)        # both found, each overlapping its true outline
    assert s.paths == (1, 1, 1)
    assert all(r.unconfirmed for r in draft.regions)
    paths = [c for c in draft.connections if c.kind == ConnectionKind.WILDERNESS_PATH]
    assert {paths[0].a, paths[0].b} == {r.id for r in draft.regions}
    assert paths[0].unconfirmed and paths[0].crossing is None
    # the fields and roads are found as before, the path counts with neither
    assert s.field_recall == s.field_precision == 1.0
    assert s.connection_precision == 1.0


def test_what_the_scan_does_not_decide_is_a_finding(drafted) -> None:
    _, result = drafted
    codes = [f.code for f in result.findings]
    assert codes.count("SCAN_REGION_LINKS") == 2
    assert codes.count("SCAN_PATH_CROSSING") == 1
    regions = {f.element for f in result.findings if f.code == "SCAN_REGION_LINKS"}
    assert regions == {r.id for r in result.board.regions}


def test_region_outline_and_colour_follow_the_print(drafted) -> None:
    truth, result = drafted
    match = match_regions(truth, result.board)
    assert sorted(match.values()) == ["R1", "R2"]
    by_id = {r.id: r for r in result.board.regions}
    green = by_id[next(d for d, t in match.items() if t == "R1")].colour
    r, g, b = (int(green[k:k + 2], 16) for k in (1, 3, 5))
    assert g > r and g > b                 # the forest is printed green


def test_regions_without_a_path_get_none() -> None:
    truth = wild_board(path=False)
    draft = detect_board(_scan(truth)).board
    assert len(draft.regions) == 2
    assert not [c for c in draft.connections if c.kind == ConnectionKind.WILDERNESS_PATH]


def test_dashed_paths_are_found_too() -> None:
    truth = wild_board()
    style = replace(HAND, wild=WildStyle(tint=0.7, path=(60, 40, 20), pattern="dashed"))
    assert score(truth, detect_board(_scan(truth, style)).board).paths == (1, 1, 1)


@pytest.mark.parametrize("style", [HAND, PRINT], ids=lambda s: s.name)
def test_nothing_is_proposed_on_a_board_without_regions(style) -> None:
    draft = detect_board(_scan(wild_board(path=False, regions=False), style)).board
    assert draft.regions == []
    assert not [c for c in draft.connections if c.kind == ConnectionKind.WILDERNESS_PATH]


def test_a_border_is_a_darker_line_round_the_outline() -> None:
    img = np.full((200, 200), 200, np.uint8)
    circle = np.array([[100 + 60 * np.cos(a), 100 + 60 * np.sin(a)]
                       for a in np.linspace(0, 2 * np.pi, 180, endpoint=False)])
    assert bordered(img, circle, R) == 0.0
    cv2.circle(img, (100, 100), 60, 90, 3)
    assert bordered(img, circle, R) > 0.9
