"""Verdicts of a balance report: seat order, and what a second variant changes."""

from __future__ import annotations

from editor.balance.analysis import compare, compare_verdict, seat_verdict, summarise

SEATS = ["south", "west", "north", "east"]


def _games(winners: list[list[str]], turns: int = 50, rule: str = "WIN-8") -> list[dict]:
    return [{"winners": w, "turns": turns, "actions": turns * 6, "rule": rule} for w in winners]


def test_seat_order_matters_when_one_seat_wins_far_more() -> None:
    games = _games([["south"]] * 400 + [["west"]] * 200 + [["north"]] * 200 + [["east"]] * 200)
    side = summarise("A", "c4", SEATS, games)
    text = seat_verdict(side)
    assert side.p < 0.001
    assert text.startswith("Seat order matters in c4: south wins 40.0%")
    assert "p < 0.001" in text


def test_no_evidence_when_seats_win_alike_and_ties_count_for_none() -> None:
    games = _games([["south"], ["west"], ["north"], ["east"]] * 50 + [SEATS] * 30 + [[]] * 5)
    side = summarise("A", "c4", SEATS, games)
    assert side.shared == 35 and side.wins["south"] == 50 and side.games == 235
    assert seat_verdict(side).startswith("No evidence that seat order matters in c4")


def test_comparison_reports_length_winner_shift_and_identical_pairs() -> None:
    a = summarise("A", "c4", SEATS, _games([["south"], ["west"], ["north"], ["east"]] * 100))
    b = summarise("B", "c4 + house", SEATS,
                  _games([["south"]] * 250 + [["west"], ["north"], ["east"]] * 50, turns=80))
    lines = compare_verdict(a, b, compare(a, b), pairs=(0, 400))
    assert lines[0].startswith("400 of 400 games (100%) took a different course")
    assert lines[1].startswith("c4 + house changes who wins") and "south +37.5%" in lines[1]
    assert lines[2].startswith("Games are longer: 80.0 turns on average against 50.0")
    same = compare_verdict(a, a, compare(a, a), pairs=(400, 400))
    assert "never came into play" in same[0]
    assert same[1].startswith("No evidence that c4 changes who wins")


def test_games_paired_by_seed_are_compared_pair_by_pair() -> None:
    """Same seeds on both sides: 40 of 1000 games that south lost under A it wins under B.
    Independent samples cannot tell 25 % from 29 %; McNemar on the pairs can."""
    a_w = [["south"], ["west"], ["north"], ["east"]] * 250
    b_w = [["south"] if i < 160 and w != ["south"] and i % 4 == 1 else w
           for i, w in enumerate(a_w)]
    a = summarise("A", "c4", SEATS, _games(a_w))
    b = summarise("B", "c4 + house", SEATS, _games(b_w))
    cmp = compare(a, b)
    assert cmp.paired == 1000 and cmp.seat_p["south"] < 1e-6
    d, lo, _hi = cmp.seat_diffs["south"]
    assert d == 0.04 and lo > 0
    assert cmp.winners_test[2] > 0.05  # the unpaired test sees nothing
    lines = compare_verdict(a, b, cmp)
    assert lines[0].startswith("c4 + house changes who wins (exact McNemar test per seat on "
                               "1000 games paired by seed; the smallest, for south, adjusted "
                               "for 4 seats (Bonferroni): p < 0.001)")
    assert "south +4.0%" in lines[0]
    # games of other indices are not paired: the independent-sample comparison is used
    b.outcomes = {i + 5000: o for i, o in b.outcomes.items()}
    assert compare(a, b).paired == 0 and compare(a, b).seat_p == {}


def test_tied_seats_are_named_once_each_in_the_verdict() -> None:
    """Two seats winning equally often: the verdict names both, never one seat twice."""
    side = summarise("A", "c2", ["south", "north"], _games([["south"], ["north"]] * 50))
    text = seat_verdict(side)
    assert text.count("south") == 1 and text.count("north") == 1, text
