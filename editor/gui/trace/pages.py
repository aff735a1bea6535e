"""The inspector's building blocks: the page base class and widgets that show the values of
several elements at once ("(various)" when they differ)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPoint, Qt, Signal
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QLineEdit,
    QToolButton,
    QToolTip,
    QWidget,
)

from editor.gui.board import tooltips
from editor.gui.shell.document import BoardDocument
from editor.gui.shell.wording import plural
from editor.i18n import N_, _
from editor.model import edit as ops
from editor.model.names import FieldNames
from editor.model.refs import KINDS
from editor.model.terms import piece_name
from editor.model.types import PieceType

#: what a box shows for selected elements with different values (marked; shown with `_()`)
VARIOUS = N_("(various)")
VARIOUS_DATA = "__various__"
#: island kinds (`IslandKind`) as people read them
ISLAND_KINDS = {"main": N_("main island"), "central": N_("central island"),
                "small": N_("small island")}
#: selection key kinds as the user reads them
KIND_NOUNS = {kind.name: kind.noun for kind in KINDS}
PIECES = list(PieceType)

def split_ids(text: str) -> list[str]:
    return [t for t in (p.strip() for p in text.replace(";", ",").split(",")) if t]


def fields_text(board, ids) -> str:
    """A list of fields as people read it: printed numbers (ids only for unnumbered fields)."""
    names = FieldNames(board)
    return ", ".join(names.name(i) for i in ids)


def field_ids(board, text: str) -> list[str]:
    """The field ids a typed list names: printed numbers, ids or former ids; a name that
    resolves to no single field is passed on as typed, so the edit refuses it with a reason."""
    names = FieldNames(board)
    return [names.resolve(token).field or token for token in split_ids(text)]


def show_check(box: QCheckBox, values: list[bool]) -> None:
    box.setTristate(len(set(values)) > 1)
    if len(set(values)) > 1:
        box.setCheckState(Qt.CheckState.PartiallyChecked)
    else:
        box.setCheckState(Qt.CheckState.Checked if values and values[0] else
                          Qt.CheckState.Unchecked)


def show_combo(combo: QComboBox, values: list, default_index: int = 0) -> None:
    distinct = list(dict.fromkeys(values))
    various = combo.findData(VARIOUS_DATA)
    if len(distinct) == 1:
        if various >= 0:
            combo.removeItem(various)
        index = combo.findData(distinct[0])
        combo.setCurrentIndex(index if index >= 0 else default_index)
    else:
        if various < 0:
            combo.addItem(_(VARIOUS), VARIOUS_DATA)
        combo.setCurrentIndex(combo.findData(VARIOUS_DATA))


def show_line(edit: QLineEdit, values: list[str]) -> None:
    if edit.hasFocus():
        return
    distinct = set(values)
    if len(distinct) == 1:
        edit.setText(values[0])
        edit.setPlaceholderText("")
    else:
        edit.clear()
        edit.setPlaceholderText(_(VARIOUS))


class PieceChecks(QWidget):
    """A grid of check boxes, one per piece type."""

    toggled = Signal(str, bool)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setSpacing(2)
        self.boxes: dict[str, QCheckBox] = {}
        for i, p in enumerate(PIECES):
            box = QCheckBox(piece_name(p.value))
            box.setObjectName(f"piece_{p.value}")
            box.clicked.connect(lambda on, v=p.value: self.toggled.emit(v, on))
            grid.addWidget(box, i // 2, i % 2)
            self.boxes[p.value] = box

    def show_values(self, lists: list[list[str]]) -> None:
        for value, box in self.boxes.items():
            show_check(box, [value in lst for lst in lists])


def pick_row(page: Page, edit: QLineEdit, kind: str, multi: bool) -> QWidget:
    """The line edit with a Pick button: click it, then click elements of `kind` on the canvas
    (each click adds or removes one id when `multi`, else sets it); the text stays editable."""
    row = QWidget()
    layout = QHBoxLayout(row)
    layout.setContentsMargins(0, 0, 0, 0)
    layout.addWidget(edit, 1)
    button = QToolButton()
    button.setText(_("Pick"))
    button.setObjectName(f"{edit.objectName()}_pick")
    button.setCheckable(True)
    tips = {(True, True): _("Pick fields on the canvas instead of typing (each click adds or "
                            "removes one; Esc ends)"),
            (True, False): _("Pick fields on the canvas instead of typing"),
            (False, True): _("Pick connections on the canvas instead of typing (each click "
                             "adds or removes one; Esc ends)"),
            (False, False): _("Pick a connection on the canvas instead of typing")}
    button.setToolTip(tips[(kind == "field", multi)])

    def picked(ident: str | None) -> None:
        if ident is None:  # picking ended
            button.setChecked(False)
            return
        if multi and kind == "field":  # the box shows printed numbers
            board = page.doc.board
            ids = field_ids(board, edit.text())
            ids = [i for i in ids if i != ident] if ident in ids else [*ids, ident]
            edit.setText(fields_text(board, ids))
        elif multi:
            ids = split_ids(edit.text())
            ids = [i for i in ids if i != ident] if ident in ids else [*ids, ident]
            edit.setText(", ".join(ids))
        else:
            edit.setText(ident)
            button.setChecked(False)
        edit.editingFinished.emit()

    def toggled(on: bool) -> None:
        picker = getattr(page.inspector, "picker", None)
        if picker is not None:
            picker(kind, picked, multi) if on else picker(None, None, False)

    button.toggled.connect(toggled)
    layout.addWidget(button)
    return row


class Page(QWidget):
    def __init__(self, inspector: QWidget) -> None:
        """`inspector`: the `Inspector` holding the page (its `doc` and `updating`)."""
        super().__init__()
        self.inspector = inspector
        self.ids: list[str] = []
        self.form = QFormLayout(self)
        self.form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        # a long label (German, Italian) goes above its field instead of widening the page
        self.form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)

    @property
    def doc(self) -> BoardDocument:
        return self.inspector.doc

    @property
    def updating(self) -> bool:
        return self.inspector.updating

    def apply(self, text: str, op: Callable, *args, merge: bool = False, **kwargs) -> None:
        """Apply an edit; a refused one is explained at the widget the user just used, and
        the page shows the board's values again (a combo box never keeps a refused value)."""
        if self.updating:
            return
        key = ("inspector", text, tuple(self.ids)) if merge else None  # before naming
        text = self.history_text(text)
        refused: list[str] = []

        def note(message: str) -> None:
            refused.append(message)

        self.doc.error.connect(note)
        try:
            self.doc.apply(text, op, *args, merge_key=key, **kwargs)
        finally:
            self.doc.error.disconnect(note)
        if refused:
            self.explain_refusal(refused[0])

    def id_edit(self, kind: str, collection: str) -> QLineEdit:
        """An Id box: a new id renames the element and every reference to it."""
        edit = QLineEdit()
        edit.setObjectName(f"{kind}_id")
        edit.setToolTip(_("Rename: every reference to this element follows"))

        def renamed() -> None:
            new = edit.text().strip()
            if self.updating or len(self.ids) != 1 or new == self.ids[0]:
                return
            old = self.ids[0]
            self.apply(_("Rename {{}}: id {old} → {new}").format(old=old, new=new), ops.rename,
                       kind, old, new)
            if ops.find(getattr(self.doc.board, collection), new) is not None:
                self.inspector.filterSelection.emit([(kind, new)])

        edit.editingFinished.connect(renamed)
        return edit

    def explain_refusal(self, message: str) -> None:
        focus = QApplication.focusWidget()
        widget = focus if focus is not None and self.isAncestorOf(focus) else self
        self.inspector.show_keys(list(self.inspector.keys))
        self.last_refusal = message
        QToolTip.showText(widget.mapToGlobal(QPoint(0, widget.height())), message, widget)

    def element_names(self) -> str:
        """The selection as the history names it: 'land field 12', 'bridge c28', '3 fields'."""
        kind = getattr(self, "element_kind", "")
        if not kind or not self.ids:
            return ""
        if len(self.ids) > 1:
            return plural(len(self.ids), KIND_NOUNS.get(kind, kind))
        ident = self.ids[0]
        board = self.doc.board
        if kind == "field" and ident in board.field_by_id():
            return tooltips.field_label(board, board.field_by_id()[ident])
        if kind == "connection":
            c = ops.find(board.connections, ident)
            if c is not None:
                return f"{tooltips.kind_name(c.kind)} {ident}"
        return f"{tooltips.noun(KIND_NOUNS.get(kind, kind))} {ident}"

    def history_text(self, text: str) -> str:
        """Name the element in an undo entry: '{}' is replaced by it, else it is appended."""
        names = self.element_names()
        if "{}" in text:
            return text.replace("{}", names or _("selection"))
        return f"{text}: {names}" if names and names not in text else text

    def set_attr(self, collection: str, attr: str, value, merge: bool = False) -> None:
        self.apply(_("Set {attribute} of {{}}").format(attribute=attr.replace("_", " ")),
                   ops.set_attr, collection, list(self.ids), attr, value, merge=merge)
