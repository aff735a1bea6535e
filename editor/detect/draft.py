"""`detect_board`: a draft board from a scan (fields, terrain, numbers, connections).

The entry point for the CLI and the editor: pure (no Qt, no files), with a progress callback
and a cancel flag so a GUI can run it on a worker thread::

    result = detect_board(image, scale=100.0, progress=report, cancelled=flag.is_set)

Every proposed field and connection is marked `unconfirmed`; the designer accepts or rejects
each one. A road whose V marks were seen is proposed one-way towards the end they point to;
a bridge over a found sea lane names it as the lane beneath (MOVE-8). Wilderness regions and
the paths between them are proposed too (WILD-1, `regions`), with findings for their stair
fields and crossings, which the scan does not decide.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from editor.detect.codes import SCAN_NO_FIELDS, SCAN_NUMBER_UNREAD
from editor.detect.digits import DigitReader, Reading, clean_crops
from editor.detect.discs import Disc, WorkImage, find_discs
from editor.detect.lines import Ground, Line, find_lines
from editor.detect.marks import one_way_end
from editor.detect.regions import FoundRegion, find_paths, find_regions, wilderness
from editor.extras import install_hint
from editor.i18n import _
from editor.model.board import (
    Board,
    Connection,
    ConnectionKind,
    Field,
    OneWay,
    Scale,
    ScanImage,
    Terrain,
)
from editor.model.findings import Finding, pointer_join

Progress = Callable[[float, str], None]
#: A disc whose fill is this close to the sea's colour (sum of |dL|, |da|, |db|) is water.
POND_COLOUR = 12.0


class DetectCancelled(Exception):
    """Raised by `detect_board` when its `cancelled` callable returned True."""


@dataclass
class DraftResult:
    """The draft board, findings about the scan, and what was found (for reports)."""

    board: Board | None
    findings: list[Finding] = field(default_factory=list)
    radius_px: float = 0.0
    seconds: dict[str, float] = field(default_factory=dict)


def _quiet(fraction: float, message: str) -> None:
    """Default progress callback: ignore."""


def classify_terrain(discs: list[Disc]) -> list[Terrain]:
    """Land or sea by colour: the bluer of two clusters of (surroundings, fill) is the sea.

    Lab b* below neutral is blue; towers (square fields) are land. With one cluster only
    (a board of one terrain) the sign of b* decides.
    """
    if not discs:
        return []
    value = np.array([d.surround[2] + 0.5 * d.fill[2] for d in discs]) / 1.5 - 128.0
    lo, hi = float(value.min()), float(value.max())
    threshold = (lo + hi) / 2
    for _attempt in range(20):
        a, b = value[value < threshold], value[value >= threshold]
        if not len(a) or not len(b):
            break
        threshold = (a.mean() + b.mean()) / 2
    a, b = value[value < threshold], value[value >= threshold]
    if not len(a) or not len(b) or b.mean() - a.mean() < 8:
        threshold = -6.0
    return [Terrain.LAND if d.square or v >= threshold else Terrain.SEA
            for d, v in zip(discs, value, strict=True)]


def without_ponds(discs: list[Disc]) -> list[Disc]:
    """Leave out round patches of the sea's own colour inside a shore (a lake, a bay) whose
    waves looked like a number: a field's fill is its own, or (a pale sea field on a pale
    sea) it lies in the sea. The sea's colour is the median surroundings of the sea fields.
    A sea disc ringed by land is water inside the land (a lake's edge, a moat), not a sea
    field: sea fields lie in the sea (BF-2)."""
    terrain = classify_terrain(discs)
    ground = _ground(discs, terrain)
    if ground is None:
        return discs
    in_sea = ground.is_sea(np.array([d.surround for d in discs], np.float32))

    def off_sea(colour: tuple[float, float, float]) -> float:
        return float(np.abs(np.array(colour) - ground.sea).sum())
    return [d for d, t, sea in zip(discs, terrain, in_sea, strict=True)
            if d.square or ((off_sea(d.fill) >= POND_COLOUR
                             or off_sea(d.surround) < 2 * POND_COLOUR)
                            and (t == Terrain.LAND or sea))]


def _ground(discs: list[Disc], terrain: list[Terrain]) -> Ground | None:
    """The colours round sea fields and round land fields (None without sea fields)."""
    sea = [d.surround for d, t in zip(discs, terrain, strict=True) if t == Terrain.SEA]
    land = [d.surround for d, t in zip(discs, terrain, strict=True)
            if t == Terrain.LAND and not d.square]
    if not sea:
        return None
    return Ground(np.median(np.array(sea), axis=0),
                  np.median(np.array(land), axis=0) if land else None)


def _kind(line: Line, terrain: list[Terrain], discs: list[Disc]) -> ConnectionKind | None:
    ta, tb = terrain[line.i], terrain[line.j]
    if ta == tb == Terrain.SEA:
        return ConnectionKind.SEA_LANE
    if ta != tb:
        # a wide bar from a sea field is the part of a bridge that passes over it
        return None if line.wide else ConnectionKind.HARBOUR_LINK
    if discs[line.i].square and discs[line.j].square:
        return None  # towers of one castle are never connected (CASTLE-1): a wall line
    if discs[line.i].square or discs[line.j].square:
        return ConnectionKind.CASTLE_ACCESS
    if line.wide or line.over_sea:
        return ConnectionKind.BRIDGE
    return ConnectionKind.ROAD


def _drop_bridge_parts(kinds: list[tuple[Line, ConnectionKind | None]],
                       discs: list[Disc]) -> list[tuple[Line, ConnectionKind | None]]:
    """Leave out a harbour link from a sea field under a bridge to that bridge's end: it is
    the part of the bridge bar that crosses the sea field."""
    bridges = [ln for ln, kind in kinds if kind == ConnectionKind.BRIDGE]
    out = []
    for ln, kind in kinds:
        if kind == ConnectionKind.HARBOUR_LINK and any(
                {ln.i, ln.j} & {br.i, br.j} and _on_segment(discs, ln, br) for br in bridges):
            continue
        out.append((ln, kind))
    return out


def _on_segment(discs: list[Disc], part: Line, bridge: Line) -> bool:
    """Both ends of `part` lie on the segment of `bridge` (within a field radius)."""
    a, b = discs[bridge.i], discs[bridge.j]
    d = np.array([b.x - a.x, b.y - a.y])
    length = float(np.hypot(*d)) or 1.0
    for k in (part.i, part.j):
        v = np.array([discs[k].x - a.x, discs[k].y - a.y])
        if abs(d[0] * v[1] - d[1] * v[0]) / length > discs[k].r * 1.2:
            return False
    return True


def _order(discs: list[Disc], radius: float) -> list[int]:
    """Reading order (rows of about one field height, then left to right) for stable ids."""
    row = max(radius * 2, 1.0)
    return sorted(range(len(discs)), key=lambda k: (round(discs[k].y / row), discs[k].x))


def _field_ids(order: list[int], readings: list[Reading]) -> dict[int, str]:
    """Disc -> field id: the printed number read on it when no other disc reads the same
    (BF-19: the id a tester types is the number printed), else `f<n>` in reading order."""
    numbers = Counter(r.number for r in readings if r.number is not None)
    return {k: str(readings[k].number) if numbers.get(readings[k].number) == 1
            else f"f{n + 1}" for n, k in enumerate(order)}


def _crosses(p: tuple[float, float], q: tuple[float, float], r: tuple[float, float],
             s: tuple[float, float]) -> bool:
    """Whether segments pq and rs cross (each one's ends on either side of the other)."""
    def side(a, b, c) -> float:
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    return side(p, q, r) * side(p, q, s) < 0 and side(r, s, p) * side(r, s, q) < 0


def _lanes_under_bridges(conns: list[Connection], at: dict[str, tuple[float, float]]) -> None:
    """A found sea lane crossing a found bridge passes beneath it (MOVE-8): the bridge's
    `under_lane` names the first such lane."""
    lanes = [c for c in conns if c.kind == ConnectionKind.SEA_LANE]
    for bridge in (c for c in conns if c.kind == ConnectionKind.BRIDGE):
        for lane in lanes:
            if _crosses(at[bridge.a], at[bridge.b], at[lane.a], at[lane.b]):
                bridge.under_lane = lane.id
                break


def one_way_marks(lab: np.ndarray, points: np.ndarray, radius: float, lines: list[Line],
                  terrain: list[Terrain]) -> dict[tuple[int, int], int]:
    """(i, j) of a plain line between land fields -> the end its V marks point to (BF-6)."""
    out = {}
    for ln in lines:
        if ln.wide or ln.dashed or not terrain[ln.i] == terrain[ln.j] == Terrain.LAND:
            continue
        end = one_way_end(lab, points[ln.i], points[ln.j], radius)
        if end:
            out[ln.i, ln.j] = ln.j if end > 0 else ln.i
    return out


def build_board(discs: list[Disc], terrain: list[Terrain], readings: list[Reading],
                lines: list[Line], factor: float, size: tuple[int, int],
                scale: float | None, name: str,
                one_way: dict[tuple[int, int], int] | None = None) -> Board:
    """The draft board: every element unconfirmed, coordinates in scan pixels; `one_way`
    (from `one_way_marks`) gives the roads whose V marks were seen."""
    one_way = one_way or {}
    order = _order(discs, 10.0 * factor)
    ids = _field_ids(order, readings)
    kinds = _drop_bridge_parts([(ln, _kind(ln, terrain, discs)) for ln in lines], discs)
    harbours = {ln.i if terrain[ln.i] == Terrain.SEA else ln.j
                for ln, kind in kinds if kind == ConnectionKind.HARBOUR_LINK}
    fields = [Field(id=ids[k], terrain=terrain[k], x=round(discs[k].x / factor, 1),
                    y=round(discs[k].y / factor, 1), number=readings[k].number,
                    harbour=k in harbours, unconfirmed=True) for k in order]
    rank = {k: n for n, k in enumerate(order)}
    conns = []
    for ln, kind in sorted(kinds, key=lambda item: (min(rank[item[0].i], rank[item[0].j]),
                                                    max(rank[item[0].i], rank[item[0].j]))):
        if kind is None:
            continue
        a, b = ln.i, ln.j
        if kind == ConnectionKind.HARBOUR_LINK and terrain[a] != Terrain.SEA:
            a, b = b, a  # the harbour (sea) end first
        to = one_way.get((ln.i, ln.j)) if kind == ConnectionKind.ROAD else None
        conns.append(Connection(id=f"c{len(conns) + 1}", kind=kind, a=ids[a], b=ids[b],
                                one_way=OneWay(to=ids[to]) if to is not None else None,
                                unconfirmed=True))
    _lanes_under_bridges(conns, {ids[k]: (discs[k].x, discs[k].y) for k in order})
    return Board(name=name, image=ScanImage(path="scan.png", width=size[0], height=size[1]),
                 scale=Scale(px_per_cm=scale) if scale else None, fields=fields,
                 connections=conns)


def detect_board(image: np.ndarray, scale: float | None = None, *,
                 progress: Progress = _quiet, cancelled: Callable[[], bool] = lambda: False,
                 name: str = "Draft from scan", image_path: str = "scan.png",
                 reader: DigitReader | None = None) -> DraftResult:
    """Detect fields, terrain, numbers and connections on a BGR scan image.

    `scale` is px per cm when known (it only sets the working resolution and the board's
    scale); `image_path` is stored as the board's scan path (relative to the board file).
    `progress(fraction, message)` is called between steps (fractions rise from 0 to 1);
    `cancelled()` is polled between steps and inside the long ones, and a True answer raises
    `DetectCancelled`. `reader` is a `DigitReader` to reuse (one is made from the bundled
    model otherwise).
    """
    seconds: dict[str, float] = {}
    clock = time.perf_counter()

    def step(fraction: float, message: str, label: str) -> None:
        nonlocal clock
        now = time.perf_counter()
        seconds[label] = now - clock
        clock = now
        if cancelled():
            raise DetectCancelled(message)
        progress(fraction, message)

    progress(0.0, "preparing the scan")
    work = WorkImage.make(image, scale)
    step(0.05, "finding field discs", "prepare")
    discs, radius = find_discs(work, image)
    step(0.3, "telling land from sea", "discs")
    if not discs:
        return DraftResult(None, [SCAN_NO_FIELDS.at(
            _("no numbered field discs were found on the scan"), element="scan")],
            seconds=seconds)
    discs = without_ponds(discs)
    terrain = classify_terrain(discs)
    points = np.array([[d.x, d.y] for d in discs])
    ground = _ground(discs, terrain)
    step(0.35, "following the drawn lines", "terrain")
    land = np.array([t == Terrain.LAND for t in terrain])
    lines = find_lines(work.lab, points, radius, land, ground, cancelled)
    marks = one_way_marks(work.lab, points, radius, lines, terrain)
    regions = _regions(work.lab, discs, terrain, ground, radius)
    paths = find_paths(work.lab, regions, points, radius)
    step(0.55, "reading the field numbers", "lines")
    readings, findings = _read_numbers(image, discs, radius / work.factor, work.factor, reader,
                                       cancelled)
    step(0.95, "building the draft", "numbers")
    h, w = image.shape[:2]
    board = build_board(discs, terrain, readings, lines, work.factor, (w, h), scale, name,
                        marks)
    board.image = ScanImage(path=image_path, width=w, height=h)
    board.regions, wild, wild_findings = wilderness(regions, paths, work.factor,
                                                    len(board.connections))
    board.connections += wild
    findings += _unread(board) + wild_findings
    step(1.0, "done", "build")
    return DraftResult(board, findings, radius / work.factor, seconds)


def _regions(lab: np.ndarray, discs: list[Disc], terrain: list[Terrain], ground: Ground | None,
             radius: float) -> list[FoundRegion]:
    """Wilderness regions (`regions.find_regions`) on land round the land fields."""
    land = [d.surround for d, t in zip(discs, terrain, strict=True)
            if t == Terrain.LAND and not d.square]
    if not land:
        return []
    colour = ground.land if ground is not None and ground.land is not None else \
        np.median(np.array(land), axis=0)
    return find_regions(lab, np.array([[d.x, d.y] for d in discs]), radius, colour,
                        ground.sea if ground is not None else None,
                        np.array([d.square for d in discs]))


def _read_numbers(image: np.ndarray, discs: list[Disc], radius: float, factor: float,
                  reader: DigitReader | None,
                  cancelled: Callable[[], bool]) -> tuple[list[Reading], list[Finding]]:
    reader = reader or DigitReader.bundled()
    if reader is None:
        return [Reading(None, 0.0)] * len(discs), [SCAN_NUMBER_UNREAD.at(
            _("the digit reader is not installed, so no numbers were read"), element="scan",
            hint=_("Install the detect extra: {command}.").format(command=install_hint('detect')))]
    crops = []
    for k, d in enumerate(discs):
        if k % 128 == 0 and cancelled():
            raise DetectCancelled("reading the field numbers")
        crops.append(clean_crops(image, d.x / factor, d.y / factor, radius))
    return reader.read_fields(crops), []


def _unread(board: Board) -> list[Finding]:
    return [SCAN_NUMBER_UNREAD.at(_("the number of field '{field}' at ({x:g}, {y:g}) could not "
                                    "be read").format(field=f.id, x=f.x, y=f.y),
                                        pointer_join("fields", i, "number"),
                                  element=f.id)
            for i, f in enumerate(board.fields) if f.number is None]
