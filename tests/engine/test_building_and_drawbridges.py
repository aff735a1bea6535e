"""Grand Conquest drawbridges, building, responses and victories (GC4, GCT, GC2) on the gcworld
board; each test names its rule IDs and asserts legal and illegal cases."""

from __future__ import annotations

from support.gcworld import gc_board
from support.ruleworld import code, make_state, on, play, why

from editor.engine.game import A_END
from editor.rules.notation import parse_or_reason, to_text

GC4, GCT, GC2 = "grand-conquest-4p", "grand-conquest-team", "grand-conquest-2p"
_BOARDS: dict = {}


def gc(pieces, to_move="south", variant=GC4, **kw):
    seats = ("south", "north") if variant == GC2 else ("south", "west", "north", "east")
    if seats not in _BOARDS:
        _BOARDS[seats] = gc_board(list(seats))
    return make_state(pieces, to_move=to_move, variant=variant, board=_BOARDS[seats], **kw)


def texts(st):
    return {to_text(st, a) for a in st.legal_actions()}


# ---- drawbridges ---------------------------------------------------------------------------


def test_draw_2_3_4_raising_and_duration():
    """DRAW-2: raise an own tower's bridge for 2 AP, not while an enemy holds it; DRAW-3: then
    nobody crosses; DRAW-4: it falls at the start of the raiser's next turn."""
    st = gc(["south:S@g0_3", "north:S@st1", "west:N@g2_3"])
    assert "raise st0" in texts(st) and "raise st1" not in texts(st)
    play(st, "raise st0")
    assert st.ap_spent == 2
    assert code(st, "S g0_3>st0") == "E_DRAWBRIDGE_UP"
    play(st, "end")
    assert st.actor == "west"
    assert code(st, "N g2_3>g1_3>g0_3") is None
    assert st.compiled.node_index["st0"] in st.raised
    for _ in range(3):
        play(st, "end")
    assert st.actor == "south" and not st.raised


def test_draw_2_occupier_raises_enemy_tower():
    """DRAW-2: a player holding an enemy tower may raise its bridge; the owner then may not."""
    st = gc(["south:S@nt1", "north:S@h2"])
    assert "raise nt1" in texts(st)
    play(st, "raise nt1")
    play(st, "end")
    play(st, "end")
    assert st.actor == "north"
    assert "raise nt1" not in texts(st)


def test_draw_6_draw_7_recap_21_no_lowering_in_a_response():
    """DRAW-6 shots lower raised bridges (see the pieces tests); DRAW-7 / RECAP-21: a bridge is
    never lowered as part of a response."""
    st = gc(["south:N@g0_0", "north:S@g1_0", "north:S@nt1", "north:E@g2_0"])
    st.raised[st.compiled.node_index["nt1"]] = 2
    play(st, "N g0_0*g1_0")
    assert st.window is not None
    assert code(st, "lower nt1") == "E_RESPONSE_PENDING"
    assert all(a[0] not in ("lower", "raise") for a in st.legal_actions())


# ---- building --------------------------------------------------------------------------------


def test_build_1_2_5_chariot_under_the_builder():
    """BUILD-1, BUILD-2, BUILD-5: a foot soldier builds a chariot under itself for 10 AP;
    knights, elephants and camels are never built; a riding soldier cannot build."""
    st = gc(["south:S@g0_0", "south:E[S]@g2_0"])
    assert code(st, "S g2_0+C@g2_0") == "E_CANNOT_BUILD"
    assert code(st, "S g0_0+E@g0_0") == "E_CANNOT_BUILD"
    play(st, "S g0_0+C@g0_0")
    assert on(st, "g0_0") == "south:Cs" and st.ap_spent == 10


def test_build_3_where_nothing_is_built():
    """BUILD-3: not on the central island, not in the own castle, not on an opponent's start
    field; BUILD-6: no siege engine in a tower."""
    st = gc(["south:S@v1", "south:S@st0", "south:S@g2_2", "south:S@nt1", "south:S@g4_0"])
    assert code(st, "S v1+C@v1") == "E_CANNOT_BUILD"
    assert code(st, "S st0+C@st0") == "E_CANNOT_BUILD"
    assert code(st, "S g2_2+C@g2_2") == "E_CANNOT_BUILD"
    assert code(st, "S nt1+T@nt1") == "E_CANNOT_BUILD"
    assert why(st, "S nt1+C@nt1") is None
    assert why(st, "S g4_0+T@g4_0") is None


def test_build_4_piece_ship_3_galleon_5_limits():
    """BUILD-4, PIECE-SHIP-3, PIECE-GALLEON-5: at most 2 chariots, catapults, siege engines,
    2 galleons and 4 ships in play."""
    st = gc(["south:S@g0_0", "south:C@g5_0", "south:C@g4_1", "south:G@s5", "south:B@s6"])
    assert code(st, "S g0_0+C@g0_0") == "E_BUILD_LIMIT"
    assert why(st, "S g0_0+G@s0") is None  # one galleon in play
    assert why(st, "S g0_0+B@s0") is None
    st2 = gc(["south:S@g0_0", "south:G@s5", "south:G@s6", "south:B@s1", "south:B@s2",
              "south:B@s3", "south:B@s4"])
    assert code(st2, "S g0_0+G@s0") == "E_BUILD_LIMIT"
    assert code(st2, "S g0_0+B@s0") == "E_BUILD_LIMIT"


def test_build_6_7_8_placement():
    """BUILD-6 siege engine under the builder; BUILD-7 catapult on an empty adjacent land field;
    BUILD-8 vessels on an empty harbour linked to the builder's field."""
    st = gc(["south:S@g0_0", "south:S@g2_0", "north:S@g1_1"])
    assert why(st, "S g0_0+K@g1_0") is None
    assert code(st, "S g0_0+K@g2_1") is not None  # not adjacent
    assert why(st, "S g0_0+B@s0") is None
    assert code(st, "S g2_0+B@s0") is not None  # g2_0 is no quay of s0
    play(st, "S g2_0+T@g2_0")
    assert on(st, "g2_0") == "south:Ts"


def test_build_9_10_recap_22_ex13_double_build_and_rest():
    """BUILD-9, BUILD-10, RECAP-22, EX-13: a soldier builds a catapult and then a chariot under
    itself (20 AP); neither moves nor fires that turn; both may respond later."""
    st = gc(["south:S@g1_0", "south:S@g3_0", "west:N@g3_1"])
    play(st, "S g1_0+K@g2_0")
    assert code(st, "K g2_0#g2_1") is not None and code(st, "S g1_0>g1_1") == "E_RESTING"
    play(st, "S g1_0+C@g1_0")
    assert st.actor == "west"  # 20 AP spent
    play(st, "N g3_1*g3_0")
    assert "(K g2_0#g3_0)" in texts(st)  # the new catapult answers in the next turn


def test_build_11_built_pieces_count():
    """BUILD-11: built pieces count for the score (WIN-17) and as land pieces."""
    st = gc(["south:S@g0_0"])
    before = st.score(0)
    play(st, "S g0_0+C@g0_0")
    assert st.score(0) == before + 1 and st.cnt_land[0] == 4


# ---- responses -----------------------------------------------------------------------------


def test_recap_5_ex5_two_necessary_steps():
    """RECAP-5, RECAP-6, EX-5: ship docks then the elephant lands capturing; soldier mounts the
    wild camel then the camel captures; illegal: soldier mounts the chariot first."""
    st = gc(["north:E@g3_1", "south:S@g3_0", "south:B[E[S]]@s2", "south:D@g4_0",
             "south:S@g4_1", "south:C@g2_0", "south:S@g1_0"], to_move="north")
    play(st, "E g3_1*g3_0")
    assert st.window is not None
    t = texts(st)
    assert "(C g2_0*g3_0)" in t
    assert "(S g4_1>g4_0, D g4_0*g3_0)" in t
    assert "(B s2>s3, E s3*g3_0)" in t
    _a, r = parse_or_reason(st, "(S g1_0>g2_0, C g2_0*g3_0)")
    assert r is not None and r.code == "E_RESPONSE_NOT_NECESSARY"
    play(st, "(B s2>s3, E s3*g3_0)")
    assert on(st, "g3_0") == "south:Es" and st.actor == "north"


def test_recap_17_ex4_retaliation_shot_with_a_necessary_step():
    """RECAP-17, EX-4: the catapult moves one step toward the scene, then shoots; an
    unnecessary or a second step is illegal."""
    st = gc(["north:N@g3_1", "south:S@g3_0", "south:K@g0_0", "south:K@g2_0+0"],
            to_move="north")
    play(st, "N g3_1*g3_0")
    t = texts(st)
    assert "(K g2_0#g3_0)" in t  # already in range: no step
    assert not any(x.startswith("(K g2_0>") for x in t)
    assert "(K g0_0>g1_0, K g1_0#g3_0)" not in t  # still out of range after one step
    st2 = gc(["north:N@g3_1", "south:S@g3_0", "south:K@g1_0"], to_move="north")
    play(st2, "N g3_1*g3_0")
    t2 = texts(st2)
    assert "(K g1_0>g2_0, K g2_0#g3_0)" in t2
    play(st2, "(K g1_0>g2_0, K g2_0#g3_0)")
    assert on(st2, "g3_0") is None and st2.actor == "north"


def test_recap_18_any_number_of_retaliation_shots():
    """RECAP-18: in GC a catapult may fire one retaliation shot per capture window, any number
    per opponent turn (RECAP-19 limits CP to one per turn, see test_catapults)."""
    st = gc(["north:N@g3_1", "north:N@g1_1", "south:S@g2_1", "south:S@g1_2",
             "south:K@g2_2"], to_move="north")
    play(st, "N g3_1*g2_1")
    assert "(K g2_2#g2_1)" in texts(st)
    play(st, "(K g2_2#g2_1)")
    play(st, "N g1_1*g1_2")
    assert "(K g2_2#g1_2)" in texts(st)
    assert "(K g2_2#g2_3)" not in texts(st)  # only the capturer on the scene (RECAP-3)


def test_recap_20_no_answer_to_shots():
    """RECAP-20, PIECE-CATAPULT-19: a shot opens no response window."""
    st = gc(["south:K@g0_0", "north:S@g1_0", "north:E@g2_0"])
    play(st, "K g0_0#g1_0")
    assert st.window is None and st.actor == "south"


def test_team_14_partner_only_window():
    """TEAM-14 (CONF-14): after a last-action capture against the next player, he may answer
    with his partner's pieces only, free of AP."""
    st = gc(["south:N@g0_0", "west:S@g1_0", "west:E@g2_1", "east:E@g2_0"], variant=GCT,
            ap_spent=19)
    play(st, "N g0_0*g1_0")
    assert st.window is not None and st.actor == "west"
    t = texts(st)
    assert "(E g2_0*g1_0)" in t
    assert "(E g2_1>g1_1>g1_0)" not in t and not any("g2_1" in x for x in t)


# ---- victories --------------------------------------------------------------------------------


def test_win_12_last_two_land_pieces():
    """WIN-12 (CONF-11 land_pieces): taking an opponent's last land pieces wins; vessels do not
    count."""
    st = gc(["south:N@g0_0", "west:S@g1_0", "west:B@s3"], pad=False)
    for seat in ("south", "north", "east"):
        st.add_piece(seat, "soldier", f"pad_{seat}_0")
        st.add_piece(seat, "soldier", f"pad_{seat}_1")
    play(st, "N g0_0*g1_0")
    assert st.terminal and st.result_.winners == ("south",) and "WIN-12" in st.result_.reason


def test_win_13_14_engine_in_tower_and_all_frozen():
    """WIN-13: a siege engine entering an opponent's tower wins at once; WIN-14: all three
    opponents frozen."""
    st = gc(["south:T@h1"])
    play(st, "T h1>nt1")
    assert st.terminal and "WIN-13" in st.result_.reason
    st2 = gc(["south:T@g0_3"])
    assert code(st2, "T g0_3>st0") == "E_SIEGE_OWN_CASTLE"
    st3 = gc(["south:S@gr0", "south:S@gr1", "south:S@gr2", "south:S@gr3", "south:S@v1"])
    play(st3, "S v1>gr4")
    assert st3.terminal and "WIN-14" in st3.result_.reason


def test_win_15_16_17_18_count_endings():
    """WIN-15 one land piece left and WIN-16 four rounds without capture end the game with the
    grand count (WIN-17); WIN-18 ties go to the player with more captured pieces."""
    st = gc(["south:N@g0_0", "west:S@g1_0", "west:S@g3_3"], pad=False)
    for seat in ("south", "north", "east"):
        st.add_piece(seat, "soldier", f"pad_{seat}_0")
        st.add_piece(seat, "soldier", f"pad_{seat}_1")
    play(st, "N g0_0*g1_0")
    assert not st.terminal
    play(st, "end")
    assert st.terminal and "WIN-15" in st.result_.reason
    assert st.result_.winners == ("south",)
    st2 = gc([])
    st2.captured[2] = 1
    for _ in range(16):
        if st2.terminal:
            break
        st2.apply(A_END)
    assert st2.terminal and "WIN-16" in st2.result_.reason
    assert st2.result_.winners == ("north",)  # WIN-18 tie-break by captured pieces


def test_win_19_20_21_22_two_player_endings():
    """GC2: WIN-19 last land piece, WIN-20 siege engine in a tower, WIN-21 all five towers,
    WIN-22 ten rounds without capture decided by towers, then captured pieces."""
    st = gc(["south:N@g0_0", "north:S@g1_0"], variant=GC2, pad=False)
    st.add_piece("south", "soldier", "pad_south_0")
    play(st, "N g0_0*g1_0")
    assert st.terminal and "WIN-19" in st.result_.reason
    st2 = gc(["south:T@h1"], variant=GC2)
    play(st2, "T h1>nt1")
    assert "WIN-20" in st2.result_.reason
    st3 = gc(["south:S@nt0", "south:S@nt1", "south:S@nt2", "south:S@nt3", "south:S@h4"],
             variant=GC2)
    play(st3, "S h4>nt4")
    assert "WIN-21" in st3.result_.reason
    st4 = gc(["south:S@nt0"], variant=GC2)
    for _ in range(25):
        if st4.terminal:
            break
        st4.apply(A_END)
    assert st4.terminal and "WIN-22" in st4.result_.reason and st4.result_.winners == ("south",)


def test_win_26_no_resignation():
    """WIN-26: no resign action in GC; allow_resignation=true offers one."""
    st = gc([])
    assert code(st, "resign") == "E_NOT_AVAILABLE"
    st2 = gc([], options={"allow_resignation": True})
    play(st2, "resign")
    assert st2.terminal and "south" not in st2.result_.winners


# ---- team game --------------------------------------------------------------------------------


def test_team_6_team_victory_and_setup_9():
    """TEAM-6: a team wins by eliminating one opponent's land pieces or by a siege engine in an
    opposing tower; SETUP-9: every seat keeps its own turn and budget."""
    st = gc(["south:N@g0_0", "west:S@g1_0"], variant=GCT, pad=False)
    for seat in ("south", "north", "east"):
        st.add_piece(seat, "soldier", f"pad_{seat}_0")
    play(st, "N g0_0*g1_0")
    assert st.terminal and set(st.result_.winners) == {"south", "north"}
    st2 = gc(["south:T@w1"], variant=GCT)
    play(st2, "T w1>wt1")
    assert st2.terminal and set(st2.result_.winners) == {"south", "north"}
    st3 = gc([], variant=GCT)
    assert [st3.budget(s) for s in range(4)] == [20, 20, 20, 20]


def test_team_7_8_borrowing_and_sharing_vessels_ex17():
    """TEAM-7, TEAM-8, EX-17: a player boards his partner's docked vessel and sails it while his
    piece is aboard; the owner may not move it then; with both partners' soldiers either may."""
    st = gc(["south:S@g0_0", "north:G@s0"], variant=GCT)
    play(st, "S g0_0>s0")
    assert why(st, "G s0>s1") is None
    play(st, "G s0>s1")
    play(st, "end")
    play(st, "end")
    assert st.actor == "north"
    assert code(st, "G s1>s2") is not None
    st2 = gc(["north:G[SS]@s1"], variant=GCT)
    gal = st2.occ[st2.compiled.node_index["s1"]]
    st2.owner[st2.cargo[gal][0]] = 0  # one south and one north soldier aboard ("Gs/S")
    assert why(st2, "G s1>s2") is None


def test_team_9_10_11_partner_camels_and_engines():
    """TEAM-9: a soldier rides his partner's riderless camel (no capture, no window); TEAM-11:
    mounts the partner's siege engine; TEAM-13: the partner's elephant only in front of the
    grail."""
    st = gc(["south:S@g0_0", "north:D@g1_0", "south:S@g3_0", "north:T@g4_0",
             "south:S@g5_2", "north:E@g5_3"], variant=GCT)
    play(st, "S g0_0>g1_0")
    assert on(st, "g1_0") == "south:Ds" and st.window is None
    assert why(st, "S g3_0>g4_0") is None
    assert code(st, "S g5_2>g5_3") is not None
    st2 = gc(["south:S@g5_3", "north:E@v1"], variant=GCT)
    play(st2, "S g5_3>v1")  # TEAM-13: mounting the partner's elephant in front of the grail
    play(st2, "S v1>gr0")
    st3 = gc(["north:E[S]@g5_2"], variant=GCT)
    st3.owner[st3.cargo[st3.occ[st3.compiled.node_index["g5_2"]]][0]] = 0
    assert code(st3, "S g5_2>g5_1") == "E_CANNOT_DISMOUNT"


def test_conf_6_answerable_shots_and_two_field_reach():
    """CONF-6 switches: catapult_shot_answerable lets the victim answer a shot against the
    catapult (RECAP-20 reversed); catapult_response_requires_two_field_reach keeps far
    catapults out of responses (RECAP-19)."""
    st = gc(["south:K@g0_0", "north:S@g1_0", "north:E@g0_2"],
            options={"catapult_shot_answerable": True})
    play(st, "K g0_0#g1_0")
    assert st.window is not None and "(E g0_2*g0_0)" in texts(st)
    st2 = gc(["south:K@g0_0", "north:S@g1_0", "north:E@g0_2"])
    play(st2, "K g0_0#g1_0")
    assert st2.window is None
    st3 = gc(["north:N@g3_1", "south:S@g3_0", "south:K@g2_0"], to_move="north",
             options={"catapult_response_requires_two_field_reach": True})
    play(st3, "N g3_1*g3_0")
    assert "(K g2_0#g3_0)" in texts(st3)
    cp = ["north:N@g3_1", "south:S@g3_0", "south:K@g0_0"]
    st4 = make_state(cp, to_move="north", variant="conquest-plus-4p")
    play(st4, "N g3_1*g3_0")
    assert "(K g0_0#g3_0)" in texts(st4)  # 3 connections away: in range
    st5 = make_state(cp, to_move="north", variant="conquest-plus-4p",
                     options={"catapult_response_requires_two_field_reach": True})
    play(st5, "N g3_1*g3_0")
    assert not any(x.startswith("(K") for x in texts(st5))
