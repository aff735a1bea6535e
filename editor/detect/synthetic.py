"""Draw boards as scans in styles unlike our renderer, for tests and the bench (OpenCV only).

`draw_board(board, style)` paints a board's fields, numbers and connections; `photograph`
turns a scan into a skewed, unevenly lit JPEG copy and moves the true board with it.
Everything is deterministic (seeded), so the bench needs no stored images.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace

import cv2
import numpy as np

from editor.detect.wild_art import WildStyle, land_under, paint_cv
from editor.model.board import Board, ConnectionKind, Terrain


@dataclass(frozen=True)
class Style:
    """Colours (BGR), sizes in board pixels, and how lines are drawn."""

    name: str
    paper: tuple[int, int, int]
    land: tuple[int, int, int]
    coast: tuple[int, int, int]
    land_fill: tuple[int, int, int]
    sea_fill: tuple[int, int, int]
    outline: tuple[int, int, int]
    road: tuple[int, int, int]
    lane: tuple[int, int, int]
    ink: tuple[int, int, int]
    radius: float            # field radius in px
    font: int
    thickness: int
    wobble: float            # hand-drawn jitter of lines, px
    dashed_lanes: bool
    wild: WildStyle = field(default_factory=WildStyle)  # wilderness regions and paths (WILD-1)


HAND = Style("hand-drawn", paper=(214, 196, 160), land=(178, 222, 236), coast=(60, 90, 120),
             land_fill=(255, 255, 255), sea_fill=(250, 236, 214), outline=(30, 30, 30),
             road=(40, 40, 40), lane=(120, 60, 20), ink=(20, 20, 20), radius=30.0,
             font=cv2.FONT_HERSHEY_DUPLEX, thickness=2, wobble=2.0, dashed_lanes=True,
             wild=WildStyle(tint=0.7, path=(120, 75, 35), pattern="dotted"))
PRINT = Style("print", paper=(120, 80, 30), land=(110, 180, 130), coast=(40, 90, 50),
              land_fill=(190, 240, 255), sea_fill=(240, 200, 160), outline=(20, 40, 20),
              road=(30, 60, 120), lane=(230, 230, 230), ink=(60, 20, 10), radius=22.0,
              font=cv2.FONT_HERSHEY_SIMPLEX, thickness=2, wobble=0.0, dashed_lanes=False)


def _wobbly(img: np.ndarray, p: tuple[float, float], q: tuple[float, float], colour, width: int,
            wobble: float, rng: np.random.Generator, dash: float = 0.0) -> None:
    """A line from p to q, jittered like a pen stroke, solid or dashed (dash length px)."""
    length = math.hypot(q[0] - p[0], q[1] - p[1])
    steps = max(2, int(length / 12))
    t = np.linspace(0, 1, steps + 1)
    nx, ny = -(q[1] - p[1]) / max(length, 1), (q[0] - p[0]) / max(length, 1)
    off = np.convolve(rng.normal(0, wobble, steps + 5), np.ones(5) / 5, "valid")[:steps + 1] \
        if wobble else np.zeros(steps + 1)
    off[0] = off[-1] = 0
    pts = np.stack([p[0] + t * (q[0] - p[0]) + off * nx, p[1] + t * (q[1] - p[1]) + off * ny], 1)
    if not dash:
        cv2.polylines(img, [np.round(pts * 4).astype(np.int32)], False, colour, width,
                      cv2.LINE_AA, shift=2)
        return
    n = max(1, int(length / (2 * dash)))
    for k in range(n):
        a, b = (2 * k + 0.5) / (2 * n), (2 * k + 1.5) / (2 * n)
        seg = [(p[0] + s * (q[0] - p[0]), p[1] + s * (q[1] - p[1])) for s in (a, b)]
        cv2.line(img, tuple(round(v * 4) for v in seg[0]), tuple(round(v * 4) for v in seg[1]),
                 colour, width, cv2.LINE_AA, shift=2)


def _text(img: np.ndarray, text: str, x: float, y: float, style: Style) -> None:
    target = 0.7 * style.radius
    scale = target / cv2.getTextSize("0", style.font, 1.0, style.thickness)[0][1]
    (w, h), _ = cv2.getTextSize(text, style.font, scale, style.thickness)
    if w > 1.5 * style.radius:
        scale *= 1.5 * style.radius / w
        (w, h), _ = cv2.getTextSize(text, style.font, scale, style.thickness)
    cv2.putText(img, text, (round(x - w / 2), round(y + h / 2)), style.font, scale, style.ink,
                style.thickness, cv2.LINE_AA)


def draw_board(board: Board, style: Style, size: tuple[int, int] | None = None,
               seed: int = 1, radius: float | None = None,
               island: float = 2.6) -> np.ndarray:
    """A BGR scan of the board in the given style (board pixel coordinates); `radius`
    overrides the style's field radius, `island` is the land drawn round a land field in
    field radii."""
    if radius is not None:
        style = replace(style, radius=radius)
    rng = np.random.default_rng(seed)
    if size is None:
        size = (board.image.width, board.image.height) if board.image else (1000, 1000)
    img = np.full((size[1], size[0], 3), style.paper, np.uint8)
    fields = board.field_by_id()
    land = [f for f in board.fields if f.terrain == Terrain.LAND]
    r = style.radius
    roads = [(fields[c.a], fields[c.b]) for c in board.connections
             if c.kind in (ConnectionKind.ROAD, ConnectionKind.CASTLE_ACCESS)
             and c.a in fields and c.b in fields]
    for colour, grow in ((style.coast, 4), (style.land, 0)):
        for f in land:
            cv2.circle(img, (round(f.x), round(f.y)), round(island * r + grow), colour, -1,
                       cv2.LINE_AA)
        for a, b in roads:  # the island joins along its roads
            cv2.line(img, (round(a.x), round(a.y)), (round(b.x), round(b.y)), colour,
                     round(1.6 * island * r + 2 * grow), cv2.LINE_AA)
        land_under(img, board, colour, 2.0 * r + grow)  # regions lie on land
    if board.regions:
        paint_cv(img, board, style.land, r, style.wild, seed)
    w = max(2, round(r / 9))
    for c in board.connections:
        if c.a not in fields or c.b not in fields:
            continue
        p, q = (fields[c.a].x, fields[c.a].y), (fields[c.b].x, fields[c.b].y)
        if c.kind == ConnectionKind.SEA_LANE:
            _wobbly(img, p, q, style.lane, w, style.wobble, rng,
                    dash=0.3 * r if style.dashed_lanes else 0.0)
        elif c.kind == ConnectionKind.HARBOUR_LINK:
            _wobbly(img, p, q, style.ink, w, style.wobble, rng, dash=0.22 * r)
        elif c.kind == ConnectionKind.BRIDGE:
            _wobbly(img, p, q, style.outline, round(1.1 * r), style.wobble, rng)
            _wobbly(img, p, q, style.land_fill, round(0.7 * r), style.wobble, rng)
        else:
            _wobbly(img, p, q, style.road, w + 1, style.wobble, rng)
    for f in board.fields:
        fill = style.land_fill if f.terrain == Terrain.LAND else style.sea_fill
        centre = (round(f.x), round(f.y))
        cv2.circle(img, centre, round(r), fill, -1, cv2.LINE_AA)
        cv2.circle(img, centre, round(r), style.outline, max(2, round(r / 12)), cv2.LINE_AA)
        if f.number is not None:
            _text(img, str(f.number), f.x, f.y, style)
    return img


def photograph(image: np.ndarray, board: Board, angle: float = 2.5, scale: float = 0.8,
               quality: int = 60, seed: int = 2) -> tuple[np.ndarray, Board]:
    """A rotated, scaled, unevenly lit JPEG copy of a scan, and the board moved with it."""
    h, w = image.shape[:2]
    out_w, out_h = round(w * scale), round(h * scale)
    m = cv2.getRotationMatrix2D((w / 2, h / 2), angle, scale)
    m[0, 2] += out_w / 2 - w / 2
    m[1, 2] += out_h / 2 - h / 2
    warped = cv2.warpAffine(image, m, (out_w, out_h), flags=cv2.INTER_AREA,
                            borderMode=cv2.BORDER_REPLICATE)
    yy, xx = np.mgrid[0:out_h, 0:out_w].astype(np.float32)
    light = 0.72 + 0.3 * (xx / out_w) + 0.08 * np.sin(yy / out_h * math.pi)
    rng = np.random.default_rng(seed)
    noisy = warped.astype(np.float32) * light[..., None] + rng.normal(0, 3, warped.shape)
    _, data = cv2.imencode(".jpg", np.clip(noisy, 0, 255).astype(np.uint8),
                            [cv2.IMWRITE_JPEG_QUALITY, quality])
    photo = cv2.imdecode(data, cv2.IMREAD_COLOR)

    def move(x: float, y: float) -> tuple[float, float]:
        return (m[0, 0] * x + m[0, 1] * y + m[0, 2], m[1, 0] * x + m[1, 1] * y + m[1, 2])

    fields = [f.model_copy(update=dict(zip(("x", "y"), move(f.x, f.y), strict=True)))
              for f in board.fields]
    return photo, board.model_copy(update={"fields": fields})
