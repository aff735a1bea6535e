"""The board view: zoom to the cursor, pan (middle button or Space+drag), fit, tool dispatch."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QKeyEvent, QMouseEvent, QPainter, QWheelEvent
from PySide6.QtWidgets import QGraphicsView, QWidget

from editor.gui.board.overview import Overview
from editor.gui.board.scene import BoardScene
from editor.gui.board.tool import Tool, ToolOptions
from editor.gui.shell.document import BoardDocument
from editor.gui.shell.wording import plural
from editor.i18n import _
from editor.model import edit as ops


class BoardView(QGraphicsView):
    cursorMoved = Signal(QPointF)
    zoomChanged = Signal(float)
    toolKey = Signal(str)
    kindChanged = Signal(object)

    MIN_ZOOM, MAX_ZOOM = 0.01, 40.0

    def __init__(self, scene: BoardScene, doc: BoardDocument, options: ToolOptions,
                 parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        self.board_scene = scene
        self.doc = doc
        self.options = options
        self.tool: Tool | None = None
        self.tool_keys: dict[int, str] = {}
        self._pan_from: QPoint | None = None
        self._space = False
        self._nudge_session: tuple | None = None
        #: refit when the view is resized, until the user zooms or pans
        self.auto_fit = False
        #: (viewport size before the last fit, when): a resize straight back to it is the
        #: scroll bars toggling because of that fit; fitting again would loop forever
        self.setRenderHints(QPainter.RenderHint.Antialiasing
                            | QPainter.RenderHint.SmoothPixmapTransform)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.NoAnchor)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.MinimalViewportUpdate)
        self.setOptimizationFlag(QGraphicsView.OptimizationFlag.DontAdjustForAntialiasing)
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setBackgroundBrush(Qt.GlobalColor.darkGray)
        self.setDragMode(QGraphicsView.DragMode.NoDrag)
        # No scroll bars (pan with the middle button or Space+drag): with bars that come and go
        # with the zoom, fitting shows a bar, the smaller viewport fits again, the bar goes, and
        # so on for ever (the freeze of a 4:3 scan in a 1400x900 window). The viewport's size
        # now depends only on the window, so a fit can never resize it.
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self._fitted_size = None
        #: zoomed-out frames are blitted from one pixmap of the scene (level of detail)
        self.overview = Overview(self)

    def paintEvent(self, event) -> None:
        if not self.overview.paint(event):
            super().paintEvent(event)

    # ---- tools ----------------------------------------------------------------------

    def set_tool(self, tool: Tool) -> None:
        if self.tool is tool:
            return
        if self.tool is not None:
            self.tool.deactivate()
        self.tool = tool
        tool.activate()

    def set_connection_kind(self, kind) -> None:
        self.options.connection_kind = kind
        self.kindChanged.emit(kind)

    # ---- zoom and pan ---------------------------------------------------------------

    @property
    def zoom(self) -> float:
        return self.transform().m11()

    def _zoom_changed(self) -> None:
        """Tell the zoom (the status bar's label) when it differs from the last told."""
        zoom = self.zoom
        if zoom != getattr(self, "_told_zoom", None):
            self._told_zoom = zoom
            self.zoomChanged.emit(zoom)

    # code that sets the transform directly (scripts, tests, modes) updates the zoom label too
    def setTransform(self, matrix, combine: bool = False) -> None:
        super().setTransform(matrix, combine)
        self._zoom_changed()

    def resetTransform(self) -> None:
        super().resetTransform()
        self._zoom_changed()

    def scale(self, sx: float, sy: float) -> None:
        super().scale(sx, sy)
        self._zoom_changed()

    def zoom_at(self, view_pos: QPointF, factor: float) -> None:
        new = max(self.MIN_ZOOM, min(self.MAX_ZOOM, self.zoom * factor))
        factor = new / self.zoom
        if factor == 1.0:
            return
        self.auto_fit = False
        before = self.mapToScene(view_pos.toPoint())
        self.scale(factor, factor)
        after = self.mapFromScene(before)
        delta = after - view_pos.toPoint()
        self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() + delta.x())
        self.verticalScrollBar().setValue(self.verticalScrollBar().value() + delta.y())
        self._zoom_changed()

    def zoom_by(self, factor: float) -> None:
        self.zoom_at(QPointF(self.viewport().rect().center()), factor)

    def fit(self) -> None:
        img = self.doc.board.image
        rect = QRectF(0, 0, img.width, img.height) if img else \
            self.board_scene.itemsBoundingRect()
        if rect.isEmpty():
            rect = self.board_scene.sceneRect()
        self.fitInView(rect, Qt.AspectRatioMode.KeepAspectRatio)
        self.auto_fit = True
        self._fitted_size = self.viewport().size()
        self._zoom_changed()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if self.auto_fit and self.viewport().size() != self._fitted_size:
            self.fit()

    def centre_on(self, rect: QRectF) -> None:
        """Centre the view on rect, zooming in so its surroundings fill the view."""
        m = self.board_scene.radius * 10
        area = rect.adjusted(-m, -m, m, m)
        vp = self.viewport().rect()
        self.auto_fit = False
        wanted = min(vp.width() / area.width(), vp.height() / area.height(), 4.0)
        if wanted > self.zoom:
            self.scale(wanted / self.zoom, wanted / self.zoom)
            self._zoom_changed()
        self.centerOn(rect.center())

    def pan_by(self, dx: int, dy: int) -> None:
        self.auto_fit = False
        self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() + dx)
        self.verticalScrollBar().setValue(self.verticalScrollBar().value() + dy)

    def wheelEvent(self, event: QWheelEvent) -> None:
        delta = event.angleDelta().y() or event.angleDelta().x()
        if delta:
            self.zoom_at(event.position(), 1.0015 ** delta)
        event.accept()

    # ---- mouse ----------------------------------------------------------------------

    def _scene_pos(self, event: QMouseEvent) -> QPointF:
        return self.mapToScene(event.position().toPoint())

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self.setFocus()
        if event.button() == Qt.MouseButton.MiddleButton or (
                self._space and event.button() == Qt.MouseButton.LeftButton):
            self._pan_from = event.position().toPoint()
            self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
            event.accept()
            return
        if self.tool is not None:
            self.tool.press(event, self._scene_pos(event))
        event.accept()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        pos = self._scene_pos(event)
        self.cursorMoved.emit(pos)
        if self._pan_from is not None:
            now = event.position().toPoint()
            delta = now - self._pan_from
            self._pan_from = now
            self.pan_by(-delta.x(), -delta.y())
            event.accept()
            return
        if self.tool is not None:
            self.tool.move(event, pos)
        event.accept()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self._pan_from is not None and event.button() in (Qt.MouseButton.MiddleButton,
                                                             Qt.MouseButton.LeftButton):
            self._pan_from = None
            self.viewport().setCursor(Qt.CursorShape.OpenHandCursor if self._space
                                      else self.tool.cursor if self.tool else
                                      Qt.CursorShape.ArrowCursor)
            event.accept()
            return
        if self.tool is not None:
            self.tool.release(event, self._scene_pos(event))
        event.accept()

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton and self.tool is not None:
            self.tool.double_click(event, self._scene_pos(event))
        event.accept()

    # ---- keys -----------------------------------------------------------------------

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        mods = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        if key == Qt.Key.Key_Space:
            if not event.isAutoRepeat():
                self._space = True
                self.viewport().setCursor(Qt.CursorShape.OpenHandCursor)
            event.accept()
            return
        if self.tool is not None and self.tool.key(event):
            event.accept()
            return
        if key == Qt.Key.Key_Escape and self.tool is not None:
            self.tool.cancel()
            if self.tool.name == "select":
                self.board_scene.clearSelection()
            event.accept()
            return
        arrows = {Qt.Key.Key_Left: (-1, 0), Qt.Key.Key_Right: (1, 0), Qt.Key.Key_Up: (0, -1),
                  Qt.Key.Key_Down: (0, 1)}
        if key in arrows and self.nudge(*arrows[key],
                                        10 if mods & Qt.KeyboardModifier.ShiftModifier else 1):
            event.accept()
            return
        if key in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace):
            keys = self.board_scene.selected_keys()
            if keys:
                self.doc.apply(_("Delete {elements}").format(
                    elements=plural(len(keys), "element")), ops.delete, keys)
                event.accept()
                return
        if not mods and key in self.tool_keys:
            self.toolKey.emit(self.tool_keys[key])
            event.accept()
            return
        super().keyPressEvent(event)

    def keyReleaseEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space = False
            self._pan_from = None
            if self.tool is not None:
                self.viewport().setCursor(self.tool.cursor)
            event.accept()
            return
        super().keyReleaseEvent(event)

    def nudge(self, dx: int, dy: int, step: int) -> bool:
        """Move the selected fields by whole image pixels; consecutive nudges merge."""
        fields = [k[1] for k in self.board_scene.selected_keys() if k[0] == "field"]
        if not fields:
            return False
        by_id = self.doc.board.field_by_id()
        positions = {f: (by_id[f].x + dx * step, by_id[f].y + dy * step) for f in fields
                     if f in by_id}
        self.doc.apply(_("Nudge fields"), ops.move_fields, positions,
                       merge_key=("nudge", tuple(sorted(fields))))
        return True
