"""Victory conditions, scoring, unprotected players, team victory, board pairing
(WIN-*, VULN-*, TEAM-5, TALK-1, BOARD-*)."""

from __future__ import annotations

from support.ruleworld import code, make_state, play, world_board

from editor.check.pair_checks import check_board_for_variant
from editor.model.variant import resolve_variant
from editor.rules.synthetic import synthetic_board

PAD = {s: [f"{s}:S@pad_{s}_0", f"{s}:S@pad_{s}_1"] for s in ("south", "west", "north", "east")}


def pads(*seats):
    return [p for s in seats for p in PAD[s]]


def test_win_1_taking_the_whole_capital():
    """WIN-1: holding all five fields of the enemy capital wins at once (2 players)."""
    st = make_state([f"south:N@nt{i}" for i in range(4)] + ["south:N@h4"], variant="conquest-2p")
    assert not st.terminal
    play(st, "N h4>nt4")
    assert st.terminal and st.result().winners == ("south",)
    assert st.result().reason.startswith("WIN-1")


def test_win_2_annihilation_and_win_27_land_pieces():
    """WIN-2: no land pieces left loses (vessels do not count, WIN-27: cargo does)."""
    st = make_state(["south:N@g0_1", "north:S@g1_1", "north:B@s3", *pads("south")],
                    variant="conquest-2p", pad=False)
    play(st, "N g0_1*g1_1")
    assert st.terminal and st.result().winners == ("south",)
    assert st.result().reason.startswith("WIN-2")
    st2 = make_state(["south:N@g0_1", "north:S@g1_1", "north:B[S]@s3", *pads("south")],
                     variant="conquest-2p", pad=False)
    play(st2, "N g0_1*g1_1")
    assert not st2.terminal


def test_win_3_two_player_no_capture_limit():
    """WIN-3: after 10 rounds without capture more enemy capital fields win; tie = draw."""
    st = make_state(["south:S@nt0"], variant="conquest-2p")
    st.quiet = 19
    play(st, "end")
    assert st.terminal and st.result().winners == ("south",)
    st2 = make_state([], variant="conquest-2p")
    st2.quiet = 19
    play(st2, "end")
    assert st2.terminal and st2.result().winners == ()


def test_win_4_agreed_draw():
    """WIN-4: in 2-player Conquest a draw may be offered and accepted at any time."""
    st = make_state([], variant="conquest-2p")
    play(st, "offer draw")
    assert st.actor == "north"
    play(st, "reject draw")
    assert st.actor == "south" and code(st, "offer draw") is None  # again: "jederzeit"
    st2 = make_state([], variant="conquest-2p")
    play(st2, "offer draw")
    play(st2, "accept draw")
    assert st2.terminal and st2.result().winners == ()


def test_talk_1_no_binding_agreements_in_free_for_all():
    """TALK-1: the engine enforces no agreements: 4-player games have no draw action."""
    st = make_state([])
    assert code(st, "offer draw") == "E_NOT_AVAILABLE"
    assert {a[0] for a in st.legal_actions()} <= {"move", "end"}


def test_win_6_taking_the_last_two_pieces():
    """WIN-6: capturing an opponent's last pieces makes the capturer the sole winner."""
    st = make_state(["south:N@g0_1", "south:C@g5_0", "west:N@g1_1", "west:S@g5_3",
                     *pads("south", "north", "east")], pad=False)
    play(st, "N g0_1*g1_1")
    assert not st.terminal
    play(st, "C g5_0*g5_3")
    assert st.terminal and st.result().winners == ("south",)
    assert st.result().reason.startswith("WIN-6")


def test_win_7_all_others_frozen_sole_mobile_player():
    """WIN-7: when all players but one are frozen, the mobile one wins."""
    st = make_state(["south:S@gr0", "south:S@gr1", "south:S@gr2", "south:S@gr3",
                     "south:S@v1"])
    play(st, "S v1>gr4")
    assert st.result().winners == ("south",) and "WIN-7" in st.result().reason


def test_win_8_one_piece_left_and_win_10_points():
    """WIN-8: a player with one piece at the end of a turn ends the game; WIN-10 decides."""
    st = make_state(["south:N@g0_0", "east:S@e4", *pads("south", "west", "north")], pad=False)
    play(st, "end")
    assert st.terminal and st.result().winners == ("south",)
    assert st.result().scores == {"south": 3, "west": 2, "north": 2, "east": 1}


def test_win_9_four_rounds_without_capture_and_win_23_shared_victory():
    """WIN-9: four rounds without capture end the game; WIN-23: tied leaders share."""
    st = make_state(["south:S@g0_0", "west:S@g5_0"])
    st.quiet = 15
    play(st, "end")
    assert st.terminal and st.result().winners == ("south", "west")
    assert st.result().reason.startswith("WIN-9")


def test_win_10_victory_points():
    """WIN-10: own pieces + captured pieces + grail and enemy capital fields held."""
    st = make_state(["south:S@gr0", "south:S@wt0", "south:E[SS]@g0_0"])
    st.captured[0] = 2
    assert st.score(0) == (2 + 2 + 3) + 2 + 2


def test_freeze_4_frozen_players_cannot_win():
    """FREEZE-4: a frozen player is excluded when the score decides."""
    west = [f"west:S@g{x}_{y}" for x in range(6) for y in (0, 1)]
    st = make_state(["north:S@gr0", "north:S@gr1", "east:S@wt0", "east:S@wt1", "east:S@wt2",
                     *west])
    assert st.is_frozen(1) and st.score(1) > max(st.score(s) for s in (0, 2, 3))
    st.quiet = 15
    play(st, "end")
    assert st.terminal and "west" not in st.result().winners


def test_win_24_victory_checked_after_a_response():
    """WIN-24: immediate victories are checked after responses too."""
    st = make_state(["south:N@g2_1", "west:N@g3_1", "west:E@g4_1",
                     *pads("west", "north", "east")], pad=False)
    play(st, "N g2_1*g3_1")
    play(st, "(E g4_1*g3_1)")
    assert st.terminal and st.result().winners == ("west",)


def test_win_25_responses_reset_the_no_capture_counter():
    """WIN-25: every removal, also by a response, counts as a capture."""
    st = make_state(["south:N@g2_1", "west:N@g3_1", "west:E@g4_1", "south:S@g0_0"])
    st.quiet = 10
    play(st, "N g2_1*g3_1")
    play(st, "(E g4_1*g3_1)")
    play(st, "end")
    assert st.quiet == 0


def test_vuln_1_unprotected_means_two_pieces_and_vuln_5_not_in_team_games():
    """VULN-1: exactly two pieces left; VULN-5: not applied in team games."""
    st = make_state(["south:N@g0_0", "south:S@g0_1", "west:S@g5_0",
                     *pads("west", "north", "east")], pad=False)
    assert st.unprotected(0) and not st.unprotected(1)
    team = make_state(["south:N@g0_0", "south:S@g0_1", *pads("west", "north", "east")],
                      pad=False, variant="conquest-team")
    assert not team.unprotected(0)


def test_vuln_2_losing_a_piece_in_a_response_ends_the_game():
    """VULN-2: the unprotected mover loses a piece to a response: the score decides now."""
    st = make_state(["south:N@g2_1", "south:S@g0_0", "west:N@g3_1", "west:E@g4_1",
                     *pads("west", "north", "east")], pad=False)
    play(st, "N g2_1*g3_1")
    play(st, "(E g4_1*g3_1)")
    assert st.terminal and st.result().reason.startswith("VULN-2")


def _vuln3(extra=()):
    return make_state(["south:N@g0_1", "south:C@g5_0", "west:N@g1_1", "west:S@g1_2",
                       "west:N@g5_3", *extra, *pads("west", "north", "east")], pad=False)


def test_vuln_3_at_most_one_answerable_capture_per_turn():
    """VULN-3: an unprotected player makes at most one capture that can be answered."""
    st = _vuln3(["west:S@g5_2"])
    play(st, "N g0_1*g1_1")
    assert st.window is not None
    play(st, "decline")
    assert code(st, "C g5_0*g5_3") == "E_VULNERABLE_RISK"


def test_vuln_4_exemptions():
    """VULN-4: captures nobody can answer, and captures by the leader, stay allowed."""
    st = _vuln3()
    play(st, "N g0_1*g1_1")
    play(st, "decline")
    assert code(st, "C g5_0*g5_3") is None  # nobody can answer on g5_3
    lead = _vuln3(["west:S@g5_2"])
    lead.captured[0] = 10
    play(lead, "N g0_1*g1_1")
    play(lead, "decline")
    assert code(lead, "C g5_0*g5_3") is None


def test_team_5_conquest_team_victory():
    """TEAM-5: a team wins by taking all land pieces of one opponent, by freezing one, or on
    the no-capture limit by grail + capital fields."""
    st = make_state(["south:N@g0_1", "west:S@g1_1", "west:B@s3",
                     *pads("south", "north", "east")], pad=False, variant="conquest-team")
    play(st, "N g0_1*g1_1")
    assert st.terminal and st.result().winners == ("south", "north")
    fr = make_state([f"north:S@wt{i}" for i in range(4)] + ["south:N@w4"],
                    variant="conquest-team")
    play(fr, "N w4>wt4")
    assert fr.terminal and set(fr.result().winners) == {"south", "north"}
    to = make_state(["east:S@gr0"], variant="conquest-team")
    to.quiet = 15
    play(to, "end")
    assert to.terminal and to.result().winners == ("west", "east")


def test_board_1_and_board_2_pairing_with_the_printed_boards():
    """BOARD-1 / BOARD-2: a board with the printed board's features pairs with the variants;
    a 4-player board without grail, V passages or X bridges is reported."""
    v4 = resolve_variant("conquest-4p").variant
    v2 = resolve_variant("conquest-2p").variant
    assert check_board_for_variant(synthetic_board(), v4) == []
    assert check_board_for_variant(synthetic_board(("south", "north")), v2) == []
    codes = {f.code for f in check_board_for_variant(world_board(), v4)}
    assert "PAIR_SETUP_MISSING" in codes
    bare = synthetic_board(("south", "west", "north", "east")).model_copy(
        update={"grail": None})
    assert "PAIR_NO_GRAIL" in {f.code for f in check_board_for_variant(bare, v4)}
