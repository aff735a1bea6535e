"""The generated variant form: every scalar field of the variant model, by section.

Rows come from the model, not from a hand-written list: the top-level scalar fields of
`Variant` (budgets, costs, switches), each seat's opening budget, and every field of `Options`
(`option_infos`). Each row shows the value's editor (`editors.make_editor`), the default, where
the value comes from (this file, an overlay, the parent, the default: a coloured marker) with a
reset-to-inherited button, and the CONF and rule IDs; the description is the tooltip and the
detail pane's text. A search box filters rows by name, ID or text.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QHeaderView,
    QLineEdit,
    QTextBrowser,
    QToolButton,
    QTreeWidget,
    QTreeWidgetItem,
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
from editor.gui.variant.session import VariantSession
from editor.i18n import N_, _
from editor.model.field_titles import title_of
from editor.model.terms import seat_name
from editor.model.variant import Options, Variant
from editor.model.variant_edit import MISSING, Origin, reset_value
from editor.model.variant_fields import OptionInfo, field_at, option_infos

#: where a value comes from -> (label, colour of its marker)
ORIGINS = {"file": (N_("this file"), "#1565c0"), "overlay": (N_("overlay"), "#8e24aa"),
           "parent": (N_("parent"), "#757575"), "default": (N_("default"), "#9e9e9e")}
#: options shown with the budgets rather than among the options
PENALTY_OPTIONS = ("castle_penalty_per_field", "grail_penalty_per_field")
#: top-level fields with a form row (the others have their own tab or are the file's identity)
SKIPPED = {"format", "name", "description", "editions", "extends", "overlays", "overlay",
           "seats", "teams", "pieces", "capture_matrix", "victory", "options"}
COLUMNS = (N_("Option"), N_("Value"), N_("Default"), N_("From"), "", N_("Key · rule IDs"))
#: room for a spin box or combo box in a row
ROW_HEIGHT = 28
COL_NAME, COL_VALUE, COL_DEFAULT, COL_ORIGIN, COL_RESET, COL_IDS = range(6)


def origin_text(origin: Origin) -> str:
    label = _(ORIGINS[origin.kind][0])
    return f"{label}: {origin.source}" if origin.kind in ("overlay", "parent") and \
        origin.source else label


def form_rows(doc_seats: Any) -> list[tuple[str, list[tuple[str, OptionInfo]]]]:
    """The form's sections: (title, [(pointer, field info)]), generated from the model."""
    budgets: list[tuple[str, OptionInfo]] = []
    game: list[tuple[str, OptionInfo]] = []
    for name in Variant.model_fields:
        if name in SKIPPED:
            continue
        info = field_at(Variant, f"/{name}")
        if info is None:
            continue
        (budgets if info.type == "int" else game).append((f"/{name}", info))
    for i, seat in enumerate(doc_seats if isinstance(doc_seats, list) else []):
        info = field_at(Variant, f"/seats/{i}/opening_budget")
        if info is not None and isinstance(seat, dict):
            budgets.insert(1 + i, (f"/seats/{i}/opening_budget",
                                   _renamed(info, f"opening_budget ({seat.get('id')})")))
    options = [(f"/options/{i.name}", i) for i in option_infos(Options)]
    budgets += [(p, i) for p, i in options if i.name in PENALTY_OPTIONS]
    return [(_("Budgets, penalties and costs"), budgets), (_("Game"), game),
            (_("Options"), [(p, i) for p, i in options if i.name not in PENALTY_OPTIONS])]


def row_title(info: OptionInfo) -> str:
    """What people read for a field: its short title (`opening_budget (south)`: the title
    and the seat)."""
    key, _sep, seat = info.name.partition(" ")
    return title_of(key) + (f" ({seat_name(seat.strip('()'))})" if seat else "")


def _renamed(info: OptionInfo, name: str) -> OptionInfo:
    from dataclasses import replace

    return replace(info, name=name)


def detail_html(info: OptionInfo, pointer: str, value: Any, origin: Origin) -> str:
    """The detail pane's text for one field."""
    from editor.gui.shell.rules_panel import link_rules
    from editor.model.variant_fields import describe_allowed

    ids = ", ".join(rule_ids(info)) or "—"
    default = _("required") if info.required else show_value(info.default)
    rows = [(_("Value"), show_value(value)), (_("From"), origin_text(origin)),
            (_("Default"), default), (_("Allowed"), describe_allowed(info)),
            (_("Rule IDs"), ids), (_("Key"), pointer)]
    # rule IDs are links: a click opens the rule in the Rules dock
    table = "".join(f"<tr><td><b>{html.escape(k)}</b>&nbsp;</td><td>{link_rules(v)}</td></tr>"
                    for k, v in rows)
    return (f"<h3>{html.escape(row_title(info))}</h3><p><code>{html.escape(info.name)}</code>"
            f"</p><p>{html.escape(description(info))}</p>"
            f"<table>{table}</table>")


class OptionsForm(QWidget):
    """The sections of scalar fields, their editors and the search box."""

    focused = Signal(str)  # pointer of the selected row

    def __init__(self, session: VariantSession, describe: Callable[[str], None],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.describe = describe
        self.search = QLineEdit()
        self.search.setObjectName("variant_search")
        self.search.setPlaceholderText(_("Search options by title, key, rule ID (e.g. CONF-3, "
                                         "RECAP) or text…"))
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self.apply_filter)
        self.tree = QTreeWidget()
        self.tree.setObjectName("variant_form")
        self.tree.setColumnCount(len(COLUMNS))
        self.tree.setHeaderLabels([_(c) if c else c for c in COLUMNS])
        self.tree.setAlternatingRowColors(True)
        header = self.tree.header()
        for col, width in ((COL_NAME, 340), (COL_VALUE, 180), (COL_DEFAULT, 110),
                           (COL_ORIGIN, 175), (COL_RESET, 28)):
            self.tree.setColumnWidth(col, width)
        header.setSectionResizeMode(COL_IDS, QHeaderView.ResizeMode.Stretch)
        self.tree.currentItemChanged.connect(self._current_changed)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.search)
        lay.addWidget(self.tree)
        self.rows: dict[str, QTreeWidgetItem] = {}
        self.infos: dict[str, OptionInfo] = {}
        self.editors: dict[str, FieldEditor] = {}
        self.resets: dict[str, QToolButton] = {}
        self._seat_count = -1

    # ---- building -------------------------------------------------------------------

    def rebuild(self) -> None:
        """Build the rows for the current document (seats decide the opening budgets)."""
        seats = self.session.doc.value("/seats")
        count = len(seats) if isinstance(seats, list) else 0
        if count != self._seat_count:
            self._seat_count = count
            self._build(seats)
        self.refresh()

    def forget_layout(self) -> None:
        """Build the sections and rows again at the next `rebuild` (the language changed)."""
        self._seat_count = -1

    def _build(self, seats: Any) -> None:
        self.tree.clear()
        self.rows.clear()
        self.infos.clear()
        self.editors.clear()
        self.resets.clear()
        for title, rows in form_rows(seats):
            section = QTreeWidgetItem([title])
            section.setFirstColumnSpanned(True)
            font = section.font(0)
            font.setBold(True)
            section.setFont(0, font)
            section.setFlags(Qt.ItemFlag.ItemIsEnabled)
            self.tree.addTopLevelItem(section)
            for pointer, info in rows:
                self._add_row(section, pointer, info)
            section.setExpanded(True)
        first = self.tree.topLevelItem(0)
        if first is not None and first.childCount():
            self.tree.setCurrentItem(first.child(0))

    def _add_row(self, section: QTreeWidgetItem, pointer: str, info: OptionInfo) -> None:
        ids = " · ".join([info.name, *rule_ids(info)])  # the key second, then the rules
        default = _("required") if info.required else show_value(info.default)
        item = QTreeWidgetItem([row_title(info), "", default, "", "", ids])
        item.setData(0, Qt.ItemDataRole.UserRole, pointer)
        item.setSizeHint(COL_VALUE, QSize(0, ROW_HEIGHT))
        for col in (COL_NAME, COL_IDS):
            item.setToolTip(col, description(info))
        section.addChild(item)
        editor = make_editor(info)
        editor.committed.connect(lambda v, p=pointer: self.commit(p, v))
        editor.focused.connect(lambda it=item: self.tree.setCurrentItem(it))
        self.tree.setItemWidget(item, COL_VALUE, editor)
        reset = QToolButton()
        reset.setObjectName(f"reset_{info.name}")
        reset.setText("↺")
        reset.setAutoRaise(True)
        reset.setToolTip(_("Reset to inherited: drop this file's value"))
        reset.clicked.connect(lambda _c=False, p=pointer: self.reset(p))
        self.tree.setItemWidget(item, COL_RESET, reset)
        self.rows[pointer] = item
        self.infos[pointer] = info
        self.editors[pointer] = editor
        self.resets[pointer] = reset

    # ---- values ---------------------------------------------------------------------

    def refresh(self, pointers: set[str] | None = None) -> None:
        """Show the document's values (all rows, or the rows of `pointers`)."""
        doc = self.session.doc
        for pointer, item in self.rows.items():
            if pointers is not None and pointer not in pointers:
                continue
            value = doc.value(pointer)
            value = None if value is MISSING else value
            self.editors[pointer].set_value(value)
            origin = doc.origin(pointer)
            colour = ORIGINS[origin.kind][1]
            item.setText(COL_ORIGIN, "● " + origin_text(origin))
            item.setForeground(COL_ORIGIN, QBrush(QColor(colour)))
            item.setToolTip(COL_ORIGIN, _("The value comes from {origin}").format(
                origin=origin_text(origin)))
            font = item.font(COL_NAME)
            font.setBold(origin.kind == "file")
            item.setFont(COL_NAME, font)
            self.resets[pointer].setEnabled(origin.kind == "file")
        current = self.current_pointer()
        if current is not None:
            self._describe(current)

    def commit(self, pointer: str, value: Any) -> None:
        info = self.infos[pointer]
        self.session.set(_("Set {name} to {value}").format(name=info.name,
                                                           value=show_value(value)),
                         pointer, value)
        self.refresh({pointer})  # a refused value is never left on show

    def reset(self, pointer: str) -> None:
        self.session.apply(_("Reset {name}").format(name=self.infos[pointer].name),
                           reset_value, pointer)
        self.refresh({pointer})

    # ---- selection, detail and search -----------------------------------------------

    def current_pointer(self) -> str | None:
        item = self.tree.currentItem()
        return item.data(0, Qt.ItemDataRole.UserRole) if item is not None else None

    def _current_changed(self, item: QTreeWidgetItem | None, _old=None) -> None:
        pointer = item.data(0, Qt.ItemDataRole.UserRole) if item is not None else None
        if pointer:
            self._describe(pointer)
            self.focused.emit(pointer)

    def describe_current(self) -> None:
        """Describe the current row again (its tab was shown)."""
        pointer = self.current_pointer()
        if pointer:
            self._describe(pointer)

    def _describe(self, pointer: str) -> None:
        doc = self.session.doc
        value = doc.value(pointer)
        self.describe(detail_html(self.infos[pointer], pointer,
                                  None if value is MISSING else value, doc.origin(pointer)))

    def focus(self, pointer: str) -> bool:
        """Select the row of `pointer` (or of the closest field above it)."""
        while pointer and pointer not in self.rows:
            pointer = pointer.rpartition("/")[0]
        item = self.rows.get(pointer)
        if item is None:
            return False
        if item.isHidden():
            self.search.clear()
        self.tree.setCurrentItem(item)
        self.tree.scrollToItem(item)
        self.editors[pointer].setFocus()
        return True

    def matches(self, pointer: str, text: str) -> bool:
        info = self.infos[pointer]
        hay = " ".join([row_title(info), info.name, pointer, info.description,
                        description(info), *rule_ids(info)]).lower()
        return all(word in hay for word in text.lower().split())

    def apply_filter(self, text: str) -> None:
        for i in range(self.tree.topLevelItemCount()):
            section = self.tree.topLevelItem(i)
            shown = 0
            for j in range(section.childCount()):
                item = section.child(j)
                visible = self.matches(item.data(0, Qt.ItemDataRole.UserRole), text)
                item.setHidden(not visible)
                shown += visible
            section.setHidden(shown == 0)

    def visible_names(self) -> list[str]:
        """Names of the rows the search leaves visible."""
        return [self.infos[p].name for p, item in self.rows.items() if not item.isHidden()
                and not item.parent().isHidden()]


class DetailPane(QTextBrowser):
    """The selected field's description, allowed values, default, origin and IDs."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("variant_detail")
        self.setOpenLinks(False)
        self.show_nothing()

    def show_nothing(self) -> None:
        self.setHtml("<p>{}</p>".format(_("Select an option to see what it does.")))
