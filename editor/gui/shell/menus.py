"""The shell's actions and menus: File, Edit, View, Help (and the modes' menus, which each mode
adds before the Mode menu; Help stays last).

File actions call the window's `files`; Undo and Redo follow the active mode's undo stack (the
switcher's undo group). Modes put their own actions into Edit and View (`Mode.add_action` with
`menu="edit"` or `"view"`) and their docks' toggles into View; the switcher shows only the
active mode's.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QAction, QActionGroup, QKeySequence, QUndoGroup
from PySide6.QtWidgets import QDockWidget, QMainWindow, QMenu

from editor.gui.shell.files import BoardFiles
from editor.gui.shell.help import HelpActions
from editor.gui.shell.mode import Mode
from editor.gui.shell.settings import save_language, saved_language
from editor.i18n import LANGUAGE_NAMES, LANGUAGES, _, system_language

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


def language_menu(window: QMainWindow, parent: QMenu) -> QMenu:
    """View > Language: English, Deutsch, Italiano or the system's; the choice is saved in the
    settings and applied to the open window at once (`window.change_language`)."""
    menu = parent.addMenu(_("&Language"))
    menu.setObjectName("language_menu")
    group = QActionGroup(menu)
    saved = saved_language(window.settings)
    choices = [(None, system_choice_text())]
    choices += [(code, LANGUAGE_NAMES[code]) for code in LANGUAGES]
    for code, text in choices:
        action = menu.addAction(text)
        action.setCheckable(True)
        action.setChecked(code == saved)
        action.setData(code or "")
        group.addAction(action)
        action.triggered.connect(lambda _c=False, c=code: _choose_language(window, c))
    return menu


def system_choice_text() -> str:
    """The Language menu's first entry, naming the system's language."""
    return _("System language ({language})").format(language=LANGUAGE_NAMES[system_language()])


def _choose_language(window: QMainWindow, code: str | None) -> None:
    save_language(window.settings, code)
    chosen = window.change_language(code)
    window.show_message(_("The workbench is shown in {language} now").format(
        language=LANGUAGE_NAMES[chosen]))


class ShellMenus:
    """File, Edit and View menus; a mode's menus go between View and Mode."""

    def __init__(self, window: QMainWindow, files: BoardFiles, undo_group: QUndoGroup) -> None:
        self.window = window
        self.files = files
        bar = window.menuBar()
        self.file = bar.addMenu(_("&File"))
        make_action(window, self.file, _("New &board"), files.new_board,
                    tip=_("An empty board without a scan"))
        make_action(window, self.file, _("&New from scan…"), files.new_from_scan,
                    StandardKey.New)
        make_action(window, self.file, _("&Open…"), files.open_dialog, StandardKey.Open)
        self.recent = self.file.addMenu(_("Open &recent"))
        files.recentChanged.connect(self.update_recent)
        make_action(window, self.file, _("&Save"), files.save, StandardKey.Save)
        make_action(window, self.file, _("Save &as…"), files.save_as, StandardKey.SaveAs)
        make_action(window, self.file, _("&Replace scan…"), files.replace_scan,
                    tip=_("Relink a missing or moved scan (or use a new scan of the same "
                          "board)"))
        self.file.addSeparator()
        self.export_package = make_action(
            window, self.file, _("&Export game package…"), window.export_package,
            tip=_("Write a *.conquest package: the board, its scan and the variant being "
                  "played (in play mode), else the configurator's variant"))
        self.file.addSeparator()
        make_action(window, self.file, _("&Quit"), window.close, StandardKey.Quit)
        self.update_recent()

        self.edit = bar.addMenu(_("&Edit"))
        self.undo_group = undo_group
        self._undo_separator = self.edit.addSeparator()
        self._add_undo_actions()
        self.view = bar.addMenu(_("&View"))
        self.language = language_menu(window, self.view)
        #: the View menu's part for dock toggles (after the modes' view actions)
        self._docks_separator = self.view.addSeparator()
        self._by_name = {"edit": self.edit, "view": self.view}

    def _add_undo_actions(self) -> None:
        """Undo and Redo at the top of Edit (their prefix is fixed when they are made)."""
        self.undo = self.undo_group.createUndoAction(self.window, _("&Undo"))
        self.undo.setShortcut(StandardKey.Undo)
        self.redo = self.undo_group.createRedoAction(self.window, _("&Redo"))
        self.redo.setShortcut(StandardKey.Redo)
        self.edit.insertActions(self._undo_separator, [self.undo, self.redo])

    def retranslate(self) -> None:
        """After a language change: Undo and Redo made again with the new prefix, the system
        language's entry renamed (the fixed texts are put into the new language by
        `retranslate.retranslate_tree`)."""
        for action in (self.undo, self.redo):
            self.edit.removeAction(action)
            action.deleteLater()
        self._add_undo_actions()
        self.language.actions()[0].setText(system_choice_text())

    def add_help(self) -> None:
        """The Help menu (User guide F1, About), after every other menu."""
        self.help_actions = HelpActions(self.window)
        self.help = self.window.menuBar().addMenu(_("&Help"))
        make_action(self.window, self.help, _("&User guide"), self.help_actions.show_guide,
                    StandardKey.HelpContents, tip=_("Open the user guide (works offline)"))
        make_action(self.window, self.help, _("&About Conquest Workbench"),
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
