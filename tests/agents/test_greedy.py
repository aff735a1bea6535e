"""Games of a balance run: per-game seeds, reproducible records, and the greedy policy."""

from __future__ import annotations

import random

import pytest
from support.ruleworld import make_state

from editor.agents.greedy import greedy_action
from editor.balance.play import CAP_RULE, game_seed, pack_game, play_chunk, play_game
from editor.engine.game import K_CAPTURE, MOVE, Game
from editor.engine.playout import check_invariants
from editor.model.variant import resolve_variant
from editor.resources import shipped_file


@pytest.fixture(scope="module")
def c4() -> Game:
    from editor.model import load_board

    variant = resolve_variant("conquest-4p").variant
    board = load_board(shipped_file("boards", "conquest-4p")).model
    return Game(board, variant)


def test_game_seeds_depend_on_run_seed_and_index_only() -> None:
    assert game_seed(1, 5) == game_seed(1, 5)
    seeds = {game_seed(s, i) for s in (1, 2) for i in range(200)}
    assert len(seeds) == 400
    assert all(0 <= s < 2**63 for s in seeds)


@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_a_game_replays_identically_from_its_index(c4: Game, policy: str) -> None:
    first = play_game(c4, 3, seed=7, policy=policy, max_turns=30)
    again = play_game(c4, 3, seed=7, policy=policy, max_turns=30)
    other = play_game(c4, 4, seed=7, policy=policy, max_turns=30)
    assert first == again
    assert first.to_dict() != other.to_dict()
    assert first.turns <= 30 and first.actions > 0
    if first.rule == CAP_RULE:
        assert first.winners == []


def test_play_chunk_unpickles_the_game_and_matches_play_game(c4: Game) -> None:
    digest, blob = pack_game(c4)
    records = play_chunk(digest, blob, [0, 2], 9, "greedy", 20)
    assert [r["index"] for r in records] == [0, 2]
    again = play_game(c4, 2, 9, "greedy", 20).to_dict()
    for record in (records[1], again):
        assert len(record.pop("turn_times")) == record["turns"]  # wall times, one per turn
    assert records[1] == again


def test_captures_record_the_field_and_both_seats(c4: Game) -> None:
    rec = play_game(c4, 0, seed=1, policy="greedy", max_turns=60)
    assert rec.captures, "60 greedy turns of C4 without a capture"
    seats = set(c4.compiled.seat_ids)
    for cap in rec.captures:
        assert cap.by in seats and cap.victim in seats and cap.by != cap.victim
        assert cap.field in c4.compiled.node_index
        assert cap.piece in c4.compiled.type_names


def test_greedy_plays_only_legal_actions(c4: Game) -> None:
    """Every greedy choice is legal (the engine's own check) and the invariants hold."""
    rng = random.Random(5)
    st = c4.initial_state()
    total = len(st.ptype)
    for _ in range(400):
        if st.terminal:
            break
        a = greedy_action(st, rng)
        assert st.is_legal(a), (a, st.explain(a))
        st.apply(a)
        check_invariants(st, total)


def test_greedy_takes_an_unanswered_capture() -> None:
    """CAPT-1: a capture in reach beats every quiet move."""
    st = make_state(["south:N@g0_0", "north:S@g3_0"])
    a = greedy_action(st, random.Random(1))
    assert a[0] == MOVE and st.game.compiled.node_ids[a[2][-1]] == "g3_0"


def test_greedy_prefers_the_capture_the_victim_cannot_answer() -> None:
    """RECAP-1: the soldiers on g1_0 and g2_0 cover each other (a capture of one is answered
    by the other); at g3_3 nothing of north's is within the recapture reach (2)."""
    st = make_state(["south:N@g0_2", "north:S@g1_0", "north:S@g2_0", "north:S@g3_3"])
    for seed in range(5):
        a = greedy_action(st, random.Random(seed))
        assert st.game.compiled.node_ids[a[2][-1]] == "g3_3"


def test_greedy_heads_for_enemy_capitals_and_the_grail() -> None:
    """WIN-1 / GRAIL-4: with nothing to capture, a step brings the piece closer to the
    nearest enemy castle or grail field."""
    from editor.agents.greedy import targets_of

    st = make_state(["south:N@g0_0", "north:S@nt4"])
    dist = targets_of(st.game).dist[(st.piece(0).kind_index, st.game.compiled.team_of[0])]
    a = greedy_action(st, random.Random(2))
    assert a[0] == MOVE and a[1] == 0
    assert dist[a[2][-1]] < dist[a[2][0]]
    res = {v: k for v, _d, k in st.search(0, 6)}
    assert res.get(a[2][-1]) != K_CAPTURE
