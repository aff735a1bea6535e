"""Wilderness regions and the paths between them, found on a scan (WILD-1, BF-10).

A printed Grand Conquest board shows a region as an area of land in another colour or
texture (a tint, hatching, tree dots) inside a border, with no field in it; neighbouring
regions are joined by a dotted or dashed wilderness path. On a coarse copy (a field radius is
`CELLS` cells) the colour is averaged over about a field radius, leaving the field discs out:
hatching and texture become a tint, thin lines fade. Where that average differs from the land
round the fields (and is no sea), over an area that stays after an opening wider than any line
or coast band, compact, holding no field, lies a region. Its outline is simplified to a
polygon in scan pixels.

A path is looked for on the line between the centres of two regions, where it runs outside
both: marks of ink (not the local ground) must come back at least every `PATH_GAP` field radii
outside the field discs, and cover only part of the line (a solid road or a coast is no path).
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from editor.detect.codes import SCAN_PATH_CROSSING, SCAN_REGION_LINKS
from editor.i18n import _
from editor.model.board import Connection, ConnectionKind, Region
from editor.model.findings import Finding, pointer_join
from editor.model.types import Point

#: Field radius in cells of the coarse copy regions are segmented on.
CELLS = 5.0
#: Colour difference (|dL| + |da| + |db| of the local average) from the land that is a region.
CONTRAST = 11.0
#: Colour difference from the sea below which an area is sea (a moat, a channel).
SEA_CONTRAST = 20.0
#: Opening (field radii) that removes lines, bridges and coast bands from the candidates.
OPENING = 2.5
#: Colour difference (Lab distance of the averages) between a region and the ground round it;
#: a region drawn inside a darker border (`BORDERED` of its outline) needs only the lower one.
REGION_CONTRAST = (12.0, 22.0)
BORDERED = 0.6
#: Lightness drop (Lab L, 0..255) of a border line against the colours on both sides.
BORDER_DROP = 15.0
#: Round a tower field, in field radii, nothing is a region (the castle and its courtyard).
TOWER_REACH = 2.5
#: Land a region keeps round it, in field radii: no sea that near.
SHORE = 0.6
#: Smallest region, in field disc areas.
MIN_AREA = 8.0
#: Largest region, in field disc areas (a wider patch is lighting or paper, not a region).
MAX_AREA = 150.0
#: Smallest share of its convex hull a region fills.
SOLIDITY = 0.8
#: Longest stretch of a path without ink, in field radii (outside the discs).
PATH_GAP = 2.5
#: Share of a path's samples that are ink: dots or dashes, never a solid line.
PATH_INK = (0.15, 0.95)
#: Two regions further apart than this (in field radii, between outlines) share no path.
PATH_REACH = 16.0
#: Marks of a path come at a steady pitch: this share of them within `PITCH_SPREAD` of the
#: median pitch.
PITCH_SPREAD, PITCH_STEADY = 0.35, 0.5
#: Longest pitch of a path's marks, in field radii.
PITCH_MAX = 1.3
#: Colour difference from the local ground that makes a path sample ink.
PATH_CONTRAST = 40.0


@dataclass
class FoundRegion:
    """A region's outline (work pixels, N x 2) and its centre."""

    polygon: np.ndarray
    centre: np.ndarray
    mask: np.ndarray        # filled outline on the coarse grid
    scale: float            # coarse cells per work pixel
    colour: str = "#8fbf6a"  # the region's colour as printed, #rrggbb


def _disc_mask(shape: tuple[int, int], points: np.ndarray, radius: float,
               towers: np.ndarray) -> np.ndarray:
    """1 outside the field discs (grown a little), 0 on them; round a tower (a square field)
    the castle's courtyard is left out too (`TOWER_REACH`)."""
    valid = np.ones(shape, np.uint8)
    for (x, y), tower in zip(points, towers, strict=True):
        grow = TOWER_REACH if tower else 1.45
        cv2.circle(valid, (round(x), round(y)), round(grow * radius), 0, -1)
    return valid


def _average(lab: np.ndarray, valid: np.ndarray, size: int) -> tuple[np.ndarray, np.ndarray]:
    """The local mean colour leaving out invalid cells, and the share of valid cells."""
    den = cv2.blur(valid.astype(np.float32), (size, size))
    num = cv2.blur(lab * valid[..., None], (size, size))
    return num / np.maximum(den, 1e-3)[..., None], den


def find_regions(lab: np.ndarray, points: np.ndarray, radius: float, land: np.ndarray,
                 sea: np.ndarray | None, towers: np.ndarray | None = None) -> list[FoundRegion]:
    """Regions on the work image (`lab`), given the field centres and radius (work px), which
    fields are towers, and the Lab colours round land fields and sea fields."""
    if towers is None:
        towers = np.zeros(len(points), bool)
    c = min(1.0, CELLS / max(radius, 1.0))
    small = cv2.resize(lab, None, fx=c, fy=c, interpolation=cv2.INTER_AREA).astype(np.float32)
    r = radius * c
    valid = _disc_mask(small.shape[:2], points * c, r, towers)
    mean, share = _average(small, valid, max(3, round(2 * r) | 1))
    seaish = np.zeros(small.shape[:2], bool)
    if sea is not None:
        def dist(colour: np.ndarray) -> np.ndarray:
            return np.sqrt(((small - colour.astype(np.float32)) ** 2).sum(axis=2))
        to_sea = dist(sea)
        seaish = (to_sea < SEA_CONTRAST) & (to_sea < 0.5 * dist(land))
    ground = (land.astype(np.float32), None if sea is None else sea.astype(np.float32))
    off = _off_ground(mean, *ground)
    cand = ((off > CONTRAST) & (share > 0.4)).astype(np.uint8) & valid
    size = max(3, round(OPENING * r) | 1)
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (size, size))
    cand = cv2.morphologyEx(cand, cv2.MORPH_OPEN, kernel)
    return _components(cand, (off, mean, seaish, small), ground, valid, lab[..., 0],
                       points * c, r, c)


def _off_ground(mean: np.ndarray, land: np.ndarray, sea: np.ndarray | None) -> np.ndarray:
    """How far each average colour lies from the land, or from any mix of land and sea (a
    coast, a channel between fields): the Lab distance to that segment."""
    d = mean - land
    if sea is None:
        return np.sqrt((d * d).sum(axis=2))
    v = sea - land
    t = np.clip((d @ v) / max(float(v @ v), 1e-6), 0.0, 1.0)
    rest = d - t[..., None] * v
    return np.sqrt((rest * rest).sum(axis=2))


def _outline(comp: np.ndarray, off: np.ndarray, r: float) -> list[np.ndarray]:
    """The outlines within a component: near it, the cells whose own colour (`off`, not
    averaged) is at least half as far from the land as inside it, opened so that lines
    leaving a region (a path, a road) are cut off; one mask per part (two regions joined by
    a path in the averaged colours come apart)."""
    core = cv2.erode(comp, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (3, 3)))
    level = 0.5 * float(np.median(off[core > 0] if core.any() else off[comp > 0]))
    grow = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (max(3, round(2 * r) | 1),) * 2)
    near = cv2.dilate(comp, grow)
    mask = ((off > level) & (near > 0)).astype(np.uint8)
    thin = max(3, round(1.5 * r) | 1)
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN,
                            cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (thin, thin)))
    count, labels = cv2.connectedComponents(mask)
    return [(labels == k).astype(np.uint8) for k in range(1, count)]


def _contrast(comp: np.ndarray, mean: np.ndarray, valid: np.ndarray, off: np.ndarray,
              r: float) -> float:
    """Lab distance between the average colour inside a component and the land in a ring
    round it (the cells of the ring that are land or a mix of land and sea; a region lies on
    land, so a ring of mostly other colours gives 0)."""
    def grown(f: float) -> np.ndarray:
        k = max(3, round(f * r) | 1)
        return cv2.dilate(comp, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k)))
    ring = (grown(4.0) > 0) & (grown(1.5) == 0) & (valid > 0)
    land = ring & (off < CONTRAST)
    core = cv2.erode(comp, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (5, 5))) > 0
    if land.sum() < 0.5 * ring.sum() or not core.any():
        return 0.0
    ring = land
    d = np.median(mean[core], axis=0) - np.median(mean[ring], axis=0)
    return float(np.sqrt((d * d).sum()))


def _shore(comp: np.ndarray, seaish: np.ndarray, r: float) -> bool:
    """Whether sea lies within `SHORE` field radii of a component (a region lies inland)."""
    k = max(3, round(2 * SHORE * r) | 1)
    near = cv2.dilate(comp, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))) > 0
    return bool(seaish[near].mean() > 0.02)


def bordered(lightness: np.ndarray, outline: np.ndarray, radius: float) -> float:
    """Share of an outline (work px, N x 2, in order) along which a darker line runs: across
    it, within a field radius, the lightness drops by `BORDER_DROP` below both sides."""
    n = len(outline)
    if n < 8:
        return 0.0
    pick = np.linspace(0, n, min(n, 120), endpoint=False).astype(int)
    tangent = outline[(pick + 2) % n] - outline[(pick - 2) % n]
    normal = np.stack([-tangent[:, 1], tangent[:, 0]], 1)
    normal /= np.maximum(np.hypot(*normal.T), 1e-6)[:, None]
    steps = np.arange(-1.0, 1.01, 0.1) * radius
    xy = outline[pick][:, None, :] + steps[None, :, None] * normal[:, None, :]
    h, w = lightness.shape
    xs = np.clip(np.round(xy[..., 0]).astype(int), 0, w - 1)
    ys = np.clip(np.round(xy[..., 1]).astype(int), 0, h - 1)
    across = lightness[ys, xs].astype(np.float32)                     # (points, steps)
    sides = np.minimum(across[:, :3].mean(axis=1), across[:, -3:].mean(axis=1))
    return float((across.min(axis=1) < sides - BORDER_DROP).mean())


def _components(mask: np.ndarray, maps: tuple[np.ndarray, ...], ground: tuple,
                valid: np.ndarray, lightness: np.ndarray, points: np.ndarray, r: float,
                c: float) -> list[FoundRegion]:
    """The regions among the candidate components; `maps` are the distance from the
    `ground` colours (land, sea), the averaged colour, the cells of sea colour and the colour
    itself (coarse)."""
    off, mean, seaish, small = maps
    cells = _off_ground(small, *ground)
    count, labels = cv2.connectedComponents(mask)
    low, high = REGION_CONTRAST
    out = []
    parts = [part for k in range(1, count)
             for part in _outline((labels == k).astype(np.uint8), cells, r)]
    for comp in parts:
        if not MIN_AREA <= comp.sum() / (np.pi * r * r) <= MAX_AREA or \
                _shore(comp, seaish, r):
            continue
        found, _ = cv2.findContours(comp, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
        contour = max(found, key=cv2.contourArea)
        if not _compact(contour, comp.shape, points):
            continue
        contrast = _contrast(comp, mean, valid, off, r)
        if contrast < low or (contrast < high and \
                bordered(lightness, (contour[:, 0, :] + 0.5) / c, r / c) < BORDERED):
            continue
        out.append(_region(contour, comp, small, r, c))
    return out


def _compact(contour: np.ndarray, shape: tuple[int, ...], points: np.ndarray) -> bool:
    """Solid (`SOLIDITY` of its hull), inside the image, holding no field."""
    hull = cv2.contourArea(cv2.convexHull(contour))
    x, y, cw, ch = cv2.boundingRect(contour)
    if cv2.contourArea(contour) < SOLIDITY * hull or x <= 0 or y <= 0 or \
            x + cw >= shape[1] or y + ch >= shape[0]:
        return False
    return not any(cv2.pointPolygonTest(contour, (float(px), float(py)), False) >= 0
                   for px, py in points)


def _region(contour: np.ndarray, comp: np.ndarray, small: np.ndarray, r: float,
            c: float) -> FoundRegion:
    """A found region: outline simplified to about a quarter field radius, its colour."""
    poly = cv2.approxPolyDP(contour, 0.25 * r, True)[:, 0, :].astype(np.float64)
    filled = np.zeros_like(comp)
    cv2.drawContours(filled, [contour], -1, 1, -1)
    m = cv2.moments(contour)
    centre = np.array([m["m10"] / m["m00"], m["m01"] / m["m00"]]) / c
    lab = np.median(small[filled > 0], axis=0).astype(np.uint8).reshape(1, 1, 3)
    b, g, rd = cv2.cvtColor(lab, cv2.COLOR_Lab2BGR)[0, 0]
    return FoundRegion((poly + 0.5) / c, centre, filled, c, f"#{rd:02x}{g:02x}{b:02x}")


def _inside(region: FoundRegion, xy: np.ndarray) -> np.ndarray:
    h, w = region.mask.shape
    cells = np.clip(np.round(xy * region.scale).astype(int), 0, [w - 1, h - 1])
    return region.mask[cells[:, 1], cells[:, 0]] > 0


def _gap(a: FoundRegion, b: FoundRegion) -> float:
    """Distance between two outlines (work px), from their vertices."""
    d = a.polygon[:, None, :] - b.polygon[None, :, :]
    return float(np.hypot(d[..., 0], d[..., 1]).min())


def has_path(lab: np.ndarray, a: FoundRegion, b: FoundRegion, points: np.ndarray,
             radius: float) -> bool:
    """Whether a dotted or dashed path runs between the centres of two regions (WILD-1)."""
    p, q = a.centre, b.centre
    length = float(np.hypot(*(q - p)))
    if length < 1 or _gap(a, b) > PATH_REACH * radius:
        return False
    u = (q - p) / length
    n = np.array([-u[1], u[0]])
    t = np.arange(0, length, 1.0)
    line = p + t[:, None] * u
    free = ~_inside(a, line) & ~_inside(b, line)
    if len(points):
        near = np.hypot(*(line[:, None, :] - points[None, :, :]).transpose(2, 0, 1)).min(axis=1)
        free &= near > 1.1 * radius
    if free.sum() < radius:
        return False
    h, wd = lab.shape[:2]
    offsets = np.arange(-0.2, 0.21, 0.1) * radius
    xy = line[:, None, :] + offsets[None, :, None] * n
    xs = np.clip(np.round(xy[..., 0]).astype(int), 0, wd - 1)
    ys = np.clip(np.round(xy[..., 1]).astype(int), 0, h - 1)
    on = lab[ys, xs].astype(np.float32)                                     # (t, off, 3)
    side = np.concatenate([line + s * radius * n for s in (-0.6, 0.6)])
    sx = np.clip(np.round(side[:, 0]).astype(int), 0, wd - 1)
    sy = np.clip(np.round(side[:, 1]).astype(int), 0, h - 1)
    ground = lab[sy, sx].astype(np.float32).reshape(2, len(t), 3)
    ground = np.median(ground, axis=0)                                       # (t, 3)
    ink = (np.abs(on - ground[:, None, :]).sum(axis=2) > PATH_CONTRAST).any(axis=1)
    ink_free = ink[free]
    share = float(ink_free.mean())
    if not PATH_INK[0] <= share <= PATH_INK[1]:
        return False
    return _marks_regular(ink_free, radius)


def _marks_regular(ink: np.ndarray, radius: float) -> bool:
    """Whether the ink along a path's free stretch (a disc it passes is left out) is a row of
    dots or dashes: no gap over `PATH_GAP` radii, and most marks at a short steady pitch
    (lines that merely cross, a coast, a road, come further apart at random spacings)."""
    at = np.flatnonzero(ink)
    if len(at) < 3:
        return False
    gaps = np.diff(np.concatenate([[0], at, [len(ink) - 1]]))
    if gaps.max() > PATH_GAP * radius:
        return False
    starts = np.flatnonzero(np.diff(np.concatenate([[0], ink.astype(np.int8)])) == 1)
    if len(starts) < 4:
        return False
    pitch = np.diff(starts)
    if np.median(pitch) > PITCH_MAX * radius:
        return False
    steady = np.abs(pitch - np.median(pitch)) <= PITCH_SPREAD * np.median(pitch)
    return bool(steady.mean() >= PITCH_STEADY)


def find_paths(lab: np.ndarray, regions: list[FoundRegion], points: np.ndarray,
               radius: float) -> list[tuple[int, int]]:
    """Pairs (i, j) of regions joined by a wilderness path."""
    return [(i, j) for i in range(len(regions)) for j in range(i + 1, len(regions))
            if has_path(lab, regions[i], regions[j], points, radius)]


def wilderness(regions: list[FoundRegion], paths: list[tuple[int, int]], factor: float,
               first: int = 0) -> tuple[list[Region], list[Connection], list[Finding]]:
    """The proposed regions (ids r1, r2, ...) and wilderness paths (w1, ...), unconfirmed, in
    scan pixels, with a finding for what the scan does not decide: each region's stair
    fields and borders, each path's crossing (`first`: the paths' position among the
    board's connections)."""
    out = [Region(id=f"r{n + 1}", colour=g.colour, unconfirmed=True,
                  polygon=[Point(x=round(x / factor, 1), y=round(y / factor, 1))
                           for x, y in g.polygon]) for n, g in enumerate(regions)]
    conns = [Connection(id=f"w{n + 1}", kind=ConnectionKind.WILDERNESS_PATH, a=out[i].id,
                        b=out[j].id, unconfirmed=True) for n, (i, j) in enumerate(paths)]
    findings = [SCAN_REGION_LINKS.at(
        _("the stair fields and bordering fields of region '{region}' were not read from the "
          "scan").format(region=r.id), pointer_join("regions", n, "stairs"), element=r.id)
        for n, r in enumerate(out)]
    findings += [SCAN_PATH_CROSSING.at(
        _("whether wilderness path '{path}' ({a}-{b}) crosses over a bridge or through an "
          "underpass was not read from the scan").format(path=c.id, a=c.a, b=c.b),
        pointer_join("connections", first + n, "crossing"), element=c.id)
        for n, c in enumerate(conns)]
    return out, conns, findings
