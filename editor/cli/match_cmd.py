"""`conquest match`: agents against each other over many seeded games (the balance runner's
executors and store), with win rates, 95 % intervals, ratings and time per turn."""

from __future__ import annotations

import argparse
import json
import math
import sys
import tempfile
from pathlib import Path

from editor.cli.exits import EXIT_FINDINGS, EXIT_OK, EXIT_USAGE
from editor.cli.game_args import add_game_arguments
from editor.i18n import N_, _

NAME = "match"
#: checked by `conquest` before `run` (editor.extras): exit 2 naming the extra when missing
EXTRAS = ("balance",)
HELP = (N_("Play agents against each other over many seeded games (local processes or a Dask "
           "cluster) and print every agent's win rate with its 95 % interval, a Bradley-Terry "
           "rating (Elo scale) and its time per turn."))
EPILOG = N_(
    "Agents: random, greedy, search (the default level) or search:LEVEL. --agents names one "
    "agent per seat; fewer than the seats are filled up with the last one (`--agents search "
    "greedy` on 4 seats: one search agent against three greedy ones), and the lineup rotates "
    "by one seat per game so every agent plays every seat. With -o the games are stored "
    "(DIR/balance.duckdb) and an interrupted match resumes; without it they are kept in a "
    "temporary folder. Exit 130 when interrupted.")


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.epilog = _(EPILOG)  # marked with N_ above
    add_game_arguments(p)
    p.add_argument("--agents", nargs="+", required=True, metavar="AGENT",
                   help=_("one agent per seat in seat order (see below)"))
    p.add_argument("--games", type=int, required=True, metavar="N", help=_("games to play"))
    p.add_argument("--workers", type=int, default=1, metavar="K",
                   help=_("local worker processes (ignored with --scheduler)"))
    p.add_argument("--scheduler", metavar="ADDRESS", help=_("Dask scheduler address"))
    p.add_argument("--scheduler-timeout", type=float, default=10.0, metavar="SECONDS",
                   help=_("how long to try reaching the scheduler (default 10)"))
    p.add_argument("--seed", type=int, default=1, metavar="S", help=_("match seed (default 1)"))
    p.add_argument("--max-turns", type=int, default=400, metavar="T",
                   help=_("turn cap per game (default 400)"))
    p.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                   help=_("progress bar on stderr (default: when stderr is a terminal)"))
    p.add_argument("--format", choices=["text", "json"], default="text")
    p.add_argument("-o", "--output", metavar="DIR", help=_("folder to store the games in"))


def _number(x: float) -> float | None:
    """JSON has no NaN: an agent without turns has no time per turn."""
    return None if math.isnan(x) else x


def _fail(message: str, code: int) -> int:
    print(f"conquest match: {message}", file=sys.stderr)
    return code


def _check(args: argparse.Namespace, seats: int) -> str | None:
    from editor.agents.base import check_spec

    if len(args.agents) > seats:
        return _("--agents names {n} agents for {seats} seats").format(
                   n=len(args.agents), seats=seats)
    for spec in args.agents:
        problem = check_spec(spec)
        if problem:
            return _("--agents: {problem}").format(problem=problem)
    return None


def run(args: argparse.Namespace) -> int:
    from editor.cli.balance_cmd import _check_numbers
    from editor.cli.game_args import game_from_args

    args.vs, args.vs_overlay, args.vs_option = None, [], []
    problem = _check_numbers(args)
    if problem:
        return _fail(problem, EXIT_USAGE)
    game, code = game_from_args(args)
    if game is None:
        return code
    problem = _check(args, game.seat_count)
    if problem:
        return _fail(problem, EXIT_USAGE)
    if args.output:
        out = Path(args.output)
        if out.exists() and not out.is_dir():
            return _fail(_("-o '{out}' is a file, not a folder").format(out=out), EXIT_USAGE)
        out.mkdir(parents=True, exist_ok=True)
        return _match(args, game, out)
    with tempfile.TemporaryDirectory(prefix="conquest-match-") as tmp:
        return _match(args, game, Path(tmp))


def _match(args: argparse.Namespace, game, out: Path) -> int:
    from editor.agents.base import canonical
    from editor.balance.match import match_lines, summarise_match
    from editor.balance.runner import RunError, SchedulerError, make_plan
    from editor.balance.store import Store, StoreError
    from editor.cli.balance_cmd import play_plans

    names = [canonical(spec) for spec in args.agents]
    lineup = ",".join(names + ([] if len(names) > 1 else names))
    plan = make_plan(game, "M", args.games, args.seed, lineup, args.max_turns)
    try:
        with Store(out) as store:
            summary = play_plans(args, store, [plan])
            if summary.interrupted:
                return _fail(_("interrupted; stored {stored}/{games} games").format(
                                 stored=summary.stored.get('M', 0), games=args.games), 130)
            seats = list(plan.meta.seats)
            results = summarise_match(lineup.split(","), seats, store.games("M", args.games),
                                      store.seat_agents("M", args.games),
                                      store.turn_times("M", args.games))
    except StoreError as exc:
        print(exc.finding.format_line(), file=sys.stderr)
        return EXIT_FINDINGS
    except SchedulerError as exc:
        return _fail(str(exc), EXIT_USAGE)
    except RunError as exc:
        return _fail(_("{exc}; the finished games are stored").format(exc=exc), EXIT_FINDINGS)
    if args.format == "json":
        rows = [{"agent": r.name, "games": r.games, "wins": r.wins, "win_rate": r.rate()[0],
                 "interval": list(r.rate()[1:]), "par": r.par, "rating": r.rating,
                 "turn_seconds_median": _number(r.turn_time()[0]),
                 "turn_seconds_p95": _number(r.turn_time()[1]),
                 "by_seat": r.by_seat} for r in results]
        print(json.dumps({"variant": game.variant.name, "games": args.games,
                          "seed": args.seed, "agents": rows}, indent=2))
    else:
        print(_("{variant}: {games} games, lineup {names}, seed {seed}, played in {seconds:.1f} "
                "s").format(variant=game.variant.name, games=args.games, names=' '.join(names),
                  seed=args.seed, seconds=summary.seconds))
        for line in match_lines(results, seats):
            print(line)
    return EXIT_OK
