"""`conquest docs [--check]`: regenerate `docs/findings.md` from the finding-code registry."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from editor.check.catalogue import render_markdown
from editor.cli.main import EXIT_FINDINGS, EXIT_OK
from editor.model.io import atomic_write_text

NAME = "docs"
HELP = "Write docs/findings.md, the table of finding codes (--check: fail when stale)."


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--check", action="store_true", help="exit 1 when the file is out of date")
    p.add_argument("--out", type=Path, default=Path("docs/findings.md"), help="target file")


def run(args: argparse.Namespace) -> int:
    text = render_markdown()
    current = args.out.read_text(encoding="utf-8") if args.out.is_file() else None
    if current == text:
        return EXIT_OK
    if args.check:
        print(f"{args.out}: out of date; run 'conquest docs'", file=sys.stderr)
        return EXIT_FINDINGS
    args.out.parent.mkdir(parents=True, exist_ok=True)
    atomic_write_text(args.out, text, backup=False)
    print(f"wrote {args.out}")
    return EXIT_OK
