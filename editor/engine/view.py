"""The published read API of a position: what everything outside the engine may read of a
`State` (the play session, scenarios, notation, agents, balance, benches, the GUI), as small
frozen, typed values; plus the few writes a caller needs (a scenario's start position, undo
history off for playouts).

The state's own fields (`editor.engine.state.StateData`) are the engine's business: their
names and layout may change for speed. Only the fields the declaration marks as published
(`api="read"`: the game and the turn counter) are read directly, never assigned
(tests/test_architecture.py holds this contract).

    st.piece(pid)           Piece: kind, letter, owner, field, carrier, cargo, steps, flags
    st.pieces(seat)         the pieces on the board (of one seat), in id order
    st.stack(field)         Stack on a field: the carrier first, then its cargo (bottom to top)
    st.stacks()             every stack, in field order
    st.budget_info(seat)    Budget: base, penalty fields, frozen, total, spent, left, rule IDs
    st.response_window()    ResponseWindow (RECAP-1) or None
    st.progress()           Progress: turn, mover, actor, counters of the game so far
    st.result()             Result once the game is over (winners, reason, scores)
    st.position_key()       the one key of the position (editor.engine.position_key)
    st.columns()            Columns: live read-only sequences by piece id and node index,
                            for agents' inner loops
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

from editor.engine.actions import MOVE, Window
from editor.engine.explain import Reason
from editor.engine.state import StateData


class Piece(NamedTuple):
    """One piece: its id, type (name, index, letter), controller (seat id and index), where it
    stands (node index and field id; -1 / None once captured), its carrier and cargo (piece
    ids), steps moved this turn (MOVE-5) and the flags of this turn."""

    id: int
    kind: str
    kind_index: int
    letter: str
    owner: str
    seat: int
    node: int
    field: str | None
    carrier: int | None
    cargo: tuple[int, ...]
    steps: int
    original_owner: str | None  # before a take-over (PIECE-CAMEL-3, PIECE-SIEGE-5)
    shot: bool  # a catapult that shot this turn (PIECE-CATAPULT-2)
    response_shot: bool  # shot in a response this turn (RECAP-19)
    pushed: int  # push steps of a camel this turn (PIECE-CAMEL-5)
    resting: int | None  # the last turn the piece rested for a build (BUILD-9)

    @property
    def on_board(self) -> bool:
        return self.node >= 0


class Stack(NamedTuple):
    """The stack on one field (MOVE-3): the carrier standing on it first, then its cargo
    depth-first (bottom to top); `letters` are the puzzle-book letters (RULES.md 5.9)."""

    field: str
    node: int
    pieces: tuple[Piece, ...]
    letters: str

    @property
    def carrier(self) -> Piece:
        return self.pieces[0]

    @property
    def owner(self) -> str:
        return self.pieces[0].owner


class Budget(NamedTuple):
    """A seat's action points (TURN-2/-6/-7/-8/-9): the base (opening or standing budget),
    penalty fields held by opponents (CASTLE-2, GRAIL-4), frozen (FREEZE-1/-2), the budget now,
    what the mover spent this turn and has left (0 spent for the other seats), and the rule IDs
    that shaped it."""

    seat: str
    base: int
    castle_fields: int
    grail_fields: int
    frozen: bool
    total: int
    spent: int
    left: int
    rules: tuple[str, ...]


class ResponseWindow(NamedTuple):
    """An open response window (RECAP-1): who answers, the capturing piece, the field of the
    capture, whether only the victim's partner may answer (TEAM-14) and whether the turn ends
    once it closes (TURN-11)."""

    victim: str
    capturer: int
    field: str
    node: int
    partner_only: bool
    end_turn_after: bool


class Progress(NamedTuple):
    """Where the game stands: turn counter (TURN-1), mover and actor (seat ids; actor None once
    over), turns without capture (WIN-25), a capture this turn, pieces captured per seat
    (CAPT-11), the seat offering a draw (WIN-4), raised drawbridges by tower field (DRAW-2)."""

    turn: int
    mover: str
    actor: str | None
    turns_without_capture: int
    captured_this_turn: bool
    captured: Mapping[str, int]
    draw_offered_by: str | None
    drawbridges_raised: Mapping[str, str]


class Columns(NamedTuple):
    """Live read-only sequences for inner loops (agents' evaluation): per piece id its type
    index, seat index and node index (-1 once captured); per node index its top piece (-1:
    empty). Valid until the state changes; never write to them."""

    kind: Sequence[int]
    owner: Sequence[int]
    node: Sequence[int]
    top: Sequence[int]


class Reading(StateData):
    """The read API (module docstring) as methods of `State`."""

    __slots__ = ()

    def piece(self, pid: int) -> Piece:
        """The piece with id `pid` (ids count from 0 in placing order; see `piece_count`)."""
        c = self.compiled
        t, s, v = self.ptype[pid], self.owner[pid], self.node[pid]
        carrier, orig = self.carrier[pid], self.orig[pid]
        return Piece(pid, c.type_names[t], t, c.letter[t], c.seat_ids[s], s, v,
                     c.node_ids[v] if v >= 0 else None, carrier if carrier >= 0 else None,
                     tuple(self.cargo[pid]), self.steps[pid],
                     c.seat_ids[orig] if orig >= 0 else None, pid in self.shots,
                     pid in self.rshots, self.pushed.get(pid, 0), self.resting.get(pid))

    def piece_count(self) -> int:
        """How many pieces were ever placed (captured ones included): ids are 0..count-1."""
        return len(self.ptype)

    def pieces(self, seat: int | str | None = None) -> tuple[Piece, ...]:
        """The pieces on the board, cargo included, in id order; of one seat (index or id)."""
        if seat is None:
            return tuple(self.piece(p) for p, v in enumerate(self.node) if v >= 0)
        s = self.compiled.seat_index[seat] if isinstance(seat, str) else seat
        return tuple(self.piece(p) for p in self.seat_pieces(s))

    def top_piece(self, node: int) -> int | None:
        """The id of the piece standing on node index `node` (the stack's carrier), or None."""
        o = self.occ[node]
        return o if o >= 0 else None

    def stack(self, where: int | str) -> Stack | None:
        """The stack on a field (node index or field id); None when empty or no such field."""
        node = self.compiled.node_index.get(where) if isinstance(where, str) else where
        if node is None or self.occ[node] < 0:
            return None
        ids = self.pieces_at(node)
        return Stack(self.compiled.node_ids[node], node, tuple(self.piece(p) for p in ids),
                     self.signature(ids[0]))

    def stacks(self) -> tuple[Stack, ...]:
        """Every stack on the board, in field (node index) order."""
        return tuple(s for v, o in enumerate(self.occ) if o >= 0
                     if (s := self.stack(v)) is not None)

    def budget_info(self, seat: int | None = None) -> Budget:
        """The budget of `seat` (index; default the mover) with why it is what it is."""
        s = self.mover if seat is None else seat
        g = self.game
        opening = self.turn <= s
        base = g.compiled.opening[s] if opening else g.variant.base_budget
        nc, ng = self.penalty_fields(s)
        frozen = nc + ng >= g.variant.freeze_threshold
        total = self.budget(s)
        spent = self.ap_spent if s == self.mover else 0
        rules = ["TURN-9", "TURN-7" if opening else "TURN-2"]
        rules += ["CASTLE-2"] * bool(nc) + ["GRAIL-4"] * bool(ng) + ["FREEZE-2"] * frozen
        return Budget(self.compiled.seat_ids[s], base, nc, ng, frozen, total, spent,
                      max(0, total - spent), tuple(rules))

    def response_window(self) -> ResponseWindow | None:
        """The open response window (RECAP-1), or None."""
        w = self.window
        if w is None:
            return None
        c = self.compiled
        return ResponseWindow(c.seat_ids[w.victim], w.capturer, c.node_ids[w.scene], w.scene,
                              w.partner_only, self.end_pending)

    def answering(self) -> bool:
        """Someone answers rather than moves: a response window (RECAP-1) or a draw offer
        (WIN-4) is open."""
        return self.window is not None or self.draw is not None

    def progress(self) -> Progress:
        """Turn, mover, actor and the game's counters (see `Progress`)."""
        c = self.compiled
        ids = c.seat_ids
        return Progress(self.turn, ids[self.mover], self.actor, self.quiet,
                        self.captured_this_turn, dict(zip(ids, self.captured, strict=True)),
                        None if self.draw is None else ids[self.draw],
                        {c.node_ids[v]: ids[s] for v, s in sorted(self.raised.items())})

    def explain_step(self, pid: int, target: int) -> Reason | None:
        """Why piece `pid` may not make exactly the one step to node `target` now (None: it
        may). Engine notation's `E a>b` means "to b by a shortest legal path", so a step
        refused directly but reachable by a detour reads as legal there; this asks the step."""
        return self.explain((MOVE, pid, (self.node[pid], target), False))  # type: ignore[attr-defined]

    def position_key(self) -> str:
        """Same position -> same key (editor.engine.position_key)."""
        from editor.engine.position_key import position_key

        return position_key(self)

    def columns(self) -> Columns:
        """Live read-only views by piece id and node index (see `Columns`)."""
        return Columns(self.ptype, self.owner, self.node, self.occ)

    # ---- the writes a caller needs ---------------------------------------------------------

    def set_undo(self, keep: bool) -> None:
        """Keep undo history (default) or not (playouts that never undo run faster)."""
        self.keep_undo = keep

    def arrange(self, turn: int, ap_spent: int = 0, captured: Mapping[int, int] | None = None,
                turns_without_capture: int = 0, raised: Mapping[int, int] | None = None,
                window: tuple[int, int, bool] | None = None, end_turn_after: bool = False
                ) -> None:
        """Set a start position's counters after its pieces are placed (a scenario): turn,
        AP spent, captured per seat index, turns without capture, raised drawbridges (tower
        node -> seat), an open response window (victim seat, scene node, partner only; the
        capturer is the piece on the scene)."""
        self.turn, self.ap_spent, self.quiet = turn, ap_spent, turns_without_capture
        for s, n in (captured or {}).items():
            self.captured[s] = n
        self.raised.update(raised or {})
        if window is not None:
            victim, scene, partner_only = window
            self.window = Window(victim, self.occ[scene], scene, partner_only)
            self.end_pending = end_turn_after
            self.captured_this_turn = True
        self._roster = [None] * self.game.seat_count
        self._penalty = None
        self._layout += 1
        self._movable = None
