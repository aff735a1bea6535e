"""The shell's actions and menus: File, Edit, View, Help (and the modes' menus, which each mode
adds before the Mode menu; Help stays last).

File actions call the window's `files`; Undo and Redo follow the active mode's undo stack (the
switcher's undo group). Modes put their own actions into Edit and View (`Mode.add_action` with
`menu="edit"` or `"view"`) and their docks' toggles into View; the switcher shows only the
active mode's.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QAction, QKeySequence, QUndoGroup
from PySide6.QtWidgets import QDockWidget, QMainWindow, QMenu

from editor.gui.shell.files import BoardFiles
from editor.gui.shell.help import HelpActions
from editor.gui.shell.mode import Mode

StandardKey = QKeySequence.StandardKey


def make_action(window: QMainWindow, menu: QMenu, text: str, slot: Callable, shortcut=None,
                tip: str = "") -> QAction:
    """An action in `menu` that calls `slot`."""
    action = QAction(text, window)
    if shortcut is not None:
        action.setShortcut(QKeySequence(shortcut))
    if tip:
        action.setStatusTip(tip)
    action.triggered.connect(slot)
    menu.addAction(action)
    return action


class ShellMenus:
    """File, Edit and View menus; a mode's menus go between View and Mode."""

    def __init__(self, window: QMainWindow, files: BoardFiles, undo_group: QUndoGroup) -> None:
        self.window = window
        self.files = files
        bar = window.menuBar()
        self.file = bar.addMenu("&File")
        make_action(window, self.file, "New &board", files.new_board,
                    tip="An empty board without a scan")
        make_action(window, self.file, "&New from scan…", files.new_from_scan, StandardKey.New)
        make_action(window, self.file, "&Open…", files.open_dialog, StandardKey.Open)
        self.recent = self.file.addMenu("Open &recent")
        files.recentChanged.connect(self.update_recent)
        make_action(window, self.file, "&Save", files.save, StandardKey.Save)
        make_action(window, self.file, "Save &as…", files.save_as, StandardKey.SaveAs)
        make_action(window, self.file, "&Replace scan…", files.replace_scan,
                    tip="Relink a missing or moved scan (or use a new scan of the same board)")
        self.file.addSeparator()
        self.export_package = make_action(
            window, self.file, "&Export game package…", window.export_package,
            tip="Write a *.conquest package: the board, its scan and the variant being "
            "played (in play mode), else the configurator's variant")
        self.file.addSeparator()
        make_action(window, self.file, "&Quit", window.close, StandardKey.Quit)
        self.update_recent()

        self.edit = bar.addMenu("&Edit")
        self.undo = undo_group.createUndoAction(window, "&Undo")
        self.undo.setShortcut(StandardKey.Undo)
        self.redo = undo_group.createRedoAction(window, "&Redo")
        self.redo.setShortcut(StandardKey.Redo)
        self.edit.addAction(self.undo)
        self.edit.addAction(self.redo)
        self.edit.addSeparator()
        self.view = bar.addMenu("&View")
        #: the View menu's part for dock toggles (after the modes' view actions)
        self._docks_separator = self.view.addSeparator()
        self._by_name = {"edit": self.edit, "view": self.view}

    def add_help(self) -> None:
        """The Help menu (User guide F1, About), after every other menu."""
        self.help_actions = HelpActions(self.window)
        self.help = self.window.menuBar().addMenu("&Help")
        make_action(self.window, self.help, "&User guide", self.help_actions.show_guide,
                    StandardKey.HelpContents, tip="Open the user guide (works offline)")
        make_action(self.window, self.help, "&About Conquest Workbench",
                    self.help_actions.show_about)

    def update_recent(self) -> None:
        self.recent.clear()
        files = self.files
        for path in files.recent_files():
            action = self.recent.addAction(path)
            action.triggered.connect(lambda _c=False, p=path: files.open_path(p))
        self.recent.setEnabled(bool(files.recent_files()))

    def add_dock_toggle(self, dock: QDockWidget) -> None:
        self.view.addAction(dock.toggleViewAction())

    def adopt(self, mode: Mode) -> None:
        """Put a mode's shared actions into Edit and View and its docks' toggles into View."""
        for name, actions in mode.shared_actions.items():
            menu = self._by_name[name]
            before = self._docks_separator if menu is self.view else None
            for action in actions:
                menu.insertAction(before, action) if before else menu.addAction(action)
        for dock in mode.docks:
            self.add_dock_toggle(dock)
