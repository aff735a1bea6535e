"""Ludii's evaluation metrics (its `Evaluation` module) that apply to Conquest, from the stored
games of one side of a balance run, and the skill sensitivity of a variant. Plain data.

* balance: 1 - (highest - lowest seat win rate); completion: share of games decided before the
  turn cap; timeouts: share stopped by the cap; drawishness: share of decided games without a
  single winning seat (an agreed draw, a tie of every seat); duration in turns and actions;
* decisiveness: from which share of the game on the eventual sole winner led (by the agents'
  evaluation) to the end, and lead changes per game (`editor.balance.measure_game`);
* board coverage: share of fields ever held or moved to; branching factor (legal actions per
  sampled decision) and decision moves (share of those with a choice);
* complexity (log10): the game tree, length in actions x log10(branching factor); the state
  space, the ways to place the starting pieces of every seat and type on the fields (an upper
  bound of the positions, ignoring stacks).

Skill sensitivity: the stronger agent in one seat against the weaker agent in the others
(rotated over the seats): its win rate against par (its seat share) with the 95 % interval.
"""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass

from editor.balance.analysis import SideSummary
from editor.balance.match import AgentResult
from editor.balance.stats import format_p, wilson


@dataclass
class Metric:
    name: str
    value: float
    unit: str  # "share", "turns", "count", "log10"
    meaning: str


def _mean(xs: list[float]) -> float:
    return statistics.fmean(xs) if xs else float("nan")


def game_metrics(side: SideSummary, per_game: dict[str, list[float]],
                 state_space: float) -> list[Metric]:
    """The metric table of one side (module docstring)."""
    n = max(1, side.games)
    rates = [side.wins[s] / n for s in side.seats]
    capped = side.rules.get("cap", 0)
    decided = side.games - capped
    no_single = sum(1 for won, _t in side.outcomes.values() if not won) - capped
    branching = _mean(per_game.get("branching", []))
    actions = _mean([float(a) for a in side.actions])
    tree = actions * math.log10(branching) if branching and branching > 1 else float("nan")
    return [
        Metric("balance", 1.0 - (max(rates) - min(rates)) if rates else float("nan"), "share",
               "1 - (highest - lowest seat win rate); 1 = every seat wins equally often"),
        Metric("completion", decided / n, "share", "games decided before the turn cap"),
        Metric("timeouts", capped / n, "share", "games stopped by the turn cap"),
        Metric("drawishness", max(0, no_single) / max(1, decided), "share",
               "decided games without a single winning seat"),
        Metric("duration (turns)", _mean([float(t) for t in side.turns]), "turns",
               "mean game length in turns"),
        Metric("duration (actions)", actions, "count", "mean game length in actions"),
        Metric("decisiveness", 1.0 - _mean(per_game.get("decided_at", [])), "share",
               "share of the game the eventual winner led to the end without losing the lead"),
        Metric("lead changes", _mean(per_game.get("lead_changes", [])), "count",
               "changes of the leader (agents' evaluation) per game"),
        Metric("board coverage", _mean(per_game.get("coverage", [])), "share",
               "fields that held a piece or were moved or shot to"),
        Metric("branching factor", branching, "count",
               "legal actions per decision (sampled)"),
        Metric("decision moves", _mean(per_game.get("decision_share", [])), "share",
               "decisions with more than one legal action"),
        Metric("game-tree complexity", tree, "log10",
               "log10(branching factor ^ actions per game)"),
        Metric("state-space complexity", state_space, "log10",
               "log10 of the placements of the starting pieces (upper bound)"),
    ]


def state_space_log10(fields: int, groups: list[int]) -> float:
    """log10 of the ways to put groups of identical pieces (sizes `groups`) on distinct
    fields: F! / ((F - P)! * prod n_i!)."""
    pieces = sum(groups)
    if pieces > fields:
        pieces = fields
    ln = math.lgamma(fields + 1) - math.lgamma(fields - pieces + 1)
    ln -= sum(math.lgamma(g + 1) for g in groups)
    return ln / math.log(10)


def format_metric(m: Metric) -> str:
    if math.isnan(m.value):
        return "–"
    if m.unit == "share":
        return f"{m.value:.0%}"
    return f"{m.value:.1f}"


@dataclass
class Skill:
    """The stronger agent's results against the weaker ones in the same seats."""

    strong: AgentResult
    weak: AgentResult

    def verdict(self) -> str:
        s = self.strong
        p, lo, hi = s.rate()
        name, weak = s.name, self.weak.name
        test = _binomial_above(s.wins, s.games, s.par)
        if lo > s.par:
            head = "The variant rewards skill"
        elif hi < s.par:
            head = "Skill does not pay here: the stronger agent loses more than its share"
        else:
            head = "No evidence that skill matters"
        return (f"{head}: {name} won {s.wins} of {s.games} games ({p:.0%}, 95 % CI "
                f"{lo:.0%}–{hi:.0%}) against {weak} in the same seats, par {s.par:.0%} "
                f"(one-sided binomial test {format_p(test)}); rating difference "
                f"{s.rating - self.weak.rating:+.0f} Elo.")


def _binomial_above(k: int, n: int, p: float) -> float:
    """P(X >= k) for X ~ Binomial(n, p): is the win rate above par?"""
    if n == 0 or p <= 0:
        return 1.0
    if p >= 1:
        return 1.0 if k <= n else 0.0
    total = 0.0
    for i in range(k, n + 1):
        total += math.exp(math.lgamma(n + 1) - math.lgamma(i + 1) - math.lgamma(n - i + 1)
                          + i * math.log(p) + (n - i) * math.log(1 - p))
    return min(1.0, total)


def seat_rates(result: AgentResult, seats: list[str]) -> list[tuple[str, float, float, float]]:
    """(seat, win rate, lower, upper) of an agent per seat it played."""
    out = []
    for seat in seats:
        w, n = result.by_seat.get(seat, (0, 0))
        if n:
            lo, hi = wilson(w, n)
            out.append((seat, w / n, lo, hi))
    return out
