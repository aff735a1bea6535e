"""More editing tools: the castle tool (towers and accesses in a few clicks) and the numbering
tool (click fields in order). Same protocol as `tools.Tool`."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QFont, QKeyEvent, QMouseEvent
from PySide6.QtWidgets import QGraphicsLineItem, QGraphicsSimpleTextItem

from editor.gui.board.tool import Tool, preview_pen
from editor.i18n import N_, _
from editor.model import edit as ops
from editor.model.terms import seat_name

TOWERS = 5


class CastleTool(Tool):
    """CASTLE-1: pick the seat (tool options), click the five tower fields in ring order, each
    followed by the field in front of it; the fifth access builds the castle as one edit."""

    name = "castle"
    title = N_("Castle")
    shortcut = "T"
    tip = N_("Choose the seat under Place, then click tower 1, the field in front of it (its "
           "access), tower 2, its access, ... in ring order; the fifth access builds the castle "
           "in one edit. Backspace takes back the last click, Esc cancels.")
    cursor = Qt.CursorShape.PointingHandCursor

    def __init__(self, *args) -> None:
        super().__init__(*args)
        self.clicks: list[str] = []

    def cancel(self) -> None:
        super().cancel()
        self.clicks = []

    def status(self) -> str:
        seat = seat_name(self.options.seat) if self.options.seat else "?"
        n = len(self.clicks) // 2 + 1
        step = _("Castle of seat {seat}: click tower {n}.") if len(self.clicks) % 2 == 0 \
            else _("Castle of seat {seat}: click the field in front of tower {n}.")
        return f"{step.format(seat=seat, n=n)} {_(self.tip)}"

    def _redraw(self) -> None:
        clicks = self.clicks
        super().cancel()
        self.clicks = clicks
        r = self.scene.radius
        font = QFont(self.scene.number_font)
        for i in range(0, len(clicks), 2):
            tower = self.scene.node_pos(clicks[i])
            label = self._add_preview(QGraphicsSimpleTextItem(f"T{i // 2 + 1}"))
            label.setFont(font)
            label.setBrush(QColor("#c2185b"))
            label.setPos(tower.x() - r * 0.6, tower.y() - r * 2.4)
            if i + 1 < len(clicks):
                front = self.scene.node_pos(clicks[i + 1])
                line = self._add_preview(QGraphicsLineItem(tower.x(), tower.y(), front.x(),
                                                           front.y()))
                line.setPen(preview_pen(self.scene, "#c2185b"))

    def press(self, event: QMouseEvent, pos: QPointF) -> None:
        if event.button() == Qt.MouseButton.RightButton:
            self.cancel()
            return
        if event.button() != Qt.MouseButton.LeftButton:
            return
        node = self.snap_node(pos)
        if node is None:
            self.doc.error.emit(_("click a field (a tower, or the field in front of it)"))
            return
        if not self.clicks and (self.options.seat is None
                                or ops.find(self.doc.board.seats, self.options.seat) is None):
            self.doc.error.emit(_("add a seat first and choose it under Place"))
            return
        self.clicks.append(node)
        if len(self.clicks) == 2 * TOWERS:
            self.finish()
            return
        self._redraw()
        window = self.view.window()
        if hasattr(window, "statusBar"):
            window.statusBar().showMessage(self.status())

    def finish(self) -> None:
        pairs = list(zip(self.clicks[::2], self.clicks[1::2], strict=True))
        seat = self.options.seat
        self.cancel()
        edit = self.doc.apply(_("Add castle of {seat} ({n} towers)").format(
            seat=seat, n=len(pairs)), ops.build_castle, seat, pairs)
        if edit is not None:
            self.scene.select_keys([("field", t) for t, _ in pairs])

    def key(self, event: QKeyEvent) -> bool:
        if event.key() == Qt.Key.Key_Backspace and self.clicks:
            self.clicks.pop()
            self._redraw()
            return True
        return False


class PickTool(Tool):
    """Picks references for the inspector (its Pick buttons): a click on an element of the
    wanted kind hands its id over; the selection stays as it is. Esc or right-click ends."""

    name = "pick"
    title = N_("Pick")
    cursor = Qt.CursorShape.PointingHandCursor

    def __init__(self, *args) -> None:
        super().__init__(*args)
        self.kind = "field"
        self.multi = False
        self.callback = None

    def configure(self, kind: str, callback, multi: bool) -> None:
        self.kind, self.callback, self.multi = kind, callback, multi

    def status(self) -> str:
        if self.kind == "field":
            text = _("Pick fields on the canvas (each click adds or removes one); Esc or "
                     "right-click ends.") if self.multi else _(
                "Pick fields on the canvas; Esc or right-click ends.")
        else:
            text = _("Pick connections on the canvas (each click adds or removes one); Esc or "
                     "right-click ends.") if self.multi else _(
                "Pick a connection on the canvas; Esc or right-click ends.")
        return text

    def end(self) -> None:
        callback, self.callback = self.callback, None
        if callback is not None:
            callback(None)

    def press(self, event: QMouseEvent, pos: QPointF) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            self.end()
            return
        item = self.scene.pick(pos, kinds=(self.kind,))
        if item is None:
            self.doc.error.emit(_("no field here to pick") if self.kind == "field"
                                else _("no connection here to pick"))
            return
        if self.callback is not None:
            callback = self.callback
            if not self.multi:
                self.callback = None
            callback(item.key[1])

    def key(self, event: QKeyEvent) -> bool:
        if event.key() == Qt.Key.Key_Escape:
            self.end()
            return True
        return False


class NumberTool(Tool):
    """Click fields in the order of their printed numbers, starting from the tool options'
    "Number from"; a field that had the number takes the clicked field's old one."""

    name = "number"
    title = N_("Numbering")
    shortcut = "N"
    tip = N_("Click fields in order to number them, starting from 'Number from' in the tool "
           "options; Backspace steps one number back.")
    cursor = Qt.CursorShape.PointingHandCursor

    def __init__(self, *args) -> None:
        super().__init__(*args)
        self.next = 1

    def activate(self) -> None:
        super().activate()
        self.next = self.options.number_from

    def status(self) -> str:
        return _("Numbering: click the field printed {number}.").format(number=self.next) \
            + f" {_(self.tip)}"

    def press(self, event: QMouseEvent, pos: QPointF) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            return
        item = self.scene.pick(pos, kinds=("field",))
        if item is None:
            self.doc.error.emit(_("click a field to give it the next number"))
            return
        fid = item.key[1]
        if self.doc.apply(_("Number field {field} as {number}").format(field=fid,
                                                                       number=self.next),
                          ops.number_field, fid, self.next) is not None or \
                self.doc.board.field_by_id()[fid].number == self.next:
            self.next += 1
        self._show_status()

    def _show_status(self) -> None:
        window = self.view.window()
        if hasattr(window, "statusBar"):
            window.statusBar().showMessage(self.status())

    def key(self, event: QKeyEvent) -> bool:
        if event.key() == Qt.Key.Key_Backspace and self.next > self.options.number_from:
            self.next -= 1
            self._show_status()
            return True
        return False


MORE_TOOLS: list[type[Tool]] = [CastleTool, NumberTool]
