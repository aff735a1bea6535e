"""`conquest evaluate`: a short evaluation of every shipped variant with agents, written as a
Markdown page (`docs/evaluation.md`): Ludii's metrics of games played by one agent in every
seat, whether seat order matters, and the skill sensitivity (a stronger agent in one seat
against weaker ones in the others)."""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from editor.cli.exits import EXIT_OK, EXIT_USAGE
from editor.i18n import N_, _

NAME = "evaluate"
#: checked by `conquest` before `run` (editor.extras): exit 2 naming the extra when missing
EXTRAS = ("balance",)
HELP = (N_("Evaluate every shipped variant with agents (metric table, seat order, skill "
           "sensitivity) and write a Markdown page, e.g. docs/evaluation.md."))
COMMAND = "conquest evaluate --workers 2 -o docs/evaluation.md"
#: the metrics in the page's table (names of editor.balance.metrics.game_metrics)
COLUMNS = ("balance", "completion", "drawishness", "duration (turns)", "decisiveness",
           "lead changes", "board coverage", "branching factor", "game-tree complexity",
           "state-space complexity")


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--games", type=int, default=40, metavar="N",
                   help=_("games per variant for the metrics (default 40)"))
    p.add_argument("--policy", default="greedy", metavar="AGENT",
                   help=_("the agent of every seat for the metrics (default greedy)"))
    p.add_argument("--skill", nargs=2, default=["search:1", "greedy"],
                   metavar=("STRONG", "WEAK"),
                   help=_("the agents of the skill games (default search:1 greedy)"))
    p.add_argument("--skill-games", type=int, default=16, metavar="N",
                   help=_("skill games per variant (default 16)"))
    p.add_argument("--variant", action="append", default=[], metavar="V",
                   help=_("evaluate only these variants (repeatable; default: every shipped one)"))
    p.add_argument("--workers", type=int, default=1, metavar="K")
    p.add_argument("--seed", type=int, default=1, metavar="S")
    p.add_argument("--max-turns", type=int, default=400, metavar="T")
    p.add_argument("--store", metavar="DIR",
                   help=_("keep the games here (a rerun resumes); default: a temporary folder"))
    p.add_argument("-o", "--output", required=True, metavar="FILE.md")
    p.set_defaults(scheduler=None, scheduler_timeout=10.0, progress=False)


def _variants(names: list[str]) -> list[str]:
    """The complete shipped variants (overlays left out), or the ones named."""
    from editor.model.variant import resolve_variant, shipped_variant_names

    if names:
        return names
    out = []
    for name in shipped_variant_names():
        rv = resolve_variant(name)
        if rv.variant is not None and not rv.variant.overlay:
            out.append(name)
    return out


def run(args: argparse.Namespace) -> int:
    from editor.agents.base import canonical, check_spec

    for spec in (args.policy, *args.skill):
        problem = check_spec(spec)
        if problem:
            print(f"conquest evaluate: {problem}", file=sys.stderr)
            return EXIT_USAGE
    args.policy = canonical(args.policy)
    args.skill = [canonical(s) for s in args.skill]
    rows, notes = [], []
    with tempfile.TemporaryDirectory(prefix="conquest-evaluate-") as tmp:
        root = Path(args.store or tmp)
        for name in _variants(args.variant):
            found = _evaluate(args, name, root / name)
            if isinstance(found, int):
                return found
            rows.append(found[0])
            notes.extend(found[1])
    page = _page(args, rows, notes)
    Path(args.output).write_text(page, encoding="utf-8")
    print(_("wrote {output}").format(output=args.output))
    return EXIT_OK


def _evaluate(args: argparse.Namespace, name: str, folder: Path):
    """(table row, notes) of one variant, or an exit code."""
    from editor.balance.analysis import seat_verdict, summarise
    from editor.balance.metrics import format_metric, game_metrics
    from editor.balance.runner import make_plan
    from editor.balance.store import Store
    from editor.cli.balance_cmd import play_plans
    from editor.cli.balance_eval import SKILL_LABEL, skill_of, state_space
    from editor.cli.game_args import game_or_exit

    game, code = game_or_exit(None, name, {}, [])
    if game is None:
        return code
    folder.mkdir(parents=True, exist_ok=True)
    plans = [make_plan(game, "A", args.games, args.seed, args.policy, args.max_turns)]
    if args.skill_games > 0:
        plans.append(make_plan(game, SKILL_LABEL, args.skill_games, args.seed,
                               ",".join(args.skill), args.max_turns))
    print(_("{name}: playing").format(name=name), file=sys.stderr)
    with Store(folder) as store:
        summary = play_plans(args, store, plans)
        if summary.interrupted:
            return 130
        side = summarise("A", name, list(plans[0].meta.seats), store.games("A", args.games))
        metrics = {m.name: m for m in game_metrics(side, store.metrics("A", args.games),
                                                   state_space(game))}
        skill = skill_of(store, plans[1]) if len(plans) > 1 else None
    cells = [format_metric(metrics[c]) for c in COLUMNS]
    if skill is not None:
        p, lo, hi = skill.strong.rate()
        cells.append(f"{p:.0%} ({lo:.0%}–{hi:.0%}; par {skill.strong.par:.0%})")
    notes = [f"- **{name}**: {seat_verdict(side)}"]
    if skill is not None:
        notes.append(f"  {skill.verdict()}")
    return [name, *cells], notes


def _page(args: argparse.Namespace, rows: list[list[str]], notes: list[str]) -> str:
    skill = f"{args.skill[0]} wins vs {args.skill[1]}"
    head = ["variant", *COLUMNS, *([skill] if args.skill_games > 0 else [])]
    table = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    table += ["| " + " | ".join(r) + " |" for r in rows]
    return "\n".join([
        "# Evaluation of the shipped variants with agents",
        "",
        f"Regenerate with `{COMMAND}` (about 10 minutes on two free cores). Metrics of "
        f"{args.games} games per variant with `{args.policy}` in every seat (seed {args.seed}, "
        f"turn cap {args.max_turns}); skill: {args.skill_games} games of `{args.skill[0]}` in "
        f"one seat against `{args.skill[1]}` in the others, rotated over the seats. The "
        "metrics are those of Ludii's Evaluation module that apply to Conquest; "
        "`conquest balance --help` and `editor/balance/metrics.py` define them: balance = 1 - "
        "(highest - lowest seat win rate), completion = decided before the turn cap, "
        "drawishness = decided games without a single winner, decisiveness = share of the game "
        "the winner led to the end, lead changes by the agents' evaluation, board coverage = "
        "fields ever held or moved to, branching factor = legal actions per decision, "
        "complexities in log10.",
        "",
        *table,
        "",
        "## Verdicts",
        "",
        *notes,
        "",
    ])
