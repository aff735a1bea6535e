"""How a game ended (like python-chess's `Termination` and `Outcome`) and the exception for an
illegal action."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from editor.engine.explain import Reason


class Termination(Enum):
    """Why a game ended: the family of the ending (the rule ID is in `Result.reason`)."""

    ELIMINATION = "elimination"  # WIN-6, WIN-2, TEAM-5 (all pieces / land pieces gone)
    CAPITAL = "capital_occupation"  # WIN-1
    SIEGE = "siege"  # WIN-5, WIN-11, WIN-13, WIN-20, TEAM-6
    FROZEN = "frozen"  # WIN-7, TEAM-5 team freeze
    POINTS = "points"  # WIN-8, WIN-9, WIN-3, TEAM-5 timeouts, VULN-2 (victory points)
    DRAW_AGREED = "draw_agreed"  # WIN-4
    RESIGNATION = "resignation"  # WIN-26


@dataclass
class Result:
    """The outcome: winners (seat ids; empty for a draw), the reason text (it starts with the
    rule ID, e.g. 'WIN-6: south took the last pieces of west'), the victory points of every seat
    and the termination family."""

    winners: tuple[str, ...]
    reason: str
    scores: dict[str, int] = field(default_factory=dict)
    termination: Termination | None = None

    @property
    def rule(self) -> str:
        """The rule ID that decided the game (the reason's first word)."""
        return self.reason.split(":", 1)[0]

    @property
    def is_draw(self) -> bool:
        return not self.winners


class IllegalAction(Exception):
    """Raised by `State.apply(action, check=True)` for an illegal action; carries the Reason."""

    def __init__(self, reason: Reason) -> None:
        super().__init__(str(reason))
        self.reason = reason
