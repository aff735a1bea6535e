"""Read-only views of a game position for the play session (no Qt).

This is the one module of the play session that reads the engine's `State` beyond its methods:
the stacks on the fields and the seats (the position key is `editor.engine.position_key`). It
uses public names only (no underscore members) and never looks inside an action; when the
engine offers these views itself, this module shrinks to calls of them.
"""

from __future__ import annotations

from dataclasses import dataclass

from editor.engine.explain import Reason
from editor.engine.game import State
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
    return tuple(st.c.seat_ids)


def _depth(st: State, pid: int) -> int:
    d, carrier = 0, st.carrier[pid]
    while carrier >= 0:
        d, carrier = d + 1, st.carrier[carrier]
    return d


def stack_at(st: State, field: str) -> StackView | None:
    """The stack on a field, or None when it is empty (or no such field)."""
    c = st.c
    node = c.node_index.get(field)
    if node is None:
        return None
    pids = st.pieces_at(node)
    if not pids:
        return None
    pieces = tuple(PieceView(c.seat_ids[st.owner[p]], c.type_names[st.ptype[p]],
                             c.letter[st.ptype[p]], st.range_left(p), _depth(st, p))
                   for p in pids)
    return StackView(field, pieces[0].owner, st.signature(pids[0]), pieces)


def stacks(st: State) -> list[StackView]:
    """Every stack on the board, in field order."""
    out = []
    for field in st.c.node_ids:
        s = stack_at(st, field)
        if s is not None:
            out.append(s)
    return out


def turn_number(st: State) -> int:
    """Turns played so far (one per seat's turn)."""
    return st.turn


def raised_towers(st: State) -> list[str]:
    """Tower fields whose drawbridge is raised (DRAW-2), by field id."""
    return sorted(st.c.node_ids[tower] for tower in st.raised)


def response_scene(st: State) -> str | None:
    """Field of the capture an open response window answers (RECAP-1), or None."""
    window = st.window
    if window is None:
        return None
    return st.c.node_ids[window[2]]


def explain_single_step(st: State, letter: str, source: str, target: str) -> Reason | None:
    """The engine's verdict on exactly one step source>target (None: legal).

    Engine notation reads `E a>b` as "to b by a shortest legal path", so a one-way road refused
    directly but reachable by a detour would read as legal. Asked on a copy with 1 AP left, no
    longer path matches and the text names the single step. (Stopgap until the engine can
    explain an exact path.)
    """
    probe = st.clone()
    probe.ap_spent = max(0, probe.budget(probe.mover) - 1)
    _action, why = parse_or_reason(probe, f"{letter} {source}>{target}")
    return why
