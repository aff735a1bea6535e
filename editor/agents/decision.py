"""What an agent answers when asked for its choice (`Agent.decide`)."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Decision:
    """What an agent would play, what it expects (its evaluation for the actor, None when it
    does not evaluate) and why, in a sentence."""

    action: tuple
    value: float | None = None
    reason: str = ""
    terms: dict[str, float] = field(default_factory=dict)
