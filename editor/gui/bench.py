"""Measure how the editor copes with a large board: opening it and panning across it.

    .venv/bin/python -m editor.gui.bench [BOARD] [--runs 5] [--frames 120]

The file is self-contained (standard library and PySide6 besides the editor it drives), so it
also runs with PYTHONPATH on an older tree (7e92724: before and after in one session); it adapts
to that tree's window attribute names. `--json` prints one JSON line of the figures.

Without BOARD a synthetic board is generated (600 fields, ~1100 connections, regions and arrow
slits over a 4000x4000 scan, cached in the temp folder). Prints the median time to open the
board (read, build the scene, load the scan, first paint of the view) and the median and 95th
percentile time of one frame while panning (scroll by 40 px + a synchronous repaint of the
view) at 100 % zoom and at fit-to-window zoom. Runs headless (offscreen platform) by default.
No test asserts these numbers; they are for the report and for spotting regressions.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path


def synthetic_board(folder: str | os.PathLike[str], fields: int = 600, size: int = 4000,
                    seed: int = 7) -> Path:
    """Write a synthetic board with a scan of size x size pixels; returns the board path."""
    from editor.model import edit as E
    from editor.model import save_board
    from editor.model.board import Board, ScanImage

    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    board_path = folder / f"synthetic-{fields}-{size}.board.json"
    scan_path = folder / f"synthetic-{size}.png"
    rng = random.Random(seed)
    cols = math.ceil(math.sqrt(fields))
    rows = math.ceil(fields / cols)
    step = size / (max(cols, rows) + 1)
    centre = size / 2
    board = Board(name=f"Synthetic {fields}", image=ScanImage(path=scan_path.name, width=size,
                                                              height=size))
    grid: dict[tuple[int, int], str] = {}
    n = 0
    for r in range(rows):
        for c in range(cols):
            if n >= fields:
                break
            x = step * (c + 1) + rng.uniform(-step * 0.15, step * 0.15)
            y = step * (r + 1) + rng.uniform(-step * 0.15, step * 0.15)
            sea = math.hypot(x - centre, y - centre) > size * 0.42
            E.add_field(board, round(x, 1), round(y, 1), "sea" if sea else "land")
            grid[(r, c)] = board.fields[-1].id
            n += 1
    terrain = {f.id: f.terrain.value for f in board.fields}
    for (r, c), fid in grid.items():
        for dr, dc in ((0, 1), (1, 0)):
            other = grid.get((r + dr, c + dc))
            if other is None:
                continue
            a, b = terrain[fid], terrain[other]
            if a == b == "land":
                kind = "bridge" if rng.random() < 0.03 else "road"
            elif a == b == "sea":
                kind = "sea_lane"
            else:
                sea_end = fid if a == "sea" else other
                E.set_attr(board, "fields", [sea_end], "harbour", True)
                E.add_connection(board, sea_end, other if sea_end == fid else fid,
                                 "harbour_link")
                continue
            E.add_connection(board, fid, other, kind)
    for i in range(12):
        cx, cy = rng.uniform(size * 0.3, size * 0.7), rng.uniform(size * 0.3, size * 0.7)
        rad = step * 0.6
        E.add_region(board, [(cx + rad * math.cos(t * math.pi / 3),
                              cy + rad * math.sin(t * math.pi / 3)) for t in range(6)],
                     name=f"Region {i + 1}")
    for (r, c), fid in list(grid.items())[:: max(1, fields // 30)]:
        other = grid.get((r + 1, c + 1))
        if other and terrain[fid] == terrain[other] == "land":
            E.add_arrow_slit(board, fid, other)
    save_board(board, board_path, backup=False)
    if not scan_path.exists():
        _draw_scan(board, scan_path, size, rng)
    return board_path



def _draw_scan(board, scan_path: Path, size: int, rng: random.Random) -> None:
    """A textured scan with a circle at every field (it decodes like a real scan)."""
    from PySide6.QtCore import QPointF, QRectF
    from PySide6.QtGui import QColor, QImage, QPainter, QPen

    centre = size / 2
    img = QImage(size, size, QImage.Format.Format_RGB32)
    img.fill(QColor("#b9d6ec"))
    p = QPainter(img)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setBrush(QColor("#e9ddb5"))
    p.setPen(QPen(QColor("#6d5a3a"), 6))
    p.drawEllipse(QPointF(centre, centre), size * 0.44, size * 0.44)
    for _ in range(6000):  # texture, so the scan compresses and decodes like a real one
        p.setPen(QPen(QColor(rng.randrange(80, 200), rng.randrange(80, 200),
                             rng.randrange(60, 160)), rng.uniform(1, 4)))
        x, y = rng.uniform(0, size), rng.uniform(0, size)
        p.drawLine(QPointF(x, y), QPointF(x + rng.uniform(-40, 40), y + rng.uniform(-40, 40)))
    p.setPen(QPen(QColor("#333333"), 3))
    for f in board.fields:
        p.drawEllipse(QRectF(f.x - 22, f.y - 22, 44, 44))
    p.end()
    img.save(str(scan_path))


def _median_ms(values: list[float]) -> float:
    return statistics.median(values) * 1000


def _p95_ms(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))] * 1000


class _Parts:
    """The window's pieces the bench drives, by their names in this tree or in an older one
    (7e92724 had no modes: `window.view`, `window.open_path`, `window.autosave_timer`)."""

    def __init__(self, window) -> None:
        self.window = window
        trace = getattr(window, "trace", None)
        self.view = trace.view if trace is not None else window.view
        files = getattr(window, "files", None)
        self.open_path = files.open_path if files is not None else window.open_path

    def stop_autosave(self) -> None:
        w = self.window
        recovery = getattr(w, "recovery", None)
        timers = [recovery.timer, getattr(recovery, "max_timer", None)] if recovery else \
            [getattr(w, "autosave_timer", None)]
        for timer in timers:
            if timer is not None:
                timer.stop()


def _open_once(app, parts: _Parts, board: str) -> float:
    """Open the board: read, scene, scan, first paint of the view (seconds)."""
    t0 = time.perf_counter()
    if not parts.open_path(board):
        raise SystemExit(f"cannot open {board}")
    app.processEvents()
    parts.view.viewport().repaint()
    elapsed = time.perf_counter() - t0
    parts.window.doc.stack.setClean()
    return elapsed


def _wait_checked(app, panel) -> None:
    """Until the validation panel shows the whole board's findings (a worker's result)."""
    while getattr(panel, "pending", False):
        app.processEvents()
        time.sleep(0.001)


def _pan(app, view, frames: int) -> list[float]:
    times = []
    direction = 1
    for i in range(frames):
        if i % 40 == 0:
            direction = -direction
        t0 = time.perf_counter()
        view.pan_by(40 * direction, 15 * direction)
        view.viewport().repaint()
        times.append(time.perf_counter() - t0)
    return times


def run(board: str | None, runs: int = 5, frames: int = 120) -> dict[str, float]:
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from editor.gui.shell import dialogs
    from editor.gui.shell.window import MainWindow

    app = QApplication.instance() or QApplication([])
    dialogs.show_warning = lambda *a, **k: None
    dialogs.show_error = lambda *a, **k: print("error:", a[1:], file=sys.stderr)
    if board is None:
        board = str(synthetic_board(Path(tempfile.gettempdir()) / "conquest-bench"))
    tmp = tempfile.mkdtemp(prefix="conquest-bench-")
    window = MainWindow(settings=QSettings(os.path.join(tmp, "s.ini"), QSettings.Format.IniFormat),
                        recovery_dir=os.path.join(tmp, "rec"), check_recovery=False)
    parts = _Parts(window)
    parts.stop_autosave()
    window.resize(1400, 900)
    window.show()
    app.processEvents()
    view = parts.view
    first = _open_once(app, parts, board)
    t0 = time.perf_counter()
    _wait_checked(app, window.validation)
    results = {"open_first_ms": first * 1000,
               "open_check_after_ms": (first + time.perf_counter() - t0) * 1000}
    again = [_open_once(app, parts, board) for _ in range(max(0, runs - 1))]
    _wait_checked(app, window.validation)
    results["open_again_ms"] = _median_ms(again) if again else float("nan")
    results["open_ms"] = _median_ms([first, *again])
    b = window.doc.board
    results["fields"] = len(b.fields)
    results["connections"] = len(b.connections)
    for label, zoom in (("100%", 1.0), ("fit", None)):
        if zoom is None:
            view.fit()
        else:
            view.auto_fit = False
            view.resetTransform()
            view.centerOn(b.image.width / 4 if b.image else 0, b.image.height / 2 if b.image
                          else 0)
        app.processEvents()
        view.viewport().repaint()  # the first frame at a new zoom is not a pan frame
        results[f"zoom_{label}"] = view.zoom
        times = _pan(app, view, frames)
        results[f"pan_{label}_median_ms"] = _median_ms(times)
        results[f"pan_{label}_p95_ms"] = _p95_ms(times)
    results.update(_edits(app, window, view, runs))
    window.close()
    return results


def _edits(app, window, view, runs: int) -> dict[str, float]:
    """Move one field `runs` times: the time until the UI takes input again (the edit, the scene
    update, the re-check of the touched elements, queued events, a repaint; the whole board's
    check starts later, after the debounce delay) and until the validation panel shows the whole
    board's findings (the debounce delay left out). Then edits made while the previous edit's
    full check runs on the worker. Works against older code too (its check runs on the UI
    thread when its timer fires, so the UI waits for it)."""
    from editor.model import edit as ops

    doc, panel = window.doc, window.validation
    _wait_checked(app, panel)
    field = doc.board.fields[len(doc.board.fields) // 2]
    worker = hasattr(panel, "refresh_async")
    ui, checked, during = [], [], []

    def move(i: int) -> float:
        t0 = time.perf_counter()
        doc.apply("Move field", ops.move_fields, {field.id: (field.x + 1 - 2 * (i % 2),
                                                             field.y)})
        app.processEvents()
        view.viewport().repaint()
        return t0

    for i in range(runs):
        t0 = move(i)
        panel.timer.stop()
        if worker:
            ui.append(time.perf_counter() - t0)
            panel.refresh_async()
            _wait_checked(app, panel)
        else:
            panel.refresh()
            ui.append(time.perf_counter() - t0)
        checked.append(time.perf_counter() - t0)
    for i in range(runs if worker else 0):
        panel.refresh_async()  # the previous edit's full check, running
        t0 = move(i)
        during.append(time.perf_counter() - t0)
        panel.timer.stop()
        panel.refresh_async()
        _wait_checked(app, panel)
    doc.stack.setClean()  # no "save changes?" question on close
    return {"edit_ui_ms": _median_ms(ui), "edit_checked_ms": _median_ms(checked),
            "edit_during_check_ms": _median_ms(during) if during else float("nan")}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m editor.gui.bench", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("board", nargs="?", help="board to open (default: synthetic board)")
    parser.add_argument("--fields", type=int, default=600,
                        help="fields of the synthetic board (10000: minutes to generate once)")
    parser.add_argument("--runs", type=int, default=5, help="times to open the board")
    parser.add_argument("--frames", type=int, default=120, help="frames to pan per zoom")
    parser.add_argument("--json", action="store_true",
                        help="print the figures as one JSON line (for a driver comparing trees)")
    args = parser.parse_args(argv)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from editor.gui.shell.qtlog import install_message_filter

    install_message_filter()
    if args.board is None and args.fields != 600:
        from PySide6.QtWidgets import QApplication

        _app = QApplication.instance() or QApplication([])
        args.board = str(synthetic_board(Path(tempfile.gettempdir()) / "conquest-bench",
                                         fields=args.fields))
    r = run(args.board, args.runs, args.frames)
    if args.json:  # one line a driver can parse (e.g. old tree against new)
        print(json.dumps({"board": args.board, "runs": args.runs, **r}, sort_keys=True))
        return 0
    print(f"board: {args.board or 'synthetic'} ({r['fields']} fields, "
          f"{r['connections']} connections)")
    print(f"open the first time (read + scene + scan + first paint): {r['open_first_ms']:.0f} ms; "
          f"its full check on show after {r['open_check_after_ms']:.0f} ms")
    print(f"open again, median of {args.runs - 1}: {r['open_again_ms']:.0f} ms")
    for label in ("100%", "fit"):
        print(f"pan frame at {label} zoom ({r[f'zoom_{label}'] * 100:.0f} %), median of "
              f"{args.frames}: "
              f"{r[f'pan_{label}_median_ms']:.1f} ms (p95 {r[f'pan_{label}_p95_ms']:.1f} ms)")
    print(f"edit (move one field), median of {args.runs}: UI takes input again after "
          f"{r['edit_ui_ms']:.1f} ms (touched elements re-checked), the full check's results on "
          f"show after {r['edit_checked_ms']:.0f} ms; an edit while the previous edit's full "
          f"check runs: {r['edit_during_check_ms']:.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
