"""Find the field discs (and square tower fields) on a scan.

A field is a patch of nearly uniform fill, enclosed by its outline, with the printed number
inside. The work is done on a copy downscaled to a long side of `WORK_LONG_SIDE` (or about
`WORK_PX_PER_CM` px per cm when the scale is known):

1. A thin colour gradient splits the copy into flat regions. Flat regions that are compact
   (round or square) with holes (the digits) near their centre are disc fills; the mode of
   their radii is the field size, so nothing depends on the size our renderer draws. When
   wide numbers break most fills at the working size, a full-size crop is measured too.
2. Hough circles in a band around that size are the discs, kept when a dominant fill holds
   text crossing the core and an outline closes most of the way round.
3. Square flat regions of about field size are tower fields; candidates sharing a centre
   (a start ring inside a disc) are merged.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from editor.detect.squares import split_squares

WORK_LONG_SIDE = 2600
WORK_PX_PER_CM = 55.0
#: Colour gradient (0..255 per channel) above which a pixel is an edge, not a fill.
EDGE_LEVEL = 30
#: Fewer unbroken disc fills than this on the working copy: measure on a full-size crop too.
MIN_MEASURED = 20
DETAIL_SIDE = 1600
#: A candidate's radius must lie within these factors of the typical field radius.
SIZE_RANGE = (0.55, 1.7)
#: Discs closer than this (in field radii) overlap: only one of them is a field.
APART = 1.5


@dataclass
class Disc:
    """A detected field in scan pixels."""

    x: float
    y: float
    r: float
    square: bool
    fill: tuple[float, float, float]       # mean Lab colour of the fill
    surround: tuple[float, float, float]   # median Lab colour just outside the outline
    label: int = 0                          # component id in the working image
    closed: float = 1.0                     # share of directions its outline closes


@dataclass
class WorkImage:
    """The downscaled copy the detector works on, with its factor to scan pixels."""

    bgr: np.ndarray
    lab: np.ndarray
    factor: float  # scan px = work px / factor

    @classmethod
    def make(cls, image: np.ndarray, px_per_cm: float | None) -> WorkImage:
        h, w = image.shape[:2]
        factor = min(1.0, WORK_LONG_SIDE / max(h, w))
        if px_per_cm:
            factor = min(1.0, max(factor, WORK_PX_PER_CM / px_per_cm))
        if factor < 1.0:
            small = cv2.resize(image, (round(w * factor), round(h * factor)),
                               interpolation=cv2.INTER_AREA)
        else:
            small = image.copy()
        return cls(small, cv2.cvtColor(small, cv2.COLOR_BGR2Lab), factor)


def flat_mask(work: WorkImage) -> np.ndarray:
    """1 where the colour is locally flat (fill or background), 0 on edges, lines and text.

    A cross-shaped gradient on the unblurred copy keeps edges thin, so the fill between a
    number and the disc outline survives even for wide three-digit numbers."""
    kernel = cv2.getStructuringElement(cv2.MORPH_CROSS, (3, 3))
    b, g, r = cv2.split(cv2.morphologyEx(work.bgr, cv2.MORPH_GRADIENT, kernel))
    grad = cv2.max(cv2.max(b, g), r)
    return (grad < EDGE_LEVEL).astype(np.uint8)


def _shape_of(mask: np.ndarray) -> tuple[float, float, float, float, float, bool] | None:
    """(cx, cy, radius, roundness, hole share, four-cornered) of one component mask (its
    bounding box)."""
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    if not contours:
        return None
    outer = max(contours, key=cv2.contourArea)
    filled = np.zeros_like(mask)
    cv2.drawContours(filled, [outer], -1, 1, thickness=-1)
    area = float(filled.sum())
    if area < 12:
        return None
    hull = cv2.convexHull(outer)
    hull_area = max(cv2.contourArea(hull), 1.0)
    solidity = min(1.0, area / hull_area)
    (_, _), enclosing = cv2.minEnclosingCircle(outer)
    roundness = area / max(np.pi * enclosing * enclosing, 1.0)
    holes = filled & (1 - mask)
    hole_share = float(holes.sum()) / area
    m = cv2.moments(filled, binaryImage=True)
    cx, cy = m["m10"] / m["m00"], m["m01"] / m["m00"]
    if holes.any():
        hm = cv2.moments(holes, binaryImage=True)
        off = np.hypot(hm["m10"] / hm["m00"] - cx, hm["m01"] / hm["m00"] - cy)
        if off > 0.45 * np.sqrt(area / np.pi):
            hole_share = 0.0
    if solidity < 0.88:
        return None
    corners = cv2.approxPolyDP(outer, 0.025 * cv2.arcLength(outer, True), True)
    _, _, w, h = cv2.boundingRect(outer)
    square = len(corners) == 4 and 0.8 < w / h < 1.25
    return cx, cy, float(np.sqrt(area / np.pi)), roundness, hole_share, square


def _candidates(work: WorkImage, labels: np.ndarray, stats: np.ndarray) -> list[Disc]:
    """Flat regions that look like a field's fill: compact, with text holes near the centre."""
    h, w = labels.shape
    max_r = min(h, w) / 8
    x, y, bw, bh, area = (stats[:, i].astype(np.int64) for i in range(5))
    ok = ((area >= 20) & (bw <= 2 * max_r) & (bh <= 2 * max_r) & (bw < 1.65 * bh)
          & (bh < 1.65 * bw) & (area >= 0.3 * bw * bh))
    ok[0] = False
    out = []
    for k in np.flatnonzero(ok):
        x0, y0, x1, y1 = x[k], y[k], x[k] + bw[k], y[k] + bh[k]
        mask = (labels[y0:y1, x0:x1] == k).astype(np.uint8)
        shape = _shape_of(np.pad(mask, 1))
        if shape is None:
            continue
        cx, cy, r, roundness, hole_share, four = shape
        if roundness < 0.55 or not 0.03 < hole_share < 0.6:
            continue
        fill = work.lab[y0:y1, x0:x1][mask.astype(bool)].mean(axis=0)
        out.append(Disc(x0 + cx - 1, y0 + cy - 1, r, four and roundness < 0.72,
                        tuple(float(v) for v in fill), (0.0, 0.0, 0.0), int(k)))
    return out


def typical_radius(radii: list[float]) -> float:
    """The most common radius (mode of a log-scale histogram)."""
    logs = np.log(np.asarray(radii))
    hist, edges = np.histogram(logs, bins=max(8, int((logs.max() - logs.min()) / 0.06) + 1))
    i = int(hist.argmax())
    lo, hi = edges[max(0, i - 1)], edges[min(len(edges) - 1, i + 2)]
    sel = logs[(logs >= lo) & (logs <= hi)]
    return float(np.exp(np.median(sel)))


def _suppress(discs: list[Disc], radius: float) -> list[Disc]:
    """Keep one disc where several candidates share a centre (e.g. a start-field ring)."""
    # a tower's square fill gives its centre; a circle through its edge and a slit does not
    discs = sorted(discs, key=lambda d: (not d.square, -d.r))
    kept: list[Disc] = []
    grid: dict[tuple[int, int], list[Disc]] = {}
    cell = 2 * radius
    for d in discs:
        gx, gy = int(d.x // cell), int(d.y // cell)
        near = [o for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                for o in grid.get((gx + dx, gy + dy), [])]
        if any(np.hypot(o.x - d.x, o.y - d.y) < 0.8 * radius for o in near):
            continue
        kept.append(d)
        grid.setdefault((gx, gy), []).append(d)
    return kept


def _apart(discs: list[Disc], radius: float) -> list[Disc]:
    """Printed fields never overlap: of two discs less than `APART` radii apart the one whose
    outline closes further round is kept (the other is a circle through a field's edge and
    the lines or bars that leave it)."""
    kept: list[Disc] = []
    grid: dict[tuple[int, int], list[Disc]] = {}
    cell = APART * radius
    for d in sorted(discs, key=lambda d: -d.closed):
        gx, gy = int(d.x // cell), int(d.y // cell)
        near = [o for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                for o in grid.get((gx + dx, gy + dy), [])]
        if any(np.hypot(o.x - d.x, o.y - d.y) < cell for o in near):
            continue
        kept.append(d)
        grid.setdefault((gx, gy), []).append(d)
    return kept


def _surround(work: WorkImage, d: Disc, radius: float) -> tuple[float, float, float]:
    h, w = work.lab.shape[:2]
    angles = np.linspace(0, 2 * np.pi, 24, endpoint=False)
    values = []
    for scale in (1.5, 1.8):
        xs = np.clip((d.x + scale * radius * np.cos(angles)).astype(int), 0, w - 1)
        ys = np.clip((d.y + scale * radius * np.sin(angles)).astype(int), 0, h - 1)
        values.append(work.lab[ys, xs])
    return tuple(float(v) for v in np.median(np.concatenate(values), axis=0))


def _hough(gray: np.ndarray, inner: float) -> np.ndarray:
    """Circles whose radius fits a fill of radius `inner` plus its outline."""
    circles = cv2.HoughCircles(gray, cv2.HOUGH_GRADIENT, dp=1, minDist=max(4.0, 1.3 * inner),
                               param1=70, param2=max(8, round(1.2 * inner)),
                               minRadius=max(3, int(0.8 * inner)),
                               maxRadius=int(1.7 * inner + 1))
    return circles[0] if circles is not None else np.zeros((0, 3), np.float32)


_ANGLES = np.linspace(0, 2 * np.pi, 32, endpoint=False)
_RIM = np.array([0.85, 0.95, 1.05, 1.15, 1.25, 1.35])


def _rim_closed(lab: np.ndarray, x: float, y: float, r: float, fill: np.ndarray) -> float:
    """Share of directions in which an outline (a colour unlike the fill) crosses 0.8..1.2 r."""
    h, w = lab.shape[:2]
    radii = _RIM[:, None] * r
    xs = np.clip((x + radii * np.cos(_ANGLES)).astype(int), 0, w - 1)
    ys = np.clip((y + radii * np.sin(_ANGLES)).astype(int), 0, h - 1)
    off = np.abs(lab[ys, xs].astype(np.float32) - fill).sum(axis=2)
    return float((off.max(axis=0) > 40).mean())


def _text_disc(lab: np.ndarray, x: float, y: float, r: float) -> Disc | None:
    """A circle that is a field: a dominant fill, text crossing the core, a closed outline."""
    h, w = lab.shape[:2]
    x0, x1 = max(0, int(x - r)), min(w, int(x + r) + 1)
    y0, y1 = max(0, int(y - r)), min(h, int(y + r) + 1)
    yy, xx = np.mgrid[y0:y1, x0:x1]
    rho = np.hypot(xx - x, yy - y) / max(r, 1.0)
    pixels = lab[y0:y1, x0:x1][rho < 0.6].astype(np.float32)
    band = lab[y0:y1, x0:x1][(rho >= 0.45) & (rho < 0.75)].astype(np.float32)
    if len(pixels) < 10 or len(band) < 10:
        return None
    # the fill is the core's median colour, or (bold wide digits may cover half of the core,
    # and blurred on a photograph up to three quarters) the median of a band round the number;
    # a core of one colour (a pond inside its shore) holds no number whatever the band shows
    inner_rho = rho[rho < 0.6] < 0.35
    for fill, most in ((np.median(pixels, axis=0), 0.62), (np.median(band, axis=0), 0.78)):
        text = np.abs(pixels - fill).sum(axis=1) > 45
        core = text[inner_rho]
        if core.mean() < 0.03:
            return None
        if 0.04 < text.mean() < most:
            break
    else:
        return None
    closed = _rim_closed(lab, x, y, r, fill)
    if closed < 0.6:
        return None
    return Disc(x, y, r, False, tuple(float(v) for v in fill), (0.0, 0.0, 0.0), closed=closed)


_STEPS = np.arange(0.6, 1.72, 0.04)


def _outer_radius(lab: np.ndarray, d: Disc) -> float:
    """The radius of the outline's outer edge. Hough locks on either edge of a thick outline;
    a number read inside the smaller circle loses the ends of wide digits. Going outwards
    from 0.6 r: the outline starts where most directions leave the fill colour and ends where
    most leave the outline's colour (at most 0.3 r further); `d.r` when no outline is seen."""
    h, w = lab.shape[:2]
    radii = _STEPS[:, None] * d.r
    xs = np.clip((d.x + radii * np.cos(_ANGLES)).astype(int), 0, w - 1)
    ys = np.clip((d.y + radii * np.sin(_ANGLES)).astype(int), 0, h - 1)
    ring = lab[ys, xs].astype(np.float32)                      # (steps, angles, 3)
    off_fill = (np.abs(ring - np.array(d.fill, np.float32)).sum(axis=2) > 40).mean(axis=1)
    start = np.flatnonzero(off_fill >= 0.7)
    if not len(start) or start[0] + 1 >= len(_STEPS):
        return d.r
    inside = int(start[0]) + 1                               # past the anti-aliased edge
    outline = np.median(ring[inside], axis=0)
    off_line = (np.abs(ring[inside:] - outline).sum(axis=2) > 40).mean(axis=1)
    stop = np.flatnonzero(off_line >= 0.5)
    if not len(stop) or _STEPS[inside + stop[0]] - _STEPS[inside] > 0.3:
        return d.r
    return float(_STEPS[inside + stop[0]] * d.r)


def _flat_regions(work: WorkImage) -> tuple[np.ndarray, np.ndarray]:
    """Labels and stats of the flat regions (4-connected)."""
    _, labels, stats, _ = cv2.connectedComponentsWithStats(flat_mask(work), connectivity=4)
    return labels, stats


def _flat_candidates(work: WorkImage) -> list[Disc]:
    return _candidates(work, *_flat_regions(work))


def _detail_radii(image: np.ndarray, factor: float) -> list[float]:
    """Fill radii (work px) from a full-resolution crop of the middle of the scan, where the
    fill between a wide number and the outline is still unbroken."""
    h, w = image.shape[:2]
    side = min(DETAIL_SIDE, h, w)
    y0, x0 = (h - side) // 2, (w - side) // 2
    crop = image[y0:y0 + side, x0:x0 + side]
    detail = WorkImage(crop, cv2.cvtColor(crop, cv2.COLOR_BGR2Lab), 1.0)
    return [c.r * factor for c in _flat_candidates(detail)]


def find_discs(work: WorkImage, image: np.ndarray | None = None) -> tuple[list[Disc], float]:
    """Field discs in work pixels and the typical field radius (work pixels).

    `image` (the full-resolution scan) is used when the working copy shows too few unbroken
    disc fills to measure the field size."""
    labels, stats = _flat_regions(work)
    cands = _candidates(work, labels, stats)
    radii = [c.r for c in cands]
    if len(radii) < MIN_MEASURED and image is not None and work.factor < 1.0:
        radii += _detail_radii(image, work.factor)
    if len(radii) < 3:
        return [], 0.0
    inner = typical_radius(radii)
    gray = cv2.GaussianBlur(cv2.cvtColor(work.bgr, cv2.COLOR_BGR2GRAY), (3, 3), 0)
    circles = _hough(gray, inner)
    discs = [d for x, y, r in circles
             if (d := _text_disc(work.lab, float(x), float(y), float(r))) is not None]
    radius = float(np.median([_outer_radius(work.lab, d) for d in discs])) if discs else inner
    lo, hi = SIZE_RANGE
    squares = [c for c in cands if c.square and lo * inner <= c.r <= hi * inner]
    squares += [Disc(x, y, radius, True, fill, (0.0, 0.0, 0.0))
                for x, y, fill in split_squares(labels, stats, work.lab, inner)]
    for sq in squares:
        sq.r = radius
    discs = _apart(_suppress(squares + discs, radius), radius)
    for sq in squares:  # a circle found on a square tower keeps the tower's shape
        for d in discs:
            if not d.square and np.hypot(d.x - sq.x, d.y - sq.y) < 0.8 * radius:
                d.square = True
    for d in discs:
        d.surround = _surround(work, d, radius)
    return discs, radius
