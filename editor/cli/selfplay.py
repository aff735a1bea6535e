"""`conquest selfplay`: random playouts with invariant checks after every action."""

from __future__ import annotations

import argparse
import json
import sys

from editor.cli.exits import EXIT_FINDINGS, EXIT_OK, EXIT_USAGE
from editor.cli.game_args import game_from_args
from editor.i18n import N_, _

NAME = "selfplay"
HELP = N_("Play random games, check invariants after every action and print a summary.")


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--board", required=False, metavar="BOARD",
                   help=_("board file, shipped board name or game package (*.conquest) (default: "
                          "the variant's board, or exit 2 when it is missing)"))
    p.add_argument("--variant", metavar="VARIANT",
                   help=_("variant name or path (required unless --board is a game package)"))
    p.add_argument("--overlay", action="append", default=[], metavar="NAME|PATH",
                   help=_("overlay variant to apply (e.g. catapult-4cm); repeatable"))
    p.add_argument("--option", action="append", default=[], metavar="KEY=JSON")
    p.add_argument("--games", type=int, default=10)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--max-turns", type=int, default=400, help=_("turn cap per game"))
    p.add_argument("--log", metavar="FILE",
                   help=_("write every game's actions in engine notation (JSON lines)"))
    p.add_argument("--format", choices=["text", "json"], default="text")


def log_text(st, a: tuple) -> str:
    """An action as the log writes it: engine notation that reads back as exactly that action
    (the acting piece's number in its stack where another piece of its letter stands there:
    two soldiers aboard one elephant)."""
    from editor.rules.notation import exact_text

    return exact_text(st, a, full_path=False)


def run(args: argparse.Namespace) -> int:
    from editor.engine.playout import selfplay

    if args.games < 1 or args.max_turns < 1:
        print(_("conquest selfplay: --games and --max-turns must be positive"), file=sys.stderr)
        return EXIT_USAGE
    game, code = game_from_args(args)
    if game is None:
        return code
    log: list | None = [] if args.log else None
    rep = selfplay(game, args.games, args.seed, args.max_turns, log=log, to_text=log_text)
    if log is not None:
        try:
            with open(args.log, "w", encoding="utf-8") as handle:
                for record in log:
                    handle.write(json.dumps(record, ensure_ascii=False) + "\n")
        except OSError as exc:
            print(_("conquest selfplay: cannot write '{log}': {error}").format(
                      log=args.log, error=exc.strerror),
                  file=sys.stderr)
            return EXIT_USAGE
    summary = {
        "board": game.board.name, "variant": game.variant.name, "games": rep.games,
        "actions": rep.actions, "turns": rep.turns,
        "mean_turns": round(rep.turns / rep.games, 1),
        "terminations": dict(sorted(rep.reasons.items())),
        "winners": dict(sorted(rep.winners.items())),
        "seconds": round(rep.seconds, 2),
        "actions_per_second": round(rep.actions_per_second, 1),
        "invariant_violations": rep.violations[:20],
    }
    if args.format == "json":
        print(json.dumps(summary, indent=2))
    else:
        for k, v in summary.items():
            print(f"{k}: {v}")
    return EXIT_FINDINGS if rep.violations else EXIT_OK
