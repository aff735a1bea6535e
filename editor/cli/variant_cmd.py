"""`conquest variant NAME|PATH`: print the resolved variant (extends and overlays applied)."""

from __future__ import annotations

import argparse
import json
import sys

from editor.cli.exits import EXIT_FINDINGS, EXIT_OK, EXIT_USAGE
from editor.model.variant import dump_variant, locate_variant, resolve_variant

NAME = "variant"
HELP = "Print a variant with its parents and overlays resolved (JSON)."


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("variant", metavar="NAME|PATH", help="shipped variant name or file path")
    p.add_argument("--overlay", action="append", default=[], metavar="NAME|PATH",
                   help="apply an overlay variant (repeatable)")
    p.add_argument("--option", action="append", default=[], metavar="KEY=JSON",
                   help="override an option, e.g. --option recapture_moves_must_be_necessary="
                   "false (repeatable)")


def parse_options(items: list[str]) -> dict | None:
    out = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key:
            print(f"conquest: --option expects KEY=VALUE, got {item!r}", file=sys.stderr)
            return None
        try:
            out[key] = json.loads(value)
        except ValueError:
            out[key] = value
    return out


def unresolved_exit(ref: str, overlays: list[str] | None = None) -> int:
    """Exit code when a variant did not resolve: 2 when a reference given on the command line
    names no file, 1 for problems inside the files (invalid values, missing parents)."""
    refs = [ref, *(overlays or [])]
    return EXIT_USAGE if any(locate_variant(str(r)) is None for r in refs) else EXIT_FINDINGS


def run(args: argparse.Namespace) -> int:
    options = parse_options(args.option)
    if options is None:
        return EXIT_USAGE
    rv = resolve_variant(args.variant, None, args.overlay, options)
    for f in rv.findings:
        print(f.format_line(), file=sys.stderr)
    if rv.variant is None:
        return unresolved_exit(args.variant, args.overlay)
    sys.stdout.write(dump_variant(rv.variant))
    return EXIT_OK
