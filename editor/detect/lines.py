"""Propose connections along the lines drawn between fields.

For every pair of fields closer than `MAX_SPAN` field spacings whose straight segment passes
no other field, the segment between the two outlines is sampled on the working image: a
sample is *on a line* when its colour differs from the colour on both sides while the two
sides match each other (a small offset for thin lines, a larger one for wide bridge bars). A
segment mostly on a line is a solid line; one whose samples alternate in at least three
runs is a dashed line. Between two sea fields whose segment shows no line, a few curves
bent to either side are glimpsed at their middle and the one that shows a line (and passes no
third field) is followed in full: curved sea lanes. The kind follows
from the ends' terrain and the line: land-land is a road (a bridge when the bar is wide or
runs over sea), sea-sea a sea lane, land-sea a harbour link (the sea end becomes a harbour).
A wide bar may be hidden for a third of its way (sea fields it passes over); a sea lane a
found bridge passes over is looked at again without the samples under the bar (MOVE-8), and a
dashed line next to another found line leaving the same field at a small angle without the
samples on that line (a dotted lane alongside is no harbour link's dashes).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

#: Longest connection considered, in field spacings: bridges (wide bars) span up to about
#: five; other lines are shorter than `MAX_THIN_SPAN`.
MAX_SPAN = 6.0
MAX_THIN_SPAN = 3.0
#: Lab colour difference (sum of |dL|, |da|, |db|, 8-bit units) that makes a sample "ink".
CONTRAST = 35.0
SOLID_SHARE = 0.8
#: A short line (castle access across a moat, with a drawbridge bar over it) may be half
#: covered: one unbroken run over `SHORT_RUN` of it is enough.
SHORT_SPAN, SHORT_SHARE, SHORT_RUN = 1.3, 0.5, 0.4
DASHED_SHARE = 0.3
#: Long dashes seen one or two at a time between close fields: this share with short gaps.
LONG_DASH_SHARE = 0.6
#: A wide bar (a bridge) may be hidden for longer: sea fields it passes over, the lanes
#: round them and a photograph's bend hide it near them; it must leave both fields.
WIDE_SHARE = 0.65
#: Samples this close to a found bridge bar (in field radii) are hidden under it; a lane
#: under a bar must show on this share of its way between the discs.
BAR_COVER, UNDER_SEEN = 0.7, 0.25
#: A dashed line is looked at again without the samples near (`BAR_COVER` radii) another
#: found line leaving the same field less than this many degrees away: the dots of a lane
#: running alongside it for a while are not its dashes.
ALONGSIDE_ANGLE = 25.0
#: Bends tried for a curved line (middle offset in chord lengths), on either side, between
#: fields of one terrain (lanes, roads) up to `MAX_CURVED_SPAN` spacings apart.
BENDS = (0.05, 0.1, 0.15, 0.2)
MAX_CURVED_SPAN = 2.2


@dataclass(frozen=True)
class Ground:
    """The colours (Lab) round sea fields and round land fields, medians of their
    surroundings: a sample is sea when it is nearer the sea's colour than the land's (a pale
    sea and a pale land may differ by less than any fixed threshold)."""

    sea: np.ndarray
    land: np.ndarray | None = None

    def is_sea(self, samples: np.ndarray) -> np.ndarray:
        to_sea = _diff(samples, self.sea)
        if self.land is None:
            return to_sea < 30
        return (to_sea < 60) & (to_sea < _diff(samples, self.land))


@dataclass(frozen=True)
class Line:
    """A proposed connection between fields i and j (indices into the field list)."""

    i: int
    j: int
    dashed: bool
    wide: bool
    over_sea: bool
    bend: float = 0.0  # a curve's middle offset in chord lengths (0: straight)


def spacing(points: np.ndarray) -> float:
    """Median distance from a field to its nearest neighbour."""
    if len(points) < 2:
        return 0.0
    nearest = []
    for start in range(0, len(points), 256):  # in chunks: memory stays small on big boards
        chunk = points[start:start + 256]
        d = np.hypot(*(chunk[:, None, :] - points[None, :, :]).transpose(2, 0, 1))
        d[np.arange(len(chunk)), np.arange(start, start + len(chunk))] = np.inf
        nearest.append(d.min(axis=1))
    return float(np.median(np.concatenate(nearest)))


def candidate_pairs(points: np.ndarray, radius: float, span: float,
                    land: np.ndarray) -> list[tuple[int, int, np.ndarray]]:
    """Pairs within `span` whose segment passes no third field (closer than 0.9 radius), with
    the fields the segment may pass over: a bridge between two land fields passes over sea
    fields, so only land fields block it; those sea fields are returned to be skipped."""
    out = []
    n = len(points)
    for i in range(n):
        delta = points - points[i]
        dist = np.hypot(delta[:, 0], delta[:, 1])
        near = np.flatnonzero((dist < span) & (np.arange(n) != i))
        if not len(near):
            continue
        vec = delta[near]
        length = dist[near]
        unit = vec / length[:, None]
        along = unit @ vec.T                  # (j, k): projection of field k on segment i->j
        across = np.abs(unit[:, 0:1] * vec[:, 1] - unit[:, 1:2] * vec[:, 0])
        inside = (along > radius) & (along < length[:, None] - radius)
        on_path = inside & (across < 0.9 * radius)
        both_land = land[i] & land[near]
        blocked = np.where(both_land, (on_path & land[near][None, :]).any(axis=1),
                           on_path.any(axis=1))
        for jj, j in enumerate(near):
            if j > i and not blocked[jj]:
                passed = near[on_path[jj]] if both_land[jj] else near[:0]
                out.append((i, int(j), points[passed]))
    return out


def _sample(lab: np.ndarray, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
    h, w = lab.shape[:2]
    return lab[np.clip(ys.astype(int), 0, h - 1), np.clip(xs.astype(int), 0, w - 1)]


def _diff(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return np.abs(a - b).sum(axis=-1)


def _path(p: np.ndarray, u: np.ndarray, n: np.ndarray, length: float, t: np.ndarray,
          bend: float) -> tuple[np.ndarray, np.ndarray]:
    """Points at chord distances `t` from p along a parabola from p to q whose middle lies
    `bend` lengths to the left (0: the straight segment), and the unit normals there."""
    if not bend:
        return p + t[:, None] * u, n
    s = t / length
    base = p + t[:, None] * u + (4 * bend * length * s * (1 - s))[:, None] * n
    tangent = u + (4 * bend * (1 - 2 * s))[:, None] * n
    tangent /= np.hypot(tangent[:, 0], tangent[:, 1])[:, None]
    return base, np.stack([-tangent[:, 1], tangent[:, 0]], 1)


def line_profile(lab: np.ndarray, p: np.ndarray, q: np.ndarray, radius: float,
                 sea: Ground | None, skip: np.ndarray | None = None,
                 bend: float = 0.0, bars: np.ndarray | None = None
                 ) -> tuple[np.ndarray, np.ndarray, float]:
    """(on-line samples, wide-line samples, share of side samples that look like sea) along
    the segment from p to q, or along a curve `bend` lengths aside at its middle.

    Samples within 1.15 radius of a `skip` point (a field the line passes over) are left out,
    and those within `BAR_COVER` radii of a `bars` segment (n, 2, 2: a bridge over the line).
    """
    d = q - p
    length = float(np.hypot(*d))
    u = d / length
    n = np.array([-u[1], u[0]])
    gap = length - 2 * radius
    margin = 1.15 * radius if gap > 0.8 * radius else radius + 0.3 * max(gap, 0.0)
    start, stop = margin, length - margin
    count = int(np.clip(stop - start, 0, 400))
    if count < 2:
        return np.zeros(0, bool), np.zeros(0, bool), 0.0
    t = np.linspace(start, stop, count)
    base, n = _path(p, u, n, length, t, bend)
    keep = np.ones(len(base), bool)
    if skip is not None and len(skip):
        keep = np.hypot(*(base[:, None, :] - skip[None, :, :]).transpose(2, 0, 1)).min(
            axis=1) > 1.15 * radius
    if bars is not None and len(bars):
        keep &= _off_bars(base, bars) > BAR_COVER * radius
    if not keep.all():
        base = base[keep]
        n = n[keep] if n.ndim == 2 else n
        if len(base) < 2:
            return np.zeros(0, bool), np.zeros(0, bool), 0.0
    near, far = max(2.5, 0.35 * radius), max(5.0, 0.95 * radius)
    wobble = max(1.0, 0.08 * radius)
    centre = np.stack([_sample(lab, *(base + k * wobble * n).T) for k in (-1, 0, 1)])
    sides = {o: (_sample(lab, *(base + o * n).T), _sample(lab, *(base - o * n).T))
             for o in (near, far)}
    on = {}
    for o, (s1, s2) in sides.items():
        contrast = np.minimum(_diff(centre, s1), _diff(centre, s2))  # (3, count)
        # a line has the same colour on both sides; a coast or an edge between colours not
        on[o] = (contrast.max(axis=0) > CONTRAST) & (_diff(s1, s2) < CONTRAST)
    over_sea = 0.0
    if sea is not None:
        s1, s2 = sides[far]
        over_sea = float((sea.is_sea(s1) & sea.is_sea(s2)).mean())
    # a wide bar: the near samples are still on it, in its colour or (a bridge drawn as a
    # light deck between dark rails) in a rail's colour unlike the ground beyond on both sides
    rails = ((_diff(sides[near][0], sides[far][0]) > CONTRAST)
             & (_diff(sides[near][1], sides[far][1]) > CONTRAST))
    return on[near] | on[far], on[far] & (~on[near] | rails), over_sea


def _off_bars(points: np.ndarray, bars: np.ndarray) -> np.ndarray:
    """Distance of each point to the nearest of the segments `bars` (n, 2, 2)."""
    a, d = bars[:, 0], bars[:, 1] - bars[:, 0]                    # (n, 2)
    rel = points[:, None, :] - a[None]                            # (m, n, 2)
    t = np.clip((rel * d).sum(axis=2) / np.maximum((d * d).sum(axis=1), 1e-9), 0, 1)
    gap = rel - t[..., None] * d[None]
    return np.hypot(gap[..., 0], gap[..., 1]).min(axis=1)


def _under_bars(lab: np.ndarray, points: np.ndarray, radius: float, sea: Ground | None,
                sp: float, found: list[Line], land: np.ndarray,
                tried: list[tuple[int, int]]) -> list[Line]:
    """Sea lanes hidden in part under a bridge (MOVE-8): pairs of sea fields whose way showed
    no line, looked at again without the samples the found bridge bars cover."""
    bars = np.array([[points[ln.i], points[ln.j]] for ln in found
                     if ln.wide and land[ln.i] and land[ln.j]])
    if not len(bars):
        return []
    out = []
    for i, j in tried:
        p, q = points[i], points[j]
        if _off_bars(np.linspace(p, q, 9), bars).min() > 0.5 * radius:
            continue                                              # no bar crosses it
        on, wide, over_sea = line_profile(lab, p, q, radius, sea, bars=bars)
        length = float(np.hypot(*(q - p)))
        if len(on) >= UNDER_SEEN * max(length - 2.3 * radius, 1.0):
            found_line = _judge(i, j, on, wide, over_sea, length, sp, lane=True)
            if found_line is not None:
                out.append(found_line)
    return out


def _longest_run(on: np.ndarray) -> int:
    """Length of the longest run of on-line samples."""
    best = run = 0
    for v in on:
        run = run + 1 if v else 0
        best = max(best, run)
    return best


def _runs(on: np.ndarray) -> int:
    """Number of separate runs of on-line samples."""
    if not len(on):
        return 0
    return int(on[0]) + int(np.count_nonzero(on[1:] & ~on[:-1]))


def _judge(i: int, j: int, on: np.ndarray, wide: np.ndarray, over_sea: float, length: float,
           sp: float, curved: bool = False, lane: bool = False) -> Line | None:
    """The line the samples show between fields i and j, or None (`lane`: both are sea
    fields, whose lanes may be long dashes seen one or two at a time)."""
    if not len(on):
        return None
    share = float(on.mean())
    # a bar wider than the near offset on a good part of the line (rungs and crossing
    # lanes interrupt it)
    is_wide = not curved and int(wide.sum()) >= 0.4 * max(int(on.sum()), 1)
    if not is_wide and length > MAX_THIN_SPAN * sp:
        return None
    if share >= SOLID_SHARE or (length < SHORT_SPAN * sp and share >= SHORT_SHARE
                                and _longest_run(on) >= SHORT_RUN * len(on)):
        return Line(i, j, False, is_wide, over_sea > 0.4)
    if is_wide and share >= WIDE_SHARE and _ends_on(on):
        return Line(i, j, False, True, over_sea > 0.4)
    if is_wide:
        return None  # a bar is never dashed: what follows it is noise or crossing lines
    # a curve (tried where the straight way shows nothing) that sees nothing for half its way
    # has met another line on the rest of it
    if (share >= DASHED_SHARE and _dashes(on, 0.45 if curved else 1.0)) or (
            lane and share >= LONG_DASH_SHARE and _short_gaps(on)):
        return Line(i, j, True, False, over_sea > 0.5)
    return None


def _ends_on(on: np.ndarray) -> bool:
    """Both ends of the way mostly on the line (a bar leaves both fields)."""
    end = max(2, len(on) // 10)
    return bool(on[:end].mean() > 0.5 and on[-end:].mean() > 0.5)


def _short_gaps(on: np.ndarray) -> bool:
    """Long dashes on a short segment (one or two seen between the discs): every gap short
    and the ends covered."""
    off = np.flatnonzero(np.diff(np.concatenate([[1], on.astype(np.int8), [1]])))
    gaps = off[1::2] - off[::2]
    return bool(len(gaps)) and int(gaps.max()) <= max(3, 0.25 * len(on))


def _clear(points: np.ndarray, i: int, j: int, bend: float, radius: float) -> bool:
    """Whether the curve from field i to j bent by `bend` passes no third field."""
    p, q = points[i], points[j]
    d = q - p
    length = float(np.hypot(*d))
    u = d / length
    n = np.array([-u[1], u[0]])
    base, _ = _path(p, u, n, length, np.linspace(0, length, 24), bend)
    mid = (p + q) / 2
    near = np.flatnonzero(np.hypot(*(points - mid).T) < length)
    near = near[(near != i) & (near != j)]
    if not len(near):
        return True
    gaps = np.hypot(*(base[:, None, :] - points[near][None, :, :]).transpose(2, 0, 1))
    return bool(gaps.min() > 1.1 * radius)


def _glimpse(lab: np.ndarray, p: np.ndarray, q: np.ndarray, radius: float) -> np.ndarray:
    """The bends (signed) whose curve shows a line on most of a few samples round its middle:
    a cheap look before a curve is followed in full."""
    d = q - p
    length = float(np.hypot(*d))
    u = d / length
    n = np.array([-u[1], u[0]])
    bends = np.concatenate([np.array(BENDS), -np.array(BENDS)])
    inside = min(0.45, 1.15 * radius / length)   # the discs' share of each end
    s = np.linspace(max(0.3, inside), min(0.7, 1 - inside), 9)
    offset = 4 * bends[:, None] * length * s * (1 - s)                     # (bends, 9)
    base = p + (s * length)[None, :, None] * u + offset[..., None] * n    # (bends, 9, 2)
    wobble = max(1.0, 0.08 * radius)
    o = max(2.5, 0.35 * radius)
    centre = np.stack([_sample(lab, *(base + k * wobble * n).reshape(-1, 2).T)
                       for k in (-1, 0, 1)])
    s1 = _sample(lab, *(base + o * n).reshape(-1, 2).T)
    s2 = _sample(lab, *(base - o * n).reshape(-1, 2).T)
    contrast = np.minimum(_diff(centre, s1), _diff(centre, s2)).max(axis=0)
    on = ((contrast > CONTRAST) & (_diff(s1, s2) < CONTRAST)).reshape(len(bends), -1)
    return bends[on.mean(axis=1) >= DASHED_SHARE]


def _curved(lab: np.ndarray, points: np.ndarray, i: int, j: int, radius: float,
            sea: Ground | None, sp: float) -> Line | None:
    """A curved line between fields i and j (tried when the straight segment shows none):
    the first of a few bends on either side that shows a line and passes no third field."""
    p, q = points[i], points[j]
    length = float(np.hypot(*(q - p)))
    for bend in _glimpse(lab, p, q, radius):
        on, wide, over_sea = line_profile(lab, p, q, radius, sea, bend=float(bend))
        found = _judge(i, j, on, wide, over_sea, length, sp, curved=True, lane=True)
        if found is not None and _clear(points, i, j, float(bend), radius):
            return replace(found, bend=float(bend))
    return None


def find_lines(lab: np.ndarray, points: np.ndarray, radius: float, land: np.ndarray,
               sea: Ground | None, cancelled=lambda: False) -> list[Line]:
    """Drawn lines between fields (work pixels), straight or curved."""
    sp = spacing(points)
    if sp <= 0:
        return []
    lab = lab.astype(np.float32)
    out = []
    straight: dict[tuple[int, int], np.ndarray] = {}
    unseen: list[tuple[int, int]] = []
    for k, (i, j, skip) in enumerate(candidate_pairs(points, radius, MAX_SPAN * sp, land)):
        if k % 256 == 0 and cancelled():
            break
        on, wide, over_sea = line_profile(lab, points[i], points[j], radius, sea, skip)
        length = float(np.hypot(*(points[j] - points[i])))
        lane = not land[i] and not land[j]
        found = _judge(i, j, on, wide, over_sea, length, sp, lane=lane)
        if found is not None:
            straight[i, j] = skip
        elif length <= MAX_CURVED_SPAN * sp and lane:
            found = _curved(lab, points, i, j, radius, sea, sp)
            if found is None:
                unseen.append((i, j))
        if found is not None:
            out.append(found)
    out = _without_alongside(lab, points, radius, sea, sp, out, land, straight)
    return out + _under_bars(lab, points, radius, sea, sp, out, land, unseen)


def _way(points: np.ndarray, line: Line, steps: int = 12) -> np.ndarray:
    """Points along a found line from field i to field j, along its bend when curved."""
    p, q = points[line.i], points[line.j]
    length = float(np.hypot(*(q - p)))
    u = (q - p) / max(length, 1e-9)
    way, _ = _path(p, u, np.array([-u[1], u[0]]), length, np.linspace(0, length, steps),
                   line.bend)
    return way


def _alongside(points: np.ndarray, line: Line, found: list[Line]) -> np.ndarray:
    """The pieces (n, 2, 2) of the other found lines that leave one of `line`'s fields
    less than `ALONGSIDE_ANGLE` degrees from it (a curve: where it leaves the field)."""
    out = []
    for other in found:
        common = {line.i, line.j} & {other.i, other.j}
        if other is line or len(common) != 1:
            continue
        k = common.pop()
        way = _way(points, other)
        leaving = (way[2] if k == other.i else way[-3]) - points[k]
        a = points[line.j if k == line.i else line.i] - points[k]
        cos = float(a @ leaving) / max(float(np.hypot(*a) * np.hypot(*leaving)), 1e-9)
        if cos > np.cos(np.radians(ALONGSIDE_ANGLE)):
            out.extend(np.stack([way[:-1], way[1:]], 1))
    return np.array(out).reshape(-1, 2, 2)


def _without_alongside(lab: np.ndarray, points: np.ndarray, radius: float,
                       sea: Ground | None, sp: float, found: list[Line], land: np.ndarray,
                       straight: dict[tuple[int, int], np.ndarray]) -> list[Line]:
    """Leave out a straight dashed line whose dashes were the dots of another found line
    running alongside it from a common field (a lane leaving a sea field a few degrees from
    the way to a land field made a false harbour link, BF-3): looked at again without the
    samples near that line, it must still show a line. When less than `UNDER_SEEN` of its
    way is left to see, the two cannot be told apart and it stays."""
    out = []
    for ln in found:
        others = _alongside(points, ln, found) if ln.dashed and (ln.i, ln.j) in straight \
            else np.zeros((0, 2, 2))
        if len(others):
            p, q = points[ln.i], points[ln.j]
            length = float(np.hypot(*(q - p)))
            on, wide, over_sea = line_profile(lab, p, q, radius, sea, straight[ln.i, ln.j],
                                              bars=others)
            seen = len(on) >= UNDER_SEEN * max(length - 2.3 * radius, 1.0)
            lane = not land[ln.i] and not land[ln.j]
            if seen and _judge(ln.i, ln.j, on, wide, over_sea, length, sp, lane=lane) is None:
                continue
        out.append(ln)
    return out


def _dashes(on: np.ndarray, unseen: float = 1.0) -> bool:
    """At least three dashes (two on a short gap) of similar length with similar gaps, spread
    over the segment; among five dashes or more one longer gap (at most `unseen` of the way:
    a lane may hide under a bridge) and one longer dash are allowed (where a harbour link
    crosses the coast the sides differ, so the dash there is not seen, or the coast's own
    line joins the dots there into one long run); single samples among long dashes are
    specks, not dashes, unless they end the way (dashes cut short by the margin)."""
    if _runs(on) < (2 if len(on) < 40 else 3):
        return False
    edges = np.flatnonzero(np.diff(np.concatenate([[0], on.astype(np.int8), [0]])))
    starts, stops = edges[::2], edges[1::2]
    dashes = stops - starts
    # single samples among long dashes are specks (a bar's edge); one at either end of the
    # way is a dash cut short by the disc's margin (a short harbour link shows two dashes)
    keep = (dashes > 1) | (starts == 0) | (stops == len(on))
    if 2 <= keep.sum() < len(dashes) and np.median(dashes[keep]) >= 4:
        starts, stops, dashes = starts[keep], stops[keep], dashes[keep]
    gaps = starts[1:] - stops[:-1]
    if (stops[-1] - starts[0]) / len(on) < 0.7:
        return False
    def even(runs: np.ndarray) -> bool:
        inner = runs[1:-1] if len(runs) > 3 else runs
        return float(np.std(inner)) <= 0.5 * float(np.mean(inner)) + 1
    if len(gaps) >= 4:  # among five dashes or more
        if gaps.max() > unseen * len(on):
            return False
        gaps = np.delete(gaps, gaps.argmax())
        longest = dashes[1:-1].argmax() + 1
        return (even(dashes) or even(np.delete(dashes, longest))) and even(gaps)
    return even(dashes) and even(gaps)
