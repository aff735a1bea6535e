"""The main window: a shell of modes around one board document.

The shell owns what every mode shares: the board document, files (`files.py`), crash recovery
(`recovery.py`), the menus (`menus.py`), the validation and history docks, the status bar and the
window title. Everything else belongs to a mode (`editor.gui.modes.MODES`), switched as a
whole by the `ModeSwitcher`. The window is the `Shell` its modes see (`shell/mode.py`) and
names none of them: it calls only the hooks `Mode` declares.
"""

from __future__ import annotations

import os
from typing import TypeVar

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QApplication,
    QDockWidget,
    QLabel,
    QLineEdit,
    QMainWindow,
    QMenu,
    QStackedWidget,
    QUndoView,
)

from editor.gui.shell import gc_policy, packages
from editor.gui.shell.codes import scan_findings
from editor.gui.shell.document import BoardDocument
from editor.gui.shell.files import BoardFiles
from editor.gui.shell.menus import ShellMenus
from editor.gui.shell.mode import Mode
from editor.gui.shell.recovery import AUTOSAVE_MS, MAX_DELAY_MS, Recovery, default_recovery_dir
from editor.gui.shell.retranslate import install_qt_translation, retranslate_tree
from editor.gui.shell.rules_panel import RulesPanel, link_rules, linkable_label
from editor.gui.shell.settings import app_settings
from editor.gui.shell.switcher import ModeSwitcher
from editor.gui.shell.validation import ValidationPanel
from editor.i18n import _, language, ngettext, set_language
from editor.model.findings import Finding
from editor.model.rulebook import cited_ids

APP_NAME = "Conquest Workbench"

T = TypeVar("T")


class MainWindow(QMainWindow):
    def __init__(self, path: str | None = None, *, settings: QSettings | None = None,
                 recovery_dir: str | os.PathLike[str] | None = None,
                 autosave_ms: int = AUTOSAVE_MS, max_delay_ms: int = MAX_DELAY_MS,
                 check_recovery: bool = True,
                 validation_delay_ms: int = 300, restore_layout: bool = True,
                 modes: list[type[Mode]] | None = None, guard_files: bool = True) -> None:
        """`modes`: the mode classes, in menu order (default: `editor.gui.modes.MODES`)."""
        super().__init__()
        self.setObjectName("MainWindow")
        install_qt_translation(language())  # Qt's standard buttons and dialogs too
        #: cycles are collected on this (the GUI) thread only, never on a worker
        self.collector = gc_policy.install()
        self.settings = settings or app_settings()
        self.last_message = ""
        self.doc = BoardDocument(parent=self)
        self.recovery = Recovery(self, self.doc, recovery_dir or default_recovery_dir(),
                                 autosave_ms, max_delay_ms)
        self.files = BoardFiles(self, self.doc, self.settings, self.recovery,
                                self.commit_typing)
        self.files.guard.enabled = guard_files  # headless runs neither lock nor watch
        self.central = QStackedWidget()
        self.setCentralWidget(self.central)
        self.switcher = ModeSwitcher(self, self.central)
        self.menus = ShellMenus(self, self.files, self.switcher.undo_group)
        self.menuBar().addMenu(self.switcher.menu)
        self.menus.add_help()  # modes insert their menus before Mode: Help stays last
        if modes is None:
            from editor.gui.modes import MODES as modes  # the registry, read when called
        self.switcher.add_modes(list(modes))
        for mode in self.switcher.modes.values():
            self.menus.adopt(mode)
        self._build_shared_docks(validation_delay_ms)
        self.counts_label = QLabel()
        self._counted = (0, 0)
        self.read_only_label = QLabel(_("Read-only: Save makes a copy (Save as)"))
        self.read_only_label.setObjectName("read_only_label")
        self.read_only_label.setContentsMargins(4, 0, 4, 0)
        self.read_only_label.setStyleSheet("color: #8a4b00; font-weight: bold")
        self.read_only_label.hide()
        self.statusBar().addPermanentWidget(self.read_only_label)
        #: a lock taken over from a crashed editor, noted while that board is open
        self.lock_note_label = QLabel(_("Lock taken over from a crashed editor"))
        self.lock_note_label.setObjectName("lock_note_label")
        self.lock_note_label.setContentsMargins(4, 0, 4, 0)
        self.lock_note_label.setStyleSheet("color: #8a4b00")
        self.lock_note_label.hide()
        self.statusBar().addPermanentWidget(self.lock_note_label)
        #: the rule IDs of the last message, as links that open the Rules dock
        self.rule_link_label = linkable_label("status_rules", self.show_rule)
        self.rule_link_label.hide()
        self.statusBar().addPermanentWidget(self.rule_link_label)
        self.statusBar().addPermanentWidget(self.counts_label)
        self._connect()
        self.resize(1400, 900)
        self.switcher.start(self._lay_out(restore_layout))
        self._on_reset()
        restored = self.recovery.offer() if check_recovery else False
        if path and not restored:
            self.files.open_path(path)
        self.update_title()

    # ---- construction ---------------------------------------------------------------

    def _build_shared_docks(self, validation_delay_ms: int) -> None:
        self.validation = ValidationPanel(self.doc, validation_delay_ms)
        self.validation_dock = QDockWidget(_("Validation"), self)
        self.validation_dock.setObjectName("validation_dock")
        self.validation_dock.setWidget(self.validation)
        self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.validation_dock)
        self.history = QUndoView(self.switcher.undo_group)
        self.history_dock = QDockWidget(_("History"), self)
        self.history_dock.setObjectName("history_dock")
        self.history_dock.setWidget(self.history)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.history_dock)
        self.rules = RulesPanel()
        self.rules_dock = QDockWidget(_("Rules"), self)
        self.rules_dock.setObjectName("rules_dock")
        self.rules_dock.setWidget(self.rules)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.rules_dock)
        self.tabifyDockWidget(self.history_dock, self.rules_dock)
        self.history_dock.raise_()
        self.rules_dock.hide()  # until a rule ID is clicked or View > Rules
        for dock in (self.validation_dock, self.history_dock, self.rules_dock):
            self.menus.add_dock_toggle(dock)

    def _connect(self) -> None:
        self.doc.stack.cleanChanged.connect(self.update_title)
        self.doc.stack.indexChanged.connect(self.update_title)
        self.doc.pathChanged.connect(self.update_title)
        self.doc.error.connect(self.show_message)
        self.doc.changed.connect(self._on_doc_changed)
        self.doc.reset.connect(self._on_reset)
        self.files.message.connect(self.show_message)
        self.files.package_opener = lambda path: packages.open_package(self, path)
        self.files.guard.readOnlyChanged.connect(self.update_title)
        self.files.guard.noteChanged.connect(self._lock_note)
        self.recovery.message.connect(self.show_message)
        self.validation.activated.connect(self.go_to_finding)
        self.validation.ruleRequested.connect(self.show_rule)
        self.validation.countsChanged.connect(self._counts)
        self.switcher.switched.connect(self._mode_switched)
        for mode in self.switcher.modes.values():
            mode.findingsChanged.connect(
                lambda m=mode: self.validation.timer.start() if m is self.mode else None)

    def _lay_out(self, restore: bool) -> dict[str, list[str]]:
        """Default dock sizes, then the saved layout; returns, by mode, the panels the user
        had closed in the modes that were not active when the layout was saved."""
        self.resizeDocks([self.validation_dock], [170], Qt.Orientation.Vertical)
        for mode in self.switcher.modes.values():
            mode.lay_out_docks()
        if not restore:
            return {}
        geometry = self.settings.value("window/geometry")
        state = self.settings.value("window/state")
        if geometry is not None:
            self.restoreGeometry(geometry)
        if state is not None:
            self.restoreState(state)
        return {name: [n for n in str(self.settings.value(f"window/closed/{name}", "")).split(",")
                       if n]
                for name in self.switcher.modes}

    def add_mode_menu(self, title: str) -> QMenu:
        """A menu of a mode, placed before the Mode menu."""
        menu = QMenu(title, self)
        self.menuBar().insertMenu(self.switcher.menu.menuAction(), menu)
        return menu

    # ---- modes ----------------------------------------------------------------------

    @property
    def mode(self) -> Mode:
        """The active mode."""
        return self.switcher.active

    def __getattr__(self, name: str) -> Mode:
        """A mode by its name, as an attribute (`window.trace`), for scripts and tests; the
        modes themselves find each other with `find_mode`."""
        switcher = self.__dict__.get("switcher")
        if switcher is not None and name in switcher.modes:
            return switcher.modes[name]
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def find_mode(self, kind: type[T]) -> T | None:
        """The first registered mode that is a `kind` (a class, or a runtime-checkable
        protocol of what a mode can do); None when no mode is."""
        return next((m for m in self.switcher.modes.values() if isinstance(m, kind)), None)

    def switch_mode(self, name: str) -> bool:
        return self.switcher.switch(name)

    def _mode_switched(self, mode: Mode) -> None:
        self.history.setEmptyLabel(_(mode.history_start))  # marked N_ by each mode
        self.validation.contributor = mode.findings
        self.validation.refresh()
        self.statusBar().showMessage(mode.status())

    # ---- shared slots ---------------------------------------------------------------

    def show_message(self, text: str) -> None:
        """The status bar's message; the rule IDs it cites become links beside it."""
        self.last_message = text
        self.statusBar().showMessage(text, 8000)
        ids = cited_ids(text)
        self.rule_link_label.setText(_("Rule: ") + link_rules(", ".join(ids)) if ids else "")
        self.rule_link_label.setVisible(bool(ids))

    def _lock_note(self, note: str) -> None:
        self.lock_note_label.setToolTip(note)
        self.lock_note_label.setVisible(bool(note))

    def show_rule(self, rule_id: str) -> None:
        """Open the Rules dock at one rule (a rule ID clicked anywhere)."""
        self.rules_dock.show()
        self.rules_dock.raise_()
        self.rules.show_rule(rule_id)

    def _counts(self, errors: int, warnings: int) -> None:
        self._counted = (errors, warnings)
        self.counts_label.setText(" {}, {} ".format(
            ngettext("{n} error", "{n} errors", errors).format(n=errors),
            ngettext("{n} warning", "{n} warnings", warnings).format(n=warnings)))

    def _on_doc_changed(self, keys: set) -> None:
        if ("board", "image") in keys:
            self._update_scan_finding()

    def _on_reset(self) -> None:
        self._update_scan_finding(check=False)
        self.validation.check_soon()  # off the UI thread, after the first paint
        self.update_title()

    def _update_scan_finding(self, check: bool = True) -> None:
        problem = self.doc.scan_problem()
        self.validation.extra = scan_findings(*problem) if problem else []
        if check:
            self.validation.timer.start()

    def change_language(self, code: str | None) -> str:
        """Show the window in `code` ("en", "de", "it"; None: the system's) from now on,
        keeping the documents, undo history and selection: the fixed texts are put into the
        new language (`retranslate_tree`), the shell, the switcher and every mode show
        again what they compute (`Mode.retranslate`). Returns the language chosen."""
        old = language()
        chosen = set_language(code)
        if chosen == old:
            return chosen
        install_qt_translation(chosen)
        retranslate_tree(self, old)
        self.menus.retranslate()
        self.switcher.retranslate()
        for mode in self.switcher.modes.values():
            mode.retranslate()
        self.history.setEmptyLabel(_(self.mode.history_start))
        self._counts(*self._counted)
        self.validation.refresh()
        self.update_title()
        self.statusBar().showMessage(self.mode.status())
        return chosen

    def update_title(self, *_args) -> None:
        read_only = " ({})".format(_("read-only")) if self.files.guard.read_only else ""
        self.read_only_label.setVisible(bool(read_only))
        self.setWindowTitle(f"{self.doc.display_name}[*]{read_only} — {APP_NAME}")
        self.setWindowModified(self.doc.modified)

    def refresh_findings(self) -> None:
        """Check the board and the active mode's findings again, now."""
        self.validation.refresh()

    def go_to_finding(self, finding: Finding) -> None:
        """Show a finding's element in the active mode, or in the home mode when the active
        one cannot show it."""
        if self.mode.show_finding(finding):
            return
        home = self.switcher.home
        if self.switcher.switch(home.name):
            home.show_finding(finding)

    def export_package(self) -> bool:
        """File > Export game package…: the board with the played or configured variant."""
        return packages.export_package(self)

    def commit_typing(self) -> None:
        """Commit values still being typed, so Save and Close never miss them."""
        focus = QApplication.focusWidget()
        if isinstance(focus, QLineEdit | QAbstractSpinBox) and self.isAncestorOf(focus):
            focus.clearFocus()
        for mode in self.switcher.modes.values():
            mode.commit_typing()

    # ---- closing --------------------------------------------------------------------

    def closeEvent(self, event: QCloseEvent) -> None:
        self.commit_typing()
        # a mode that refuses to be left refuses the close; the layout is saved in the home mode
        if not self.switcher.switch(self.switcher.home.name) or not self.files.maybe_save() \
                or not all(m.maybe_close() for m in self.switcher.modes.values()):
            event.ignore()
            return
        self.recovery.stop()
        self.files.guard.release()
        self.settings.setValue("window/geometry", self.saveGeometry())
        self.settings.setValue("window/state", self.saveState())
        for name, closed in self.switcher.closed_panels().items():
            self.settings.setValue(f"window/closed/{name}", ",".join(closed))
        event.accept()


