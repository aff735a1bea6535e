"""`conquest`: validate, schema, docs, render, variant, moves, check, selfplay, bench, why,
migrate, rules, balance, match, evaluate, detect.

Each subcommand lives in its own module of this package with `NAME`, `HELP`,
`add_arguments(parser)` and `run(args) -> int`. Exit codes: 0 success, 1 problems found in the
inputs, 2 usage errors or unreadable inputs, 3 an internal error (traceback on stderr).
"""

from __future__ import annotations

from editor.balance.parent_watch import watch_parent_if_spawned

watch_parent_if_spawned(__name__)  # a balance worker: end with the parent (before the imports)

import argparse
import contextlib
import sys
import traceback
from types import ModuleType

from editor import __version__, extras
from editor.cli import (
    balance_cmd,
    bench,
    check_cmd,
    detect_cmd,
    docs_cmd,
    evaluate_cmd,
    match_cmd,
    migrate_cmd,
    moves,
    options_cmd,
    pack_cmd,
    render_cmd,
    rules_cmd,
    schema_cmd,
    selfplay,
    validate,
    variant_cmd,
    why_cmd,
)
from editor.cli.exits import EXIT_CRASH, EXIT_OK, EXIT_USAGE
from editor.engine import ENGINE
from editor.i18n import LANGUAGES, _, set_language
from editor.i18n_argparse import install as speak_argparse

#: Subcommand modules in help order (imported by name: no module name in a string).
SUBCOMMANDS: list[ModuleType] = [
    validate, schema_cmd, docs_cmd, render_cmd, variant_cmd, moves, check_cmd, selfplay, bench,
    options_cmd, pack_cmd, why_cmd, balance_cmd, match_cmd, evaluate_cmd, detect_cmd,
    migrate_cmd, rules_cmd,
]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="conquest",
        description=_("Conquest Workbench: validate boards and variants, generate schemas, "
                      "render boards, and play-test rules."))
    parser.add_argument("--version", action="version",
                        version=f"%(prog)s {__version__} (engine: {ENGINE})")
    parser.add_argument("--language", choices=LANGUAGES, default=None,
                        help=_("the language of messages, explanations and this help (default: "
                               "the system locale, LANGUAGE / LC_ALL / LC_MESSAGES / LANG)"))
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module in SUBCOMMANDS:
        needs = getattr(module, "EXTRAS", ())
        summary = _(module.HELP)  # marked with N_ in the module
        description = summary + "".join(
            _(" Needs the '{extra}' extra ({command}).").format(
                extra=e, command=extras.install_hint(e)) for e in needs)
        # argparse formats help texts with %: a literal '95 %' would end every --help
        p = sub.add_parser(module.NAME, help=summary.replace("%", "%%"),
                           description=description.replace("%", "%%"))
        module.add_arguments(p)
        p.set_defaults(_run=module.run, _intermixed=getattr(module, "INTERMIXED", None),
                       _extras=needs)
    return parser


def _parse(parser: argparse.ArgumentParser, argv: list[str] | None) -> argparse.Namespace:
    """Parse; a command that names its positional list in `INTERMIXED` also takes positionals
    after its options (`why SCEN --steps 1 ACTION`), which argparse alone refuses."""
    args, extras = parser.parse_known_args(argv)
    dest = getattr(args, "_intermixed", None)
    if extras and dest and not any(e.startswith("-") for e in extras):
        getattr(args, dest).extend(extras)
    elif extras:
        parser.error(_("unrecognized arguments: {args}").format(args=" ".join(extras)))
    return args


def _tolerant_output() -> None:
    """Never fail on printing: file names with undecodable bytes, labels a console cannot show."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            with contextlib.suppress(ValueError, OSError):  # e.g. a detached stream
                reconfigure(errors="backslashreplace")


def _check_extras(command: str, needed: tuple[str, ...]) -> bool:
    """Say so and return True when an extra the command needs is not installed."""
    for extra in needed:
        missing = extras.missing_modules(extra)
        if missing:
            _needs_extra(command, extra, missing[0])
            return True
    return False


def _needs_extra(command: str, extra: str, missing: str) -> int:
    print(f"conquest {command}: {extras.needs_message(extra, missing)}", file=sys.stderr)
    return EXIT_USAGE


def language_asked(argv: list[str]) -> str | None:
    """The `--language` of a command line, read before parsing so the help itself is in that
    language (None: not given, or not a shipped language)."""
    for i, word in enumerate(argv):
        if word == "--":
            break
        value = word.partition("=")[2] if word.startswith("--language=") else (
            argv[i + 1] if word == "--language" and i + 1 < len(argv) else None)
        if value is not None:
            return value if value in LANGUAGES else None
    return None


def main(argv: list[str] | None = None) -> int:
    _tolerant_output()
    words = sys.argv[1:] if argv is None else argv
    set_language(language_asked(words))  # None: the system locale's
    speak_argparse()
    parser = build_parser()
    try:
        args = _parse(parser, argv)
    except SystemExit as exc:  # argparse exits 2 on usage errors, 0 on --help
        if exc.code == EXIT_USAGE:  # `conquest detect` alone: also say what it needs
            by_name = {m.NAME: m for m in SUBCOMMANDS}
            named = next((by_name[w] for w in words if w in by_name), None)
            if named is not None:
                _check_extras(named.NAME, getattr(named, "EXTRAS", ()))
        return int(exc.code or 0)
    if not getattr(args, "_run", None):
        parser.print_help(sys.stderr)
        return EXIT_USAGE
    if _check_extras(args.command, args._extras):  # before the command writes anything
        return EXIT_USAGE
    try:
        return int(args._run(args))
    except ModuleNotFoundError as exc:  # an optional library imported where it is used
        extra = extras.extra_of(exc.name)
        if extra is None:
            raise
        return _needs_extra(args.command, extra, exc.name or extra)
    except BrokenPipeError:  # output piped into e.g. `head`, which stopped reading
        return EXIT_OK
    except OSError as exc:  # a path the command cannot read or write: the user's to fix
        where = f" '{exc.filename}'" if exc.filename else ""
        print(_("conquest {command}: cannot access{where}: {error}").format(
            command=args.command, where=where, error=exc.strerror or exc), file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print(_("conquest: interrupted"), file=sys.stderr)
        return 130
    except Exception:  # a bug: exit 3, never 1 ("errors found"), with what to report
        traceback.print_exc()
        print(_("conquest {command}: internal error (a bug in conquest {version}); please "
                "report the traceback above").format(command=args.command, version=__version__),
              file=sys.stderr)
        return EXIT_CRASH


if __name__ == "__main__":
    sys.exit(main())
