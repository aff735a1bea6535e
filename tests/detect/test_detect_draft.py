"""detect_board on small synthetic scans drawn in two styles unlike our renderer."""

from __future__ import annotations

import pytest

from editor.check.board_checks import check_board
from editor.detect import DetectCancelled, detect_board
from editor.detect.draft import classify_terrain
from editor.detect.score import score
from editor.detect.styles import ATLAS, LEDGER
from editor.detect.synthetic import HAND, PRINT, draw_board, photograph
from editor.model.board import Board, ConnectionKind, Terrain


def draw(board: Board, style):
    """The test boards are dense (80 px spacing): smaller discs and islands than the bench."""
    return draw_board(board, style, radius=21 if style is HAND else 18, island=1.5)


@pytest.mark.parametrize("style", [HAND, PRINT], ids=lambda s: s.name)
def test_draft_finds_fields_numbers_and_connections(synthetic_board, style) -> None:
    scan = draw(synthetic_board, style)
    result = detect_board(scan)
    draft = result.board
    assert draft is not None
    s = score(synthetic_board, draft)
    assert s.field_recall >= 0.95 and s.field_precision >= 0.95
    assert s.numbers >= 0.9
    assert s.connection_recall >= 0.85 and s.connection_precision >= 0.85
    assert s.kinds_right >= 0.9 * s.connections_right


def test_every_proposed_element_is_unconfirmed_and_valid(synthetic_board) -> None:
    draft = detect_board(draw(synthetic_board, PRINT)).board
    assert draft is not None
    assert all(f.unconfirmed for f in draft.fields)
    assert all(c.unconfirmed for c in draft.connections)
    findings = check_board(draft)
    assert not [f for f in findings if f.is_error], findings
    assert sum(f.code == "UNCONFIRMED" for f in findings) == \
        len(draft.fields) + len(draft.connections)


def test_harbour_link_makes_the_sea_end_a_harbour(synthetic_board) -> None:
    draft = detect_board(draw(synthetic_board, HAND)).board
    assert draft is not None
    fields = draft.field_by_id()
    links = [c for c in draft.connections if c.kind == ConnectionKind.HARBOUR_LINK]
    assert links
    for link in links:
        assert fields[link.a].terrain == Terrain.SEA and fields[link.a].harbour
        assert fields[link.b].terrain == Terrain.LAND
    assert any(c.kind == ConnectionKind.BRIDGE for c in draft.connections)


def test_terrain_follows_colour_not_position(synthetic_board) -> None:
    """Land and sea are told apart by colours: swapping the styles' colours still works."""
    scan = draw(synthetic_board, HAND)
    result = detect_board(scan)
    assert result.board is not None
    s = score(synthetic_board, result.board)
    assert s.matched >= 0.95 * s.true_fields
    truth = synthetic_board.field_by_id()
    from editor.detect.score import match_fields

    match = match_fields(synthetic_board, result.board)
    wrong = [f.id for f in result.board.fields
             if f.id in match and truth[match[f.id]].terrain != f.terrain]
    assert not wrong
    assert classify_terrain([]) == []


def test_photographed_copy_is_still_read(synthetic_board) -> None:
    """Rotated 2.5 degrees, scaled, unevenly lit, JPEG."""
    scan = draw(synthetic_board, PRINT)
    photo, moved = photograph(scan, synthetic_board, angle=2.5, scale=1.2, quality=70)
    draft = detect_board(photo).board
    assert draft is not None
    s = score(moved, draft)
    assert s.field_recall >= 0.95 and s.numbers >= 0.85 and s.connection_recall >= 0.8


def test_progress_is_reported_and_cancel_stops(synthetic_board) -> None:
    scan = draw(synthetic_board, PRINT)
    seen: list[float] = []
    detect_board(scan, progress=lambda fraction, message: seen.append(fraction))
    assert seen[0] == 0.0 and seen[-1] == 1.0 and seen == sorted(seen)
    with pytest.raises(DetectCancelled):
        detect_board(scan, cancelled=lambda: True)


def test_blank_image_gives_a_finding_not_a_board() -> None:
    import numpy as np

    result = detect_board(np.full((300, 400, 3), 230, np.uint8))
    assert result.board is None
    assert [f.code for f in result.findings] == ["SCAN_NO_FIELDS"]


def test_detected_fields_take_their_printed_number_as_id() -> None:
    """BF-19: a field whose number was read once gets that number as its id (the id a tester
    types is the number printed); an unread or twice-read number leaves an `f<n>` id."""
    from editor.detect.digits import Reading
    from editor.detect.discs import Disc
    from editor.detect.draft import build_board

    grey = (50.0, 0.0, 0.0)
    discs = [Disc(x=100.0 * k, y=100.0, r=10.0, square=False, fill=grey, surround=grey)
             for k in range(1, 5)]
    readings = [Reading(25, 0.9), Reading(None, 0.0), Reading(7, 0.9), Reading(7, 0.8)]
    board = build_board(discs, [Terrain.LAND] * 4, readings, [], 1.0, (600, 200), None, "d")
    assert [(f.id, f.number) for f in board.fields] == [
        ("25", 25), ("f2", None), ("f3", 7), ("f4", 7)]


@pytest.mark.parametrize("style", [ATLAS, LEDGER], ids=lambda s: s.name.split()[0])
def test_a_road_with_v_marks_is_proposed_one_way(synthetic_board, style) -> None:
    """BF-6: the Vs a printed board draws on a one-way road are proposed as the road's
    one-way direction (unconfirmed like the road); other roads stay two-way."""
    from editor.detect.styles import TUNING_SEEDS, draw_styled
    from editor.model.board import OneWay

    roads = [c for c in synthetic_board.connections if c.kind == ConnectionKind.ROAD]
    marked = {roads[2].id: roads[2].b, roads[7].id: roads[7].a}
    conns = [c.model_copy(update={"one_way": OneWay(to=marked[c.id])}) if c.id in marked
             else c for c in synthetic_board.connections]
    board = synthetic_board.model_copy(update={"connections": conns})
    scan, truth = draw_styled(board, style, TUNING_SEEDS[0], field_spacing=80)
    draft = detect_board(scan).board
    assert draft is not None
    s = score(truth, draft)
    assert s.one_way == (2, 2, 2)
    assert all(c.unconfirmed for c in draft.connections if c.one_way is not None)


def test_a_bridge_over_a_found_sea_lane_names_it_as_the_lane_beneath() -> None:
    """MOVE-8: a proposed bridge crossing a proposed sea lane gets it as `under_lane`; a lane
    beside the bridge is not beneath it."""
    from editor.detect.digits import Reading
    from editor.detect.discs import Disc
    from editor.detect.draft import build_board
    from editor.detect.lines import Line

    grey = (50.0, 0.0, 0.0)
    at = [(100.0, 100.0), (500.0, 100.0), (300.0, 20.0), (300.0, 180.0), (600.0, 20.0),
          (600.0, 180.0)]
    discs = [Disc(x=x, y=y, r=10.0, square=False, fill=grey, surround=grey) for x, y in at]
    terrain = [Terrain.LAND, Terrain.LAND] + [Terrain.SEA] * 4
    readings = [Reading(k + 1, 0.9) for k in range(6)]
    lines = [Line(0, 1, False, True, True), Line(2, 3, True, False, True),
             Line(4, 5, True, False, True)]
    board = build_board(discs, terrain, readings, lines, 1.0, (700, 200), None, "d")
    by_pair = {frozenset((c.a, c.b)): c for c in board.connections}
    bridge, lane = by_pair[frozenset(("1", "2"))], by_pair[frozenset(("3", "4"))]
    assert bridge.kind == ConnectionKind.BRIDGE and lane.kind == ConnectionKind.SEA_LANE
    assert bridge.under_lane == lane.id
    assert not [f for f in check_board(board) if f.is_error]


def test_a_lake_whose_waves_look_like_a_number_is_no_field() -> None:
    """A small lake inside its shore, hatched with waves like the sea (the engraved
    parchment), passes the text test; its fill is the sea's own colour and its shore is no
    sea. A sea field whose pale fill is close to a pale sea lies in the sea and stays."""
    from editor.detect.discs import Disc
    from editor.detect.draft import without_ponds

    sea, land = (150.0, 122.0, 112.0), (200.0, 130.0, 155.0)
    fields = [Disc(100.0 * k, 0.0, 16.0, False, (235.0, 124.0, 120.0), sea) for k in range(4)]
    fields += [Disc(100.0 * k, 200.0, 16.0, False, (245.0, 128.0, 138.0), land)
               for k in range(4)]
    lake = Disc(50.0, 100.0, 16.0, False, (152.0, 121.0, 113.0), land)
    tower = Disc(50.0, 300.0, 16.0, True, sea, land)
    pale = Disc(150.0, 100.0, 16.0, False, (156.0, 121.0, 113.0), sea)  # a pale sea field
    kept = without_ponds([*fields, lake, tower, pale])
    assert lake not in kept and len(kept) == 10


def test_a_sea_disc_ringed_by_land_is_no_sea_field() -> None:
    """BF-2: sea fields lie in the sea. The edge of a lake where a moat crosses it (the
    gazetteer bench scan: olive lake, blue moat) looks like a disc whose dark fill is
    neither the sea's nor the land's colour, ringed by land; it made a false field with a
    false harbour link to the tower next to it. Sea fields and towers stay."""
    from editor.detect.discs import Disc
    from editor.detect.draft import without_ponds

    sea, land = (95.0, 115.0, 145.0), (178.0, 131.0, 160.0)  # the scan's medians
    fields = [Disc(100.0 * k, 0.0, 16.0, False, (177.0, 129.0, 143.0), sea) for k in range(4)]
    fields += [Disc(100.0 * k, 200.0, 16.0, False, (210.0, 134.0, 142.0), land)
               for k in range(4)]
    lake_edge = Disc(50.0, 300.0, 22.0, False, (88.0, 129.0, 121.0), land)
    tower = Disc(150.0, 300.0, 16.0, True, (51.0, 140.0, 147.0), land)
    kept = without_ponds([*fields, lake_edge, tower])
    assert lake_edge not in kept and tower in kept and len(kept) == 9
