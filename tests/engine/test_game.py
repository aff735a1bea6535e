"""The engine's structure: one ActionKind row per action kind, the undo snapshot derived from the
StateData declaration, typed outcomes and reason codes, and piece-type flags instead of piece
names (BUILD-1, DRAW-5, PIECE-ELEPHANT-2, WIN-4, WIN-26)."""

from __future__ import annotations

import json

import pytest
from support.gcworld import gc_board
from support.playthrough import shipped_game
from support.ruleworld import code, make_state, play, why

from editor.engine import actions
from editor.engine.explain import ReasonCode
from editor.engine.game import ACTIONS, Game, State
from editor.engine.outcome import Termination
from editor.engine.position_key import POSITION_FIELDS, position_data
from editor.engine.state import state_fields
from editor.model.types import PieceType
from editor.model.variant import VARIANT_SUFFIX, shipped_variant_names, variants_dir

GC4 = "grand-conquest-4p"
_SEATS = ["south", "west", "north", "east"]
_BOARD: dict = {}


def _gc_board():
    if "b" not in _BOARD:
        _BOARD["b"] = gc_board(_SEATS)
    return _BOARD["b"]


def _state_with(game: Game, pieces: list[tuple[str, str, str, list]]) -> State:
    st = game.empty_state()
    for seat, ptype, fid, cargo in pieces:
        st.add_piece(seat, ptype, fid, cargo)
    for seat in game.compiled.seat_ids:  # keep elimination from ending the position
        for i in range(2):
            st.add_piece(seat, "soldier", f"pad_{seat}_{i}")
    st.turn = game.seat_count  # south, after the opening round
    return st


def _variant_with(piece: PieceType, **changes):
    base = make_state([], variant=GC4, board=_gc_board()).game.variant
    v = base.model_copy(deep=True)
    v.pieces[piece] = v.pieces[piece].model_copy(update=changes)
    return v


def test_every_action_kind_has_one_complete_row():
    kinds = {getattr(actions, n) for n in ("MOVE", "RESP", "DECLINE", "END", "OFFER_DRAW",
                                           "ACCEPT_DRAW", "REJECT_DRAW", "RIDE", "SHOOT",
                                           "RSHOT", "BUILD", "RAISE", "LOWER", "PUSH", "RESIGN")}
    assert set(ACTIONS) == kinds
    for kind, row in ACTIONS.items():
        assert row.kind == kind
        assert callable(row.cost) and callable(row.apply) and callable(row.explain)
        assert callable(row.text)


def test_named_views_equal_the_plain_actions():
    st = make_state(["south:S@g0_0"])
    for a in st.legal_actions():
        view = actions.named(a)
        assert view == a and hash(view) == hash(a)
    move = actions.named(("move", 3, (1, 2), False))
    assert (move.pid, move.path, move.end) == (3, (1, 2), False)
    assert actions.named(actions.A_END) == ("end",)


def test_unknown_action_kind_is_bad_notation():
    st = make_state(["south:S@g0_0"])
    reason = st.explain(("fly", 0))
    assert reason.code == "E_BAD_NOTATION" and isinstance(reason.code, ReasonCode)
    assert isinstance(why(st, "S g0_0>g0_1>g0_2>g0_3").code, ReasonCode)


def test_undo_restores_every_declared_field():
    """The snapshot generated from the StateData declaration covers every position field."""
    st = shipped_game("conquest-4p", ()).initial_state()
    before = position_data(st)
    snap = st.snapshot()
    undo_fields = [f.name for f in state_fields() if f.metadata["undo"]]
    assert "window" in undo_fields and "raised" in undo_fields and "_mark" not in undo_fields
    st.apply(st.legal_actions()[0])
    st.owner[0], st.turn, st.window = 3, 99, (1, 2, 3, False)
    st.raised[5], st.shots = 1, {7}
    st.restore(snap)
    assert position_data(st) == before


def _complete_variants() -> list[str]:
    """The shipped variants that are not overlays (an overlay is a few values, no game)."""
    return [v for v in shipped_variant_names()
            if not json.loads((variants_dir() / f"{v}{VARIANT_SUFFIX}").read_text()).get(
                "overlay")]


@pytest.mark.parametrize("variant", _complete_variants())
def test_initial_state_is_the_setup_every_time(variant: str):
    """The setup's position is built once per game and then copied: a later initial state
    equals a new build in every position field and shares no list with the states before."""
    game = shipped_game(variant, ())
    first = game.initial_state()
    first.apply(first.legal_actions()[0])
    again = game.initial_state()
    built = game._setup_state()
    assert position_data(again) == position_data(built)
    undo_fields = [f.name for f in state_fields() if f.metadata["undo"]]
    for name in undo_fields:
        assert getattr(again, name) == getattr(built, name), name
        value = getattr(again, name)
        if isinstance(value, (list, dict, set)):
            assert value is not getattr(first, name), name
    again.apply(again.legal_actions()[0])
    assert position_data(game.initial_state()) == position_data(built)


def test_win_4_and_win_26_results_carry_their_termination():
    st = make_state(["south:S@g0_0"], variant="conquest-2p", to_move="south")
    play(st, "offer draw")
    play(st, "accept draw")
    res = st.result()
    assert res.termination is Termination.DRAW_AGREED and res.is_draw and res.rule == "WIN-4"
    st2 = make_state(["south:S@g0_0"], variant=GC4, board=_gc_board(),
                     options={"allow_resignation": True})
    play(st2, "resign")
    res2 = st2.result()
    assert res2.termination is Termination.RESIGNATION and res2.rule == "WIN-26"
    assert "south" not in res2.winners and res2.winners


def test_build_1_who_builds_is_a_piece_flag():
    """BUILD-1: the `builds` flag of the soldier's PieceSpec makes it a builder."""
    st = make_state(["south:S@g0_0"], variant=GC4, board=_gc_board())
    assert any(a[0] == "build" for a in st.legal_actions())
    game = Game(_gc_board(), _variant_with(PieceType.SOLDIER, builds=False))
    st2 = _state_with(game, [("south", "soldier", "g0_0", [])])
    assert not any(a[0] == "build" for a in st2.legal_actions())
    reason = why(st2, "S g0_0+C@g0_0")
    assert (reason.code, reason.rule) == ("E_CANNOT_BUILD", "BUILD-1")


def test_piece_elephant_2_rule_id_comes_from_the_piece_flag():
    """PIECE-ELEPHANT-2 is cited because the elephant's PieceSpec names it for soldiers."""
    st = make_state(["south:S@g0_0", "north:E@g1_0"], variant=GC4, board=_gc_board())
    assert why(st, "S g0_0*g1_0").rule == "PIECE-ELEPHANT-2"
    game = Game(_gc_board(), _variant_with(PieceType.ELEPHANT, immunity_rule=None))
    st2 = _state_with(game, [("south", "soldier", "g0_0", []), ("north", "elephant", "g1_0", [])])
    assert code(st2, "S g0_0*g1_0") == "E_CANNOT_CAPTURE"
    assert why(st2, "S g0_0*g1_0").rule == "CAPT-2"


def _changed(value):
    """Another value of the same shape (for the position-key test)."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, list):
        return [*value, 0] if not value else [_changed(value[0]), *value[1:]]
    if isinstance(value, set):
        return value | {10_000}
    if isinstance(value, dict):
        return {**value, 10_000: 1}
    return (0, 0, 0, False)  # None: a window, a draw offer, a result


def test_position_key_covers_every_declared_position_field():
    """One position key, derived from the StateData declaration: changing any position field
    (also those the old second hash left out, e.g. frozen_mark, orig, risky) changes the key."""
    from editor.engine.position_key import position_key

    st = shipped_game("conquest-4p", ()).initial_state()
    undo_fields = tuple(f.name for f in state_fields() if f.metadata["undo"])
    assert undo_fields == POSITION_FIELDS
    base = position_key(st)
    for name in POSITION_FIELDS:
        probe = st.clone()
        if name == "result_":
            from editor.engine.outcome import Result
            probe.result_ = Result(("south",), "WIN-1: test")
        else:
            setattr(probe, name, _changed(getattr(probe, name)))
        assert position_key(probe) != base, name
    assert position_key(st.clone()) == base
