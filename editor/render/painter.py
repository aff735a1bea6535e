"""Paint a board as a printed map: sea, island shapes, roads, sea lanes, bridges, castles, grail.

Everything is drawn in board (image) pixels; the painter is scaled for other output sizes.
Sizes of marks are given in centimetres of the printed board and converted with the board's
scale (100 px/cm when the board has none).
"""

from __future__ import annotations

import heapq
import math
import os
from pathlib import Path

from PySide6.QtCore import QLineF, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QGuiApplication,
    QImage,
    QImageWriter,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
)

from editor.i18n import _
from editor.model.board import (
    Board,
    BridgeClass,
    Connection,
    ConnectionKind,
    Field,
    Terrain,
)
from editor.model.derived import linked_harbours
from editor.model.geometry import centroid, point_in_polygon

SEA = QColor("#4d84bd")
SEA_FIELD = QColor("#cfe2f3")
SEA_LANE = QColor("#e8f1fb")
LAND = QColor("#d8dd9c")
COAST = QColor("#7d6b3c")
ROAD = QColor("#5b4a2e")
LAND_FIELD = QColor("#fbf7e8")
FIELD_LINE = QColor("#3b3326")
BRIDGE = QColor("#a8743a")
BRIDGE_EDGE = QColor("#4a3118")
GRAIL = QColor("#d22b2b")
MOAT = QColor("#3f78b5")
WALL = QColor("#8d8677")
SLIT = QColor("#ffd21f")
INK = QColor("#1f1a12")
DEFAULT_PX_PER_CM = 100.0
MARGIN_CM = 1.5
CM_PER_INCH = 2.54
#: Largest PNG drawn (pixels): 400 MB of 32-bit image (the reference maps are about 22 million).
MAX_RENDER_PIXELS = 100_000_000
#: SVG size and resolution are scaled by this (at most) so the integer dpi is exact to 1/1000
SVG_SIZE_FACTOR = 1000


class RenderError(ValueError):
    """The board cannot be rendered to the requested file (bad extension, unwritable path)."""


def ensure_gui_application() -> QGuiApplication:
    """A QGuiApplication (created headless when there is no display)."""
    app = QGuiApplication.instance()
    if app is None:
        if not os.environ.get("QT_QPA_PLATFORM") and not os.environ.get("DISPLAY") \
                and not os.environ.get("WAYLAND_DISPLAY"):
            os.environ["QT_QPA_PLATFORM"] = "offscreen"
        app = QGuiApplication(["conquest-render"])
    return app  # type: ignore[return-value]


def _ppc(board: Board) -> float:
    return board.scale.px_per_cm if board.scale else DEFAULT_PX_PER_CM


def board_size_px(board: Board) -> tuple[int, int]:
    """Size of the board drawing in board pixels: the scan size, else the fields' extent."""
    if board.image is not None:
        return board.image.width, board.image.height
    m = MARGIN_CM * _ppc(board)
    xs = [f.x for f in board.fields] + [p.x for r in board.regions for p in r.polygon] or [0.0]
    ys = [f.y for f in board.fields] + [p.y for r in board.regions for p in r.polygon] or [0.0]
    return max(1, math.ceil(max(xs) + m)), max(1, math.ceil(max(ys) + m))


#: Nearest land fields a field spans island triangles with (the reference boards have up to 18
#: within 3 cm, so their islands are drawn exactly as with every neighbour).
TRIANGLE_NEIGHBOURS = 20
#: Radius of the land disc around a field (cm); triangles with no edge longer lie inside the
#: discs of their corners and are not drawn.
LAND_DISC_CM = 0.95
#: Fields of one grid cell (3 cm square) considered as triangle corners and sea checks; more
#: in one cell are hidden under the fields' discs anyway.
CELL_CAP = 32


def _grid(fields: list[Field], size: float, *, by_island: bool = False,
          ) -> dict[tuple[str | None, int, int], list[Field]]:
    """Fields by (island, column, row) of a grid of `size` cells, at most CELL_CAP a cell."""
    cells: dict[tuple[str | None, int, int], list[Field]] = {}
    for f in fields:
        members = cells.setdefault(
            (f.island if by_island else None, int(f.x // size), int(f.y // size)), [])
        if len(members) < CELL_CAP:
            members.append(f)
    return cells


def _under_discs(f: Field, g: Field, h: Field, gh: float, radius: float) -> bool:
    """Whether the triangle lies inside the discs of `radius` around its corners: every point
    of a triangle is within its longest edge, and within its circumradius, of a corner."""
    fg, fh = math.hypot(g.x - f.x, g.y - f.y), math.hypot(h.x - f.x, h.y - f.y)
    if max(fg, fh, gh) <= radius:
        return True
    twice_area = abs((g.x - f.x) * (h.y - f.y) - (h.x - f.x) * (g.y - f.y))
    return twice_area > 0 and fg * fh * gh / (2 * twice_area) <= radius


class _Painter:
    def __init__(self, p: QPainter, board: Board) -> None:
        self.p = p
        self.b = board
        self.cm = _ppc(board)
        self.fields = board.field_by_id()
        self.regions = board.region_by_id()
        self.r = 0.36 * self.cm          # field radius
        self.seat_colour = {s.id: QColor(s.colour) for s in board.seats}

    # -- helpers -------------------------------------------------------------------------

    def pt(self, node: str) -> QPointF:
        f = self.fields.get(node)
        if f is not None:
            return QPointF(f.x, f.y)
        r = self.regions[node]
        c = centroid([(q.x, q.y) for q in r.polygon])
        return QPointF(c[0], c[1])

    def pen(self, colour: QColor, width_cm: float, style: Qt.PenStyle = Qt.PenStyle.SolidLine,
            cap: Qt.PenCapStyle = Qt.PenCapStyle.RoundCap) -> QPen:
        pen = QPen(colour, width_cm * self.cm, style, cap, Qt.PenJoinStyle.RoundJoin)
        return pen

    def line(self, c: Connection) -> QLineF | None:
        if c.a not in self.fields and c.a not in self.regions:
            return None
        if c.b not in self.fields and c.b not in self.regions:
            return None
        return QLineF(self.pt(c.a), self.pt(c.b))

    # -- layers --------------------------------------------------------------------------

    def paint(self, w: int, h: int) -> None:
        p = self.p
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        p.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        p.fillRect(QRectF(0, 0, w, h), SEA)
        self.land()
        self.castles_under()
        self.regions_layer()
        self.connections()
        self.arrow_slits()
        self.field_marks()
        self.legend(w, h)

    def _land_triangles(self) -> list[QPolygonF]:
        """Triangles of nearby land fields of one island that hold no sea field: they fill
        the island's interior between the fields.

        Linear in the number of fields (issue 12: all triples of nearby fields made 504,000
        polygons at 900 dense fields): a field spans triangles only with its nearest
        neighbours (`TRIANGLE_NEIGHBOURS`), found in a grid whose cells take at most
        `CELL_CAP` fields each, and triangles hidden under the fields' discs are left out.
        """
        limit = 3.0 * self.cm
        hidden = LAND_DISC_CM * self.cm
        land = [f for f in self.b.fields if f.terrain == Terrain.LAND]
        cell = _grid(land, limit, by_island=True)
        sea = _grid([f for f in self.b.fields if f.terrain == Terrain.SEA], limit)
        index = {f.id: i for i, f in enumerate(land)}
        out = []
        for f in land:
            gx, gy = int(f.x // limit), int(f.y // limit)
            around = [g for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                      for g in cell.get((f.island, gx + dx, gy + dy), ())]
            nearest = heapq.nsmallest(
                TRIANGLE_NEIGHBOURS,
                ((d, index[g.id], g) for g in around if g is not f
                 and (d := math.hypot(g.x - f.x, g.y - f.y)) < limit))
            near = [(i, g) for _, i, g in sorted(nearest, key=lambda e: e[1]) if i > index[f.id]]
            wet = [(s.x, s.y) for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                   for s in sea.get((None, gx + dx, gy + dy), ())
                   if math.hypot(s.x - f.x, s.y - f.y) < limit]
            for k, (_dist, g) in enumerate(near):
                for _dist2, h in near[k + 1:]:
                    gh = math.hypot(g.x - h.x, g.y - h.y)
                    if gh >= limit or _under_discs(f, g, h, gh, hidden):
                        continue
                    tri = [(f.x, f.y), (g.x, g.y), (h.x, h.y)]
                    if any(point_in_polygon(w, tri) for w in wet):
                        continue
                    out.append(QPolygonF([QPointF(x, y) for x, y in tri]))
        return out

    def land(self) -> None:
        """Islands: discs around land fields, triangles between neighbouring ones, road strokes."""
        p = self.p
        land = [f for f in self.b.fields if f.terrain == Terrain.LAND]
        inner = [c for c in self.b.connections
                 if c.kind in (ConnectionKind.ROAD, ConnectionKind.CASTLE_ACCESS)
                 and c.a in self.fields and c.b in self.fields
                 and self.fields[c.a].island == self.fields[c.b].island]
        triangles = self._land_triangles()
        for colour, grow in ((COAST, 0.1), (LAND, 0.0)):
            rad = (0.95 + grow) * self.cm
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(colour)
            for f in land:
                p.drawEllipse(QPointF(f.x, f.y), rad, rad)
            p.setPen(self.pen(colour, 2 * grow) if grow else Qt.PenStyle.NoPen)
            for t in triangles:
                p.drawPolygon(t)
            p.setPen(Qt.PenStyle.NoPen)
            for castle in self.b.castles:
                pts = [self.pt(t.field) for t in castle.towers if t.field in self.fields]
                if pts:
                    cx = sum(q.x() for q in pts) / len(pts)
                    cy = sum(q.y() for q in pts) / len(pts)
                    p.drawEllipse(QPointF(cx, cy), (2.9 + grow) * self.cm, (2.9 + grow) * self.cm)
            for r in self.b.regions:
                poly = QPolygonF([QPointF(q.x, q.y) for q in r.polygon])
                p.setPen(self.pen(colour, 2.2 + 2 * grow))
                p.drawPolygon(poly)
                p.setPen(Qt.PenStyle.NoPen)
            p.setPen(self.pen(colour, 1.7 + 2 * grow))
            for c in inner:
                ln = self.line(c)
                if ln is not None and ln.length() < 3.2 * self.cm:
                    p.drawLine(ln)
        p.setBrush(Qt.BrushStyle.NoBrush)

    def castles_under(self) -> None:
        p = self.p
        for castle in self.b.castles:
            pts = [self.pt(t.field) for t in castle.towers if t.field in self.fields]
            if len(pts) < 3:
                continue
            cx = sum(q.x() for q in pts) / len(pts)
            cy = sum(q.y() for q in pts) / len(pts)
            radius = max(math.hypot(q.x() - cx, q.y() - cy) for q in pts)
            if castle.moat:
                p.setPen(self.pen(MOAT, 0.32))
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawEllipse(QPointF(cx, cy), radius + 0.62 * self.cm, radius + 0.62 * self.cm)
            p.setPen(self.pen(WALL.darker(140), 0.1))
            p.setBrush(WALL.lighter(130))
            p.drawPolygon(QPolygonF(pts))
            p.setBrush(self.seat_colour.get(castle.seat, WALL))
            p.drawEllipse(QPointF(cx, cy), 0.25 * self.cm, 0.25 * self.cm)
        p.setBrush(Qt.BrushStyle.NoBrush)

    def regions_layer(self) -> None:
        p = self.p
        font = QFont("DejaVu Sans")
        font.setPixelSize(round(0.32 * self.cm))
        font.setItalic(True)
        p.setFont(font)
        for r in self.b.regions:
            poly = QPolygonF([QPointF(q.x, q.y) for q in r.polygon])
            colour = QColor(r.colour)
            p.setPen(self.pen(colour.darker(150), 0.08))
            p.setBrush(colour)
            p.drawPolygon(poly)
            # texture: a few tree / dune dots
            c = centroid([(q.x, q.y) for q in r.polygon])
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(colour.darker(125))
            for i in range(6):
                ang = i * 1.047 + 0.3
                p.drawEllipse(QPointF(c[0] + 0.7 * self.cm * math.cos(ang),
                                      c[1] + 0.7 * self.cm * math.sin(ang)),
                              0.12 * self.cm, 0.12 * self.cm)
            p.setPen(INK)
            if r.name:
                p.drawText(QRectF(c[0] - 2 * self.cm, c[1] - 0.25 * self.cm, 4 * self.cm,
                                  0.5 * self.cm), Qt.AlignmentFlag.AlignCenter, r.name)
            # mountains screening bordering fields
            pts = [(q.x, q.y) for q in r.polygon]
            for border in r.borders:
                if not border.screened or border.field not in self.fields:
                    continue
                f = self.fields[border.field]
                near = min(pts, key=lambda q, f=f: math.hypot(q[0] - f.x, q[1] - f.y))
                mx, my = (near[0] * 2 + f.x) / 3, (near[1] * 2 + f.y) / 3
                self.mountain(mx, my)
        p.setBrush(Qt.BrushStyle.NoBrush)

    def mountain(self, x: float, y: float) -> None:
        p = self.p
        s = 0.32 * self.cm
        tri = QPolygonF([QPointF(x - s, y + s * 0.6), QPointF(x, y - s * 0.8),
                         QPointF(x + s, y + s * 0.6)])
        p.setPen(self.pen(QColor("#4b3b2a"), 0.04))
        p.setBrush(QColor("#8b7a66"))
        p.drawPolygon(tri)
        p.setBrush(QColor("#f4f1ea"))
        p.drawPolygon(QPolygonF([QPointF(x - s * 0.35, y - s * 0.2), QPointF(x, y - s * 0.8),
                                 QPointF(x + s * 0.35, y - s * 0.2)]))

    def connections(self) -> None:
        p = self.p
        order = [ConnectionKind.SEA_LANE, ConnectionKind.HARBOUR_LINK, ConnectionKind.ROAD,
                 ConnectionKind.CASTLE_ACCESS, ConnectionKind.WILDERNESS_PATH,
                 ConnectionKind.BRIDGE]
        for kind in order:
            for c in self.b.connections:
                if c.kind != kind:
                    continue
                ln = self.line(c)
                if ln is None:
                    continue
                if kind == ConnectionKind.SEA_LANE:
                    p.setPen(self.pen(SEA_LANE, 0.07))
                    p.drawLine(ln)
                elif kind == ConnectionKind.HARBOUR_LINK:
                    p.setPen(self.pen(INK, 0.07, Qt.PenStyle.DashLine))
                    p.drawLine(ln)
                elif kind == ConnectionKind.ROAD:
                    p.setPen(self.pen(ROAD, 0.09))
                    p.drawLine(ln)
                elif kind == ConnectionKind.CASTLE_ACCESS:
                    p.setPen(self.pen(ROAD, 0.14))
                    p.drawLine(ln)
                    if c.drawbridge:
                        self.drawbridge(ln)
                elif kind == ConnectionKind.WILDERNESS_PATH:
                    ln = self.between_regions(c, ln)
                    p.setPen(self.pen(QColor("#3d5a2a"), 0.09, Qt.PenStyle.DotLine))
                    p.drawLine(ln)
                    self.crossing(ln, c.crossing)
                else:
                    self.bridge(ln, c.bridge_class)
                if c.one_way is not None and c.one_way.to in self.fields:
                    self.v_mark(ln if c.one_way.to == c.b else QLineF(ln.p2(), ln.p1()))

    def between_regions(self, c: Connection, ln: QLineF) -> QLineF:
        """The part of a wilderness path outside both region outlines."""
        if c.a not in self.regions or c.b not in self.regions:
            return ln
        pa = [(q.x, q.y) for q in self.regions[c.a].polygon]
        pb = [(q.x, q.y) for q in self.regions[c.b].polygon]
        t0, t1 = 0.0, 1.0
        for i in range(41):
            t = i / 40
            q = ln.pointAt(t)
            if point_in_polygon((q.x(), q.y()), pa):
                t0 = t
            if point_in_polygon((q.x(), q.y()), pb) and t < t1:
                t1 = t
        return QLineF(ln.pointAt(max(0.0, t0 - 0.05)), ln.pointAt(min(1.0, t1 + 0.05)))

    def drawbridge(self, ln: QLineF) -> None:
        mid = ln.pointAt(0.55)
        n = ln.normalVector().unitVector()
        d = QPointF(n.dx(), n.dy()) * 0.22 * self.cm
        self.p.setPen(self.pen(BRIDGE_EDGE, 0.16, cap=Qt.PenCapStyle.FlatCap))
        self.p.drawLine(QLineF(mid - d, mid + d))

    def crossing(self, ln: QLineF, kind: str | None) -> None:
        mid = ln.pointAt(0.5)
        p = self.p
        p.setPen(self.pen(QColor("#3d5a2a"), 0.07))
        p.setBrush(Qt.BrushStyle.NoBrush)
        s = 0.22 * self.cm
        if kind == "bridge":
            p.drawArc(QRectF(mid.x() - s, mid.y() - s, 2 * s, 2 * s), 0, 180 * 16)
        else:
            p.drawArc(QRectF(mid.x() - s, mid.y() - s, 2 * s, 2 * s), 180 * 16, 180 * 16)

    def bridge(self, ln: QLineF, cls: BridgeClass | None) -> None:
        p = self.p
        p.setPen(self.pen(BRIDGE_EDGE, 0.42, cap=Qt.PenCapStyle.FlatCap))
        p.drawLine(ln)
        p.setPen(self.pen(BRIDGE, 0.3, cap=Qt.PenCapStyle.FlatCap))
        p.drawLine(ln)
        u = ln.unitVector()
        n = ln.normalVector().unitVector()
        along = QPointF(u.dx(), u.dy())
        across = QPointF(n.dx(), n.dy())
        if cls == BridgeClass.ROPE_BRIDGE:
            p.setPen(self.pen(BRIDGE_EDGE, 0.04))
            steps = max(3, int(ln.length() / (0.25 * self.cm)))
            for i in range(1, steps):
                q = ln.pointAt(i / steps)
                p.drawLine(QLineF(q - across * 0.15 * self.cm, q + across * 0.15 * self.cm))
        else:
            p.setPen(self.pen(BRIDGE_EDGE, 0.03))
            p.drawLine(ln.translated(across * 0.1 * self.cm))
            p.drawLine(ln.translated(-across * 0.1 * self.cm))
        if cls == BridgeClass.X_BRIDGE:
            mid = ln.pointAt(0.5)
            s = 0.3 * self.cm
            p.setPen(self.pen(INK, 0.09))
            for sign in (1, -1):
                a = mid + (along + across * sign) * s
                b = mid - (along + across * sign) * s
                p.drawLine(QLineF(a, b))

    def v_mark(self, ln: QLineF) -> None:
        """A V pointing toward the end the one-way passage leads to."""
        p = self.p
        u = ln.unitVector()
        n = ln.normalVector().unitVector()
        along = QPointF(u.dx(), u.dy())
        across = QPointF(n.dx(), n.dy())
        s = 0.26 * self.cm
        for frac in (0.4, 0.6):
            tip = ln.pointAt(frac) + along * s * 0.5
            p.setPen(self.pen(INK, 0.09))
            p.drawLine(QLineF(tip - along * s + across * s, tip))
            p.drawLine(QLineF(tip - along * s - across * s, tip))

    def arrow_slits(self) -> None:
        p = self.p
        for a in self.b.arrow_slits:
            if a.a not in self.fields or a.b not in self.fields:
                continue
            ln = QLineF(self.pt(a.a), self.pt(a.b))
            seg = QLineF(ln.pointAt(0.3), ln.pointAt(0.7))
            p.setPen(self.pen(INK, 0.24, cap=Qt.PenCapStyle.FlatCap))
            p.drawLine(seg)
            p.setPen(self.pen(SLIT, 0.15, cap=Qt.PenCapStyle.FlatCap))
            p.drawLine(seg)

    def field_marks(self) -> None:
        p = self.p
        r = self.r
        towers = {t.field: c.seat for c in self.b.castles for t in c.towers}
        grail = set(self.b.grail.fields) if self.b.grail else set()
        front = self.b.grail.front if self.b.grail else None
        stairs: dict[str, str] = {s: reg.id for reg in self.b.regions for s in reg.stairs}
        harbours = linked_harbours(self.b)  # derived from the links, never a stale flag (BF-2)
        start: dict[str, str] = {}
        if self.b.setups:
            start = {pl.field: pl.seat for pl in self.b.setups[0].placements}
        font = QFont("DejaVu Sans")
        font.setPixelSize(round(0.27 * self.cm))
        font.setBold(True)
        p.setFont(font)
        for f in self.b.fields:
            centre = QPointF(f.x, f.y)
            text = INK
            if f.id in towers:
                colour = self.seat_colour.get(towers[f.id], GRAIL)
                p.setPen(self.pen(INK, 0.08))
                p.setBrush(colour)
                p.drawRect(QRectF(f.x - r * 1.05, f.y - r * 1.05, 2.1 * r, 2.1 * r))
                text = INK if colour.lightness() > 120 else QColor("white")
            else:
                if f.id in grail:
                    fill, line = GRAIL, INK
                    text = QColor("white")
                elif f.terrain == Terrain.SEA:
                    fill, line = SEA_FIELD, QColor("#ffffff")
                else:
                    fill, line = LAND_FIELD, FIELD_LINE
                p.setPen(self.pen(line, 0.05))
                p.setBrush(fill)
                p.drawEllipse(centre, r, r)
                if f.id == front:
                    p.setBrush(Qt.BrushStyle.NoBrush)
                    p.setPen(self.pen(GRAIL, 0.07))
                    p.drawEllipse(centre, r * 1.25, r * 1.25)
            if f.id in start:
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.setPen(self.pen(self.seat_colour.get(start[f.id], INK).darker(110), 0.1))
                p.drawEllipse(centre, r * 0.78, r * 0.78)
            if f.id in harbours:
                self.anchor(f.x + r * 1.1, f.y - r * 1.1)
            if f.id in stairs:
                self.stairs(f, stairs[f.id])
            if f.number is not None:
                p.setPen(text)
                p.drawText(QRectF(f.x - r, f.y - r, 2 * r, 2 * r),
                           Qt.AlignmentFlag.AlignCenter, str(f.number))
        p.setBrush(Qt.BrushStyle.NoBrush)

    def anchor(self, x: float, y: float) -> None:
        p = self.p
        s = 0.2 * self.cm
        p.setPen(self.pen(QColor("#14233a"), 0.06))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawEllipse(QPointF(x, y - s), s * 0.28, s * 0.28)
        p.drawLine(QLineF(x, y - s * 0.72, x, y + s))
        p.drawLine(QLineF(x - s * 0.5, y - s * 0.35, x + s * 0.5, y - s * 0.35))
        path = QPainterPath(QPointF(x - s * 0.85, y + s * 0.3))
        path.quadTo(QPointF(x - s * 0.6, y + s * 1.2), QPointF(x, y + s))
        path.quadTo(QPointF(x + s * 0.6, y + s * 1.2), QPointF(x + s * 0.85, y + s * 0.3))
        p.drawPath(path)

    def stairs(self, f: Field, region: str) -> None:
        """Three steps on the side of the field facing its region (WILD-3)."""
        p = self.p
        target = self.pt(region)
        ln = QLineF(QPointF(f.x, f.y), target)
        if ln.length() == 0:
            return
        u = ln.unitVector()
        n = ln.normalVector().unitVector()
        along = QPointF(u.dx(), u.dy())
        across = QPointF(n.dx(), n.dy())
        p.setPen(self.pen(INK, 0.05, cap=Qt.PenCapStyle.FlatCap))
        base = QPointF(f.x, f.y) + along * self.r * 1.15
        for i in range(3):
            q = base + along * (i * 0.09 * self.cm)
            w = (0.22 - i * 0.05) * self.cm
            p.drawLine(QLineF(q - across * w, q + across * w))

    def legend(self, w: int, h: int) -> None:
        p = self.p
        font = QFont("DejaVu Serif")
        font.setPixelSize(round(0.75 * self.cm))
        font.setBold(True)
        p.setFont(font)
        p.setPen(QColor("#f4efe0"))
        p.drawText(QRectF(0.5 * self.cm, 0.2 * self.cm, w - self.cm, 1.2 * self.cm),
                   Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, self.b.name)
        # scale bar: 10 cm at the calibration points when the board has them
        cal = self.b.scale.calibration if self.b.scale else None
        if cal is not None:
            a, b = QPointF(cal.a.x, cal.a.y), QPointF(cal.b.x, cal.b.y)
            label = f"{cal.distance_cm:g} cm"
        else:
            a = QPointF(2 * self.cm, h - 1.2 * self.cm)
            b = a + QPointF(10 * self.cm, 0)
            label = "10 cm"
        p.setPen(self.pen(QColor("#f4efe0"), 0.12, cap=Qt.PenCapStyle.FlatCap))
        p.drawLine(QLineF(a, b))
        for q in (a, b):
            p.drawLine(QLineF(q + QPointF(0, -0.25 * self.cm), q + QPointF(0, 0.25 * self.cm)))
        font.setPixelSize(round(0.35 * self.cm))
        font.setBold(False)
        p.setFont(font)
        p.drawText(QRectF(a.x(), a.y() - 0.8 * self.cm, b.x() - a.x(), 0.5 * self.cm),
                   Qt.AlignmentFlag.AlignCenter, label)


def paint_board(painter: QPainter, board: Board) -> None:
    """Paint `board` with `painter` in board pixels (the caller sets any scaling)."""
    w, h = board_size_px(board)
    _Painter(painter, board).paint(w, h)


def _output_scale(board: Board, px_per_cm: float | None) -> float:
    if px_per_cm is None:
        return 1.0
    if not px_per_cm > 0:
        raise RenderError(_("scale must be positive, got {px_per_cm:g}").format(
                              px_per_cm=px_per_cm))
    return px_per_cm / _ppc(board)


def render_board_image(board: Board, px_per_cm: float | None = None) -> QImage:
    """The board drawn on a QImage (32-bit), at `px_per_cm` (default: the board's scale)."""
    ensure_gui_application()
    factor = _output_scale(board, px_per_cm)
    w, h = board_size_px(board)
    size = QSize(max(1, round(w * factor)), max(1, round(h * factor)))
    if size.width() * size.height() > MAX_RENDER_PIXELS:
        raise RenderError(_("output of {width}x{height} pixels is too large: at most {limit} "
                            "million pixels (lower --scale)").format(
                              width=size.width(), height=size.height(), limit=MAX_RENDER_PIXELS
                              // 1_000_000))
    image = QImage(size, QImage.Format.Format_RGB32)
    image.fill(SEA)
    painter = QPainter(image)
    try:
        painter.scale(factor, factor)
        paint_board(painter, board)
    finally:
        painter.end()
    return image


def render_board_to_file(board: Board, path: str | os.PathLike[str],
                         px_per_cm: float | None = None) -> tuple[int, int]:
    """Write the board as PNG or SVG (by extension); returns the output size in pixels.

    Raises RenderError for an unknown extension or a file that cannot be written.
    """
    target = Path(path)
    suffix = target.suffix.lower()
    if suffix not in (".png", ".svg"):
        raise RenderError(_("unknown output type '{suffix}': use .png or .svg").format(
                              suffix=target.suffix or target.name))
    if not target.parent.is_dir():
        raise RenderError(_("cannot write '{target}': folder '{parent}' does not exist").format(
                              target=target, parent=target.parent))
    ensure_gui_application()
    if suffix == ".svg":
        return _write_svg(board, target, px_per_cm)
    image = render_board_image(board, px_per_cm)
    # flat map colours: an 8-bit palette keeps the files small
    indexed = image.convertToFormat(QImage.Format.Format_Indexed8, _palette(board),
                                    Qt.ImageConversionFlag.ThresholdDither
                                    | Qt.ImageConversionFlag.AvoidDither)
    writer = QImageWriter(str(target), b"png")
    writer.setQuality(0)  # PNG: strongest compression
    if not writer.write(indexed):
        raise RenderError(_("cannot write '{target}': {error}").format(
                              target=target, error=writer.errorString()))
    return image.width(), image.height()


def _blend(a: QColor, b: QColor, t: float) -> int:
    def mix(x: int, y: int) -> int:
        return round(x * (1 - t) + y * t)

    return QColor(mix(a.red(), b.red()), mix(a.green(), b.green()), mix(a.blue(), b.blue())).rgb()


def _palette(board: Board) -> list[int]:
    """Colour table for the 8-bit PNG: the map colours and blends between them (edges)."""
    base = [SEA, SEA_FIELD, SEA_LANE, LAND, COAST, ROAD, LAND_FIELD, FIELD_LINE, BRIDGE,
            BRIDGE_EDGE, GRAIL, MOAT, WALL, WALL.lighter(130), WALL.darker(140), SLIT, INK,
            QColor("white"), QColor("#f4efe0"), QColor("#14233a"), QColor("#3d5a2a"),
            QColor("#8b7a66"), QColor("#4b3b2a"), QColor("#f4f1ea")]
    base += [QColor(s.colour) for s in board.seats]
    base += [QColor(s.colour).darker(110) for s in board.seats]
    for r in board.regions:
        for c in (QColor(r.colour), QColor(r.colour).darker(125), QColor(r.colour).darker(150)):
            if c.rgb() not in {b.rgb() for b in base}:
                base.append(c)
    keys = [SEA, LAND, LAND_FIELD, SEA_FIELD, INK, QColor("white")]
    table: list[int] = []
    for c in base:
        if c.rgb() not in table:
            table.append(c.rgb())
    for i, k in enumerate(keys):
        for c in base:
            if c.rgb() != k.rgb():
                table.append(_blend(k, c, 0.5))
        for k2 in keys[i + 1:]:
            table += [_blend(k, k2, 0.25), _blend(k, k2, 0.75)]
    out: list[int] = []
    for c in table:
        if c not in out:
            out.append(c)
    return out[:256]


def _write_svg(board: Board, target: Path, px_per_cm: float | None) -> tuple[int, int]:
    from PySide6.QtSvg import QSvgGenerator

    factor = _output_scale(board, px_per_cm)
    w, h = board_size_px(board)
    size = QSize(max(1, round(w * factor)), max(1, round(h * factor)))
    try:
        with open(target, "wb"):
            pass
    except OSError as exc:
        raise RenderError(_("cannot write '{target}': {error}").format(
                              target=target, error=exc.strerror or exc)) from exc
    gen = QSvgGenerator()
    gen.setFileName(str(target))
    # The SVG's physical size (width/height in mm) is size / resolution. QSvgGenerator takes
    # an integer dpi, and px/cm * 2.54 is rarely whole, so both the size and the resolution
    # are multiplied by `k`: the viewBox (the drawing's coordinates) stays `size`, and the
    # printed size comes out as pixels / (px per cm), e.g. 960 px at 20 px/cm = 480 mm.
    out_ppc = px_per_cm if px_per_cm is not None else _ppc(board)
    k = max(1, min(SVG_SIZE_FACTOR, (2**31 - 1) // max(size.width(), size.height())))
    gen.setSize(QSize(size.width() * k, size.height() * k))
    gen.setResolution(max(1, round(out_ppc * CM_PER_INCH * k)))
    gen.setViewBox(QRectF(0, 0, size.width(), size.height()))
    gen.setTitle(board.name)
    gen.setDescription("Rendered by conquest render")
    painter = QPainter()
    if not painter.begin(gen):
        raise RenderError(_("cannot write '{target}'").format(target=target))
    try:
        # the default font is sized in points, which the large resolution would blow up
        font = QFont(painter.font())
        font.setPixelSize(12)
        painter.setFont(font)
        painter.scale(factor, factor)
        paint_board(painter, board)
    finally:
        painter.end()
    return size.width(), size.height()
