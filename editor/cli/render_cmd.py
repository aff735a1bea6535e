"""`conquest render BOARD -o FILE.png|FILE.svg [--scale PX_PER_CM]`: draw a board as a map."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from editor.check.board_checks import check_board
from editor.cli.exits import EXIT_FINDINGS, EXIT_OK, EXIT_USAGE
from editor.i18n import N_, _, ngettext
from editor.model import load_board
from editor.model.findings import Finding
from editor.model.io import FILE_UNREADABLE

NAME = "render"
MAX_SCALE = 1000.0
HELP = (N_("Draw a board the way a printed map looks (sea, islands, roads, bridges, castles, "
           "grail, wilderness) as a PNG or SVG file."))
EPILOG = N_(
    "A board that fails 'conquest validate' with semantic problems (e.g. a dangling "
    "reference) is still drawn: its findings are printed on stderr as warnings and the exit "
    "status is 0. A file that is not a valid board (structural errors) exits 1 without "
    "drawing; a missing or unreadable file and usage errors exit 2. An SVG's width and "
    "height are the printed size in mm (pixels / PX_PER_CM).")


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.epilog = _(EPILOG)  # marked with N_ above
    p.add_argument("board", metavar="BOARD", help=_("board file (*.board.json)"))
    p.add_argument("-o", "--output", required=True, metavar="FILE",
                   help=_("output file; the extension (.png or .svg) selects the format"))
    p.add_argument("--scale", type=float, default=None, metavar="PX_PER_CM",
                   help=_("output pixels per printed centimetre (default: the board's own scale, "
                          "100 px/cm without one); greater than 0 and at most 1000"))


def _fail(message: str, code: int) -> int:
    print(f"conquest render: {message}", file=sys.stderr)
    return code


def run(args: argparse.Namespace) -> int:
    out = Path(args.output)
    if out.suffix.lower() not in (".png", ".svg"):
        return _fail(_("unknown output type '{suffix}': use a .png or .svg file").format(
                         suffix=out.suffix or out.name),
                     EXIT_USAGE)
    if args.scale is not None and not (0 < args.scale <= MAX_SCALE):
        return _fail(_("--scale must be greater than 0 and at most {limit:g} px/cm, got "
                       "{scale:g}").format(limit=MAX_SCALE, scale=args.scale), EXIT_USAGE)
    if not out.parent.is_dir():
        return _fail(_("cannot write '{out}': folder '{parent}' does not exist").format(
                         out=out, parent=out.parent), EXIT_USAGE)
    result = load_board(args.board)
    if result.model is None:
        first = result.findings[0] if result.findings else None
        if first is not None and first.code == FILE_UNREADABLE.code:
            return _fail(_("cannot read '{board}': no such file or not readable").format(
                             board=args.board), EXIT_USAGE)
        detail = first.format_line() if first is not None else _("not a board file")
        others = len(result.findings) - 1
        more = ngettext(" (and {n} more problem; run 'conquest validate')",
                        " (and {n} more problems; run 'conquest validate')", others).format(
            n=others) if others else ""
        return _fail(_("'{board}' is not a valid board: {detail}{more}").format(
                         board=args.board, detail=detail, more=more), EXIT_FINDINGS)
    from editor.render import RenderError, render_board_to_file

    findings = [*result.findings, *result.locate(check_board(result.model))]
    try:
        width, height = render_board_to_file(result.model, out, args.scale)
    except RenderError as exc:
        return _fail(str(exc), EXIT_USAGE)
    except OSError as exc:
        return _fail(_("cannot write '{out}': {error}").format(
                         out=out, error=exc.strerror or exc), EXIT_USAGE)
    _warn(args.board, findings)
    print(_("wrote {out} ({width}x{height} px)").format(out=out, width=width, height=height))
    return EXIT_OK


def _count(n: int, word: str) -> str:
    """`3 errors`, `1 warning` (`word`: "error" or "warning")."""
    if word == "error":
        return ngettext("{n} error", "{n} errors", n).format(n=n)
    return ngettext("{n} warning", "{n} warnings", n).format(n=n)


def _warn(board: str, findings: list[Finding]) -> None:
    """The board's validation findings, as warnings: the drawing was made all the same."""
    if not findings:
        return
    errors = sum(1 for f in findings if f.is_error)
    print(_("conquest render: warning: '{board}' has {count} and {count2} (drawn anyway; run "
            "'conquest validate' for details):").format(
              board=board, count=_count(errors, 'error'), count2=_count(len(findings) - errors,
              'warning')), file=sys.stderr)
    for f in findings:
        print(f"  {f.format_line()}", file=sys.stderr)
