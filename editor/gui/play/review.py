"""Replay review: a saved or opened scenario stepped through one step at a time (the board
shows each position); a step whose expected verdict no longer holds stops the replay and is
shown at its step, in words that name what was expected and what the rules say now."""

from __future__ import annotations

from dataclasses import dataclass

from editor.i18n import _
from editor.rules.session import Pending, Verdict


@dataclass(frozen=True)
class Broken:
    """A scenario step whose expected verdict no longer holds."""

    row: int  # its line in the game log (history and pending steps, 0-based)
    text: str  # what was expected and what the rules say now


def broken_step(row: int, step: Pending, verdict: Verdict) -> Broken:
    """Describe why `step` (line `row` of the log) does not replay as its scenario expects."""
    n, text = row + 1, step.text
    if step.expect == "legal":
        return Broken(row, _("Step {n} '{step}' was expected legal; now refused: {reason}")
                      .format(n=n, step=text, reason=verdict.reason))
    if verdict.legal:
        return Broken(row, _("Step {n} '{step}' was expected illegal ({reason}); now it is "
                             "legal").format(n=n, step=text, reason=step.reason)
                      if step.reason else _("Step {n} '{step}' was expected illegal; now it "
                                            "is legal").format(n=n, step=text))
    return Broken(row, _("Step {n} '{step}' was expected illegal with {expected}; now "
                         "refused: {reason}").format(n=n, step=text, expected=step.reason,
                                                     reason=verdict.reason))
