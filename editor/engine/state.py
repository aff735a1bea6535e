"""The state of a game as one data class: every field declared once (`StateData`), with the undo
snapshot derived from that declaration; plus what every concern needs — placing pieces, the
basic queries (mover, actor, budget, scores) and the board primitives. Behaviour by concern
lives in the mixins that `editor.engine.game.State` combines (search, moves, responses,
catapults, building, drawbridges, camels, turns). No Qt, no pydantic: lists by piece and node.
"""

# ruff: noqa: RUF009  (the fields are declared with _f(copy kind, initial value))

from __future__ import annotations

from collections.abc import Callable
from dataclasses import Field, dataclass, field
from dataclasses import fields as declared_fields
from typing import Any

from editor.engine import explain as X
from editor.engine.actions import BUILD, PUSH, RIDE, SHOOT, Window
from editor.engine.compiled import Compiled, CompileError
from editor.engine.explain import Reason
from editor.engine.outcome import Result
from editor.engine.search_tables import SCRATCH, SearchTables, carrier_fits, fresh_scratch
from editor.i18n import _
from editor.model.terms import piece_name, seat_name

try:
    import cython
except ImportError:  # interpreted without Cython: the C types below are no-ops
    from editor.engine import cython_shim as cython

# how the undo snapshot copies a field
VALUE, LIST, NESTED, SET, DICT = "value", "list", "nested", "set", "dict"
_COPY = {VALUE: "s.{0}", LIST: "s.{0}[:]", NESTED: "[x[:] for x in s.{0}]", SET: "set(s.{0})",
         DICT: "dict(s.{0})"}


def _f(undo: str | None, init: Callable[[Any], Any], api: str | None = None) -> Any:
    """A field: how the undo snapshot copies it (None: not in the position), its initial value
    from the game, `api="read"` when code outside the engine may read it (never assign it)."""
    return field(metadata={"undo": undo, "init": init, "api": api})


def state_fields() -> tuple[Field, ...]:
    """Every field of the state in declaration order, with its metadata (undo, init, api)."""
    return declared_fields(StateFields)


def raw_field_names() -> frozenset[str]:
    """The fields only the engine touches: all declared fields but the published ones."""
    return frozenset(f.name for f in state_fields() if f.metadata["api"] is None)


@dataclass(init=False, eq=False, repr=False)
class StateFields:
    """Every field of a position, declared once (never instantiated: `StateData` has these
    fields as its slots, and `state.pxd` gives them C types in the compiled engine, the same
    names, which a test checks). Per piece id: ptype, owner, node, carrier, cargo, steps, orig;
    per node: occ; per seat: cnt_all, cnt_land, captured, frozen_mark; the top pieces as bit
    masks per seat and per type (top_seat, top_type: derived from occ, owner and ptype, changed
    only through `put_top` and `set_owner`)."""

    # the Game (editor.engine.game): board, variant, opts
    game: Any = _f(None, lambda g: g, api="read")
    compiled: Compiled = _f(None, lambda g: g.compiled)  # its compiled tables
    tables: SearchTables = _f(None, lambda g: g.tables)  # what the move search reads, per game
    ptype: list[int] = _f(LIST, lambda g: [])
    owner: list[int] = _f(LIST, lambda g: [])
    node: list[int] = _f(LIST, lambda g: [])  # -1 once captured
    carrier: list[int] = _f(LIST, lambda g: [])  # -1 when standing on a field
    cargo: list[list[int]] = _f(NESTED, lambda g: [])
    steps: list[int] = _f(LIST, lambda g: [])  # steps moved this turn (MOVE-5)
    orig: list[int] = _f(LIST, lambda g: [])  # owner before a take-over (PIECE-CAMEL-3)
    occ: list[int] = _f(LIST, lambda g: [-1] * len(g.compiled.node_ids))  # top piece per node
    # bit masks over nodes of the top pieces (occ), kept up to date by `put_top` / `set_owner`
    top_seat: list[int] = _f(LIST, lambda g: [0] * g.seat_count)  # per seat (its owner)
    top_type: list[int] = _f(LIST, lambda g: [0] * len(g.compiled.type_names))  # per type
    cnt_all: list[int] = _f(LIST, lambda g: [0] * g.seat_count)
    cnt_land: list[int] = _f(LIST, lambda g: [0] * g.seat_count)
    captured: list[int] = _f(LIST, lambda g: [0] * g.seat_count)  # captured by a seat (CAPT-11)
    turn: int = _f(VALUE, lambda g: 0, api="read")  # turns played (TURN-1)
    ap_spent: int = _f(VALUE, lambda g: 0)
    quiet: int = _f(VALUE, lambda g: 0)  # turns (rounds) without capture (WIN-25)
    quiet_round_clean: bool = _f(VALUE, lambda g: True)
    captured_this_turn: bool = _f(VALUE, lambda g: False)
    window: Window | None = _f(VALUE, lambda g: None)  # open response window (RECAP-1)
    end_pending: bool = _f(VALUE, lambda g: False)
    draw: int | None = _f(VALUE, lambda g: None)  # seat that offered a draw (WIN-4)
    draw_offered: bool = _f(VALUE, lambda g: False)
    risky: int = _f(VALUE, lambda g: 0)  # answerable captures while unprotected (VULN-3)
    terminal: bool = _f(VALUE, lambda g: False)
    result_: Result | None = _f(VALUE, lambda g: None)
    vuln_end_pending: bool = _f(VALUE, lambda g: False)
    shots: set[int] = _f(SET, lambda g: set())  # catapults that shot this turn
    rshots: set[int] = _f(SET, lambda g: set())  # response shots this turn (RECAP-19)
    pushed: dict[int, int] = _f(DICT, lambda g: {})  # push steps per camel (PIECE-CAMEL-5)
    raised: dict[int, int] = _f(DICT, lambda g: {})  # tower node -> raiser (DRAW-2)
    resting: dict[int, int] = _f(DICT, lambda g: {})  # piece -> last resting turn (BUILD-9)
    built: int = _f(VALUE, lambda g: 0)
    frozen_mark: list[int] = _f(LIST, lambda g: [-1] * g.seat_count)  # last frozen turn (CONF-19)
    any_capture: bool = _f(VALUE, lambda g: False)
    # caches and history, not part of the position
    keep_undo: bool = _f(None, lambda g: True)
    _undo: list[tuple] = _f(None, lambda g: [])
    # the search's scratch, per node (`search_tables.SCRATCH`, `fresh_scratch`; never pickled)
    _mark: list[int] = _f(None, lambda g: None)
    _parent: list[int] = _f(None, lambda g: None)
    _stamp: int = _f(None, lambda g: 0)
    _results: list | None = _f(None, lambda g: None)  # made at the first search
    _queue: list | None = _f(None, lambda g: None)
    # per seat its pieces on the board in id order, or None until asked (`seat_pieces`)
    _roster: list[list[int] | None] = _f(None, lambda g: [None] * g.seat_count)
    # (teams holding grail fields, penalty fields per seat, frozen per seat) or None when a
    # top piece on a castle or grail field changed (`compute_penalties`)
    _penalty: tuple | None = _f(None, lambda g: None)
    # bumped whenever what `movable` reads changes: the rosters, a carrier, a rider's steps, the
    # resting pieces (BUILD-9); (layout, seat, turn, movable pieces) of the last `movable`
    _layout: int = _f(None, lambda g: 0)
    _movable: tuple | None = _f(None, lambda g: None)
    # (the penalties it was computed from, turn, seat, budget) of the last `budget`
    _budget: tuple | None = _f(None, lambda g: None)


_FIELDS = tuple((f.name, f.metadata["init"]) for f in state_fields())
_SLOTS = tuple(name for name, _init in _FIELDS)
_PICKLED = tuple(name for name in _SLOTS if name not in SCRATCH)


class StateData:
    """The fields of `StateFields` as slots (compiled: an extension type whose fields C code
    reads directly, `state.pxd`), with the queries and board primitives every concern uses."""

    __slots__ = _SLOTS

    NOT_GENERATED = object()  # special_precheck: the action is not among the legal ones

    def __init__(self, g: Any) -> None:
        for name, init in _FIELDS:
            setattr(self, name, init(g))
        fresh_scratch(self)

    def reset_caches(self) -> None:
        """Empty undo history and fresh search scratch (for a copy made by `snapshot`)."""
        self._undo = []
        fresh_scratch(self)

    def __reduce__(self) -> tuple:
        """Pickled with every field but the search's scratch (C arrays compiled), which
        `_unpickled` makes afresh."""
        return _unpickled, (type(self), [getattr(self, name) for name in _PICKLED])

    def snapshot(self) -> tuple:
        """The position as a tuple of copies (the fields with an `undo` copy kind)."""
        return _snapshot(self)

    def restore(self, snap: tuple) -> None:
        _restore(self, snap)
        self._roster = [None] * self.game.seat_count
        self._penalty = None
        self._budget = None
        self._layout = getattr(self, "_layout", 0) + 1
        self._movable = None

    def seat_pieces(self, s: int) -> list[int]:
        """The pieces of seat s on the board (cargo included), in id order; cached until a
        piece is added, captured or changes owner. Do not change the list."""
        found = self._roster[s]
        if found is None:
            node = self.node
            found = self._roster[s] = [p for p, o in enumerate(self.owner)
                                       if o == s and node[p] >= 0]
        return found

    def add_piece(self, seat: str, ptype: str, field_id: str, cargo: list | None = None,
                  steps: int = 0) -> int:
        """Place a piece (with a cargo tree of (type, [cargo]) tuples); returns its id."""
        c = self.compiled
        if seat not in c.seat_index:
            raise CompileError(_("unknown seat '{seat}'").format(seat=seat))
        if ptype not in c.type_index:
            raise CompileError(_("piece type '{piece}' is not part of the variant").format(
                                   piece=ptype))
        if field_id not in c.node_index:
            raise CompileError(_("unknown field '{field}'").format(field=field_id))
        node = c.node_index[field_id]
        if self.occ[node] >= 0:
            raise CompileError(_("field '{field}' holds two pieces (MOVE-3)").format(
                                   field=c.node_names[node]))
        pid = self.new_piece(c.seat_index[seat], c.type_index[ptype], node, -1, steps)
        put_top_at(self, node, pid)
        self.add_cargo(pid, cargo or [])
        return pid

    def new_piece(self, seat: int, t: int, node: int, carrier: int, steps: int) -> int:
        pid = len(self.ptype)
        self.ptype.append(t)
        self.owner.append(seat)
        self.node.append(node)
        self.carrier.append(carrier)
        self.orig.append(-1)
        self.cargo.append([])
        self.steps.append(steps)
        self.cnt_all[seat] += 1
        self._roster[seat] = None
        self._layout += 1
        if self.compiled.land_piece[t]:
            self.cnt_land[seat] += 1
        return pid

    def fits(self, carrier: int, t: int) -> bool:
        """Can `carrier` take one more piece of type t (CARRY-1, CARRY-2, CARRY-6)?"""
        return carrier_fits(self.compiled.carries, self.ptype, self.cargo, carrier, t)

    def add_cargo(self, pid: int, cargo: list) -> None:
        c = self.compiled
        for item in cargo:
            name, sub = item[0], item[1]
            steps = item[2] if len(item) > 2 else 0
            if name not in c.type_index:
                raise CompileError(_("piece type '{piece}' is not part of the variant").format(
                                       piece=name))
            t = c.type_index[name]
            if not self.fits(pid, t):
                raise CompileError(
                    _("{carrier} cannot carry {cargo} here (CARRY-1, CARRY-2)").format(
                        carrier=c.type_names[self.ptype[pid]], cargo=name))
            child = self.new_piece(self.owner[pid], t, self.node[pid], pid, steps)
            self.cargo[pid].append(child)
            self.add_cargo(child, sub)

    @property
    def mover(self) -> int:
        """Seat index whose turn it is (TURN-1): `mover_of`."""
        return mover_of(self)

    @property
    def actor_index(self) -> int | None:
        """Seat index of who acts now (see `actor`); None once the game is over."""
        if self.terminal:
            return None
        if self.window is not None:
            return self.window[0]
        if self.draw is not None:
            return (self.draw + 1) % self.game.seat_count
        return self.mover

    @property
    def actor(self) -> str | None:
        """Seat id of who acts now: the mover, or the victim during a response window."""
        i = self.actor_index
        return None if i is None else self.compiled.seat_ids[i]

    def penalty_fields(self, s: int) -> tuple[int, int]:
        """(own castle fields, grail fields) held by s's opponents (CASTLE-2, GRAIL-4, TEAM-4)."""
        return penalties_of(self)[1][s]

    def is_frozen(self, s: int) -> bool:
        """FREEZE-1: opponents hold freeze_threshold or more of s's castle + grail fields."""
        return penalties_of(self)[2][s]

    def frozen_seats(self) -> list[bool]:
        """`is_frozen` of every seat (FREEZE-1). Do not change the list."""
        return penalties_of(self)[2]

    def budget(self, s: int | None = None) -> int:
        """Current budget of seat s (default: the mover): `budget_of`."""
        return budget_of(self, self.mover if s is None else s)

    def ap_left(self) -> int:
        """Action points the mover has left this turn (TURN-6, TURN-9)."""
        return ap_left_of(self)

    def count(self, s: int) -> int:
        """Pieces counted by elimination_scope (CONF-11): `count_of`."""
        return count_of(self, s)

    def unprotected(self, s: int) -> bool:
        """VULN-1 (VULN-5): `unprotected_of`."""
        return unprotected_of(self, s)

    def score(self, s: int) -> int:
        """WIN-10: own pieces on the board + pieces captured + grail and enemy capital fields."""
        c, occ, owner = self.compiled, self.occ, self.owner
        held = 0
        for f in c.grail_fields:
            o = occ[f]
            if o >= 0 and owner[o] == s:
                held += 1
        for t, fields in enumerate(c.castle_fields):
            if c.team_of[t] == c.team_of[s]:
                continue
            for f in fields:
                o = occ[f]
                if o >= 0 and owner[o] == s:
                    held += 1
        return self.cnt_all[s] + self.captured[s] + held

    def is_terminal(self) -> bool:
        """True once the game is over (WIN-24)."""
        return self.terminal

    def result(self) -> Result | None:
        """The outcome once the game is over (winners, reason with rule ID, scores,
        termination), else None."""
        return self.result_

    def pieces_at(self, node: int) -> list[int]:
        """The stack on a node, top first, then its cargo depth-first."""
        out: list[int] = []
        top = self.occ[node]
        if top >= 0:
            self.collect(top, out)
        return out

    def collect(self, pid: int, out: list[int]) -> None:
        out.append(pid)
        for x in self.cargo[pid]:
            self.collect(x, out)

    def signature(self, pid: int) -> str:
        """Puzzle-book stack letters (RULES.md 5.9): 'Gess' = galleon, elephant, 2 soldiers."""
        c = self.compiled
        letters = [c.letter[self.ptype[pid]]]
        stack = list(self.cargo[pid])
        while stack:
            x = stack.pop(0)
            letters.append(c.letter[self.ptype[x]].lower())
            stack[0:0] = self.cargo[x]
        return "".join(letters)

    def describe(self, pid: int) -> str:
        c = self.compiled
        where = self.field_name(self.node[pid]) if self.node[pid] >= 0 else _("(captured)")
        return _("{seat} {piece} on {field}").format(seat=seat_name(c.seat_ids[self.owner[pid]]),
            piece=piece_name(c.type_names[self.ptype[pid]]), field=where)

    def move_text(self, pid: int, path: tuple[int, ...], full: bool,
                  capture: bool | None = None) -> str:
        """Engine notation of a piece's path: `E s12>s14`, `N s3*w7` (capture: `*` before the
        last field; None: a capture when an enemy stands there); `full` names every field."""
        c = self.compiled
        dest = path[-1]
        if capture is None:
            o = self.occ[dest]
            capture = o >= 0 and c.team_of[self.owner[o]] != c.team_of[self.owner[pid]]
        nodes = path if full else (path[0], dest)
        text = f"{c.letter[self.ptype[pid]]} {c.node_ids[nodes[0]]}"
        for i, v in enumerate(nodes[1:], 1):
            sep = "*" if capture and i == len(nodes) - 1 else ">"
            text += f"{sep}{c.node_ids[v]}"
        return text

    def field_name(self, node: int) -> str:
        """What people call the field (its printed number where that is unique, BOARD-5)."""
        return self.compiled.node_names[node]

    def special_precheck(self, a: tuple) -> Reason | object | None:
        """Shared start of the explanation of the non-move kinds (shots, builds, drawbridges,
        pushes, rides): a pending response window, legal (generated: None), a frozen mover,
        no such piece; `NOT_GENERATED` when the kind's own reasons decide."""
        if self.window is not None:
            return self.pending_reason()
        if a in self.legal_actions():
            return None
        s = self.mover
        if self.is_frozen(s):
            return Reason(X.E_FROZEN, "FREEZE-2",
                          _("{seat} is frozen and has no AP").format(
                              seat=seat_name(self.compiled.seat_ids[s])))
        if a[0] in (SHOOT, BUILD, RIDE, PUSH):
            pid = a[1]
            if not (0 <= pid < len(self.ptype)) or self.node[pid] < 0:
                return Reason(X.E_NO_SUCH_PIECE, "", _("that piece is not on the board"))
        return self.NOT_GENERATED

    # ---- board primitives --------------------------------------------------------------------

    def set_node(self, pid: int, v: int) -> None:
        set_piece_node(self, pid, v)

    def detach(self, pid: int) -> None:
        detach_piece(self, pid)

    def put_top(self, v: int, o: int) -> None:
        """The top piece of node v becomes o (-1: none; MOVE-3): `put_top_at`."""
        put_top_at(self, v, o)

    def set_owner(self, o: int, s: int) -> None:
        """Piece o changes owner (CAPT-7, PIECE-CAMEL-3/-4): `set_owner_of`."""
        set_owner_of(self, o, s)

    def enemy_top(self, s: int) -> int:
        """Bit mask of the nodes whose top piece belongs to another team than seat s's."""
        return enemy_top_of(self, s)

    def relocate(self, pid: int, v: int) -> None:
        """Move a piece (with its cargo) to an empty node or onto an own carrier there
        (`relocate_piece`)."""
        relocate_piece(self, pid, v)

    def take_over(self, o: int, s: int) -> None:
        if self.orig[o] < 0:
            self.orig[o] = self.owner[o]
        self.set_owner(o, s)

    def revert_check(self, o: int) -> None:
        """PIECE-CAMEL-4, PIECE-SIEGE-6: `revert_piece`."""
        revert_piece(self, o)

    def remove_piece(self, pid: int, by: int) -> int:
        """Remove a captured piece and its cargo (CARRY-3, CAPT-11); returns pieces removed."""
        n = 1
        for x in self.cargo[pid]:
            n += self.remove_piece(x, by)
        self.cargo[pid] = []
        s = self.owner[pid] if self.orig[pid] < 0 else self.orig[pid]
        self.orig[pid] = -1
        self.cnt_all[s] -= 1
        if self.compiled.land_piece[self.ptype[pid]]:
            self.cnt_land[s] -= 1
        self.captured[by] += 1
        self._roster[self.owner[pid]] = None
        self._layout += 1
        self.node[pid] = -1
        self.carrier[pid] = -1
        return n

    def capture_at(self, pid: int, v: int, by: int, new_owner: int | None = None) -> int:
        """pid takes the stack on v (CAPT-1, CAPT-5 boarding, CAPT-7 seizure, CAPT-9 sinking).
        A vessel retaken in a response goes back to `new_owner`, the victim (RECAP-13).
        Returns the victim seat."""
        c = self.compiled
        o = self.occ[v]
        victim = self.owner[o]
        old_carrier = self.carrier[pid]
        detach_piece(self, pid)
        opts = self.game.opts
        if c.sea_type[self.ptype[o]] and not c.sea_type[self.ptype[pid]]:
            removed = 0
            for x in list(self.cargo[o]):  # CAPT-5: the cargo is captured
                removed += self.remove_piece(x, by)
            if removed > 1 and not opts.score_cargo_individually:
                self.captured[by] -= removed - 1  # CONF-12: a stack scores once
            if opts.score_seized_vessel_as_captured:
                self.captured[by] += 1  # CONF-12 / WIN-17 option
            self.cargo[o] = []
            gets = self.owner[pid] if new_owner is None else new_owner
            self.cnt_all[victim] -= 1  # CAPT-7: the vessel changes owner for good
            self.cnt_all[gets] += 1
            set_owner_of(self, o, gets)
            self.steps[o] = 0
            self.cargo[o].append(pid)
            self.carrier[pid] = o
            self._layout += 1
        else:
            removed = self.remove_piece(o, by)
            if removed > 1 and not opts.score_cargo_individually:
                self.captured[by] -= removed - 1  # CONF-12: a stack scores once
            put_top_at(self, v, pid)
        set_piece_node(self, pid, v)
        self.captured_this_turn = True
        self.quiet_round_clean = False
        self.any_capture = True
        if old_carrier >= 0:
            revert_piece(self, old_carrier)
        return victim


@cython.ccall
@cython.locals(st=StateData, last=tuple, penalties=tuple, tb=SearchTables)
def budget_of(st: StateData, s: int) -> int:
    """Current budget of seat s (TURN-9): opening (TURN-7/8) or base (TURN-2) minus 4 per
    penalty field (CASTLE-2, GRAIL-4), never below 0; re-evaluated live (CASTLE-3)."""
    penalties = penalties_of(st)
    turn = st.turn
    last = st._budget  # still valid while the turn and the penalty fields are the same
    if last is not None and last[0] is penalties and last[1] == turn and last[2] == s:
        return last[3]
    tb = st.tables  # the variant's budgets and penalties per field
    base = tb.opening[s] if turn <= s else tb.base_budget
    nc, ng = penalties[1][s]
    if nc + ng >= tb.freeze_limit:
        found = 0  # FREEZE-2
    else:
        found = max(0, base - nc * tb.castle_penalty - ng * tb.grail_penalty)
    st._budget = (penalties, turn, s, found)
    return found


@cython.ccall
@cython.locals(st=StateData)
def ap_left_of(st: StateData) -> int:
    """Action points the mover has left this turn (TURN-6, TURN-9), never below 0."""
    left = budget_of(st, mover_of(st)) - st.ap_spent
    return left if left > 0 else 0


@cython.ccall
@cython.locals(st=StateData, tables=SearchTables, occ=list, owner=list, team=list, held=list,
               fields=list, frozen=list, row=list, s=cython.Py_ssize_t,
               f=cython.Py_ssize_t, o=cython.Py_ssize_t, x=cython.Py_ssize_t,
               nc=cython.Py_ssize_t, ng=cython.Py_ssize_t, limit=cython.Py_ssize_t)
def compute_penalties(st: StateData) -> tuple:
    """(teams holding grail fields, (own castle fields, grail fields) held by other teams per
    seat, frozen per seat): CASTLE-2, GRAIL-4, TEAM-4, FREEZE-1; kept in `_penalty` (read it
    through `penalties_of`)."""
    tables = st.tables
    occ, owner, team = st.occ, st.owner, tables.team
    held, fields, frozen = [], [], []  # held: the teams of the grail fields' top pieces
    for f in tables.grail_fields:
        o = occ[f]
        if o >= 0:
            x = owner[o]
            held.append(team[x])
    limit = tables.freeze_limit
    for s in range(tables.seats):
        ts = team[s]
        nc = 0
        row = tables.castle_fields[s]
        for f in row:
            o = occ[f]
            if o >= 0:
                x = owner[o]
                if team[x] != ts:
                    nc += 1
        ng = len(held) - held.count(ts)
        fields.append((nc, ng))
        frozen.append(nc + ng >= limit)
    st._penalty = found = (held, fields, frozen)
    return found


@cython.ccall
@cython.locals(st=StateData, team=list, top_seat=list, x=cython.Py_ssize_t)
def enemy_top_of(st: StateData, s: int) -> int:
    """Bit mask of the nodes whose top piece belongs to another team than seat s's."""
    team, top_seat = st.tables.team, st.top_seat
    ts = team[s]
    mask = 0
    for x in range(len(top_seat)):
        if team[x] != ts:
            mask |= top_seat[x]
    return mask


@cython.ccall
@cython.locals(st=StateData)
def penalties_of(st: StateData) -> tuple:
    """`compute_penalties` (CASTLE-2, GRAIL-4, TEAM-4, FREEZE-1), a C call while cached."""
    found = st._penalty
    return found if found is not None else compute_penalties(st)


@cython.ccall
@cython.locals(st=StateData)
def mover_of(st: StateData) -> int:
    """Seat index whose turn it is (TURN-1; the turn counter modulo the seats)."""
    return st.turn % st.tables.seats


# ---- the board primitives, as functions: compiled, C calls between them and from the mixins
# (a method call between the mixins goes through Python's attribute lookup); the methods of the
# same names call them.


@cython.ccall
@cython.locals(st=StateData, pid=cython.Py_ssize_t, v=cython.Py_ssize_t, cargo=list,
               x=cython.Py_ssize_t)
def set_piece_node(st: StateData, pid: int, v: int) -> None:
    """Piece pid and its cargo (recursively) stand on node v."""
    st.node[pid] = v
    cargo = st.cargo[pid]
    for x in cargo:
        set_piece_node(st, x, v)


@cython.ccall
@cython.locals(st=StateData, pid=cython.Py_ssize_t, ca=cython.Py_ssize_t)
def detach_piece(st: StateData, pid: int) -> None:
    """Piece pid leaves its carrier, or its field (`put_top_at` with -1)."""
    ca = st.carrier[pid]
    if ca >= 0:
        st.cargo[ca].remove(pid)
        st.carrier[pid] = -1
        st._layout += 1
    else:
        put_top_at(st, st.node[pid], -1)


@cython.ccall
@cython.locals(st=StateData, v=cython.Py_ssize_t, o=cython.Py_ssize_t, old=cython.Py_ssize_t,
               x=cython.Py_ssize_t, tables=SearchTables, top_seat=list, top_type=list,
               occ=list, owner=list, ptype=list)
def put_top_at(st: StateData, v: int, o: int) -> None:
    """The top piece of node v becomes o (-1: none; MOVE-3 one stack per field), with the
    top-piece masks `top_seat` and `top_type` kept up to date."""
    tables = st.tables
    bit = tables.node_bit[v]
    if tables.on_penalty[v]:
        st._penalty = None  # CASTLE-2, GRAIL-4: the penalty fields may change
    occ, owner, ptype, top_seat, top_type = st.occ, st.owner, st.ptype, st.top_seat, st.top_type
    old = occ[v]
    if old >= 0:  # its bit is set in both masks (only this function and set_owner change them)
        x = owner[old]
        top_seat[x] ^= bit
        x = ptype[old]
        top_type[x] ^= bit
    occ[v] = o
    if o >= 0:
        x = owner[o]
        top_seat[x] |= bit
        x = ptype[o]
        top_type[x] |= bit


@cython.ccall
@cython.locals(st=StateData, o=cython.Py_ssize_t, s=cython.Py_ssize_t, v=cython.Py_ssize_t,
               was=cython.Py_ssize_t)
def set_owner_of(st: StateData, o: int, s: int) -> None:
    """Piece o changes owner (CAPT-7 seizure, PIECE-CAMEL-3/-4 take-over and reversion),
    with `top_seat` kept up to date when o is a top piece."""
    v = st.node[o]
    was = st.owner[o]
    if v >= 0 and st.occ[v] == o:
        bit = st.tables.node_bit[v]
        if st.tables.on_penalty[v]:
            st._penalty = None
        st.top_seat[was] &= ~bit
        st.top_seat[s] |= bit
    st._roster[was] = st._roster[s] = None
    st._layout += 1
    st.owner[o] = s


@cython.ccall
@cython.locals(st=StateData, o=cython.Py_ssize_t, back=cython.Py_ssize_t)
def revert_piece(st: StateData, o: int) -> None:
    """PIECE-CAMEL-4, PIECE-SIEGE-6: back to the original owner when nobody rides it."""
    back = st.orig[o]
    if back >= 0 and not st.cargo[o] and st.node[o] >= 0:
        set_owner_of(st, o, back)
        st.orig[o] = -1


@cython.ccall
@cython.locals(st=StateData, pid=cython.Py_ssize_t, v=cython.Py_ssize_t, old=cython.Py_ssize_t,
               o=cython.Py_ssize_t)
def relocate_piece(st: StateData, pid: int, v: int) -> None:
    """Move a piece (with its cargo) to an empty node or onto an own carrier there. Mounting a
    partner's riderless camel puts it under the rider's control (TEAM-9); a commandeered camel
    or seized siege tower left without rider reverts at once (PIECE-CAMEL-4, PIECE-SIEGE-6)."""
    old = st.carrier[pid]
    detach_piece(st, pid)
    o = st.occ[v]
    if o < 0:
        put_top_at(st, v, pid)
    else:
        st.cargo[o].append(pid)
        st.carrier[pid] = o
        st._layout += 1
        if st.owner[o] != st.owner[pid] and st.compiled.commandeerable[st.ptype[o]]:
            st.take_over(o, st.owner[pid])
    set_piece_node(st, pid, v)
    if old >= 0:
        revert_piece(st, old)


@cython.ccall
@cython.locals(st=StateData, s=cython.Py_ssize_t)
def count_of(st: StateData, s: int) -> int:
    return st.cnt_land[s] if st.tables.land_scope else st.cnt_all[s]  # CONF-11 scope


@cython.ccall
@cython.locals(st=StateData, s=cython.Py_ssize_t)
def unprotected_of(st: StateData, s: int) -> bool:
    return st.tables.vuln_active and count_of(st, s) == 2  # VULN-1 two left, VULN-5


def _unpickled(cls: type, values: list) -> StateData:
    """A pickled state (`StateData.__reduce__`)."""
    st = cls.__new__(cls)
    for name, value in zip(_PICKLED, values, strict=True):
        setattr(st, name, value)
    fresh_scratch(st)
    return st


def _compile_copiers() -> tuple[Callable[[StateData], tuple], Callable[[StateData, tuple], None]]:
    """snapshot/restore generated from the field declaration (as fast as hand-written code)."""
    names = [(f.name, f.metadata["undo"]) for f in state_fields() if f.metadata["undo"]]
    copies = ", ".join(_COPY[how].format(name) for name, how in names)
    targets = ", ".join(f"s.{name}" for name, _how in names)
    source = (f"def snapshot(s):\n    return ({copies},)\n"
              f"def restore(s, snap):\n    ({targets},) = snap\n")
    scope: dict = {}
    exec(compile(source, "<StateData snapshot>", "exec"), scope)
    return scope["snapshot"], scope["restore"]


_snapshot, _restore = _compile_copiers()
