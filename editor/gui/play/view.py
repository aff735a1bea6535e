"""The play view: the trace view's zoom and pan, with clicks and hovers turned into fields.

It never edits: no tools, no nudging or deleting keys. A left click emits `clicked(field)`, a
right click `menuRequested(field, global position)`, a move over a new field `hovered(field)`
(an empty string off the fields), Escape `escaped`.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt, Signal
from PySide6.QtGui import QKeyEvent, QMouseEvent

from editor.gui.board.tool import ToolOptions
from editor.gui.board.view import BoardView
from editor.gui.play.scene import PlayScene


class PlayView(BoardView):
    clicked = Signal(str)
    menuRequested = Signal(str, QPoint)
    hovered = Signal(str)
    escaped = Signal()

    def __init__(self, scene: PlayScene) -> None:
        super().__init__(scene, scene.doc, ToolOptions())
        self.play_scene = scene
        self.setObjectName("play_view")
        self._hover = ""

    def _field(self, event: QMouseEvent) -> str:
        return self.play_scene.field_at(self._scene_pos(event)) or ""

    def mousePressEvent(self, event: QMouseEvent) -> None:
        button = event.button()
        if button == Qt.MouseButton.MiddleButton or (
                self._space and button == Qt.MouseButton.LeftButton):
            super().mousePressEvent(event)
            return
        self.setFocus()
        if button == Qt.MouseButton.LeftButton:
            self.clicked.emit(self._field(event))
        elif button == Qt.MouseButton.RightButton:
            self.menuRequested.emit(self._field(event), event.globalPosition().toPoint())
        event.accept()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        super().mouseMoveEvent(event)
        field = self._field(event)
        if field != self._hover:
            self._hover = field
            self.hovered.emit(field)

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        event.accept()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape:
            self.escaped.emit()
            event.accept()
            return
        if event.key() == Qt.Key.Key_Space:
            super().keyPressEvent(event)
            return
        event.ignore()
