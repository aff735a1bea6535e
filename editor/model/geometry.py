"""Plane geometry on image pixels: polygons, distances, centroids (no dependencies)."""

from __future__ import annotations

import math
from collections.abc import Sequence

XY = tuple[float, float]


def distance(a: XY, b: XY) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def _cross(o: XY, a: XY, b: XY) -> float:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def _on_segment(p: XY, a: XY, b: XY) -> bool:
    return (min(a[0], b[0]) <= p[0] <= max(a[0], b[0])
            and min(a[1], b[1]) <= p[1] <= max(a[1], b[1]))


def segments_intersect(p1: XY, p2: XY, q1: XY, q2: XY) -> bool:
    """True when the closed segments p1-p2 and q1-q2 share a point."""
    d1, d2 = _cross(q1, q2, p1), _cross(q1, q2, p2)
    d3, d4 = _cross(p1, p2, q1), _cross(p1, p2, q2)
    if ((d1 > 0) != (d2 > 0) and d1 != 0 and d2 != 0
            and (d3 > 0) != (d4 > 0) and d3 != 0 and d4 != 0):
        return True
    return ((d1 == 0 and _on_segment(p1, q1, q2)) or (d2 == 0 and _on_segment(p2, q1, q2))
            or (d3 == 0 and _on_segment(q1, p1, p2)) or (d4 == 0 and _on_segment(q2, p1, p2)))


def signed_area(poly: Sequence[XY]) -> float:
    n = len(poly)
    return 0.5 * sum(poly[i][0] * poly[(i + 1) % n][1] - poly[(i + 1) % n][0] * poly[i][1]
                     for i in range(n))


def polygon_problem(poly: Sequence[XY]) -> str | None:
    """Why a polygon is not a simple polygon, or None when it is valid."""
    if len(poly) < 3:
        return f"has {len(poly)} point(s); a region needs at least 3"
    n = len(poly)
    for i in range(n):
        if poly[i] == poly[(i + 1) % n]:
            return f"points {i} and {(i + 1) % n} coincide"
    if all(_cross(poly[0], poly[1], p) == 0 for p in poly[2:]):
        return "has zero area (all points on one line)"
    for i in range(n):
        a1, a2 = poly[i], poly[(i + 1) % n]
        for j in range(i + 1, n):
            if j == i or (j + 1) % n == i or j == (i + 1) % n:
                continue  # neighbouring edges share a corner
            if segments_intersect(a1, a2, poly[j], poly[(j + 1) % n]):
                return f"edges {i} and {j} cross (self-intersecting outline)"
    if abs(signed_area(poly)) < 1e-6:
        return "has zero area"
    return None


def point_segment_distance(p: XY, a: XY, b: XY) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    if length2 == 0:
        return distance(p, a)
    t = max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2))
    return distance(p, (a[0] + t * dx, a[1] + t * dy))


def point_in_polygon(p: XY, poly: Sequence[XY]) -> bool:
    inside = False
    n = len(poly)
    for i in range(n):
        a, b = poly[i], poly[(i + 1) % n]
        if (a[1] > p[1]) != (b[1] > p[1]):
            x = a[0] + (p[1] - a[1]) * (b[0] - a[0]) / (b[1] - a[1])
            if p[0] < x:
                inside = not inside
    return inside


def distance_to_polygon(p: XY, poly: Sequence[XY]) -> float:
    """0 inside the polygon, else the distance to its outline."""
    if len(poly) >= 3 and point_in_polygon(p, poly):
        return 0.0
    n = len(poly)
    if n == 1:
        return distance(p, poly[0])
    return min(point_segment_distance(p, poly[i], poly[(i + 1) % n]) for i in range(n))


def centroid(poly: Sequence[XY]) -> XY:
    """Area centroid of a simple polygon (vertex mean when degenerate)."""
    area = signed_area(poly)
    if abs(area) < 1e-9:
        n = max(len(poly), 1)
        return (sum(p[0] for p in poly) / n, sum(p[1] for p in poly) / n)
    cx = cy = 0.0
    n = len(poly)
    for i in range(n):
        x0, y0 = poly[i]
        x1, y1 = poly[(i + 1) % n]
        w = x0 * y1 - x1 * y0
        cx += (x0 + x1) * w
        cy += (y0 + y1) * w
    return (cx / (6 * area), cy / (6 * area))
