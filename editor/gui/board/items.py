"""The board scene's graphics items: one per field, connection, arrow slit and region, and
the scan behind them. Each item draws from its element and the `BoardScene` it belongs to
(radius, fonts, layer switches, decorations); `sync` updates it after an edit."""

from __future__ import annotations

import math

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QPainterPath,
    QPainterPathStroker,
    QPen,
    QPixmap,
    QPolygonF,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsScene,
    QGraphicsSimpleTextItem,
    QStyleOptionGraphicsItem,
    QWidget,
)

from editor.model.board import ConnectionKind, Terrain
from editor.model.edit_base import Key
from editor.model.geometry import centroid
from editor.model.refs import held

LAND = QColor("#f2e4c4")
SEA = QColor("#a9d2f2")
OUTLINE = QColor("#3d3020")
SELECT = QColor("#ff3df2")
#: drawn under every line and disc so traces stand out over any scan, light or dark
HALO = QColor(255, 255, 255, 210)
SELECT_EDGE = QColor("#1a0033")
#: proposed by the detector, not yet accepted: a dashed violet ring, a "?" badge, a glow on lines
PROPOSED = QColor("#7b1fa2")
PROPOSED_GLOW = QColor(186, 104, 200, 150)
#: below this many screen pixels of disc radius a field is drawn as a plain disc (level of detail)
TINY_PX = 6.0
#: a field's label is not drawn while its letters would be smaller than this (screen pixels)
LABEL_MIN_PX = 5.0
PIECE_LETTERS = {"soldier": "S", "elephant": "E", "knight": "K", "chariot": "Ch", "camel": "Ca",
                 "ship": "Sh", "galleon": "G", "catapult": "Cp", "siege_tower": "T",
                 "siege_engine": "SE"}
KIND_STYLE = {
    ConnectionKind.ROAD: (QColor("#d35400"), Qt.PenStyle.SolidLine),
    ConnectionKind.SEA_LANE: (QColor("#1f5fa8"), Qt.PenStyle.DashLine),
    ConnectionKind.HARBOUR_LINK: (QColor("#0f8a8a"), Qt.PenStyle.DotLine),
    ConnectionKind.BRIDGE: (QColor("#555555"), Qt.PenStyle.SolidLine),
    ConnectionKind.CASTLE_ACCESS: (QColor("#c2185b"), Qt.PenStyle.SolidLine),
    ConnectionKind.WILDERNESS_PATH: (QColor("#2e7d32"), Qt.PenStyle.DashDotLine),
}


class FieldItem(QGraphicsItem):
    """A field: a disc (land or sea) with its printed number and decorations."""

    def __init__(self, scene: QGraphicsScene, fid: str) -> None:
        super().__init__()
        self.key: Key = ("field", fid)
        self.board_scene = scene
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setZValue(10)
        self.terrain = Terrain.LAND
        self.number: int | None = None
        self.harbour = False
        self.unconfirmed = False
        self.decor: dict = {}
        #: the field's label, made when the field first has one (most fields have none)
        self.label: FieldLabel | None = None

    def sync(self, f, decor: dict) -> None:
        self.prepareGeometryChange()
        self.setPos(f.x, f.y)
        self.terrain, self.number, self.harbour = f.terrain, f.number, f.harbour
        self.unconfirmed = bool(getattr(f, "unconfirmed", False))
        self.decor = decor
        if f.label and self.label is None:
            self.label = FieldLabel(self)
        if self.label is not None:
            r = self.board_scene.radius
            self.label.setText(f.label)
            self.label.setFont(self.board_scene.label_font)
            self.label.setPos(r * 1.1, -r * 1.2)
            self.label.setVisible(bool(f.label) and self.board_scene.layers["labels"])
        self.update()

    def boundingRect(self) -> QRectF:
        return self.board_scene.field_rect

    def shape(self) -> QPainterPath:
        return self.board_scene.field_shape

    def _paint_plain(self, p: QPainter, r: float) -> None:
        """A field far zoomed out: a plain disc in its terrain colour (level of detail)."""
        p.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(SEA if self.terrain == Terrain.SEA else LAND)
        p.drawEllipse(QPointF(0, 0), r, r)

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        s = self.board_scene
        r = s.radius
        d = self.decor
        tiny = r * option.levelOfDetailFromTransform(p.worldTransform()) < TINY_PX
        if tiny and not self.isSelected():  # level of detail: a plain disc, no halo, no text
            self._paint_plain(p, r)
            return
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        fill = QColor(SEA if self.terrain == Terrain.SEA else LAND)
        if d.get("grail"):
            fill = QColor("#e8c33a")
        elif d.get("central"):
            fill = QColor("#f5d7a8")
        fill.setAlpha(150 if self.unconfirmed else 215)
        tower = d.get("tower")
        pen = QPen(QColor(tower[0]) if tower else OUTLINE, r * (0.28 if tower else 0.12))
        p.setBrush(Qt.BrushStyle.NoBrush)
        if self.isSelected():  # a dark ring around a bright one: visible on any scan
            p.setPen(QPen(SELECT_EDGE, r * 0.55))
            p.drawEllipse(QPointF(0, 0), r * 1.15, r * 1.15)
            p.setPen(QPen(SELECT, r * 0.36))
            p.drawEllipse(QPointF(0, 0), r * 1.15, r * 1.15)
        else:
            p.setPen(QPen(HALO, r * 0.22 + pen.widthF()))
            p.drawEllipse(QPointF(0, 0), r, r)
        if self.unconfirmed and not tower:
            pen = QPen(PROPOSED, r * 0.16, Qt.PenStyle.DashLine)
        p.setPen(pen)
        p.setBrush(fill)
        p.drawEllipse(QPointF(0, 0), r, r)
        if self.harbour:
            p.setPen(QPen(QColor("#0b4f8a"), r * 0.14, Qt.PenStyle.DotLine))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawEllipse(QPointF(0, 0), r * 0.78, r * 0.78)
        if r * option.levelOfDetailFromTransform(p.worldTransform()) < 5:
            return  # too small to read: skip text and marks
        font = QFont(s.number_font)
        p.setPen(QColor("#111111"))
        text = "" if self.number is None else str(self.number)
        start = d.get("start") if s.layers["starts"] else None
        if start:
            colour, piece = start
            p.setBrush(QColor(colour))
            p.setPen(QPen(QColor("#ffffff"), r * 0.08))
            p.drawRoundedRect(QRectF(-r * 0.9, r * 0.15, r * 1.8, r * 0.8), r * 0.2, r * 0.2)
            small = QFont(font)
            small.setPixelSize(max(1, int(r * 0.6)))
            p.setFont(small)
            p.setPen(QColor("#ffffff"))
            p.drawText(QRectF(-r, r * 0.15, 2 * r, r * 0.8), Qt.AlignmentFlag.AlignCenter,
                       PIECE_LETTERS.get(piece, "?"))
            p.setPen(QColor("#111111"))
            p.setFont(font)
            p.drawText(QRectF(-r, -r * 0.9, 2 * r, r), Qt.AlignmentFlag.AlignCenter, text)
        else:
            p.setFont(font)
            p.drawText(QRectF(-r, -r, 2 * r, 2 * r), Qt.AlignmentFlag.AlignCenter, text)
        if tower:
            small = QFont(font)
            small.setPixelSize(max(1, int(r * 0.55)))
            p.setFont(small)
            p.setPen(QColor(tower[0]))
            p.drawText(QRectF(r * 0.6, -r * 1.45, r, r * 0.8), Qt.AlignmentFlag.AlignCenter,
                       str(tower[1] + 1))
        if d.get("stair"):
            p.setPen(QPen(QColor("#2e7d32"), r * 0.1))
            p.setBrush(QColor("#66bb6a"))
            tri = QPolygonF([QPointF(-r * 1.35, r * 0.2), QPointF(-r * 0.85, r * 0.2),
                             QPointF(-r * 1.1, -r * 0.3)])
            p.drawPolygon(tri)
        if d.get("front"):
            p.setPen(QPen(QColor("#b8860b"), r * 0.12, Qt.PenStyle.DashLine))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawEllipse(QPointF(0, 0), r * 1.3, r * 1.3)
        if self.unconfirmed:
            proposed_badge(p, QPointF(-r * 0.8, -r * 0.8), r, s.number_font)


def proposed_badge(p: QPainter, centre: QPointF, r: float, font: QFont) -> None:
    """The "?" of an element the detector proposed: a violet disc with a white rim."""
    p.setPen(QPen(QColor("#ffffff"), r * 0.08))
    p.setBrush(PROPOSED)
    p.drawEllipse(centre, r * 0.42, r * 0.42)
    small = QFont(font)
    small.setPixelSize(max(1, int(r * 0.6)))
    small.setBold(True)
    p.setFont(small)
    p.setPen(QColor("#ffffff"))
    p.drawText(QRectF(centre.x() - r * 0.5, centre.y() - r * 0.5, r, r),
               Qt.AlignmentFlag.AlignCenter, "?")


class FieldLabel(QGraphicsSimpleTextItem):
    """A field's label beside its disc; not drawn while its letters would be smaller than
    `LABEL_MIN_PX` screen pixels (level of detail: unreadable, and costly on large boards)."""

    #: the threshold in screen pixels (a class attribute, so a test can set it to 0)
    min_px = LABEL_MIN_PX

    def __init__(self, field: QGraphicsItem) -> None:
        super().__init__(field)
        self.setZValue(1)
        self.setBrush(QColor("#202020"))

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        size = self.font().pixelSize() * option.levelOfDetailFromTransform(p.worldTransform())
        if size < self.min_px:
            return
        super().paint(p, option, widget)


class ConnectionItem(QGraphicsItem):
    """A connection drawn between the centres of its ends, styled by kind."""

    def __init__(self, scene: QGraphicsScene, cid: str) -> None:
        super().__init__()
        self.key: Key = ("connection", cid)
        self.board_scene = scene
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setZValue(5)
        self.line = QLineF()
        self.conn = None
        self._rect = QRectF()
        self._style = KIND_STYLE[ConnectionKind.ROAD]

    def sync(self, c, p1: QPointF, p2: QPointF) -> None:
        self.prepareGeometryChange()
        self.conn = c
        self.line = QLineF(p1, p2)
        self._shape = None
        m = self.board_scene.radius
        self._rect = QRectF(p1, p2).normalized().adjusted(-m, -m, m, m)
        self._style = KIND_STYLE.get(getattr(c, "kind", None), KIND_STYLE[ConnectionKind.ROAD])
        self.update()

    def boundingRect(self) -> QRectF:
        return self._rect

    def shape(self) -> QPainterPath:
        if getattr(self, "_shape", None) is None:
            path = QPainterPath(self.line.p1())
            path.lineTo(self.line.p2())
            stroker = QPainterPathStroker()
            stroker.setWidth(self.board_scene.radius * 0.7)
            self._shape = stroker.createStroke(path)
        return self._shape

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        c = self.conn
        if c is None:
            return
        r = self.board_scene.radius
        colour, style = self._style
        lod = p.worldTransform().m11()  # views only scale and translate
        if r * lod < 6 and not self.isSelected():  # zoomed far out: a thin line on a halo
            px = 1 / max(lod, 1e-6)
            p.setPen(QPen(PROPOSED_GLOW if c.unconfirmed else HALO, 3.5 * px))
            p.drawLine(self.line)
            p.setPen(QPen(colour, 1.5 * px))
            p.drawLine(self.line)
            return
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        width = r * 0.22
        if self.isSelected():
            p.setPen(QPen(SELECT_EDGE, width * 4.4, Qt.PenStyle.SolidLine,
                          Qt.PenCapStyle.RoundCap))
            p.drawLine(self.line)
            p.setPen(QPen(SELECT, width * 3.2, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
            p.drawLine(self.line)
        else:
            halo = width * (3.4 if c.kind == ConnectionKind.BRIDGE else 2.2)
            if c.unconfirmed:  # a violet glow around the line: proposed, not yet accepted
                p.setPen(QPen(PROPOSED_GLOW, halo * 1.8, Qt.PenStyle.SolidLine,
                              Qt.PenCapStyle.FlatCap))
                p.drawLine(self.line)
            p.setPen(QPen(HALO, halo, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
            p.drawLine(self.line)
        if c.kind == ConnectionKind.BRIDGE:
            p.setPen(QPen(QColor("#222222"), width * 2.8))
            p.drawLine(self.line)
            p.setPen(QPen(QColor("#d8d0c0"), width * 1.6))
            p.drawLine(self.line)
        elif c.kind == ConnectionKind.CASTLE_ACCESS and c.drawbridge:
            p.setPen(QPen(colour, width * 2.2))
            p.drawLine(self.line)
        pen = QPen(colour, width, style, Qt.PenCapStyle.RoundCap)
        p.setPen(pen)
        p.drawLine(self.line)
        mid = self.line.center()
        if r * lod < 6:
            return
        self._paint_marks(p, mid, r)
        if c.one_way is not None and self.line.length() > 0:
            self._paint_one_way(p, mid, r)

    def _paint_marks(self, p: QPainter, mid: QPointF, r: float) -> None:
        """The restriction marks over the line's middle: X / R bridge, barred, unloaded only,
        ships under (white-edged red text, readable on any scan)."""
        c = self.conn
        marks = []
        if c.bridge_class == "x_bridge":
            marks.append("X")
        elif c.bridge_class == "rope_bridge":
            marks.append("R")
        if c.barred:
            marks.append("⊘")
        if c.only_unloaded:
            marks.append("u")
        if c.under_lane:
            marks.append("≈")
        if marks:
            font = QFont(self.board_scene.number_font)
            font.setPixelSize(max(1, int(r * 0.9)))
            font.setBold(True)
            text = " ".join(marks)
            path = QPainterPath()
            width = QFontMetricsF(font).horizontalAdvance(text)
            path.addText(mid.x() - width / 2, mid.y() - r * 0.7, font, text)
            p.setPen(QPen(HALO, r * 0.25))  # a white edge: readable on a dark scan too
            p.setBrush(QColor("#b00020"))
            p.drawPath(path)
            p.setPen(Qt.PenStyle.NoPen)
            p.drawPath(path)

    def _paint_one_way(self, p: QPainter, mid: QPointF, r: float) -> None:
        """A red arrowhead in the one-way direction (OBST-1 V passages)."""
        c = self.conn
        to_b = c.one_way.to == c.b
        u = self.line.unitVector()
        dx, dy = u.dx(), u.dy()
        if not to_b:
            dx, dy = -dx, -dy
        tip = QPointF(mid.x() + dx * r * 0.6, mid.y() + dy * r * 0.6)
        back = QPointF(mid.x() - dx * r * 0.6, mid.y() - dy * r * 0.6)
        nx, ny = -dy, dx
        head = QPolygonF([tip, QPointF(back.x() + nx * r * 0.55, back.y() + ny * r * 0.55),
                          QPointF(back.x() - nx * r * 0.55, back.y() - ny * r * 0.55)])
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor("#c62828"))
        p.drawPolygon(head)


class SlitItem(ConnectionItem):
    """An arrow slit: a yellow fire-only line."""

    def __init__(self, scene: QGraphicsScene, sid: str) -> None:
        super().__init__(scene, sid)
        self.key = ("slit", sid)
        self.setZValue(6)

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        r = self.board_scene.radius
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setPen(QPen(SELECT if self.isSelected() else QColor(40, 30, 0, 200),
                      r * (0.6 if self.isSelected() else 0.4)))
        p.drawLine(self.line)
        p.setPen(QPen(QColor("#f0c000"), r * 0.25, Qt.PenStyle.DashLine, Qt.PenCapStyle.FlatCap))
        p.drawLine(self.line)


class RegionItem(QGraphicsItem):
    """A wilderness region outline; selected regions show vertex handles, proposed ones (from
    a scan, not yet accepted) a dashed violet outline."""

    def __init__(self, scene: QGraphicsScene, rid: str) -> None:
        super().__init__()
        self.key: Key = ("region", rid)
        self.board_scene = scene
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable)
        self.setZValue(2)
        self.poly = QPolygonF()
        self.colour = QColor("#8fbf6a")
        self.name = ""
        self.centre = QPointF()
        self.links: list[tuple[QPointF, str]] = []
        self.refs: set[str] = set()
        self.unconfirmed = False

    def sync(self, region, positions: dict[str, QPointF]) -> None:
        self.prepareGeometryChange()
        self.unconfirmed = bool(getattr(region, "unconfirmed", False))
        self.poly = QPolygonF([QPointF(p.x, p.y) for p in region.polygon])
        self.colour = QColor(region.colour)
        self.name = region.name or region.id
        cx, cy = centroid([(p.x, p.y) for p in region.polygon]) if region.polygon else (0, 0)
        self.centre = QPointF(cx, cy)
        links = [(positions[s], "stair") for s in region.stairs if s in positions]
        links += [(positions[b.field], "screened" if b.screened else "border")
                  for b in region.borders if b.field in positions]
        self.links = links
        self.refs = {occ.value for occ in held(region, "regions") if occ.ref.target == "field"}
        self.update()

    def boundingRect(self) -> QRectF:
        m = self.board_scene.radius
        rect = self.poly.boundingRect()
        for pt, _kind in getattr(self, "links", ()):
            rect = rect.united(QRectF(pt, pt))
        return rect.adjusted(-m, -m, m, m)

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addPolygon(self.poly)
        path.closeSubpath()
        return path

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        r = self.board_scene.radius
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        fill = QColor(self.colour)
        fill.setAlpha(90)
        edge = QColor(self.colour).darker(160)
        pen = QPen(SELECT if self.isSelected() else edge, r * (0.3 if self.isSelected()
                                                               else 0.18))
        if self.unconfirmed and not self.isSelected():
            pen = QPen(PROPOSED, r * 0.18, Qt.PenStyle.DashLine)
        p.setPen(pen)
        p.setBrush(fill)
        p.drawPolygon(self.poly)
        lod = option.levelOfDetailFromTransform(p.worldTransform())
        if r * lod >= 5 and self.board_scene.layers["labels"]:
            font = QFont(self.board_scene.label_font)
            font.setItalic(True)
            p.setFont(font)
            p.setPen(edge.darker(130))
            p.drawText(QRectF(self.centre.x() - 6 * r, self.centre.y() - r, 12 * r, 2 * r),
                       Qt.AlignmentFlag.AlignCenter, self.name)
        if self.isSelected():
            styles = {"stair": (QColor("#1b5e20"), Qt.PenStyle.SolidLine),
                      "border": (QColor("#2e7d32"), Qt.PenStyle.DotLine),
                      "screened": (QColor("#6d4c41"), Qt.PenStyle.DashLine)}
            for pt, kind in self.links:
                colour, style = styles[kind]
                p.setPen(QPen(colour, r * 0.15, style))
                p.drawLine(self.centre, pt)
            p.setBrush(QColor("#ffffff"))
            p.setPen(QPen(SELECT, r * 0.12))
            for pt in self.poly:
                p.drawRect(QRectF(pt.x() - r * 0.35, pt.y() - r * 0.35, r * 0.7, r * 0.7))


class ScanItem(QGraphicsItem):
    """The scan, drawn from a pyramid of halved copies so zoomed-out frames stay cheap.

    Only the exposed part is drawn, from the smallest copy that still has at least one image
    pixel per screen pixel (copies are made on first use).
    """

    def __init__(self, pixmap: QPixmap, size: QRectF | None = None) -> None:
        super().__init__()
        self.levels: list[QPixmap] = [pixmap]
        self.size = QRectF(pixmap.rect()) if size is None else size
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption)
        self.setZValue(-10)

    def boundingRect(self) -> QRectF:
        return self.size

    def level(self, scale: float) -> QPixmap:
        k = 0
        while scale > 0 and 2 ** -(k + 1) >= scale and min(
                self.size.width(), self.size.height()) / 2 ** (k + 1) >= 64:
            k += 1
        while len(self.levels) <= k:
            last = self.levels[-1]
            self.levels.append(last.scaled(max(1, last.width() // 2), max(1, last.height() // 2),
                                           Qt.AspectRatioMode.IgnoreAspectRatio,
                                           Qt.TransformationMode.SmoothTransformation))
        return self.levels[k]

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        t = p.worldTransform()
        scale = math.hypot(t.m11(), t.m12())
        pix = self.level(scale)
        target = option.exposedRect.intersected(self.size)
        if target.isEmpty():
            return
        fx = pix.width() / self.size.width()
        fy = pix.height() / self.size.height()
        source = QRectF(target.x() * fx, target.y() * fy, target.width() * fx,
                        target.height() * fy)
        p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, scale < 4)
        p.drawPixmap(target, pix, source)
