"""`conquest pack BOARD --variant V [--overlay O] -o NAME.conquest`: write a game package.

Commands that play a package load it through the one game loader (`editor.rules.game_loader`).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from editor.cli.exits import EXIT_FINDINGS, EXIT_OK, EXIT_USAGE
from editor.i18n import N_, _
from editor.model.findings import Finding
from editor.model.io import atomic_write_bytes
from editor.model.package import (
    PACKAGE_SUFFIX,
    build_package,
    open_game_source,
    read_package,
)
from editor.resources import locate

NAME = "pack"
HELP = (N_("Write a game package (*.conquest): the board, its scan, the variant chain and the "
           "resolved variant, with a checksummed manifest."))


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("board", metavar="BOARD", help=_("board file or shipped board name"))
    p.add_argument("--variant", required=True, metavar="NAME|PATH",
                   help=_("variant name or *.variant.json path"))
    p.add_argument("--overlay", action="append", default=[], metavar="NAME|PATH",
                   help=_("apply an overlay variant (repeatable)"))
    p.add_argument("-o", "--output", required=True, metavar=f"NAME{PACKAGE_SUFFIX}",
                   help=_("the package file to write"))
    p.add_argument("--name", help=_("package name (default: the output file's name)"))


def _print(findings: list[Finding]) -> None:
    for f in findings:
        print(f.format_line(), file=sys.stderr)


def run(args: argparse.Namespace) -> int:
    from editor.cli.variant_cmd import unresolved_exit
    from editor.model.variant import resolve_variant
    from editor.rules.package_check import check_source

    board_file = locate("boards", args.board)
    if board_file is None:
        print(_("conquest pack: board '{board}' not found: give a board file or a shipped board "
                "name").format(board=args.board), file=sys.stderr)
        return EXIT_USAGE
    source = open_game_source(str(board_file))
    rv = resolve_variant(args.variant, Path.cwd(), args.overlay or None)
    _print(source.findings + rv.findings)
    if rv.variant is None:
        return unresolved_exit(args.variant, args.overlay)
    if source.board is None:
        return EXIT_FINDINGS
    source.variant = rv.variant
    problems = [f for f in check_source(source) if f.is_error]
    if problems:
        _print(problems)
        print(_("conquest pack: not written: the board and variant have errors"), file=sys.stderr)
        return EXIT_FINDINGS
    output = Path(args.output)
    name = args.name or output.name.removesuffix(PACKAGE_SUFFIX)
    data = build_package(board_file, source.board, args.variant, list(args.overlay),
                         rv.chain, rv.variant, name)
    atomic_write_bytes(output, data)
    written = read_package(output)
    if written.findings:  # cannot happen for what we wrote; say so rather than hide it
        _print(written.findings)
        return EXIT_FINDINGS
    members = len(written.manifest.members) + 1
    print(_("wrote {output} ({size} bytes, {members} members: board '{board}', variant "
            "'{variant}')").format(
              output=output, size=len(data), members=members, board=source.board.name,
              variant=rv.variant.name), file=sys.stderr)
    return EXIT_OK
