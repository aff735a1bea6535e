"""Matches and evaluation metrics: lineups rotate over the seats, win rates and Bradley-Terry
ratings order the agents, Ludii's metrics and the skill verdict read the stored games."""

from __future__ import annotations

import math
from collections import Counter

from editor.balance.analysis import summarise
from editor.balance.match import bradley_terry, summarise_match
from editor.balance.metrics import Skill, game_metrics, state_space_log10
from editor.balance.play import lineup_of

SEATS = ["south", "west", "north", "east"]


def test_a_lineup_is_filled_with_its_last_agent_and_rotates_per_game() -> None:
    assert lineup_of("greedy", 4, 3) == ["greedy"] * 4
    assert lineup_of("search:2,greedy", 4, 0) == ["search:2", "greedy", "greedy", "greedy"]
    assert lineup_of("search:2,greedy", 4, 1) == ["greedy", "greedy", "greedy", "search:2"]
    seats_of_search = Counter(lineup_of("search:2,greedy", 4, i).index("search:2")
                              for i in range(8))
    assert seats_of_search == {0: 2, 1: 2, 2: 2, 3: 2}


def _match(search_wins: int, games: int = 8):
    """`games` games of search:2 against three greedy; search wins the first `search_wins`."""
    rows, agents = [], {}
    for i in range(games):
        lineup = lineup_of("search:2,greedy", 4, i)
        agents[i] = dict(zip(SEATS, lineup, strict=True))
        hero = SEATS[lineup.index("search:2")]
        other = next(s for s in SEATS if s != hero)
        rows.append({"game": i, "winners": [hero if i < search_wins else other],
                     "rule": "WIN-8", "turns": 50, "actions": 300})
    times = {"search:2": [0.2, 0.4, 0.3], "greedy": [0.001]}
    return summarise_match(["search:2", "greedy"], SEATS, rows, agents, times), rows


def test_match_win_rates_par_and_ratings() -> None:
    (search, greedy), _rows = _match(6)
    assert (search.games, search.wins, search.par) == (8, 6, 0.25)
    assert greedy.games == 8 and greedy.wins == 2 and greedy.par == 0.75
    assert search.rating == 0 and greedy.rating < 0
    assert search.turn_time() == (0.3, 0.4)
    assert sum(n for _w, n in search.by_seat.values()) == 8


def test_par_in_a_team_game_is_half() -> None:
    """TEAM-5: a seat wins with its team, so an agent in one seat of four wins half the time
    when it is as strong as the others."""
    rows, agents = [], {}
    for i in range(4):
        lineup = lineup_of("search:2,greedy", 4, i)
        agents[i] = dict(zip(SEATS, lineup, strict=True))
        rows.append({"game": i, "winners": ["south", "north"], "rule": "TEAM-5"})
    search, greedy = summarise_match(["search:2", "greedy"], SEATS, rows, agents, {})
    assert search.par == 0.5 and greedy.par == 1.0
    assert search.wins == 2 and greedy.wins == 4


def test_bradley_terry_orders_by_results_and_stays_finite() -> None:
    ratings = bradley_terry(["a", "b", "c"], [("a", "b")] * 8 + [("b", "c")] * 8)
    assert ratings["a"] == 0 and ratings["b"] < 0 and ratings["c"] < ratings["b"]
    alone = bradley_terry(["a", "b"], [("a", "b")] * 50)
    assert math.isfinite(alone["b"]) and alone["b"] < -300


def test_skill_verdicts_against_par() -> None:
    (search, greedy), _ = _match(7)
    assert Skill(search, greedy).verdict().startswith("The variant rewards skill")
    (search, greedy), _ = _match(2)
    assert Skill(search, greedy).verdict().startswith("No evidence that skill matters")


def test_game_metrics_from_the_stored_games() -> None:
    _results, rows = _match(6)
    rows[0]["rule"], rows[0]["winners"] = "cap", []
    side = summarise("A", "conquest-4p", SEATS, rows)
    per_game = {"lead_changes": [2.0, 4.0], "decided_at": [0.5, 0.7], "coverage": [0.4],
                "branching": [100.0], "decision_share": [1.0]}
    table = {m.name: m.value for m in game_metrics(side, per_game, 12.0)}
    assert table["completion"] == 7 / 8 and table["timeouts"] == 1 / 8
    assert table["lead changes"] == 3.0 and math.isclose(table["decisiveness"], 0.4)
    assert table["game-tree complexity"] == 300 * 2  # 300 actions x log10(100)
    assert table["state-space complexity"] == 12.0


def test_state_space_counts_placements_of_identical_pieces() -> None:
    # two identical pieces on four fields: C(4, 2) = 6 placements
    assert math.isclose(state_space_log10(4, [2]), math.log10(6))
    # one piece each of two kinds: 4 * 3 = 12
    assert math.isclose(state_space_log10(4, [1, 1]), math.log10(12))
