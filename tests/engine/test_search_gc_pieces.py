"""Grand Conquest pieces (GC4, GCT, GC2): camels, catapults, siege engines, wilderness, capture
matrix. Each test names its rule IDs and asserts legal and illegal cases on the gcworld board."""

from __future__ import annotations

from support.gcworld import gc_board
from support.ruleworld import code, dests, make_state, on, play, why

GC4 = "grand-conquest-4p"
_BOARDS: dict = {}


def gc(pieces, to_move="south", variant=GC4, **kw):
    seats = ("south", "north") if variant == "grand-conquest-2p" else (
        "south", "west", "north", "east")
    if seats not in _BOARDS:
        _BOARDS[seats] = gc_board(list(seats))
    return make_state(pieces, to_move=to_move, variant=variant, board=_BOARDS[seats], **kw)


# ---- capture matrix ----------------------------------------------------------------------


def test_capt_3_gc_capture_matrix():
    """CAPT-3: catapults and siege engines never capture by moving; soldiers take neither
    elephants nor siege engines; riderless camels cannot capture."""
    st = gc(["south:S@g0_0", "north:E@g1_0", "north:T@g0_1", "south:K@g2_0", "north:S@g3_0",
             "south:D@g4_1", "north:N@g4_0"])
    assert code(st, "S g0_0*g1_0") == "E_CANNOT_CAPTURE"
    assert code(st, "S g0_0*g0_1") == "E_CANNOT_CAPTURE"
    assert code(st, "K g2_0*g3_0") is not None
    assert code(st, "D g4_1*g4_0") == "E_WILD_CAMEL"  # PIECE-CAMEL-2, the most specific rule
    st2 = gc(["south:D[S]@g4_1", "north:N@g4_0"])
    assert why(st2, "D g4_1*g4_0") is None  # PIECE-CAMEL-2: with a rider it captures


def test_piece_elephant_3_only_elephants_take_siege_engines():
    """PIECE-ELEPHANT-3, PIECE-SIEGE-10: only an elephant captures a siege engine."""
    st = gc(["south:E@g0_0", "south:N@g2_0", "north:T[S]@g1_0"])
    assert code(st, "N g2_0*g1_0") == "E_CANNOT_CAPTURE"
    play(st, "E g0_0*g1_0")
    assert on(st, "g1_0") == "south:E"
    assert st.captured[0] == 2  # engine and rider


# ---- siege engines -------------------------------------------------------------------------


def test_piece_siege_9_engine_moves_two_never_captures():
    """PIECE-SIEGE-9: a siege engine moves 1 or 2 steps and never captures."""
    st = gc(["south:T@g0_0", "north:S@g0_1"])
    assert "g2_0" in dests(st, "g0_0")
    assert "g3_0" not in dests(st, "g0_0")
    assert code(st, "T g0_0*g0_1") == "E_CANNOT_CAPTURE"


def test_piece_siege_10_11_crew_and_no_seizure():
    """PIECE-SIEGE-10: no commandeering, catapults only shoot the crew off; PIECE-SIEGE-11:
    one to three soldiers, who capture when stepping off (PIECE-SOLDIER-5)."""
    st = gc(["south:T[SSS]@g1_0", "south:S@g0_0", "north:N@g2_0", "north:T@g0_1"])
    assert code(st, "S g0_0>g1_0") == "E_CARRIER_FULL"
    assert why(st, "S g1_0*g2_0") is None
    assert code(st, "S g0_0~g0_1") is not None  # an enemy engine cannot be taken over
    st2 = gc(["south:K@g1_1", "north:T[SS]@g2_1"])
    play(st2, "K g1_1#g2_1")
    assert on(st2, "g2_1") == "north:T"  # PIECE-CATAPULT-14: engine undamaged, crew captured
    assert st2.captured[0] == 2


def test_piece_siege_12_carry_12_no_vessels_no_rope_bridges():
    """PIECE-SIEGE-12, CARRY-12: a siege engine boards no vessel and crosses no rope bridge
    (OBST-4)."""
    st = gc(["south:T@g0_0", "south:B@s0", "south:T@g5_1"])
    assert code(st, "T g0_0>s0") is not None
    assert "x1" not in dests(st, "g5_1")
    st2 = gc(["south:E@g5_1"])
    assert "x1" in dests(st2, "g5_1")


def test_piece_siege_13_15_draw_5_storming_a_tower_ex19():
    """PIECE-SIEGE-13, DRAW-5, PIECE-SIEGE-15, WIN-13 (EX-19): a soldier storms a raised tower
    from the engine, lowers the bridge, remounts; the engine entering the tower wins."""
    st = gc(["south:T[S]@h1", "north:N@nt1"], to_move="south")
    st.raised[st.compiled.node_index["nt1"]] = 2  # north raised it (DRAW-2)
    st.raised[st.compiled.node_index["nt2"]] = 2
    assert code(st, "T h1>h2>nt2") == "E_DRAWBRIDGE_UP"  # DRAW-3
    play(st, "S h1*nt1")  # storming across the raised bridge, capturing the knight
    if st.window is not None:
        play(st, "decline")
    assert code(st, "T h1>nt1") is not None  # the soldier still occupies the tower
    play(st, "lower nt1")  # DRAW-5: 1 AP
    assert st.ap_spent == 2
    play(st, "S nt1>h1")
    play(st, "T h1>nt1")
    assert st.terminal and st.result_.winners == ("south",)
    assert "WIN-13" in st.result_.reason


def test_piece_siege_13_elephant_in_tower_blocks_storming():
    """PIECE-SIEGE-13: the storming step is illegal when an elephant holds the tower."""
    st = gc(["south:T[S]@h1", "north:E@nt1"])
    st.raised[st.compiled.node_index["nt1"]] = 2
    assert code(st, "S h1*nt1") is not None
    st2 = gc(["south:S@h0", "north:N@nt0"])
    st2.raised[st2.compiled.node_index["nt0"]] = 2
    assert code(st2, "S h0*nt0") == "E_DRAWBRIDGE_UP"  # only from a siege engine


def test_piece_siege_14_no_engine_in_own_castle():
    """PIECE-SIEGE-14 (CONF-34): a siege engine never enters its owner's castle."""
    st = gc(["south:T@g0_3"])
    assert code(st, "T g0_3>st0") == "E_SIEGE_OWN_CASTLE"
    st2 = gc(["south:T@g0_3"], options={"siege_may_enter_own_castle": True})
    assert why(st2, "T g0_3>st0") is None


# ---- catapults -------------------------------------------------------------------------------


def test_piece_catapult_10_11_ex12_moves_two_one_shot():
    """PIECE-CATAPULT-10, PIECE-CATAPULT-11, EX-12: moves 1-2 steps; moving 2 and firing costs
    3 AP; a third step or a second shot is illegal."""
    st = gc(["south:K@g0_0", "north:S@g3_0", "north:S@g2_1"])
    assert code(st, "K g0_0*g3_0") is not None  # no capture by moving
    play(st, "K g0_0>g1_0>g2_0")
    assert code(st, "K g2_0>g1_0") == "E_RANGE_EXCEEDED"
    play(st, "K g2_0#g3_0")
    assert st.ap_spent == 3 and on(st, "g3_0") is None
    assert code(st, "K g2_0#g2_1") == "E_SHOT_USED"


def test_piece_catapult_12_target_set():
    """PIECE-CATAPULT-12 (CONF-28): adjacent connected fields, arrow slits, bordering regions
    unless screened by mountains; nothing two steps away."""
    st = gc(["south:K@g0_1", "north:S@g1_2", "north:S@g2_1", "north:N@R1", "south:K@g3_1"])
    assert why(st, "K g0_1#g1_2") is None  # arrow slit
    assert code(st, "K g0_1#g2_1") == "E_NO_TARGET"  # two steps away
    assert code(st, "K g3_1#R1") == "E_NO_TARGET"  # screened by mountains
    st2 = gc(["south:K@g1_1", "north:N@R1"])
    assert why(st2, "K g1_1#R1") is None


def test_piece_catapult_13_19_9_shot_resolution():
    """PIECE-CATAPULT-13: the stack is removed and scored; PIECE-CATAPULT-19 / RECAP-20: no
    response window; PIECE-CATAPULT-9: no regeneration."""
    st2 = gc(["south:K@g0_0+1", "north:E[SS]@g1_0", "north:E@g2_0"])
    play(st2, "K g0_0#g1_0")
    assert st2.window is None and st2.captured[0] == 3 and on(st2, "g0_0") == "south:K"
    assert st2.steps[st2.occ[st2.compiled.node_index["g0_0"]]] == 1


def test_piece_catapult_15_galleon_2_galleon_mounted_catapult():
    """PIECE-CATAPULT-15 (CONF-29), PIECE-GALLEON-2, CARRY-11: a galleon carries a catapult,
    which fires at adjacent vessels and at land fields joined by a harbour link."""
    st = gc(["south:G[K]@s1", "north:B@s2", "north:S@g0_0", "north:B@s3"])
    assert why(st, "K s1#s2") is None
    assert code(st, "K s1#s3") == "E_NO_TARGET"
    st2 = gc(["south:G[K]@s0", "north:S@g0_0", "north:S@g1_0"])
    assert why(st2, "K s0#g0_0") is None
    assert code(st2, "K s0#g1_0") == "E_NO_TARGET"
    st3 = gc(["south:K@g0_0", "south:G@s0", "south:B@s3", "south:K@g3_0"])
    assert why(st3, "K g0_0>s0") is None  # CARRY-11
    assert code(st3, "K g3_0>s3") is not None  # ships never carry catapults


def test_piece_catapult_16_seizes_empty_galleons_only():
    """PIECE-CATAPULT-16 (CONF-7): a catapult boards and seizes an empty enemy galleon, never an
    occupied one nor a ship."""
    st = gc(["south:K@g0_0", "north:G@s0", "south:K@g3_0", "north:B@s3"])
    assert code(st, "K g3_0*s3") is not None
    play(st, "K g0_0*s0")
    assert on(st, "s0") == "south:Gk"
    st2 = gc(["south:K@g0_0", "north:G[S]@s0"])
    assert code(st2, "K g0_0*s0") is not None


def test_piece_catapult_17_draw_6_towers():
    """PIECE-CATAPULT-17, DRAW-6: from a tower, the ring neighbours and the front field; from
    outside, a raised drawbridge is lowered by the shot and nobody is harmed."""
    st = gc(["south:K@nt1", "north:S@nt2", "north:S@nt3", "north:S@h1"])
    assert why(st, "K nt1#nt2") is None and why(st, "K nt1#h1") is None
    assert code(st, "K nt1#nt3") == "E_NO_TARGET"
    st2 = gc(["south:K@h1", "north:S@nt1"])
    st2.raised[st2.compiled.node_index["nt1"]] = 2
    play(st2, "K h1#nt1")
    assert on(st2, "nt1") == "north:S" and st2.compiled.node_index["nt1"] not in st2.raised


def test_piece_catapult_18_no_rope_bridges():
    """PIECE-CATAPULT-18, OBST-4: catapults never cross rope bridges."""
    st = gc(["south:K@g5_1"])
    assert "x1" not in dests(st, "g5_1")
    st2 = gc(["south:K@g5_2"])
    assert "b1" in dests(st2, "g5_2")


def test_castle_6_gc_castles_open_to_land_pieces():
    """CASTLE-6: any land piece, the catapult included, enters a tower across a lowered bridge
    (CONF-8 allowed_with_drawbridges); not across a raised one."""
    st = gc(["south:K@h1", "south:E@h2"])
    assert why(st, "K h1>nt1") is None and why(st, "E h2>nt2") is None
    st.raised[st.compiled.node_index["nt2"]] = 2
    assert code(st, "E h2>nt2") == "E_DRAWBRIDGE_UP"


# ---- camels and the wilderness ----------------------------------------------------------


def test_piece_camel_3_capt_13_commandeering():
    """PIECE-CAMEL-3, CAPT-13 (CONF-32): a soldier mounts an enemy riderless camel and controls
    it; by default the owner may respond; a ridden enemy camel can only be captured."""
    st = gc(["south:S@g0_0", "north:D@g1_0", "north:E@g2_0"])
    play(st, "S g0_0~g1_0")
    assert on(st, "g1_0") == "south:Ds" and st.window is not None
    assert st.captured[0] == 0  # nothing removed, nothing scored
    st2 = gc(["south:S@g0_0", "north:D[S]@g1_0"])
    assert code(st2, "S g0_0~g1_0") is not None
    st3 = gc(["south:S@g0_0", "north:D@g1_0", "north:E@g2_0"],
             options={"camel_commandeer_is_capture": False})
    play(st3, "S g0_0~g1_0")
    assert st3.window is None


def test_piece_camel_4_ex16_reversion_and_regeneration_trick():
    """PIECE-CAMEL-4, EX-16: when the rider dismounts the camel reverts to its owner at once
    and may be captured, with regeneration."""
    st = gc(["south:S@g0_0", "north:D@g1_0"])
    play(st, "S g0_0~g1_0")
    assert st.window is None  # nobody can respond
    play(st, "D g1_0>g2_0")
    play(st, "S g2_0>g2_1")
    assert on(st, "g2_0") == "north:D"
    play(st, "S g2_1*g2_0")
    assert on(st, "g2_0") == "south:S" and st.captured[0] == 1
    sid = st.occ[st.compiled.node_index["g2_0"]]
    assert st.steps[sid] == 0  # regenerated (CAPT-10)


def test_piece_camel_5_6_team_10_pushing_wild_camels():
    """PIECE-CAMEL-5, PIECE-CAMEL-6: an opponent's riderless camel may be pushed up to 2 steps
    per turn for 1 AP each, not a ridden one, and the steps do not use its range."""
    st = gc(["north:D@g1_1", "north:D[S]@g4_0"])
    assert why(st, "push D g1_1>g1_2>g1_3") is None
    assert code(st, "push D g1_1>g0_1>g0_2>g0_3") is not None
    assert code(st, "push D g4_0>g4_1") is not None
    play(st, "push D g1_1>g1_2")
    assert st.ap_spent == 1
    cam = st.occ[st.compiled.node_index["g1_2"]]
    assert st.steps[cam] == 0
    play(st, "push D g1_2>g1_3")
    assert code(st, "push D g1_3>g0_3") is not None  # 2 steps used
    team = gc(["north:D@g1_1", "west:D@g3_1"], variant="grand-conquest-team")
    assert code(team, "push D g1_1>g1_2") == "E_CANNOT_PUSH"  # TEAM-10: never a partner's
    assert why(team, "push D g3_1>g3_2") is None


def test_piece_camel_7_wild_2_wild_4_camels_in_the_wilderness():
    """PIECE-CAMEL-7, WILD-2, WILD-3, WILD-4: camels (ridden or not) and knights enter regions
    only at stair fields; a path between regions is one step; elephants and foot soldiers never."""
    st = gc(["south:D[S]@g1_1", "south:E@g2_1", "south:S@g1_2", "south:D@g0_0"])
    assert why(st, "D g1_1>R1") is None
    assert code(st, "E g2_1>R1") == "E_WRONG_TERRAIN"
    assert code(st, "S g1_2>g1_1>R1") is not None  # PIECE-SOLDIER-7
    play(st, "D g1_1>R1>R2")
    assert st.ap_spent == 2
    assert why(st, "D g0_0>g1_0>g1_1>R1") is None  # a wild camel too


def test_piece_camel_8_dismount_rules():
    """PIECE-CAMEL-8 (CONF-30, CONF-31): no dismounting inside the wilderness except onto the
    linked stair field; no dismount from a commandeered camel aboard a vessel."""
    st = gc(["south:D[S]@R1"])
    assert why(st, "S R1>g1_1") is None
    assert "R2" not in dests(st, "R1", "S")
    st2 = gc(["south:D[S]@R1"], options={"camel_dismount_region_to_stair_field": False})
    assert code(st2, "S R1>g1_1") is not None
    st3 = gc(["south:B[D[S]]@s0"])
    assert why(st3, "S s0>g0_0") is None
    st4 = gc(["south:B[D[S]]@s0"], options={"camel_dismount_aboard_vessel": "never"})
    assert code(st4, "S s0>g0_0") is not None


def test_piece_camel_9_grail_3_camels_on_the_grail():
    """PIECE-CAMEL-9, GRAIL-3: soldiers, camels and knights occupy grail fields, elephants
    never; camels are bound by the one-way road (OBST-2)."""
    st = gc(["south:D@v1", "south:E@g5_3"])
    assert why(st, "D v1>gr0") is None
    assert code(st, "D v1>g5_3") == "E_ONE_WAY"
    st2 = gc(["south:E@v1"])
    assert code(st2, "E v1>gr0") == "E_GRAIL_FORBIDDEN"


def test_piece_knight_5_wild_5_wild_6_knights_and_fights_in_the_wilderness():
    """PIECE-KNIGHT-5, WILD-5, WILD-6: knights move through regions (one step each), a region
    holds one piece, and a ridden camel leaves the wilderness to capture."""
    st = gc(["south:N@g1_1", "north:N@R2", "south:D[S]@R1", "north:S@g2_1"])
    assert why(st, "D R1*g2_1") is None
    st2 = gc(["south:N@g1_1", "north:S@R1"])
    assert why(st2, "N g1_1*R1") is None
    st3 = gc(["south:N@g1_1", "south:D@R1"])
    assert why(st3, "N g1_1>R1>R2") is None  # jumps the own camel in R1
    assert code(st3, "N g1_1>R1") is not None  # occupied by an own piece


def test_piece_soldier_7_no_soldiers_on_foot():
    """PIECE-SOLDIER-7: a soldier never enters a region on foot, only riding a camel."""
    st = gc(["south:S@g1_1", "south:D[S]@g2_1"])
    assert code(st, "S g1_1>R1") is not None
    assert why(st, "D g2_1>R1") is None


def test_piece_chariot_2_built_chariots_cannot_be_commandeered():
    """PIECE-CHARIOT-2: chariots are built (not in the roster) and cannot be taken over."""
    st = gc(["south:S@g0_0", "north:C@g1_0"])
    assert code(st, "S g0_0~g1_0") is not None
    assert why(st, "S g0_0*g1_0") is None
    assert why(st, "S g0_0+C@g0_0") is None


def test_piece_catapult_17_a_tower_catapult_without_target_cites_the_tower_rule():
    """PIECE-CATAPULT-17 gives a tower's targets (ring neighbours, front field); a field
    outside them is refused citing it, not the general target set PIECE-CATAPULT-12."""
    st = gc(["south:K@nt1", "north:S@nt3"])
    reason = why(st, "K nt1#nt3")
    assert reason is not None and reason.code == "E_NO_TARGET"
    assert reason.rule == "PIECE-CATAPULT-17"
    outside = gc(["south:K@g0_0", "north:S@g3_3"])
    assert why(outside, "K g0_0#g3_3").rule == "PIECE-CATAPULT-12"
