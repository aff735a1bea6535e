"""Measure selecting a stack in play mode: from the click to the repainted view.

    .venv/bin/python -m editor.gui.play.bench [--variant V] [--positions 10] [--stacks 20]

Opens the variant's board (Conquest 4p: 717 fields) in the main window, starts a game in play
mode, plays seeded random turns to reach a few positions, and times `PlayMode.click` on stacks
of the player to move (legal targets from the session, the markers in the scene) plus the
event loop's repaint of what changed (the view is fitted to the whole board). Prints the median
and 95th percentile in ms, cold (first selection in a position) and warm, and for comparison a
full repaint of the fitted view. No test asserts these numbers.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def measure(variant: str, positions: int, stacks: int) -> dict[str, float]:
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from editor.gui.play.start_panel import GameChoice
    from editor.gui.shell.window import MainWindow
    from editor.model.variant import resolve_variant
    from editor.resources import shipped_file

    app = QApplication.instance() or QApplication(sys.argv[:1])
    board = shipped_file("boards", resolve_variant(variant).variant.board)
    folder = tempfile.mkdtemp(prefix="play-bench-")
    window = MainWindow(str(board), settings=QSettings(os.path.join(folder, "s.ini"),
                                                       QSettings.Format.IniFormat),
                        recovery_dir=folder, check_recovery=False, restore_layout=False)
    window.resize(1400, 900)
    window.show()
    window.switch_mode("play")
    mode = window.mode
    assert not mode.start_with(GameChoice(variant))
    cold: list[float] = []
    warm: list[float] = []
    for i in range(positions):
        session = mode.session
        fields = [s.field for s in session.stacks() if s.owner == session.turn().actor][:stacks]
        for bucket in (cold, warm):
            for field in fields:
                mode.select(None)
                app.processEvents()
                t0 = time.perf_counter()
                mode.click(field)
                app.processEvents()  # the view repaints what changed (markers, badge)
                bucket.append((time.perf_counter() - t0) * 1000)
        mode.random_turns(1, seed=i)
        app.processEvents()
    full = []
    for _ in range(10):
        t0 = time.perf_counter()
        mode.view.viewport().repaint()
        full.append((time.perf_counter() - t0) * 1000)
    window.doc.stack.setClean()
    window.close()
    return {"cold_median": statistics.median(cold), "cold_p95": _percentile(cold, 0.95),
            "warm_median": statistics.median(warm), "warm_p95": _percentile(warm, 0.95),
            "selections": len(cold) + len(warm), "full_repaint": statistics.median(full),
            "fields": len(mode.session.board.fields)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m editor.gui.play.bench")
    parser.add_argument("--variant", default="conquest-4p")
    parser.add_argument("--positions", type=int, default=10)
    parser.add_argument("--stacks", type=int, default=20)
    args = parser.parse_args(argv)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    r = measure(args.variant, args.positions, args.stacks)
    print(f"play mode, {args.variant} ({r['fields']} fields), {r['selections']} selections: "
          f"click to repainted targets cold median {r['cold_median']:.1f} ms, "
          f"p95 {r['cold_p95']:.1f} ms; warm median {r['warm_median']:.1f} ms, "
          f"p95 {r['warm_p95']:.1f} ms (a full repaint of the fitted view: "
          f"{r['full_repaint']:.1f} ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
