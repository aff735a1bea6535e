"""`conquest`: validate, schema, docs, render, variant, moves, check, selfplay, bench, why.

Each subcommand lives in its own module of this package with `NAME`, `HELP`,
`add_arguments(parser)` and `run(args) -> int`. Exit codes: 0 success, 1 problems found in the
inputs, 2 usage errors or unreadable inputs.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from types import ModuleType

from editor import __version__
from editor.cli import (
    balance_cmd,
    bench,
    check_cmd,
    detect_cmd,
    docs_cmd,
    moves,
    options_cmd,
    pack_cmd,
    render_cmd,
    schema_cmd,
    selfplay,
    validate,
    variant_cmd,
    why_cmd,
)
from editor.cli.exits import EXIT_OK, EXIT_USAGE
from editor.rules import ENGINE

#: Subcommand modules in help order (imported by name: no module name in a string).
SUBCOMMANDS: list[ModuleType] = [
    validate, schema_cmd, docs_cmd, render_cmd, variant_cmd, moves, check_cmd, selfplay, bench,
    options_cmd, pack_cmd, why_cmd, balance_cmd, detect_cmd,
]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="conquest",
        description="Conquest Workbench: validate boards and variants, generate schemas, render "
        "boards, and play-test rules.")
    parser.add_argument("--version", action="version",
                        version=f"%(prog)s {__version__} (engine: {ENGINE})")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module in SUBCOMMANDS:
        p = sub.add_parser(module.NAME, help=module.HELP, description=module.HELP)
        module.add_arguments(p)
        p.set_defaults(_run=module.run, _intermixed=getattr(module, "INTERMIXED", None))
    return parser


def _parse(parser: argparse.ArgumentParser, argv: list[str] | None) -> argparse.Namespace:
    """Parse; a command that names its positional list in `INTERMIXED` also takes positionals
    after its options (`why SCEN --steps 1 ACTION`), which argparse alone refuses."""
    args, extras = parser.parse_known_args(argv)
    dest = getattr(args, "_intermixed", None)
    if extras and dest and not any(e.startswith("-") for e in extras):
        getattr(args, dest).extend(extras)
    elif extras:
        parser.error(f"unrecognized arguments: {' '.join(extras)}")
    return args


def _tolerant_output() -> None:
    """Never fail on printing: file names with undecodable bytes, labels a console cannot show."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            with contextlib.suppress(ValueError, OSError):  # e.g. a detached stream
                reconfigure(errors="backslashreplace")


def main(argv: list[str] | None = None) -> int:
    _tolerant_output()
    parser = build_parser()
    try:
        args = _parse(parser, argv)
    except SystemExit as exc:  # argparse exits 2 on usage errors, 0 on --help
        return int(exc.code or 0)
    if not getattr(args, "_run", None):
        parser.print_help(sys.stderr)
        return EXIT_USAGE
    try:
        return int(args._run(args))
    except BrokenPipeError:  # output piped into e.g. `head`, which stopped reading
        return EXIT_OK
    except OSError as exc:  # a path the command cannot read or write: the user's to fix
        where = f" '{exc.filename}'" if exc.filename else ""
        print(f"conquest {args.command}: cannot access{where}: {exc.strerror or exc}",
              file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("conquest: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
