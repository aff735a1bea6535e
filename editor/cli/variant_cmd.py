"""`conquest variant NAME|PATH`: print the resolved variant (extends and overlays applied).

`conquest variant diff A B`: the keys whose resolved values differ, with both values.
"""

from __future__ import annotations

import argparse
import json
import sys

from editor.cli.exits import EXIT_FINDINGS, EXIT_OK, EXIT_USAGE
from editor.i18n import N_, _, ngettext
from editor.model.variant import dump_variant, locate_variant, resolve_variant

NAME = "variant"
HELP = (N_("Print a variant with its parents and overlays resolved (JSON); 'variant diff A B' "
           "lists the keys that differ."))


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("variant", metavar="NAME|PATH",
                   help=_("shipped variant name or file path; or 'diff' followed by two "
                          "variants A and B"))
    p.add_argument("others", nargs="*", metavar="B", help=argparse.SUPPRESS)
    p.add_argument("--overlay", action="append", default=[], metavar="NAME|PATH",
                   help=_("apply an overlay variant (repeatable; with diff: to B)"))
    p.add_argument("--a-overlay", action="append", default=[], metavar="NAME|PATH",
                   help=_("with diff: apply an overlay to A (repeatable)"))
    p.add_argument("--format", choices=["text", "json"], default="text",
                   help=_("with diff: one line per key (text) or a JSON list"))
    p.add_argument("--option", action="append", default=[], metavar="KEY=JSON",
                   help=_("override an option, e.g. --option recapture_moves_must_be_necessary="
                          "false (repeatable)"))


def parse_options(items: list[str]) -> dict | None:
    out = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key:
            print(_("conquest: --option expects KEY=VALUE, got {item!r}").format(item=item),
                file=sys.stderr)
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


def _show(value: object) -> str:
    from editor.model.variant_edit import MISSING

    return "(absent)" if value is MISSING else json.dumps(value, ensure_ascii=False)


def _scalars(value: object) -> bool:
    return isinstance(value, list) and all(not isinstance(v, dict | list) for v in value)


def _lines(pointer: str, old: object, new: object) -> list[str]:
    """Text lines of one change, short enough to read: an object added or removed is one line
    per key, two lists of names say what was added and removed."""
    from editor.model.variant_edit import MISSING

    objects = [v for v in (old, new) if v is not MISSING]
    if objects and all(isinstance(v, dict) for v in objects):
        before = old if isinstance(old, dict) else {}
        after = new if isinstance(new, dict) else {}
        out = []
        for key in [*before, *(k for k in after if k not in before)]:
            a, b = before.get(key, MISSING), after.get(key, MISSING)
            if a != b:
                out += _lines(f"{pointer}/{key}", a, b)
        return out or [f"{pointer}: {_show(old)} -> {_show(new)}"]
    if _scalars(old) and _scalars(new):
        added = [_show(v) for v in new if v not in old]
        removed = [_show(v) for v in old if v not in new]
        parts = [f"added {', '.join(added)}"] if added else []
        parts += [f"removed {', '.join(removed)}"] if removed else []
        return [f"{pointer}: {'; '.join(parts) or 'reordered'}"]
    return [f"{pointer}: {_show(old)} -> {_show(new)}"]


def run_diff(args: argparse.Namespace) -> int:
    """`conquest variant diff A B`: one line per differing key (A's value -> B's value)."""
    from editor.model.variant_edit import diff_variants

    if len(args.others) != 2:
        print(_("conquest variant diff: give two variants, A and B"), file=sys.stderr)
        return EXIT_USAGE
    resolved = []
    for ref, overlays in ((args.others[0], args.a_overlay), (args.others[1], args.overlay)):
        rv = resolve_variant(ref, None, overlays)
        for f in rv.findings:
            print(f.format_line(), file=sys.stderr)
        if rv.variant is None:
            return unresolved_exit(ref, overlays)
        resolved.append(rv.variant)
    changes = diff_variants(*resolved)
    if args.format == "json":
        print(json.dumps([c.to_dict() for c in changes], indent=2, ensure_ascii=False))
    else:
        for c in changes:
            print("\n".join(_lines(c.pointer, c.old, c.new)))
        print(ngettext("# {n} difference between {a} and {b}",
                       "# {n} differences between {a} and {b}", len(changes)).format(
                  n=len(changes), a=args.others[0], b=args.others[1]),
              file=sys.stderr)
    return EXIT_OK


def run(args: argparse.Namespace) -> int:
    if args.variant == "diff" and args.others:
        return run_diff(args)
    if args.others:
        print(_("conquest variant: unexpected arguments {others} (did you mean 'conquest variant"
                " diff A B'?)").format(others=args.others), file=sys.stderr)
        return EXIT_USAGE
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
