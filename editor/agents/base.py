"""One interface for every agent (as Ludii's AI module and OpenSpiel's bots share one).

An agent is made from a spec string and a `random.Random` (`make_agent("search:2", rng)`):
`random`, `greedy` or `search[:LEVEL]`. It answers `act(state)` with a legal action of whoever
acts now (the mover, or the victim in a response window) and `decide(state)` with a
`Decision`: the action, the agent's evaluation and why. Agents are deterministic given their
`Random`, hold no Qt, and stop early when their `stop` event is set (the search then plays the
best plan found so far).
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from typing import Protocol

from editor.agents.decision import Decision
from editor.agents.greedy import greedy_action
from editor.agents.search import DEFAULT_LEVEL, LEVELS, SearchAgent
from editor.engine.game import State
from editor.engine.playout import random_action


class Agent(Protocol):
    name: str
    stop: threading.Event

    def act(self, st: State) -> tuple: ...

    def decide(self, st: State) -> Decision: ...


class PolicyAgent:
    """An agent from a one-action policy `(state, rng) -> action` (random, greedy)."""

    def __init__(self, name: str, policy: Callable[[State, random.Random], tuple],
                 rng: random.Random, why: str) -> None:
        self.name = name
        self.policy = policy
        self.rng = rng
        self.why = why
        self.stop = threading.Event()

    def act(self, st: State) -> tuple:
        return self.policy(st, self.rng)

    def decide(self, st: State) -> Decision:
        return Decision(self.act(st), None, self.why)


class AgentSpecError(ValueError):
    """An agent spec that names no agent or no level of it."""


def agent_names() -> list[str]:
    """The agent specs a user may give (`--policy`, `conquest match`), levels included."""
    return ["random", "greedy", "search", *(f"search:{n}" for n in LEVELS)]


def make_agent(spec: str, rng: random.Random) -> Agent:
    """The agent named by `spec` (`random`, `greedy`, `search`, `search:LEVEL`)."""
    name, _, level = spec.partition(":")
    if name == "random" and not level:
        return PolicyAgent("random", random_action, rng, "a random legal action")
    if name == "greedy" and not level:
        return PolicyAgent("greedy", greedy_action, rng,
                           "the best-scoring move of a few pieces (captures, safety, targets)")
    if name == "search":
        n = DEFAULT_LEVEL if not level else int(level) if level.isdigit() else -1
        if n not in LEVELS:
            raise AgentSpecError(f"search has the levels {', '.join(map(str, LEVELS))}, "
                                 f"not '{level}'")
        return SearchAgent(rng, LEVELS[n], name=f"search:{n}")
    raise AgentSpecError(f"unknown agent '{spec}': use one of {', '.join(agent_names())}")


def canonical(spec: str) -> str:
    """The name the agent of `spec` goes by (`search` -> `search:2`, the default level)."""
    return make_agent(spec, random.Random(0)).name


def skill_pair(spec: str) -> tuple[str, str]:
    """(stronger, weaker) agent names to measure skill sensitivity with `spec`: the agent and
    the one a step below it (search:1 -> greedy -> random); greedy against random for random."""
    name = canonical(spec)
    if name == "random":
        return "greedy", "random"
    if name == "greedy":
        return "greedy", "random"
    level = int(name.partition(":")[2])
    return name, f"search:{level - 1}" if level > 1 else "greedy"


def check_spec(spec: str) -> str | None:
    """None when `spec` names an agent, else what is wrong with it."""
    try:
        make_agent(spec, random.Random(0))
    except AgentSpecError as exc:
        return str(exc)
    return None
