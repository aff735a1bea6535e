"""The validation panel: the findings of `conquest validate`, re-checked as the board changes.

Checks run debounced (a short single-shot timer restarted by every change); a double-click on a
row (or Enter on it) asks the window to select the offending element and centre the view on it.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QIcon, QPixmap
from PySide6.QtWidgets import QHeaderView, QTreeWidget, QTreeWidgetItem, QVBoxLayout, QWidget

from editor.check.board_checks import check_board
from editor.check.editor_codes import check_ids_and_numbers
from editor.gui.document import BoardDocument
from editor.model.findings import Finding


def _dot(colour: str) -> QIcon:
    pix = QPixmap(12, 12)
    pix.fill(QColor(colour))
    return QIcon(pix)


class ValidationPanel(QWidget):
    activated = Signal(object)  # Finding
    countsChanged = Signal(int, int)

    def __init__(self, doc: BoardDocument, delay_ms: int = 300,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.findings: list[Finding] = []
        #: findings the window adds (e.g. a missing scan image)
        self.extra: list[Finding] = []
        #: the active mode's own findings, asked at every refresh (`Mode.findings`)
        self.contributor: Callable[[], list[Finding]] | None = None
        self.tree = QTreeWidget()
        self.tree.setObjectName("findings")
        self.tree.setColumnCount(4)
        self.tree.setHeaderLabels(["Severity", "Code", "Element", "Message"])
        self.tree.setRootIsDecorated(False)
        self.tree.setUniformRowHeights(True)
        self.tree.setAlternatingRowColors(True)
        header = self.tree.header()
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        for i, width in enumerate((80, 190, 80)):
            self.tree.setColumnWidth(i, width)
        self.tree.itemDoubleClicked.connect(self._double_clicked)
        self.tree.installEventFilter(self)  # Enter on a row: the keyboard's double-click
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.tree)
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(delay_ms)
        self.timer.timeout.connect(self.refresh)
        self._icons = {"error": _dot("#d32f2f"), "warning": _dot("#f9a825")}
        doc.changed.connect(self._schedule)
        doc.reset.connect(self.refresh)

    def _schedule(self, _keys=None) -> None:
        self.timer.start()

    def refresh(self) -> None:
        self.timer.stop()
        mode_findings = self.contributor() if self.contributor is not None else []
        self.findings = [*self.extra, *mode_findings, *check_board(self.doc.board),
                         *check_ids_and_numbers(self.doc.board)]
        self.tree.setUpdatesEnabled(False)
        self.tree.clear()
        items = []
        for f in self.findings:
            item = QTreeWidgetItem([f.severity.value, f.code, f.element or "", f.message])
            item.setIcon(0, self._icons.get(f.severity.value, QIcon()))
            item.setToolTip(3, f"{f.message}\nFix: {f.hint}\n{f.pointer}")
            item.setData(0, Qt.ItemDataRole.UserRole, len(items))
            items.append(item)
        if not items:
            items.append(QTreeWidgetItem(["", "", "", "No problems found."]))
        self.tree.addTopLevelItems(items)
        self.tree.setUpdatesEnabled(True)
        errors = sum(1 for f in self.findings if f.is_error)
        self.countsChanged.emit(errors, len(self.findings) - errors)

    def counts(self) -> tuple[int, int]:
        errors = sum(1 for f in self.findings if f.is_error)
        return errors, len(self.findings) - errors

    def _double_clicked(self, item: QTreeWidgetItem, _column: int) -> None:
        index = item.data(0, Qt.ItemDataRole.UserRole)
        if index is not None and 0 <= index < len(self.findings):
            self.activated.emit(self.findings[index])

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (watched is self.tree and event.type() == QEvent.Type.KeyPress
                and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)):
            self.activate_row(self.tree.currentIndex().row())
            return True
        return super().eventFilter(watched, event)

    def activate_row(self, row: int) -> None:
        """Same as double-clicking row `row` (Enter on the current row)."""
        item = self.tree.topLevelItem(row)
        if item is not None:
            self._double_clicked(item, 0)
