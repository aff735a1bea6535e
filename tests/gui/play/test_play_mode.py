"""Play mode driven with real mouse events on the view (issue 15 item 2).

Rules named: CAPT-1 (capture), RECAP-1 (response window: recapture or decline), OBST-3 (no
elephants over an X bridge), PIECE-CATAPULT-2 (shot), BUILD-1 (build), DRAW-2 (raise a
drawbridge), WIN-6 (last pieces taken: the winner dialog).
"""

from __future__ import annotations

from support.guikit import EX1, LEFT, RIGHT, Player
from support.scenariokit import GCWORLD, ROOT, WORLD, write_scenario

from editor.model import dump_board
from editor.rules import scenario_run
from editor.rules.action_view import Kind

C4_BOARD = ROOT / "boards" / "conquest-4p.board.json"


def _open(qtbot, make_window, path) -> Player:
    w = make_window()
    p = Player(qtbot, w)
    assert p.mode.open_scenario(str(path))
    return p


def test_play_is_a_mode_of_its_own(make_window) -> None:
    w = make_window()
    assert [n for n in w.switcher.modes] == ["trace", "play", "variant"]
    assert w.switcher.actions["play"].shortcut().toString() == "Ctrl+2"
    w.switch_mode("play")
    assert w.switcher.undo_group.activeStack() is w.mode.stack


def test_conquest_4p_move_capture_responses_refusal_and_undo(qtbot, make_window, tmp_path):
    """A move, a capture (CAPT-1), a response window answered by a recapture and one declined
    (RECAP-1), an X-bridge refusal (OBST-3), and undo back to the start position."""
    p = _open(qtbot, make_window, write_scenario(tmp_path, EX1, name="c4"))
    start = p.session.position_key()
    p.click("g5_1")
    assert p.mode.selected == "g5_1" and "g5_2" in p.mode.groups and "x1" not in p.mode.groups
    assert set(p.mode.scene.markers) == set(p.mode.groups)
    assert "E_EDGE_FORBIDS_PIECE (OBST-3)" in p.hover("x1")
    assert "X bridge" in p.hover("x1")
    p.click("x1")
    assert p.mode.last_refusal.reason.rule == "OBST-3"
    assert "E_EDGE_FORBIDS_PIECE (OBST-3)" in p.w.last_message
    assert "OBST-3" in p.mode.turn_panel.refusal.text()
    p.click("g5_2")  # a move
    assert p.owner("g5_2") == "south" and p.owner("g5_1") is None
    p.click("g2_1")
    p.click("g3_1")  # a capture opens west's response window
    turn = p.session.turn()
    assert (turn.role, turn.actor, turn.scene) == ("victim", "west", "g3_1")
    assert p.mode.turn_panel.headline.text() == "West may answer"
    assert "pick a piece or Decline" in p.mode.turn_panel.detail.text()
    assert p.mode.scene.scene_ring is not None
    p.click("g4_1")
    assert p.mode.groups["g3_1"].kinds == {Kind.RESPONSE}
    p.click("g3_1")  # the recapture
    assert p.owner("g3_1") == "west" and p.session.turn().role == "mover"
    p.click("g3_2")
    p.click("g3_3")  # another capture: west may answer again
    assert p.session.turn().role == "victim"
    p.press("decline")
    assert p.session.turn().role == "mover" and p.owner("g3_3") == "south"
    assert [e.kind for e in p.session.played] == [Kind.MOVE, Kind.CAPTURE, Kind.RESPONSE,
                                                  Kind.CAPTURE, Kind.DECLINE]
    assert p.mode.log.count() == 5
    while p.w.menus.undo.isEnabled():  # Edit > Undo acts on the game
        p.w.menus.undo.trigger()
    assert p.session.position_key() == start and p.owner("g2_1") == "south"
    assert set(p.mode.scene.pieces) == {s.field for s in p.session.stacks()}
    p.w.menus.redo.trigger()
    assert p.owner("g5_2") == "south"


def test_log_click_shows_that_position_and_context_menu_lists_actions(qtbot, make_window,
                                                                      tmp_path):
    p = _open(qtbot, make_window, write_scenario(tmp_path, EX1, name="c4log"))
    p.click("g5_1")
    p.click("g5_2")
    p.click("g2_1")
    p.click("g3_1")
    p.mode.log.itemClicked.emit(p.mode.log.item(0))
    after_move = p.session.position_key()
    assert len(p.session.played) == 1 and p.owner("g2_1") == "south"
    p.mode.log.itemClicked.emit(p.mode.log.item(1))
    assert len(p.session.played) == 2 and p.session.position_key() != after_move
    p.click("g4_1", RIGHT)  # the victim's stack: its responses, then Decline
    menu = p.mode.chooser
    texts = [a.text() for a in menu.actions()]
    assert any(t.startswith("(E g4_1*g3_1)") for t in texts)
    assert any(t.startswith("decline") for t in texts)
    next(a for a in menu.actions() if a.text().startswith("(S g4_1*g3_1)")).trigger()
    menu.close()
    assert p.session.played[-1].kind is Kind.RESPONSE and p.owner("g3_1") == "west"


def test_grand_conquest_shot_build_and_drawbridge(qtbot, make_window, tmp_path):
    """PIECE-CATAPULT-2 shot, BUILD-1 build (chosen from the menu a mixed target opens),
    DRAW-2 raising a drawbridge by clicking its tower twice."""
    path = write_scenario(tmp_path, ["south:K@g0_0", "north:S@g1_0", "south:S@g2_0",
                                     "north:D@g3_1"], board=GCWORLD,
                          variant="grand-conquest-4p", turn=4, name="gc")
    p = _open(qtbot, make_window, path)
    p.click("g0_0")
    assert p.mode.groups["g1_0"].kinds == {Kind.SHOT}
    assert p.mode.scene.markers["g1_0"].kind is Kind.SHOT
    p.click("g1_0")
    assert p.session.played[-1].kind is Kind.SHOT and p.owner("g1_0") is None
    p.click("g2_0")
    assert p.mode.groups["g2_1"].kinds == {Kind.MOVE, Kind.BUILD}
    p.click("g2_1")  # move or build: a menu asks
    build = next(a for a in p.mode.chooser.actions() if "build" in a.text())
    build.trigger()
    p.mode.chooser.close()
    assert p.session.played[-1].kind is Kind.BUILD
    assert p.session.stack_at("g2_1").letters == "K"
    p.click("st0")
    assert p.mode.groups["st0"].kinds == {Kind.RAISE}
    p.click("st0")
    assert p.session.played[-1].kind is Kind.RAISE
    assert p.session.turn().ap_left == 7
    p.click("g3_1")  # north's camel: south may push it (PIECE-CAMEL-5)
    assert p.mode.groups["g3_2"].kinds == {Kind.PUSH}
    p.click("g3_2")
    assert p.session.played[-1].kind is Kind.PUSH and p.owner("g3_2") == "north"


def test_draw_offered_and_accepted_with_the_buttons(qtbot, make_window):
    """WIN-4: in 2-player Conquest a draw may be offered and accepted."""
    w = make_window(str(ROOT / "boards" / "conquest-2p.board.json"))
    p = Player(qtbot, w)
    qtbot.mouseClick(p.mode.start_panel.start_button, LEFT)
    assert p.mode.start_panel.variant.currentText() == "conquest-2p"
    p.press("offer_draw")
    assert p.session.turn().role == "draw_offer"
    assert "offers a draw" in p.mode.turn_panel.detail.text()
    p.press("accept_draw")
    box = p.mode.result_box
    assert box is not None and box.text() == "The game is a draw (WIN-4)"
    box.close()


def test_game_played_to_its_end_names_the_winner(qtbot, make_window, tmp_path):
    """WIN-6: taking west's last pieces; the end dialog names the winner and the rule."""
    pads = [f"{s}:S@pad_{s}_{i}" for s in ("south", "north", "east") for i in range(2)]
    path = write_scenario(tmp_path, ["south:N@g0_1", "south:C@g5_0", "west:N@g1_1",
                                     "west:S@g5_3", *pads], pads=False, name="end")
    p = _open(qtbot, make_window, path)
    p.click("g0_1")
    p.click("g1_1")
    assert p.mode.result_box is None
    p.click("g5_0")
    p.click("g5_3")
    box = p.mode.result_box
    assert box is not None and box.isVisible() and not box.isModal()
    assert box.text() == "South wins (WIN-6)" and "last pieces" in box.informativeText()
    assert p.mode.turn_panel.headline.text() == "Game over"
    box.close()


def test_gui_game_saved_as_scenario_passes_check_and_replays(qtbot, make_window, tmp_path,
                                                              ui):
    """Start on the document's board with the Start button, play by mouse, record a
    refusal, play seeded random turns, save; the file passes `conquest check`, and opened
    again and stepped to the end it reaches the same state hash."""
    w = make_window(str(C4_BOARD))
    board = dump_board(w.doc.board)
    p = Player(qtbot, w)
    qtbot.mouseClick(p.mode.start_panel.start_button, LEFT)
    assert p.session is not None and p.session.turn().actor == "south"
    field = next(s.field for s in p.session.stacks() if p.session.targets(s.field))
    p.click(field)
    target = next(iter(p.mode.groups))
    p.click(target)
    assert len(p.session.played) == 1
    far = next(s.field for s in p.session.stacks() if s.owner == "north")
    p.click(target)
    p.click(far)
    assert p.mode.last_refusal is not None
    p.press("record")
    p.mode.turn_panel.turns.setValue(3)
    p.mode.turn_panel.seed.setValue(7)
    p.press("random_play")
    assert len(p.session.played) > 3
    out = tmp_path / "found.scenario.json"
    ui.save_path = str(out)
    qtbot.mouseClick(p.mode.start_panel.save_button, LEFT)
    assert out.is_file() and scenario_run.run(out) == []
    final = p.session.position_key()
    n = len(p.session.played)
    ui.open_path = str(out)
    qtbot.mouseClick(p.mode.start_panel.open_button, LEFT)
    assert p.session.history == [] and p.session.can_redo()
    p.press("to_end")
    assert len(p.session.played) == n and p.session.position_key() == final
    assert any(e.__class__.__name__ == "Refused" for e in p.session.history)
    p.press("step_back")
    assert len(p.session.played) == n - 1
    assert dump_board(w.doc.board) == board  # play never changed the document
    w.switch_mode("trace")
    assert w.mode is w.trace and dump_board(w.doc.board) == board


def test_board_lacking_the_variants_setup_starts_no_game(qtbot, make_window):
    """The pair findings are listed, each naming what to add; a click goes to the board."""
    w = make_window(str(WORLD))
    p = Player(qtbot, w)
    qtbot.mouseClick(p.mode.start_panel.start_button, LEFT)
    assert p.session is None
    findings = p.mode.start_panel.findings
    assert findings.isVisible() and findings.count() >= 1
    item = findings.item(0)
    assert "PAIR_SETUP_MISSING" in item.text() and "fix: Add a setup" in item.text()
    findings.itemClicked.emit(item)
    assert w.mode is w.trace


def test_one_way_road_refused_directly_but_reachable_by_a_detour_says_both(qtbot, make_window,
                                                                           tmp_path):
    """OBST-1: the hover over a field reached only by a detour names the refusal of the
    direct step and the detour."""
    import json

    data = json.loads(WORLD.read_text(encoding="utf-8"))
    data["connections"].append({"id": "detour", "kind": "road", "a": "v1", "b": "g4_2"})
    board = tmp_path / "detour.board.json"
    board.write_text(json.dumps(data), encoding="utf-8")
    p = _open(qtbot, make_window, write_scenario(tmp_path, ["south:E@v1"], board=board))
    p.click("v1")
    assert "g5_3" in p.mode.groups
    text = p.hover("g5_3")
    assert "E_ONE_WAY (OBST-1)" in text and "reachable: E v1>g4_2>g5_2>g5_3 (3 AP)" in text
    assert p.hover("g4_2").startswith("E v1>g4_2  (move, 1 AP)")
    p.click("g5_3")
    assert p.owner("g5_3") == "south"


def test_house_rule_file_and_option_overrides(qtbot, make_window, tmp_path, ui):
    """A house-rule file that extends a shipped variant, plus an option typed in the panel."""
    import json

    rule = tmp_path / "house.variant.json"
    rule.write_text(json.dumps({"format": "conquest-variant/2", "name": "house",
                                "extends": "conquest-4p",
                                "options": {"castle_penalty_per_field": 2}}),
                    encoding="utf-8")
    w = make_window(str(C4_BOARD))
    p = Player(qtbot, w)
    ui.open_path = str(rule)
    panel = p.mode.start_panel
    panel.variant.setCurrentIndex(panel.variant.count() - 1)
    panel.variant.activated.emit(panel.variant.count() - 1)  # "House-rule file…"
    panel.options.setText("no_capture_rounds=6")
    panel.set_overlays(["classic-recapture"])
    qtbot.mouseClick(panel.start_button, LEFT)
    opts = p.session.variant.options
    assert opts.no_capture_rounds == 6 and opts.castle_penalty_per_field == 2
    assert opts.recapture_moves_must_be_necessary is False  # the overlay
    panel.options.setText("nonsense")
    qtbot.mouseClick(panel.start_button, LEFT)
    assert "not key=value" in panel.note.text()
    panel.options.setText("freeze_treshold=3")  # a typo: the finding says what is allowed
    qtbot.mouseClick(panel.start_button, LEFT)
    assert p.session is None and "freeze_treshold" in panel.findings.item(0).text()


def test_editing_the_board_does_not_touch_a_running_game(qtbot, make_window):
    """Play keeps its snapshot: a field added in trace is not in the game; the start panel
    says so when play mode is shown again."""
    from editor.model import edit as E

    w = make_window(str(C4_BOARD))
    p = Player(qtbot, w)
    qtbot.mouseClick(p.mode.start_panel.start_button, LEFT)
    fields = len(p.session.board.fields)
    w.switch_mode("trace")
    w.doc.apply("Add field", E.add_field, 10, 10)
    assert len(w.doc.board.fields) == fields + 1
    w.switch_mode("play")
    assert len(p.session.board.fields) == fields
    assert "board changed" in p.mode.start_panel.note.text()
    w.doc.stack.undo()


def test_random_turns_are_seeded_and_undo_as_single_actions(qtbot, make_window, tmp_path):
    path = write_scenario(tmp_path, EX1, name="random")
    p = _open(qtbot, make_window, path)
    p.mode.turn_panel.turns.setValue(2)
    p.mode.turn_panel.seed.setValue(5)
    p.press("random_play")
    first, n = p.session.position_key(), len(p.session.played)
    assert n >= 2 and p.mode.stack.count() == n  # one undo step per action
    assert p.mode.open_scenario(str(path))
    p.press("random_play")
    assert p.session.position_key() == first
    p.press("random_move")
    assert len(p.session.played) == n + 1
    p.press("step_back")
    assert p.session.position_key() == first
