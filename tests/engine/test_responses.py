"""Captures, boarding, regeneration and the response window (CAPT-*, RECAP-*)."""

from __future__ import annotations

from support.ruleworld import code, make_state, on, play, why

from editor.model.variant import resolve_variant

# EX-1 on the test world: South's soldier took a West knight on g3_1; West's loaded
# elephant stands on g4_1 (A), g4_0 is empty (F); West's knight on g3_3 could reach g3_1 only
# through g3_2, which a South soldier holds.
EX1 = ["south:S@g2_1", "west:N@g3_1", "west:E[S]@g4_1", "west:N@g3_3", "south:S@g3_2"]


def ex1(**kw):
    st = make_state(EX1, **kw)
    play(st, "S g2_1*g3_1")
    return st


def test_capt_1_capture_by_displacement_is_optional():
    """CAPT-1: the capturer takes the field; capturing is optional; the path ends there."""
    st = make_state(["south:N@g0_1", "north:S@g1_1"])
    assert code(st, "N g0_1>g0_2") is None  # not forced to capture
    play(st, "N g0_1*g1_1")
    assert on(st, "g1_1") == "south:N" and st.captured[0] == 1
    st2 = make_state(["south:N@g0_1", "north:S@g1_1"])
    assert code(st2, "N g0_1>g1_1>g2_1") is not None


def test_capt_2_conquest_capture_matrix():
    """CAPT-2: everyone takes everyone except soldiers vs elephants and land vs sea."""
    m = {str(k): {str(x) for x in v} for k, v in resolve_variant("conquest-4p")
         .variant.capture_matrix.items()}
    assert "elephant" not in m["soldier"] and "elephant" in m["knight"]
    assert m["ship"] == {"ship", "galleon"} == m["galleon"]
    st = make_state(["south:C@g0_1", "north:E[SS]@g1_1"])
    assert code(st, "C g0_1*g1_1") is None


def test_capt_4_no_capturing_own_or_partner_pieces():
    """CAPT-4 / TEAM-2: own pieces block; a partner's piece can never be captured."""
    st = make_state(["south:N@g0_1", "south:S@g1_1"])
    assert code(st, "N g0_1>g1_1") == "E_FIELD_OCCUPIED"
    team = make_state(["south:N@g0_1", "north:S@g1_1"], variant="conquest-team")
    r = why(team, "N g0_1*g1_1")
    assert r.code == "E_OWN_PIECE" and r.rule == "TEAM-2"


def test_capt_5_and_ex_14_boarding_an_enemy_vessel_in_harbour():
    """CAPT-5 / EX-14: a knight boards a docked ship with an elephant and two soldiers: the
    cargo is captured, the ship seized; a soldier may not (PIECE-ELEPHANT-2)."""
    st = make_state(["south:N@g0_0", "north:B[E[SS]]@s0"])
    play(st, "N g0_0*s0")
    assert on(st, "s0") == "south:Bn" and st.captured[0] == 3
    assert st.cnt_all[2] == 2 and st.cnt_all[0] == 4  # + two reserve soldiers each
    st2 = make_state(["south:S@g0_0", "north:B[E[SS]]@s0"])
    r = why(st2, "S g0_0*s0")
    assert r.code == "E_CANNOT_CAPTURE" and r.rule == "PIECE-ELEPHANT-2"


def test_capt_6_every_conquest_land_piece_may_board_an_enemy_vessel():
    """CAPT-6: in Conquest no land piece type is barred from boarding enemy vessels."""
    for letter in "SENC":
        st = make_state([f"south:{letter}@g0_0", "north:B@s0"])
        assert code(st, f"{letter} g0_0*s0") is None, letter


def test_capt_7_seized_vessel_is_kept_and_sails_at_once():
    """CAPT-7: the seized ship belongs to the seizer and may sail with full range."""
    st = make_state(["south:S@g0_0", "north:B@s0"])
    play(st, "S g0_0*s0")
    assert st.window is None and on(st, "s0") == "south:Bs"
    play(st, "B s0>s6")
    assert on(st, "s6") == "south:Bs" and st.ap_spent == 7


def test_capt_8_seizure_is_a_capture_and_opens_a_response():
    """CAPT-8: even seizing an empty vessel opens the victim's window."""
    st = make_state(["south:N@g0_1", "north:B@s0", "north:S@g1_0"])
    play(st, "N g0_1>g0_0*s0")
    assert st.window is not None and st.actor == "north"
    play(st, "decline")
    assert st.range_left(st.pieces_at(st.compiled.node_index["s0"])[1]) == 6  # regenerated


def test_capt_9_sinking_takes_vessel_and_cargo():
    """CAPT-9: an empty ship sinks a loaded galleon: all pieces are lost."""
    st = make_state(["south:B@s1", "north:G[E[SS]]@s2"])
    play(st, "B s1*s2")
    assert st.captured[0] == 4 and on(st, "s2") == "south:B"


def test_capt_10_regeneration_and_turn_6_budget_cap():
    """CAPT-10: a capturer not taken back regains its range; TURN-6: the budget still caps."""
    st = make_state(["south:N@g0_0", "north:S@g5_0"], ap_spent=13)
    play(st, "N g0_0*g5_0")  # 5 steps, AP 18 of 20
    pid = st.occ[st.compiled.node_index["g5_0"]]
    assert st.range_left(pid) == 6 and st.ap_left() == 2
    assert code(st, "N g5_0>g5_3") == "E_NO_AP"
    assert code(st, "N g5_0>g5_2") is None


def test_capt_11_captured_pieces_are_counted_individually():
    """CAPT-11: each piece of a captured stack counts for the capturer."""
    st = make_state(["south:E@g0_1", "north:C[S]@g1_1"])
    play(st, "E g0_1*g1_1")
    assert st.captured == [2, 0, 0, 0]


def test_capt_12_no_protected_fields():
    """CAPT-12: pieces on castle or grail fields can be captured."""
    st = make_state(["south:S@g0_3", "north:N@st0", "south:N@v1", "west:S@gr0"])
    play(st, "S g0_3*st0")
    play(st, "N v1*gr0")
    assert st.captured[0] == 2


def test_recap_1_window_opens_for_the_victim():
    """RECAP-1: after a capture the victim may respond or decline."""
    st = ex1()
    assert st.window is not None and st.actor == "west"
    assert ("decline",) in st.legal_actions()


def test_ex_1_recap_6_recap_7_recapture_with_elephant_and_rider():
    """EX-1 / RECAP-6: elephant (with rider) or the rider may recapture; the knight may not;
    dismount-then-elephant is illegal by default and legal under classic-recapture."""
    st = ex1()
    assert code(st, "(E g4_1*g3_1)") is None
    assert code(st, "(S g4_1*g3_1)") is None
    r = why(st, "(N g3_3>g3_2*g3_1)")
    assert r.code == "E_KNIGHT_JUMPS_ENEMY"
    r = why(st, "(S g4_1>g4_0, E g4_1*g3_1)")
    assert r.code == "E_RESPONSE_NOT_NECESSARY" and r.rule == "RECAP-6"
    classic = ex1(overlays=("classic-recapture",))
    assert code(classic, "(S g4_1>g4_0, E g4_1*g3_1)") is None  # RECAP-7
    play(classic, "(S g4_1>g4_0, E g4_1*g3_1)")
    assert on(classic, "g3_1") == "west:E" and on(classic, "g4_0") == "west:S"


def test_recap_2_only_the_victim_responds():
    """RECAP-2: a third player's piece cannot respond."""
    st = make_state([*EX1, "north:N@g3_0"])
    play(st, "S g2_1*g3_1")
    r = why(st, "(N g3_0*g3_1)")
    assert r.code == "E_NOT_YOUR_PIECE" and r.rule == "RECAP-2"


def test_recap_3_only_the_capturer_on_the_scene():
    """RECAP-3: a response takes the capturer on the scene; no other move is allowed."""
    st = make_state([*EX1, "south:N@g5_0"])
    play(st, "S g2_1*g3_1")
    r = why(st, "(E g4_1>g5_1)")
    assert r.code == "E_RESPONSE_WRONG_TARGET" and r.rule == "RECAP-3"
    assert code(st, "E g4_1>g5_1") == "E_RESPONSE_PENDING"


def test_recap_4_reach_is_two_steps():
    """RECAP-4: only a piece at most two steps from the scene responds."""
    st = make_state([*EX1, "west:C@g0_1"])
    play(st, "S g2_1*g3_1")
    r = why(st, "(C g0_1>g1_1>g2_1*g3_1)")
    assert r.code == "E_RESPONSE_OUT_OF_REACH" and r.rule == "RECAP-4"
    assert code(st, "(C g0_1*g3_1)") == "E_RESPONSE_OUT_OF_REACH"


def test_recap_8_responses_are_free_and_recap_9_mover_continues():
    """RECAP-8: no AP, no range; RECAP-9: the mover goes on with his AP."""
    st = ex1()
    spent = st.ap_spent
    play(st, "(E g4_1*g3_1)")
    assert st.actor == "south" and st.ap_spent == spent == 1
    e = st.occ[st.compiled.node_index["g3_1"]]
    assert st.steps[e] == 0
    st2 = ex1()
    play(st2, "decline")
    assert st2.actor == "south"
    cap = st2.occ[st2.compiled.node_index["g3_1"]]
    assert st2.range_left(cap) == 2  # CAPT-10


def test_recap_10_one_window_per_capture():
    """RECAP-10: each capture opens its own window about its own capturer."""
    st = make_state(["south:N@g0_0", "north:S@g1_0", "north:S@g2_1", "north:N@g2_0",
                     "south:N@g5_3", "west:S@g5_2", "west:S@g4_2"])
    play(st, "N g0_0*g1_0")
    assert st.window is not None and st.actor == "north"
    play(st, "decline")
    play(st, "N g5_3*g5_2")
    assert st.actor == "west" and st.window[2] == st.compiled.node_index["g5_2"]


def test_recap_11_the_victim_chooses():
    """RECAP-11: several responses are offered; the victim picks one or declines."""
    st = ex1()
    resp = [a for a in st.legal_actions() if a[0] == "resp"]
    assert len(resp) >= 2


def test_recap_12_path_rules_apply_to_responses():
    """RECAP-12: a one-way passage stops an elephant from leaving to respond."""
    st = make_state(["south:N@g4_3", "west:S@g5_3", "west:E@v1", "west:S@g5_1"])
    play(st, "N g4_3*g5_3")
    assert st.window is not None  # the soldier on g5_1 could respond
    r = why(st, "(E v1*g5_3)")
    assert r.code == "E_ONE_WAY" and r.rule == "OBST-1"


def test_recap_13_responses_involving_vessels():
    """RECAP-13: a seized vessel is taken back by boarding or sunk by the victim's vessel."""
    st = make_state(["south:N@g0_1", "west:B@s0", "west:S@g1_0", "west:G@s2"])
    play(st, "N g0_1>g0_0*s0")
    assert code(st, "(G s2>s1*s0)") is None
    play(st, "(S g1_0>g0_0*s0)")
    assert on(st, "s0") == "west:Bs" and st.captured[1] == 1


def test_recap_14_ex_10_last_action_capture_against_left_neighbour():
    """RECAP-14 / EX-10: capture with the 17th AP declaring the end: West gets no response
    and starts his turn; without the declaration he may respond."""
    base = ["south:S@g2_1", "west:N@g3_1", "west:E@g4_1"]
    st = make_state(base, ap_spent=16)
    play(st, "S g2_1*g3_1!")
    assert st.window is None and st.actor == "west" and st.ap_spent == 0
    st2 = make_state(base, ap_spent=16)
    play(st2, "S g2_1*g3_1")
    assert st2.window is not None and st2.actor == "west"
    st3 = make_state(base, ap_spent=19)  # the 20th AP is the last action anyway
    play(st3, "S g2_1*g3_1")
    assert st3.window is None and st3.actor == "west"


def test_recap_15_other_victims_keep_their_response():
    """RECAP-15: the same last-action capture against North (not next) opens a window."""
    st = make_state(["south:S@g2_1", "north:N@g3_1", "north:E@g4_1"], ap_spent=16)
    play(st, "S g2_1*g3_1!")
    assert st.window is not None and st.actor == "north"
    play(st, "decline")
    assert st.actor == "west"  # the declared end follows the window


def test_recap_16_frozen_players_cannot_respond():
    """RECAP-16 / FREEZE-2: a frozen victim gets no window."""
    occupy = [f"south:S@wt{i}" for i in range(5)]
    st = make_state([*occupy, "south:S@g2_1", "west:N@g3_1", "west:E@g4_1"])
    assert st.is_frozen(1)
    play(st, "S g2_1*g3_1")
    assert st.window is None and st.actor == "south"


def test_capt_11_conf_12_scoring_options():
    """CONF-12 options: a captured stack may score once; a seized vessel may also score."""
    st = make_state(["south:N@g0_1", "north:E[SS]@g1_1"],
                    options={"score_cargo_individually": False})
    play(st, "N g0_1*g1_1")
    assert st.captured[0] == 1
    st2 = make_state(["south:N@g0_0", "north:B[S]@s0"],
                     options={"score_seized_vessel_as_captured": True})
    play(st2, "N g0_0*s0")
    assert st2.captured[0] == 2
