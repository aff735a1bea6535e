"""Turns and budgets, capitals, grail, freezing, setup (TURN-*, CASTLE-*, GRAIL-*, FREEZE-*,
SETUP-*)."""

from __future__ import annotations

from pathlib import Path

from support.ruleworld import code, make_state, on, play, why, world_board

from editor.engine.game import Game
from editor.model.variant import resolve_variant
from editor.rules.synthetic import synthetic_board

DATA = Path(__file__).parent / "data"


def test_turn_1_only_the_mover_acts():
    """TURN-1: the mover moves his own pieces; others only respond (RECAP)."""
    st = make_state(["south:S@g0_0", "west:S@g5_0"])
    assert st.actor == "south"
    r = why(st, "S g5_0>g4_0")
    assert r.code == "E_NOT_YOUR_PIECE" and r.rule == "TURN-1"


def test_turn_2_base_budget_and_forfeited_ap():
    """TURN-2: 20 AP per turn; unused AP are lost."""
    st = make_state(["south:N@g0_0"])
    assert st.budget() == 20
    play(st, "N g0_0>g1_0")
    for _ in range(4):
        play(st, "end")
    assert st.actor == "south" and st.ap_left() == 20


def test_turn_3_a_step_costs_one_ap_also_mounting():
    """TURN-3: each step (also mounting) costs 1 AP."""
    st = make_state(["south:S@g0_1", "south:E@g1_1"])
    play(st, "S g0_1>g1_1")
    assert st.ap_spent == 1
    play(st, "E g1_1>g3_1")
    assert st.ap_spent == 3


def test_turn_4_ex_11_free_allocation_of_ap():
    """TURN-4 / EX-11: four pieces five steps each use the 20 AP; the turn then ends."""
    st = make_state([f"south:N@g0_{y}" for y in range(4)])
    for y in range(4):
        play(st, f"N g0_{y}>g5_{y}")
    assert st.actor == "west" and st.turn % 4 == 1


def test_turn_5_interrupted_movement_adds_up():
    """TURN-5: portions of one piece's movement add up against its range."""
    st = make_state(["south:E@g0_0", "south:S@g0_3"])
    play(st, "E g0_0>g3_0")
    play(st, "S g0_3>g1_3")
    play(st, "E g3_0>g5_1")
    assert st.range_left(st.occ[st.compiled.node_index["g5_1"]]) == 0
    assert code(st, "E g5_1>g5_2") == "E_RANGE_EXCEEDED"


def test_turn_7_four_player_order_and_opening_budgets():
    """TURN-7: South 5, West 10, North 15, East 20 in the first round, then 20."""
    st = make_state([], turn=0)
    seen = []
    for _ in range(5):
        seen.append((st.actor, st.budget()))
        play(st, "end")
    assert seen == [("south", 5), ("west", 10), ("north", 15), ("east", 20), ("south", 20)]


def test_turn_8_two_player_opening_budget():
    """TURN-8: the first player has 10 AP in his first turn, then everybody 20."""
    st = make_state([], variant="conquest-2p", turn=0)
    seen = []
    for _ in range(3):
        seen.append((st.actor, st.budget()))
        play(st, "end")
    assert seen == [("south", 10), ("north", 20), ("south", 20)]


def test_turn_9_penalties_reduce_opening_budgets_and_are_live():
    """TURN-9: 4 AP per penalty field, also from an opening budget, never below 0."""
    st = make_state(["west:S@st0"], turn=0)
    assert st.budget() == 1
    st2 = make_state(["west:S@st0", "west:S@st1"], turn=0)
    assert st2.budget() == 0


def test_turn_10_rounds_count_frozen_turns():
    """TURN-10: a round is four turns; turns of frozen players still count."""
    occupy = [f"south:S@wt{i}" for i in range(5)]
    st = make_state(occupy)
    assert st.is_frozen(1)
    t = st.turn
    play(st, "end")  # West is frozen: his turn passes at once
    assert st.actor == "north" and st.turn == t + 2 and st.quiet == 2


def test_turn_11_ending_a_turn_forfeits_ap():
    """TURN-11: 'end' finishes the turn; a capture may carry the end ('!')."""
    st = make_state(["south:S@g0_0"])
    play(st, "end")
    assert st.actor == "west" and st.ap_spent == 0
    st2 = make_state(["south:N@g0_0", "north:S@g1_0"])
    play(st2, "N g0_0*g1_0!")
    assert st2.actor in ("north", "west")


def test_turn_12_ap_display():
    """TURN-12: spent and available AP are known at every moment."""
    st = make_state(["south:E@g0_0"])
    play(st, "E g0_0>g2_0")
    assert (st.ap_spent, st.ap_left(), st.budget()) == (2, 18, 20)


def test_setup_1_conquest_roster():
    """SETUP-1: 10 soldiers, 4 elephants, 2 chariots, 4 knights, 4 ships, 2 galleons."""
    g = Game(synthetic_board(), resolve_variant("conquest-4p").variant)
    st = g.initial_state()
    for s in range(4):
        counts = {}
        for p in range(len(st.ptype)):
            if st.owner[p] == s:
                name = st.compiled.type_names[st.ptype[p]]
                counts[name] = counts.get(name, 0) + 1
        assert counts == {"soldier": 10, "elephant": 4, "knight": 4, "chariot": 2, "ship": 4,
                          "galleon": 2}


def test_setup_4_seats_and_setup_5_initial_placement():
    """SETUP-4: seats of the board (North/South in 2-player games); SETUP-5: land pieces
    start on land, vessels on sea fields."""
    v = resolve_variant("conquest-2p").variant
    assert [s.id for s in v.seats] == ["south", "north"]
    g = Game(synthetic_board(("south", "north")), v)
    st = g.initial_state()
    for p in range(len(st.ptype)):
        assert st.compiled.is_sea[st.node[p]] == st.compiled.sea_type[st.ptype[p]]


def test_setup_8_starting_player_is_the_first_seat():
    """SETUP-8: the variant's seat order says who starts (with 10 AP, TURN-8)."""
    rv = resolve_variant(str(DATA / "north-starts.variant.json"))
    assert rv.variant is not None, rv.findings
    g = Game(world_board(["south", "north"]), rv.variant)
    st = g.empty_state()
    assert st.actor == "north" and st.budget() == 10


def test_castle_1_five_unconnected_fields_one_access():
    """CASTLE-1: five fields per capital, none joined to another, one access each."""
    st = make_state([])
    c = st.compiled
    for fields in c.castle_fields:
        assert len(fields) == 5
        for f in fields:
            assert len(c.any_adj[f]) == 1 and c.any_adj[f][0] not in fields


def test_castle_2_ex_9a_occupation_penalty():
    """CASTLE-2 / EX-9a: three of West's capital fields held -> West has 20 - 12 = 8."""
    st = make_state(["south:S@wt0", "south:S@wt1", "south:S@wt2"])
    assert st.budget(1) == 8 and st.budget(0) == 20


def test_castle_3_ex_9d_immediate_relief():
    """CASTLE-3 / EX-9d: West retakes a capital field in his turn and may use the 4 AP."""
    st = make_state(["south:S@wt0", "south:S@wt1", "south:S@wt2", "west:N@w1"],
                    to_move="west")
    assert st.ap_left() == 8
    play(st, "N w1*wt0")
    assert st.budget() == 12 and st.ap_left() == 10


def test_castle_4_who_occupies_a_field():
    """CASTLE-4: own pieces in own capital cost nothing; the controller of a stack counts."""
    st = make_state(["south:S@st0", "north:E[SS]@st1"])
    assert st.budget(0) == 16


def test_grail_1_grail_fields():
    """GRAIL-1: the 4-player board has five grail fields; boards without a grail none."""
    st = make_state([])
    assert len(st.compiled.grail_fields) == 5
    g = Game(synthetic_board(("south", "north")), resolve_variant("conquest-2p").variant)
    assert g.compiled.grail_fields == []


def test_grail_2_only_knights_and_soldiers_enter():
    """GRAIL-2: elephants and chariots never enter grail fields."""
    st = make_state(["south:E@v1", "south:C@g5_3", "south:N@g4_3"])
    r = why(st, "E v1>gr0")
    assert r.code == "E_GRAIL_FORBIDDEN" and r.rule == "GRAIL-2"
    assert code(st, "N g4_3>gr1") is None


def test_grail_4_grail_penalty_hits_every_other_player():
    """GRAIL-4: a held grail field costs every other player 4 AP."""
    st = make_state(["south:S@gr0"])
    assert [st.budget(s) for s in range(4)] == [20, 16, 16, 16]


def test_grail_5_ex_9b_shared_grail():
    """GRAIL-5 / EX-9b: each of four players holds one grail field: 20 - 3x4 = 8 each."""
    st = make_state(["south:S@gr0", "west:S@gr1", "north:S@gr2", "east:S@gr3"])
    assert [st.budget(s) for s in range(4)] == [8, 8, 8, 8]


def test_grail_6_the_whole_grail_freezes_everybody_and_wins():
    """GRAIL-6 / WIN-7: all five grail fields freeze the others; the holder wins."""
    st = make_state(["south:S@gr0", "south:S@gr1", "south:S@gr2", "south:S@gr3",
                     "south:N@g5_3"])
    play(st, "N g5_3>v1>gr4")
    assert st.terminal and st.result().winners == ("south",)
    assert "WIN-7" in st.result().reason


def test_freeze_1_ex_9c_grail_and_capital_combined():
    """FREEZE-1 / EX-9c: 2 grail fields + 3 of West's capital fields freeze West."""
    st = make_state(["north:S@gr0", "north:S@gr1", "east:S@wt0", "east:S@wt1", "east:S@wt2"])
    assert st.is_frozen(1) and st.budget(1) == 0
    assert not st.is_frozen(0)


def test_freeze_2_3_5_frozen_player_skips_turns_thaws_on_release():
    """FREEZE-2: no AP, turns pass; FREEZE-5: others may release him; FREEZE-3: he thaws with
    4 AP per freed field and is still in the game."""
    occupy = ["south:S@wt0", "south:S@wt1", "south:S@wt2", "south:S@wt3", "south:N@wt4"]
    st = make_state([*occupy, "west:N@g0_0"])
    assert st.is_frozen(1)
    play(st, "N wt4>w4")
    assert not st.is_frozen(1) and st.budget(1) == 4
    play(st, "end")
    assert st.actor == "west" and st.ap_left() == 4


def test_freeze_6_frozen_partner_pieces_may_respond():
    """FREEZE-6 / TEAM-3: a victim may respond with his frozen partner's pieces (option)."""
    path = str(DATA / "ct-no-freeze-win.variant.json")
    occupy = [f"west:S@nt{i}" for i in range(5)]
    pos = [*occupy, "west:S@g2_1", "south:N@g3_1", "north:E@g4_1"]
    st = make_state(pos, to_move="west", variant=path)
    assert st.is_frozen(2)
    play(st, "S g2_1*g3_1")
    assert st.actor == "south" and code(st, "(E g4_1*g3_1)") is None
    st2 = make_state(pos, to_move="west", variant=path,
                     options={"frozen_partner_pieces_usable": False})
    play(st2, "S g2_1*g3_1")
    assert st2.window is None  # nobody left who may respond


def test_team_1_fixed_teams_of_opposite_seats():
    """TEAM-1: partners sit opposite: South+North against West+East."""
    st = make_state([], variant="conquest-team")
    t = st.compiled.team_of
    assert t[0] == t[2] and t[1] == t[3] and t[0] != t[1]


def test_team_3_responding_with_a_partners_piece():
    """TEAM-3: the victim may respond with a piece of his partner."""
    st = make_state(["west:S@g2_1", "south:N@g3_1", "north:E@g4_1"], to_move="west",
                    variant="conquest-team")
    play(st, "S g2_1*g3_1")
    assert st.actor == "south"
    play(st, "(E g4_1*g3_1)")
    assert on(st, "g3_1") == "north:E" and st.captured[0] == 1


def test_team_4_penalties_only_between_opponents():
    """TEAM-4: a partner in one's capital or on the grail costs nothing."""
    st = make_state(["north:S@st0", "north:S@gr0"], variant="conquest-team")
    assert st.budget(0) == 20 and st.budget(1) == 16 and st.budget(3) == 16


def test_team_15_each_player_moves_only_his_own_pieces():
    """TEAM-15: a player cannot move his partner's pieces."""
    st = make_state(["north:S@g0_0"], variant="conquest-team")
    assert code(st, "S g0_0>g1_0") == "E_NOT_YOUR_PIECE"
