"""The symmetry tool (Y): copy the selection through a mirror or a rotation, previewed first.

Select the traced part (a half or a quarter: fields, connections, regions), press Y, choose
Mirror or a rotation in the tool options. Mirror: click the axis's first point, move (the
mirrored copy follows the cursor; Shift keeps the axis horizontal or vertical) and click its
second point. Rotate: move (the rotated copy turns about the cursor) and click the centre. The
copy is one undoable edit (`editor.model.edit_symmetry`): fresh ids, castles' seats mapped,
start pieces of every setup copied, joined to the board where copied fields land on fields
(within half a field radius); a copy landing on a disc printed on the scan takes the number
printed there (the field tools' digit reader) and its id from it.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QMouseEvent, QPainterPath
from PySide6.QtWidgets import QGraphicsPathItem

from editor.gui.board.tool import Tool, preview_pen
from editor.gui.trace.scan_numbers import read_number_under
from editor.i18n import N_, _
from editor.model.edit_base import nearest_field
from editor.model.edit_symmetry import (
    mirror_selection,
    rotate_selection,
    seam_tolerance,
    symmetric_elements,
)
from editor.model.transform import PointMap, reflection, rotation

#: the tool options' choices: title (an id, shown translated) -> rotation angle (None: mirror)
SYMMETRIES = {N_("Mirror"): None, N_("Rotate 90°"): 90.0, N_("Rotate 180°"): 180.0,
              N_("Rotate 270°"): 270.0}


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
    title = N_("Mirror / rotate selection")
    shortcut = "Y"
    tip = N_("Copies the selection: Mirror: click two points of the axis (Shift: horizontal or "
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
            return _("{tool}: select the part to copy first (S tool), then press Y.").format(
                tool=_(self.title))
        if self.angle is None:
            return _("Mirror the selection: click the axis's second point (Esc cancels).") \
                if self.axis_a else _("Mirror the selection: click the axis's first point (Esc "
                                      "cancels).")
        return _("Rotate the selection by {angle}°: click the centre (Esc cancels).").format(
            angle=f"{self.angle:g}")

    def cancel(self) -> None:
        super().cancel()
        self.axis_a = None
        self.preview = None

    def _centre(self, pos: QPointF) -> QPointF:
        """A rotation centre clicked within a field radius of a field's centre, or of the
        scan's centre, is that point: a centre a pixel off puts every copy two pixels off."""
        r = self.scene.radius
        f = nearest_field(self.doc.board, pos.x(), pos.y(), r)
        if f is not None:
            return QPointF(f.x, f.y)
        img = self.doc.board.image
        if img is not None and abs(pos.x() - img.width / 2) <= r and \
                abs(pos.y() - img.height / 2) <= r:
            return QPointF(img.width / 2, img.height / 2)
        return pos

    def _printed_numbers(self, ids: list[str], point_map: PointMap) -> dict[str, int]:
        """Selected field id -> the number printed on the scan where its copy lands (the
        digit reader of the field tools), for copies that land on no field already there."""
        if not self.options.read_numbers or self.scene.background is None:
            return {}
        board = self.doc.board
        tolerance = seam_tolerance(board, self._radius())
        out = {}
        for f in symmetric_elements(board, ids).fields:
            x, y = point_map(f.x, f.y)
            there = nearest_field(board, x, y, tolerance)
            if there is not None and there.terrain == f.terrain:
                continue
            reading = read_number_under(self.scene, x, y)
            if reading is not None and reading.number is not None:
                out[f.id] = reading.number
        return out

    def _radius(self) -> float:
        """The field radius the copy's seams are measured by (without the view's disc size)."""
        return self.scene.radius / (self.scene.disc_scale or 1.0)

    def _map(self, pos: QPointF, shift: bool) -> PointMap | None:
        if self.angle is not None:
            centre = self._centre(pos)
            return rotation((centre.x(), centre.y()), self.angle)
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
            self.doc.error.emit(_("Select the part to copy first (fields, connections, "
                                  "regions)"))
            return
        seats = default_seat_map([s.id for s in self.doc.board.seats], self.angle)
        if self.angle is not None:
            centre = self._centre(pos)
            numbers = self._printed_numbers(ids, rotation((centre.x(), centre.y()), self.angle))
            self.doc.apply(_("Rotate {n} elements by {angle}°").format(
                n=len(ids), angle=f"{self.angle:g}"), rotate_selection,
                           ids, (centre.x(), centre.y()), self.angle, seats, self._radius(),
                           numbers)
            self.cancel()
            return
        if self.axis_a is None:
            self.axis_a = pos
            return
        shift = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
        b = self._snapped(pos, shift)
        a = self.axis_a
        self.cancel()
        numbers = self._printed_numbers(ids, reflection((a.x(), a.y()), (b.x(), b.y())))
        self.doc.apply(_("Mirror {n} elements").format(n=len(ids)), mirror_selection, ids,
                       (a.x(), a.y()),
                       (b.x(), b.y()), seats, self._radius(), numbers)


SYMMETRY_TOOLS: list[type[Tool]] = [SymmetryTool]
