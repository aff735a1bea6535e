"""Replay review: a saved or opened scenario stepped through one step at a time (the board
shows each position); a step whose expected verdict no longer holds stops the replay and is
shown at its step, in words that name what was expected and what the rules say now."""

from __future__ import annotations

from dataclasses import dataclass

from editor.rules.session import Pending, Verdict


@dataclass(frozen=True)
class Broken:
    """A scenario step whose expected verdict no longer holds."""

    row: int  # its line in the game log (history and pending steps, 0-based)
    text: str  # what was expected and what the rules say now


def broken_step(row: int, step: Pending, verdict: Verdict) -> Broken:
    """Describe why `step` (line `row` of the log) does not replay as its scenario expects."""
    where = f"Step {row + 1} '{step.text}'"
    if step.expect == "legal":
        return Broken(row, f"{where} was expected legal; now refused: {verdict.reason}")
    if verdict.legal:
        expected = f" ({step.reason})" if step.reason else ""
        return Broken(row, f"{where} was expected illegal{expected}; now it is legal")
    return Broken(row, f"{where} was expected illegal with {step.reason}; now refused: "
                  f"{verdict.reason}")
