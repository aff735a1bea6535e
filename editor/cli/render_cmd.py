"""`conquest render BOARD -o FILE.png|FILE.svg [--scale PX_PER_CM]`: draw a board as a map."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from editor.cli.main import EXIT_FINDINGS, EXIT_OK, EXIT_USAGE
from editor.model import load_board
from editor.model.io import FILE_UNREADABLE

NAME = "render"
HELP = ("Draw a board the way a printed map looks (sea, islands, roads, bridges, castles, "
        "grail, wilderness) as a PNG or SVG file.")


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("board", metavar="BOARD", help="board file (*.board.json)")
    p.add_argument("-o", "--output", required=True, metavar="FILE",
                   help="output file; the extension (.png or .svg) selects the format")
    p.add_argument("--scale", type=float, default=None, metavar="PX_PER_CM",
                   help="output pixels per printed centimetre (default: the board's own scale, "
                   "100 px/cm without one)")


def _fail(message: str, code: int) -> int:
    print(f"conquest render: {message}", file=sys.stderr)
    return code


def run(args: argparse.Namespace) -> int:
    out = Path(args.output)
    if out.suffix.lower() not in (".png", ".svg"):
        return _fail(f"unknown output type '{out.suffix or out.name}': use a .png or .svg file",
                     EXIT_USAGE)
    if args.scale is not None and not (0 < args.scale <= 1000):
        return _fail(f"--scale must be between 0 and 1000 px/cm, got {args.scale:g}",
                     EXIT_USAGE)
    if not out.parent.is_dir():
        return _fail(f"cannot write '{out}': folder '{out.parent}' does not exist", EXIT_USAGE)
    result = load_board(args.board)
    if result.model is None:
        first = result.findings[0] if result.findings else None
        if first is not None and first.code == FILE_UNREADABLE.code:
            return _fail(f"cannot read '{args.board}': no such file or not readable", EXIT_USAGE)
        detail = first.format_line() if first is not None else "not a board file"
        more = f" (and {len(result.findings) - 1} more problem(s); run 'conquest validate')" \
            if len(result.findings) > 1 else ""
        return _fail(f"'{args.board}' is not a valid board: {detail}{more}", EXIT_FINDINGS)
    from editor.render import RenderError, render_board_to_file

    try:
        width, height = render_board_to_file(result.model, out, args.scale)
    except RenderError as exc:
        return _fail(str(exc), EXIT_USAGE)
    except OSError as exc:
        return _fail(f"cannot write '{out}': {exc.strerror or exc}", EXIT_USAGE)
    print(f"wrote {out} ({width}x{height} px)")
    return EXIT_OK
