"""`conquest schema [--check]`: write or verify the generated JSON Schemas in `schema/`."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from editor.cli.exits import EXIT_FINDINGS, EXIT_OK, EXIT_USAGE
from editor.i18n import N_, _
from editor.model import package, scenario, variant
from editor.model.io import atomic_write_text
from editor.model.schema import SCHEMAS, render
from editor.resources import data_dir

NAME = "schema"
HELP = N_("Generate schema/*.schema.json from the models (--check: fail when they are stale).")

#: Modules that register further schemas (the board's is built in): imported, so registered.
SCHEMA_PROVIDERS = (variant, scenario, package)


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--check", action="store_true",
                   help=_("do not write; exit 1 when a file differs from what the models generate"))
    p.add_argument("--out", type=Path, default=None,
                   help=_("folder to write to (default: schema/)"))


def run(args: argparse.Namespace) -> int:
    folder = args.out or data_dir("schema")
    if folder.exists() and not folder.is_dir():
        print(_("conquest schema: '{folder}' is not a folder; --out takes the folder to write "
                "the schemas to").format(folder=folder), file=sys.stderr)
        return EXIT_USAGE
    stale = []
    for spec in SCHEMAS:
        target = folder / spec.filename
        text = render(spec)
        current = target.read_text(encoding="utf-8") if target.is_file() else None
        if current == text:
            continue
        if args.check:
            stale.append(target)
            print(_("{target}: out of date; run 'conquest schema' (or 'make schema')").format(
                      target=target),
                  file=sys.stderr)
        else:
            folder.mkdir(parents=True, exist_ok=True)
            atomic_write_text(target, text, backup=False)
            print(_("wrote {target}").format(target=target))
    return EXIT_FINDINGS if stale else EXIT_OK
