"""The search agent: a sampled beam over the turn's action sequences with a reply model.

A turn is a sequence of AP-spending actions with response windows in between, so the agent
plans a whole turn at a time. At the start of its turn (or when the game left its plan) it
samples `Level.plans` complete turns with the greedy policy looking at `Level.width` pieces
per action (different random pieces per plan: the beam), lets the opponents answer every
response window and then play one turn each with the greedy policy (the reply model,
`Level.replies` rollouts, the same seeds for every plan so plans are compared on equal
replies), and scores the position with `editor.agents.evaluation` (the variant's victory
conditions). The best plan is played one action at a time; when the position before an action
is not the one the plan expected (an opponent answered a window otherwise) it plans again.

Before planning, a move of an own siege piece onto a field where it wins at once (WIN-5,
WIN-11, WIN-13, WIN-20: `Game.siege_victories`) is played when there is one, since a sampled
plan may not look at that piece.

A response window or a draw offer (RECAP-1, RECAP-17, WIN-4) is answered by trying every
answer the same way (the rest of the turn and the replies). Deterministic for a seed unless a
level sets `max_seconds`; `stop` (a `threading.Event`) ends the sampling early.
"""

from __future__ import annotations

import random
import threading
import time
from dataclasses import dataclass
from typing import Any

from editor.agents.decision import Decision
from editor.agents.evaluation import WIN_VALUE, Evaluation, siege_fields
from editor.agents.greedy import greedy_action, per_game, respond
from editor.engine.game import K_CAPTURE, K_RIDE, MOVE, RIDE, Game, State

#: guard against a simulated turn that does not end (a policy that never ends its turn)
MAX_TURN_ACTIONS = 200


@dataclass(frozen=True)
class Level:
    """How much one planning costs: plans sampled, reply rollouts per plan, pieces the plan
    generator looks at per action; `max_seconds` caps the wall time (then not reproducible)."""

    plans: int
    replies: int
    width: int
    max_seconds: float | None = None


LEVELS: dict[int, Level] = {
    1: Level(plans=3, replies=1, width=3),
    2: Level(plans=8, replies=1, width=4),
    3: Level(plans=16, replies=2, width=5),
}
DEFAULT_LEVEL = 2


@dataclass
class _Plan:
    actions: list[tuple]
    expected: list[tuple]  # the position (snapshot) before each action
    value: float
    terms: dict[str, float]


_EVALUATIONS: dict[int, tuple[Game, Any]] = {}


def evaluation_of(game: Game) -> Evaluation:
    """The evaluation of `game` (made once per game)."""
    return per_game(_EVALUATIONS, game, Evaluation)


def _other(sim: State, rng: random.Random) -> tuple:
    """The reply model: greedy moves, greedy answers to windows and draw offers."""
    if sim.answering():
        return respond(sim, rng)
    return greedy_action(sim, rng)


def siege_win(st: State) -> tuple | None:
    """A move of the mover's siege piece that wins the game at once (module docstring), or
    None."""
    g = st.game
    if not g.siege_victories or st.ap_left() <= 0:
        return None
    c, me = g.compiled, st.mover
    ptype, owner, node, _occ = st.columns()
    goal = frozenset(siege_fields(g, c.team_of[me]))
    candidates = []
    for pid in range(len(owner)):
        if owner[pid] != me or node[pid] < 0 or not c.siege[ptype[pid]]:
            continue
        maxd = min(st.range_left(pid), st.ap_left())
        for v, _d, kind in (st.search(pid, maxd) if maxd > 0 else ()):
            if v in goal and kind != K_CAPTURE:
                candidates.append((RIDE if kind == K_RIDE else MOVE, pid, st.path_to(v), False))
    for action in candidates:  # the engine decides (a raised drawbridge, an occupied field)
        sim = st.clone()
        sim.set_undo(False)
        sim.apply(action, check=False)
        res = sim.result() if sim.is_terminal() else None
        if res is not None and c.seat_ids[me] in res.winners:
            return action
    return None


class SearchAgent:
    """The search agent of the module docstring."""

    def __init__(self, rng: random.Random, level: Level, name: str = "search") -> None:
        self.rng = rng
        self.level = level
        self.name = name
        self.stop = threading.Event()
        self.simulated = 0  # actions simulated so far (the node count)
        self._plan: _Plan | None = None

    def act(self, st: State) -> tuple:
        return self.decide(st).action

    def decide(self, st: State) -> Decision:
        if st.answering():
            return self._answer(st)
        win = siege_win(st)
        if win is not None:
            self._plan = None
            return Decision(win, WIN_VALUE, f"{self.name} wins at once with a siege piece")
        plan = self._plan
        if plan and plan.actions and st.snapshot() == plan.expected[0]:
            plan.expected.pop(0)
            return self._decision(plan, plan.actions.pop(0), "continues its plan")
        plan = self._plan = self._best_plan(st)
        plan.expected.pop(0)
        return self._decision(plan, plan.actions.pop(0), "planned the turn")

    # ---- planning --------------------------------------------------------------------------

    def _deadline(self) -> float | None:
        s = self.level.max_seconds
        return None if s is None else time.perf_counter() + s

    def _out_of_time(self, deadline: float | None, found: bool) -> bool:
        if not found:
            return False
        return self.stop.is_set() or (deadline is not None and time.perf_counter() > deadline)

    def _best_plan(self, st: State) -> _Plan:
        me, level = st.actor_index, self.level
        seeds = [self.rng.getrandbits(64) for _ in range(level.plans)]
        replies = [self.rng.getrandbits(64) for _ in range(level.replies)]
        deadline = self._deadline()
        best: _Plan | None = None
        for seed in seeds:
            if self._out_of_time(deadline, best is not None):
                break
            plan = self._sample_plan(st, me, random.Random(seed), replies)
            if best is None or plan.value > best.value:
                best = plan
        assert best is not None
        return best

    def _sample_plan(self, st: State, me: int, rng: random.Random,
                     replies: list[int]) -> _Plan:
        """One own turn by the wide greedy policy, then the replies (module docstring)."""
        sim = st.clone()
        sim.set_undo(False)
        t0 = sim.turn
        actions: list[tuple] = []
        expected: list[tuple] = []
        for _ in range(MAX_TURN_ACTIONS):
            if sim.is_terminal() or sim.turn != t0:
                break
            if sim.actor_index == me and not sim.answering():
                expected.append(sim.snapshot())
                a = greedy_action(sim, rng, self.level.width)
                actions.append(a)
            else:
                a = _other(sim, rng)
            sim.apply(a, check=False)
            self.simulated += 1
        value, terms = self._replies(sim, me, t0 + 1, replies)
        return _Plan(actions, expected, value, terms)

    def _replies(self, sim: State, me: int, after_turn: int,
                 seeds: list[int]) -> tuple[float, dict[str, float]]:
        """Mean value for `me` after every other seat played one turn from `sim` (whose turn
        `after_turn` is the first reply), and the terms of the last rollout."""
        evaluation = evaluation_of(sim.game)
        until = after_turn + sim.game.seat_count - 1
        total = 0.0
        last = sim
        for k, seed in enumerate(seeds):
            run = sim.clone() if k < len(seeds) - 1 else sim
            run.set_undo(False)
            rng = random.Random(seed)
            steps = 0
            while not run.is_terminal() and run.turn < until and steps < MAX_TURN_ACTIONS * 4:
                run.apply(_other(run, rng), check=False)
                steps += 1
            self.simulated += steps
            total += evaluation.value(run, me)
            last = run
        terms = {} if last.is_terminal() else evaluation.terms(last, me)
        return total / len(seeds), terms

    def _answer(self, st: State) -> Decision:
        """A response window or draw offer: every answer, then the rest of the turn and the
        replies."""
        acts = st.legal_actions()
        if len(acts) == 1:
            return Decision(acts[0], None, "the only answer")
        me, t0 = st.actor_index, st.turn
        replies = [self.rng.getrandbits(64) for _ in range(self.level.replies)]
        play_seed = self.rng.getrandbits(64)
        deadline = self._deadline()
        best: tuple[float, tuple, dict] | None = None
        for a in acts[:max(2, self.level.plans)]:
            if self._out_of_time(deadline, best is not None):
                break
            sim = st.clone()
            sim.set_undo(False)
            sim.apply(a, check=False)
            rng = random.Random(play_seed)
            steps = 0
            while not sim.is_terminal() and sim.turn == t0 and steps < MAX_TURN_ACTIONS:
                sim.apply(_other(sim, rng), check=False)
                steps += 1
            self.simulated += steps + 1
            value, terms = self._replies(sim, me, sim.turn, replies)
            if best is None or value > best[0]:
                best = (value, a, terms)
        assert best is not None
        return Decision(best[1], best[0], f"the best of {len(acts)} answers", best[2])

    def _decision(self, plan: _Plan, action: tuple, how: str) -> Decision:
        left = len(plan.actions)
        reason = (f"{self.name} {how}: {left} more action{'s' if left != 1 else ''} in it; "
                  f"expects {plan.value:+.1f} after the replies")
        return Decision(action, plan.value, reason, dict(plan.terms))
