"""No freeze at any scan shape or window size (issue 11, point 1): boards over 4:3, 3:2, 1:1,
16:9 and A4 scans (both orientations) are screenshotted in windows from 1024x768 to 1920x1080,
each scan once and each window twice (a wide scan in a 4:3 window, a square one in a 16:9 window,
portrait and landscape A4 in different windows).

Every case runs in one child process (a frozen fit would hang this one) with a watchdog per case
(`faulthandler.dump_traceback_later`, which ends the child with a traceback) and an overall
timeout; the child prints each case when it starts and when it returns, so a hang names its case.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from support.guikit import make_scan

SCANS = {"4x3": (2000, 1500), "3x2": (1800, 1200), "1x1": (1500, 1500), "16x9": (1920, 1080),
         "a4-portrait": (1240, 1754), "a4-landscape": (1754, 1240)}
WINDOWS = [(1024, 768), (1400, 900), (1920, 1080)]
PER_CASE_S = 20

CHILD = f"""
import faulthandler, json, sys
from PySide6.QtWidgets import QApplication
app = QApplication([])
from editor.gui.app import run_screenshot
for board, out, w, h in json.loads(sys.argv[1]):
    print("start", out, flush=True)
    faulthandler.dump_traceback_later({PER_CASE_S}, exit=True)
    code = run_screenshot(board, out, (w, h))
    faulthandler.cancel_dump_traceback_later()
    print("done", out, code, flush=True)
"""


def _board(path: Path, scan: str, width: int, height: int, n: int) -> str:
    """A board of n fields in a row (0: the empty board of a first tracing step)."""
    fields = [{"id": str(i + 1), "terrain": "land", "x": width * (i + 1) / (n + 1),
               "y": height / 2, "number": i + 1} for i in range(n)]
    conns = [{"id": f"c{i + 1}", "kind": "road", "a": str(i + 1), "b": str(i + 2)}
             for i in range(n - 1)]
    path.write_text(json.dumps({"format": "conquest-board/1", "name": path.stem,
                                "image": {"path": scan, "width": width, "height": height},
                                "fields": fields, "connections": conns}))
    return str(path)


def test_every_scan_shape_in_every_window_size_returns(tmp_path) -> None:
    cases = []
    for i, (name, (w, h)) in enumerate(SCANS.items()):
        make_scan(tmp_path / f"{name}.png", w, h)
        board = _board(tmp_path / f"{name}.board.json", f"{name}.png", w, h, 4 * (i % 2))
        ww, wh = WINDOWS[i % len(WINDOWS)]
        cases.append((board, str(tmp_path / f"{name}-{ww}x{wh}.png"), ww, wh))
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", HOME=str(tmp_path),
               XDG_CONFIG_HOME=str(tmp_path / "config"))
    try:
        run = subprocess.run([sys.executable, "-c", CHILD, json.dumps(cases)], env=env,
                             cwd=tmp_path,  # never the checkout: the child imports the package
                             capture_output=True, text=True,
                             timeout=PER_CASE_S * (len(cases) + 1))
    except subprocess.TimeoutExpired as exc:
        out = exc.stdout or ""
        raise AssertionError(f"screenshots hung; last lines: {str(out)[-300:]}") from None
    started = [line.split()[1] for line in run.stdout.splitlines() if line.startswith("start")]
    done = [line.split()[1:] for line in run.stdout.splitlines() if line.startswith("done")]
    assert run.returncode == 0, f"hung or failed at {started[-1:]}:\n{run.stderr[-2000:]}"
    assert [d[0] for d in done] == [c[1] for c in cases]
    assert all(code == "0" for _out, code in done)
    for _board_path, out, _w, _h in cases:
        assert Path(out).stat().st_size > 1000
