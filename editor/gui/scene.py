"""The board scene: graphics items that observe the document and redraw what changed.

One item per field, connection, region and arrow slit, keyed by `(kind, id)`; the scan is a
pixmap item behind them. `BoardScene.on_changed(keys)` updates only the named items (and the
connections of a moved field); nothing rebuilds the whole scene except a document reset.
"""

from __future__ import annotations

import math
from collections import defaultdict

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QPainter,
    QPainterPath,
    QPainterPathStroker,
    QPen,
    QPixmap,
    QPixmapCache,
    QPolygonF,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsScene,
    QGraphicsSimpleTextItem,
    QStyleOptionGraphicsItem,
    QWidget,
)

from editor.gui.codes import scan_findings
from editor.gui.document import BoardDocument
from editor.model.board import Board, ConnectionKind, IslandKind, Terrain
from editor.model.findings import Finding
from editor.model.geometry import centroid
from editor.render.scan import ScanRead, read_scan

Key = tuple[str, str]

LAYERS = ("scan", "fields", "connections", "regions", "labels", "fire", "starts")
LAYER_TITLES = {"scan": "Scan", "fields": "Fields", "connections": "Connections",
                "regions": "Regions", "labels": "Labels", "fire": "Fire lines (arrow slits)",
                "starts": "Start fields"}

LAND = QColor("#f2e4c4")
SEA = QColor("#a9d2f2")
OUTLINE = QColor("#3d3020")
SELECT = QColor("#ff3df2")
PIECE_LETTERS = {"soldier": "S", "elephant": "E", "knight": "K", "chariot": "Ch", "camel": "Ca",
                 "ship": "Sh", "galleon": "G", "catapult": "Cp", "siege_tower": "T",
                 "siege_engine": "SE"}
KIND_STYLE = {
    ConnectionKind.ROAD: (QColor("#7a4a1c"), Qt.PenStyle.SolidLine),
    ConnectionKind.SEA_LANE: (QColor("#1f5fa8"), Qt.PenStyle.DashLine),
    ConnectionKind.HARBOUR_LINK: (QColor("#0f8a8a"), Qt.PenStyle.DotLine),
    ConnectionKind.BRIDGE: (QColor("#555555"), Qt.PenStyle.SolidLine),
    ConnectionKind.CASTLE_ACCESS: (QColor("#9c1c1c"), Qt.PenStyle.SolidLine),
    ConnectionKind.WILDERNESS_PATH: (QColor("#2e7d32"), Qt.PenStyle.DashDotLine),
}


class FieldItem(QGraphicsItem):
    """A field: a disc (land or sea) with its printed number and decorations."""

    def __init__(self, scene: BoardScene, fid: str) -> None:
        super().__init__()
        self.key: Key = ("field", fid)
        self.board_scene = scene
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setZValue(10)
        self.terrain = Terrain.LAND
        self.number: int | None = None
        self.harbour = False
        self.decor: dict = {}
        self.label = QGraphicsSimpleTextItem(self)
        self.label.setZValue(1)

    def sync(self, f, decor: dict) -> None:
        self.prepareGeometryChange()
        self.setPos(f.x, f.y)
        self.terrain, self.number, self.harbour = f.terrain, f.number, f.harbour
        self.decor = decor
        r = self.board_scene.radius
        self.label.setText(f.label)
        self.label.setFont(self.board_scene.label_font)
        self.label.setPos(r * 1.1, -r * 1.2)
        self.label.setVisible(bool(f.label) and self.board_scene.layers["labels"])
        self.label.setBrush(QColor("#202020"))
        self.update()

    def boundingRect(self) -> QRectF:
        return self.board_scene.field_rect

    def shape(self) -> QPainterPath:
        return self.board_scene.field_shape

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        s = self.board_scene
        r = s.radius
        d = self.decor
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        fill = QColor(SEA if self.terrain == Terrain.SEA else LAND)
        if d.get("grail"):
            fill = QColor("#e8c33a")
        elif d.get("central"):
            fill = QColor("#f5d7a8")
        fill.setAlpha(215)
        tower = d.get("tower")
        pen = QPen(QColor(tower[0]) if tower else OUTLINE, r * (0.28 if tower else 0.12))
        if self.isSelected():
            p.setPen(QPen(SELECT, r * 0.5))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawEllipse(QPointF(0, 0), r * 1.15, r * 1.15)
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


class ConnectionItem(QGraphicsItem):
    """A connection drawn between the centres of its ends, styled by kind."""

    def __init__(self, scene: BoardScene, cid: str) -> None:
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
        if r * lod < 6 and not self.isSelected():  # zoomed far out: a plain thin line
            p.setPen(QPen(colour, 1.5 / max(lod, 1e-6)))
            p.drawLine(self.line)
            return
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        width = r * 0.22
        if self.isSelected():
            p.setPen(QPen(SELECT, width * 3.2, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
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
            p.setFont(font)
            p.setPen(QColor("#b00020"))
            p.drawText(QRectF(mid.x() - 2 * r, mid.y() - r * 1.6, 4 * r, r * 1.2),
                       Qt.AlignmentFlag.AlignCenter, " ".join(marks))
        if c.one_way is not None and self.line.length() > 0:
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

    def __init__(self, scene: BoardScene, sid: str) -> None:
        super().__init__(scene, sid)
        self.key = ("slit", sid)
        self.setZValue(6)

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        r = self.board_scene.radius
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        if self.isSelected():
            p.setPen(QPen(SELECT, r * 0.6))
            p.drawLine(self.line)
        p.setPen(QPen(QColor("#f0c000"), r * 0.25, Qt.PenStyle.DashLine, Qt.PenCapStyle.FlatCap))
        p.drawLine(self.line)


class RegionItem(QGraphicsItem):
    """A wilderness region outline; selected regions show vertex handles."""

    def __init__(self, scene: BoardScene, rid: str) -> None:
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

    def sync(self, region, positions: dict[str, QPointF]) -> None:
        self.prepareGeometryChange()
        self.poly = QPolygonF([QPointF(p.x, p.y) for p in region.polygon])
        self.colour = QColor(region.colour)
        self.name = region.name or region.id
        cx, cy = centroid([(p.x, p.y) for p in region.polygon]) if region.polygon else (0, 0)
        self.centre = QPointF(cx, cy)
        links = [(positions[s], "stair") for s in region.stairs if s in positions]
        links += [(positions[b.field], "screened" if b.screened else "border")
                  for b in region.borders if b.field in positions]
        self.links = links
        self.refs = set(region.stairs) | {b.field for b in region.borders}
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
        p.setPen(QPen(SELECT if self.isSelected() else edge, r * (0.3 if self.isSelected()
                                                                  else 0.18)))
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


class BoardScene(QGraphicsScene):
    """Items for one document; observes `doc.changed` and `doc.reset`."""

    def __init__(self, doc: BoardDocument, parent=None) -> None:
        super().__init__(parent)
        if QPixmapCache.cacheLimit() < 64 * 1024:  # item caches of a large board (KiB)
            QPixmapCache.setCacheLimit(64 * 1024)
        self.doc = doc
        self.radius = 14.0
        self.number_font = QFont()
        self.label_font = QFont()
        self.layers = dict.fromkeys(LAYERS, True)
        self.scan_opacity = 0.85
        self.current_setup: str | None = None
        self.items_by_key: dict[Key, QGraphicsItem] = {}
        self.node_conns: dict[str, set[str]] = defaultdict(set)  # node id -> connection ids
        self.node_slits: dict[str, set[str]] = defaultdict(set)
        self._ends: dict[Key, tuple[str, str]] = {}
        self.background: ScanItem | None = None
        self.scan_missing: str | None = None
        self.scan_problem: ScanRead | None = None  # why the scan at scan_missing is not shown
        self._decor: dict[str, dict] = {}
        doc.changed.connect(self.on_changed)
        doc.reset.connect(self.rebuild)
        self.rebuild()

    @property
    def board(self) -> Board:
        return self.doc.board

    # ---- building -------------------------------------------------------------------

    def _metrics(self) -> None:
        img = self.board.image
        if self.board.scale is not None:
            r = 0.45 * self.board.scale.px_per_cm
        elif img is not None:
            r = max(img.width, img.height) / 120
        else:
            r = 14.0
        self.radius = max(4.0, min(r, 60.0))
        big = self.radius * 1.45
        self.field_rect = QRectF(-big, -big, 2 * big, 2 * big)
        self.field_shape = QPainterPath()
        self.field_shape.addEllipse(QPointF(0, 0), self.radius, self.radius)
        self.number_font = QFont("DejaVu Sans")
        self.number_font.setPixelSize(max(1, int(self.radius * 0.85)))
        self.number_font.setBold(True)
        self.label_font = QFont("DejaVu Sans")
        self.label_font.setPixelSize(max(1, int(self.radius * 0.8)))

    def rebuild(self) -> None:
        """Recreate every item (only on a document reset: open, new, restore)."""
        self.clearSelection()
        self.clear()
        self.items_by_key.clear()
        self.node_conns.clear()
        self.node_slits.clear()
        self._ends.clear()
        self.background = None
        self._metrics()
        if self.board.setups and self.current_setup not in {s.id for s in self.board.setups}:
            self.current_setup = self.board.setups[0].id
        self.load_scan()
        self._decor = self.decorations()
        for f in self.board.fields:
            self._sync_field(f.id)
        for r in self.board.regions:
            self._sync_region(r.id)
        for c in self.board.connections:
            self._sync_connection(c.id)
        for s in self.board.arrow_slits:
            self._sync_slit(s.id)
        self._update_rect()

    def load_scan(self) -> None:
        if self.background is not None:
            self.removeItem(self.background)
            self.background = None
        self.scan_missing = None
        self.scan_problem = None
        path = self.doc.scan_path()
        if path is None:
            return
        scan = read_scan(path)
        if scan.image is not None:
            self.background = ScanItem(QPixmap.fromImage(scan.image))
        else:  # a blank area of the claimed size, drawn from one pixel: never allocated by it
            self.scan_missing = path
            self.scan_problem = scan
            img = self.board.image
            pix = QPixmap(1, 1)
            pix.fill(QColor("#d9d4c7"))
            self.background = ScanItem(pix, QRectF(0, 0, img.width, img.height) if img else None)
        self.background.setOpacity(self.scan_opacity)
        self.background.setVisible(self.layers["scan"])
        self.addItem(self.background)

    def scan_findings(self) -> list[Finding]:
        """Why the scan is not shown (SCAN_MISSING / SCAN_REFUSED), or nothing."""
        return scan_findings(self.scan_missing, self.scan_problem)

    def _update_rect(self) -> None:
        img = self.board.image
        rect = QRectF(0, 0, img.width, img.height) if img else QRectF(0, 0, 1000, 800)
        bounds = self.itemsBoundingRect()
        rect = rect.united(bounds) if not bounds.isEmpty() else rect
        m = max(rect.width(), rect.height()) * 0.05
        self.setSceneRect(rect.adjusted(-m, -m, m, m))

    def decorations(self) -> dict[str, dict]:
        b = self.board
        seats = {s.id: s.colour for s in b.seats}
        out: dict[str, dict] = defaultdict(dict)
        for castle in b.castles:
            colour = seats.get(castle.seat, "#6a1b9a")
            for i, t in enumerate(castle.towers):
                out[t.field]["tower"] = (colour, i)
        if b.grail is not None:
            for f in b.grail.fields:
                out[f]["grail"] = True
            if b.grail.front:
                out[b.grail.front]["front"] = True
        for r in b.regions:
            for s in r.stairs:
                out[s]["stair"] = True
        central = {i.id for i in b.islands if i.kind == IslandKind.CENTRAL}
        for f in b.fields:
            if f.island in central:
                out[f.id]["central"] = True
        setup = b.setup(self.current_setup) if self.current_setup else None
        if setup is not None:
            for p in setup.placements:
                out[p.field]["start"] = (seats.get(p.seat, "#444444"), p.piece.value)
        return out

    # ---- observing the document -----------------------------------------------------

    def on_changed(self, keys: set[Key]) -> None:
        """Redraw what the named elements changed; selectionChanged fires at most once."""
        before = len(self.selectedItems())
        blocked = self.blockSignals(True)
        try:
            self._apply_changes(keys)
        finally:
            self.blockSignals(blocked)
        if len(self.selectedItems()) != before:
            self.selectionChanged.emit()

    def _apply_changes(self, keys: set[Key]) -> None:
        fields = {i for k, i in keys if k == "field"}
        conns = {i for k, i in keys if k == "connection"}
        slits = {i for k, i in keys if k == "slit"}
        regions = {i for k, i in keys if k == "region"}
        other = {k for k, _ in keys} - {"field", "connection", "slit", "region"}
        if ("board", "image") in keys:
            self.load_scan()
        if ("board", "scale") in keys or ("board", "image") in keys:
            old = self.radius
            self._metrics()
            if old != self.radius:
                self.rebuild()
                return
        new_decor = self.decorations() if (other or fields or regions) else self._decor
        if new_decor != self._decor:
            for fid in set(new_decor) ^ set(self._decor) | {
                    f for f in new_decor if new_decor[f] != self._decor.get(f)}:
                fields.add(fid)
            self._decor = new_decor
        for fid in fields:
            conns |= self.node_conns.get(fid, set())
            slits |= self.node_slits.get(fid, set())
            self._sync_field(fid)
        if fields:  # regions draw links to their stair and border fields
            regions |= {key[1] for key, item in self.items_by_key.items()
                        if key[0] == "region" and item.refs & fields}
        for rid in regions:
            conns |= self.node_conns.get(rid, set())
            self._sync_region(rid)
        for cid in conns:
            self._sync_connection(cid)
        for sid in slits:
            self._sync_slit(sid)

    def _remove(self, key: Key) -> None:
        item = self.items_by_key.pop(key, None)
        if item is not None:
            self.removeItem(item)

    def _sync_field(self, fid: str) -> None:
        f = next((x for x in self.board.fields if x.id == fid), None)
        key = ("field", fid)
        if f is None:
            self._remove(key)
            return
        item = self.items_by_key.get(key)
        if item is None:
            item = FieldItem(self, fid)
            item.setVisible(self.layers["fields"])
            self.addItem(item)
            self.items_by_key[key] = item
        item.sync(f, self._decor.get(fid, {}))

    def node_pos(self, node: str) -> QPointF | None:
        item = self.items_by_key.get(("field", node))
        if item is not None:
            return item.pos()
        region = self.items_by_key.get(("region", node))
        if region is not None:
            return region.poly.boundingRect().center()
        return None

    def _sync_link(self, key: Key, element, factory, index: dict[str, set[str]],
                   layer: str) -> None:
        ident = key[1]
        old_ends = self._ends.pop(key, ())
        for node in old_ends:
            index[node].discard(ident)
        if element is None:
            self._remove(key)
            return
        index[element.a].add(ident)
        index[element.b].add(ident)
        self._ends[key] = (element.a, element.b)
        p1, p2 = self.node_pos(element.a), self.node_pos(element.b)
        item = self.items_by_key.get(key)
        if p1 is None or p2 is None:  # dangling reference: nothing to draw
            self._remove(key)
            return
        if item is None:
            item = factory(self, ident)
            item.setVisible(self.layers[layer])
            self.addItem(item)
            self.items_by_key[key] = item
        item.sync(element, p1, p2)

    def _sync_connection(self, cid: str) -> None:
        c = next((x for x in self.board.connections if x.id == cid), None)
        self._sync_link(("connection", cid), c, ConnectionItem, self.node_conns, "connections")

    def _sync_slit(self, sid: str) -> None:
        s = next((x for x in self.board.arrow_slits if x.id == sid), None)
        self._sync_link(("slit", sid), s, SlitItem, self.node_slits, "fire")

    def _sync_region(self, rid: str) -> None:
        r = next((x for x in self.board.regions if x.id == rid), None)
        key = ("region", rid)
        if r is None:
            self._remove(key)
            return
        item = self.items_by_key.get(key)
        if item is None:
            item = RegionItem(self, rid)
            item.setVisible(self.layers["regions"])
            self.addItem(item)
            self.items_by_key[key] = item
        refs = set(r.stairs) | {b.field for b in r.borders}
        positions = {f: self.items_by_key[("field", f)].pos() for f in refs
                     if ("field", f) in self.items_by_key}
        item.sync(r, positions)

    # ---- layers and scan ------------------------------------------------------------

    def set_layer_visible(self, layer: str, visible: bool) -> None:
        self.layers[layer] = visible
        if layer == "scan":
            if self.background is not None:
                self.background.setVisible(visible)
            return
        kinds = {"fields": "field", "connections": "connection", "regions": "region",
                 "fire": "slit"}
        if layer in kinds:
            for key, item in self.items_by_key.items():
                if key[0] == kinds[layer]:
                    item.setVisible(visible)
                    if not visible:
                        item.setSelected(False)
        elif layer == "labels":
            for key, item in self.items_by_key.items():
                if key[0] == "field":
                    item.label.setVisible(visible and bool(item.label.text()))
        elif layer == "starts":
            for key, item in self.items_by_key.items():
                if key[0] == "field":
                    item.update()

    def set_scan_opacity(self, opacity: float) -> None:
        self.scan_opacity = opacity
        if self.background is not None:
            self.background.setOpacity(opacity)

    def set_current_setup(self, setup_id: str | None) -> None:
        self.current_setup = setup_id
        self.on_changed({("board", "setup")})

    # ---- picking and selection ------------------------------------------------------

    def pick(self, pos: QPointF, tolerance: float = 0.0,
             kinds: tuple[str, ...] = ("field", "connection", "slit", "region")):
        """The element under `pos`: nearest field, then connection or slit, then region."""
        r = self.radius + tolerance
        area = QRectF(pos.x() - r, pos.y() - r, 2 * r, 2 * r)
        best, best_d = None, math.inf
        lines = []
        regions = []
        for item in self.items(area):
            key = getattr(item, "key", None)
            if key is None or not item.isVisible() or key[0] not in kinds:
                continue
            if key[0] == "field":
                d = math.hypot(item.pos().x() - pos.x(), item.pos().y() - pos.y())
                if d <= r and d < best_d:
                    best, best_d = item, d
            elif key[0] in ("connection", "slit"):
                if item.shape().intersects(area.adjusted(r * 0.6, r * 0.6, -r * 0.6, -r * 0.6)):
                    lines.append(item)
            elif key[0] == "region" and item.shape().contains(pos):
                regions.append(item)
        if best is not None:
            return best
        if lines:
            return max(lines, key=lambda i: i.zValue())
        if regions:
            return min(regions, key=lambda i: i.poly.boundingRect().width())
        return None

    def selected_keys(self) -> list[Key]:
        keys = [item.key for item in self.selectedItems() if hasattr(item, "key")]
        order = {"field": 0, "connection": 1, "region": 2, "slit": 3}
        return sorted(keys, key=lambda k: (order.get(k[0], 9), k[1]))

    def select_keys(self, keys, add: bool = False) -> None:
        self.blockSignals(True)
        if not add:
            self.clearSelection()
        for key in keys:
            item = self.items_by_key.get(tuple(key))
            if item is not None and item.isVisible():
                item.setSelected(True)
        self.blockSignals(False)
        self.selectionChanged.emit()

    def element_rect(self, key: Key) -> QRectF | None:
        item = self.items_by_key.get(tuple(key))
        if item is not None:
            return item.sceneBoundingRect()
        return None
