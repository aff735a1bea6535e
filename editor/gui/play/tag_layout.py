"""Where each target's AP tag goes: one of four corners beside its ring, chosen so that the
tags of a dense cluster of targets neither cover each other nor another target's ring.

Plain geometry (no Qt): a rectangle is (left, top, width, height) in scene units. Placement is
greedy, most crowded target first, then a few rounds in which each tag moves to the corner that
overlaps least given all the others; ties keep the lower corner index, so the usual place
(below right) wins wherever it is free and the layout is the same on every run.
"""

from __future__ import annotations

from collections.abc import Sequence

Rect = tuple[float, float, float, float]

#: corners in order of preference: below right, below left, above right, above left
CORNERS = ("below-right", "below-left", "above-right", "above-left")
RING = 1.25  # a target ring's radius, in field radii (TargetItem draws it)
GAP_X, GAP_Y = 0.55, 0.75  # the tag's distance from the centre, in field radii
ROUNDS = 3


def tag_rect(corner: int, width: float, height: float, radius: float) -> Rect:
    """The tag's rectangle relative to the target's centre for one of the `CORNERS`."""
    right = corner in (0, 2)
    below = corner in (0, 1)
    left = GAP_X * radius if right else -GAP_X * radius - width
    top = GAP_Y * radius if below else -GAP_Y * radius - height
    return left, top, width, height


def _overlap(a: Rect, b: Rect) -> float:
    w = min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])
    h = min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def _placed(centre: tuple[float, float], corner: int, width: float, height: float,
            radius: float) -> Rect:
    left, top, w, h = tag_rect(corner, width, height, radius)
    return centre[0] + left, centre[1] + top, w, h


def place_tags(centres: Sequence[tuple[float, float]], widths: Sequence[float], height: float,
               radius: float, obstacles: Sequence[Rect] = ()) -> list[int]:
    """A corner index (into `CORNERS`) for each target's tag.

    Cost of a corner: the area it shares with the other tags (weighted 4x: two numbers on top
    of each other cannot be read) plus the area it shares with the other targets' rings and
    with `obstacles` (e.g. the pieces on the board).
    """
    n = len(centres)
    ring = RING * radius
    rings = [(x - ring, y - ring, 2 * ring, 2 * ring) for x, y in centres]
    reach = 2 * ring + 2 * max(widths, default=0.0)
    nearby_obstacles = [[o for o in obstacles
                         if abs(o[0] + o[2] / 2 - x) < reach + o[2]
                         and abs(o[1] + o[3] / 2 - y) < reach + o[3]] for x, y in centres]
    near = [[j for j in range(n) if j != i
             and abs(centres[i][0] - centres[j][0]) < 2 * ring + widths[i] + widths[j]
             and abs(centres[i][1] - centres[j][1]) < 2 * ring + 2 * height] for i in range(n)]
    corners: list[int | None] = [None] * n

    def cost(i: int, corner: int) -> float:
        rect = _placed(centres[i], corner, widths[i], height, radius)
        total = sum(_overlap(rect, o) for o in nearby_obstacles[i])
        for j in near[i]:
            total += _overlap(rect, rings[j])
            other = corners[j]
            if other is not None:
                total += 4 * _overlap(rect, _placed(centres[j], other, widths[j], height,
                                                    radius))
        return total

    def best(i: int) -> int:
        return min(range(len(CORNERS)), key=lambda c: (cost(i, c), c))

    for i in sorted(range(n), key=lambda k: (-len(near[k]), k)):
        corners[i] = best(i)
    for _ in range(ROUNDS):
        changed = False
        for i in range(n):
            if near[i] or nearby_obstacles[i]:
                c = best(i)
                changed |= c != corners[i]
                corners[i] = c
        if not changed:
            break
    return [c or 0 for c in corners]


def total_overlap(centres: Sequence[tuple[float, float]], widths: Sequence[float],
                  height: float, radius: float, corners: Sequence[int]) -> tuple[float, float]:
    """(area tags share with each other, area tags share with other targets' rings)."""
    ring = RING * radius
    rects = [_placed(c, k, w, height, radius)
             for c, k, w in zip(centres, corners, widths, strict=True)]
    tags = sum(_overlap(rects[i], rects[j]) for i in range(len(rects))
               for j in range(i + 1, len(rects)))
    rings = sum(_overlap(rects[i], (x - ring, y - ring, 2 * ring, 2 * ring))
                for i in range(len(rects)) for j, (x, y) in enumerate(centres) if j != i)
    return tags, rings
