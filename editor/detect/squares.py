"""Square tower fields whose fill a wide number cuts into pieces (CASTLE-1, BF-7).

A tower is a square field: its fill is a flat region of one colour inside a square outline,
with the number in the middle. A bold number that nearly spans the square splits that fill
into pieces (above and below the digits) or bites a notch into it from the outline, so the
fill alone is neither square nor holed. Here flat pieces of one colour lying close together
are joined (never past the size of a field), and a group whose convex hull is a square of
field size, with the missing part (the number) in its middle, is a tower.
"""

from __future__ import annotations

import cv2
import numpy as np

#: Largest side of a tower's fill, in typical disc-fill radii (a tower is 1.8 field radii).
MAX_SIDE, MIN_SIDE = 2.4, 1.3
#: Pieces further apart than this (fill radii) are never one fill; colours must be this close
#: (sum of |dL|, |da|, |db|).
GAP, SAME_COLOUR = 0.8, 24.0


class _Groups:
    """Union-find over flat pieces, keeping each group's bounding box."""

    def __init__(self, boxes: np.ndarray) -> None:
        self.parent = list(range(len(boxes)))
        self.box = [tuple(int(v) for v in b) for b in boxes]   # x0, y0, x1, y1

    def find(self, i: int) -> int:
        while self.parent[i] != i:
            self.parent[i] = self.parent[self.parent[i]]
            i = self.parent[i]
        return i

    def join(self, i: int, j: int, limit: float) -> None:
        a, b = self.find(i), self.find(j)
        if a == b:
            return
        (ax0, ay0, ax1, ay1), (bx0, by0, bx1, by1) = self.box[a], self.box[b]
        box = (min(ax0, bx0), min(ay0, by0), max(ax1, bx1), max(ay1, by1))
        if box[2] - box[0] <= limit and box[3] - box[1] <= limit:
            self.parent[b] = a
            self.box[a] = box


def _pieces(labels: np.ndarray, stats: np.ndarray, lab: np.ndarray,
            inner: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Flat pieces small enough to be part of a tower's fill: ids, boxes, mean colours."""
    x, y, w, h, area = (stats[:, i].astype(np.int64) for i in range(5))
    limit = MAX_SIDE * inner
    ok = (area >= max(6.0, 0.02 * inner * inner)) & (w <= limit) & (h <= limit)
    ok[0] = False
    ids = np.flatnonzero(ok)
    flat = labels.ravel()
    count = np.maximum(np.bincount(flat, minlength=len(stats)), 1)
    colour = np.stack([np.bincount(flat, lab[..., c].ravel().astype(np.float64),
                                   minlength=len(stats)) / count for c in range(3)], 1)
    boxes = np.stack([x[ids], y[ids], x[ids] + w[ids], y[ids] + h[ids]], 1)
    return ids, boxes, colour[ids]


def _group(boxes: np.ndarray, colours: np.ndarray, inner: float) -> _Groups:
    """Join pieces of one colour whose boxes lie within `GAP` fill radii of each other."""
    groups = _Groups(boxes)
    cell = MAX_SIDE * inner
    grid: dict[tuple[int, int], list[int]] = {}
    centres = (boxes[:, :2] + boxes[:, 2:]) / 2
    for k, (cx, cy) in enumerate(centres):
        grid.setdefault((int(cx // cell), int(cy // cell)), []).append(k)
    gap = GAP * inner
    for (gx, gy), members in grid.items():
        near = [o for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                for o in grid.get((gx + dx, gy + dy), [])]
        for i in members:
            for j in near:
                if j <= i:
                    continue
                apart = max(boxes[j, 0] - boxes[i, 2], boxes[i, 0] - boxes[j, 2],
                            boxes[j, 1] - boxes[i, 3], boxes[i, 1] - boxes[j, 3])
                if apart <= gap and np.abs(colours[i] - colours[j]).sum() < SAME_COLOUR:
                    groups.join(i, j, cell)
    return groups


def _square(mask: np.ndarray, inner: float) -> tuple[float, float] | None:
    """Centre (in the mask) of a tower fill, or None: the hull is a square of field size that
    fills its box, and what the pieces leave out of it (the number) lies in its middle."""
    h, w = mask.shape
    if not (MIN_SIDE * inner <= min(w, h) and max(w, h) <= MAX_SIDE * inner
            and 0.8 < w / h < 1.25):
        return None
    points = cv2.findNonZero(mask)
    hull = cv2.convexHull(points)
    hull_area = cv2.contourArea(hull)
    if hull_area < 0.88 * w * h:
        return None
    corners = cv2.approxPolyDP(hull, 0.06 * cv2.arcLength(hull, True), True)
    if len(corners) != 4:
        return None
    inside = np.zeros_like(mask)
    cv2.drawContours(inside, [hull], -1, 1, thickness=-1)
    missing = inside & (1 - mask)
    share = float(missing.sum()) / max(float(inside.sum()), 1.0)
    if not 0.05 <= share <= 0.6:
        return None
    m = cv2.moments(missing, binaryImage=True)
    mx, my = m["m10"] / m["m00"], m["m01"] / m["m00"]
    if np.hypot(mx - w / 2, my - h / 2) > 0.2 * (w + h) / 2:
        return None
    return w / 2, h / 2


def split_squares(labels: np.ndarray, stats: np.ndarray, lab: np.ndarray,
                  inner: float) -> list[tuple[float, float, tuple[float, float, float]]]:
    """(x, y, fill colour) in work pixels of tower fields whose fill the number splits or
    notches."""
    ids, boxes, colours = _pieces(labels, stats, lab, inner)
    if not len(ids):
        return []
    groups = _group(boxes, colours, inner)
    members: dict[int, list[int]] = {}
    for k in range(len(ids)):
        members.setdefault(groups.find(k), []).append(int(ids[k]))
    out = []
    for root, group in members.items():
        x0, y0, x1, y1 = groups.box[root]
        mask = np.isin(labels[y0:y1, x0:x1], group).astype(np.uint8)
        centre = _square(mask, inner)
        if centre is not None:
            fill = lab[y0:y1, x0:x1][mask.astype(bool)].mean(axis=0)
            out.append((x0 + centre[0], y0 + centre[1], tuple(float(v) for v in fill)))
    return out
