"""Shared test setup: paths to the repository's data folders, the CLI in-process, board files in
tmp_path, and Qt started only for the tests that need it.

Qt: tests under `tests/gui` and `tests/render`, and any test marked `qt`, get one QApplication
for the whole run, created before the test. Model, check and rules tests run without one. A test
that is not marked `qt` but leaves a bare QGuiApplication behind (the renderer creates one when
there is none) fails: every later widget would abort the interpreter ("Cannot create a QWidget
without QApplication").
"""

from __future__ import annotations

import gc
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

import pytest
from support.boardkit import CliRun, run_cli, write_board

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# the editor's settings (recent files, layout) and recovery files of every test and every
# subprocess a test starts go to private folders, never the user's (~/.config, ~/.local/share)
_PRIVATE = tempfile.mkdtemp(prefix="conquest-tests-")
os.environ["CONQUEST_SETTINGS_DIR"] = os.path.join(_PRIVATE, "settings")
os.environ["CONQUEST_EDITOR_RECOVERY_DIR"] = os.path.join(_PRIVATE, "recovery")
# the expectations are written in English: the suite and its subprocesses run in English
# whatever the developer's locale (tests of the translations choose their language themselves)
os.environ["LANGUAGE"] = "en"

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data"
TESTS = Path(__file__).resolve().parent

#: test folders (code layers) whose tests all need a QApplication
QT_FOLDERS = ("gui", "render")

_qt_app = None  # the one QApplication, kept alive for the whole run


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "qt: the test needs a QApplication (started for it)")


def pytest_collection_finish(session: pytest.Session) -> None:
    """What collecting imported (the code, the test modules and their tables) lives the whole
    run: frozen out of the cyclic collector's sight (`gc.freeze`), so that a full collection
    walks only what the tests made since."""
    gc.collect()
    gc.freeze()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        parts = Path(str(item.path)).resolve().relative_to(TESTS).parts
        if parts and parts[0] in QT_FOLDERS:
            item.add_marker(pytest.mark.qt)


def _start_qt() -> None:
    """One QApplication (not a QGuiApplication: widgets need the former); pytest-qt's `qapp`
    fixture finds and reuses it."""
    global _qt_app
    from PySide6.QtWidgets import QApplication

    _qt_app = QApplication.instance() or QApplication(["conquest-tests"])


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    if item.get_closest_marker("qt"):
        _start_qt()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item):
    result = yield
    if not item.get_closest_marker("qt") and "PySide6.QtGui" in sys.modules:
        from PySide6.QtGui import QGuiApplication

        app = QGuiApplication.instance()
        widgets = sys.modules.get("PySide6.QtWidgets")
        if app is not None and (widgets is None or not isinstance(app, widgets.QApplication)):
            pytest.fail(f"{item.nodeid} started Qt (a bare {type(app).__name__}) without the "
                        "`qt` marker: mark it `@pytest.mark.qt` or move it to tests/render")
    return result


@pytest.fixture(autouse=True)
def _english_again():
    """Every test starts in English; one that chose a language (`set_language`,
    `conquest --language`) leaves English behind."""
    from editor.i18n import language, set_language

    if language() != "en":
        set_language("en")
    yield
    if language() != "en":
        set_language("en")


@pytest.fixture
def repo_root() -> Path:
    return ROOT


@pytest.fixture
def test_data() -> Path:
    return DATA


@pytest.fixture
def cli() -> Callable[..., CliRun]:
    """`cli("validate", path)` runs the command in-process: CliRun(code, out, err)."""
    return run_cli


@pytest.fixture
def board_file(tmp_path: Path) -> Callable[..., Path]:
    """`board_file(data, name="b.board.json")` writes a board dict and returns its path."""

    def write(data: object, name: str = "b.board.json") -> Path:
        return write_board(tmp_path / name, data)

    return write
