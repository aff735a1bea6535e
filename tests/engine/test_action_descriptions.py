"""Each action kind describes its actions (`ActionKind.describe`, `State.description`): the kind
people see, the acting piece, its stack's field, the target, the path and the AP cost, read from
the position before the action (CAPT-1, CAPT-5, CARRY-1, CARRY-4, RECAP-1, RECAP-7, RECAP-17,
PIECE-CAMEL-3, PIECE-CAMEL-5, PIECE-CATAPULT-2, BUILD-1, DRAW-2, DRAW-5, TURN-11)."""

from __future__ import annotations

import random

from support.gcworld import gc_board
from support.playthrough import shipped_game
from support.ruleworld import make_state, play

from editor.engine.actions import ATTACKS, Description, Kind
from editor.engine.game import ACTIONS
from editor.engine.playout import random_action
from editor.rules.notation import parse_or_reason

GC4 = "grand-conquest-4p"
_BOARD: dict = {}


def _gc(pieces, **kw):
    if "b" not in _BOARD:
        _BOARD["b"] = gc_board(["south", "west", "north", "east"])
    return make_state(pieces, variant=GC4, board=_BOARD["b"], **kw)


def _described(st, text: str) -> Description:
    action, why = parse_or_reason(st, text)
    assert why is None, f"{text}: {why}"
    return st.description(action)


def _fields(d: Description) -> tuple:
    return d.kind, d.letter, d.source, d.target, d.path, d.cost


def test_every_row_describes_its_kind():
    for kind, row in ACTIONS.items():
        assert callable(row.describe), kind


def test_capt_1_carry_1_moves_mounts_dismounts_and_captures_turn_11():
    st = make_state(["south:E[S]@g1_1", "south:E@g0_0", "south:S@g1_0", "north:S@g3_1"])
    assert _fields(_described(st, "E g0_0>g0_1>g0_2")) == (
        Kind.MOVE, "E", "g0_0", "g0_2", ("g0_0", "g0_1", "g0_2"), 2)
    assert _described(st, "S g1_1>g1_2").kind is Kind.DISMOUNT
    mount = _described(st, "S g1_0>g1_1")
    assert mount.kind is Kind.MOUNT and mount.piece == st.occ[st.compiled.node_index["g1_0"]]
    capture = _described(st, "E g1_1>g2_1*g3_1!")
    assert _fields(capture) == (Kind.CAPTURE, "E", "g1_1", "g3_1", ("g1_1", "g2_1", "g3_1"), 2)
    assert capture.ends_turn and capture.kind in ATTACKS


def test_carry_4_embark_and_capt_5_boarding_an_enemy_vessel():
    st = make_state(["south:S@g0_0", "south:B@s0", "south:N@g3_0", "north:B@s3"])
    assert _described(st, "S g0_0>s0").kind is Kind.EMBARK
    boarding = _described(st, "N g3_0*s3")
    assert (boarding.kind, boarding.source, boarding.target) == (Kind.BOARDING, "g3_0", "s3")
    ship = make_state(["south:B@s2", "north:B@s3"])
    assert _described(ship, "B s2*s3").kind is Kind.CAPTURE  # a vessel takes a vessel


def test_recap_1_recap_7_a_response_starts_where_its_first_step_starts():
    st = make_state(["west:E[S]@g4_1", "south:S@g2_1", "west:N@g3_1", "west:N@g3_3"],
                    overlays=("classic-recapture",))
    play(st, "S g2_1*g3_1")
    d = _described(st, "(S g4_1>g4_0, E g4_1*g3_1)")
    assert _fields(d) == (Kind.RESPONSE, "E", "g4_1", "g3_1", ("g4_1", "g3_1"), 0)
    assert d.steps == (("g4_1", "g4_0"),)
    decline = _described(st, "decline")
    assert (decline.kind, decline.source, decline.piece, decline.cost) == (
        Kind.DECLINE, None, None, 0)


def test_piece_catapult_2_shot_and_recap_17_retaliation_after_a_step():
    st = _gc(["south:K@g0_0", "north:S@g1_0"])
    shot = _described(st, "K g0_0#g1_0")
    assert _fields(shot) == (Kind.SHOT, "K", "g0_0", "g1_0", (), 1)
    st2 = _gc(["north:N@g3_1", "south:S@g3_0", "south:K@g1_0"], to_move="north")
    play(st2, "N g3_1*g3_0")
    d = _described(st2, "(K g1_0>g2_0, K g2_0#g3_0)")
    assert _fields(d) == (Kind.RETALIATION, "K", "g1_0", "g3_0", (), 0)
    assert d.steps == (("g1_0", "g2_0"),)


def test_build_1_names_the_built_piece_and_draw_2_5_belong_to_the_tower():
    st = _gc(["south:S@g0_3"])
    build = next(st.description(a) for a in st.legal_actions() if a[0] == "build")
    assert build.kind is Kind.BUILD and build.source == "g0_3" and build.built
    assert build.cost == st.game.variant.build_cost and build.path == ()
    raise_ = _described(st, "raise st0")
    assert (raise_.kind, raise_.source, raise_.target, raise_.piece, raise_.cost) == (
        Kind.RAISE, "st0", "st0", None, 2)
    lower = st.description(("lower", st.compiled.node_index["st0"]))  # described, not checked
    assert (lower.kind, lower.source, lower.cost) == (Kind.LOWER, "st0",
                                                      st.game.variant.drawbridge_lower_cost)


def test_piece_camel_3_take_over_and_piece_camel_5_push():
    st = _gc(["south:S@g0_0", "north:D@g1_0", "north:D@g1_1"])
    ride = _described(st, "S g0_0~g1_0")
    assert _fields(ride) == (Kind.TAKE_OVER, "S", "g0_0", "g1_0", ("g0_0", "g1_0"), 1)
    push = _described(st, "push D g1_1>g1_2>g1_3")
    assert _fields(push) == (Kind.PUSH, "D", "g1_1", "g1_3", ("g1_1", "g1_2", "g1_3"), 2)


def test_turn_words_have_no_piece_and_no_field():
    st = make_state(["south:S@g0_0"], variant="conquest-2p")
    for text, kind in (("end", Kind.END), ("offer draw", Kind.OFFER_DRAW)):
        d = _described(st, text)
        assert (d.kind, d.piece, d.source, d.target, d.path, d.cost) == (kind, None, None,
                                                                          None, (), 0)


def test_descriptions_agree_with_the_position_along_random_games():
    """In every shipped edition, each legal action's description names the acting piece's
    stack field as its source, walks from there, costs what the engine charges and goes to a
    field (MOVE-1, TURN-3)."""
    for variant in ("conquest-4p", "grand-conquest-4p"):
        st = shipped_game(variant, ()).initial_state()
        ids, rng = st.compiled.node_ids, random.Random(5)
        for _ in range(40):
            for a in st.legal_actions():
                d = st.description(a)
                assert d.action == a and d.cost == st.action_cost(a)
                if d.piece is not None and not d.steps:
                    assert d.source == ids[st.node[d.piece]], d
                if d.path:
                    assert d.path[0] == d.source and d.path[-1] == d.target
                assert (d.source is None) == (d.target is None)
            st.apply(random_action(st, rng))
