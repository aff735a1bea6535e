"""The report's "How games were won": rules by ID with title, when their games ended, and a
peak (a rule that strikes at a fixed count, such as WIN-9's no-capture limit) explained."""

from __future__ import annotations

from types import SimpleNamespace

from editor.balance.victory import RuleEnds, peak_note, rule_ends, rule_label, victory_section


def test_rule_ends_groups_turns_by_rule() -> None:
    ends = rule_ends({0: ("WIN-9", 15), 1: ("WIN-9", 15), 2: ("WIN-6", 40), 3: ("WIN-9", 30)})
    assert [(e.rule, e.turns) for e in ends] == [("WIN-6", (40,)), ("WIN-9", (15, 15, 30))]
    assert ends[1].peak == 15 and ends[1].middle == (15, 15)


def test_a_peak_is_named_and_a_spread_is_not() -> None:
    assert peak_note(RuleEnds("WIN-9", (15, 15, 15, 40))) == "3 of 4 games ended at turn 15"
    assert peak_note(RuleEnds("WIN-6", (10, 20, 30, 40))) == ""
    assert peak_note(RuleEnds("WIN-6", (132, 150))) == ""  # one game of two is no peak


def test_section_names_titles_text_and_rounds_in_turns() -> None:
    """WIN-9 with no_capture_rounds = 4 on four seats: 16 turns, the peak's explanation."""
    side = SimpleNamespace(summary=SimpleNamespace(games=4, label="A",
                                                   seats=["s", "w", "n", "e"]),
                           title="conquest-4p")
    html = victory_section([side], [{0: ("WIN-9", 15), 1: ("WIN-9", 15), 2: ("WIN-9", 15),
                                     3: ("cap", 80)}],
                           [{"no_capture_rounds": 4, "no_capture_window": "x"}])
    assert "WIN-9 — Conquest 4-player: no-capture limit</a>" in html
    assert "3 of 3 games ended at turn 15" in html
    assert "no_capture_rounds = 4 (4 rounds × 4 seats = 16 turns)" in html
    assert "four consecutive rounds pass without any capture" in html
    assert "Editions: C4, CP4" in html and "Sources: [000] 7.2" in html
    assert rule_label("cap").startswith("cap — stopped by the turn cap")
