"""The main window as a shell of modes: a minimal extra mode (standing in for test play or the
variant configurator) is one class plus one entry in the window's mode list; switching swaps
toolbars, docks, menus and the undo stack, and coming back to trace finds the board intact."""

from __future__ import annotations

from typing import ClassVar

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


# ---- the Mode protocol, and a fourth mode added the documented way --------------------------


def test_every_registered_mode_implements_the_mode_protocol(make_window) -> None:
    """Each registered mode is a `Mode` with a unique name and a title, keeps the signature of
    every hook it overrides, and answers every hook the shell and `--screenshot` call
    (view_ready was required but undeclared: a mode without it raised AttributeError)."""
    import inspect
    from types import FunctionType

    from editor.gui.app import parse_args
    from editor.gui.shell.mode import ArgumentProblem

    hooks = [n for n, v in vars(Mode).items()
             if isinstance(v, FunctionType | classmethod) and not n.startswith("_")]
    assert {"view_ready", "add_arguments", "apply_arguments", "open_package"} <= set(hooks)
    assert len({cls.name for cls in MODES}) == len(MODES)
    w = make_window()
    for cls in MODES:
        assert issubclass(cls, Mode) and cls.name and cls.title and cls.tip, cls
        for hook in hooks:
            mine, base = inspect.signature(getattr(cls, hook)), inspect.signature(
                getattr(Mode, hook))
            assert list(mine.parameters) == list(base.parameters), (cls.name, hook)
        mode = w.switcher.modes[cls.name]
        assert w.switch_mode(cls.name) and mode.central is not None
        mode.view_ready()
        # options are applied by the mode itself: a problem is said, never raised (play mode
        # cannot start a game on the empty board)
        problem = mode.apply_arguments(parse_args([]))
        assert problem is None or (isinstance(problem, ArgumentProblem) and problem.message)
        assert isinstance(mode.findings(), list) and isinstance(mode.status(), str)


class TinyMode(Mode):
    """A fourth mode, as a new package would hold it (editor/gui/tiny/mode.py)."""

    name = "tiny"
    title = "T&iny"
    tip = "A fourth mode: a label and one option of its own"
    seen: ClassVar[list[str]] = []

    def __init__(self, window) -> None:
        super().__init__(window)
        self.central = QLabel("tiny mode")
        self.central.setObjectName("tiny_label")
        self.add_dock("Tiny dock", "tiny_dock", QLabel("tiny dock"))

    @classmethod
    def add_arguments(cls, parser) -> None:
        parser.add_argument("--tiny-text", metavar="TEXT", help="what the tiny mode says")

    def apply_arguments(self, args):
        self.central.setText(args.tiny_text or "")
        TinyMode.seen.append(f"text {self.central.text()}")
        return None

    def view_ready(self) -> None:
        TinyMode.seen.append("view_ready")


def test_a_fourth_mode_is_one_line_in_the_registry(make_window, monkeypatch, tmp_path) -> None:
    """Registered the documented way (one entry in `editor.gui.modes.MODES`), a mode gets a
    Mode menu entry with the next shortcut, can be activated, declares its own command-line
    option, and is screenshotted by `conquest-editor --screenshot --mode tiny`."""
    from editor.gui import modes as registry
    from editor.gui.app import build_parser, parse_args, run_screenshot

    monkeypatch.setattr(registry, "MODES", [*registry.MODES, TinyMode])
    w = make_window()
    action = w.switcher.actions["tiny"]
    assert action in w.switcher.menu.actions()
    assert action.shortcut().toString() == f"Ctrl+{len(registry.MODES)}"
    action.trigger()
    assert w.mode is w.tiny and _shown(w, w.tiny.central) and _shown(w, w.tiny.docks[0])
    w.switch_mode("trace")
    assert not _shown(w, w.tiny.docks[0])

    assert "--tiny-text TEXT" in build_parser().format_help()
    TinyMode.seen.clear()
    out = tmp_path / "tiny.png"
    args = parse_args(["--mode", "tiny", "--tiny-text", "hello", "--screenshot", str(out)])
    assert run_screenshot(None, str(out), (1000, 700), args) == 0
    assert TinyMode.seen == ["text hello", "view_ready", "view_ready"]
    assert out.stat().st_size > 1000
