"""Play mode checks the legality of a clicked action once: the session's verdict is the check,
the engine applies the action without a second one (a spy counts `State.explain`)."""

from __future__ import annotations

from support.scenariokit import write_scenario
from test_play import EX1, Player

from editor.engine.game import State


def _spy(monkeypatch) -> list[tuple]:
    calls: list[tuple] = []
    explain = State.explain

    def counting(self, action):
        calls.append(action)
        return explain(self, action)

    monkeypatch.setattr(State, "explain", counting)
    return calls


def test_a_click_on_a_target_checks_the_action_once(qtbot, make_window, tmp_path,
                                                   monkeypatch) -> None:
    p = Player(qtbot, make_window())
    assert p.mode.open_scenario(str(write_scenario(tmp_path, EX1, name="c4")))
    p.click("g5_1")
    chosen = p.mode.groups["g5_2"].options[0].action
    calls = _spy(monkeypatch)
    p.click("g5_2")  # the move is played
    assert p.owner("g5_2") == "south" and p.session.played[-1].action == chosen
    assert calls == [chosen]
    p.click("g2_1")
    calls.clear()
    p.click("g3_1")  # a capture (CAPT-1) that opens a response window (RECAP-1)
    assert p.session.turn().role == "victim" and len(calls) == 1


def test_a_redo_step_checks_the_action_once(qtbot, make_window, tmp_path, monkeypatch) -> None:
    p = Player(qtbot, make_window())
    assert p.mode.open_scenario(str(write_scenario(tmp_path, EX1, name="c4")))
    p.click("g5_1")
    p.click("g5_2")
    p.mode.step_back()
    calls = _spy(monkeypatch)
    p.mode.session.redo()
    assert len(calls) == 1 and p.owner("g5_2") == "south"
