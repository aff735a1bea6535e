"""The tool protocol of the board view: a `Tool` receives the view's mouse and key events in
scene coordinates and turns gestures into document edits; `ToolOptions` are the settings the
tools share with the tool bar. The view (`board/view.py`) dispatches to the active tool; the
tools themselves belong to the mode that offers them (trace mode's are in `trace/tools*.py`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QKeyEvent, QMouseEvent, QPen
from PySide6.QtWidgets import QGraphicsItem

from editor.gui.board.scene import BoardScene
from editor.gui.shell.document import BoardDocument
from editor.i18n import N_, _
from editor.model import edit as ops
from editor.model.board import ConnectionKind
from editor.model.types import PieceType


@dataclass
class ToolOptions:
    """Settings the tools share with the tool bar."""

    connection_kind: ConnectionKind = ConnectionKind.ROAD
    setup: str | None = None
    seat: str | None = None
    piece: PieceType = PieceType.SOLDIER
    #: the numbering tool's first number
    number_from: int = 1
    #: the symmetry tool's copy: "Mirror" or a rotation (tools_symmetry.SYMMETRIES)
    symmetry: str = "Mirror"
    #: field tools read the number printed under the click on the scan
    read_numbers: bool = True
    #: fields placed on a disc whose number could not be read: id -> why
    unread: dict[str, str] = field(default_factory=dict)


def preview_pen(scene: BoardScene, colour: str = "#ff3df2") -> QPen:
    pen = QPen(QColor(colour), scene.radius * 0.2, Qt.PenStyle.DashLine)
    pen.setCosmetic(False)
    return pen


class Tool:
    """Base class: a gesture on the view. Subclasses override the handlers they need."""

    name = "tool"
    title = N_("Tool")
    shortcut = ""
    tip = ""
    cursor = Qt.CursorShape.CrossCursor

    def __init__(self, doc: BoardDocument, scene: BoardScene, view, options: ToolOptions) -> None:
        self.doc = doc
        self.scene = scene
        self.view = view
        self.options = options
        self._previews: list[QGraphicsItem] = []

    # lifecycle
    def activate(self) -> None:
        self.view.viewport().setCursor(self.cursor)

    def deactivate(self) -> None:
        self.cancel()

    def cancel(self) -> None:
        for item in self._previews:
            if item.scene() is self.scene:
                self.scene.removeItem(item)
        self._previews.clear()

    def status(self) -> str:
        return _(self.tip)

    def _add_preview(self, item: QGraphicsItem) -> QGraphicsItem:
        item.setZValue(100)
        self.scene.addItem(item)
        self._previews.append(item)
        return item

    # events (pos in scene coordinates)
    def press(self, event: QMouseEvent, pos: QPointF) -> None:
        pass

    def move(self, event: QMouseEvent, pos: QPointF) -> None:
        pass

    def release(self, event: QMouseEvent, pos: QPointF) -> None:
        pass

    def double_click(self, event: QMouseEvent, pos: QPointF) -> None:
        pass

    def key(self, event: QKeyEvent) -> bool:
        """Handle a key; True when used."""
        return False

    # helpers
    def snap_node(self, pos: QPointF, regions: bool = False) -> str | None:
        """The field nearest to pos within snapping distance (or the region under pos)."""
        if regions:
            item = self.scene.pick(pos, kinds=("region",))
            return item.key[1] if item is not None else None
        f = ops.nearest_field(self.doc.board, pos.x(), pos.y(), self.scene.radius * 2.5)
        return f.id if f is not None else None
