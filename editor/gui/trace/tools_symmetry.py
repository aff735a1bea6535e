"""The symmetry tool (Y): copy the selection through a mirror or a rotation, previewed first.

Select the traced part (a half or a quarter: fields, connections, regions), press Y, choose
Mirror or a rotation in the tool options. Mirror: click the axis's first point, move (the
mirrored copy follows the cursor; Shift keeps the axis horizontal or vertical) and click its
second point. Rotate: move (the rotated copy turns about the cursor) and click the centre. The
copy is one undoable edit (`editor.model.edit_symmetry`): fresh ids, castles' seats mapped,
start pieces of every setup copied, joined to the board where copied fields land on fields.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QMouseEvent, QPainterPath
from PySide6.QtWidgets import QGraphicsPathItem

from editor.gui.trace.tools import Tool, preview_pen
from editor.model.edit_symmetry import mirror_selection, rotate_selection, symmetric_elements
from editor.model.transform import PointMap, reflection, rotation

#: the tool options' choices: title -> rotation angle (None: mirror)
SYMMETRIES = {"Mirror": None, "Rotate 90°": 90.0, "Rotate 180°": 180.0, "Rotate 270°": 270.0}


def default_seat_map(seats: list[str], angle: float | None) -> dict[str, str]:
    """Whose castles the copy's castles are: a mirror or a half turn swaps the seats in
    reverse order (north <-> south), a quarter turn passes each seat to the next one."""
    if not seats:
        return {}
    if angle in (90.0, 270.0):
        step = 1 if angle == 90.0 else -1
        return {s: seats[(i + step) % len(seats)] for i, s in enumerate(seats)}
    return {s: seats[-1 - i] for i, s in enumerate(seats)}


class SymmetryTool(Tool):
    name = "symmetry"
    title = "Mirror / rotate selection"
    shortcut = "Y"
    tip = ("Copies the selection: Mirror: click two points of the axis (Shift: horizontal or "
           "vertical); Rotate: click the centre. The copy is previewed before the click.")

    def __init__(self, *args) -> None:
        super().__init__(*args)
        self.axis_a: QPointF | None = None
        self.preview: QGraphicsPathItem | None = None

    @property
    def angle(self) -> float | None:
        return SYMMETRIES.get(self.options.symmetry)

    def _ids(self) -> list[str]:
        return [k[1] for k in self.scene.selected_keys()]

    def status(self) -> str:
        if not self._ids():
            return f"{self.title}: select the part to copy first (S tool), then press Y."
        if self.angle is None:
            step = "click the axis's second point" if self.axis_a else "click the axis's " \
                "first point"
            return f"Mirror the selection: {step} (Esc cancels)."
        return f"Rotate the selection by {self.angle:g}°: click the centre (Esc cancels)."

    def cancel(self) -> None:
        super().cancel()
        self.axis_a = None
        self.preview = None

    def _map(self, pos: QPointF, shift: bool) -> PointMap | None:
        if self.angle is not None:
            return rotation((pos.x(), pos.y()), self.angle)
        if self.axis_a is None:
            return None
        b = self._snapped(pos, shift)
        if (b.x(), b.y()) == (self.axis_a.x(), self.axis_a.y()):
            return None
        return reflection((self.axis_a.x(), self.axis_a.y()), (b.x(), b.y()))

    def _snapped(self, pos: QPointF, shift: bool) -> QPointF:
        if not shift or self.axis_a is None:
            return pos
        dx, dy = pos.x() - self.axis_a.x(), pos.y() - self.axis_a.y()
        return QPointF(pos.x(), self.axis_a.y()) if abs(dx) >= abs(dy) else \
            QPointF(self.axis_a.x(), pos.y())

    def move(self, event: QMouseEvent, pos: QPointF) -> None:
        shift = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
        self._show_preview(self._map(pos, shift))

    def _show_preview(self, point_map: PointMap | None) -> None:
        """The copy's fields as circles and its connections as lines, following the cursor."""
        if point_map is None:
            if self.preview is not None:
                self.preview.setPath(QPainterPath())
            return
        board = self.doc.board
        chosen = symmetric_elements(board, self._ids())
        where = {f.id: point_map(f.x, f.y) for f in chosen.fields}
        path = QPainterPath()
        r = self.scene.radius
        for x, y in where.values():
            path.addEllipse(QPointF(x, y), r, r)
        for c in chosen.connections:
            if c.a in where and c.b in where:
                path.moveTo(*where[c.a])
                path.lineTo(*where[c.b])
        if self.preview is None:
            self.preview = self._add_preview(QGraphicsPathItem())
            self.preview.setPen(preview_pen(self.scene))
        self.preview.setPath(path)

    def press(self, event: QMouseEvent, pos: QPointF) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            if event.button() == Qt.MouseButton.RightButton:
                self.cancel()
            return
        ids = self._ids()
        if not ids:
            self.doc.error.emit("Select the part to copy first (fields, connections, regions)")
            return
        seats = default_seat_map([s.id for s in self.doc.board.seats], self.angle)
        if self.angle is not None:
            self.doc.apply(f"Rotate {len(ids)} elements by {self.angle:g}°", rotate_selection,
                           ids, (pos.x(), pos.y()), self.angle, seats)
            self.cancel()
            return
        if self.axis_a is None:
            self.axis_a = pos
            return
        shift = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
        b = self._snapped(pos, shift)
        a = self.axis_a
        self.cancel()
        self.doc.apply(f"Mirror {len(ids)} elements", mirror_selection, ids, (a.x(), a.y()),
                       (b.x(), b.y()), seats)


SYMMETRY_TOOLS: list[type[Tool]] = [SymmetryTool]
