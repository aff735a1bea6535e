"""`conquest balance`: many games in parallel (local processes or a Dask cluster), stored in
DuckDB, summarised in `report.html` with plots. See `editor.balance`."""

from __future__ import annotations

import argparse
import contextlib
import signal
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

from editor.agents.base import agent_names
from editor.cli import balance_eval
from editor.cli.exits import EXIT_FINDINGS, EXIT_OK, EXIT_USAGE
from editor.cli.game_args import add_game_arguments, game_or_exit
from editor.cli.variant_cmd import parse_options
from editor.i18n import N_, _

NAME = "balance"
#: checked by `conquest` before `run` (editor.extras): exit 2 naming the extra when missing
EXTRAS = ("balance",)
HELP = (N_("Play many games of a variant in parallel (local processes or a Dask cluster), store "
           "them in DIR/balance.duckdb and write DIR/report.html: win rate per seat, game "
           "length, victory rules, captures per field; with --vs the differences."))
EPILOG = N_(
    "An interrupted run (Ctrl-C, kill) keeps every finished game; run the same command again "
    "to play only the missing ones. Games are seeded per game from --seed, so the results do "
    "not depend on --workers or the cluster. A folder holding games of another variant, "
    "board, seed, policy or turn cap is refused (exit 1). Exit 130 when interrupted.")
MAX_GAMES = 10_000_000


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.epilog = _(EPILOG)  # marked with N_ above
    add_game_arguments(p)
    p.add_argument("--vs", metavar="VARIANT2",
                   help=_("second variant to compare against (same board, seeds and policy)"))
    p.add_argument("--vs-overlay", action="append", default=[], metavar="O",
                   help=_("overlay applied to --vs, e.g. --vs conquest-4p --vs-overlay "
                          "classic-recapture (repeatable)"))
    p.add_argument("--vs-option", action="append", default=[], metavar="K=V",
                   help=_("option override for --vs (repeatable)"))
    p.add_argument("--games", type=int, required=True, metavar="N", help=_("games per variant"))
    p.add_argument("--workers", type=int, default=1, metavar="K",
                   help=_("local worker processes (ignored with --scheduler; default 1)"))
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help=_("Dask scheduler address (e.g. tcp://host:8786): play on that cluster"))
    p.add_argument("--scheduler-timeout", type=float, default=10.0, metavar="SECONDS",
                   help=_("how long to try reaching the scheduler (default 10)"))
    p.add_argument("--policy", choices=agent_names(), default="random", metavar="AGENT",
                   help=_("the agent of every seat: random (uniform over a piece, then its legal "
                          "destinations), greedy (prefers captures and safe moves, heads for "
                          "capitals and the grail), search or search:LEVEL (plans its turns; "
                          "levels {levels}) (default: random)").format(
                       levels=", ".join(n for n in agent_names() if ":" in n)))
    balance_eval.add_arguments(p)
    p.add_argument("--seed", type=int, default=1, metavar="S",
                   help=_("run seed; game i plays from a seed derived from S and i (default 1)"))
    p.add_argument("--max-turns", type=int, default=400, metavar="T",
                   help=_("turn cap per game; a capped game ends without a winner, rule 'cap' "
                          "(default 400)"))
    p.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                   help=_("progress bar on stderr (default: when stderr is a terminal)"))
    p.add_argument("-o", "--output", required=True, metavar="DIR", help=_("output folder"))


def _fail(message: str, code: int) -> int:
    print(f"conquest balance: {message}", file=sys.stderr)
    return code


def _check_numbers(args: argparse.Namespace) -> str | None:
    if not 1 <= args.games <= MAX_GAMES:
        return _("--games must be between 1 and {limit}, got {games}").format(
                   limit=MAX_GAMES, games=args.games)
    if args.workers < 1:
        return _("--workers must be at least 1, got {workers}").format(workers=args.workers)
    if args.max_turns < 1:
        return _("--max-turns must be at least 1, got {max_turns}").format(max_turns=args.max_turns)
    if not 0 <= args.seed < 2**62:
        return _("--seed must be between 0 and 2**62, got {seed}").format(seed=args.seed)
    if not 0 < args.scheduler_timeout <= 600:
        return _("--scheduler-timeout must be between 0 and 600 s, got {value}").format(
                   value=args.scheduler_timeout)
    if args.vs is None and (args.vs_overlay or args.vs_option):
        return _("--vs-overlay and --vs-option need --vs")
    return None


def _board_dir(board_ref: str | None, game) -> Path | None:
    """The folder of the board file (its scan path is relative to it)."""
    from editor.resources import locate

    ref = board_ref or game.variant.board
    path = locate("boards", ref) if ref else None
    return path.resolve().parent if path is not None else None


def _title(variant: str, overlays: list[str], options: dict) -> str:
    extra = [*overlays, *(f"{k}={v}" for k, v in options.items())]
    return variant + "".join(f" + {x}" for x in extra)


def _load_sides(args: argparse.Namespace):
    """[(game, title), ...] or an exit code after printing the problems."""
    sides = []
    specs = [(args.variant, args.overlay, args.option)]
    if args.vs:
        specs.append((args.vs, args.vs_overlay, args.vs_option))
    for variant, overlays, option_items in specs:
        options = parse_options(option_items)
        if options is None:
            return EXIT_USAGE
        game, code = game_or_exit(args.board, variant, options, overlays)
        if game is None:
            return code
        sides.append((game, _title(game.variant.name, overlays, options)))
    return sides


@contextlib.contextmanager
def _stop_on_signals() -> Iterator[threading.Event]:
    """Ctrl-C or `kill` sets the event the run loop looks at: finished games are kept and the
    running chunks are stored as they finish. A second signal interrupts at once."""
    stop = threading.Event()

    def handler(_signum, _frame):
        if stop.is_set():
            raise KeyboardInterrupt
        stop.set()

    previous = {sig: signal.signal(sig, handler) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield stop
    finally:
        for sig, old in previous.items():
            signal.signal(sig, old)


def run(args: argparse.Namespace) -> int:
    problem = _check_numbers(args)
    if problem:
        return _fail(problem, EXIT_USAGE)
    sides = _load_sides(args)
    if isinstance(sides, int):
        return sides
    out = Path(args.output)
    if out.exists() and not out.is_dir():
        return _fail(_("-o '{out}' is a file, not a folder").format(out=out), EXIT_USAGE)
    out.mkdir(parents=True, exist_ok=True)
    from editor.agents.base import canonical
    from editor.balance.runner import RunError, SchedulerError, make_plan
    from editor.balance.store import Store, StoreError

    args.policy = canonical(args.policy)
    plans = [make_plan(game, label, args.games, args.seed, args.policy, args.max_turns)
             for label, (game, _t) in zip("AB", sides, strict=False)]
    skill = balance_eval.skill_plan(args, sides[0][0])
    try:
        store = Store(out)
    except StoreError as exc:
        print(exc.finding.format_line(), file=sys.stderr)
        return EXIT_FINDINGS
    with store:
        try:
            summary = play_plans(args, store, plans + ([skill] if skill else []))
        except StoreError as exc:
            print(exc.finding.format_line(), file=sys.stderr)
            return EXIT_FINDINGS
        except SchedulerError as exc:
            return _fail(str(exc), EXIT_USAGE)
        except RunError as exc:
            return _fail(_("{exc}; the finished games are stored").format(exc=exc), EXIT_FINDINGS)
        return _finish(args, store, plans, sides, summary, out, skill)


def play_plans(args: argparse.Namespace, store, plans):
    """Run `plans` on the executor the arguments choose; Ctrl-C stops cleanly."""
    from editor.balance.runner import open_executor, run_plans

    progress = sys.stderr.isatty() if args.progress is None else args.progress
    with _stop_on_signals() as stop:
        try:
            with open_executor(args.workers, args.scheduler,
                               args.scheduler_timeout) as (executor, slots):
                return run_plans(store, plans, executor, slots, progress=progress, stop=stop)
        except KeyboardInterrupt:  # during start-up or shutdown of the workers
            from editor.balance.runner import RunSummary, stored_counts

            return RunSummary(interrupted=True, stored=stored_counts(store, plans))


def _stored_prefix(done: set[int]) -> int:
    """n such that games 0..n-1 are all stored."""
    n = 0
    while n in done:
        n += 1
    return n


def _games_to_report(store, plans) -> int:
    """How many games per side the report counts: what this run asked for, or every game the
    folder holds when an earlier run stored more (games 0..n-1 of every side, played from the
    same seeds), so a smaller --games never shrinks a report silently."""
    return min(max(plan.games, _stored_prefix(store.done(plan.meta.label))) for plan in plans)


def _finish(args, store, plans, sides, summary, out: Path, skill=None) -> int:
    from editor.balance.analysis import seat_verdict, summarise
    from editor.balance.report import SideData, write_report

    stored = ", ".join(f"{p.meta.label} {summary.stored.get(p.meta.label, 0)}/{p.games}"
                       for p in plans)
    rate = _("{n} games in {seconds:.1f} s ({speed:.1f} games/s)").format(
        n=summary.played, seconds=summary.seconds, speed=summary.games_per_second)
    if summary.interrupted:
        print(_("conquest balance: interrupted after {rate}; stored {stored}. Run the same "
                "command again to play the remaining games.").format(rate=rate, stored=stored),
                    file=sys.stderr)
        return 130
    data = []
    counted = _games_to_report(store, plans)
    for plan, (game, title) in zip(plans, sides, strict=True):
        games = store.games(plan.meta.label, counted)
        data.append(SideData(summarise(plan.meta.label, title,
                                       list(plan.meta.seats), games),
                             store.capture_fields(plan.meta.label, counted), title,
                             game.variant.options.model_dump(mode="json")))
    game = sides[0][0]
    if counted > args.games:
        print(_("conquest balance: the folder holds {counted} games per variant; the report uses"
                " all {counted} (--games {games} asked for fewer; use a new folder for a report "
                "of fewer games)").format(counted=counted, games=args.games), file=sys.stderr)
    note = (f"{counted} games per variant on board {game.board.name}, policy "
            f"{args.policy}, seed {args.seed}, turn cap {args.max_turns}. Games are stored "
            f"in {store.path.name} (DuckDB). This run: {rate}.")
    pairs = store.identical_pairs(counted) if len(data) == 2 else None
    extra = balance_eval.sections(store, plans, [t for _g, t in sides], skill, out, game)
    report = write_report(out, game.board, _board_dir(args.board, game), data, note, pairs,
                          extra)
    print(_("played {rate}; stored {stored}").format(rate=rate, stored=stored))
    for side in data:
        print(f"{side.summary.label} ({side.title}): {seat_verdict(side.summary)}")
    if len(data) == 2:
        from editor.balance.analysis import compare, compare_verdict

        a, b = data[0].summary, data[1].summary
        for line in compare_verdict(a, b, compare(a, b), pairs):
            print(_("B against A: {line}").format(line=line))
    if skill is not None:
        print(_("skill: {verdict}").format(verdict=balance_eval.skill_verdict(store, skill)))
    print(_("wrote {report}").format(report=report))
    return EXIT_OK
