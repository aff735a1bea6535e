"""Conquest Plus (CP2, CP4, CP-4CM): catapults, siege towers and their victories on the rule-test
world (ruleworld.py) with the conquest-plus variants and the catapult-4cm overlay."""

from __future__ import annotations

from support.rulekit import make_board
from support.ruleworld import code, dests, make_state, on, play, why

from editor.engine.game import Game
from editor.model.variant import resolve_variant
from editor.rules.notation import to_text

CP4, CP2 = "conquest-plus-4p", "conquest-plus-2p"


def cp(pieces, to_move="south", variant=CP4, **kw):
    return make_state(pieces, to_move=to_move, variant=variant, **kw)


def texts(st):
    return {to_text(st, a) for a in st.legal_actions()}


def test_piece_catapult_1_2_cp_moves_three_shoots_once():
    """PIECE-CATAPULT-1, PIECE-CATAPULT-2, EX-20: a CP catapult moves up to 3 steps, never onto
    an occupied field, and fires one shot per turn for 1 AP."""
    st = cp(["south:K@g0_0", "north:S@g1_1", "north:S@g3_0"])
    assert "g2_1" in dests(st, "g0_0") and "g3_1" not in dests(st, "g0_0")
    assert code(st, "K g0_0*g1_1") is not None
    play(st, "K g0_0#g1_1")
    assert st.ap_spent == 1 and on(st, "g1_1") is None
    assert code(st, "K g0_0#g3_0") == "E_SHOT_USED"


def test_piece_catapult_3_fire_along_connections():
    """PIECE-CATAPULT-3 (CONF-3 connections, 3): any field within 3 connections, land or sea;
    not 4."""
    st = cp(["south:K@g0_0", "north:S@g3_0", "north:S@g4_0", "north:B@s2"])
    assert why(st, "K g0_0#g3_0") is None
    assert why(st, "K g0_0#s2") is None  # g0_0 - s0 - s1 - s2
    assert code(st, "K g0_0#g4_0") == "E_NO_TARGET"


def test_piece_catapult_4_galleon_3_cp4cm_radius_and_speeds():
    """PIECE-CATAPULT-4, PIECE-GALLEON-3, PIECE-GALLEON-4, EX-20 (CP-4CM): every field centre
    within 4 cm (board scale) ignoring connections; catapult and laden galleon move 2."""
    land = [f"a{i}" for i in range(12)] + ["far"]
    roads = [(f"a{i}", f"a{i + 1}") for i in range(11)]
    board = make_board(land=land, roads=roads).model_dump(mode="json", exclude_none=True)
    for i, f in enumerate(board["fields"]):
        f["x"], f["y"] = 100.0 + 100.0 * i, 100.0  # 1 cm apart at 100 px/cm
    board["fields"][-1]["y"] = 450.0  # 'far' unconnected, 3.5 cm below a12's column
    board["fields"][-1]["x"] = 100.0
    board["scale"] = {"px_per_cm": 100.0}
    from editor.model.board import Board
    b = Board.model_validate(board)
    v = resolve_variant(CP2, None, ["catapult-4cm"]).variant
    st = Game(b, v).empty_state()
    st.add_piece("south", "catapult", "a0")
    for fid in ("a4", "a5", "far"):
        st.add_piece("north", "soldier", fid)
    st.turn = 2
    assert {"a1", "a2"} <= dests(st, "a0") and "a3" not in dests(st, "a0")
    assert "K a0#a4" in texts(st) and "K a0#far" in texts(st)
    assert "K a0#a5" not in texts(st)
    st2 = cp(["south:G[K]@s0", "north:B@s6"], variant=CP2, overlays=("catapult-4cm",))
    assert "s2" in dests(st2, "s0", "G") and "s3" not in dests(st2, "s0", "G")


def test_piece_galleon_3_4_cp_laden_galleon():
    """PIECE-GALLEON-3: a catapult-laden galleon sails at most 3 steps; PIECE-GALLEON-4: after
    sinking a vessel at most 3 more."""
    st = cp(["south:G[K]@s0"])
    assert "s3" in dests(st, "s0", "G") and "s4" not in dests(st, "s0", "G")
    st2 = cp(["south:G[K]@s0", "north:B@s3", "north:B@s6"])
    play(st2, "G s0*s3")
    if st2.window is not None:
        play(st2, "decline")
    assert "s6" in dests(st2, "s3", "G")


def test_piece_catapult_5_siege_6_7_shots_at_towers_and_crews():
    """PIECE-CATAPULT-5: any enemy stack but the siege tower itself; shooting its crew leaves
    it unmanned; PIECE-SIEGE-6/-7: a seized tower whose crew is shot reverts."""
    st = cp(["south:K@g0_0", "north:T@g1_0", "north:T[S]@g0_1"])
    assert code(st, "K g0_0#g1_0") == "E_NO_TARGET"
    play(st, "K g0_0#g0_1")
    assert on(st, "g0_1") == "north:T" and st.captured[0] == 1


def test_piece_catapult_6_castle_5_no_capitals():
    """PIECE-CATAPULT-6, CASTLE-5: a CP catapult neither enters nor shoots a capital field."""
    st = cp(["south:K@h1", "north:S@nt2", "south:N@h3"])
    assert code(st, "K h1>nt1") == "E_CASTLE_FORBIDDEN"
    assert code(st, "K h1#nt2") == "E_NO_TARGET"
    assert why(st, "N h3>nt3") is None


def test_piece_catapult_7_8_from_a_galleon_no_seizing():
    """PIECE-CATAPULT-7: fires from a galleon at sea at land or sea targets; PIECE-CATAPULT-8:
    never seizes an enemy vessel."""
    st = cp(["south:G[K]@s1", "north:S@g0_0", "north:B@s3"])
    assert why(st, "K s1#g0_0") is None and why(st, "K s1#s3") is None
    st2 = cp(["south:K@g0_0", "north:G@s0"])
    assert code(st2, "K g0_0*s0") is not None


def test_recap_19_cp_response_shot_once_per_turn():
    """RECAP-19 (CONF-6): a CP catapult may respond by shooting after at most one step, once per
    opponent turn."""
    st = cp(["north:N@g3_2", "north:N@g4_1", "south:S@g3_1", "south:S@g4_0", "south:K@g0_1"],
            to_move="north")
    play(st, "N g3_2*g3_1")
    assert "(K g0_1#g3_1)" in texts(st)
    play(st, "(K g0_1#g3_1)")
    play(st, "N g4_1*g4_0")
    assert not any(x.startswith("(K") for x in texts(st))


def test_piece_siege_1_2_3_siege_tower_basics():
    """PIECE-SIEGE-1: moves 2, never captures, not transported; PIECE-SIEGE-2: only an elephant
    takes it; PIECE-SIEGE-3: up to 3 soldiers."""
    st = cp(["south:T[SSS]@g0_0", "south:S@g1_1", "north:S@g1_0", "south:E@g3_0",
             "north:T@g2_0", "south:N@g2_1"])
    assert code(st, "T g0_0*g1_0") is not None
    assert code(st, "S g1_1*g1_0") is None
    assert code(st, "N g2_1*g2_0") == "E_CANNOT_CAPTURE"
    play(st, "E g3_0*g2_0")
    st2 = cp(["south:T[SSS]@g0_0", "south:S@g0_1"])
    assert code(st2, "S g0_1>g0_0") == "E_CARRIER_FULL"
    st3 = cp(["south:T[S]@g0_0", "south:T@g1_0", "south:E[S]@g0_1"])
    assert why(st3, "S g0_0>g1_0") is None  # PIECE-SIEGE-4: tower to adjacent tower
    assert code(st3, "S g0_1>g0_0") == "E_CARRIER_TO_CARRIER"  # PIECE-SOLDIER-4


def test_piece_siege_4_5_ex18_seizing_from_an_adjacent_tower():
    """PIECE-SIEGE-4, PIECE-SIEGE-5, PIECE-SIEGE-7, EX-18: a soldier steps from its tower onto
    an adjacent unmanned enemy tower and seizes it (a capture: response window, regeneration);
    a soldier from the ground may not."""
    st = cp(["south:T[S]@g0_0", "north:T@g1_0", "south:S@g2_1", "north:E@g3_0"])
    assert not any(x.startswith("S g2_1") and "~" in x for x in texts(st))
    play(st, "S g0_0~g1_0")
    assert on(st, "g1_0") == "south:Ts"
    assert st.window is not None  # PIECE-SIEGE-7: the elephant on g3_0 may answer
    play(st, "decline")
    assert "g2_0" in dests(st, "g1_0", "T")  # the seized tower moves at once
    play(st, "S g1_0>g1_1")
    assert on(st, "g1_0") == "north:T"  # PIECE-SIEGE-6: unmanned, it reverts


def test_piece_siege_8_obst_5_win_11_towers_ignore_obstacles_and_take_the_grail():
    """PIECE-SIEGE-8, OBST-5, WIN-11: siege towers cross X bridges and V passages and win by
    entering the grail (CP4)."""
    st = cp(["south:T@g5_1", "south:T@v1"])
    assert "x1" in dests(st, "g5_1")
    st2 = cp(["south:E@g5_1"])
    assert "x1" not in dests(st2, "g5_1")
    play(st, "T v1>gr0")
    assert st.terminal and "WIN-11" in st.result_.reason


def test_win_5_siege_tower_in_the_enemy_capital():
    """WIN-5 (CP2): a siege tower entering a field of the enemy capital wins at once."""
    st = cp(["south:T@h1"], variant=CP2)
    assert why(st, "T h1>nt1") is None
    play(st, "T h1>nt1")
    assert st.terminal and "WIN-5" in st.result_.reason and st.result_.winners == ("south",)
    st2 = cp(["south:T@g0_3"], variant=CP2)
    play(st2, "T g0_3>st0")
    assert not st2.terminal  # the own capital wins nothing


def test_piece_galleon_3_a_laden_galleon_refused_a_fourth_step_cites_its_rule():
    """PIECE-GALLEON-3, not MOVE-5: the galleon's own range is 8; the catapult aboard is what
    stops it after 3 steps (CONF-5 catapult_galleon_max_steps)."""
    st = cp(["south:G[K]@s0"])
    reason = why(st, "G s0>s1>s2>s3>s4")
    assert reason is not None and reason.code == "E_RANGE_EXCEEDED"
    assert reason.rule == "PIECE-GALLEON-3" and "catapult" in reason.message
    empty = cp(["south:G@s0"])
    assert why(empty, "G s0>s1>s2>s3>s4") is None  # without the catapult: its 8 steps
