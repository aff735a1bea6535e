"""`conquest validate PATH...`: findings of board (and variant, scenario) files."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from editor.check.pair_checks import check_pair
from editor.check.validate import expand_paths, is_readable_file, validate_file
from editor.cli.exits import EXIT_FINDINGS, EXIT_OK, EXIT_USAGE
from editor.i18n import N_, _
from editor.model.findings import has_errors
from editor.model.io import is_dir, locate_in_files
from editor.resources import locate
from editor.rules.validation import VALIDATORS

NAME = "validate"
HELP = N_("Check board, variant and scenario files and print one line per finding.")


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("paths", nargs="*", metavar="PATH",
                   help=_("files to check; a folder is searched for *.board.json, *.variant.json "
                          "and *.scenario.json files"))
    p.add_argument("--board", metavar="BOARD",
                   help=_("with --variant: check that the board (a file or a shipped board "
                          "name) has what the variant needs"))
    p.add_argument("--variant", metavar="VARIANT",
                   help=_("with --board: a variant name or *.variant.json path"))
    p.add_argument("--format", choices=["text", "json"], default="text",
                   help=_("output format (default: text)"))


def run(args: argparse.Namespace) -> int:
    if bool(args.board) != bool(args.variant):
        print(_("conquest validate: --board and --variant go together"), file=sys.stderr)
        return EXIT_USAGE
    if not args.paths and not args.board:
        print(_("conquest validate: give at least one PATH, or --board and --variant"),
              file=sys.stderr)
        return EXIT_USAGE
    paths = expand_paths(args.paths, VALIDATORS)
    for folder in args.paths:
        if is_dir(folder) and not any(p.startswith(str(Path(folder))) for p in paths):
            print(_("conquest validate: no *.board.json, *.variant.json or *.scenario.json "
                    "files in folder '{folder}'").format(folder=folder), file=sys.stderr)
    unreadable = [p for p in paths if not is_readable_file(p)]
    board = locate("boards", args.board) if args.board else None  # a file or a shipped name
    if args.board and (board is None or not is_readable_file(board)):
        unreadable.append(args.board)
    for p in unreadable:
        print(_("conquest validate: cannot read '{path}': no such file or not "
                "readable").format(path=p), file=sys.stderr)
    report = {p: validate_file(p, VALIDATORS) for p in paths if p not in unreadable}
    if args.board and args.board not in unreadable:
        pair_key = f"{args.board} + {args.variant}"
        report[pair_key] = locate_in_files(check_pair(str(board), args.variant))
    empty_folder = any(is_dir(f) for f in args.paths) and not paths
    if args.format == "json":
        payload = [{"path": p, "findings": [f.to_dict() for f in fs]} for p, fs in report.items()]
        print(json.dumps(payload, indent=2, ensure_ascii=False))
    else:
        for findings in report.values():
            for f in findings:
                print(f.format_line())
        errors = sum(f.is_error for fs in report.values() for f in fs)
        warnings = sum(not f.is_error for fs in report.values() for f in fs)
        print(_("{n} file(s) checked: {errors} error(s), {warnings} warning(s)").format(
            n=len(report), errors=errors, warnings=warnings), file=sys.stderr)
    if unreadable or empty_folder:
        return EXIT_USAGE  # the readable files were still checked and reported above
    return EXIT_FINDINGS if any(has_errors(fs) for fs in report.values()) else EXIT_OK
