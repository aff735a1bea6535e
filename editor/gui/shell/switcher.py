"""The mode switcher: a Mode menu and toolbar (Ctrl+1, Ctrl+2, ... in registry order) and one
undo group, so Edit > Undo and the History dock always work on the active mode's stack."""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QAction, QActionGroup, QKeySequence, QUndoGroup
from PySide6.QtWidgets import QMainWindow, QMenu, QStackedWidget, QToolBar

from editor.gui.shell.mode import Mode
from editor.i18n import _


class ModeSwitcher(QObject):
    """Holds the modes; shows the active one's parts and hides every other mode's."""

    switched = Signal(object)  # the Mode now active

    def __init__(self, window: QMainWindow, central: QStackedWidget) -> None:
        super().__init__(window)
        self.window = window
        self.central = central
        self.undo_group = QUndoGroup(self)
        self.modes: dict[str, Mode] = {}
        self.actions: dict[str, QAction] = {}
        self.menu = QMenu(_("&Mode"), window)  # the window puts it after its own menus
        self.toolbar = QToolBar(_("Modes"), window)
        self.toolbar.setObjectName("modes")
        self.toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        window.addToolBar(Qt.ToolBarArea.TopToolBarArea, self.toolbar)
        self._group = QActionGroup(self)
        self.active: Mode | None = None

    def add_modes(self, mode_classes: list[type[Mode]]) -> None:
        """Create the modes (each builds its parts) and give each a menu entry and shortcut."""
        for cls in mode_classes:
            self._add(cls(self.window), f"Ctrl+{len(self.modes) + 1}")

    def _add(self, mode: Mode, shortcut: str) -> None:
        if not mode.name or mode.name in self.modes:
            raise ValueError(f"mode {type(mode).__name__} needs a unique name, not {mode.name!r}")
        if mode.central is None:
            raise ValueError(f"mode {mode.name!r} has no central widget")
        self.modes[mode.name] = mode
        self.central.addWidget(mode.central)
        self.undo_group.addStack(mode.stack)
        action = QAction(self.window, checkable=True)
        action.setObjectName(f"mode_{mode.name}")
        action.setShortcut(QKeySequence(shortcut))
        self._label(action, mode)
        action.triggered.connect(lambda _on=False, name=mode.name: self.switch(name))
        self._group.addAction(action)
        self.menu.addAction(action)
        self.toolbar.addAction(action)
        self.actions[mode.name] = action

    @staticmethod
    def _label(action: QAction, mode: Mode) -> None:
        """The mode's entry in the current language (title, shortcut and tip)."""
        title, tip = _(mode.title), _(mode.tip)  # marked with N_ where the mode says them
        action.setText(title)
        shortcut = action.shortcut().toString(QKeySequence.SequenceFormat.PortableText)
        action.setToolTip(f"{title.replace('&', '')} ({shortcut})\n{tip}")
        action.setStatusTip(tip)

    def retranslate(self) -> None:
        """The modes' entries in the language just chosen."""
        for name, action in self.actions.items():
            self._label(action, self.modes[name])

    @property
    def home(self) -> Mode:
        """The first registered mode: active at start, and where findings are shown."""
        return next(iter(self.modes.values()))

    def start(self, closed: dict[str, list[str]] | None = None) -> None:
        """Activate the home mode and hide every other mode's parts, leaving the home mode's
        docks and toolbars as the restored window layout has them; `closed` names, by mode,
        the panels the user had closed in the other modes (`closed_panels`)."""
        for mode in self.modes.values():
            if mode is not self.home:
                mode.hide_parts((closed or {}).get(mode.name))
        self._enter(self.home)

    def closed_panels(self) -> dict[str, list[str]]:
        """By mode (home mode excepted: the window state keeps it), the panels the user
        closed; saved with the window layout."""
        return {name: mode.closed_panels() for name, mode in self.modes.items()
                if mode is not self.home}

    def switch(self, name: str) -> bool:
        """Make mode `name` active; False when the current mode refuses to be left."""
        mode = self.modes[name]
        if mode is self.active:
            self.actions[name].setChecked(True)
            return True
        old = self.active
        if old is not None:
            if not old.can_leave():
                self.actions[old.name].setChecked(True)
                return False
            old.deactivate()
            old.set_parts_visible(False)
        mode.set_parts_visible(True)
        self._enter(mode)
        return True

    def _enter(self, mode: Mode) -> None:
        self.active = mode
        self.central.setCurrentWidget(mode.central)
        self.undo_group.setActiveStack(mode.stack)
        self.actions[mode.name].setChecked(True)
        mode.activate()
        self.switched.emit(mode)
