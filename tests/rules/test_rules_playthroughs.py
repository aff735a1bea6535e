"""Replay the recorded playthroughs (tests/rules/data/playthroughs, see playthrough.py): after
every action the legal-action count and digest, the explanations (reason code and rule ID) of the
probe actions and the position hash equal the recording, for every shipped variant and overlay
(C2, C4, CT, CP2, CP4, CP-4CM, GC2, GC4, GCT; RECAP-7 via classic-recapture, PIECE-CATAPULT-4 via
catapult-4cm)."""

from __future__ import annotations

import json

import pytest
from support.playthrough import CONFIGS, DATA, replay_problems


@pytest.mark.parametrize("stem", [c[0] for c in CONFIGS])
def test_playthrough_replays(stem):
    data = json.loads((DATA / f"{stem}.json").read_text(encoding="utf-8"))
    assert data["games"] and all(g["steps"] for g in data["games"])
    assert replay_problems(data) == []
