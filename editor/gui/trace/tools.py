"""Editing tools: one class per gesture (select/move, add field, connect, region, arrow slit,
scale calibration, delete, place start piece).

A tool receives mouse events in scene coordinates from the view and turns gestures into
document edits (`doc.apply(...)`); previews are temporary scene items the tool owns.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QKeyEvent, QMouseEvent, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import (
    QGraphicsLineItem,
    QGraphicsPathItem,
    QGraphicsRectItem,
)

from editor.gui.board import tooltips
from editor.gui.board.items import RegionItem
from editor.gui.board.tool import Tool, preview_pen
from editor.gui.shell import dialogs
from editor.gui.shell.document import new_merge_session
from editor.gui.trace.scan_numbers import read_number_under
from editor.i18n import N_, _
from editor.model import edit as ops
from editor.model.board import ConnectionKind, Terrain
from editor.model.names import FieldNames
from editor.model.refs import KIND
from editor.model.terms import piece_name, seat_name
from editor.model.types import PieceType

CONNECTION_KINDS = [
    (ConnectionKind.ROAD, N_("Road")),
    (ConnectionKind.SEA_LANE, N_("Sea lane")),
    (ConnectionKind.HARBOUR_LINK, N_("Harbour link")),
    (ConnectionKind.BRIDGE, N_("Bridge")),
    (ConnectionKind.CASTLE_ACCESS, N_("Castle access")),
    (ConnectionKind.WILDERNESS_PATH, N_("Wilderness path")),
]
KIND_TITLES = dict(CONNECTION_KINDS)


class SelectTool(Tool):
    name = "select"
    title = N_("Select / move")
    shortcut = "S"
    tip = N_("Click to select, Shift+click to add, drag on empty space for a rubber band; drag "
           "fields to move them, arrow keys nudge. Selected region: drag a corner, double-click "
           "an edge to add a corner, Alt+click a corner to remove it, Ctrl+click a field to "
           "toggle it as a stair, Ctrl+Shift+click to cycle border / screened border / none.")
    cursor = Qt.CursorShape.ArrowCursor

    def __init__(self, *args) -> None:
        super().__init__(*args)
        self._mode: str | None = None
        self._start = QPointF()
        self._origin: dict[str, tuple[float, float]] = {}
        self._session = 0
        self._vertex: tuple[str, int] | None = None
        self._band: QGraphicsRectItem | None = None
        self._shift = False
        self._click_only: tuple[str, str] | None = None

    def _vertex_at(self, pos: QPointF) -> tuple[str, int] | None:
        limit = self.scene.radius * 0.9
        for item in self.scene.selectedItems():
            if isinstance(item, RegionItem):
                for i, pt in enumerate(item.poly):
                    if math.hypot(pt.x() - pos.x(), pt.y() - pos.y()) <= limit:
                        return item.key[1], i
        return None

    def press(self, event: QMouseEvent, pos: QPointF) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            return
        self._shift = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
        if event.modifiers() & Qt.KeyboardModifier.ControlModifier and self._link_field(pos):
            return
        vertex = self._vertex_at(pos)
        if vertex is not None:
            if event.modifiers() & Qt.KeyboardModifier.AltModifier:
                self.doc.apply(_("Delete region corner"), ops.delete_vertex, *vertex)
                return
            self._mode, self._vertex = "vertex", vertex
            self._session = new_merge_session()
            return
        item = self.scene.pick(pos)
        if item is None:
            if not self._shift:
                self.scene.clearSelection()
            self._mode, self._start = "band", pos
            self._band = self._add_preview(QGraphicsRectItem(QRectF(pos, pos)))
            pen = QPen(QColor("#1565c0"), 0, Qt.PenStyle.DashLine)
            self._band.setPen(pen)
            self._band.setBrush(QColor(21, 101, 192, 40))
            return
        self._click_only = None
        if self._shift:
            item.setSelected(not item.isSelected())
        elif not item.isSelected():
            self.scene.select_keys([item.key])
        else:  # a click (without dragging) on a selected element selects only it
            self._click_only = item.key
        if item.key[0] == "field" and item.isSelected():
            self._mode, self._start = "move", pos
            self._session = new_merge_session()
            by_id = self.doc.board.field_by_id()
            self._origin = {k[1]: (by_id[k[1]].x, by_id[k[1]].y)
                            for k in self.scene.selected_keys() if k[0] == "field"
                            and k[1] in by_id}

    def _link_field(self, pos: QPointF) -> bool:
        """Ctrl+click on a field with one region selected: toggle it as a stair of the region;
        Ctrl+Shift+click cycles it through bordering field, screened by mountains, neither."""
        regions = [i for i in self.scene.selectedItems() if isinstance(i, RegionItem)]
        item = self.scene.pick(pos, kinds=("field",))
        if len(regions) != 1 or item is None:
            return False
        rid, fid = regions[0].key[1], item.key[1]
        region = ops.find(self.doc.board.regions, rid)
        if not self._shift:
            stairs = [s for s in region.stairs if s != fid]
            if fid not in region.stairs:
                stairs.append(fid)
            self.doc.apply(_("Toggle stair"), ops.set_stairs, rid, stairs)
            return True
        borders = [(b.field, b.screened) for b in region.borders]
        current = next((b for b in region.borders if b.field == fid), None)
        if current is None:
            borders.append((fid, False))
        elif not current.screened:
            borders = [(f, f == fid or s) for f, s in borders]
        else:
            borders = [(f, s) for f, s in borders if f != fid]
        self.doc.apply(_("Toggle border"), ops.set_borders, rid, borders)
        return True

    def move(self, event: QMouseEvent, pos: QPointF) -> None:
        if self._mode in ("move", "vertex"):
            self._click_only = None
        if self._mode == "move":
            dx, dy = pos.x() - self._start.x(), pos.y() - self._start.y()
            self.doc.apply(_("Move fields"), ops.move_fields,
                           {f: (x + dx, y + dy) for f, (x, y) in self._origin.items()},
                           merge_key=("move", self._session))
        elif self._mode == "vertex":
            rid, i = self._vertex
            self.doc.apply(_("Move region corner"), ops.move_vertex, rid, i, pos.x(), pos.y(),
                           merge_key=("vertex", self._session))
        elif self._mode == "band" and self._band is not None:
            self._band.setRect(QRectF(self._start, pos).normalized())

    def release(self, event: QMouseEvent, pos: QPointF) -> None:
        if self._mode == "band" and self._band is not None:
            rect = QRectF(self._start, pos).normalized()
            if rect.width() > 1 or rect.height() > 1:
                keys = [item.key for item in self.scene.items(
                    rect, Qt.ItemSelectionMode.ContainsItemShape)
                    if hasattr(item, "key") and item.isVisible() and item not in self._previews]
                self.scene.select_keys(keys, add=self._shift)
        elif self._click_only is not None:
            self.scene.select_keys([self._click_only])
        self.cancel()
        self._mode = None
        self._band = None
        self._click_only = None

    def double_click(self, event: QMouseEvent, pos: QPointF) -> None:
        for item in self.scene.selectedItems():
            if isinstance(item, RegionItem):
                poly = [(p.x(), p.y()) for p in item.poly]
                best, best_d = None, self.scene.radius * 1.2
                from editor.model.geometry import point_segment_distance

                for i in range(len(poly)):
                    d = point_segment_distance((pos.x(), pos.y()), poly[i],
                                               poly[(i + 1) % len(poly)])
                    if d < best_d:
                        best, best_d = i, d
                if best is not None:
                    self.doc.apply(_("Add region corner"), ops.insert_vertex, item.key[1],
                                   best + 1, pos.x(), pos.y())
                    return


class AddFieldTool(Tool):
    name = "land"
    title = N_("Add land field")
    shortcut = "L"
    terrain = Terrain.LAND
    tip = N_("Click on the scan to add a land field (numbered by the number printed under the "
           "click, else the next free number); a click on an existing field selects it.")

    def status(self) -> str:
        if self.scene.background is not None and self.options.read_numbers:
            return _(self.tip)
        return _(self.tip) + " " + _("Next number: {number}.").format(
            number=ops.next_number(self.doc.board))

    def press(self, event: QMouseEvent, pos: QPointF) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            return
        existing = self.scene.pick(pos, kinds=("field",))
        if existing is not None:  # a click on a field selects it instead of piling up another
            self.scene.select_keys([existing.key])
            return
        img = self.doc.board.image
        if img is not None and not (0 <= pos.x() <= img.width and 0 <= pos.y() <= img.height):
            self.doc.error.emit(_("a field must lie on the scan ({width} x {height} px); this "
                                  "click is outside it").format(width=img.width,
                                                                height=img.height))
            return
        x, y, number, problem = self._number_under(pos)
        text = _("Add land field {number}") if self.terrain == Terrain.LAND else \
            _("Add sea field {number}")
        edit = self.doc.apply(text.format(number=number or "").rstrip(),
                              ops.add_field, x, y, self.terrain, number=number)
        if edit is None:
            return
        self.scene.select_keys(edit.created)
        if problem:
            fid = edit.created[0][1]
            self.options.unread[fid] = problem
            self.doc.error.emit(_("Field '{field}': {problem}; type its number in the "
                                  "inspector or number it with the numbering tool (N)").format(
                                      field=fid, problem=problem))

    def _number_under(self, pos: QPointF) -> tuple[float, float, int | None, str]:
        """(x, y, number, problem) of a new field at pos: the printed disc's centre and the
        number read in it (`read_number_under`); None and why when a disc is there but its
        number cannot be read; the click and the next free number where no disc is printed
        (a scan without discs or numbers: the numbering tool renumbers)."""
        board = self.doc.board
        reading = (read_number_under(self.scene, pos.x(), pos.y())
                   if self.options.read_numbers else None)
        if reading is None or not reading.r:  # no scan, no reader, or no printed disc here
            return pos.x(), pos.y(), ops.next_number(board), ""
        if reading.number is None:
            return reading.x, reading.y, None, reading.problem
        taken = next((f.id for f in board.fields if f.number == reading.number), None)
        if taken is not None:
            return (reading.x, reading.y, None, _(
                "number {number} read here is already on field '{field}'").format(
                    number=reading.number, field=taken))
        return reading.x, reading.y, reading.number, ""


class AddSeaFieldTool(AddFieldTool):
    name = "sea"
    title = N_("Add sea field")
    shortcut = "W"
    terrain = Terrain.SEA
    tip = N_("Click on the scan to add a sea (water) field (numbered by the number printed "
           "under the click, else the next free number); a click on an existing field selects "
           "it.")


class _RubberLineTool(Tool):
    """A gesture of two clicks: after the first, a preview line follows the cursor."""

    def __init__(self, *args) -> None:
        super().__init__(*args)
        self.first = None
        self._line: QGraphicsLineItem | None = None

    def cancel(self) -> None:
        super().cancel()
        self.first = None
        self._line = None

    def _start_line(self, start: QPointF, pos: QPointF, *colour: str) -> None:
        """Show the preview line from `start` (optionally in another colour)."""
        self._line = self._add_preview(QGraphicsLineItem(start.x(), start.y(), pos.x(), pos.y()))
        self._line.setPen(preview_pen(self.scene, *colour))

    def move(self, event: QMouseEvent, pos: QPointF) -> None:
        if self._line is not None:
            line = self._line.line()
            line.setP2(pos)
            self._line.setLine(line)


class _TwoNodeTool(_RubberLineTool):
    """Click a first field, then a second one; a rubber line follows the cursor."""

    regions = False

    def press(self, event: QMouseEvent, pos: QPointF) -> None:
        if event.button() == Qt.MouseButton.RightButton:
            self.cancel()
            return
        if event.button() != Qt.MouseButton.LeftButton:
            return
        node = self.snap_node(pos, self._wants_regions())
        if node is None:
            self.cancel()
            return
        if self.first is None or self.first == node:
            self.cancel()
            self.first = node
            self._start_line(self.scene.node_pos(node), pos)
            self.scene.select_keys([("region" if self._wants_regions() else "field", node)])
            return
        first = self.first
        self.cancel()
        keep = self.finish(first, node)
        if keep:
            self.first = node
            self._start_line(self.scene.node_pos(node), pos)

    def key(self, event: QKeyEvent) -> bool:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.cancel()
            return True
        return False

    def _wants_regions(self) -> bool:
        return self.regions

    def finish(self, a: str, b: str) -> bool:
        """Make the element; True to keep chaining from b."""
        raise NotImplementedError


class ConnectTool(_TwoNodeTool):
    name = "connect"
    title = N_("Connect")
    shortcut = "C"
    tip = N_("Click a field, then the next one to join them (snaps to the nearest field); keep "
           "clicking to chain, Esc/right-click/Enter ends. Keys 1-6 choose the kind: road, sea "
           "lane, harbour link, bridge, castle access, wilderness path (between regions).")

    def _wants_regions(self) -> bool:
        return self.options.connection_kind == ConnectionKind.WILDERNESS_PATH

    def status(self) -> str:
        return _("Connect ({kind}): {tip}").format(
            kind=_(KIND_TITLES[self.options.connection_kind]), tip=_(self.tip))

    def finish(self, a: str, b: str) -> bool:
        kind = self.options.connection_kind
        board = self.doc.board
        ident = ops.fresh_id(board, {c.id for c in board.connections}, "c")
        names = {f.id: str(f.number) for f in board.fields if f.number is not None}
        edit = self.doc.apply(_("Add {kind} {id} ({a} - {b})").format(
            kind=_(tooltips.KIND_NAMES[kind]), id=ident, a=names.get(a, a), b=names.get(b, b)),
            ops.add_connection, a, b, kind)
        if edit is not None:
            self.scene.select_keys(edit.created)
        return True


class ArrowSlitTool(_TwoNodeTool):
    name = "slit"
    title = N_("Arrow slit")
    shortcut = "A"
    tip = N_("Click two fields to mark an arrow slit (a yellow fire-only line) between them.")

    def finish(self, a: str, b: str) -> bool:
        edit = self.doc.apply(_("Add arrow slit"), ops.add_arrow_slit, a, b)
        if edit is not None:
            self.scene.select_keys(edit.created)
        return False


class RegionTool(Tool):
    name = "region"
    title = N_("Region")
    shortcut = "R"
    tip = N_("Click the corners of a wilderness region; double-click (or Enter) closes it, "
           "Backspace removes the last corner, Esc cancels.")

    def __init__(self, *args) -> None:
        super().__init__(*args)
        self.points: list[QPointF] = []
        self._path: QGraphicsPathItem | None = None
        self._cursor = QPointF()

    def cancel(self) -> None:
        super().cancel()
        self.points = []
        self._path = None

    def _redraw(self) -> None:
        if self._path is None:
            self._path = self._add_preview(QGraphicsPathItem())
            self._path.setPen(preview_pen(self.scene, "#2e7d32"))
            self._path.setBrush(QColor(46, 125, 50, 50))
        path = QPainterPath()
        if self.points:
            path.addPolygon(QPolygonF([*self.points, self._cursor]))
        self._path.setPath(path)

    def press(self, event: QMouseEvent, pos: QPointF) -> None:
        if event.button() == Qt.MouseButton.RightButton:
            self.cancel()
            return
        if event.button() != Qt.MouseButton.LeftButton:
            return
        if self.points and math.hypot(self.points[-1].x() - pos.x(),
                                      self.points[-1].y() - pos.y()) < 0.5:
            return
        self.points.append(QPointF(pos))
        self._cursor = QPointF(pos)
        self._redraw()

    def move(self, event: QMouseEvent, pos: QPointF) -> None:
        if self.points:
            self._cursor = QPointF(pos)
            self._redraw()

    def double_click(self, event: QMouseEvent, pos: QPointF) -> None:
        if not self.points or math.hypot(self.points[-1].x() - pos.x(),
                                         self.points[-1].y() - pos.y()) >= 0.5:
            self.points.append(QPointF(pos))
        self.close_polygon()

    def close_polygon(self) -> None:
        pts = [(p.x(), p.y()) for p in self.points]
        self.cancel()
        if len(pts) >= 3:
            edit = self.doc.apply(_("Add region"), ops.add_region, pts)
            if edit is not None:
                self.scene.select_keys(edit.created)
        elif pts:
            self.doc.error.emit(_("a region needs at least three corners"))

    def key(self, event: QKeyEvent) -> bool:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.close_polygon()
            return True
        if event.key() == Qt.Key.Key_Backspace and self.points:
            self.points.pop()
            self._redraw()
            return True
        return False


class ScaleTool(_RubberLineTool):
    name = "scale"
    title = N_("Scale calibration")
    shortcut = "K"
    tip = N_("Click two points on the scan a known printed distance apart, then enter the "
           "distance in cm.")

    def press(self, event: QMouseEvent, pos: QPointF) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            self.cancel()
            return
        if self.first is None:
            self.first = QPointF(pos)
            self._start_line(pos, pos, "#e65100")
            return
        a, b = (self.first.x(), self.first.y()), (pos.x(), pos.y())
        self.cancel()
        px = math.hypot(a[0] - b[0], a[1] - b[1])
        cm = dialogs.get_float(self.view, _("Scale calibration"), _(
            "The two points are {px} px apart. Printed distance in cm:").format(px=f"{px:.1f}"),
                               10.0)
        if cm:
            self.doc.apply(_("Calibrate scale"), ops.set_scale, a, b, cm)


class DeleteTool(Tool):
    name = "delete"
    title = N_("Delete")
    shortcut = "X"
    tip = N_("Click an element to delete it (a field goes with its connections).")
    cursor = Qt.CursorShape.PointingHandCursor

    def press(self, event: QMouseEvent, pos: QPointF) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            return
        item = self.scene.pick(pos)
        if item is not None:
            kind, ident = item.key
            field = self.doc.board.field_by_id().get(ident) if kind == "field" else None
            name = tooltips.field_label(self.doc.board, field) if field is not None else \
                f"{tooltips.noun(KIND[kind].noun)} {ident}"
            self.doc.apply(_("Delete {element}").format(element=name), ops.delete, [item.key])


class PlaceTool(Tool):
    name = "place"
    title = N_("Place start piece")
    shortcut = "P"
    tip = N_("Click a field to place the chosen seat's piece in the chosen setup; Ctrl+click puts "
           "it aboard the piece already there (cargo); Shift+click or right-click removes it.")
    cursor = Qt.CursorShape.PointingHandCursor

    def status(self) -> str:
        o = self.options
        return _("Place {seat} {piece} in setup {setup}: {tip}").format(
            seat=seat_name(o.seat) if o.seat else "?", piece=piece_name(PieceType(o.piece).value),
            setup=o.setup or "?", tip=_(self.tip))

    def press(self, event: QMouseEvent, pos: QPointF) -> None:
        item = self.scene.pick(pos, kinds=("field", "region"))
        if item is None:
            return
        remove = (event.button() == Qt.MouseButton.RightButton
                  or bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier))
        o = self.options
        board = self.doc.board
        if event.modifiers() & Qt.KeyboardModifier.ControlModifier and o.setup:
            self.doc.apply(_("Load {piece}").format(piece=piece_name(PieceType(o.piece).value)),
                           ops.add_cargo, o.setup, item.key[1], o.piece)
            return
        if not remove:
            if o.seat is None or ops.find(board.seats, o.seat) is None:
                self.doc.error.emit(_("add a seat first (Board page of the inspector)"))
                return
            if o.setup is None or ops.find(board.setups, o.setup) is None:
                self.doc.error.emit(_("add a setup first (Board page of the inspector)"))
                return
        elif o.setup is None:
            return
        where = FieldNames(board).label(item.key[1])
        text = (_("Remove start piece at field {field}").format(field=where) if remove else
                _("Place {seat} {piece} at field {field}").format(
                    seat=seat_name(o.seat or ""), piece=piece_name(PieceType(o.piece).value),
                    field=where))
        self.doc.apply(text, ops.place_piece, o.setup, o.seat or "", item.key[1],
                       None if remove else o.piece)


TOOLS: list[type[Tool]] = [SelectTool, AddFieldTool, AddSeaFieldTool, ConnectTool, RegionTool,
                           ArrowSlitTool, ScaleTool, DeleteTool, PlaceTool]
