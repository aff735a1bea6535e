"""One-way marks on roads: V shapes across the line pointing the way bound pieces may go
(BF-6, OBST-1, OBST-2).

Across a found road, ink is looked for on both sides at the same place along it (a V is
symmetric about its line; a line crossing the road obliquely is not). The arms of a V pointing
towards the road's end q lie further back the further they reach out: along the road the ink
moves back by about as much as it reaches aside. Each V (a run of such ink along the road,
whose arms come in to the road) gives the slope of that shift; Vs of one sign make the mark.
A line crossing square to the road (no shift) makes none, nor do the neighbouring roads that
fan out from a field on both sides (they meet the road only inside the disc).
"""

from __future__ import annotations

import numpy as np

#: Colour difference (sum of |dL|, |da|, |db|) that makes a sample ink.
CONTRAST = 35.0
#: How far aside the arms are looked for, in field radii (the line itself lies inside).
REACH = np.arange(0.22, 0.68, 0.06)
#: Slope of a V's arms (shift along per unit aside); a V drawn at 45 degrees has 1.
SLOPES = (0.45, 2.2)


def _sample(lab: np.ndarray, xy: np.ndarray) -> np.ndarray:
    h, w = lab.shape[:2]
    xs = np.clip(xy[..., 0].astype(int), 0, w - 1)
    ys = np.clip(xy[..., 1].astype(int), 0, h - 1)
    return lab[ys, xs].astype(np.float32)


def _vs(t: np.ndarray, hits: np.ndarray, reach: np.ndarray, radius: float) -> list[float]:
    """Slopes (along per aside) of the separate Vs among the symmetric hits (t x reach)."""
    rows = np.flatnonzero(hits.any(axis=1))
    if not len(rows):
        return []
    cuts = np.flatnonzero(np.diff(t[rows]) > max(1.0, 0.08 * radius)) + 1
    out = []
    for run in np.split(rows, cuts):
        if not hits[run, :2].any():
            continue  # the arms never come in to the road: lines fanning out from a field
        tt, kk = np.nonzero(hits[run])
        aside = reach[kk]
        if len(np.unique(kk)) < 3:
            continue
        along = t[run][tt]
        slope = np.polyfit(aside, along, 1)[0]
        out.append(float(slope))
    return out


def one_way_end(lab: np.ndarray, p: np.ndarray, q: np.ndarray, radius: float) -> int:
    """+1 when V marks on the road from p to q point to q, -1 when they point to p, 0 when
    there are none (or they disagree)."""
    d = q - p
    length = float(np.hypot(*d))
    margin = 1.15 * radius
    if length - 2 * margin < 0.5 * radius:
        return 0
    u = d / length
    n = np.array([-u[1], u[0]])
    t = np.arange(margin, length - margin, 1.0)
    reach = REACH * radius
    base = p + t[:, None] * u                                             # (t, 2)
    plus = _sample(lab, base[:, None, :] + reach[None, :, None] * n)      # (t, reach, 3)
    minus = _sample(lab, base[:, None, :] - reach[None, :, None] * n)
    ground = np.median(np.concatenate([plus[:, -1], minus[:, -1]]), axis=0)
    ink_p = np.abs(plus - ground).sum(axis=2) > CONTRAST
    ink_m = np.abs(minus - ground).sum(axis=2) > CONTRAST
    hits = ink_p & ink_m
    if hits.any(axis=1).mean() > 0.7:  # ink aside along most of it: a bar or a busy patch
        return 0
    lo, hi = SLOPES
    signs = [np.sign(-s) for s in _vs(t, hits, REACH * radius, radius) if lo <= abs(s) <= hi]
    if not signs or len(set(signs)) != 1:
        return 0
    return int(signs[0])
