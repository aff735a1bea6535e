"""The evaluation part of `conquest balance` (kept beside balance_cmd): the skill games (the
stronger agent in one seat, the weaker in the others, `editor.agents.base.skill_pair`) and
the sections of the report with Ludii's metrics and the skill sensitivity."""

from __future__ import annotations

import argparse
from pathlib import Path

from editor.engine.game import Game
from editor.i18n import _

SKILL_LABEL = "S"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--skill-games", type=int, default=None, metavar="N",
                   help=_("games of the stronger agent (--policy, or greedy for random) against "
                          "the one a level below in the same seats, for the skill sensitivity "
                          "(default: --games for a search agent, else 0: none)"))


def skill_plan(args: argparse.Namespace, game: Game):
    """The plan of the skill games, or None."""
    from editor.agents.base import skill_pair
    from editor.balance.runner import make_plan

    games = args.skill_games
    if games is None:
        games = args.games if args.policy.startswith("search") else 0
    if games <= 0:
        return None
    strong, weak = skill_pair(args.policy)
    return make_plan(game, SKILL_LABEL, games, args.seed, f"{strong},{weak}", args.max_turns)


def state_space(game: Game) -> float:
    """log10 of the placements of the starting pieces (editor.balance.metrics)."""
    from collections import Counter

    from editor.balance.metrics import state_space_log10

    st = game.initial_state()
    groups = Counter((p.seat, p.kind_index) for p in st.pieces())
    return state_space_log10(len(game.compiled.node_ids), list(groups.values()))


def sections(store, plans, titles: list[str], skill, folder: Path, game: Game) -> list[str]:
    """The report sections: the metric table of every side, the lead plots of the first, the
    skill sensitivity."""
    from editor.balance.analysis import summarise
    from editor.balance.evaluation_report import evaluation_sections
    from editor.balance.metrics import game_metrics

    space = state_space(game)
    tables, first = [], {}
    for plan, title in zip(plans, titles, strict=True):
        label = plan.meta.label
        per_game = store.metrics(label, plan.games)
        first = first or per_game
        side = summarise(label, title, list(plan.meta.seats), store.games(label, plan.games))
        tables.append((f"{label}: {title}", game_metrics(side, per_game, space)))
    found = skill_of(store, skill) if skill is not None else None
    return evaluation_sections(folder, tables, first, found, list(plans[0].meta.seats))


def skill_of(store, skill):
    """The `Skill` of the stored skill games."""
    from editor.balance.match import summarise_match
    from editor.balance.metrics import Skill

    results = summarise_match(skill.meta.policy.split(","), list(skill.meta.seats),
                              store.games(SKILL_LABEL, skill.games),
                              store.seat_agents(SKILL_LABEL, skill.games),
                              store.turn_times(SKILL_LABEL, skill.games))
    return Skill(results[0], results[1])


def skill_verdict(store, skill) -> str:
    return skill_of(store, skill).verdict()
