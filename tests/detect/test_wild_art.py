"""Wilderness regions drawn on the bench's scans (WILD-1): tinted inside a border, the path
drawn only where it runs outside both regions, nothing changed on boards without regions."""

from __future__ import annotations

from editor.detect.styles import LEDGER, draw_styled
from editor.detect.synthetic import HAND, draw_board
from editor.detect.wild_art import path_segments
from editor.model.board import Board, Connection, ConnectionKind, Field, Region, ScanImage, Terrain
from editor.model.types import Point


def _board(regions: bool = True) -> Board:
    def square(x: float) -> list[Point]:
        return [Point(x=x, y=100), Point(x=x + 100, y=100), Point(x=x + 100, y=200),
                Point(x=x, y=200)]
    fields = [Field(id=f"f{k}", terrain=Terrain.LAND, x=60 + 110 * k, y=40, number=k + 1)
              for k in range(4)]
    conns = [Connection(id=f"c{k}", kind=ConnectionKind.ROAD, a=f"f{k - 1}", b=f"f{k}")
             for k in range(1, 4)]
    wild = [Region(id="A", colour="#3f9f3f", polygon=square(40)),
            Region(id="B", colour="#3f9f3f", polygon=square(260))]
    if regions:
        conns.append(Connection(id="w", kind=ConnectionKind.WILDERNESS_PATH, a="A", b="B"))
    return Board(name="b", image=ScanImage(path="s.png", width=420, height=260), fields=fields,
                 connections=conns, regions=wild if regions else [])


def test_the_path_is_drawn_between_the_regions_only() -> None:
    (a, b), = path_segments(_board())
    assert 130 <= a[0] <= 145 and 255 <= b[0] <= 270 and a[1] == b[1] == 150


def test_regions_are_tinted_with_their_colour_in_both_painters() -> None:
    hand = draw_board(_board(), HAND, radius=16)
    b, g, r = hand[150, 90].astype(int)
    assert g > r + 20 and g > b + 20                        # green inside region A
    ledger, _ = draw_styled(_board(), LEDGER, seed=3, field_spacing=110)
    b, g, r = ledger[150, 90].astype(int)
    assert g > r and g > b


def test_a_board_without_regions_is_drawn_as_before() -> None:
    """The regions' painter draws with its own random generator: the other random choices of
    a style (bends, noise) stay where they were."""
    plain, with_regions = draw_board(_board(False), HAND), draw_board(_board(), HAND)
    assert (plain[:30] == with_regions[:30]).all()          # the road row is untouched
