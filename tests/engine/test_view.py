"""The engine's read API (editor/engine/view.py): pieces, stacks, budgets, the response window,
the game's progress and the writes a caller needs, read as typed values without touching the
state's own fields (TURN-7, TURN-9, CASTLE-2, FREEZE-2, RECAP-1, CAPT-11, PIECE-CAMEL-3)."""

from __future__ import annotations

import pytest
from support.ruleworld import make_state, play

from editor.engine.view import Budget, Piece, Stack


def test_a_stack_lists_the_carrier_first_then_its_cargo_bottom_to_top():
    """CARRY-1: the elephant stands on the field, its two soldiers ride it."""
    st = make_state(["south:E[SS]@g1_1"], pad=False)
    stack = st.stack("g1_1")
    assert isinstance(stack, Stack)
    assert [p.kind for p in stack.pieces] == ["elephant", "soldier", "soldier"]
    assert stack.letters == "Ess" and stack.owner == "south" and stack.field == "g1_1"
    carrier, rider = stack.pieces[0], stack.pieces[1]
    assert carrier.carrier is None and carrier.cargo == (rider.id, stack.pieces[2].id)
    assert rider.carrier == carrier.id and rider.field == "g1_1" and rider.letter == "S"
    assert st.stack(stack.node) == stack
    assert st.stack("g0_0") is None and st.stack("no-such-field") is None
    assert [s.field for s in st.stacks()] == ["g1_1"]


def test_pieces_are_typed_values_of_the_board_in_id_order():
    st = make_state(["south:N@g0_0", "north:S@g3_0"], pad=False)
    knight = st.piece(0)
    assert isinstance(knight, Piece)
    assert (knight.kind, knight.owner, knight.field, knight.steps) == ("knight", "south",
                                                                      "g0_0", 0)
    assert [p.id for p in st.pieces()] == [0, 1]
    assert [p.id for p in st.pieces("north")] == [1] == [p.id for p in st.pieces(2)]
    assert st.top_piece(knight.node) == 0 and st.piece_count() == 2
    with pytest.raises(AttributeError):
        knight.owner = "north"  # type: ignore[misc]


def test_a_captured_piece_is_off_the_board_and_counted_for_the_captor():
    """CAPT-1, CAPT-11: the victim leaves the board; the captor's count grows."""
    st = make_state(["south:N@g0_0", "north:S@g1_0"])
    victim = st.top_piece(st.stack("g1_0").node)
    play(st, "N g0_0*g1_0")
    assert not st.piece(victim).on_board and st.piece(victim).field is None
    assert victim not in [p.id for p in st.pieces()]
    assert st.progress().captured["south"] == 1 and st.progress().captured_this_turn


def test_budget_says_how_much_and_why():
    """TURN-7 opening budget; CASTLE-2: 4 AP less per own capital field an opponent holds;
    spent and left count for the mover only."""
    st = make_state(["south:S@wt0", "south:S@wt1", "south:S@wt2"], ap_spent=3)
    south, west = st.budget_info(), st.budget_info(1)
    assert isinstance(south, Budget)
    assert (south.seat, south.total, south.spent, south.left) == ("south", 20, 3, 17)
    assert (west.seat, west.castle_fields, west.total, west.spent, west.left) == (
        "west", 3, 8, 0, 8)
    assert "CASTLE-2" in west.rules and not west.frozen
    assert south.left == st.ap_left()


def test_a_frozen_seat_has_no_budget_and_says_so():
    """FREEZE-1/-2: opponents on five of West's capital fields freeze West."""
    st = make_state([f"south:S@wt{i}" for i in range(5)])
    west = st.budget_info(1)
    assert west.frozen and west.total == 0 and "FREEZE-2" in west.rules


def test_the_response_window_names_victim_capturer_and_scene():
    """RECAP-1: after a capture the victim answers on the capture's field."""
    st = make_state(["south:N@g0_0", "west:S@g1_0", "west:S@g2_0"])
    assert st.response_window() is None and not st.answering()
    play(st, "N g0_0*g1_0")
    window = st.response_window()
    assert window is not None and st.answering()
    assert (window.victim, window.field) == ("west", "g1_0")
    assert st.piece(window.capturer).kind == "knight"
    assert st.progress().actor == "west" and st.progress().mover == "south"


def test_the_position_key_is_the_engine_one_and_follows_the_position():
    from editor.engine.position_key import position_key

    st = make_state(["south:N@g0_0"])
    before = st.position_key()
    assert before == position_key(st)
    play(st, "N g0_0>g1_0")
    assert st.position_key() != before
    st.undo()
    assert st.position_key() == before


def test_arrange_sets_a_start_position_and_opens_a_window():
    """RECAP-1: a scenario's pending response window: the capturer is the piece on the scene."""
    st = make_state(["south:N@g1_0", "west:S@g2_0"])
    scene = st.stack("g1_0").node
    st.arrange(turn=4, ap_spent=2, captured={0: 3}, turns_without_capture=1,
               window=(1, scene, False), end_turn_after=True)
    progress, window = st.progress(), st.response_window()
    assert (progress.turn, progress.captured["south"], progress.turns_without_capture) == (
        4, 3, 1)
    assert st.budget_info().spent == 2
    assert window is not None and window.victim == "west" and window.end_turn_after
    assert st.piece(window.capturer).field == "g1_0"


def test_explaining_one_step_reads_the_state_only():
    """OBST-1: elephants take the one-way road g5_3 -> v1 toward the grail, never back; asking
    changes nothing."""
    from editor.rules.position_view import explain_single_step

    st = make_state(["south:E@v1"], ap_spent=5)
    key, spent = st.position_key(), st.budget_info().spent
    why = explain_single_step(st, "E", "v1", "g5_3")
    assert why is not None and (why.code, why.rule) == ("E_ONE_WAY", "OBST-1")
    assert st.position_key() == key and st.budget_info().spent == spent
    forward = make_state(["south:E@g5_3"])
    assert explain_single_step(forward, "E", "g5_3", "v1") is None


def test_columns_are_the_live_pieces_and_tops():
    st = make_state(["south:N@g0_0"], pad=False)
    kind, owner, node, top = st.columns()
    assert (kind[0], owner[0], top[node[0]]) == (st.piece(0).kind_index, 0, 0)
    play(st, "N g0_0>g1_0")
    assert node[0] == st.stack("g1_0").node  # live until the state changes
