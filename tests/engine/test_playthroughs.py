"""Replay the recorded playthroughs (tests/engine/data/playthroughs/*.txt, see
tests/support/playthrough.py): after every action the legal-action count and digest, the
explanations (reason code and rule ID) of the probe actions and the position key equal the
recording, for every shipped variant and overlay (C2, C4, CT, CP2, CP4, CP-4CM, GC2, GC4, GCT;
RECAP-7 via classic-recapture, PIECE-CATAPULT-4 via catapult-4cm)."""

from __future__ import annotations

import pytest
from support.playthrough import CONFIGS, DATA, REGENERATE, load, replay_problems
from support.playthrough_text import format_text, parse


@pytest.mark.parametrize("stem", [c[0] for c in CONFIGS])
def test_playthrough_replays(stem):
    data = load(stem)
    assert data["games"] and all(g["steps"] for g in data["games"])
    problems = replay_problems(data, f"{stem}.txt")
    assert not problems, "\n".join(problems)


def test_recorded_files_are_the_configurations():
    assert sorted(p.stem for p in DATA.iterdir()) == sorted(c[0] for c in CONFIGS)


def test_text_form_writes_back_what_it_read():
    text = (DATA / "grand-conquest-team.txt").read_text(encoding="utf-8")
    data = parse(text)
    for rec in data["games"]:
        for step in rec["steps"]:
            del step["line"]
    assert format_text(data, REGENERATE) == text


def _changed(stem: str, old: str, new: str, occurrence: int = 1) -> tuple[dict, int]:
    """The recording with the `occurrence`-th `old` replaced by `new`; and that line's number."""
    lines = (DATA / f"{stem}.txt").read_text(encoding="utf-8").splitlines()
    hits = [i for i, line in enumerate(lines) if old in line]
    i = hits[occurrence - 1]
    lines[i] = lines[i].replace(old, new)
    return parse("\n".join(lines), f"{stem}.txt"), i + 1


def test_changed_position_key_names_game_step_and_action():
    data, line = _changed("grand-conquest-team", "key 54163cd8759304a6", "key 0000000000000000")
    assert replay_problems(data, "grand-conquest-team.txt") == [
        f"grand-conquest-team.txt:{line}: game 1 step 2 (D s.41>s.42): position key "
        "54163cd8759304a6 after it != recorded 0000000000000000"]


def test_changed_probe_explanation_names_game_step_and_action():
    data, line = _changed("grand-conquest-team", "-> E_NOT_YOUR_PIECE TURN-1",
                          "-> E_NO_PATH MOVE-1")
    problems = replay_problems(data, "grand-conquest-team.txt")
    assert problems == [
        f"grand-conquest-team.txt:{line + 4}: game 1 step 1 (S s.37>s.36): probe "
        "['shoot', 84, ['n.212'], None] explained ['E_NOT_YOUR_PIECE', 'TURN-1'] != recorded "
        "['E_NO_PATH', 'MOVE-1']"]


def test_changed_result_names_the_game():
    data, _ = _changed("grand-conquest-team", "result - |", "result west |")
    assert replay_problems(data, "grand-conquest-team.txt") == [
        "grand-conquest-team.txt: game 1: result [[], 'TEAM-6: no capture for the round limit; "
        "tie, draw'] != recorded [['west'], 'TEAM-6: no capture for the round limit; tie, draw']"]


def test_unreadable_line_names_file_and_line():
    text = (DATA / "grand-conquest-team.txt").read_text(encoding="utf-8")
    with pytest.raises(ValueError, match=r"x\.txt:17: step 3 follows step 1"):
        parse(text.replace("2. D s.41", "3. D s.41"), "x.txt")
