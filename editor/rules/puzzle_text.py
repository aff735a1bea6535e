"""Puzzle-book notation of a played action, where it applies (RULES.md 5.9, BOARD-5; no Qt).

The Grand Conquest booklets write a move `B509-510 3` (stack letters, printed numbers of the
start and destination, AP used), a capture `Ds516 x G517 2` and a response `(Bes509 x B510)`.
A text is offered only when it reads back as the same action through the puzzle parser, so the
log never shows a puzzle text that names another action (or several).
"""

from __future__ import annotations

from editor.engine.game import State
from editor.model.names import FieldNames
from editor.rules.action_view import ActionView, Kind
from editor.rules.notation import parse_puzzle, to_text
from editor.rules.position_view import stack_at

_PUZZLE_KINDS = frozenset({Kind.MOVE, Kind.MOUNT, Kind.EMBARK, Kind.DISMOUNT, Kind.CAPTURE,
                           Kind.BOARDING, Kind.RESPONSE})


def puzzle_text(st: State, view: ActionView, names: FieldNames) -> str | None:
    """The puzzle-book text of an action in `st` (before it is applied), or None."""
    if view.kind is Kind.DECLINE:
        return "RR"
    if view.kind not in _PUZZLE_KINDS or view.ends_turn or len(view.path) < 2:
        return None
    src, dst = view.path[0], view.path[-1]
    n_src, n_dst = names.number_of.get(src), names.number_of.get(dst)
    origin = stack_at(st, src)
    if n_src is None or n_dst is None or origin is None:
        return None
    mover = origin.letters if origin.top.letter == view.letter else view.letter
    if view.kind in (Kind.CAPTURE, Kind.BOARDING, Kind.RESPONSE):
        victim = stack_at(st, dst)
        if victim is None:
            return None
        text = f"{mover}{n_src} x {victim.letters}{n_dst}"
    else:
        text = f"{mover}{n_src}-{n_dst}"
    text = f"({text})" if view.kind is Kind.RESPONSE else f"{text} {view.cost}"
    try:
        back, why = parse_puzzle(st, text)
    except (KeyError, ValueError, IndexError):
        return None
    if back is None or why is not None or to_text(st, back, True) != view.full:
        return None
    return text
