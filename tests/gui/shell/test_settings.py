"""Issue 12, failure 11: headless runs and the test suite never write the user's settings
(recent files, window layout in ~/.config). Tests use `CONQUEST_SETTINGS_DIR` (set by
tests/conftest.py); `--screenshot` uses throw-away settings."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from editor.gui.bench import synthetic_board
from editor.gui.shell.settings import SETTINGS_ENV, app_settings

ROOT = Path(__file__).resolve().parents[3]
USER_SETTINGS = "[General]\nrecent=/home/someone/mine.board.json\n"


def user_home(tmp_path: Path) -> tuple[dict[str, str], Path]:
    """An environment whose HOME holds a user's settings file, with no CONQUEST_SETTINGS_DIR."""
    home = tmp_path / "home"
    config = home / ".config"
    conf = config / "ConquestWorkbench" / "editor.conf"
    conf.parent.mkdir(parents=True)
    conf.write_text(USER_SETTINGS, encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k != SETTINGS_ENV}
    env.update(HOME=str(home), XDG_CONFIG_HOME=str(config),
               XDG_DATA_HOME=str(home / ".local" / "share"), QT_QPA_PLATFORM="offscreen",
               CONQUEST_EDITOR_RECOVERY_DIR=str(tmp_path / "recovery"))
    return env, config


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def test_default_settings_are_private_in_tests(qtbot, tmp_path) -> None:
    from editor.gui.shell.window import MainWindow

    private = os.environ[SETTINGS_ENV]
    assert app_settings().fileName().startswith(private)
    w = MainWindow(recovery_dir=tmp_path / "recovery", check_recovery=False)
    qtbot.addWidget(w)
    assert w.settings.fileName().startswith(private)
    w.files.add_recent(str(tmp_path / "x.board.json"))
    w.close()


def test_screenshot_leaves_the_user_settings_alone(tmp_path) -> None:
    env, config = user_home(tmp_path)
    before = snapshot(config)
    board = synthetic_board(tmp_path, fields=20, size=800)
    result = subprocess.run([sys.executable, "-m", "editor.gui.app", "--screenshot",
                             str(tmp_path / "shot.png"), str(board)], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert snapshot(config) == before


def test_gui_tests_leave_the_user_settings_alone(tmp_path) -> None:
    """Runs GUI tests that add recent files and save the layout (this file's first test
    included) in a subprocess whose HOME holds a user's settings: they stay as they were."""
    env, config = user_home(tmp_path)
    before = snapshot(config)
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
         "tests/gui/shell/test_settings.py::test_default_settings_are_private_in_tests",
         "tests/gui/shell/test_files.py::test_recent_files_and_new_from_scan_then_save_as",
         "tests/gui/shell/test_files.py::test_close_prompt"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "3 passed" in result.stdout
    assert snapshot(config) == before
