"""Undo commands of the play mode: one per played action, on the mode's own undo stack.

The action is played on the session before the command is pushed (so a refused action never
reaches the stack); undo and redo then move the session between the two positions
(`PlaySession.goto`), which replays the action (and any refusal recorded after it) exactly.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QUndoCommand

from editor.rules.session import PlaySession


class GameStep(QUndoCommand):
    """The step from `before` to `after` played actions of a session."""

    def __init__(self, session: PlaySession, before: int, after: int, text: str,
                 changed: Callable[[], None]) -> None:
        super().__init__(text)
        self.session = session
        self.before = before
        self.after = after
        self.changed = changed
        self._applied = True  # played before the push

    def redo(self) -> None:
        if self._applied:
            self._applied = False
            return
        self.session.goto(self.after)
        self.changed()

    def undo(self) -> None:
        self.session.goto(self.before)
        self.changed()
