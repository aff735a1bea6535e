"""Movement, pieces and transport (MOVE-*, PIECE-*, CARRY-*, OBST-*) on the test world."""

from __future__ import annotations

from support.ruleworld import code, dests, make_state, on, play, why

from editor.model.variant import resolve_variant


def test_move_1_moves_follow_connections():
    """MOVE-1: one connection per step; unconnected neighbours are not reachable."""
    st = make_state(["south:S@g0_1"])
    assert dests(st, "g0_1") >= {"g0_0", "g1_1", "g0_2", "g1_0", "g0_3", "g2_1"}
    assert code(st, "S g0_1>g1_2>g1_1") == "E_NOT_CONNECTED"  # diagonal: no road
    assert why(st, "S g0_1>g1_2>g1_1").rule == "MOVE-1"


def test_move_2_land_and_sea():
    """MOVE-2: land pieces never stand at sea, vessels never enter land."""
    st = make_state(["south:S@g0_1", "south:B@s1"])
    assert code(st, "S g0_1>g0_0>s0") == "E_WRONG_TERRAIN"
    assert "s0" not in dests(st, "g0_1")
    assert code(st, "B s1>s0>g0_0") == "E_WRONG_TERRAIN"
    assert dests(st, "s1") == {"s0", "s2", "s3", "s4", "s5", "s6"}


def test_move_3_one_piece_per_field():
    """MOVE-3: a field holds one piece (a loaded carrier counts as one)."""
    st = make_state(["south:S@g0_1", "south:N@g1_1", "south:E[SS]@g2_2"])
    r = why(st, "S g0_1>g1_1")
    assert r.code == "E_FIELD_OCCUPIED" and r.rule == "MOVE-3"
    play(st, "E g2_2>g2_1")
    assert on(st, "g2_1") == "south:Ess" and on(st, "g2_2") is None


def test_move_4_occupied_fields_block():
    """MOVE-4: no passing through occupied fields; captures end the path."""
    st = make_state(["south:E@g0_0", "south:S@g1_0"])
    r = why(st, "E g0_0>g1_0>g2_0")
    assert r.code == "E_PATH_BLOCKED" and r.rule == "MOVE-4"
    play(st, "E g0_0>g2_0")  # around the blocker: g0_1, g1_1, g2_1, g2_0
    assert st.ap_spent == 4
    st3 = make_state(["south:E@g0_0", "south:S@g1_0", "north:S@g2_1"])
    # enemy on g2_1 blocks too: the only way left is 8 steps long
    assert code(st3, "E g0_0>g2_0") == "E_RANGE_EXCEEDED"
    st2 = make_state(["south:C@g0_0", "north:S@g1_0", "north:S@g3_0"])
    assert code(st2, "C g0_0*g1_0>g2_0") is not None  # cannot continue past a capture


def test_move_5_ranges_and_ex_11_seventh_knight_step():
    """MOVE-5 ranges from the variant; EX-11: a knight's 7th step in one turn is illegal."""
    v = resolve_variant("conquest-4p").variant
    assert {str(k): p.range for k, p in v.pieces.items()} == {
        "soldier": 2, "elephant": 6, "knight": 6, "chariot": 8, "ship": 6, "galleon": 8}
    st = make_state(["south:N@g0_0"])
    play(st, "N g0_0>g5_0")  # 5 steps
    play(st, "N g5_0>g5_1")  # 6th step, interrupted movement (TURN-5)
    r = why(st, "N g5_1>g5_2")
    assert r.code == "E_RANGE_EXCEEDED" and r.rule == "MOVE-5"


def test_move_6_cargo_does_not_slow_and_move_7_riding_is_free():
    """MOVE-6: a loaded elephant keeps range 6; MOVE-7: its riders' ranges are untouched."""
    st = make_state(["south:E[SS]@g0_0"])
    play(st, "E g0_0>g5_0")
    play(st, "E g5_0>g5_1")
    assert st.range_left(st.occ[st.compiled.node_index["g5_1"]]) == 0
    riders = st.cargo[st.occ[st.compiled.node_index["g5_1"]]]
    assert all(st.range_left(r) == 2 for r in riders)
    assert dests(st, "g5_1", "S") >= {"g5_2", "g4_1", "x1"}


def test_move_8_bridges_are_crossed_like_roads():
    """MOVE-8: bridges join islands; land pieces cross them like roads (OBST aside)."""
    st = make_state(["south:N@g5_2"])
    play(st, "N g5_2>b1")
    st = make_state(["south:E@g4_2"])
    play(st, "E g4_2>g5_2>b1>w0")
    assert on(st, "w0") == "south:E"
    st2 = make_state(["south:B@s2"])
    assert "b1" not in dests(st2, "s2")  # vessels never use bridges


def test_move_9_distance_is_the_legal_path_length():
    """MOVE-9: 'two fields' counts steps of a legal path, not straight-line distance."""
    st = make_state(["south:S@g0_0", "north:S@g1_0", "south:E@g0_1"])
    # g2_0 is two fields away, but g1_0 is enemy-held and g0_1 blocks: no 2-step path
    assert "g2_0" not in dests(st, "g0_0", "S")
    assert code(st, "S g0_0>g2_0") in ("E_PATH_BLOCKED", "E_RANGE_EXCEEDED")


def test_piece_soldier_1_range_and_captures():
    """PIECE-SOLDIER-1: 2 steps; captures anything but elephants."""
    st = make_state(["south:S@g0_0", "north:N@g1_0", "north:E@g0_1", "north:C@g1_1"])
    assert code(st, "S g0_0*g1_0") is None
    r = why(st, "S g0_0*g0_1")
    assert r.code == "E_CANNOT_CAPTURE" and r.rule == "PIECE-ELEPHANT-2"
    st2 = make_state(["south:S@g0_0"])
    assert code(st2, "S g0_0>g3_0") == "E_RANGE_EXCEEDED"


def test_piece_soldier_2_what_a_soldier_rides():
    """PIECE-SOLDIER-2: elephant, chariot, ship and galleon carry soldiers, nothing else."""
    v = resolve_variant("conquest-4p").variant
    riders = {str(k) for k, p in v.pieces.items() if "soldier" in {str(x) for x in p.carries}}
    assert riders == {"elephant", "chariot", "ship", "galleon"}
    st = make_state(["south:S@g0_1", "south:N@g1_1"])
    assert code(st, "S g0_1>g1_1") == "E_FIELD_OCCUPIED"


def test_piece_soldier_3_mount_and_dismount_are_soldier_steps():
    """PIECE-SOLDIER-3: mounting is one step of the soldier; the carrier does not move."""
    st = make_state(["south:S@g0_1", "south:E@g1_1"])
    play(st, "S g0_1>g1_1")
    assert on(st, "g1_1") == "south:Es" and st.ap_spent == 1
    play(st, "S g1_1>g1_2")
    assert on(st, "g1_1") == "south:E" and on(st, "g1_2") == "south:S" and st.ap_spent == 2
    assert code(st, "S g1_2>g1_3") == "E_RANGE_EXCEEDED"


def test_piece_soldier_4_mount_only_from_the_ground():
    """PIECE-SOLDIER-4: no carrier-to-carrier step (except via a docked vessel, CARRY-9)."""
    st = make_state(["south:E[S]@g1_1", "south:C@g2_1"])
    r = why(st, "S g1_1>g2_1")
    assert r.code == "E_CARRIER_TO_CARRIER" and r.rule == "PIECE-SOLDIER-4"
    assert "g2_1" not in dests(st, "g1_1", "S")


def test_piece_soldier_5_capturing_while_dismounting():
    """PIECE-SOLDIER-5: dismounting onto an enemy captures it (not an elephant)."""
    st = make_state(["south:E[S]@g1_1", "north:N@g2_1", "north:E@g1_2"])
    play(st, "S g1_1*g2_1")
    assert on(st, "g2_1") == "south:S" and st.captured[0] == 1
    st2 = make_state(["south:E[S]@g1_1", "north:E@g1_2"])
    assert code(st2, "S g1_1*g1_2") == "E_CANNOT_CAPTURE"


def test_piece_soldier_6_stepping_over_an_own_carrier():
    """PIECE-SOLDIER-6: a soldier passes an own carrier with room: mount + dismount."""
    st = make_state(["south:S@g0_1", "south:E@g1_1", "south:N@g1_0", "south:N@g1_2"])
    play(st, "S g0_1>g1_1>g2_1")
    assert on(st, "g2_1") == "south:S" and on(st, "g1_1") == "south:E" and st.ap_spent == 2
    full = make_state(["south:S@g0_1", "south:C[S]@g1_1", "south:N@g1_0", "south:N@g1_2"])
    assert code(full, "S g0_1>g1_1>g2_1") == "E_PATH_BLOCKED"


def test_piece_elephant_1_range_six_carries_two_soldiers():
    """PIECE-ELEPHANT-1: range 6, one or two soldiers, no third."""
    st = make_state(["south:E[SS]@g1_1", "south:S@g0_1"])
    r = why(st, "S g0_1>g1_1")
    assert r.code == "E_CARRIER_FULL"
    st2 = make_state(["south:E[S]@g1_1", "south:S@g0_1"])
    play(st2, "S g0_1>g1_1")
    assert on(st2, "g1_1") == "south:Ess"


def test_piece_elephant_2_immune_to_soldiers_also_aboard():
    """PIECE-ELEPHANT-2: no soldier captures an elephant, not even aboard a vessel."""
    st = make_state(["south:S@g0_1", "north:B[E]@s0", "north:E[S]@g1_0"])
    r = why(st, "S g0_1>g0_0*s0")
    assert r.code == "E_CANNOT_CAPTURE" and r.rule == "PIECE-ELEPHANT-2"
    assert code(st, "S g0_1*g0_0>g1_0") is not None
    assert why(make_state(["south:S@g0_1", "north:E[S]@g1_1"]), "S g0_1*g1_1").rule == \
        "PIECE-ELEPHANT-2"


def test_piece_knight_1_range_six_carries_nothing_rides_vessels():
    """PIECE-KNIGHT-1: range 6, carries nothing, can be carried by a ship."""
    st = make_state(["south:N@g0_1", "south:B@s0", "south:S@g1_1"])
    assert code(st, "S g1_1>g0_1") == "E_FIELD_OCCUPIED"
    play(st, "N g0_1>g0_0>s0")
    assert on(st, "s0") == "south:Bn"


def test_piece_knight_2_jumps_own_pieces():
    """PIECE-KNIGHT-2: a knight passes over own pieces, each field a step."""
    st = make_state(["south:N@g0_0", "south:S@g1_0", "south:S@g2_0", "south:E@g0_1"])
    play(st, "N g0_0>g1_0>g2_0>g3_0")
    assert on(st, "g3_0") == "south:N" and st.ap_spent == 3


def test_piece_knight_3_never_jumps_enemies():
    """PIECE-KNIGHT-3: no passing over an enemy piece."""
    st = make_state(["south:N@g0_0", "north:S@g1_0", "south:E@g0_1"])
    r = why(st, "N g0_0>g1_0>g2_0")
    assert r.code == "E_KNIGHT_JUMPS_ENEMY" and r.rule == "PIECE-KNIGHT-3"


def test_piece_knight_4_where_a_knight_may_stop():
    """PIECE-KNIGHT-4: not on an own piece; on an enemy (capture) or boarding an own vessel."""
    st = make_state(["south:N@g0_1", "south:S@g1_1", "south:B@s0", "north:S@g2_1"])
    r = why(st, "N g0_1>g1_1")
    assert r.code == "E_FIELD_OCCUPIED" and r.rule == "PIECE-KNIGHT-4"
    assert code(st, "N g0_1>g0_0>s0") is None
    assert code(st, "N g0_1>g1_1*g2_1") is None


def test_piece_chariot_1_range_eight_one_soldier_captures_unloaded():
    """PIECE-CHARIOT-1: range 8, one soldier, captures also when empty."""
    st = make_state(["south:C@g0_0", "north:N@g5_3"])
    assert code(st, "C g0_0*g5_3") is None  # 8 steps
    st2 = make_state(["south:C[S]@g1_1", "south:S@g0_1"])
    assert code(st2, "S g0_1>g1_1") == "E_CARRIER_FULL"


def test_piece_ship_1_and_galleon_1_ranges_at_sea():
    """PIECE-SHIP-1 range 6 loaded or not; PIECE-GALLEON-1 range 8, same capacity."""
    v = resolve_variant("conquest-4p").variant
    assert v.pieces["ship"].carries == v.pieces["galleon"].carries
    st = make_state(["south:B[E[SS]]@s0", "south:G@s6"])
    assert code(st, "B s0>s6") == "E_FIELD_OCCUPIED"
    assert dests(st, "s0", "B") == {"s1", "s2", "s3", "s4", "s5"}
    assert dests(st, "s6") == {"s0", "s1", "s2", "s3", "s4", "s5"} - {"s0"}


def test_piece_ship_2_vessels_fight_only_vessels():
    """PIECE-SHIP-2: ships capture vessels (sinking), never land pieces."""
    st = make_state(["south:B@s1", "north:G[N]@s3", "north:S@g0_0"])
    assert code(st, "B s1*s3") is None
    assert code(st, "B s1>s0>g0_0") == "E_WRONG_TERRAIN"


def test_carry_1_and_2_capacities():
    """CARRY-1 land carriers take only soldiers; CARRY-2 a vessel takes one load."""
    st = make_state(["south:N@g0_1", "south:E@g1_1", "south:B[N]@s0", "south:S@g0_0"])
    assert code(st, "N g0_1>g1_1") == "E_FIELD_OCCUPIED"  # elephants carry no knights
    r = why(st, "S g0_0>s0")
    assert r.code == "E_CARRIER_FULL" and r.rule in ("CARRY-2", "CARRY-6")


def test_carry_3_a_stack_is_one_piece_and_ex_15_loaded_stacks_are_costly():
    """CARRY-3 / EX-15: a knight taking an elephant with two soldiers captures 3 pieces."""
    st = make_state(["south:N@g0_1", "north:E[SS]@g1_1"])
    play(st, "N g0_1*g1_1")
    assert st.captured[0] == 3 and st.cnt_all[2] == 2  # reserve soldiers left


def test_carry_4_loading_only_in_harbour():
    """CARRY-4: land pieces board only vessels on harbour fields linked to their field."""
    st = make_state(["south:S@g1_0", "south:B@s1"])
    assert "s1" not in dests(st, "g1_0")
    assert code(st, "S g1_0>s1") in ("E_NO_PATH", "E_WRONG_TERRAIN", "E_NOT_CONNECTED")


def test_carry_5_no_transfer_between_vessels():
    """CARRY-5: cargo never moves from one vessel to another."""
    st = make_state(["south:B[S]@s0", "south:B@s1"])
    r = why(st, "S s0>s1")
    assert r is not None and r.code in ("E_WRONG_TERRAIN", "E_NO_PATH")


def test_carry_6_foot_soldiers_aboard_block_other_cargo():
    """CARRY-6: with a soldier aboard only a second soldier may board."""
    st = make_state(["south:B[S]@s0", "south:E@g0_0", "south:S@g1_0"])
    r = why(st, "E g0_0>s0")
    assert r.code == "E_CARRIER_FULL" and r.rule == "CARRY-6"
    st2 = make_state(["south:B[S]@s0", "south:S@g0_0"])
    play(st2, "S g0_0>s0")
    assert on(st2, "s0") == "south:Bss"


def test_carry_7_unloading_a_vessel_with_a_loaded_carrier():
    """CARRY-7: riders step ashore from the elephant aboard; an elephant takes its riders."""
    st = make_state(["south:B[E[SS]]@s0"])
    play(st, "S s0>g0_0")
    assert on(st, "s0") == "south:Bes" and on(st, "g0_0") == "south:S"
    st2 = make_state(["south:B[E[SS]]@s0"])
    play(st2, "E s0>g0_0")
    assert on(st2, "g0_0") == "south:Ess" and on(st2, "s0") == "south:B"


def test_carry_8_two_soldiers_leaving_one_carrier():
    """CARRY-8: either order; the second may use the same field once the first moved on."""
    st = make_state(["south:E[SS]@g1_1", "south:N@g1_0", "south:N@g0_1", "south:N@g2_1"])
    play(st, "S g1_1>g1_2")
    assert code(st, "S g1_1>g1_2") == "E_FIELD_OCCUPIED"
    play(st, "S g1_2>g1_3")
    play(st, "S g1_1>g1_2")
    assert on(st, "g1_1") == "south:E"


def test_carry_9_docked_vessel_counts_as_ground_and_option_off():
    """CARRY-9 (CONF-26): chariot rider steps directly onto a docked ship; not when off."""
    st = make_state(["south:C[S]@g0_0", "south:B@s0"])
    play(st, "S g0_0>s0")
    assert on(st, "s0") == "south:Bs"
    off = make_state(["south:C[S]@g0_0", "south:B@s0"],
                     options={"vessel_in_harbour_counts_as_ground": False})
    assert code(off, "S g0_0>s0") == "E_CARRIER_TO_CARRIER"


def test_carry_10_boarding_and_leaving_are_steps():
    """CARRY-10: boarding and going ashore cost one step / AP; carriers take riders along."""
    st = make_state(["south:E[S]@g0_1", "south:B@s0"])
    play(st, "E g0_1>s0")
    assert st.ap_spent == 2 and on(st, "s0") == "south:Bes"
    play(st, "E s0>g0_0")
    assert st.ap_spent == 3 and on(st, "g0_0") == "south:Es"


def test_carry_13_only_own_pieces_ride_own_carriers():
    """CARRY-13: a soldier never rides an enemy carrier: stepping onto it is a capture."""
    st = make_state(["south:S@g0_1", "north:C@g1_1"])
    play(st, "S g0_1*g1_1")
    assert on(st, "g1_1") == "south:S" and st.captured[0] == 1


def test_obst_1_v_passage_one_way_for_elephants_and_chariots():
    """OBST-1: elephants/chariots enter the V passage toward the grail, never back."""
    st = make_state(["south:E@g5_3", "south:N@v1"])
    assert code(st, "E g5_3>v1") == "E_FIELD_OCCUPIED"
    st = make_state(["south:E@g5_3"])
    play(st, "E g5_3>v1")
    r = why(st, "E v1>g5_3")
    assert r.code == "E_ONE_WAY" and r.rule == "OBST-1"
    st2 = make_state(["south:N@v1"])
    assert code(st2, "N v1>g5_3") is None


def test_obst_3_x_bridge_bars_elephants_loaded_or_not():
    """OBST-3: no elephant crosses an X bridge; everybody else does."""
    st = make_state(["south:E[S]@g5_1", "south:N@g4_1"])
    r = why(st, "E g5_1>x1")
    assert r.code == "E_EDGE_FORBIDS_PIECE" and r.rule == "OBST-3"
    st2 = make_state(["south:N@g5_1"])
    assert code(st2, "N g5_1>x1") is None
    st3 = make_state(["south:E@g5_1"])
    assert why(st3, "E g5_1>x2").code == "E_EDGE_FORBIDS_PIECE"
