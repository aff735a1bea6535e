"""What an editor mode is, and what it may use of the window: the two declared protocols.

A mode owns its central widget, toolbars, docks, menus and actions, its status-bar widgets and
its undo stack. The shell (`editor.gui.shell.window.MainWindow`) shows the active mode's parts and
hides every other mode's, makes its undo stack the one Edit > Undo and the History dock work on,
and calls the hooks `Mode` declares (activate, findings, view_ready, command-line options...).
A mode builds its parts in `__init__` with the `add_*` helpers below, so the shell knows them
without asking, and reaches the window only through `self.window`, typed `Shell`: what `Shell`
declares is all a mode may use (tests/test_architecture.py and tests/gui/test_modes.py check it).

A new mode is a package `editor/gui/<name>/` (`__init__.py` and `mode.py` with a `Mode`
subclass) plus one line in `editor.gui.modes.MODES`; nothing in the shell or in `app.py` names
a mode. Modes never import each other: one finds another by what it can do
(`Shell.find_mode(SomeProtocol)`), never by its name.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar, Protocol, TypeVar, runtime_checkable

from PySide6.QtCore import QObject, QSettings, Qt, Signal
from PySide6.QtGui import QAction, QKeySequence, QUndoStack
from PySide6.QtWidgets import QDockWidget, QMenu, QStatusBar, QToolBar, QWidget

from editor.gui.shell.document import BoardDocument
from editor.i18n import _
from editor.model.findings import Finding

if TYPE_CHECKING:
    from editor.model.package import PackageContents

#: the shell's shared menus a mode may add actions to (see `Mode.add_action`)
SHARED_MENUS = ("edit", "view")

T = TypeVar("T")


class Shell(Protocol):
    """Everything a mode may use of the main window (`editor.gui.shell.window.MainWindow`)."""

    doc: BoardDocument
    history_dock: QDockWidget
    settings: QSettings

    @property
    def mode(self) -> Mode: ...
    def find_mode(self, kind: type[T]) -> T | None: ...
    def switch_mode(self, name: str) -> bool: ...
    def show_message(self, text: str) -> None: ...
    def show_rule(self, rule_id: str) -> None: ...
    def go_to_finding(self, finding: Finding) -> None: ...
    def refresh_findings(self) -> None: ...
    def add_mode_menu(self, title: str) -> QMenu: ...
    def statusBar(self) -> QStatusBar: ...
    def addToolBar(self, area: Qt.ToolBarArea, bar: QToolBar) -> None: ...
    def addToolBarBreak(self, area: Qt.ToolBarArea) -> None: ...
    def addDockWidget(self, area: Qt.DockWidgetArea, dock: QDockWidget) -> None: ...
    def resizeDocks(self, docks: list, sizes: list[int], o: Qt.Orientation) -> None: ...


@runtime_checkable
class PlaysVariants(Protocol):
    """A mode that can start a game under a variant document (`VariantDocument`: `.variant`
    resolved, `.path`, `.findings`); the configurator's "Test play" finds it with
    `Shell.find_mode(PlaysVariants)`, switches to it and calls this."""

    name: ClassVar[str]

    def start_with_variant(self, document) -> list[Finding]: ...


@dataclass
class ArgumentProblem:
    """Why a mode could not apply its command-line options (`Mode.apply_arguments`): printed
    by `conquest-editor` after the findings, which it prints one per line; exit 2 for a usage
    error, else 1 (nothing could be shown)."""

    message: str
    usage: bool = False
    findings: list[Finding] = field(default_factory=list)


def shared_option(parser: argparse._ActionsContainer, *flags: str, **kwargs) -> None:
    """Add an option several modes read (e.g. `--variant`), once: the first mode that asks
    declares it, the next ones add what they do with it to its help."""
    known = parser._option_string_actions  # the parser's, shared by its argument groups
    action = next((known[f] for f in flags if f in known), None)
    if action is None:
        parser.add_argument(*flags, **kwargs)
    elif kwargs.get("help"):
        action.help = f"{action.help}; {kwargs['help']}"


class Mode(QObject):
    """Base of every editor mode. Subclasses set `name` and `title` and build their parts."""

    #: stable id: `--mode NAME`, object names, settings keys, `switch_mode(name)`
    name: ClassVar[str] = ""
    #: menu text, with an & accelerator ("&Trace")
    title: ClassVar[str] = ""
    #: one line for the mode's tool tip and status bar
    tip: ClassVar[str] = ""
    #: what the History dock shows for the start of the mode's undo stack
    history_start: ClassVar[str] = "<start>"

    #: the mode's own findings changed: the validation panel asks `findings()` again
    findingsChanged = Signal()

    def __init__(self, window: Shell, stack: QUndoStack | None = None) -> None:
        super().__init__(window)
        self.window = window
        #: the mode's undo stack (its own unless it edits a document that has one)
        self.stack = stack if stack is not None else QUndoStack(self)
        #: the widget in the window's centre while the mode is active (set by the subclass)
        self.central: QWidget | None = None
        self.toolbars: list[QToolBar] = []
        self.docks: list[QDockWidget] = []
        self.menus: list[QMenu] = []
        #: actions for the shell's shared menus, by menu ("edit", "view")
        self.shared_actions: dict[str, list[QAction]] = {m: [] for m in SHARED_MENUS}
        self.status_widgets: list[QWidget] = []
        #: every action made by `add_action`: enabled only while the mode is active
        self.own_actions: list[QAction] = []
        #: toolbars and docks as the user left them when the mode was last hidden
        self._shown: dict[QWidget, bool] = {}

    # ---- hooks ----------------------------------------------------------------------

    def activate(self) -> None:
        """Called after the mode's parts are shown."""

    def deactivate(self) -> None:
        """Called before the mode's parts are hidden (cancel gestures, stop timers)."""

    def can_leave(self) -> bool:
        """False keeps the mode active (e.g. the user cancelled a question)."""
        return True

    def show_finding(self, finding: Finding) -> bool:
        """Show the element a validation finding names; False when this mode cannot."""
        return False

    def findings(self) -> list[Finding]:
        """Findings the mode adds to the validation panel while it is active (after the
        board's own), e.g. a configured variant's findings and its pair check."""
        return []

    def maybe_close(self) -> bool:
        """Before the window closes or a game package replaces the documents: ask about the
        mode's own unsaved work (and stop its background work); False refuses."""
        return True

    def lay_out_docks(self) -> None:
        """Give the mode's docks their default sizes (before a saved layout is restored)."""

    def commit_typing(self) -> None:
        """Commit values still being typed (before a save or close)."""

    def variant_to_pack(self, active: bool) -> tuple[str, list[str], object] | None:
        """(variant reference, overlays, resolved variant or None) that File > Export game
        package packs; asked of the active mode first (`active` True), then of the others in
        menu order; None: this mode has none (or the user declined to save it)."""
        return None

    def open_package(self, package: PackageContents) -> None:
        """A game package was opened (its board is the document now): show the parts of it
        this mode edits (e.g. the configurator opens its variant)."""

    def retranslate(self) -> None:
        """The language changed (View > Language): show again what the mode computes in
        words (pages, tables, counts, combo boxes); its fixed texts (actions, labels, titles)
        were already put into the new language by the shell."""

    def status(self) -> str:
        """The status-bar message when the mode becomes active."""
        return _(self.tip)

    def view_ready(self) -> None:
        """Frame the central view for a picture (`--screenshot`), once the window is laid out;
        called twice (again after the docks settled)."""

    # ---- command line (conquest-editor) ----------------------------------------------------

    @classmethod
    def add_arguments(cls, parser: argparse._ActionsContainer) -> None:
        """Declare the mode's command-line options (an argument group of `conquest-editor`);
        an option other modes read too is declared with `shared_option`."""

    @classmethod
    def claims_arguments(cls, args: argparse.Namespace) -> bool:
        """True when, without --mode, these options ask for this mode (the first registered
        mode that claims them is shown)."""
        return False

    def apply_arguments(self, args: argparse.Namespace) -> ArgumentProblem | None:
        """Apply the command-line options once the mode is active (and the board open)."""
        return None

    # ---- building -------------------------------------------------------------------

    def add_toolbar(self, title: str, object_name: str, *, new_row: bool = False) -> QToolBar:
        bar = QToolBar(title, self.window)
        bar.setObjectName(object_name)
        if new_row:
            self.window.addToolBarBreak(Qt.ToolBarArea.TopToolBarArea)
        self.window.addToolBar(Qt.ToolBarArea.TopToolBarArea, bar)
        self.toolbars.append(bar)
        return bar

    def add_dock(self, title: str, object_name: str, widget: QWidget,
                 area: Qt.DockWidgetArea = Qt.DockWidgetArea.RightDockWidgetArea) -> QDockWidget:
        dock = QDockWidget(title, self.window)
        dock.setObjectName(object_name)
        dock.setWidget(widget)
        self.window.addDockWidget(area, dock)
        self.docks.append(dock)
        return dock

    def add_menu(self, title: str) -> QMenu:
        menu = self.window.add_mode_menu(title)
        self.menus.append(menu)
        return menu

    def add_separator(self, menu: str) -> None:
        """A separator in one of the shell's shared menus, shown with the mode's actions."""
        action = QAction(self.window)
        action.setSeparator(True)
        self.shared_actions[menu].append(action)

    def add_action(self, text: str, slot: Callable | None = None, shortcut=None, *,
                   menu: str | QMenu | None = None, tip: str = "",
                   checkable: bool = False) -> QAction:
        """A mode action; `menu` is one of SHARED_MENUS, one of the mode's menus, or None."""
        action = QAction(text, self.window, checkable=checkable)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        if tip:
            action.setStatusTip(tip)
        if slot is not None:
            action.triggered.connect(slot)
        self.own_actions.append(action)
        if isinstance(menu, str):
            self.shared_actions[menu].append(action)
        elif menu is not None:
            menu.addAction(action)
        return action

    # ---- switching (driven by the shell) ---------------------------------------------

    @property
    def panels(self) -> list[QToolBar | QDockWidget]:
        """The mode's toolbars and docks."""
        return [*self.toolbars, *self.docks]

    def closed_panels(self) -> list[str]:
        """Object names of the toolbars and docks the user closed in this mode (as they were
        when the mode was last hidden, or as they are while it is active)."""
        active = self.window.mode is self
        return [p.objectName() for p in self.panels
                if not (p.isVisibleTo(self.window) if active else self._shown.get(p, True))]

    def hide_parts(self, closed: list[str] | None = None) -> None:
        """Hide the parts of a mode that is not active at start. `closed` names the panels the
        user had closed (saved with the layout); the rest come back when the mode is shown,
        whatever a restored window state says of them, since a saved state has every inactive
        mode's panels hidden."""
        self._shown = {p: p.objectName() not in (closed or []) for p in self.panels}
        self.set_parts_visible(False, remember=False)

    def set_parts_visible(self, visible: bool, remember: bool = True) -> None:
        """Show or hide everything the mode owns; toolbars and docks come back as the user
        left them."""
        panels = self.panels
        if not visible and remember:
            self._shown = {p: p.isVisibleTo(self.window) for p in panels}
        for panel in panels:
            panel.setVisible(visible and self._shown.get(panel, True))
            panel.toggleViewAction().setVisible(visible)
        for menu in self.menus:
            menu.menuAction().setVisible(visible)
            menu.setEnabled(visible)
        for actions in self.shared_actions.values():
            for action in actions:
                action.setVisible(visible)
        for action in self.own_actions:
            action.setEnabled(visible)
        for widget in self.status_widgets:
            widget.setVisible(visible)
