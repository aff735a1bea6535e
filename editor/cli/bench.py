"""`conquest bench`: the engine's speed figures (medians), measured in one run."""

from __future__ import annotations

import argparse
import json

from editor.cli.exits import EXIT_OK
from editor.cli.selfplay import load_game

NAME = "bench"
HELP = ("Measure legal destinations of range-6 pieces (vs networkx), all legal actions in the "
        "start position, random playout speed, and selecting a stack in test play.")


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--board", metavar="BOARD",
                   help="board or game package (default: the variant's board)")
    p.add_argument("--variant", default=None, metavar="VARIANT",
                   help="variant (default: the package's, else conquest-4p)")
    p.add_argument("--overlay", action="append", default=[], metavar="NAME|PATH",
                   help="overlay variant to apply (e.g. catapult-4cm)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--positions", type=int, default=40, help="sampled positions")
    p.add_argument("--format", choices=["text", "json"], default="text")


def run(args: argparse.Namespace) -> int:
    from editor.model.package import is_package
    from editor.rules.playout import bench

    packaged = bool(args.board) and is_package(args.board)
    variant = args.variant or (None if packaged else "conquest-4p")
    game, code = load_game(args.board, variant, None, args.overlay)
    if game is None:
        return code
    figures = bench(game, seed=args.seed, positions=args.positions)
    from editor.rules.session import PlaySession
    from editor.rules.session_bench import bench_selection

    session = PlaySession(game.board, game.variant)
    figures.update(bench_selection(session, seed=args.seed, positions=min(args.positions, 20)))
    if args.format == "json":
        print(json.dumps(figures, indent=2))
    else:
        for k, v in figures.items():
            print(f"{k}: {v}")
    return EXIT_OK
