"""Read-only views of a game position for the play session (no Qt): the stacks on the fields
in the session's terms, built from the engine's read API (`editor.engine.view`); the position
key is `State.position_key`. It never looks inside an action.
"""

from __future__ import annotations

from dataclasses import dataclass

from editor.engine.explain import Reason
from editor.engine.game import State
from editor.engine.textform import pick_piece
from editor.engine.view import Piece, Stack
from editor.rules.notation import parse_or_reason


@dataclass(frozen=True)
class PieceView:
    """One piece of a stack: owner seat, type, notation letter and steps left this turn."""

    owner: str
    piece: str
    letter: str
    range_left: int
    depth: int  # 0 = the stack's top (the carrier), 1 = its cargo, 2 = cargo of cargo


@dataclass(frozen=True)
class StackView:
    """The stack on one field: top piece first, then its cargo depth-first."""

    field: str
    owner: str
    letters: str  # puzzle-book stack letters, e.g. 'Ess' (RULES.md 5.9)
    pieces: tuple[PieceView, ...]

    @property
    def top(self) -> PieceView:
        return self.pieces[0]


def seat_ids(st: State) -> tuple[str, ...]:
    """Seats of the game in turn order (the index the engine's seat methods take)."""
    return tuple(st.game.compiled.seat_ids)


def _depth(st: State, p: Piece) -> int:
    d = 0
    while p.carrier is not None:
        d, p = d + 1, st.piece(p.carrier)
    return d


def _view(st: State, stack: Stack) -> StackView:
    pieces = tuple(PieceView(p.owner, p.kind, p.letter, st.range_left(p.id), _depth(st, p))
                   for p in stack.pieces)
    return StackView(stack.field, stack.owner, stack.letters, pieces)


def stack_at(st: State, field: str) -> StackView | None:
    """The stack on a field, or None when it is empty (or no such field)."""
    stack = st.stack(field)
    return None if stack is None else _view(st, stack)


def stacks(st: State) -> list[StackView]:
    """Every stack on the board, in field order."""
    return [_view(st, stack) for stack in st.stacks()]


def turn_number(st: State) -> int:
    """Turns played so far (one per seat's turn)."""
    return st.turn


def raised_towers(st: State) -> list[str]:
    """Tower fields whose drawbridge is raised (DRAW-2), by field id."""
    return sorted(st.progress().drawbridges_raised)


def response_scene(st: State) -> str | None:
    """Field of the capture an open response window answers (RECAP-1), or None."""
    window = st.response_window()
    return None if window is None else window.field


def explain_single_step(st: State, letter: str, source: str, target: str) -> Reason | None:
    """The engine's verdict on exactly one step source>target (None: legal), asked of the
    piece the letter names on `source` (`State.explain_step`); the state is only read.

    Engine notation reads `E a>b` as "to b by a shortest legal path", so a one-way road refused
    directly but reachable by a detour would read as legal."""
    node_index = st.game.compiled.node_index
    src, dst = node_index.get(source), node_index.get(target)
    pieces = pick_piece(st, letter, src) if src is not None and dst is not None else []
    if not pieces:
        return parse_or_reason(st, f"{letter} {source}>{target}")[1]
    actor = st.actor_index
    pid = min(pieces, key=lambda p: (st.piece(p).seat != actor, -st.range_left(p)))
    return st.explain_step(pid, dst)
