"""`conquest options [--variant V]`: every option of RULES.md 2.0 with its type, allowed values,
default, value in a variant, CONF and rule IDs and description (read from the options model)."""

from __future__ import annotations

import argparse
import json
import sys

from editor.cli.exits import EXIT_OK
from editor.i18n import N_, _, ngettext
from editor.model.variant import Options, resolve_variant
from editor.model.variant_fields import describe_allowed, option_infos

NAME = "options"
HELP = N_("List every variant option: type, allowed values, default, value in a variant, rule IDs.")


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--variant", metavar="NAME|PATH",
                   help=_("also show each option's value in this variant (shipped name or file)"))
    p.add_argument("--overlay", action="append", default=[], metavar="NAME|PATH",
                   help=_("with --variant: apply an overlay first (repeatable)"))
    p.add_argument("--format", choices=["text", "json"], default="text")


def _value(value: object) -> str:
    return json.dumps(value, ensure_ascii=False)


def run(args: argparse.Namespace) -> int:
    from editor.cli.variant_cmd import unresolved_exit

    values: dict | None = None
    if args.variant:
        rv = resolve_variant(args.variant, None, args.overlay)
        for f in rv.findings:
            print(f.format_line(), file=sys.stderr)
        if rv.variant is None:
            return unresolved_exit(args.variant, args.overlay)
        values = rv.variant.options.model_dump(mode="json")
    infos = option_infos(Options)
    if args.format == "json":
        rows = []
        for info in infos:
            row = info.to_dict()
            if values is not None:
                row["value"] = values[info.name]
            rows.append(row)
        print(json.dumps(rows, indent=2, ensure_ascii=False))
        return EXIT_OK
    for info in infos:
        ids = ", ".join([*info.conf, *info.rules])
        line = _("{name}: {allowed}; default {default}").format(
            name=info.name, allowed=describe_allowed(info), default=_value(info.default))
        if values is not None:
            value = values[info.name]
            line += _("; in {variant}: {value}").format(variant=args.variant, value=_value(value))
            line += "" if value == info.default else _(" (changed)")
        print(f"{line} [{ids}]")
        print(f"    {_(info.description) if info.description else ''}")
    print(ngettext("# {n} option", "# {n} options", len(infos)).format(n=len(infos)),
          file=sys.stderr)
    return EXIT_OK
