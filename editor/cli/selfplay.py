"""`conquest selfplay`: random playouts with invariant checks after every action."""

from __future__ import annotations

import argparse
import json
import sys

from editor.cli.exits import EXIT_FINDINGS, EXIT_OK, EXIT_USAGE
from editor.cli.variant_cmd import parse_options, unresolved_exit

NAME = "selfplay"
HELP = "Play random games, check invariants after every action and print a summary."


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--board", required=False, metavar="BOARD",
                   help="board file, shipped board name or game package (*.conquest) (default: "
                   "the variant's board, or exit 2 when it is missing)")
    p.add_argument("--variant", metavar="VARIANT",
                   help="variant name or path (required unless --board is a game package)")
    p.add_argument("--overlay", action="append", default=[], metavar="NAME|PATH",
                   help="overlay variant to apply (e.g. catapult-4cm); repeatable")
    p.add_argument("--option", action="append", default=[], metavar="KEY=JSON")
    p.add_argument("--games", type=int, default=10)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--max-turns", type=int, default=400, help="turn cap per game")
    p.add_argument("--log", metavar="FILE",
                   help="write every game's actions in engine notation (JSON lines)")
    p.add_argument("--format", choices=["text", "json"], default="text")


def load_game(board_ref: str | None, variant_ref: str | None, options: dict | None = None,
              overlays: list[str] | None = None):
    """(game, None) or (None, exit code) after printing the problems.

    Exit 2 only for unreadable references (no such variant / board file); problems in the
    inputs (invalid variant, invalid board, a board that lacks what the variant needs) are
    printed as findings and give exit 1. No CompileError reaches the caller.
    """
    from pathlib import Path

    from editor.check.pair_checks import PAIR_VARIANT, check_board_for_variant
    from editor.model.io import is_file
    from editor.model.package import is_package
    from editor.model.variant import resolve_variant
    from editor.resources import data_dir
    from editor.rules.compiled import CompileError
    from editor.rules.engine import Game
    from editor.rules.scenario_run import resolve_board

    if board_ref and is_package(board_ref):
        from editor.cli.pack_cmd import load_package_game

        return load_package_game(board_ref, variant_ref, options, overlays)
    if not variant_ref:
        print("conquest: give --variant (or a game package with --board)", file=sys.stderr)
        return None, EXIT_USAGE
    rv = resolve_variant(variant_ref, None, overlays or None, options or None)
    if rv.variant is None:
        for f in rv.findings:
            print(f.format_line(), file=sys.stderr)
        return None, unresolved_exit(variant_ref, overlays)
    v = rv.variant
    ref = board_ref or v.board
    board = None
    board_path: Path | None = None
    if ref:
        named = data_dir("boards") / f"{ref}.board.json"
        if is_file(ref):
            board_path = Path(ref)
        elif is_file(named):
            board_path = named
    if board_path is None:
        if ref:
            print(f"conquest: board '{ref}' of variant '{variant_ref}' not found: give a board "
                  f"file with --board, or a shipped board name from {data_dir('boards')}",
                  file=sys.stderr)
        else:
            print(f"conquest: variant '{variant_ref}' names no board: give one with --board",
                  file=sys.stderr)
        return None, EXIT_USAGE
    board, findings = resolve_board(str(board_path), Path.cwd())
    if board is None:
        for f in findings:
            print(f.format_line(), file=sys.stderr)
        return None, EXIT_FINDINGS
    from editor.model import load_board

    located = load_board(board_path)
    pair = located.locate(check_board_for_variant(board, v))
    errors = [f for f in pair if f.is_error]
    if errors:
        for f in errors:
            print(f.format_line(), file=sys.stderr)
        return None, EXIT_FINDINGS
    try:
        game = Game(board, v)
        game.initial_state()
    except CompileError as exc:
        print(PAIR_VARIANT.at(f"board and variant do not fit: {exc} (run conquest validate "
                              "--board --variant)").located(str(board_path)).format_line(),
              file=sys.stderr)
        return None, EXIT_FINDINGS
    return game, None


def run(args: argparse.Namespace) -> int:
    from editor.rules.playout import selfplay

    if args.games < 1 or args.max_turns < 1:
        print("conquest selfplay: --games and --max-turns must be positive", file=sys.stderr)
        return EXIT_USAGE
    options = parse_options(args.option)
    if options is None:
        return EXIT_USAGE
    game, code = load_game(args.board, args.variant, options, args.overlay)
    if game is None:
        return code
    log: list | None = [] if args.log else None
    rep = selfplay(game, args.games, args.seed, args.max_turns, log=log)
    if log is not None:
        try:
            with open(args.log, "w", encoding="utf-8") as handle:
                for record in log:
                    handle.write(json.dumps(record, ensure_ascii=False) + "\n")
        except OSError as exc:
            print(f"conquest selfplay: cannot write '{args.log}': {exc.strerror}",
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
