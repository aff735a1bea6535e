"""Detector bench (`make bench`): every reference scan against its board, plus scans in other
styles made here deterministically (hand-drawn, print with another font and colours, and a
photographed copy: rotated, scaled, unevenly lit JPEG).

    .venv/bin/python -m editor.detect.bench [--quick]

Prints field recall and precision, the share of numbers read right, connection recall and
precision, the share of right connection kinds and the time, one line per scan, with the
goals of the issue. One core: onnxruntime runs on one thread, and OpenCV is told to use one;
the CPU time is printed next to the wall time, which a busy machine stretches.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable

import cv2
import numpy as np

from editor.detect.draft import detect_board
from editor.detect.image import load_scan
from editor.detect.score import Score, score
from editor.detect.synthetic import HAND, PRINT, draw_board, photograph
from editor.model import load_board
from editor.model.board import Board
from editor.resources import data_dir, shipped_file

REFERENCE = ["conquest-2p", "conquest-4p", "grand-conquest-2p", "grand-conquest-4p"]
#: (fields, numbers, connections) goals of the issue
GOALS = {"reference": (0.98, 0.95, 0.90), "other": (0.95, 0.90, 0.80)}


def _reference(name: str) -> Callable[[], tuple[np.ndarray, Board]]:
    def make() -> tuple[np.ndarray, Board]:
        image, _ = load_scan(data_dir("boards") / "scans" / f"{name}.png")
        board = load_board(shipped_file("boards", name)).model
        assert image is not None and board is not None
        return image, board
    return make


def _styled(name: str, style) -> Callable[[], tuple[np.ndarray, Board]]:
    def make() -> tuple[np.ndarray, Board]:
        board = load_board(shipped_file("boards", name)).model
        assert board is not None
        return draw_board(board, style), board
    return make


def _photo(name: str) -> Callable[[], tuple[np.ndarray, Board]]:
    def make() -> tuple[np.ndarray, Board]:
        image, board = _reference(name)()
        return photograph(image, board)
    return make


def cases(quick: bool) -> list[tuple[str, str, Callable[[], tuple[np.ndarray, Board]]]]:
    refs = REFERENCE[-1:] if quick else REFERENCE
    out = [(name, "reference", _reference(name)) for name in refs]
    out += [("grand-conquest-2p hand-drawn", "other", _styled("grand-conquest-2p", HAND)),
            ("conquest-2p print", "other", _styled("conquest-2p", PRINT)),
            ("conquest-4p photographed", "other", _photo("conquest-4p"))]
    return out[:2] if quick else out


def _line(label: str, s: Score, seconds: float, cpu: float, size: tuple[int, int],
          goal) -> str:
    fields, numbers, conns = goal
    ok = (min(s.field_recall, s.field_precision) >= fields and s.numbers >= numbers
          and min(s.connection_recall, s.connection_precision) >= conns)
    kinds = s.kinds_right / max(s.connections_right, 1)
    return (f"{label:30} {size[0]}x{size[1]:<5} fields R {s.field_recall:6.1%} "
            f"P {s.field_precision:6.1%}  numbers {s.numbers:6.1%}  connections "
            f"R {s.connection_recall:6.1%} P {s.connection_precision:6.1%} (kinds {kinds:6.1%})"
            f"  {seconds:5.1f} s (cpu {cpu:5.1f} s)  {'meets' if ok else 'MISSES'} goals")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m editor.detect.bench",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="two scans only")
    args = parser.parse_args(argv)
    cv2.setNumThreads(1)
    print("detect bench (one core); goals: reference >= 98 % fields, 95 % numbers, 90 % "
          "connections; other styles >= 95 %, 90 %, 80 %; < 30 s for 4800x4940")
    for label, group, make in cases(args.quick):
        image, truth = make()
        start, cpu = time.perf_counter(), time.process_time()
        result = detect_board(image)
        seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
        if result.board is None:
            print(f"{label:30} no board: {[f.message for f in result.findings]}")
            continue
        s = score(truth, result.board)
        print(_line(label, s, seconds, cpu, (image.shape[1], image.shape[0]), GOALS[group]))
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
