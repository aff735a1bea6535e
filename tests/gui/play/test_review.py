"""Replay review: an opened scenario is stepped through with the board showing each position;
a step whose expected verdict no longer holds is shown at its step (log line, turn panel with
its rule linked). Rules named: OBST-3 (an elephant never crosses an X bridge)."""

from __future__ import annotations

from support.guikit import EX1, Player
from support.scenariokit import write_scenario

STEPS = [{"action": "E g5_1>g5_2"},
         {"action": "S g2_1*g3_1"},
         {"action": "decline"},
         {"action": "E g5_2>g5_1>x1"},  # expected legal: the X bridge refuses it (OBST-3)
         {"action": "end"}]


def _review(qtbot, make_window, tmp_path, steps) -> Player:
    w = make_window()
    p = Player(qtbot, w)
    assert p.mode.open_scenario(str(write_scenario(tmp_path, EX1, steps=steps, name="rev")))
    return p


def test_stepping_shows_each_position(qtbot, make_window, tmp_path) -> None:
    p = _review(qtbot, make_window, tmp_path, STEPS[:3])
    assert p.owner("g5_1") == "south" and "g5_1" in p.mode.scene.pieces
    p.press("step_forward")
    assert p.owner("g5_2") == "south" and "g5_2" in p.mode.scene.pieces
    assert "g5_1" not in p.mode.scene.pieces
    p.press("step_forward")  # the capture: west's piece leaves the board
    assert p.mode.scene.pieces["g3_1"].stack.owner == "south"
    p.press("step_back")
    assert p.mode.scene.pieces["g3_1"].stack.owner == "west"


def test_a_step_that_no_longer_holds_is_shown_at_its_step(qtbot, make_window,
                                                          tmp_path) -> None:
    p = _review(qtbot, make_window, tmp_path, STEPS)
    p.press("to_end")
    assert len(p.session.played) == 3  # stopped before the broken step
    broken = p.mode.broken
    assert broken is not None and broken.row == 3
    assert "Step 4 'E g5_2>g5_1>x1' was expected legal; now refused" in broken.text
    assert "OBST-3" in broken.text
    item = p.mode.log.item(3)
    assert item.text().startswith("⚠") and "no longer holds" in item.text()
    assert p.mode.log.currentRow() == 3
    assert "href='rule:OBST-3'" in p.mode.turn_panel.refusal.text()
    assert "no longer holds" not in p.mode.log.item(2).text()
    p.press("step_back")  # the mark stays at its step while the replay is reviewed
    assert len(p.session.played) == 2 and "no longer holds" in p.mode.log.item(3).text()
    p.mode.log.itemClicked.emit(p.mode.log.item(3))  # its reason, rule linked, in the status bar
    assert "was expected legal" in p.w.last_message and p.w.rule_link_label.isVisibleTo(p.w)


def test_an_expected_refusal_that_is_now_legal_is_shown(qtbot, make_window, tmp_path) -> None:
    steps = [{"action": "E g5_1>g5_2", "expect": "illegal", "reason": "E_EDGE_FORBIDS_PIECE"}]
    p = _review(qtbot, make_window, tmp_path, steps)
    p.press("step_forward")
    assert p.mode.broken is not None and p.mode.broken.row == 0
    assert "expected illegal (E_EDGE_FORBIDS_PIECE); now it is legal" in p.mode.broken.text
    assert p.owner("g5_1") == "south"  # not played
