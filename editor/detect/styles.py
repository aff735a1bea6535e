"""More scan styles for the detection bench, drawn with Pillow (not with OpenCV's `synthetic`).

Each style is a printed map the detector was not tuned on: TrueType fonts (DejaVu, Computer
Modern, STIX from matplotlib when it is installed, Pillow's own font otherwise), light and
dark seas, dashed, dotted and curved lines of several widths, then the paper (OpenCV only
blurs): a scanner's grain,
fibres, stains, yellowing and skew, or a photograph's perspective, vignette, blur and JPEG.

`draw_styled(board, style, seed)` returns the scan and the true board moved with it. A seed
changes colours, dash lengths, bends and noise; the bench keeps its *test* seeds apart from
the seeds the detector was tuned on (`TUNING_SEEDS`).
"""

from __future__ import annotations

import functools
import io
import math
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

from editor.detect.ornaments import Ornaments, draw_over, draw_under, draw_waves
from editor.detect.wild_art import WildStyle, land_under_pil, paint_pil
from editor.model.board import Board, ConnectionKind, Terrain
from editor.model.types import Point

RGB = tuple[int, int, int]
#: Seeds used while tuning the detector; the bench scores other seeds (`TEST_SEED`).
TUNING_SEEDS = (11, 12, 13)
TEST_SEED = 2026


@dataclass(frozen=True)
class LineStyle:
    """How one kind of connection is drawn: solid, dashed or dotted, width in field radii."""

    pattern: str          # "solid", "dashed" or "dotted"
    colour: RGB
    width: float          # in field radii
    dash: float = 0.5     # dash (or dot pitch) in field radii
    gap: float = 0.35     # gap in field radii
    core: RGB | None = None   # an engraved (cased) line: a lighter core a third as wide


@dataclass(frozen=True)
class PaperStyle:
    """Colours (RGB), font, line styles and how the copy was made."""

    name: str
    font: str                         # a matplotlib font file name, or "" for Pillow's own
    sea: RGB
    land: RGB
    coast: RGB
    land_fill: RGB
    sea_fill: RGB
    outline: RGB
    ink: RGB
    road: LineStyle
    lane: LineStyle
    harbour: LineStyle
    bridge: RGB
    radius: float                     # field radius in spacings
    bend: float                       # share of lanes drawn curved
    copy: str                         # "scan" (paper noise), "print" (grain) or "photo"
    vees: int = 2                     # V marks on a one-way road (BF-6)
    vee: float = 0.5                  # how far a V's arms reach aside, in field radii
    wild: WildStyle = field(default_factory=WildStyle)  # wilderness regions and paths (WILD-1)
    tower_fill: RGB | None = None     # towers (CASTLE-1): fill and number; None as land
    tower_ink: RGB | None = None
    tower_side: float = 0.9           # half a tower's side, in field radii
    sea_outline: RGB | None = None    # None: `outline`
    rim: float = 0.1                  # outline width, in field radii
    text: float = 0.95                # number size, in field radii
    fit: float = 1.45                 # widest number, in field radii (wider ones shrink)
    bridge_deck: RGB | None = None    # None: `land_fill`
    ornaments: Ornaments | None = None


ATLAS = PaperStyle(
    "atlas (dark sea, white dashes, serif)", "DejaVuSerif-Bold.ttf",
    sea=(28, 52, 96), land=(214, 190, 140), coast=(120, 90, 50), land_fill=(250, 244, 226),
    sea_fill=(176, 206, 236), outline=(40, 30, 20), ink=(30, 20, 10),
    road=LineStyle("solid", (110, 60, 20), 0.16), lane=LineStyle("dashed", (245, 245, 240),
                                                                 0.10, 0.45, 0.3),
    harbour=LineStyle("dotted", (250, 250, 250), 0.13, 0.32), bridge=(90, 60, 30),
    radius=0.30, bend=0.3, copy="scan", vees=1, vee=0.6)
LEDGER = PaperStyle(
    "ledger (scanned paper, dotted lanes, Computer Modern)", "cmr10.ttf",
    sea=(206, 222, 226), land=(236, 226, 200), coast=(90, 90, 80), land_fill=(252, 250, 242),
    sea_fill=(236, 244, 248), outline=(20, 20, 20), ink=(15, 15, 15),
    road=LineStyle("solid", (20, 20, 20), 0.07), lane=LineStyle("dotted", (40, 60, 90),
                                                                0.11, 0.26),
    harbour=LineStyle("dashed", (40, 40, 40), 0.08, 0.25, 0.2), bridge=(60, 60, 60),
    radius=0.27, bend=0.15, copy="scan",
    wild=WildStyle(tint=0.45, border=0.1, path=(120, 70, 30), pattern="dotted", width=0.15,
                   pitch=0.5))
POSTER = PaperStyle(
    "poster photographed (perspective, teal sea, yellow dashes)", "DejaVuSans-Bold.ttf",
    sea=(20, 96, 104), land=(120, 140, 60), coast=(40, 50, 20), land_fill=(255, 255, 255),
    sea_fill=(210, 236, 232), outline=(10, 10, 10), ink=(150, 20, 20),
    road=LineStyle("solid", (20, 20, 20), 0.2), lane=LineStyle("dashed", (250, 220, 80),
                                                               0.16, 0.7, 0.4),
    harbour=LineStyle("dotted", (250, 220, 80), 0.16, 0.4), bridge=(70, 40, 20),
    radius=0.33, bend=0.2, copy="photo", vees=3, vee=0.45,
    wild=WildStyle(tint=0.75, path=(60, 40, 20), pattern="dashed", width=0.14, pitch=0.6))
#: An engraved parchment map drawn like a designer's own scan: Bookman numbers that nearly
#: touch the outline, red towers with white numbers, cased roads, waves on the sea, moats,
#: drawbridges, forests and arrow slits, printed with fine grain.
PARCHMENT = PaperStyle(
    "parchment (engraved, Bookman, red towers, moats)", "URWBookman-Demi.otf|DejaVuSerif-Bold.ttf",
    sea=(104, 142, 168), land=(214, 192, 142), coast=(90, 60, 30), land_fill=(250, 243, 222),
    sea_fill=(222, 236, 244), outline=(92, 58, 30), ink=(50, 28, 10),
    road=LineStyle("solid", (92, 58, 30), 0.27, core=(196, 164, 110)),
    lane=LineStyle("dashed", (245, 245, 240), 0.18, 0.55, 0.41),
    harbour=LineStyle("dashed", (30, 30, 30), 0.18, 0.23, 0.27), bridge=(60, 35, 15),
    radius=0.25, bend=0.0, copy="print", tower_fill=(190, 40, 36), tower_ink=(255, 240, 220),
    tower_side=1.0, sea_outline=(30, 60, 90), rim=0.14, text=0.91, fit=1.9,
    bridge_deck=(170, 120, 70),
    ornaments=Ornaments(waves=(130, 166, 190), region=(66, 112, 58), trees=(36, 70, 34),
                        moat=(70, 110, 150), drawbridge=((150, 100, 50), (60, 35, 15)),
                        slit=((250, 215, 40), (40, 30, 0))))
#: The styles the detector was tuned on (on `TUNING_SEEDS`, over another board).
STYLES = (ATLAS, LEDGER, POSTER, PARCHMENT)
#: A style drawn after the detector's last change and untuned (no tuning seeds): its bench
#: figures were what a new scan may expect until its bench scan's five false harbour links
#: were fixed (a lane alongside the way, lake edges by a moat). A geometric sans (URW
#: Gothic), olive sea, dotted cream lanes, dash-dot harbour links, sepia ink, photographed.
GAZETTEER = PaperStyle(
    "gazetteer (untuned until its false harbour links were fixed: URW Gothic, olive sea, "
    "photographed)",
    "URWGothic-Demi.otf|DejaVuSans.ttf",
    sea=(78, 96, 62), land=(196, 168, 112), coast=(70, 50, 30), land_fill=(246, 238, 214),
    sea_fill=(204, 220, 188), outline=(70, 40, 20), ink=(110, 30, 20),
    road=LineStyle("solid", (70, 40, 20), 0.12), lane=LineStyle("dotted", (240, 230, 190),
                                                                0.16, 0.34),
    harbour=LineStyle("dashed", (40, 30, 20), 0.12, 0.3, 0.22), bridge=(50, 30, 10),
    radius=0.29, bend=0.25, copy="photo", vees=2, vee=0.55, tower_fill=(70, 40, 20),
    tower_ink=(246, 238, 214), rim=0.08,
    ornaments=Ornaments(waves=(96, 116, 80), moat=(60, 80, 110)))
UNTUNED = (GAZETTEER,)


#: Where fonts are looked for after matplotlib's own (the URW fonts of Ghostscript).
FONT_DIRS = (Path("/usr/share/fonts"), Path("/usr/local/share/fonts"))


@functools.cache
def _font_file(name: str) -> Path | None:
    """The file of a font: in matplotlib's fonts when it is installed, else among the
    machine's fonts; None when neither has it."""
    try:
        import matplotlib

        path = Path(matplotlib.get_data_path()) / "fonts" / "ttf" / name
        if path.is_file():
            return path
    except ImportError:
        pass
    for folder in FONT_DIRS:
        found = sorted(folder.rglob(name)) if folder.is_dir() else []
        if found:
            return found[0]
    return None


@functools.cache
def _font(names: str, size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """The first of the fonts `names` ("A.otf|B.ttf") found, else Pillow's bundled font."""
    for name in filter(None, names.split("|")):
        path = _font_file(name)
        if path is not None:
            return ImageFont.truetype(str(path), size)
    return ImageFont.load_default(size=size)


def _curve(p: np.ndarray, q: np.ndarray, bend: float, steps: int) -> np.ndarray:
    """Points of a quadratic curve from p to q whose middle is `bend` lengths aside."""
    d = q - p
    normal = np.array([-d[1], d[0]])
    control = (p + q) / 2 + bend * 2 * normal
    t = np.linspace(0, 1, steps)[:, None]
    return (1 - t) ** 2 * p + 2 * (1 - t) * t * control + t ** 2 * q


def _pieces(points: np.ndarray, dash: float, gap: float) -> list[np.ndarray]:
    """The polyline cut into dashes of length `dash` separated by `gap` (centred)."""
    seg = np.hypot(*np.diff(points, axis=0).T)
    along = np.concatenate([[0], np.cumsum(seg)])
    total = along[-1]
    n = max(1, round((total + gap) / (dash + gap)))
    pitch = total / n
    out = []
    for k in range(n):
        a, b = k * pitch + gap / 2, (k + 1) * pitch - gap / 2
        ts = np.linspace(a, b, 6)
        out.append(np.stack([np.interp(ts, along, points[:, 0]),
                             np.interp(ts, along, points[:, 1])], 1))
    return out


def _stroke(draw: ImageDraw.ImageDraw, points: np.ndarray, line: LineStyle, r: float) -> None:
    width = max(1, round(line.width * r))
    if line.pattern == "solid":
        draw.line([tuple(v) for v in points], fill=line.colour, width=width, joint="curve")
        if line.core is not None:
            draw.line([tuple(v) for v in points], fill=line.core, width=max(1, width // 3),
                      joint="curve")
    elif line.pattern == "dashed":
        for piece in _pieces(points, line.dash * r, line.gap * r):
            draw.line([tuple(v) for v in piece], fill=line.colour, width=width)
    else:
        dot = max(1.0, width / 2 + 0.5)
        for piece in _pieces(points, 0.01, line.dash * r):
            x, y = piece[0]
            draw.ellipse((x - dot, y - dot, x + dot, y + dot), fill=line.colour)


def _land_mask(board: Board, size: tuple[int, int], r: float,
               rng: np.random.Generator, wild: bool = False) -> Image.Image:
    """Land drawn as blobs round land fields and along their roads (`wild`: and under the
    wilderness regions and their paths), blurred: the coast is a level of this mask."""
    mask = Image.new("L", size, 0)
    draw = ImageDraw.Draw(mask)
    fields = board.field_by_id()
    for f in board.fields:
        if f.terrain == Terrain.LAND:
            grow = 2.3 * r * rng.uniform(0.9, 1.15)
            draw.ellipse((f.x - grow, f.y - grow, f.x + grow, f.y + grow), fill=255)
    for c in board.connections:
        a, b = fields.get(c.a), fields.get(c.b)
        if a and b and c.kind in (ConnectionKind.ROAD, ConnectionKind.CASTLE_ACCESS):
            draw.line([(a.x, a.y), (b.x, b.y)], fill=255, width=round(3.6 * r))
    if wild:
        land_under_pil(draw, board, r)
    return Image.fromarray(cv2.GaussianBlur(np.asarray(mask), (0, 0), r * 0.6))


def _towers(board: Board) -> set[str]:
    return {t.field for castle in board.castles for t in castle.towers}


def _draw_lines(img: Image.Image, board: Board, style: PaperStyle, r: float,
                rng: np.random.Generator) -> None:
    draw = ImageDraw.Draw(img)
    fields = board.field_by_id()
    for c in board.connections:
        a, b = fields.get(c.a), fields.get(c.b)
        if a is None or b is None:
            continue
        p, q = np.array([a.x, a.y]), np.array([b.x, b.y])
        steps = max(8, int(np.hypot(*(q - p)) / 6))
        if c.kind == ConnectionKind.BRIDGE:
            width = round(0.8 * r)
            draw.line([tuple(p), tuple(q)], fill=style.bridge, width=width)
            draw.line([tuple(p), tuple(q)], fill=style.bridge_deck or style.land_fill,
                      width=round(0.45 * r))
            continue
        line = {ConnectionKind.SEA_LANE: style.lane,
                ConnectionKind.HARBOUR_LINK: style.harbour}.get(c.kind, style.road)
        bend = 0.0
        if c.kind == ConnectionKind.SEA_LANE and rng.random() < style.bend:
            bend = rng.choice([-1, 1]) * rng.uniform(0.06, 0.14)
        _stroke(draw, _curve(p, q, bend, steps), line, r)
        if c.one_way is not None and c.one_way.to in (c.a, c.b):
            tip = q if c.one_way.to == c.b else p
            _vees(draw, p + q - tip, tip, style, r)


def _vees(draw: ImageDraw.ImageDraw, start: np.ndarray, end: np.ndarray, style: PaperStyle,
          r: float) -> None:
    """`style.vees` V marks across the road from start to end, pointing to end (BF-6)."""
    d = end - start
    u = d / max(float(np.hypot(*d)), 1.0)
    n = np.array([-u[1], u[0]])
    reach = style.vee * r
    width = max(1, round(style.road.width * r))
    for k in range(style.vees):
        tip = start + d * (0.5 + (k - (style.vees - 1) / 2) * 0.14) + u * reach * 0.4
        for side in (1, -1):
            arm = tip - u * reach * 0.9 + side * n * reach
            draw.line([tuple(arm), tuple(tip)], fill=style.road.colour, width=width)


def _draw_fields(img: Image.Image, board: Board, style: PaperStyle, r: float) -> None:
    draw = ImageDraw.Draw(img)
    font = _font(style.font, max(8, round(style.text * r)))
    towers = _towers(board)
    rim = max(2, round(r * style.rim))
    for f in board.fields:
        sea = f.terrain != Terrain.LAND
        fill, ink = (style.sea_fill if sea else style.land_fill), style.ink
        outline = (style.sea_outline or style.outline) if sea else style.outline
        box = (f.x - r, f.y - r, f.x + r, f.y + r)
        if f.id in towers:
            side = style.tower_side * r
            fill, ink = style.tower_fill or fill, style.tower_ink or ink
            draw.rectangle((f.x - side, f.y - side, f.x + side, f.y + side), fill=fill,
                           outline=outline, width=rim)
        else:
            draw.ellipse(box, fill=fill, outline=outline, width=rim)
        if f.number is None:
            continue
        text = str(f.number)
        left, top, right, bottom = draw.textbbox((0, 0), text, font=font)
        shrink = min(1.0, style.fit * r / max(right - left, 1))
        used = font if shrink >= 1.0 else _font(style.font,
                                                max(8, round(style.text * r * shrink)))
        left, top, right, bottom = draw.textbbox((0, 0), text, font=used)
        draw.text((f.x - (left + right) / 2, f.y - (top + bottom) / 2), text, font=used,
                  fill=ink)


def _smooth(values: np.ndarray, size: tuple[int, int]) -> np.ndarray:
    """A smooth field of factors (0..1, given on a coarse grid) at full size."""
    small = Image.fromarray(np.clip(values * 255, 0, 255).astype(np.uint8))
    return np.asarray(small.resize(size, Image.Resampling.BILINEAR), np.float32) / 255


def _paper(img: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A flatbed scan of old paper: yellowing, grain, fibres, stains, slight blur."""
    h, w = img.shape[:2]
    out = img.astype(np.float32)
    yy, xx = np.mgrid[0:1:64j, 0:1:64j].astype(np.float32)
    out *= _smooth(1.0 - 0.06 * xx - 0.04 * yy, (w, h))[..., None]
    out[..., 2] *= 0.94                      # yellowed: less blue
    stains = Image.new("L", (w, h), 0)
    sd = ImageDraw.Draw(stains)
    for _ in range(6):
        x, y, s = rng.uniform(0, w), rng.uniform(0, h), rng.uniform(0.03, 0.08) * w
        sd.ellipse((x - s, y - s, x + s, y + s), fill=int(rng.uniform(10, 22)))
    for _ in range(400):                     # paper fibres
        x, y = rng.uniform(0, w), rng.uniform(0, h)
        a, n = rng.uniform(0, math.pi), rng.uniform(10, 40)
        sd.line((x, y, x + n * math.cos(a), y + n * math.sin(a)), fill=18, width=1)
    out -= cv2.GaussianBlur(np.asarray(stains, np.float32), (0, 0), 3)[..., None]
    out += 5 * rng.standard_normal((h, w, 1), np.float32)
    return cv2.GaussianBlur(np.clip(out, 0, 255).astype(np.uint8), (0, 0), 0.8)


def _print(img: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A clean print, scanned losslessly: fine grain in each channel and a slight blur."""
    out = img.astype(np.float32) + 6 * rng.standard_normal(img.shape, np.float32)
    return cv2.GaussianBlur(np.clip(out, 0, 255).astype(np.uint8), (0, 0), 0.6)


def _jpeg(img: np.ndarray, quality: int) -> np.ndarray:
    data = io.BytesIO()
    Image.fromarray(img).save(data, "JPEG", quality=quality)
    return np.asarray(Image.open(io.BytesIO(data.getvalue())).convert("RGB"))


def _homography(src: np.ndarray, dst: np.ndarray) -> np.ndarray:
    """The 3x3 projective map taking four points `src` to `dst`."""
    rows = []
    for (x, y), (u, v) in zip(src, dst, strict=True):
        rows.append([x, y, 1, 0, 0, 0, -u * x, -u * y, -u])
        rows.append([0, 0, 0, x, y, 1, -v * x, -v * y, -v])
    _, _, vt = np.linalg.svd(np.array(rows, np.float64))
    return vt[-1].reshape(3, 3) / vt[-1, -1]


def _photo(img: np.ndarray, board: Board, rng: np.random.Generator,
           scale: float = 0.75) -> tuple[np.ndarray, Board]:
    """A phone photograph: perspective, vignette, blur, sensor noise, JPEG; board moved."""
    h, w = img.shape[:2]
    ow, oh = round(w * scale), round(h * scale)
    src = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float64)
    inset = rng.uniform(0.01, 0.06, (4, 2)) * [ow, oh]
    dst = np.array([[0, 0], [ow, 0], [ow, oh], [0, oh]], np.float64)
    dst += inset * np.array([[1, 1], [-1, 1], [-1, -1], [1, -1]])
    forward = _homography(src, dst)
    back = np.linalg.inv(forward)
    coeffs = (back / back[2, 2]).ravel()[:8]
    warped = Image.fromarray(img).transform((ow, oh), Image.Transform.PERSPECTIVE, coeffs,
                                            Image.Resampling.BILINEAR, fillcolor=(60, 60, 60))
    yy, xx = np.mgrid[0:1:64j, 0:1:64j].astype(np.float32)
    light = _smooth((1.05 - 0.45 * np.hypot(xx - 0.45, yy - 0.55) ** 2) / 1.05, (ow, oh))
    out = cv2.GaussianBlur(np.asarray(warped), (0, 0), 1.0).astype(np.float32)
    out = 1.05 * out * light[..., None] + 4 * rng.standard_normal(out.shape, np.float32)
    photo = _jpeg(np.clip(out, 0, 255).astype(np.uint8), 70)

    def move(x: float, y: float) -> dict[str, float]:
        u, v, s = forward @ np.array([x, y, 1.0])
        return {"x": u / s, "y": v / s}

    fields = [f.model_copy(update=move(f.x, f.y)) for f in board.fields]
    regions = [g.model_copy(update={"polygon": [Point(**move(q.x, q.y)) for q in g.polygon]})
               for g in board.regions]
    return photo, board.model_copy(update={"fields": fields, "regions": regions})


def draw_styled(board: Board, style: PaperStyle, seed: int = TEST_SEED,
                field_spacing: float = 127.0) -> tuple[np.ndarray, Board]:
    """A BGR scan of `board` in `style` and the true board in the scan's pixels."""
    rng = np.random.default_rng(seed)
    r = style.radius * field_spacing * rng.uniform(0.93, 1.07)
    size = (board.image.width, board.image.height) if board.image else (1000, 1000)
    orn = style.ornaments
    wild = bool(board.regions) and (orn is None or orn.region is None)  # else ornaments
    soft = _land_mask(board, size, r, rng, wild)
    img = Image.new("RGB", size, style.sea)
    if orn is not None and orn.waves is not None:
        draw_waves(img, orn.waves, r, rng)
    img.paste(style.coast, mask=soft.point(lambda v: 255 if v > 100 else 0))
    img.paste(style.land, mask=soft.point(lambda v: 255 if v > 128 else 0))
    if wild:
        paint_pil(ImageDraw.Draw(img), board, style.land, r, style.wild)
    if orn is not None:
        draw_under(img, board, orn, r, rng)
    _draw_lines(img, board, style, r, rng)
    if orn is not None:
        draw_over(img, board, orn, r)
    _draw_fields(img, board, style, r)
    pixels = np.asarray(img)
    if style.copy == "photo":
        pixels, board = _photo(pixels, board, rng)
    elif style.copy == "print":
        pixels = _print(pixels, rng)
    else:
        pixels = _jpeg(_paper(pixels, rng), 80)
    return np.ascontiguousarray(pixels[..., ::-1]), board
