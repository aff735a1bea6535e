"""What a printed Grand Conquest map draws besides fields and lines, for the bench styles:
waves on the sea, forest regions, moats round castles, drawbridges on castle accesses and
arrow slits (CASTLE-1, BF-7, REG-1). The detector must see past them: a moat runs under the
access roads, a drawbridge covers half of one, a region's edge meets roads.

`Ornaments` holds the colours (RGB) and sizes in field radii; `draw_under` paints what lies
under the lines, `draw_over` what lies over them (drawbridges, slits).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from PIL import Image, ImageDraw

from editor.model.board import Board, ConnectionKind

RGB = tuple[int, int, int]


@dataclass(frozen=True)
class Ornaments:
    """Colours of the marks beside fields and lines; None leaves a mark out."""

    waves: RGB | None = None               # small arcs scattered over the sea
    region: RGB | None = None              # forest regions: fill
    trees: RGB | None = None               # tree marks inside a region
    moat: RGB | None = None                # a ring round each castle with a moat
    moat_width: float = 0.7                # in field radii
    drawbridge: tuple[RGB, RGB] | None = None   # fill, outline of the bridge plank
    slit: tuple[RGB, RGB] | None = None         # fill, outline of an arrow slit


def draw_waves(img: Image.Image, colour: RGB, r: float, rng: np.random.Generator) -> None:
    """Rows of short arcs over the whole image (the land is pasted over them)."""
    draw = ImageDraw.Draw(img)
    w, h = img.size
    step, pitch = max(6, round(0.64 * r)), max(12, round(2.1 * r))
    arc = max(4, round(0.73 * r))
    for y in range(0, h, step):
        for x in range(int(rng.integers(0, pitch)), w, pitch):
            draw.arc((x, y, x + arc, y + arc // 2), 200, 340, fill=colour, width=1)


def _castle_rings(board: Board) -> list[tuple[float, float, float]]:
    """(x, y, radius) of each moat: round the towers' centre, halfway between the towers and
    the fields in front of them."""
    fields = board.field_by_id()
    access = {c.id: c for c in board.connections if c.kind == ConnectionKind.CASTLE_ACCESS}
    out = []
    for castle in board.castles:
        towers = [fields[t.field] for t in castle.towers if t.field in fields]
        if not castle.moat or not towers:
            continue
        cx = sum(f.x for f in towers) / len(towers)
        cy = sum(f.y for f in towers) / len(towers)
        inner = max(math.hypot(f.x - cx, f.y - cy) for f in towers)
        fronts = []
        for t in castle.towers:
            c = access.get(t.access or "")
            front = fields.get(c.b if c and c.a == t.field else c.a) if c else None
            if front is not None:
                fronts.append(math.hypot(front.x - cx, front.y - cy))
        outer = min(fronts) if fronts else inner * 2
        out.append((cx, cy, (inner + outer) / 2))
    return out


def _regions(draw: ImageDraw.ImageDraw, board: Board, orn: Ornaments, r: float,
             rng: np.random.Generator) -> None:
    for region in board.regions:
        poly = [(p.x, p.y) for p in region.polygon]
        if len(poly) < 3:
            continue
        draw.polygon(poly, fill=orn.region, outline=tuple(v // 2 for v in orn.region))
        if orn.trees is None:
            continue
        xs, ys = [p[0] for p in poly], [p[1] for p in poly]
        area = (max(xs) - min(xs)) * (max(ys) - min(ys))
        size = 0.4 * r
        for _ in range(int(area / (2.5 * r) ** 2)):
            x, y = rng.uniform(min(xs), max(xs)), rng.uniform(min(ys), max(ys))
            if _inside((x, y), poly):
                draw.polygon([(x, y - size), (x - 0.66 * size, y + 0.55 * size),
                              (x + 0.66 * size, y + 0.55 * size)], fill=orn.trees)


def _inside(p: tuple[float, float], poly: list[tuple[float, float]]) -> bool:
    x, y = p
    inside = False
    for (x1, y1), (x2, y2) in zip(poly, poly[-1:] + poly[:-1], strict=True):
        if (y1 > y) != (y2 > y) and x < (x2 - x1) * (y - y1) / (y2 - y1) + x1:
            inside = not inside
    return inside


def draw_under(img: Image.Image, board: Board, orn: Ornaments, r: float,
               rng: np.random.Generator) -> None:
    """Regions and moats, drawn over the land and under the lines."""
    draw = ImageDraw.Draw(img)
    if orn.region is not None:
        _regions(draw, board, orn, r, rng)
    if orn.moat is not None:
        width = max(2, round(orn.moat_width * r))
        for x, y, ring in _castle_rings(board):
            draw.ellipse((x - ring, y - ring, x + ring, y + ring), outline=orn.moat,
                         width=width)


def draw_over(img: Image.Image, board: Board, orn: Ornaments, r: float) -> None:
    """Drawbridge planks across their castle accesses and arrow slits between their fields."""
    draw = ImageDraw.Draw(img)
    fields = board.field_by_id()
    if orn.drawbridge is not None:
        fill, outline = orn.drawbridge
        for c in board.connections:
            a, b = fields.get(c.a), fields.get(c.b)
            if c.kind != ConnectionKind.CASTLE_ACCESS or not c.drawbridge or not a or not b:
                continue
            mx, my = a.x + (b.x - a.x) * 0.5, a.y + (b.y - a.y) * 0.5
            ang = math.atan2(b.y - a.y, b.x - a.x)
            ca, sa = math.cos(ang), math.sin(ang)
            pts = [(mx + ca * u - sa * v, my + sa * u + ca * v)
                   for u, v in ((-0.64 * r, -0.41 * r), (0.64 * r, -0.41 * r),
                                (0.64 * r, 0.41 * r), (-0.64 * r, 0.41 * r))]
            draw.polygon(pts, fill=fill, outline=outline)
    if orn.slit is not None:
        fill, outline = orn.slit
        for slit in board.arrow_slits:
            a, b = fields.get(slit.a), fields.get(slit.b)
            if a and b:
                mx, my = (a.x + b.x) / 2, (a.y + b.y) / 2
                draw.rectangle((mx - 0.23 * r, my - 0.55 * r, mx + 0.23 * r, my + 0.55 * r),
                               fill=fill, outline=outline)
