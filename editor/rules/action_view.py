"""What an action is, for people: kind, source and target field, path and AP cost (no Qt).

An `ActionView` is the engine's `Description` of an action (made by the action's kind,
`State.description`, from the position before it) with its engine notation for the log and the
menus. Kinds (`Kind`, from the engine) are what the play mode marks differently: moves,
mounting and embarking on own carriers, dismounting, captures, boarding enemy vessels (CAPT-5),
responses (RECAP-1), take-overs (PIECE-CAMEL-3, PIECE-SIEGE-5), catapult and retaliation shots
(PIECE-CATAPULT-2, RECAP-17), builds (BUILD-1), drawbridges (DRAW-2, DRAW-5), camel pushes
(PIECE-CAMEL-5), and the turn words (decline, end, draw offers, resign).
"""

from __future__ import annotations

from dataclasses import dataclass

from editor.engine.actions import ATTACKS, Description, Kind
from editor.engine.game import State
from editor.rules.notation import to_text


@dataclass(frozen=True)
class ActionView:
    """One action as the play mode shows it: its description and its notation."""

    description: Description
    text: str  # engine notation as logged (destination form)
    full: str  # engine notation with the whole path

    @property
    def action(self) -> tuple:
        """The engine's action value."""
        return self.description.action

    @property
    def kind(self) -> Kind:
        return self.description.kind

    @property
    def source(self) -> str | None:
        """Field of the acting stack (None for the turn words)."""
        return self.description.source

    @property
    def target(self) -> str | None:
        """Field the action goes to, hits or builds on."""
        return self.description.target

    @property
    def path(self) -> tuple[str, ...]:
        """Fields walked, source first (empty for shots, builds, words)."""
        return self.description.path

    @property
    def cost(self) -> int:
        """AP it costs the mover (responses are free, RECAP-8)."""
        return self.description.cost

    @property
    def letter(self) -> str | None:
        """Notation letter of the acting piece."""
        return self.description.letter

    @property
    def ends_turn(self) -> bool:
        """TURN-11: a '!' capture that ends the turn at once."""
        return self.description.ends_turn

    @property
    def is_attack(self) -> bool:
        return self.kind in ATTACKS


def view_of(st: State, description: Description, text: str | None = None) -> ActionView:
    """The view of a described action in `st` (before it): its notation added."""
    action = description.action
    full = to_text(st, action, True)
    return ActionView(description, to_text(st, action) if text is None else text, full)
