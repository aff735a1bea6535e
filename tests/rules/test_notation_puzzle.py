"""Puzzle-book notation for the Grand Conquest actions (RULES.md 5.9, BOARD-5, BF-19) on the
Grand Conquest 2-player reference board: Ω riding a foreign camel, `/` foreign cargo, Δ shots
(also at a raised drawbridge, DRAW-6), Π building, 110R / S110L drawbridges (DRAW-2, DRAW-5)."""

from __future__ import annotations

import pytest

from editor.rules.game_loader import load_game
from editor.rules.notation import parse_puzzle, puzzle_signature


@pytest.fixture(scope="module")
def game():
    return load_game(None, "grand-conquest-2p").game


def state(game, pieces, to_move="south"):
    st = game.empty_state()
    for seat, t, fid, cargo in pieces:
        st.add_piece(seat, t, fid, cargo)
    for seat, fid in (("south", "s.L1"), ("south", "s.L2"), ("north", "n.L1"), ("north", "n.L2")):
        if st.occ[st.compiled.node_index[fid]] < 0:
            st.add_piece(seat, "soldier", fid)
    st.turn = 2 + st.compiled.seat_index[to_move]
    return st


def apply(st, text):
    a, why = parse_puzzle(st, text)
    assert why is None, f"{text}: {why}"
    assert st.explain(a) is None
    st.apply(a)
    return a


def test_omega_and_foreign_cargo(game):
    """PIECE-CAMEL-3: 'S Ω D' rides Black's camel; afterwards the stack reads 'D/S' and moves
    as 'D/S-154 1'; a ridden enemy camel cannot be ridden ('S Ω Ds' matches nothing)."""
    st = state(game, [("south", "soldier", "s.L46", []), ("north", "camel", "s.L47", []),
                      ("north", "camel", "s.L57", [("soldier", [])])])
    assert parse_puzzle(st, "S Ω Ds")[0] is None
    apply(st, "S153 Ω D")
    pid = st.occ[st.compiled.node_index["s.L47"]]
    assert puzzle_signature(st, pid) == "D/S"
    if st.window is not None:
        apply(st, "RR")
    apply(st, "D/S-153 1")
    assert st.node[pid] == st.compiled.node_index["s.L46"]  # a former id (now s.153)


def test_delta_pi_and_drawbridges(game):
    """DRAW-2 '110R' raises tower 110 (2 AP); DRAW-6 'K Δ 110' lowers it from outside without
    harm; BUILD-7 'S Π K 414' builds next to the builder; DRAW-5 'S110L'."""
    st = state(game, [("south", "soldier", "s.T5", []), ("north", "catapult", "s.F5", []),
                      ("north", "soldier", "n.L4", [])])
    apply(st, "110R")
    assert st.ap_spent == 2 and st.compiled.node_index["s.T5"] in st.raised
    st.apply(("end",))
    assert st.actor == "north"
    a = apply(st, "K Δ 110")
    assert a[0] == "shoot"
    assert st.raised == {} and st.occ[st.compiled.node_index["s.T5"]] >= 0
    apply(st, "S Π K 414")
    assert st.compiled.type_names[st.ptype[st.occ[st.compiled.node_index["n.L5"]]]] == "catapult"
    assert st.ap_spent == 11
    st2 = state(game, [("north", "soldier", "s.T5", []), ("south", "soldier", "s.F5", [])],
                to_move="north")
    st2.raised[st2.compiled.node_index["s.T5"]] = 0
    apply(st2, "S110L")
    assert not st2.raised
    assert parse_puzzle(st2, "110R")[0] is not None  # the occupier may raise it (DRAW-2)
