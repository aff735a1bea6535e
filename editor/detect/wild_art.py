"""Wilderness regions drawn on the bench's scans the way printed Grand Conquest boards show them
(WILD-1, BF-10): a tinted or hatched area inside a darker border, and the wilderness paths
between regions as a dotted or dashed line from one region's centre to the other's, drawn
where it lies outside both regions.

`paint_cv` draws with OpenCV (the `synthetic` styles), `paint_pil` with Pillow (the `styles`
ones). Both take their own random generator, so a board without regions is drawn exactly as
before and the other random choices of a style do not move.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np
from PIL import ImageDraw

from editor.model.board import Board, ConnectionKind, Region
from editor.model.geometry import centroid, point_in_polygon

RGB = tuple[int, int, int]


@dataclass(frozen=True)
class WildStyle:
    """How regions and their paths look: the region's own colour blended into the land by
    `tint` inside a darker border; the path `pattern` "dotted" or "dashed" in `path` colour
    (RGB); widths in field radii."""

    tint: float = 0.6
    border: float = 0.14
    path: RGB = (110, 70, 30)
    pattern: str = "dotted"
    width: float = 0.16
    pitch: float = 0.55


def _rgb(colour: str) -> np.ndarray:
    return np.array([int(colour[k:k + 2], 16) for k in (1, 3, 5)], np.float64)


def region_colours(region: Region, land: RGB, style: WildStyle) -> tuple[RGB, RGB]:
    """(fill, border) of a region in RGB: its colour blended into the land, and darker."""
    fill = style.tint * _rgb(region.colour) + (1 - style.tint) * np.array(land, np.float64)
    border = 0.6 * fill
    return (tuple(int(v) for v in fill), tuple(int(v) for v in border))  # type: ignore[return-value]


def path_segments(board: Board) -> list[tuple[np.ndarray, np.ndarray]]:
    """For each wilderness path between two regions: its visible part, from where the line
    between the region centres leaves the first region to where it enters the second."""
    regions = board.region_by_id()
    out = []
    for c in board.connections:
        if c.kind != ConnectionKind.WILDERNESS_PATH or c.a not in regions or c.b not in regions:
            continue
        pa = [(q.x, q.y) for q in regions[c.a].polygon]
        pb = [(q.x, q.y) for q in regions[c.b].polygon]
        p, q = np.array(centroid(pa)), np.array(centroid(pb))
        ts = np.linspace(0, 1, 81)
        outside = [t for t in ts if not point_in_polygon(tuple(p + t * (q - p)), pa)
                   and not point_in_polygon(tuple(p + t * (q - p)), pb)]
        if outside:
            t0, t1 = max(0.0, outside[0] - 0.03), min(1.0, outside[-1] + 0.03)
            out.append((p + t0 * (q - p), p + t1 * (q - p)))
    return out


def _marks(a: np.ndarray, b: np.ndarray, pitch: float, dashed: bool) -> list[np.ndarray]:
    """Dots (one point) or dashes (two points) every `pitch` px from a to b."""
    length = float(np.hypot(*(b - a)))
    n = max(2, round(length / pitch))
    u = (b - a) / max(length, 1.0)
    out = []
    for k in range(n + 1):
        c = a + (b - a) * k / n
        out.append(np.stack([c - u * pitch * 0.27, c + u * pitch * 0.27]) if dashed else c[None])
    return out


def _tufts(draw: ImageDraw.ImageDraw, poly: np.ndarray, fill: RGB, r: float) -> None:
    """A few darker marks round the region's centre (trees, dunes)."""
    cx, cy = centroid([tuple(p) for p in poly])
    dark = tuple(int(0.8 * v) for v in fill)
    for k in range(6):
        x, y = cx + 1.3 * r * math.cos(k * 1.05), cy + 1.3 * r * math.sin(k * 1.05)
        d = 0.2 * r
        draw.ellipse((x - d, y - d, x + d, y + d), fill=dark)


def land_under(img: np.ndarray, board: Board, colour: tuple[int, int, int],
               margin: float) -> None:
    """The land under each region and `margin` px round it (OpenCV; drawn with the islands,
    so the coast runs round it too)."""
    for region in board.regions:
        pts = np.round(np.array([[q.x, q.y] for q in region.polygon]) * 4).astype(np.int32)
        cv2.fillPoly(img, [pts], colour, cv2.LINE_AA, shift=2)
        cv2.polylines(img, [pts], True, colour, round(2 * margin), cv2.LINE_AA, shift=2)


def paint_cv(img: np.ndarray, board: Board, land_bgr: tuple[int, int, int], r: float,
             style: WildStyle, seed: int = 7) -> None:
    """Draw the board's regions and wilderness paths on a BGR image (OpenCV)."""
    rng = np.random.default_rng(seed)
    land = tuple(int(v) for v in land_bgr[::-1])
    for region in board.regions:
        poly = np.array([[q.x, q.y] for q in region.polygon], np.float64)
        pts = np.round(poly * 4).astype(np.int32)
        fill, border = region_colours(region, land, style)  # type: ignore[arg-type]
        cv2.fillPoly(img, [pts], fill[::-1], cv2.LINE_AA, shift=2)
        cx, cy = centroid([tuple(p) for p in poly])
        for k in range(7):  # a little texture: tufts
            ang, dist = k * 0.9 + rng.uniform(0, 0.5), rng.uniform(0.9, 1.6) * r
            cv2.circle(img, (round(cx + dist * math.cos(ang)), round(cy + dist * math.sin(ang))),
                       max(2, round(0.18 * r)), tuple(int(0.8 * v) for v in fill[::-1]), -1,
                       cv2.LINE_AA)
        cv2.polylines(img, [pts], True, border[::-1], max(2, round(style.border * r)),
                      cv2.LINE_AA, shift=2)
    colour = style.path[::-1]
    width = max(2, round(style.width * r))
    for a, b in path_segments(board):
        for mark in _marks(a, b, style.pitch * r, style.pattern == "dashed"):
            if len(mark) == 1:
                cv2.circle(img, (round(mark[0][0]), round(mark[0][1])), max(1, width // 2 + 1),
                           colour, -1, cv2.LINE_AA)
            else:
                cv2.line(img, tuple(round(v) for v in mark[0]), tuple(round(v) for v in mark[1]),
                         colour, width, cv2.LINE_AA)


def land_under_pil(draw: ImageDraw.ImageDraw, board: Board, r: float) -> None:
    """The land under each region and 2.5 field radii round it, and under the paths between
    regions, on a Pillow land mask."""
    for region in board.regions:
        outline = [(q.x, q.y) for q in region.polygon]
        draw.polygon(outline, fill=255)
        draw.line(outline + outline[:1], fill=255, width=round(5 * r), joint="curve")
    for a, b in path_segments(board):  # and the paths between them run over land
        draw.line([tuple(a), tuple(b)], fill=255, width=round(4 * r))


def paint_pil(draw: ImageDraw.ImageDraw, board: Board, land: RGB, r: float,
              style: WildStyle) -> None:
    """Draw the board's regions and wilderness paths with Pillow."""
    for region in board.regions:
        poly = np.array([[q.x, q.y] for q in region.polygon], np.float64)
        fill, border = region_colours(region, land, style)
        outline = [tuple(p) for p in poly]
        draw.polygon(outline, fill=fill)
        _tufts(draw, poly, fill, r)
        draw.line(outline + outline[:1], fill=border, width=max(2, round(style.border * r)),
                  joint="curve")
    width = max(2, round(style.width * r))
    for a, b in path_segments(board):
        for mark in _marks(a, b, style.pitch * r, style.pattern == "dashed"):
            if len(mark) == 1:
                x, y = mark[0]
                d = width / 2 + 0.5
                draw.ellipse((x - d, y - d, x + d, y + d), fill=style.path)
            else:
                draw.line([tuple(mark[0]), tuple(mark[1])], fill=style.path, width=width)

