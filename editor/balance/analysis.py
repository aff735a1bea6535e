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
    mcnemar,
    mean_diff,
    newcombe,
    paired_diff,
    paired_mean_diff,
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
    # game index -> (seats counted as winning it, turns): pairs games of the same seed
    outcomes: dict[int, tuple[frozenset[str], int]] = field(default_factory=dict)
    #: game index -> (the rule that ended it, turns): the report's "How games were won"
    ends: dict[int, tuple[str, int]] = field(default_factory=dict)
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
    outcomes: dict[int, tuple[frozenset[str], int]] = {}
    ends: dict[int, tuple[str, int]] = {}
    for i, g in enumerate(games):
        winners = list(g["winners"] or [])
        rules[g["rule"]] += 1
        counted = frozenset(w for w in winners if w in wins)
        if not winners or len(winners) == len(seats):
            shared += 1
            counted = frozenset()
        outcomes[g.get("game", i)] = (counted, g["turns"])
        ends[g.get("game", i)] = (g["rule"], g["turns"])
        for w in counted:
            wins[w] += 1
    side = SideSummary(label, variant, seats, len(games), wins, shared,
                       [g["turns"] for g in games], [g["actions"] for g in games], rules,
                       outcomes, ends)
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
    others = [s for s in side.seats if s != best] or [best]  # tied seats: two names, not one
    worst = min(reversed(others), key=lambda s: rates[s][0])
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
    """B − A: per-seat win-rate differences, length difference, and two homogeneity tests.

    With games paired by seed (`paired` > 0) the per-seat differences and the length difference
    are taken over the pairs, and `seat_p` holds each seat's exact McNemar p-value: sharper
    than treating the two sides as independent samples."""

    seat_diffs: dict[str, tuple[float, float, float]]
    turns_diff: tuple[float, float, float]
    winners_test: tuple[float, int, float]
    rules_test: tuple[float, int, float]
    rules: list[str]
    paired: int = 0
    seat_p: dict[str, float] = field(default_factory=dict)

    @property
    def interval_name(self) -> str:
        return "paired, Agresti-Min" if self.paired else "Newcombe"

    def winners_p(self) -> float:
        """p-value of "B changes who wins": the smallest McNemar p over the seats times the
        number of seats (Bonferroni) when paired, else the chi-square homogeneity test's."""
        if self.paired and self.seat_p:
            return min(1.0, min(self.seat_p.values()) * len(self.seat_p))
        return self.winners_test[2]


def compare(a: SideSummary, b: SideSummary) -> Comparison:
    seats = [s for s in a.seats if s in b.seats]
    win_a = [a.wins[s] for s in seats] + [a.shared]
    win_b = [b.wins[s] for s in seats] + [b.shared]
    rules = sorted(set(a.rules) | set(b.rules))
    common = sorted(set(a.outcomes) & set(b.outcomes))
    seat_p: dict[str, float] = {}
    if common:
        diffs = {}
        for s in seats:
            b_only = sum(1 for i in common
                         if s in b.outcomes[i][0] and s not in a.outcomes[i][0])
            a_only = sum(1 for i in common
                         if s in a.outcomes[i][0] and s not in b.outcomes[i][0])
            diffs[s] = paired_diff(b_only, a_only, len(common))
            seat_p[s] = mcnemar(b_only, a_only)
        turns = paired_mean_diff([float(a.outcomes[i][1]) for i in common],
                                 [float(b.outcomes[i][1]) for i in common])
    else:
        diffs = {s: newcombe(a.wins[s], a.games, b.wins[s], b.games) for s in seats}
        turns = mean_diff([float(x) for x in a.turns], [float(x) for x in b.turns])
    return Comparison(diffs, turns, chi2_homogeneity(win_a, win_b),
                      chi2_homogeneity([a.rules[r] for r in rules], [b.rules[r] for r in rules]),
                      rules, len(common), seat_p)


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
    clear = [s for s, (_d, lo, hi) in cmp.seat_diffs.items() if lo > 0 or hi < 0]
    p = cmp.winners_p()
    if cmp.paired and cmp.seat_p:
        low = min(cmp.seat_p, key=cmp.seat_p.__getitem__)
        test = (f"exact McNemar test per seat on {cmp.paired} games paired by seed; the "
                f"smallest, for {low}, adjusted for {len(cmp.seat_p)} seats (Bonferroni): "
                f"{format_p(p)}")
    else:
        stat, df, _p = cmp.winners_test
        test = (f"chi-square test of who wins, B against A: χ² = {stat:.1f}, df = {df}, "
                f"{format_p(p)}")
    if p < ALPHA:
        moved = ", ".join(f"{s} {cmp.seat_diffs[s][0]:+.1%}" for s in clear) or "spread out"
        out.append(f"{b.variant} changes who wins ({test}); seats whose win rate moved "
                   f"beyond chance: {moved}.")
    else:
        out.append(f"No evidence that {b.variant} changes who wins ({test}).")
    d, lo, hi = cmp.turns_diff
    pairing = " over games paired by seed" if cmp.paired else ""
    if d == d:  # not NaN
        ma, mb = statistics.fmean(a.turns), statistics.fmean(b.turns)
        if lo > 0 or hi < 0:
            word = "longer" if d > 0 else "shorter"
            out.append(f"Games are {word}: {mb:.1f} turns on average against {ma:.1f} "
                       f"(difference {d:+.1f}{pairing}, 95 % CI {lo:+.1f} to {hi:+.1f}).")
        else:
            out.append(f"No clear difference in game length: {mb:.1f} against {ma:.1f} turns "
                       f"(difference {d:+.1f}{pairing}, 95 % CI {lo:+.1f} to {hi:+.1f}).")
    stat, df, p = cmp.rules_test
    how = f"chi-square test of victory rules: χ² = {stat:.1f}, df = {df}, {format_p(p)}"
    out.append(("How games are won changes" if p < ALPHA else
                "No evidence that how games are won changes") + f" ({how}).")
    return out


def median(values: list[int]) -> float:
    return statistics.median(values) if values else float("nan")
