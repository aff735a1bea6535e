"""The piece table and the victory conditions: one row per piece type (or condition), one
column per field of `PieceSpec` (or `VictoryCondition`), each cell the field's editor.

Columns are generated from the model (`field_at`), so a new piece property shows up without
touching this module. A cell whose value this file sets is tinted; its tooltip says where the
value comes from; its context menu resets it to the inherited value.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import (
    QHBoxLayout,
    QMenu,
    QPushButton,
    QTableWidget,
    QVBoxLayout,
    QWidget,
)

from editor.gui.variant.editors import (
    FieldEditor,
    description,
    make_editor,
    rule_ids,
    show_value,
)
from editor.gui.variant.form import detail_html, origin_text
from editor.gui.variant.session import VariantSession
from editor.i18n import _
from editor.model.field_titles import title_of
from editor.model.terms import piece_name
from editor.model.variant import PieceSpec, Variant, VictoryCondition
from editor.model.variant_edit import (
    MISSING,
    add_victory,
    remove_victory,
    reset_value,
)
from editor.model.variant_fields import field_at

#: tint of a cell whose value this file sets
OWN_STYLE = "background: #e3f2fd;"
#: piece properties first in the table (the issue's order); the rest follow in model order
#: columns that need more room than their editor asks for (cargo tables, rule IDs)
WIDE_COLUMNS = {"carries": 230, "kind": 170, "rule": 90}
PIECE_FIRST = ("range", "carries", "terrain", "jumps_own_pieces", "regenerates", "wilderness")


class FieldTable(QWidget):
    """A grid of field editors: rows are items of a collection, columns fields of a model."""

    def __init__(self, session: VariantSession, object_name: str,
                 describe: Callable[[str], None], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.describe = describe
        self.table = QTableWidget()
        self.table.setObjectName(object_name)
        self.table.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.table.customContextMenuRequested.connect(self._menu)
        self.table.currentCellChanged.connect(self._current_changed)
        self.table.verticalHeader().setDefaultSectionSize(30)
        self.layout_ = QVBoxLayout(self)
        self.layout_.setContentsMargins(0, 0, 0, 0)
        self.layout_.addWidget(self.table)
        self.editors: dict[str, FieldEditor] = {}
        self.cells: dict[tuple[int, int], str] = {}
        self._shape: tuple = ()

    # ---- what the subclass tells ----------------------------------------------------

    def row_keys(self) -> list[str]:
        """Pointers of the rows (e.g. /pieces/soldier)."""
        raise NotImplementedError

    def row_title(self, pointer: str) -> str:
        return pointer.rsplit("/", 1)[-1]

    def columns(self) -> list[str]:
        raise NotImplementedError

    # ---- building and showing -------------------------------------------------------

    def forget_layout(self) -> None:
        """Build the rows and columns again at the next `rebuild` (the language changed)."""
        self._shape = ()

    def rebuild(self) -> None:
        rows, cols = self.row_keys(), self.columns()
        if (rows, cols) != self._shape:
            self._shape = (rows, cols)
            self._build(rows, cols)
        self.refresh()

    def _build(self, rows: list[str], cols: list[str]) -> None:
        self.table.clear()
        self.editors.clear()
        self.cells.clear()
        self.table.setRowCount(len(rows))
        self.table.setColumnCount(len(cols))
        self.table.setVerticalHeaderLabels([self.row_title(r) for r in rows])
        self.table.setHorizontalHeaderLabels([title_of(c) for c in cols])
        for r, row in enumerate(rows):
            for c, col in enumerate(cols):
                pointer = f"{row}/{col}"
                info = field_at(Variant, pointer)
                if info is None:
                    continue
                editor = make_editor(info)
                editor.committed.connect(lambda v, p=pointer: self.commit(p, v))
                editor.focused.connect(lambda r=r, c=c: self.table.setCurrentCell(r, c))
                self.table.setCellWidget(r, c, editor)
                self.editors[pointer] = editor
                self.cells[(r, c)] = pointer
                if r == 0:
                    header = self.table.horizontalHeaderItem(c)
                    ids = ", ".join(rule_ids(info))
                    header.setToolTip(f"{col}: {description(info)}" + (f"\n{ids}" if ids
                                                                       else ""))
        self.table.resizeColumnsToContents()
        for c, col in enumerate(cols):
            if col in WIDE_COLUMNS:
                self.table.setColumnWidth(c, max(self.table.columnWidth(c), WIDE_COLUMNS[col]))

    def describe_current(self) -> None:
        """Describe the current cell again (its tab was shown)."""
        self._current_changed(self.table.currentRow(), self.table.currentColumn())

    def _current_changed(self, row: int, column: int, *_old: int) -> None:
        pointer = self.cells.get((row, column))
        if pointer is None:
            return
        value = self.session.doc.value(pointer)
        self.describe(detail_html(self.editors[pointer].info, pointer,
                                  None if value is MISSING else value,
                                  self.session.doc.origin(pointer)))

    def refresh(self) -> None:
        doc = self.session.doc
        for pointer, editor in self.editors.items():
            value = doc.value(pointer)
            editor.set_value(None if value is MISSING else value)
            origin = doc.origin(pointer)
            editor.setStyleSheet(OWN_STYLE if origin.kind == "file" else "")
            editor.setToolTip(description(editor.info) + "\n" + _("From: {origin}").format(
                origin=origin_text(origin)))

    def commit(self, pointer: str, value: Any) -> None:
        name = pointer.strip("/").replace("/", " ")
        self.session.set(_("Set {name} to {value}").format(name=name, value=show_value(value)),
                         pointer, value)
        self.refresh()

    def _menu(self, pos: QPoint) -> None:
        index = self.table.indexAt(pos)
        pointer = self.cells.get((index.row(), index.column()))
        if pointer is None:
            return
        menu = QMenu(self)
        action = menu.addAction(_("Reset to inherited"))
        action.setEnabled(self.session.doc.origin(pointer).kind == "file")
        action.triggered.connect(lambda: self.reset(pointer))
        menu.popup(self.table.viewport().mapToGlobal(pos))

    def reset(self, pointer: str) -> None:
        self.session.apply(_("Reset {name}").format(name=pointer.strip("/").replace("/", " ")),
                           reset_value, pointer)
        self.refresh()

    def focus(self, pointer: str) -> bool:
        """Select the cell of `pointer` (or of the closest field above it)."""
        for (r, c), p in self.cells.items():
            if pointer == p or pointer.startswith(p + "/"):
                self.table.setCurrentCell(r, c)
                self.editors[p].setFocus()
                return True
        return False


class PieceTable(FieldTable):
    """Range, carriers and capacities, terrain, jumping, regeneration, special abilities."""

    def __init__(self, session: VariantSession, describe: Callable[[str], None],
                 parent: QWidget | None = None) -> None:
        super().__init__(session, "piece_table", describe, parent)

    def row_keys(self) -> list[str]:
        pieces = self.session.doc.value("/pieces")
        return [f"/pieces/{p}" for p in (pieces if isinstance(pieces, dict) else {})]

    def row_title(self, pointer: str) -> str:
        return piece_name(pointer.rsplit("/", 1)[-1])

    def columns(self) -> list[str]:
        rest = [f for f in PieceSpec.model_fields if f not in PIECE_FIRST]
        return [*PIECE_FIRST, *rest]


class VictoryTable(FieldTable):
    """The victory conditions, in order; Add and Remove below the table."""

    def __init__(self, session: VariantSession, describe: Callable[[str], None],
                 parent: QWidget | None = None) -> None:
        super().__init__(session, "victory_table", describe, parent)
        buttons = QHBoxLayout()
        add = QPushButton(_("Add condition"))
        add.setObjectName("victory_add")
        add.clicked.connect(self.add)
        remove = QPushButton(_("Remove selected"))
        remove.setObjectName("victory_remove")
        remove.clicked.connect(self.remove)
        buttons.addWidget(add)
        buttons.addWidget(remove)
        buttons.addStretch(1)
        self.layout_.addLayout(buttons)

    def row_keys(self) -> list[str]:
        victory = self.session.doc.value("/victory")
        return [f"/victory/{i}" for i in range(len(victory) if isinstance(victory, list) else 0)]

    def row_title(self, pointer: str) -> str:
        return str(int(pointer.rsplit("/", 1)[-1]) + 1)

    def columns(self) -> list[str]:
        return list(VictoryCondition.model_fields)

    def add(self) -> None:
        self.session.apply(_("Add victory condition"), add_victory,
                           {"kind": "capital_occupation", "rule": "WIN-1"})

    def remove(self) -> None:
        row = self.table.currentRow()
        if row >= 0:
            self.session.apply(_("Remove victory condition {n}").format(n=row + 1),
                               remove_victory, row)

