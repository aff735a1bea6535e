"""The validation panel: the findings of `conquest validate`, re-checked as the board changes.

An edit's touched elements (and those whose findings depend on them) are re-checked at once on the
UI thread (`editor.check.incremental`, a few milliseconds with the id maps kept from edit to
edit) and shown with the edit. The whole board's check runs debounced (a short single-shot timer
restarted by every change) on a worker thread, never on the UI thread; its result replaces the
re-check's. The board's lists are copied (a shallow snapshot, microseconds), the pure Python checks
run in a `QThreadPool`, and the result comes back as a queued signal. Every change bumps a
generation counter; a result computed for an older generation is dropped (the board may have
changed under the worker), so the panel only ever shows findings of the current board. `refresh()`
still checks synchronously (explicit refreshes, tests). A double-click on a row (or Enter on it)
asks the window to select the offending element and centre the view on it.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from PySide6.QtCore import (
    QCoreApplication,
    QEvent,
    QObject,
    QRunnable,
    Qt,
    QThreadPool,
    QTimer,
    Signal,
)
from PySide6.QtGui import QColor, QIcon, QPixmap
from PySide6.QtWidgets import (
    QHeaderView,
    QMenu,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from editor.check.board_checks import CheckCancelled, check_board
from editor.check.editor_codes import check_ids_and_numbers
from editor.check.incremental import BoardMaps, recheck
from editor.gui.shell.document import BoardDocument
from editor.i18n import N_, _
from editor.model.board import Board
from editor.model.edit_base import COLLECTIONS
from editor.model.findings import Finding
from editor.model.names import FieldNames
from editor.model.rulebook import cited_ids, load_catalogue

#: the interpreter's thread switch interval while a check runs on the worker (seconds)
SWITCH_INTERVAL_S = 0.001


def board_findings(board: Board, stop: Callable[[], bool] | None = None) -> list[Finding]:
    """The document checks of `conquest validate` plus the editor's id and number checks;
    `stop` (asked between checks) cancels with `CheckCancelled`."""
    found = check_board(board, stop)
    if stop is not None and stop():
        raise CheckCancelled
    return [*found, *check_ids_and_numbers(board)]


def snapshot(board: Board) -> Board:
    """A copy of the board whose element lists the UI thread's edits cannot resize: edits
    insert into and remove from the live lists; attribute changes of shared elements are caught
    by the generation counter instead (the result is dropped)."""
    return board.model_copy(update={name: list(getattr(board, name)) for name in COLLECTIONS})


#: severities as the Severity column shows them (marked; shown with `_()`)
SEVERITIES = {"error": N_("error"), "warning": N_("warning")}


class _Results(QObject):
    """Carries a worker's findings back to the UI thread (a queued signal)."""

    done = Signal(int, object, object, object)  # generation, findings, error, BoardMaps


class _CheckTask(QRunnable):
    """The whole board's check on the worker; it stops between checks once `stale()` says the
    board has changed since (its result would be dropped), so the next check starts sooner."""

    def __init__(self, board: Board, generation: int, results: _Results,
                 stale: Callable[[], bool]) -> None:
        super().__init__()
        self.board, self.generation, self.results = board, generation, results
        self.stale = stale

    def run(self) -> None:
        maps = None
        try:
            found, error = board_findings(self.board, self.stale), None
            if not self.stale():  # for the next edit's re-check, off the UI thread
                maps = BoardMaps(self.board)
        except CheckCancelled:
            found, error = [], None
        except Exception as exc:  # a board changed under the worker: see _arrived
            found, error = [], exc
        self.results.done.emit(self.generation, found, error, maps)


def _dot(colour: str) -> QIcon:
    pix = QPixmap(12, 12)
    pix.fill(QColor(colour))
    return QIcon(pix)


class ValidationPanel(QWidget):
    activated = Signal(object)  # Finding
    ruleRequested = Signal(str)  # a rule ID a finding cites, chosen from its context menu
    countsChanged = Signal(int, int)
    #: the findings on show are those of the current board (after a refresh or a worker's result)
    checked = Signal()

    def __init__(self, doc: BoardDocument, delay_ms: int = 300,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.findings: list[Finding] = []
        #: the board's own findings among them (full check, or merged with a re-check)
        self.board_found: list[Finding] = []
        #: id maps for re-checking what an edit touched (`editor.check.incremental`)
        self.maps: BoardMaps | None = None
        #: re-checks of touched elements shown since the counter was reset (tests)
        self.rechecks = 0
        self._switch_interval: float | None = None  # the interpreter's, while a check runs
        self._mode_found: list[Finding] | None = None
        #: findings the window adds (e.g. a missing scan image)
        self.extra: list[Finding] = []
        #: the active mode's own findings, asked at every refresh (`Mode.findings`)
        self.contributor: Callable[[], list[Finding]] | None = None
        self.tree = QTreeWidget()
        self.tree.setObjectName("findings")
        self.tree.setColumnCount(4)
        self.tree.setHeaderLabels([_("Severity"), _("Code"), _("Element"), _("Message")])
        self.tree.setRootIsDecorated(False)
        self.tree.setUniformRowHeights(True)
        self.tree.setAlternatingRowColors(True)
        header = self.tree.header()
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        for i, width in enumerate((80, 190, 80)):
            self.tree.setColumnWidth(i, width)
        self.tree.itemDoubleClicked.connect(self._double_clicked)
        self.tree.installEventFilter(self)  # Enter on a row: the keyboard's double-click
        self.tree.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.tree.customContextMenuRequested.connect(self._rules_menu)
        #: the open context menu of a finding's rules (not blocking)
        self.menu: QMenu | None = None
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.tree)
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(delay_ms)
        self.timer.timeout.connect(self.refresh_async)
        self.soon = QTimer(self)
        self.soon.setSingleShot(True)
        self.soon.setInterval(0)
        self.soon.timeout.connect(self.refresh_async)
        self._icons = {"error": _dot("#d32f2f"), "warning": _dot("#f9a825")}
        #: bumped by every change; a worker's result for an older generation is dropped
        self.generation = 0
        #: generations whose check is still running on the worker
        self.running: set[int] = set()
        #: worker results dropped because the board changed meanwhile
        self.dropped = 0
        self.pool = QThreadPool(self)
        self.pool.setMaxThreadCount(1)
        self._results = _Results(self)
        self._results.done.connect(self._arrived)
        doc.changed.connect(self._edited)
        doc.reset.connect(self._on_reset)

    @property
    def pending(self) -> bool:
        """A check of the current board is scheduled or running."""
        return self.timer.isActive() or self.soon.isActive() or self.generation in self.running

    def _schedule(self, _keys=None) -> None:
        self.generation += 1
        self.timer.start()

    def _edited(self, keys: set) -> None:
        """Show the touched elements' findings now; the whole board's check follows."""
        self._schedule()
        board = self.doc.board
        if self.maps is None:
            self.maps = BoardMaps(board)
        try:
            result = recheck(board, keys, self.maps)
        except Exception:  # an odd board: the full check will tell
            self.maps = None
            return
        if result is not None:
            self.rechecks += 1
            self._show(result.merge(self.board_found), final=False)

    def _on_reset(self) -> None:
        self.generation += 1
        self.maps = None
        self.check_soon()

    def check_soon(self) -> None:
        """Check the whole board once the events queued now are handled: a new board's first
        paint comes before its check, which would otherwise compete with it for the
        interpreter."""
        self.timer.stop()
        self.soon.start()

    def refresh_async(self) -> None:
        """Check a snapshot of the board on the worker thread; the result replaces the rows."""
        self.timer.stop()
        self.soon.stop()
        if self.generation in self.running:  # already checking this board
            return
        self.running.add(self.generation)
        self._hand_over_often(True)
        generation = self.generation
        self.pool.start(_CheckTask(snapshot(self.doc.board), generation, self._results,
                                   lambda: self.generation != generation))

    def _hand_over_often(self, on: bool) -> None:
        """While a check runs, the interpreter switches threads every millisecond (not every
        5): the UI thread waits at most that long for the lock the worker holds."""
        if on and self._switch_interval is None:
            self._switch_interval = sys.getswitchinterval()
            sys.setswitchinterval(SWITCH_INTERVAL_S)
        elif not on and self._switch_interval is not None:
            sys.setswitchinterval(self._switch_interval)
            self._switch_interval = None

    def _arrived(self, generation: int, found: list[Finding], error, maps) -> None:
        self.running.discard(generation)
        if not self.running:
            self._hand_over_often(False)
        if generation != self.generation:
            self.dropped += 1
            return
        if error is not None:
            raise error
        if maps is not None:  # built over the snapshot: the same elements, in the same order
            maps.board = self.doc.board
            self.maps = maps
        self._show(found)

    def wait(self) -> None:
        """Block until the worker is idle and deliver its result (tests, the bench)."""
        self.pool.waitForDone()
        QCoreApplication.processEvents()

    def refresh(self) -> None:
        """Check the current board now, on this thread."""
        self.timer.stop()
        self.generation += 1
        self._show(board_findings(self.doc.board))

    def _show(self, found: list[Finding], final: bool = True) -> None:
        """Show the board's findings `found` (`final`: the whole board's check, not a merge
        with a re-check of touched elements)."""
        self.board_found = found
        if final or self._mode_found is None:  # a re-check keeps the mode's last findings
            self._mode_found = self.contributor() if self.contributor is not None else []
        mode_findings = self._mode_found
        self.findings = [*self.extra, *mode_findings, *found]
        self.tree.setUpdatesEnabled(False)
        self.tree.clear()
        items = []
        names = FieldNames(self.doc.board)  # the Element column: a field by its printed number
        for f in self.findings:
            shown = names.name(f.element) if f.element else ""
            item = QTreeWidgetItem([_(SEVERITIES.get(f.severity.value, f.severity.value)),
                                    f.code, shown, f.message])
            if shown != (f.element or ""):
                item.setToolTip(2, f"id {f.element}")
            item.setIcon(0, self._icons.get(f.severity.value, QIcon()))
            item.setToolTip(3, f"{f.message}\n" + _("Fix: {hint}").format(hint=_(f.hint))
                            + f"\n{f.pointer}" + ("\n" + _("Right click: open the rule")
                                                  if cited_ids(f"{f.message} {f.hint}") else ""))
            item.setData(0, Qt.ItemDataRole.UserRole, len(items))
            items.append(item)
        if not items:
            items.append(QTreeWidgetItem(["", "", "", _("No problems found.")]))
        self.tree.addTopLevelItems(items)
        self.tree.setUpdatesEnabled(True)
        errors = sum(1 for f in self.findings if f.is_error)
        self.countsChanged.emit(errors, len(self.findings) - errors)
        if final:
            self.checked.emit()

    def counts(self) -> tuple[int, int]:
        errors = sum(1 for f in self.findings if f.is_error)
        return errors, len(self.findings) - errors

    def _rules_menu(self, pos) -> None:
        """Right click on a finding: open one of the rules its message or fix cites."""
        item = self.tree.itemAt(pos)
        index = item.data(0, Qt.ItemDataRole.UserRole) if item is not None else None
        if index is None or not 0 <= index < len(self.findings):
            return
        finding = self.findings[index]
        ids = cited_ids(f"{finding.message}\n{finding.hint}")
        if not ids:
            return
        if self.menu is not None:
            self.menu.close()
        self.menu = QMenu(self.tree)
        self.menu.setObjectName("finding_rules")
        catalogue = load_catalogue()
        for rule in ids:
            action = self.menu.addAction(_("Rule {rule}").format(rule=catalogue.title(rule)))
            action.triggered.connect(lambda _c=False, r=rule: self.ruleRequested.emit(r))
        self.menu.popup(self.tree.viewport().mapToGlobal(pos))

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
