"""The command line: `conquest-editor [BOARD] --screenshot PNG` renders headless and exits."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from editor.gui.bench import synthetic_board

ROOT = Path(__file__).resolve().parents[2]


def _run(*args: str, tmp_path: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen",
           "CONQUEST_EDITOR_RECOVERY_DIR": str(tmp_path / "recovery"),
           "XDG_CONFIG_HOME": str(tmp_path / "config"),
           "XDG_DATA_HOME": str(tmp_path / "data")}
    return subprocess.run([sys.executable, "-m", "editor.gui.app", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)


def test_screenshot_of_a_board(tmp_path) -> None:
    board = synthetic_board(tmp_path, fields=120, size=1600)
    out = tmp_path / "shot.png"
    result = _run("--screenshot", str(out), str(board), tmp_path=tmp_path)
    assert result.returncode == 0, result.stderr
    image = QImage(str(out))
    assert (image.width(), image.height()) == (1400, 900)
    assert "Traceback" not in result.stderr


def test_screenshot_of_the_shipped_board_when_present(tmp_path) -> None:
    board = ROOT / "boards" / "grand-conquest-4p.board.json"
    if not board.exists():
        pytest.skip("boards/grand-conquest-4p.board.json is not there yet")
    out = tmp_path / "gc.png"
    result = _run("--screenshot", str(out), str(board), tmp_path=tmp_path)
    assert result.returncode == 0, result.stderr
    assert QImage(str(out)).width() == 1400


def test_screenshot_errors_are_messages_not_tracebacks(tmp_path) -> None:
    out = tmp_path / "x.png"
    missing = _run("--screenshot", str(out), str(tmp_path / "nope.board.json"),
                   tmp_path=tmp_path)
    assert missing.returncode == 2 and "no such file" in missing.stderr
    bad = tmp_path / "bad.board.json"
    bad.write_text("{", encoding="utf-8")
    broken = _run("--screenshot", str(out), str(bad), tmp_path=tmp_path)
    assert broken.returncode == 1
    assert "Cannot open board" in broken.stderr and "Traceback" not in broken.stderr
    size = _run("--screenshot", str(out), "--size", "big", tmp_path=tmp_path)
    assert size.returncode == 2


def test_without_a_display_the_editor_says_so(monkeypatch, capsys) -> None:
    """On Linux with no X11/Wayland display and no Qt platform chosen, `conquest-editor`
    explains what to do (exit 2) instead of Qt aborting on a missing platform plugin."""
    from editor.gui.app import main

    monkeypatch.setattr(sys, "platform", "linux")
    for name in ("QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY"):
        monkeypatch.delenv(name, raising=False)
    assert main([]) == 2
    err = capsys.readouterr().err
    assert "no display found" in err and "--screenshot" in err
