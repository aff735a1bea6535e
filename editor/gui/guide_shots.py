"""The user guide's pictures, taken by the application of itself (`make docs`).

Each `Shot` is a `conquest-editor --screenshot` run (the same `app.run_screenshot`), so the
pictures in docs/guide/img never go stale: `python -m editor.gui.guide_shots` takes them all
again. They are stored as 256-colour PNGs to keep the repository and the bundle small.

    QT_QPA_PLATFORM=offscreen python -m editor.gui.guide_shots [--only NAME] [--out FOLDER]
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from editor.resources import data_dir

#: the size the window is laid out at, and the colours each picture keeps
SIZE = (1200, 760)
COLOURS = 256


@dataclass(frozen=True)
class Shot:
    """One picture of the guide: `name`.png of the window on a shipped board."""

    name: str
    board: str  # a shipped board's file name (with `detect`: a shipped scan's, under boards/)
    detect: bool = False  # show the detector's draft of the scan (needs the detect extra)
    mode: str | None = None
    variant: str | None = None
    select: str | None = None
    overlays: tuple[str, ...] = ()


SHOTS = (
    Shot("trace-board", "conquest-2p.board.json"),
    Shot("trace-detected-draft", "scans/conquest-2p.png", detect=True),
    Shot("trace-grand-conquest", "grand-conquest-4p.board.json"),
    Shot("play-select", "conquest-2p.board.json", mode="play", variant="conquest-2p",
         select="s.L43"),
    Shot("variant-configurator", "conquest-4p.board.json", mode="variant",
         variant="conquest-4p"),
)


def take(shot: Shot, out: Path) -> int:
    """Render `shot` to `out` (a PNG reduced to COLOURS colours); the editor's exit code."""
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QImage

    from editor.gui.app import run_screenshot

    args = argparse.Namespace(mode=shot.mode, variant=shot.variant, overlay=list(shot.overlays),
                              select=shot.select)
    board = data_dir("boards") / shot.board
    with tempfile.TemporaryDirectory(prefix="guide-shot-") as folder:
        if shot.detect:
            board = _draft_of(board, Path(folder))
        code = run_screenshot(str(board), str(out), SIZE, args)
    if code == 0:
        image = QImage(str(out)).convertToFormat(
            QImage.Format.Format_Indexed8, Qt.ImageConversionFlag.ThresholdDither)
        image.save(str(out), "PNG", 0)  # quality 0: the strongest compression
    return code


def _draft_of(scan: Path, folder: Path) -> Path:
    """The detector's draft of `scan` (every element unconfirmed), saved in `folder` beside a
    copy of the scan (so the picture shows no path of this machine)."""
    from editor.detect import detect_board, load_scan
    from editor.model import save_board

    scan = Path(shutil.copy(scan, folder))
    image, findings = load_scan(str(scan))
    if image is None:
        raise RuntimeError(f"{scan}: {findings[0].message if findings else 'unreadable'}")
    draft = folder / f"{scan.stem}.board.json"
    result = detect_board(image, None, name=f"Draft of {scan.name}",
                          image_path=scan.name)
    if result.board is None:
        raise RuntimeError(f"{scan}: the detector found no board")
    save_board(result.board, draft)
    return draft


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="guide_shots", description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=data_dir("guide") / "img")
    parser.add_argument("--only", action="append", metavar="NAME",
                        help="take only this picture (repeatable)")
    args = parser.parse_args(argv)
    from PySide6.QtWidgets import QApplication

    from editor.gui.qtlog import install_message_filter

    install_message_filter()
    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationDisplayName("Conquest Workbench")
    args.out.mkdir(parents=True, exist_ok=True)
    failed = 0
    for shot in SHOTS:
        if args.only and shot.name not in args.only:
            continue
        failed += take(shot, args.out / f"{shot.name}.png") != 0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
