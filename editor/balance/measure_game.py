"""Per-game measurements behind Ludii's evaluation metrics (its `Evaluation` module), taken
while a balance or match game is played (`editor.balance.play.play_game`):

* lead changes: the leader (the seat of highest strength by the agents' evaluation,
  `editor.agents.evaluation`) after every turn, and how often it changed;
* decisiveness: from which share of the game on the eventual sole winner led to the end;
* board coverage: the share of fields that held a piece at the start or were moved or shot to;
* branching factor and decision moves: the number of legal actions at every `SAMPLE_EVERY`-th
  decision of a mover (the full generator is costly, so it is sampled), and the share of those
  decisions with more than one choice (at most `MAX_SAMPLES` per game).

Measuring costs about half a random game again, so only the first `MEASURED_GAMES` games of a
run are measured (`play_game`); a long random run stays about as fast as before.
"""

from __future__ import annotations

import itertools

from editor.agents.evaluation import Evaluation
from editor.engine.game import State

SAMPLE_EVERY = 16
MAX_SAMPLES = 8
MEASURED_GAMES = 200


class GameWatch:
    """Collects the measurements of one game (module docstring)."""

    def __init__(self, st: State, evaluation: Evaluation) -> None:
        self.evaluation = evaluation
        self.fields = len(st.game.compiled.node_ids)
        self.visited = {s.node for s in st.stacks()}
        self.leaders: list[int] = []
        self.branching: list[int] = []

    def before(self, st: State, n: int, target: int | None) -> None:
        """Called before action `n` is applied; `target` is the field it moves or shoots to."""
        if target is not None:
            self.visited.add(target)
        if n % SAMPLE_EVERY == 0 and len(self.branching) < MAX_SAMPLES and \
                not st.answering():
            self.branching.append(len(st.legal_actions()))

    def turn_ended(self, st: State) -> None:
        strengths = self.evaluation.strengths(st)
        self.leaders.append(max(range(len(strengths)), key=strengths.__getitem__))

    def metrics(self, winners: list[str]) -> dict[str, float]:
        leaders = self.leaders
        out = {
            "lead_changes": float(sum(1 for a, b in itertools.pairwise(leaders) if a != b)),
            "coverage": len(self.visited) / self.fields if self.fields else 0.0,
        }
        if self.branching:
            out["branching"] = sum(self.branching) / len(self.branching)
            out["decision_share"] = sum(1 for b in self.branching if b > 1) / len(self.branching)
        seat_ids = self.evaluation.game.compiled.seat_ids
        if len(winners) == 1 and leaders:
            w = seat_ids.index(winners[0])
            last_other = max((i for i, x in enumerate(leaders) if x != w), default=-1)
            out["decided_at"] = (last_other + 1) / len(leaders)
        return out
