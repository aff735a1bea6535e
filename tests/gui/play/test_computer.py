"""Play against the computer (issue 23): one seat for a person, three for the computer, driven
with real mouse events. The computer answers a response window (RECAP-1) and plays its turns one
action at a time with the log; Undo my decision goes back before the person's last action; the
hint says what the search agent would play and why; Stop halts the computer."""

from __future__ import annotations

from support.guikit import EX1, Player
from support.scenariokit import write_scenario

from editor.rules.action_view import Kind

COMPUTER = "search:1"


def _game(qtbot, make_window, tmp_path) -> Player:
    w = make_window()
    p = Player(qtbot, w)
    seats = p.mode.seats_panel
    for i in (1, 2, 3):  # west, north, east: the computer
        seats.set_choice(i, COMPUTER)
    assert p.mode.open_scenario(str(write_scenario(tmp_path, EX1, name="computer")))
    assert [seats.labels[i].text() for i in range(4)] == ["South", "West", "North", "East"]
    p.mode.computer.timer.setInterval(20)  # the test need not watch at a person's pace
    return p


def _wait_for_south(qtbot, p: Player) -> None:
    qtbot.waitUntil(lambda: p.session.state.actor == "south"
                    and p.mode.computer.running is None, timeout=60_000)


def test_person_against_three_computer_seats(qtbot, make_window, tmp_path) -> None:
    p = _game(qtbot, make_window, tmp_path)
    p.click("g2_1")
    p.click("g3_1")  # south captures west's knight: west (the computer) may answer
    _wait_for_south(qtbot, p)
    capture, answer = p.session.played[-2:]
    assert capture.kind is Kind.CAPTURE and capture.actor == "south"
    assert answer.actor == "west" and answer.kind in (Kind.RESPONSE, Kind.DECLINE)
    assert len(p.session.played) - 1 in p.mode.computer.by_computer
    assert p.mode.log.count() == 2
    mine = len(p.session.played)
    p.press("end_turn")
    _wait_for_south(qtbot, p)  # west, north and east play their turns
    computer_actions = p.session.played[mine + 1:]
    assert {e.actor for e in computer_actions} >= {"west", "north", "east"}
    assert all(e.actor != "south" for e in computer_actions)
    assert p.mode.log.count() == len(p.session.played)
    assert "played" in p.mode.computer_panel.status.text()

    p.press("play_undo_mine")  # back before south's End turn
    assert len(p.session.played) == mine and p.session.state.actor == "south"
    assert p.session.state.mover == 0 and p.mode.computer.running is None

    p.press("play_hint")
    qtbot.waitUntil(lambda: p.mode.computer_panel.hint.text().startswith("Hint for south"),
                    timeout=30_000)
    assert "expects" in p.mode.computer_panel.hint.text()


def test_stop_halts_the_computer_and_resume_lets_it_play(qtbot, make_window, tmp_path) -> None:
    p = _game(qtbot, make_window, tmp_path)
    p.press("play_stop_computer")
    assert p.mode.computer.paused
    p.click("g2_1")
    p.click("g3_1")  # west's window: the stopped computer does not answer
    qtbot.wait(200)
    assert p.session.turn().role == "victim" and p.session.played[-1].actor == "south"
    p.press("play_stop_computer")  # resume
    _wait_for_south(qtbot, p)
    assert p.session.played[-1].actor == "west"


def test_the_computer_waits_while_another_mode_is_shown(qtbot, make_window, tmp_path) -> None:
    p = _game(qtbot, make_window, tmp_path)
    p.mode.computer.timer.setInterval(1000)  # it answers after a second ...
    p.click("g2_1")
    p.click("g3_1")  # west's window: the computer is about to answer
    assert p.w.switch_mode("trace")  # ... but another mode is shown first
    qtbot.wait(300)
    assert p.session.played[-1].actor == "south"
    assert p.w.switch_mode("play")
    _wait_for_south(qtbot, p)
    assert p.session.played[-1].actor == "west"


def test_players_are_named_after_the_variants_seats_before_a_game(make_window, qtbot):
    """Before Start game the Players rows name the chosen variant's seats as the board does,
    and the computer's buttons wait for a game."""
    from editor.resources import data_dir

    w = make_window(str(data_dir("boards") / "conquest-4p.board.json"))
    assert w.switch_mode("play")
    mode = w.switcher.modes["play"]
    panel = mode.seats_panel
    shown = [label.text() for label in panel.labels if not label.isHidden()]
    assert shown == ["South", "West", "North", "East"]
    assert not mode.computer_panel.hint_button.isEnabled()
    mode.start_panel.select_variant("conquest-2p")
    shown = [label.text() for label in panel.labels if not label.isHidden()]
    assert len(shown) == 2 and "seat 1" not in shown
