"""What a match says (`conquest match`, and the skill section of a balance report): per agent its
win rate with the 95 % Wilson interval against par (what an agent as strong as the others would
win: its seats times the share of seats that win a game, so 1/4 for one seat of four, 1/2 in a
team game of two teams), a Bradley-Terry rating on the Elo scale, the time its turns took, and
per agent and seat the win rates.

A game of n seats counts as n*(n-1)/2 pairwise results for the ratings: every winner beat every
seat that did not win (pairs of the same agent carry no information and are left out; a game
every seat or no seat won counts for nobody). The Bradley-Terry strengths are fitted by
Hunter's MM algorithm with one virtual win and loss against an average opponent per agent, so
an agent that won or lost everything still gets a finite rating.
"""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass, field

from editor.balance.stats import wilson
from editor.i18n import _
from editor.model.terms import seat_name

ELO_SCALE = 400.0 / math.log(10.0)


@dataclass
class AgentResult:
    """One agent's results in a match."""

    name: str
    seats_played: int = 0  # seat-games: an agent in two seats of a game counts twice
    games: int = 0  # games it took part in
    wins: int = 0  # games one of its seats won
    par: float = 0.0  # the win rate of an agent as strong as the others (module docstring)
    par_sum: float = 0.0  # per game: its seats x the share of seats that won, summed
    rating: float = 0.0  # Elo scale, the first agent of the lineup 0
    turn_seconds: list[float] = field(default_factory=list)
    by_seat: dict[str, tuple[int, int]] = field(default_factory=dict)  # seat -> (wins, games)

    def rate(self) -> tuple[float, float, float]:
        lo, hi = wilson(self.wins, self.games)
        return (self.wins / self.games if self.games else 0.0), lo, hi

    def turn_time(self) -> tuple[float, float]:
        """(median, 95th percentile) seconds per turn; (nan, nan) without turns."""
        xs = sorted(self.turn_seconds)
        if not xs:
            return float("nan"), float("nan")
        return statistics.median(xs), xs[min(len(xs) - 1, int(0.95 * len(xs)))]


def summarise_match(lineup: list[str], seats: list[str], games: list[dict],
                    seat_agents: dict[int, dict[str, str]],
                    turn_times: dict[str, list[float]]) -> list[AgentResult]:
    """The results of every agent of `lineup` (in lineup order, duplicates once)."""
    names = list(dict.fromkeys(lineup))
    results = {n: AgentResult(n) for n in names}
    pairs: list[tuple[str, str]] = []
    for g in games:
        agents = seat_agents.get(g["game"], {})
        winners = set(g["winners"] or [])
        counted = winners if winners and len(winners) < len(seats) else set()
        for name in set(agents.values()):
            if name not in results:
                continue
            r = results[name]
            mine = [s for s in seats if agents.get(s) == name]
            r.games += 1
            r.seats_played += len(mine)
            r.par_sum += min(1.0, len(mine) * len(counted) / len(seats))
            won = any(s in counted for s in mine)
            r.wins += won
            for s in mine:
                w, n = r.by_seat.get(s, (0, 0))
                r.by_seat[s] = (w + (s in counted), n + 1)
        for s in counted:
            pairs.extend((agents[s], agents[o]) for o in seats
                         if o not in counted and agents.get(o) != agents.get(s)
                         and agents.get(s) in results and agents.get(o) in results)
    for r in results.values():
        r.par = r.par_sum / r.games if r.games else 0.0
        r.turn_seconds = list(turn_times.get(r.name, []))
    ratings = bradley_terry(names, pairs)
    for name, x in ratings.items():
        results[name].rating = x
    return [results[n] for n in names]


def bradley_terry(names: list[str], pairs: list[tuple[str, str]],
                  iterations: int = 200) -> dict[str, float]:
    """Elo-scale ratings from (winner, loser) pairs, the first name 0 (module docstring)."""
    if not names:
        return {}
    strength = dict.fromkeys(names, 1.0)
    wins = dict.fromkeys(names, 1.0)  # the virtual win ...
    meetings: dict[tuple[str, str], float] = {}
    for w, lo in pairs:
        wins[w] += 1
        key = (w, lo) if w < lo else (lo, w)
        meetings[key] = meetings.get(key, 0.0) + 1
    for _round in range(iterations):
        new = {}
        for i in names:
            denom = 2.0 / (strength[i] + 1.0)  # ... and loss against an average opponent (1)
            for (a, b), n in meetings.items():
                if i in (a, b):
                    j = b if i == a else a
                    denom += n / (strength[i] + strength[j])
            new[i] = wins[i] / denom
        strength = new
    ref = strength[names[0]]
    return {n: ELO_SCALE * math.log(strength[n] / ref) for n in names}


def match_lines(results: list[AgentResult], seats: list[str]) -> list[str]:
    """A plain-text table of the match, one line per agent, and the per-seat win rates."""
    lines = [f"{_('agent'):<10} {_('games'):>6} {_('wins'):>5} {_('win rate'):>9} "
             f"{_('95 % interval'):>15} {_('par'):>5} {_('rating'):>7} "
             f"{_('s/turn median'):>14} {'p95':>6}"]
    for r in results:
        p, lo, hi = r.rate()
        med, p95 = r.turn_time()
        lines.append(f"{r.name:<10} {r.games:>6} {r.wins:>5} {p:>9.1%} "
                     f"{f'{lo:.1%}..{hi:.1%}':>15} {r.par:>5.0%} {r.rating:>+7.0f} "
                     f"{med:>14.3f} {p95:>6.3f}")
    for r in results:
        cells = [f"{seat_name(s)} {w}/{n}" for s in seats for w, n in [r.by_seat.get(s, (0, 0))]
                 if n]
        lines.append(_("{agent} by seat: {cells}").format(agent=r.name, cells=", ".join(cells)))
    return lines
