"""The inspector: properties of the selection, editable for several elements at once.

With nothing selected it shows the board (name, side, seats, castles, setups, islands, scale);
the element pages (`editor.gui.trace.element_pages`) are generated from the model's metadata.
Every change goes through `doc.apply` as an undo command; typing merges into one step, and a
value typed back to where it started leaves no step. A new selection starts at the top.
"""

from __future__ import annotations

from collections import Counter

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from editor.gui.shell.document import BoardDocument
from editor.gui.shell.wording import plural
from editor.gui.trace.board_page import BoardPage
from editor.gui.trace.element_pages import ConnectionPage, FieldPage, RegionPage, SlitPage
from editor.gui.trace.pages import KIND_NOUNS
from editor.i18n import _
from editor.model.refs import COLLECTION_OF

KIND_ORDER = ("field", "connection", "region", "slit")


def selection_summary(keys: list[tuple[str, str]]) -> str:
    """'12 fields, 9 connections'."""
    counts = Counter(k for k, _i in keys)
    return ", ".join(plural(counts[kind], KIND_NOUNS.get(kind, kind)) for kind in KIND_ORDER
                     if counts[kind])


def connection_kinds(board, keys) -> dict[str, str]:
    wanted = {i for k, i in keys if k == "connection"}
    return {c.id: c.kind.value for c in board.connections if c.id in wanted}


def selection_filters(keys, conn_kinds: dict[str, str]) -> list[tuple[str, tuple]]:
    """(menu text, (kind, connection kind or None)) for each way to narrow the selection."""
    counts = Counter(k for k, _i in keys)
    out = []
    for kind in KIND_ORDER:
        if counts[kind] and counts[kind] != len(keys):
            out.append((_("Only {elements}").format(
                elements=plural(counts[kind], KIND_NOUNS.get(kind, kind))), (kind, None)))
        if kind == "connection":
            for sub, n in sorted(Counter(conn_kinds.values()).items()):
                if n != counts[kind]:
                    noun = sub.replace("_", " ")
                    out.append((_("Only {elements}").format(elements=plural(n, noun)),
                                (kind, sub)))
    return out


class PageStack(QWidget):
    """The inspector's pages, one shown at a time; unlike a QStackedWidget it is as tall as
    the page shown, not as the tallest page (a short page scrolled into blank space)."""

    def __init__(self) -> None:
        super().__init__()
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._pages: list[QWidget] = []
        self._current: QWidget | None = None

    # the names of QStackedWidget's API, which the inspector and its tests use
    def addWidget(self, page: QWidget) -> None:
        self._pages.append(page)
        self._layout.addWidget(page)
        page.setVisible(self._current is None)
        self._current = self._current or page

    def setCurrentWidget(self, page: QWidget) -> None:
        if page is self._current:
            return
        if self._current is not None:
            self._current.hide()
        self._current = page
        page.show()

    def currentWidget(self) -> QWidget | None:
        return self._current

    def count(self) -> int:
        return len(self._pages)

    def widget(self, index: int) -> QWidget:
        return self._pages[index]


class Inspector(QScrollArea):
    """Shows the page for the current selection's kind."""

    #: the selection narrowed by the filter (the trace mode selects these keys)
    filterSelection = Signal(list)

    def __init__(self, doc: BoardDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.updating = False
        self.keys: list[tuple[str, str]] = []
        self.setWidgetResizable(True)
        self.stack = PageStack()
        self.pages = {"board": BoardPage(self), "field": FieldPage(self),
                      "connection": ConnectionPage(self), "region": RegionPage(self),
                      "slit": SlitPage(self)}
        for page in self.pages.values():
            self.stack.addWidget(page)
        self.mixed = QLabel()
        self.mixed.setWordWrap(True)
        self.mixed.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.stack.addWidget(self.mixed)
        holder = QWidget()
        lay = QVBoxLayout(holder)
        lay.addWidget(self._build_selection_bar())
        lay.addWidget(self.stack)
        lay.addStretch(1)
        self.setWidget(holder)
        self.setMinimumWidth(410)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        doc.changed.connect(self._on_changed)
        doc.reset.connect(lambda: self.show_keys([]))

    def _build_selection_bar(self) -> QWidget:
        """"12 fields, 9 connections" and a filter that narrows the selection to one kind (then
        the page of that kind edits all of them at once)."""
        bar = QWidget()
        row = QHBoxLayout(bar)
        row.setContentsMargins(0, 0, 0, 0)
        self.selection_summary = QLabel()
        self.selection_summary.setObjectName("selection_summary")
        self.selection_filter = QComboBox()
        self.selection_filter.setObjectName("selection_filter")
        self.selection_filter.setPlaceholderText(_("Keep only..."))
        self.selection_filter.activated.connect(self._filter)
        row.addWidget(self.selection_summary, 1)
        row.addWidget(self.selection_filter)
        self.selection_bar = bar
        bar.setVisible(False)
        return bar

    def _show_selection_bar(self) -> None:
        keys = self.keys
        self.selection_bar.setVisible(len(keys) > 1)
        if len(keys) < 2:
            return
        self.selection_summary.setText(selection_summary(keys))
        self.selection_filter.clear()
        kinds = connection_kinds(self.doc.board, keys)
        for title, wanted in selection_filters(keys, kinds):
            self.selection_filter.addItem(title, wanted)
        self.selection_filter.setCurrentIndex(-1)

    def _filter(self, index: int) -> None:
        kind, sub = self.selection_filter.itemData(index)
        kinds = connection_kinds(self.doc.board, self.keys)
        keep = [k for k in self.keys if k[0] == kind and (sub is None or kinds.get(k[1]) == sub)]
        self.filterSelection.emit(keep)

    def show_keys(self, keys: list[tuple[str, str]]) -> None:
        if set(keys) != set(self.keys):  # another selection starts at the top of its page
            self.verticalScrollBar().setValue(0)
        self.keys = list(keys)
        self._show_selection_bar()
        kinds = {k for k, _i in keys}
        self.updating = True
        try:
            if not keys:
                page = self.pages["board"]
            elif len(kinds) == 1:
                page = self.pages[kinds.pop()]
            else:
                self.mixed.setText(_(
                    "Mixed selection: {elements}.<br>Select elements of one kind to edit them "
                    "together.").format(elements=", ".join(
                        plural(sum(1 for k, _i in keys if k == kind), KIND_NOUNS.get(kind, kind))
                        for kind in sorted({k for k, _i in keys}))))
                self.stack.setCurrentWidget(self.mixed)
                return
            page.show_ids([i for _, i in keys])
            self.stack.setCurrentWidget(page)
        finally:
            self.updating = False

    def _on_changed(self, touched: set) -> None:
        current = self.stack.currentWidget()
        if current is self.pages["board"] or set(self.keys) & touched or touched & {
                ("board", "grail")} or any(k in ("castle", "region", "island", "seat")
                                          for k, _ in touched):
            valid = [k for k in self.keys if k in self._existing()]
            self.show_keys(valid)

    def _existing(self) -> set:
        b = self.doc.board
        return {(kind, x.id) for kind in KIND_ORDER for x in getattr(b, COLLECTION_OF[kind])}
