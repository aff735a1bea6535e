"""A game for a subcommand from its `--board`, `--variant`, `--overlay`, `--option` arguments,
through the one loader (`editor.rules.game_loader`), with its problems printed and the exit code
they mean: 2 for a reference that names no file, 1 for problems inside the files."""

from __future__ import annotations

import argparse
import sys

from editor.cli.exits import EXIT_FINDINGS, EXIT_USAGE
from editor.engine.game import Game
from editor.i18n import _
from editor.rules.game_loader import load_game


def add_game_arguments(p: argparse.ArgumentParser) -> None:
    """The arguments `game_from_args` reads: --variant (required), --board, --overlay, --option."""
    p.add_argument("--variant", required=True, metavar="V", help=_("variant name or path"))
    p.add_argument("--board", metavar="B", help=_("board (default: the variant's board)"))
    p.add_argument("--overlay", action="append", default=[], metavar="O",
                   help=_("overlay applied to --variant (repeatable)"))
    p.add_argument("--option", action="append", default=[], metavar="K=V",
                   help=_("option override for --variant (repeatable)"))


def game_or_exit(board: str | None, variant: str | None, options: dict | None = None,
                 overlays: list[str] | None = None, setup: str | None = None
                 ) -> tuple[Game | None, int | None]:
    """(game, None), or (None, exit code) after printing why there is none."""
    loaded = load_game(board, variant, overlays=overlays or (), options=options, setup=setup)
    for f in loaded.findings:
        print(f.format_line(), file=sys.stderr)
    if loaded.usage is not None:
        print(f"conquest: {loaded.usage}", file=sys.stderr)
        return None, EXIT_USAGE
    if loaded.game is None:
        return None, EXIT_FINDINGS
    return loaded.game, None


def game_from_args(args) -> tuple[Game | None, int | None]:
    """The game of a subcommand's `--board`, `--variant`, `--overlay` and `--option` arguments:
    (game, None), or (None, exit code) after printing why there is none."""
    from editor.cli.variant_cmd import parse_options

    options = parse_options(args.option)
    if options is None:
        return None, EXIT_USAGE
    return game_or_exit(args.board, args.variant, options, args.overlay)
