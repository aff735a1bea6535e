"""The play scene: the trace scene's board drawing, read-only, with a piece layer and target
markers on top.

The board layer is a `BoardScene` over a private document holding the session's board (a
snapshot: play never touches the document being edited); its items are not selectable and the
start-field tags are off. `PieceItem` draws one stack in its owner's colour with its puzzle-book
letters (carrier capital, cargo small: `Ess`); `TargetItem` marks one target field of the
selected stack with its AP cost, styled by kind. Showing targets touches only the old and the
new markers, so selecting a stack costs time in proportion to its targets, not to the board.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from editor.gui.board.scene import BoardScene
from editor.gui.play import tag_layout
from editor.gui.shell.document import BoardDocument
from editor.model.geometry import centroid
from editor.rules.action_view import Kind
from editor.rules.position_view import StackView
from editor.rules.session import TargetGroup

#: marker style per kind group: (colour, glyph before the cost)
MOVE_STYLE = (QColor("#1b9e3e"), "")
KIND_STYLES: dict[Kind, tuple[QColor, str]] = {
    Kind.MOVE: MOVE_STYLE, Kind.PUSH: (QColor("#1b9e3e"), "⇢"),
    Kind.MOUNT: (QColor("#00897b"), "↥"), Kind.EMBARK: (QColor("#00897b"), "⚓"),
    Kind.DISMOUNT: (QColor("#00897b"), "↧"),
    Kind.CAPTURE: (QColor("#e0201b"), "×"), Kind.TAKE_OVER: (QColor("#e0201b"), "~"),
    Kind.RESPONSE: (QColor("#e0201b"), "×"), Kind.BOARDING: (QColor("#f57c00"), "⚓×"),
    Kind.SHOT: (QColor("#8e24aa"), "◎"), Kind.RETALIATION: (QColor("#8e24aa"), "◎"),
    Kind.BUILD: (QColor("#1565c0"), "+"), Kind.RAISE: (QColor("#6d4c41"), "↑"),
    Kind.LOWER: (QColor("#6d4c41"), "↓"),
}
#: which kind of a mixed group gives the marker its look (attacks first)
KIND_ORDER = [Kind.RESPONSE, Kind.CAPTURE, Kind.BOARDING, Kind.TAKE_OVER, Kind.SHOT,
              Kind.RETALIATION, Kind.BUILD, Kind.RAISE, Kind.LOWER, Kind.PUSH, Kind.MOUNT,
              Kind.EMBARK, Kind.DISMOUNT, Kind.MOVE]
SELECTED = QColor("#ffd400")
SCENE_RING = QColor("#e0201b")
RAISED = QColor("#8b0000")  # a raised drawbridge


def text_colour(fill: QColor) -> QColor:
    """Black or white, whichever reads better on `fill`."""
    lum = 0.299 * fill.red() + 0.587 * fill.green() + 0.114 * fill.blue()
    return QColor("#111111") if lum > 140 else QColor("#ffffff")


def main_kind(group: TargetGroup) -> Kind:
    kinds = group.kinds
    return next((k for k in KIND_ORDER if k in kinds), Kind.MOVE)


class PieceItem(QGraphicsItem):
    """One stack: a badge in the owner's colour with its letters."""

    def __init__(self, scene: PlayScene, stack: StackView, colour: QColor) -> None:
        super().__init__()
        self.play_scene = scene
        self.stack = stack
        self.colour = colour
        self.selected = False
        self.setZValue(20)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def width(self) -> float:
        r = self.play_scene.radius
        return r * max(1.7, 0.62 * len(self.stack.letters) + 0.9)

    def boundingRect(self) -> QRectF:
        r = self.play_scene.radius
        w = self.width() / 2 + r * 0.5
        return QRectF(-w, -r * 1.4, 2 * w, r * 2.8)

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        r = self.play_scene.radius
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        w = self.width()
        rect = QRectF(-w / 2, -r * 0.85, w, r * 1.7)
        ink = text_colour(self.colour)
        if self.selected:
            p.setPen(QPen(SELECTED, r * 0.35))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(rect.adjusted(-r * 0.2, -r * 0.2, r * 0.2, r * 0.2),
                              r * 0.95, r * 0.95)
        p.setPen(QPen(QColor("#111111") if ink.lightness() > 128 else QColor("#f4f4f4")
                      if self.colour.lightness() < 60 else QColor("#111111"), r * 0.14))
        p.setBrush(self.colour)
        p.drawRoundedRect(rect, r * 0.85, r * 0.85)
        font = QFont(self.play_scene.number_font)
        font.setPixelSize(max(1, int(r * 1.05)))
        font.setBold(True)
        p.setFont(font)
        p.setPen(ink)
        p.drawText(rect, Qt.AlignmentFlag.AlignCenter, self.stack.letters)


class TargetItem(QGraphicsItem):
    """One target field of the selected stack: a ring styled by kind, with the AP cost."""

    def __init__(self, scene: PlayScene, group: TargetGroup) -> None:
        super().__init__()
        self.play_scene = scene
        self.group = group
        self.kind = main_kind(group)
        self.corner = 0  # where the AP tag sits: an index into tag_layout.CORNERS
        self.setZValue(30)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def boundingRect(self) -> QRectF:
        r = self.play_scene.radius
        side = max(r * 1.7, r * 0.65 + self.tag_width())
        return QRectF(-side, -r * 1.9, 2 * side, r * 3.8)

    def tag_rect(self) -> QRectF:
        """The AP tag's rectangle in item coordinates, at the corner the layout chose."""
        r = self.play_scene.radius
        return QRectF(*tag_layout.tag_rect(self.corner, self.tag_width(), r, r))

    def tag_width(self) -> float:
        return self.play_scene.radius * (0.55 * len(self.label()) + 0.5)

    def label(self) -> str:
        colour_glyph = KIND_STYLES.get(self.kind, MOVE_STYLE)[1]
        return f"{colour_glyph}{self.group.cost}"

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        r = self.play_scene.radius
        colour = KIND_STYLES.get(self.kind, MOVE_STYLE)[0]
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        halo = QColor("#ffffff")
        halo.setAlpha(200)
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(halo, r * 0.5))
        p.drawEllipse(QPointF(0, 0), r * 1.25, r * 1.25)
        style = Qt.PenStyle.DashLine if self.kind in (Kind.SHOT, Kind.RETALIATION,
                                                     Kind.BUILD) else Qt.PenStyle.SolidLine
        p.setPen(QPen(colour, r * 0.3, style))
        p.drawEllipse(QPointF(0, 0), r * 1.25, r * 1.25)
        if self.kind in (Kind.SHOT, Kind.RETALIATION):
            p.setPen(QPen(colour, r * 0.16))
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                p.drawLine(QPointF(dx * r * 0.9, dy * r * 0.9), QPointF(dx * r * 1.55,
                                                                        dy * r * 1.55))
        text = self.label()
        font = QFont(self.play_scene.number_font)
        font.setPixelSize(max(1, int(r * 0.8)))
        font.setBold(True)
        p.setFont(font)
        tag = self.tag_rect()
        p.setPen(QPen(QColor("#ffffff"), r * 0.08))
        p.setBrush(colour)
        p.drawRoundedRect(tag, r * 0.4, r * 0.4)
        p.setPen(QColor("#ffffff"))
        p.drawText(tag, Qt.AlignmentFlag.AlignCenter, text)


class SceneRing(QGraphicsItem):
    """Marks the field of the capture a response window answers (RECAP-1)."""

    def __init__(self, scene: PlayScene) -> None:
        super().__init__()
        self.play_scene = scene
        self.setZValue(25)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def boundingRect(self) -> QRectF:
        r = self.play_scene.radius
        return QRectF(-r * 1.8, -r * 1.8, r * 3.6, r * 3.6)

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        r = self.play_scene.radius
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(SCENE_RING, r * 0.18, Qt.PenStyle.DotLine))
        p.drawEllipse(QPointF(0, 0), r * 1.6, r * 1.6)


class RaisedBridge(QGraphicsItem):
    """A raised drawbridge (DRAW-2): a red bar across the tower's access line with "up", so
    that a raised bridge never looks like a lowered one (which is drawn as the board has
    it)."""

    def __init__(self, scene: PlayScene, a: QPointF, b: QPointF) -> None:
        super().__init__()
        self.play_scene = scene
        self.setZValue(15)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setPos((a + b) / 2)
        d = b - a
        length = max(1e-6, (d.x() ** 2 + d.y() ** 2) ** 0.5)
        self.normal = QPointF(-d.y() / length, d.x() / length)

    def boundingRect(self) -> QRectF:
        r = self.play_scene.radius
        return QRectF(-r * 1.6, -r * 1.6, r * 3.2, r * 3.2)

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        r = self.play_scene.radius
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setPen(QPen(QColor("#ffffff"), r * 0.55, Qt.PenStyle.SolidLine, Qt.PenCapStyle.FlatCap))
        p.drawLine(self.normal * -r * 0.9, self.normal * r * 0.9)
        p.setPen(QPen(RAISED, r * 0.35, Qt.PenStyle.SolidLine, Qt.PenCapStyle.FlatCap))
        p.drawLine(self.normal * -r * 0.9, self.normal * r * 0.9)
        font = QFont()
        font.setPixelSize(max(1, int(r * 0.7)))
        font.setBold(True)
        p.setFont(font)
        p.drawText(QRectF(-r * 1.5, -r * 1.6, r * 3.0, r * 0.8), Qt.AlignmentFlag.AlignCenter,
                   "up")


class PlayScene(BoardScene):
    """The session's board (read-only) with pieces and target markers."""

    def __init__(self, parent=None) -> None:
        super().__init__(BoardDocument(), parent)  # calls rebuild(), which sets the layers
        self.layers["starts"] = False
        #: field id -> what the selected stack can do there or why not (set by play mode)
        self.explain: Callable[[str], str] | None = None

    def tooltip(self, key) -> str:
        """A field's own lines, then what the selected stack can do there or why not."""
        text = super().tooltip(key)
        why = self.explain(key[1]) if self.explain is not None and key[0] == "field" else ""
        return f"{text}\n{why}" if why and text else why or text

    def show_board(self, board, path: str | None) -> None:
        """Draw a new board snapshot (a new game or an opened scenario)."""
        self.doc.replace_board(board, path)

    def rebuild(self) -> None:
        self.pieces: dict[str, PieceItem] = {}
        self.markers: dict[str, TargetItem] = {}
        self.scene_ring: SceneRing | None = None
        self.selected_field: str | None = None
        #: tower field -> the marks of its raised drawbridge (DRAW-2)
        self.raised: dict[str, list[RaisedBridge]] = {}
        self.pieces = {}
        self.markers = {}
        self.scene_ring = None
        self.selected_field = None
        super().rebuild()
        for item in self.items_by_key.values():
            item.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable, False)
        self.colours = {s.id: QColor(s.colour) for s in self.board.seats}

    def field_pos(self, field: str) -> QPointF | None:
        """Where a node's piece and target marker go: a field's centre, or the centroid of a
        wilderness region (a region is a node pieces stand on, WILD-1)."""
        item = self.items_by_key.get(("field", field))
        if item is not None:
            return item.pos()
        region = next((r for r in self.board.regions if r.id == field), None)
        if region is None or not region.polygon:
            return None
        return QPointF(*centroid([(p.x, p.y) for p in region.polygon]))

    def field_at(self, pos: QPointF) -> str | None:
        """The node under a scene position: the nearest field centre within the radius, else
        the wilderness region the position lies in (knights and camels enter it, WILD-2)."""
        item = self.pick(pos, kinds=("field", "region"))
        return item.key[1] if item is not None else None

    # ---- pieces ----------------------------------------------------------------------------

    def set_stacks(self, stacks: list[StackView]) -> None:
        """Show the position: only stacks that changed are redrawn."""
        wanted = {s.field: s for s in stacks}
        for field in [f for f in self.pieces if f not in wanted]:
            self.removeItem(self.pieces.pop(field))
        for field, stack in wanted.items():
            item = self.pieces.get(field)
            if item is not None and item.stack == stack:
                continue
            pos = self.field_pos(field)
            if pos is None:
                continue
            if item is not None:
                self.removeItem(item)
            item = PieceItem(self, stack, self.colours.get(stack.owner, QColor("#888888")))
            item.setPos(pos)
            item.selected = field == self.selected_field
            self.addItem(item)
            self.pieces[field] = item

    def set_selected(self, field: str | None) -> None:
        for f in (self.selected_field, field):
            item = self.pieces.get(f) if f else None
            if item is not None:
                item.selected = f == field
                item.update()
        self.selected_field = field

    # ---- targets ---------------------------------------------------------------------------

    def set_targets(self, groups: list[TargetGroup]) -> None:
        """Mark the target fields (replacing the previous markers)."""
        for item in self.markers.values():
            self.removeItem(item)
        self.markers = {}
        for group in groups:
            pos = self.field_pos(group.field)
            if pos is None:
                continue
            item = TargetItem(self, group)
            item.setPos(pos)
            self.addItem(item)
            self.markers[group.field] = item
        items = list(self.markers.values())
        pieces = [piece.mapRectToScene(piece.boundingRect()).getRect()
                  for field, piece in self.pieces.items() if field not in self.markers]
        corners = tag_layout.place_tags([(i.pos().x(), i.pos().y()) for i in items],
                                        [i.tag_width() for i in items], self.radius,
                                        self.radius, pieces)
        for item, corner in zip(items, corners, strict=True):
            item.corner = corner

    def set_raised(self, towers: list[str]) -> None:
        """Mark the drawbridges of `towers` as raised (the others as the board draws them)."""
        if sorted(towers) == sorted(self.raised):
            return
        for item in self.raised.values():
            for mark in item:
                self.removeItem(mark)
        self.raised = {}
        for tower in towers:
            marks = []
            for c in self.board.connections:
                if c.drawbridge and tower in (c.a, c.b):
                    a, b = self.field_pos(c.a), self.field_pos(c.b)
                    if a is not None and b is not None:
                        mark = RaisedBridge(self, a, b)
                        self.addItem(mark)
                        marks.append(mark)
            self.raised[tower] = marks

    def set_scene_field(self, field: str | None) -> None:
        """Ring the field of an open response window's capture (None: no window)."""
        pos = self.field_pos(field) if field else None
        if pos is None:
            if self.scene_ring is not None:
                self.removeItem(self.scene_ring)
                self.scene_ring = None
            return
        if self.scene_ring is None:
            self.scene_ring = SceneRing(self)
            self.addItem(self.scene_ring)
        self.scene_ring.setPos(pos)
