"""One balance game (`editor.balance.play`): what a turn's time measures."""

from __future__ import annotations

import random
import time

import pytest

from editor.agents.base import make_agent
from editor.balance import play
from editor.engine.game import Game, State
from editor.model import load_board
from editor.model.variant import resolve_variant
from editor.resources import shipped_file

WAIT = 0.1


class _Waiting:
    """The greedy agent that also waits `WAIT` seconds before each action (as if the machine
    were busy with other work)."""

    def __init__(self, rng: random.Random) -> None:
        self.inner = make_agent("greedy", rng)
        self.name = "waiting"
        self.stop = self.inner.stop

    def act(self, st: State) -> tuple:
        time.sleep(WAIT)
        return self.inner.act(st)

    def decide(self, st: State):  # pragma: no cover - not asked by the runner
        return self.inner.decide(st)


@pytest.fixture(scope="module")
def c2() -> Game:
    variant = resolve_variant("conquest-2p").variant
    return Game(load_board(shipped_file("boards", "conquest-2p")).model, variant)


def test_a_turn_time_is_the_cpu_time_of_the_turn_not_the_wall_time(
        c2: Game, monkeypatch: pytest.MonkeyPatch) -> None:
    """Turn times are measured on one core (TURN_CLOCK): time the agent spends waiting for
    the machine does not count, so a match on a busy machine reports what a free core takes."""
    real = play.make_agent
    monkeypatch.setattr(play, "make_agent", lambda spec, rng: _Waiting(rng)
                        if spec == "waiting" else real(spec, rng))
    record = play.play_game(c2, 0, 1, "waiting,greedy", max_turns=4)
    waited = [s for name, s in record.turn_times if name == "waiting"]
    assert len(waited) >= 2
    assert all(s < WAIT * 0.8 for s in waited), waited
