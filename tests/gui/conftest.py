"""GUI test fixtures: a main window with patched dialogs, private settings and recovery folder.

No modal dialog can block: every dialog function of `editor.gui.shell.dialogs` is replaced and its
calls are recorded in `ui.calls`.
"""

from __future__ import annotations

import gc
from dataclasses import dataclass, field

import pytest
from PySide6.QtCore import QPoint, QPointF, QSettings, Qt
from PySide6.QtWidgets import QApplication

from editor.gui.shell import dialogs, gc_policy


@pytest.fixture(autouse=True)
def _gc_on_the_gui_thread(qapp):
    """GUI tests run with the application's collector (cycles collected on the GUI thread
    only, `editor.gui.shell.gc_policy`); what a test left in cycles is collected here, on the GUI
    thread, not later on some worker. What survives that collection is reachable, and is moved
    out of the collector's sight (`gc.freeze`): each test's collection looks only at the objects
    made since the last one, not at the whole run's (seconds per test late in the suite)."""
    collector = gc_policy.install()
    yield
    collector.collect_all()
    gc.freeze()


@pytest.fixture(autouse=True)
def _qt_words_in_english(qapp):
    """A test that showed a window in German or Italian leaves Qt's own catalogue
    (`install_qt_translation`) behind for no other test."""
    yield
    from editor.gui.shell.retranslate import install_qt_translation

    install_qt_translation("en")


@dataclass
class FakeUI:
    """Answers for dialogs, and a record of every dialog shown."""

    calls: list[tuple[str, str]] = field(default_factory=list)
    yes: bool = True
    save_answer: str = "discard"
    number: float | None = 10.0
    open_path: str | None = None
    save_path: str | None = None
    item: str | None = None
    #: answers of `dialogs.ask_choice` by the question's kind
    choices: dict[str, str] = field(default_factory=lambda: {
        "locked": "read-only", "lock-lost": "cancel", "changed-on-disk": "keep",
        "overwrite-changed": "ok"})

    def errors(self) -> list[str]:
        return [text for kind, text in self.calls if kind == "error"]


@pytest.fixture
def ui(monkeypatch) -> FakeUI:
    fake = FakeUI()

    def record(kind):
        def show(_parent, title, text, details=""):
            fake.calls.append((kind, f"{title}: {text}\n{details}"))
        return show

    monkeypatch.setattr(dialogs, "show_error", record("error"))
    monkeypatch.setattr(dialogs, "show_warning", record("warning"))

    def ask_yes_no(_p, title, text):
        fake.calls.append(("question", f"{title}: {text}"))
        return fake.yes

    def ask_save(_p, name):
        fake.calls.append(("save?", name))
        return fake.save_answer

    def get_float(_p, title, label, value=10.0, *a):
        fake.calls.append(("float", label))
        return fake.number

    def get_open(_p, caption, *a):
        fake.calls.append(("open", caption))
        return fake.open_path

    def get_save(_p, caption, *a):
        fake.calls.append(("save", caption))
        return fake.save_path

    def ask_choice(_p, kind, title, text, choices, details=""):
        fake.calls.append((kind, f"{title}: {text}"))
        answer = fake.choices[kind]
        assert answer in [key for key, _label in choices], (kind, answer, choices)
        return answer

    monkeypatch.setattr(dialogs, "ask_choice", ask_choice)
    monkeypatch.setattr(dialogs, "ask_yes_no", ask_yes_no)
    monkeypatch.setattr(dialogs, "ask_save_changes", ask_save)
    monkeypatch.setattr(dialogs, "get_float", get_float)
    monkeypatch.setattr(dialogs, "get_open_path", get_open)
    monkeypatch.setattr(dialogs, "get_save_path", get_save)
    monkeypatch.setattr(dialogs, "get_text", lambda *a, **k: None)

    def get_item(_p, title, *a, **k):
        fake.calls.append(("item", title))
        return fake.item

    monkeypatch.setattr(dialogs, "get_item", get_item)
    return fake


@pytest.fixture
def make_window(qtbot, tmp_path, ui):
    """Factory of main windows sharing this test's settings file and recovery folder."""
    from editor.gui.shell.window import MainWindow

    created = []

    def factory(path=None, **kwargs):
        kwargs.setdefault("settings", QSettings(str(tmp_path / "settings.ini"),
                                                QSettings.Format.IniFormat))
        kwargs.setdefault("recovery_dir", tmp_path / "recovery")
        kwargs.setdefault("check_recovery", False)
        kwargs.setdefault("validation_delay_ms", 10)
        w = MainWindow(path, **kwargs)
        qtbot.addWidget(w)
        w.show()
        qtbot.waitExposed(w)
        created.append(w)
        return w

    yield factory
    for w in created:
        w.recovery.enabled = False
        w.recovery.timer.stop()
        w.recovery.max_timer.stop()
        w.doc.stack.setClean()
        w.doc.restored = False


class Driver:
    """Real mouse and key events on the view's viewport, in image (scene) coordinates."""

    def __init__(self, qtbot, window) -> None:
        self.qtbot = qtbot
        self.w = window
        self.view = window.trace.view
        self.vp = window.trace.view.viewport()

    def at(self, x: float, y: float) -> QPoint:
        pt = self.view.mapFromScene(QPointF(x, y))
        back = self.view.mapToScene(pt)
        assert (back.x(), back.y()) == (x, y), f"({x}, {y}) is not on a view pixel: {back}"
        return pt

    def click(self, x, y, button=Qt.MouseButton.LeftButton,
              mods=Qt.KeyboardModifier.NoModifier) -> None:
        self.qtbot.mouseClick(self.vp, button, mods, self.at(x, y))

    def dclick(self, x, y) -> None:
        self.qtbot.mouseDClick(self.vp, Qt.MouseButton.LeftButton, pos=self.at(x, y))

    def drag(self, x0, y0, x1, y1, steps: int = 4) -> None:
        self.qtbot.mousePress(self.vp, Qt.MouseButton.LeftButton, pos=self.at(x0, y0))
        for i in range(1, steps + 1):
            x = x0 + (x1 - x0) * i / steps
            y = y0 + (y1 - y0) * i / steps
            self.qtbot.mouseMove(self.vp, self.view.mapFromScene(QPointF(x, y)))
        self.qtbot.mouseRelease(self.vp, Qt.MouseButton.LeftButton, pos=self.at(x1, y1))

    def key(self, key, mods=Qt.KeyboardModifier.NoModifier) -> None:
        self.view.setFocus()
        self.qtbot.keyClick(self.vp, key, mods)
        QApplication.processEvents()

    def one_to_one(self) -> None:
        """Zoom 100 % with the image's top-left corner at a whole view pixel."""
        self.view.auto_fit = False
        self.view.resetTransform()
        self.view.horizontalScrollBar().setValue(self.view.horizontalScrollBar().minimum())
        self.view.verticalScrollBar().setValue(self.view.verticalScrollBar().minimum())
        QApplication.processEvents()


@pytest.fixture
def drive(qtbot):
    return lambda window: Driver(qtbot, window)


@pytest.fixture(autouse=True)
def no_leaked_windows():
    """Fail a test that leaves a visible top-level widget behind (a window or a dialog)."""
    yield
    app = QApplication.instance()
    if app is None:
        return
    from PySide6.QtCore import QEvent

    app.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    app.processEvents()
    leaked = [type(w).__name__ for w in app.topLevelWidgets() if w.isVisible()]
    assert not leaked, f"widgets left open: {leaked}"
