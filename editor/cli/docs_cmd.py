"""`conquest docs [--check]`: regenerate `docs/findings.md` from the finding-code registry."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from editor.balance import store
from editor.check import board_checks, castle_checks, editor_codes, pair_checks, variant_checks
from editor.check.catalogue import render_markdown
from editor.cli.exits import EXIT_FINDINGS, EXIT_OK, EXIT_USAGE
from editor.detect import codes
from editor.engine import explain
from editor.i18n import N_, _
from editor.model import io, migrate, package, variant
from editor.model.findings import CODES, Code
from editor.model.io import atomic_write_text
from editor.resources import checkout_root
from editor.rules import scenario_run

NAME = "docs"
HELP = N_("Write docs/findings.md, the table of finding codes (--check: fail when stale).")

#: Every module that defines finding codes (`define(...)` at import time), imported above so
#: the registry is complete; tests/check/test_catalogue.py fails when a module that calls
#: `define(` is missing here.
PRODUCERS = (io, migrate, variant, package, board_checks, castle_checks, variant_checks,
             pair_checks, editor_codes, explain, scenario_run, store, codes)


def all_codes() -> list[Code]:
    """Every finding code of the workbench, by area and code."""
    return sorted(CODES.values(), key=lambda c: (c.area, c.code))


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--check", action="store_true", help=_("exit 1 when the file is out of date"))
    p.add_argument("--out", type=Path, default=None,
                   help=_("target file (default: docs/findings.md of the checkout, else of the "
                          "current folder)"))


def default_target() -> Path:
    root = checkout_root()
    return (root or Path(".")) / "docs" / "findings.md"


def run(args: argparse.Namespace) -> int:
    text = render_markdown(all_codes())
    out: Path = args.out or default_target()
    current = out.read_text(encoding="utf-8") if out.is_file() else None
    if current == text:
        return EXIT_OK
    if args.check:
        print(_("{out}: out of date; run 'conquest docs'").format(out=out), file=sys.stderr)
        return EXIT_FINDINGS
    if out.is_dir():
        print(_("conquest docs: '{out}' is a folder; give the file to write").format(out=out),
            file=sys.stderr)
        return EXIT_USAGE
    out.parent.mkdir(parents=True, exist_ok=True)
    atomic_write_text(out, text, backup=False)
    print(_("wrote {out}").format(out=out))
    return EXIT_OK
