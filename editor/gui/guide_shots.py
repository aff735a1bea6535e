"""The user guide's pictures, taken by the application of itself (`make docs`).

Each `Shot` is a `conquest-editor --screenshot` run (the same `app.run_screenshot`), so the
pictures in docs/guide/img never go stale: `python -m editor.gui.guide_shots` takes them all
again. They are stored as 256-colour PNGs to keep the repository and the bundle small.

    QT_QPA_PLATFORM=offscreen python -m editor.gui.guide_shots [--only NAME] [--out FOLDER]
"""

from __future__ import annotations

import argparse
import json
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
    house_rule: bool = False  # open HOUSE_RULE (extending `variant`) in the configurator


#: the house rule the configurator's picture shows: a few changes of a shipped variant
HOUSE_RULE = {"name": "my-conquest-4p", "description": "House rule: a bigger budget, frozen "
              "sooner, the printed recapture rule.", "base_budget": 25, "freeze_threshold": 4,
              "overlays": ["classic-recapture"]}


SHOTS = (
    Shot("trace-board", "conquest-2p.board.json"),
    Shot("trace-detected-draft", "scans/conquest-2p.png", detect=True),
    Shot("trace-grand-conquest", "grand-conquest-4p.board.json"),
    Shot("play-select", "conquest-2p.board.json", mode="play", variant="conquest-2p",
         select="s.L43"),
    Shot("variant-configurator", "conquest-4p.board.json", mode="variant",
         variant="conquest-4p", house_rule=True),
)


def take(shot: Shot, out: Path, work: Path | None = None) -> int:
    """Render `shot` to `out` (a PNG reduced to COLOURS colours); the editor's exit code.

    The files a shot makes (a house rule, a draft) go to `work`, a fresh temporary folder by
    default; `make docs` names a fixed one, since the configurator shows the house rule's path.
    """
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QImage

    from editor.gui.app import parse_args, run_screenshot

    board = data_dir("boards") / shot.board
    with tempfile.TemporaryDirectory(prefix="guide-shot-") as scratch:
        folder = work or Path(scratch)
        folder.mkdir(parents=True, exist_ok=True)
        variant = str(_house_rule(shot.variant, folder)) if shot.house_rule else shot.variant
        if shot.detect:
            board = _draft_of(board, folder)
        args = parse_args(_command_line(shot, variant))
        code = run_screenshot(str(board), str(out), SIZE, args)
    if code == 0:
        image = QImage(str(out)).convertToFormat(
            QImage.Format.Format_Indexed8, Qt.ImageConversionFlag.ThresholdDither)
        image.save(str(out), "PNG", 0)  # quality 0: the strongest compression
    return code


def _command_line(shot: Shot, variant: str | None) -> list[str]:
    """The `conquest-editor` options of a shot (read by the modes' own argument parsing)."""
    argv = ["--mode", shot.mode] if shot.mode else []
    argv += ["--variant", variant] if variant else []
    for overlay in shot.overlays:
        argv += ["--overlay", overlay]
    return argv + (["--select", shot.select] if shot.select else [])


def _house_rule(parent: str | None, folder: Path) -> Path:
    """HOUSE_RULE extending `parent`, written to `folder`."""
    from editor.model.variant import VARIANT_FORMAT

    path = folder / f"{HOUSE_RULE['name']}.variant.json"
    rule = {"format": VARIANT_FORMAT, "extends": parent, **HOUSE_RULE}
    path.write_text(json.dumps(rule, indent=2) + "\n", encoding="utf-8")
    return path


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

    from editor.gui.shell.qtlog import install_message_filter

    install_message_filter()
    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationDisplayName("Conquest Workbench")
    args.out.mkdir(parents=True, exist_ok=True)
    failed = 0
    work = Path(tempfile.gettempdir()) / "conquest-guide"  # the same path in every picture
    try:
        for shot in SHOTS:
            if not args.only or shot.name in args.only:
                failed += take(shot, args.out / f"{shot.name}.png", work) != 0
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
