"""Play mode and the window after a second pass (issue 21 items 9 and 10): the New game panel
shows the variant being played, step buttons and game actions need a game, a raised
drawbridge looks raised (DRAW-2), a lock taken over from a crashed editor stays noted, and
`--select` names what is wrong.
"""

from __future__ import annotations

import json

from PySide6.QtWidgets import QApplication
from support.guikit import LEFT, Player
from support.scenariokit import GCWORLD, ROOT, write_scenario

from editor.gui.play.start_panel import GameChoice
from editor.gui.shell.file_lock import BoardLock, lock_path

C2_BOARD = ROOT / "boards" / "conquest-2p.board.json"


def test_the_new_game_panel_shows_the_variant_being_played(qtbot, make_window) -> None:
    """What `--mode play --variant V` and "Test play with this variant" do: the panel follows,
    so Start game plays the same rules again."""
    w = make_window(str(C2_BOARD))
    p = Player(qtbot, w)
    assert p.mode.start_panel.variant.currentText() == "conquest-2p"
    assert not p.mode.start_with(GameChoice("conquest-plus-2p", ["classic-recapture"],
                                            {"no_capture_rounds": 6}))
    panel = p.mode.start_panel
    assert panel.variant.currentText() == "conquest-plus-2p"
    choice, _ = panel.choice()
    assert (choice.variant, choice.overlays, choice.options) == (
        "conquest-plus-2p", ["classic-recapture"], {"no_capture_rounds": 6})


def test_step_buttons_and_game_actions_need_a_game(qtbot, make_window) -> None:
    w = make_window(str(C2_BOARD))
    p = Player(qtbot, w)
    tp = p.mode.turn_panel
    assert not any(b.isEnabled() for b in (tp.step_back, tp.step_forward, tp.to_end))
    for name in ("Step back", "Step forward", "Save as scenario…", "Random move", "End turn"):
        assert not p.mode.actions[name].isEnabled(), name
    assert p.mode.actions["Start game"].isEnabled()
    qtbot.mouseClick(p.mode.start_panel.start_button, LEFT)
    assert p.session is not None
    assert p.mode.actions["Random move"].isEnabled() and p.mode.actions["End turn"].isEnabled()
    assert not p.mode.actions["Step back"].isEnabled()
    p.press("random_move")
    assert p.mode.actions["Step back"].isEnabled() and tp.step_back.isEnabled()


def test_a_raised_drawbridge_is_drawn_raised(qtbot, make_window, tmp_path) -> None:
    """DRAW-2: raising st0's drawbridge marks it; undo lowers it and the mark goes."""
    path = write_scenario(tmp_path, ["south:S@g2_0", "north:S@g1_0"], board=GCWORLD,
                          variant="grand-conquest-4p", turn=4, name="bridge")
    w = make_window()
    p = Player(qtbot, w)
    assert p.mode.open_scenario(str(path))
    assert p.mode.scene.raised == {}
    p.click("st0")
    p.click("st0")
    assert p.session.raised_drawbridges() == ["st0"]
    marks = p.mode.scene.raised["st0"]
    assert marks and all(m.scene() is p.mode.scene for m in marks)
    p.w.menus.undo.trigger()
    assert p.mode.scene.raised == {} and all(m.scene() is None for m in marks)


def test_a_lock_taken_over_from_a_crashed_editor_stays_noted(qtbot, make_window,
                                                            tmp_path) -> None:
    board = tmp_path / "c.board.json"
    board.write_text(json.dumps({k: v for k, v in json.loads(
        C2_BOARD.read_text(encoding="utf-8")).items() if k != "image"}), encoding="utf-8")
    lock_path(board).write_text(json.dumps({
        "user": "x", "host": BoardLock(board).info.host, "pid": 2**22 + 12345,
        "since": "then"}), encoding="utf-8")
    w = make_window(str(board))
    assert w.switch_mode("play")  # the mode's status message replaces the transient note
    QApplication.processEvents()
    assert w.lock_note_label.isVisibleTo(w)
    assert "crashed editor" in w.lock_note_label.toolTip()
    assert w.files.open_path(str(C2_BOARD))
    assert not w.lock_note_label.isVisibleTo(w)


def test_select_named_says_whether_the_field_or_the_stack_is_missing(qtbot,
                                                                   make_window) -> None:
    w = make_window(str(ROOT / "boards" / "conquest-4p.board.json"))
    p = Player(qtbot, w)
    qtbot.mouseClick(p.mode.start_panel.start_button, LEFT)
    assert "no field has the id or printed number '999'" in p.mode.select_named("999")
    empty = next(f.id for f in p.session.board.fields if p.session.stack_at(f.id) is None)
    assert "has no stack" in p.mode.select_named(empty)
    mover = next(s.field for s in p.session.stacks() if p.session.actions_of(s.field))
    assert p.mode.select_named(mover) is None and p.mode.selected == mover


def test_an_opened_scenario_shows_its_variant_in_the_new_game_panel(qtbot, make_window,
                                                                     tmp_path) -> None:
    w = make_window(str(C2_BOARD))
    p = Player(qtbot, w)
    path = write_scenario(tmp_path, ["south:S@g0_1"], name="c4scen",
                          variant={"name": "conquest-4p", "overlays": ["classic-recapture"]})
    assert p.mode.open_scenario(str(path))
    choice, _ = p.mode.start_panel.choice()
    assert (choice.variant, choice.overlays) == ("conquest-4p", ["classic-recapture"])
