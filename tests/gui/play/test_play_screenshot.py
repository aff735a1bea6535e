"""`conquest-editor --mode play --variant V [--overlay O] [--select FIELD] --screenshot OUT
BOARD` (issue 15 item 4): play mode at the start position with a stack's targets shown."""

from __future__ import annotations

import os
import subprocess
import sys

from PySide6.QtGui import QImage
from support.scenariokit import ROOT, WORLD


def _run(tmp_path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen",
           "CONQUEST_EDITOR_RECOVERY_DIR": str(tmp_path / "recovery"),
           "XDG_CONFIG_HOME": str(tmp_path / "config"),
           "XDG_DATA_HOME": str(tmp_path / "data")}
    return subprocess.run([sys.executable, "-m", "editor.gui.app", *args], capture_output=True,
                          text=True, env=env, timeout=300, check=False)


def test_play_screenshot_with_a_selected_stack(tmp_path) -> None:
    out = tmp_path / "play.png"
    board = ROOT / "boards" / "conquest-4p.board.json"
    result = _run(tmp_path, "--mode", "play", "--variant", "conquest-4p", "--overlay",
                  "classic-recapture", "--select", "24", "--screenshot", str(out), str(board))
    assert result.returncode == 0, result.stderr
    assert QImage(str(out)).width() == 1400 and "Traceback" not in result.stderr


def test_play_screenshot_refusals_exit_1_or_2(tmp_path) -> None:
    out = tmp_path / "play.png"
    lacking = _run(tmp_path, "--mode", "play", "--variant", "conquest-4p", "--screenshot",
                   str(out), str(WORLD))
    assert lacking.returncode == 1 and "PAIR_SETUP_MISSING" in lacking.stderr
    assert not out.exists()
    board = ROOT / "boards" / "conquest-4p.board.json"
    empty = _run(tmp_path, "--mode", "play", "--variant", "conquest-4p", "--select", "9999",
                 "--screenshot", str(out), str(board))
    assert empty.returncode == 2 and "--select 9999" in empty.stderr
    assert "no field has the id or printed number '9999'" in empty.stderr
    assert "no stack with legal actions" not in empty.stderr
    unknown = _run(tmp_path, "--mode", "nope", "--screenshot", str(out), str(board))
    assert unknown.returncode == 2 and "unknown --mode" in unknown.stderr
