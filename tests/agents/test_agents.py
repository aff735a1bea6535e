"""The agents' one interface: specs and levels, legal and reproducible choices of the search
agent, its stop flag, response windows, and an evaluation read from the victory conditions."""

from __future__ import annotations

import random

import pytest
from support.ruleworld import make_state, play

from editor.agents.base import (
    AgentSpecError,
    agent_names,
    canonical,
    check_spec,
    make_agent,
    skill_pair,
)
from editor.agents.evaluation import WIN_VALUE, Evaluation, weights_for
from editor.agents.search import DEFAULT_LEVEL, LEVELS, SearchAgent
from editor.engine.game import RESP, Game
from editor.model import load_board
from editor.model.variant import resolve_variant
from editor.resources import data_dir


def _game(name: str) -> Game:
    variant = resolve_variant(name).variant
    board = load_board(data_dir("boards") / f"{variant.board}.board.json").model
    return Game(board, variant)


@pytest.fixture(scope="module")
def c2() -> Game:
    return _game("conquest-2p")


def test_specs_name_every_agent_and_level() -> None:
    assert agent_names()[:3] == ["random", "greedy", "search"]
    assert canonical("search") == f"search:{DEFAULT_LEVEL}"
    assert all(check_spec(n) is None for n in agent_names())
    assert "levels" in check_spec("search:9")
    with pytest.raises(AgentSpecError, match="unknown agent 'minimax'"):
        make_agent("minimax", random.Random(0))


def test_skill_pairs_step_one_level_down() -> None:
    assert skill_pair("search:2") == ("search:2", "search:1")
    assert skill_pair("search:1") == ("search:1", "greedy")
    assert skill_pair("greedy") == ("greedy", "random")
    assert skill_pair("random") == ("greedy", "random")


def _first_turns(game: Game, seed: int, turns: int) -> list[tuple]:
    agent = make_agent("search:1", random.Random(seed))
    st = game.initial_state()
    played = []
    while st.turn < turns and not st.terminal:
        a = agent.act(st)
        st.apply(a)  # checked: an illegal choice raises
        played.append(a)
    return played


def test_search_plays_legal_actions_reproducibly_for_a_seed(c2: Game) -> None:
    first = _first_turns(c2, 3, 4)
    assert first == _first_turns(c2, 3, 4)
    assert first != _first_turns(c2, 4, 4)


def test_a_set_stop_flag_ends_the_search_after_one_plan(c2: Game) -> None:
    agent = SearchAgent(random.Random(1), LEVELS[3])
    agent.stop.set()
    st = c2.initial_state()
    decision = agent.decide(st)
    assert st.is_legal(decision.action)
    stopped = agent.simulated
    full = SearchAgent(random.Random(1), LEVELS[3])
    full.decide(st)
    assert stopped * 5 < full.simulated  # one plan of LEVELS[3].plans


def test_the_search_answers_a_response_window_with_a_recapture() -> None:
    """RECAP-1: the victim of a capture recaptures on the scene when it can."""
    st = make_state(["south:S@g1_1", "north:S@g2_1", "north:S@g3_1"])
    play(st, "S g1_1*g2_1")
    assert st.window is not None and st.actor == "north"
    decision = make_agent("search:1", random.Random(0)).decide(st)
    assert decision.action[0] == RESP
    assert decision.value is not None and "answers" in decision.reason


def test_evaluation_weights_follow_the_victory_conditions(c2: Game) -> None:
    c4 = _game("conquest-4p")
    assert weights_for(c4).points > 0  # WIN-8 / WIN-9 decide by victory points
    assert weights_for(c2).points == 0  # WIN-1 / WIN-2: capitals and pieces
    assert weights_for(c2).held > weights_for(c4).held  # WIN-1: the enemy capital


def test_evaluation_of_a_finished_game_is_a_win_or_a_loss(c2: Game) -> None:
    st = c2.initial_state()
    ev = Evaluation(c2)
    assert abs(ev.value(st, 0) + ev.value(st, 1)) < 1e-9  # symmetric start, two seats
    st.terminal = True
    from editor.engine.outcome import Result

    st.result_ = Result((c2.compiled.seat_ids[0],), "WIN-2: test")
    assert ev.value(st, 0) == WIN_VALUE and ev.value(st, 1) == -WIN_VALUE


def _cp4(pieces: list[str], to_move: str = "south"):
    return make_state(pieces, to_move, variant="conquest-plus-4p")


def test_evaluation_values_a_siege_tower_by_its_turns_to_the_grail_win_11() -> None:
    """WIN-11 (CP4, `siege_in_grail` in the variant): an own siege tower close to the grail
    raises the seat's strength, an enemy one close to it lowers the seat's value; variants
    without a siege victory have no such term."""
    near = _cp4(["south:T@g5_3", "north:S@g0_0"])
    far = _cp4(["south:T@g0_0", "north:S@g5_3"])
    ev = Evaluation(near.game)
    assert ev.weights.siege > 0 and weights_for(_game("conquest-4p")).siege == 0
    assert ev.terms(near, 0)["siege"] > ev.terms(far, 0)["siege"] > 0
    north = near.game.compiled.seat_index["north"]
    threat = _cp4(["north:T@g5_3", "south:S@g0_0"])
    calm = _cp4(["north:T@g0_0", "south:S@g5_3"])
    assert ev.value(threat, 0) < ev.value(calm, 0)
    assert ev.value(threat, north) > ev.value(calm, north)


def test_the_search_takes_a_siege_win_in_the_grail_at_once_win_11() -> None:
    """WIN-11: a siege tower that can enter the grail this turn does, whatever the plans."""
    st = _cp4(["south:T@v1", "south:S@g0_0", "south:S@g1_0", "south:S@g2_0",
               "north:S@g4_0"])
    decision = make_agent("search:1", random.Random(0)).decide(st)
    assert decision.value == WIN_VALUE and "siege" in decision.reason
    st.apply(decision.action)
    assert st.is_terminal() and "WIN-11" in st.result().reason
