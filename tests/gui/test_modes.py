"""The main window as a shell of modes: a minimal extra mode (standing in for test play or the
variant configurator) is one class plus one entry in the window's mode list; switching swaps
toolbars, docks, menus and the undo stack, and coming back to trace finds the board intact."""

from __future__ import annotations

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QUndoCommand
from PySide6.QtWidgets import QApplication, QLabel
from support.guikit import make_scan

from editor.gui.modes import MODES, Mode
from editor.model import dump_board, load_board, save_board
from editor.model import edit as E
from editor.model.board import Board, ScanImage


class Poke(QUndoCommand):
    """An edit of the dummy mode's own document (a counter)."""

    def __init__(self, mode: DummyMode) -> None:
        super().__init__("Poke")
        self.mode = mode

    def redo(self) -> None:
        self.mode.pokes += 1

    def undo(self) -> None:
        self.mode.pokes -= 1


class DummyMode(Mode):
    name = "dummy"
    title = "&Dummy"
    tip = "A stand-in for the play and variant modes"
    history_start = "<dummy start>"

    def __init__(self, window) -> None:
        super().__init__(window)
        self.pokes = 0
        self.refuse_to_leave = False
        self.central = QLabel("dummy mode")
        self.toolbar = self.add_toolbar("Dummy tools", "dummy_tools")
        self.dock = self.add_dock("Dummy dock", "dummy_dock", QLabel("dock"))
        menu = self.add_menu("D&ummy")
        self.poke = self.add_action("&Poke", lambda: self.stack.push(Poke(self)),
                                    "Ctrl+Shift+K", menu=menu)
        self.toolbar.addAction(self.poke)
        self.events: list[str] = []

    def activate(self) -> None:
        self.events.append("activate")

    def deactivate(self) -> None:
        self.events.append("deactivate")

    def can_leave(self) -> bool:
        return not self.refuse_to_leave


def board_file(folder):
    make_scan(folder / "scan.png")
    b = Board(name="Modes", image=ScanImage(path="scan.png", width=640, height=480))
    for x in (100, 200, 300):
        E.add_field(b, x, 100)
    E.add_connection(b, "1", "2")
    path = folder / "modes.board.json"
    save_board(b, path)
    return path


def _shown(window, widget) -> bool:
    QApplication.processEvents()
    return widget.isVisibleTo(window)


def test_trace_is_the_home_mode(make_window) -> None:
    w = make_window()
    assert MODES[0].name == "trace"
    assert w.mode is w.trace and w.switcher.home is w.trace
    assert w.switcher.actions["trace"].shortcut().toString() == "Ctrl+1"
    assert w.switcher.actions["trace"].isChecked()


def test_switching_swaps_toolbars_docks_menus_and_undo_stack(make_window, tmp_path,
                                                             qtbot) -> None:
    w = make_window(str(board_file(tmp_path)), modes=[MODES[0], DummyMode])
    trace, dummy = w.trace, w.switcher.modes["dummy"]
    tools = next(b for b in trace.toolbars if b.objectName() == "tools")
    w.doc.apply("Add field", E.add_field, 400, 300)
    board = dump_board(w.doc.board)
    assert w.switcher.actions["dummy"].shortcut().toString() == "Ctrl+2"
    assert _shown(w, tools) and _shown(w, trace.inspector_dock)
    assert not _shown(w, dummy.toolbar) and not _shown(w, dummy.dock)
    assert not dummy.menus[0].menuAction().isVisible() and not dummy.poke.isEnabled()

    w.activateWindow()
    qtbot.keyClick(w, Qt.Key.Key_2, Qt.KeyboardModifier.ControlModifier)
    assert w.mode is dummy and dummy.events == ["activate"]
    assert w.central.currentWidget() is dummy.central
    assert _shown(w, dummy.toolbar) and _shown(w, dummy.dock)
    assert not _shown(w, tools) and not _shown(w, trace.inspector_dock)
    assert not trace.menus[0].menuAction().isVisible()
    assert not any(a.isVisible() for a in trace.layer_actions.values())
    assert _shown(w, w.validation_dock) and _shown(w, w.history_dock)  # shared docks stay
    assert w.switcher.undo_group.activeStack() is dummy.stack
    assert w.history.emptyLabel() == "<dummy start>"

    dummy.poke.trigger()
    dummy.poke.trigger()
    assert dummy.pokes == 2 and w.menus.undo.text() == "&Undo Poke"
    w.menus.undo.trigger()  # Edit > Undo acts on the dummy's stack, not on the board
    assert dummy.pokes == 1
    assert dump_board(w.doc.board) == board and w.doc.stack.index() == 1

    qtbot.keyClick(w, Qt.Key.Key_1, Qt.KeyboardModifier.ControlModifier)
    assert w.mode is trace and dummy.events == ["activate", "deactivate"]
    assert w.central.currentWidget() is trace.view
    assert _shown(w, tools) and _shown(w, trace.inspector_dock)
    assert not _shown(w, dummy.toolbar) and not _shown(w, dummy.dock)
    assert dump_board(w.doc.board) == board  # the board is intact
    assert w.switcher.undo_group.activeStack() is w.doc.stack
    assert w.history.emptyLabel() == "<opened>"
    w.menus.undo.trigger()  # now the board's own history
    assert len(w.doc.board.fields) == 3 and dummy.pokes == 1


def test_docks_and_toolbars_a_user_hid_stay_hidden_after_a_round_trip(make_window) -> None:
    w = make_window(modes=[MODES[0], DummyMode])
    tools, options = w.trace.toolbars
    w.trace.inspector_dock.hide()
    options.hide()
    w.switch_mode("dummy")
    w.switch_mode("trace")
    assert not _shown(w, w.trace.inspector_dock) and not _shown(w, options)
    assert _shown(w, tools)


def test_a_mode_can_refuse_to_be_left(make_window) -> None:
    w = make_window(modes=[MODES[0], DummyMode])
    dummy = w.switcher.modes["dummy"]
    assert w.switch_mode("dummy")
    dummy.refuse_to_leave = True
    assert not w.switch_mode("trace")
    assert w.mode is dummy and w.switcher.actions["dummy"].isChecked()
    assert not w.close() and w.isVisible()  # nor can the window be closed
    dummy.refuse_to_leave = False
    assert w.switch_mode("trace")


def test_a_finding_activated_in_another_mode_is_shown_in_trace(make_window, tmp_path,
                                                               qtbot) -> None:
    w = make_window(str(board_file(tmp_path)), modes=[MODES[0], DummyMode])
    w.switch_mode("dummy")
    w.validation.refresh()
    tree = w.validation.tree
    row = next(i for i, f in enumerate(w.validation.findings) if f.element == "3")
    tree.setCurrentItem(tree.topLevelItem(row))
    tree.setFocus()
    qtbot.keyClick(tree, Qt.Key.Key_Return)  # Enter on a row = double-click
    assert w.mode is w.trace
    assert w.trace.scene.selected_keys() == [("field", "3")]


def test_window_saves_and_keeps_its_layout_when_closed_in_another_mode(make_window, tmp_path,
                                                                       ui) -> None:
    path = board_file(tmp_path)
    w = make_window(str(path), modes=[MODES[0], DummyMode])
    w.doc.apply("Add field", E.add_field, 400, 300)
    w.switch_mode("dummy")
    assert w.files.save()  # files belong to the shell: saving works in any mode
    assert len(load_board(path).model.fields) == 4
    w.doc.apply("Add field", E.add_field, 500, 300)
    assert w.recovery.autosave()
    ui.save_answer = "discard"
    assert w.close()
    assert not any((tmp_path / "recovery").glob("*.board.json"))
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    again = make_window(str(path), modes=[MODES[0], DummyMode], settings=settings,
                        restore_layout=True)
    assert again.mode is again.trace
    assert _shown(again, again.trace.inspector_dock)
    assert not _shown(again, again.switcher.modes["dummy"].dock)
    assert len(again.doc.board.fields) == 4
