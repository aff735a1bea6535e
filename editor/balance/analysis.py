"""What a balance report says: per-seat win rates with Wilson intervals, whether seat order
matters (chi-square test of equal wins per seat), game lengths, victory rules, and with a
second variant the differences with their confidence intervals. Plain data, no plotting."""

from __future__ import annotations

import statistics
from collections import Counter
from dataclasses import dataclass, field

from editor.balance.stats import (
    chi2_equal,
    chi2_homogeneity,
    format_p,
    mean_diff,
    newcombe,
    wilson,
)

ALPHA = 0.05


@dataclass
class SideSummary:
    """One variant's stored games, summarised."""

    label: str
    variant: str
    seats: list[str]
    games: int
    wins: dict[str, int]  # a seat wins a game when it is among the winners, not all seats are
    shared: int  # games every seat "won" (a tie on points) or nobody won: no seat counted
    turns: list[int]
    actions: list[int]
    rules: Counter = field(default_factory=Counter)
    chi2: float = 0.0
    df: int = 0
    p: float = 1.0

    def rate(self, seat: str) -> tuple[float, float, float]:
        """(win rate, lower, upper) with the 95 % Wilson interval."""
        k = self.wins[seat]
        lo, hi = wilson(k, self.games)
        return (k / self.games if self.games else 0.0), lo, hi


def summarise(label: str, variant: str, seats: list[str], games: list[dict]) -> SideSummary:
    wins = dict.fromkeys(seats, 0)
    shared = 0
    rules: Counter = Counter()
    for g in games:
        winners = list(g["winners"] or [])
        rules[g["rule"]] += 1
        if not winners or len(winners) == len(seats):
            shared += 1
            continue
        for w in winners:
            if w in wins:
                wins[w] += 1
    side = SideSummary(label, variant, seats, len(games), wins, shared,
                       [g["turns"] for g in games], [g["actions"] for g in games], rules)
    side.chi2, side.df, side.p = chi2_equal([wins[s] for s in seats])
    return side


def seat_verdict(side: SideSummary) -> str:
    """Plain-language answer to "does seat order matter?" with the test behind it."""
    if side.games == 0:
        return "No games stored yet."
    test = (f"chi-square test of equal wins per seat over {sum(side.wins.values())} seat "
            f"wins in {side.games} games: χ² = {side.chi2:.1f}, df = {side.df}, "
            f"{format_p(side.p)}")
    rates = {s: side.rate(s) for s in side.seats}
    best = max(side.seats, key=lambda s: rates[s][0])
    worst = min(side.seats, key=lambda s: rates[s][0])
    spread = (f"{best} wins {rates[best][0]:.1%} (95 % CI {rates[best][1]:.1%}–"
              f"{rates[best][2]:.1%}), {worst} {rates[worst][0]:.1%} (95 % CI "
              f"{rates[worst][1]:.1%}–{rates[worst][2]:.1%})")
    if side.p < ALPHA:
        return (f"Seat order matters in {side.variant}: {spread}. The seats do not win "
                f"equally often ({test}).")
    half = max((r[2] - r[1]) / 2 for r in rates.values())
    return (f"No evidence that seat order matters in {side.variant}: {spread}; the "
            f"differences are within chance ({test}). With {side.games} games a seat's win "
            f"rate is known to about ±{half:.1%}; smaller advantages would go unnoticed.")


@dataclass
class Comparison:
    """B − A: per-seat win-rate differences, length difference, and two homogeneity tests."""

    seat_diffs: dict[str, tuple[float, float, float]]
    turns_diff: tuple[float, float, float]
    winners_test: tuple[float, int, float]
    rules_test: tuple[float, int, float]
    rules: list[str]


def compare(a: SideSummary, b: SideSummary) -> Comparison:
    seats = [s for s in a.seats if s in b.seats]
    diffs = {s: newcombe(a.wins[s], a.games, b.wins[s], b.games) for s in seats}
    win_a = [a.wins[s] for s in seats] + [a.shared]
    win_b = [b.wins[s] for s in seats] + [b.shared]
    rules = sorted(set(a.rules) | set(b.rules))
    return Comparison(diffs, mean_diff([float(x) for x in a.turns], [float(x) for x in b.turns]),
                      chi2_homogeneity(win_a, win_b),
                      chi2_homogeneity([a.rules[r] for r in rules], [b.rules[r] for r in rules]),
                      rules)


def compare_verdict(a: SideSummary, b: SideSummary, cmp: Comparison,
                    pairs: tuple[int, int] | None = None) -> list[str]:
    """Plain sentences on what B changes against A, each with its test or interval; `pairs`
    is (identical, compared) games of the same seed on both sides."""
    out = []
    if pairs is not None and pairs[1]:
        same, total = pairs
        if same == total:
            out.append(f"All {total} games went exactly alike under both variants (same "
                       "seeds): with this policy the difference never came into play.")
        else:
            out.append(f"{total - same} of {total} games ({(total - same) / total:.0%}) took "
                       "a different course under B than the same seed under A.")
    stat, df, p = cmp.winners_test
    clear = [s for s, (_d, lo, hi) in cmp.seat_diffs.items() if lo > 0 or hi < 0]
    test = f"chi-square test of who wins, B against A: χ² = {stat:.1f}, df = {df}, {format_p(p)}"
    if p < ALPHA:
        moved = ", ".join(f"{s} {cmp.seat_diffs[s][0]:+.1%}" for s in clear) or "spread out"
        out.append(f"{b.variant} changes who wins ({test}); seats whose win rate moved "
                   f"beyond chance: {moved}.")
    else:
        out.append(f"No evidence that {b.variant} changes who wins ({test}).")
    d, lo, hi = cmp.turns_diff
    if d == d:  # not NaN
        ma, mb = statistics.fmean(a.turns), statistics.fmean(b.turns)
        if lo > 0 or hi < 0:
            word = "longer" if d > 0 else "shorter"
            out.append(f"Games are {word}: {mb:.1f} turns on average against {ma:.1f} "
                       f"(difference {d:+.1f}, 95 % CI {lo:+.1f} to {hi:+.1f}).")
        else:
            out.append(f"No clear difference in game length: {mb:.1f} against {ma:.1f} turns "
                       f"(difference {d:+.1f}, 95 % CI {lo:+.1f} to {hi:+.1f}).")
    stat, df, p = cmp.rules_test
    how = f"chi-square test of victory rules: χ² = {stat:.1f}, df = {df}, {format_p(p)}"
    out.append(("How games are won changes" if p < ALPHA else
                "No evidence that how games are won changes") + f" ({how}).")
    return out


def median(values: list[int]) -> float:
    return statistics.median(values) if values else float("nan")
