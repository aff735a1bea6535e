"""`conquest detect SCAN [--scale PX_PER_CM] -o DRAFT.board.json`: draft a board from a scan."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from editor.cli.exits import EXIT_FINDINGS, EXIT_OK, EXIT_USAGE
from editor.i18n import N_, _
from editor.model.findings import Finding
from editor.model.scan_limit import MAX_SCAN_PIXELS

NAME = "detect"
#: checked by `conquest` before `run` (editor.extras): exit 2 naming the extra when missing
EXTRAS = ("detect",)
MAX_SCALE = 1000.0
HELP = (N_("Draft a board from a scan: find the field discs, tell land from sea, read the printed "
           "numbers and propose the connections along the drawn lines. Every proposed element is "
           "marked unconfirmed for the designer to accept or delete in the editor."))
EPILOG = N_(
    "The scan must be a PNG, JPEG or BMP image of at most {limit} megapixels, the editor's "
    "limit too (checked from the file header before decoding). A file that is not such an "
    "image, or a scan on which no field discs are found, is reported as an error and exits 1; "
    "numbers that could not be read are warnings. Usage errors exit 2.")


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.epilog = _(EPILOG).format(limit=MAX_SCAN_PIXELS // 1_000_000)
    p.add_argument("scan", metavar="SCAN", help=_("scan image (PNG, JPEG or BMP)"))
    p.add_argument("-o", "--output", required=True, metavar="DRAFT.board.json",
                   help=_("board file to write (conquest-board/1); missing folders are made"))
    p.add_argument("--scale", type=float, default=None, metavar="PX_PER_CM",
                   help=_("scan pixels per printed centimetre, if known (stored in the board)"))
    p.add_argument("--name", default=None,
                   help=_("board name (default: from the scan's file name)"))


def _fail(message: str, code: int) -> int:
    print(f"conquest detect: {message}", file=sys.stderr)
    return code


def _report(findings: list[Finding], scan: str, draft: str | None = None) -> None:
    """Findings about the scan name the scan; those about a draft element name the draft."""
    for f in findings:
        where = draft if draft and f.pointer else scan
        print(f.located(path=f.path or where).format_line(), file=sys.stderr)


def run(args: argparse.Namespace) -> int:
    out = Path(args.output)
    if args.scale is not None and not (0 < args.scale <= MAX_SCALE):
        return _fail(_("--scale must be greater than 0 and at most {limit:g} px/cm, got "
                       "{scale:g}").format(limit=MAX_SCALE, scale=args.scale), EXIT_USAGE)
    blocked = next((p for p in (out.parent, *out.parent.parents) if p.exists()), None)
    if blocked is not None and not blocked.is_dir():
        return _fail(_("cannot write '{out}': '{blocked}' is a file, not a folder").format(
                         out=out, blocked=blocked), EXIT_USAGE)
    if not Path(args.scan).is_file():
        return _fail(_("cannot read '{scan}': no such file").format(scan=args.scan), EXIT_USAGE)
    from editor.detect import detect_board, load_scan
    from editor.model import save_board

    image, findings = load_scan(args.scan)
    if image is None:
        _report(findings, args.scan)
        return EXIT_FINDINGS
    rel = Path(os.path.relpath(Path(args.scan).resolve(), out.resolve().parent)).as_posix()
    result = detect_board(image, args.scale, name=args.name or Path(args.scan).stem,
                          image_path=rel)
    if result.board is None:
        _report(result.findings, args.scan)
        return EXIT_FINDINGS
    _report(result.findings, args.scan, str(out))
    board = result.board
    try:
        out.parent.mkdir(parents=True, exist_ok=True)  # like balance -o: the folder is made
    except OSError as exc:
        return _fail(_("cannot make folder '{parent}': {error}").format(
                         parent=out.parent, error=exc.strerror or exc), EXIT_USAGE)
    save_board(board, out)
    print(_("wrote {out}: {fields} fields ({sea} sea), {numbers} numbers read, {connections} "
            "connections, all unconfirmed").format(
              out=out, fields=len(board.fields), sea=sum(f.terrain == 'sea' for f in
              board.fields), numbers=sum(f.number is not None for f in board.fields),
              connections=len(board.connections)))
    return EXIT_OK
