"""The rules engine for Conquest (C2, C4, CT), Conquest Plus (CP2, CP4, CP-4CM) and Grand Conquest
(GC4, GCT, GC2): `Game` and `State`, the public API; the behaviour lives in modules by concern.

API in the spirit of OpenSpiel and python-chess (stable: the CLI, the scenario runner and the
play session use it):

    game = Game(board, variant)            # compiles once (editor.engine.compiled)
    state = game.initial_state()
    for action in state.legal_actions(): ...
    state.explain(action)                  # None when legal, else a Reason (code, rule, message)
    state.is_legal(action)
    state.apply(action); state.undo()      # or state.clone()
    state.is_terminal(); state.result()    # Result: winners, reason, scores, termination
    state.description(action)              # Description: kind, piece, fields, path, cost
    state.actor                            # seat id of who acts (the victim in a response window)
    state.ap_left(), state.budget(seat), state.penalty_fields(seat), state.is_frozen(seat)
    state.destinations(pid), state.search(pid, maxd), state.path_to(node)

Actions are plain tuples whose first element is the kind (editor.engine.actions documents every
kind). Each kind has one row in `ACTIONS` (an `ActionKind`: generator, cost, apply,
explanation, notation, description), defined in the module of its concern:

    state.py        StateFields: the fields (declared once; undo snapshot derived);
                    StateData: them as slots, queries, board primitives
    search_tables.py  SearchTables: what the move search reads per game
    search.py       the move search and who may move
    moves.py        MOVE: generator, apply, explanation (the path walker)
    responses.py    RESP, DECLINE: the response window, after-capture handling
    catapults.py    SHOOT, RSHOT
    building.py     BUILD
    drawbridges.py  RAISE, LOWER
    camels.py       PUSH, RIDE
    turns.py        END, draws, RESIGN; turn end and victory
"""

from __future__ import annotations

from collections.abc import Sequence

try:
    import cython
except ImportError:  # interpreted without Cython: the C types below are no-ops
    from editor.engine import cython_shim as cython

from editor.engine import (
    building,
    camels,
    catapults,
    drawbridges,
    moves,
    responses,
    turns,
    view,
)
from editor.engine import explain as X
from editor.engine.actions import (  # noqa: F401  (re-exported: the public action vocabulary)
    A_ACCEPT,
    A_DECLINE,
    A_END,
    A_OFFER,
    A_REJECT,
    A_RESIGN,
    ACCEPT_DRAW,
    BUILD,
    DECLINE,
    DEFER,
    END,
    K_CAPTURE,
    K_MOUNT,
    K_MOVE,
    K_RIDE,
    LOWER,
    MOVE,
    OFFER_DRAW,
    PUSH,
    RAISE,
    REJECT_DRAW,
    RESIGN,
    RESP,
    RIDE,
    RSHOT,
    SHOOT,
    ActionKind,
    Description,
)
from editor.engine.camels import specials_of
from editor.engine.compiled import Compiled, CompileError, compile_board
from editor.engine.explain import Reason
from editor.engine.moves import Moves, apply_move, normalize_action
from editor.engine.outcome import IllegalAction, Result, Termination  # noqa: F401
from editor.engine.search import Search, search_of
from editor.engine.search_tables import SearchTables
from editor.engine.state import ap_left_of, mover_of
from editor.i18n import _
from editor.model.board import Board
from editor.model.variant import Variant

# one row per action kind, from the module of its concern
ACTIONS: dict[str, ActionKind] = {
    k.kind: k for mod in (moves, responses, camels, catapults, building, drawbridges, turns)
    for k in mod.KINDS}
_APPLY = {k: row.apply for k, row in ACTIONS.items()}
# the turn's extra generators in their fixed order (after the moves)
_GENERATORS = [(ACTIONS[k].gate, ACTIONS[k].generate) for k in (SHOOT, BUILD, RAISE, PUSH)]


class Game:
    """A board + resolved variant, compiled once; creates states."""

    def __init__(self, board: Board, variant: Variant, setup: str | None = None) -> None:
        self.board = board
        self.variant = variant
        self.compiled: Compiled = compile_board(board, variant)
        self.opts = variant.options
        self.seat_count = len(self.compiled.seat_ids)
        if self.seat_count < 2:
            raise CompileError(_("a variant needs at least two seats"))
        self.victory = {v.kind: v for v in variant.victory}
        self.siege_victories = tuple(k for k in ("siege_in_capital", "siege_in_tower",
                                                 "siege_in_grail") if k in self.victory)
        self.setup_id = setup or variant.setup
        self.vuln_active = variant.vulnerability and (
            not variant.team_game or self.opts.vulnerability_in_team_games)
        self.land_scope = self.opts.elimination_scope == "land_pieces"
        self.two_step = self.opts.recapture_sequence_model == "up_to_two_necessary_steps"
        self.has_shooters = any(self.compiled.shoots)
        self.has_builds = any(x is not None for x in self.compiled.build_limit)
        self.has_drawbridges = any(self.compiled.has_drawbridge)
        self.has_push = any(self.compiled.push_steps)
        self.has_specials = (self.has_shooters or self.has_builds or self.has_drawbridges
                             or self.has_push)  # actions beside moves, end, draw, resign
        # node bit masks of the fields siege wins count (WIN-5/-11/-13)
        self.all_castles_mask = _mask(f for fs in self.compiled.castle_fields for f in fs)
        self.grail_mask = _mask(self.compiled.grail_fields)
        c = self.compiled
        self.siege_types = [t for t, x in enumerate(c.siege) if x]
        # types a soldier may take over (PIECE-CAMEL-3, PIECE-SIEGE-5) or push (PIECE-CAMEL-5)
        self.takeover_types = [t for t in range(len(c.type_names))
                               if c.commandeerable[t] or c.siege[t]]
        # per type: fits on some take-over type (CARRY-1), so may take one over (else [])
        riders = [any(c.carries[o].get(t, 0) > 0 for o in self.takeover_types)
                  for t in range(len(c.type_names))]
        self.takeover_riders = riders if any(riders) else []
        self.push_types = [t for t, n in enumerate(c.push_steps) if n]
        self.build_site_cache: dict[int, tuple] = {}  # Building.build_actions
        # Drawbridges.bridge_actions: the towers with a drawbridge (DRAW-1), the costs
        self.bridge_towers = [v for v in c.tower_front if c.has_drawbridge[v]]
        self.bridge_costs = (variant.drawbridge_raise_cost, variant.drawbridge_lower_cost,
                             bool(self.opts.drawbridge_owner_may_raise_occupied))
        self.tables = SearchTables(c, self.opts, variant.team_game)  # what Search.search reads
        self.tables.add_game_rules(self)  # and what applying an action reads
        self._initial: State | None = None  # the setup's position once built (initial_state)

    # ---- construction -------------------------------------------------------------------

    def empty_state(self) -> State:
        return State(self)

    def initial_state(self) -> State:
        """The position of the variant's setup: built from the board's placements once, then
        copied (fresh caches, the same position)."""
        if self._initial is None:
            self._initial = self._setup_state()
        s = State(self)
        s.restore(self._initial.snapshot())
        return s

    def _setup_state(self) -> State:
        """A new position with the setup's placements on the empty board."""
        s = State(self)
        if self.setup_id is None:
            raise CompileError(_("the variant names no setup"))
        setup = self.board.setup(self.setup_id)
        if setup is None:
            raise CompileError(_("the board has no setup '{setup}'").format(setup=self.setup_id))
        for pl in setup.placements:
            if pl.seat not in self.compiled.seat_index:
                continue
            s.add_piece(pl.seat, str(pl.piece), pl.field,
                        [_cargo_tree(x) for x in pl.cargo])
        return s


class Deferred(Sequence):
    """Actions some of which are still `(DEFER, kind, pid, destination, steps)`: their path
    is searched again when the entry is taken out (the position must not have changed)."""

    __slots__ = ("entries", "state")

    def __init__(self, state: State, entries: list[tuple]) -> None:
        self.state = state
        self.entries = entries

    def __len__(self) -> int:
        return len(self.entries)

    def __getitem__(self, i):  # type: ignore[override]
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self.entries)))]
        a = self.entries[i]
        if a[0] != DEFER:
            return a
        _, kind, pid, v, steps = a
        st = self.state
        if not any(found == v for found, _d, _k in search_of(st, pid, steps)):
            raise ValueError(f"{kind} of piece {pid} to node {v} is no longer possible")
        return (kind, pid, st.path_to(v))


def _mask(nodes) -> int:
    """Bit mask of node indexes."""
    m = 0
    for v in nodes:
        m |= 1 << v
    return m


def _cargo_tree(cargo) -> tuple[str, list]:
    return (str(cargo.piece), [_cargo_tree(x) for x in cargo.cargo])


class State(moves.Moves, catapults.Catapults, responses.Responses, building.Building,
            drawbridges.Drawbridges, camels.Camels, turns.Turns, view.Reading):
    """A game position plus whose action it is; see the module docstring. The fields are
    declared in `editor.engine.state.StateFields`."""

    __slots__ = ()

    def legal_actions(self) -> list[tuple]:
        """All legal actions of the actor, in a deterministic order."""
        if self.terminal:
            return []
        if self.window is not None:
            return [*self.responses(), A_DECLINE]
        if self.draw is not None:
            return [A_ACCEPT, A_REJECT]
        s = self.mover
        acts: list[tuple] = []
        left = self.ap_left()
        if left > 0:
            ptype, carrier = self.ptype, self.carrier
            taken: set[tuple[int, int, int, bool]] = set()
            for pid in self.movable(s):
                ca = carrier[pid]
                if ca < 0:
                    acts.extend(self.moves_of(pid, left))
                    continue
                for a in self.moves_of(pid, left):
                    key = (ca, ptype[pid], a[2][-1], a[3])
                    if key not in taken:  # one action per destination for identical riders
                        taken.add(key)
                        acts.append(a)
            g = self.game
            for gate, generate in _GENERATORS:  # shots, builds, drawbridges, pushes
                if getattr(g, gate):
                    acts.extend(generate(self, s, left))
            risky_limit = self.game.opts.vulnerable_risky_captures_per_turn
            if self.unprotected(s) and self.risky >= risky_limit:
                acts = [a for a in acts if not self.vuln_blocks(a)]
        acts.append(A_END)
        if "agreed_draw" in self.game.victory and self.may_offer_draw():
            acts.append(A_OFFER)
        if self.game.opts.allow_resignation:
            acts.append(A_RESIGN)  # WIN-26
        return acts

    def special_actions(self, deferred: bool = False) -> list[tuple] | Deferred:
        """The legal actions other than moves and end / resign / draw offer, in the order of
        `legal_actions` (take-overs, then shots, builds, drawbridges, pushes), generated
        directly: only pieces with a riderless camel or siege piece within reach are searched
        (PIECE-CAMEL-3, PIECE-SIEGE-5). Empty in a response window or a draw offer. With
        `deferred` a `Deferred` sequence of them whose pushes find their path (PIECE-CAMEL-5)
        only when taken out: what the random policy chooses from."""
        return special_actions_of(self, deferred)

    def action_cost(self, a: tuple) -> int:
        """AP an action costs the mover (responses are free, RECAP-8)."""
        return ACTIONS[a[0]].cost(self, a)

    def description(self, a: tuple) -> Description:
        """What the action is for people, from this position (before it): kind, piece, fields,
        path, cost (the `describe` of the action's kind)."""
        return ACTIONS[a[0]].describe(self, a)

    @cython.locals(st=Moves)
    def apply(self, action: tuple, check: bool = True) -> None:
        """Apply an action; with check=True an illegal one raises IllegalAction (with reason)."""
        st = self
        action = normalize_action(st, action)
        if check:
            reason = self.explain(action)
            if reason is not None:
                raise IllegalAction(reason)
        if st.keep_undo:
            st._undo.append(self.snapshot())
        _perform(self, action)

    def undo(self) -> None:
        """Take back the last applied action (needs keep_undo, the default)."""
        self.restore(self._undo.pop())

    def clone(self) -> State:
        """An independent copy of the position (no undo history)."""
        other = State.__new__(State)
        other.game, other.compiled, other.tables = self.game, self.compiled, self.tables
        other.restore(self.snapshot())
        other.reset_caches()
        other.keep_undo = self.keep_undo
        return other

    def perform(self, a: tuple) -> None:
        """Perform a legal action (no check, no undo record): the kind's row of ACTIONS."""
        _perform(self, a)

    def is_legal(self, action: tuple) -> bool:
        """True when `explain(action)` is None (a play session's quick check)."""
        return self.explain(action) is None

    def explain(self, a: tuple) -> Reason | None:
        """None when the action is legal, else why not (reason code + rule ID + message): the
        explanation of the action's kind, next to its generator (ACTIONS)."""
        if self.terminal:
            return Reason(X.E_GAME_OVER, "WIN-24", _("the game is over: ") +
                          (self.result_.reason if self.result_ else ""))
        row = ACTIONS.get(a[0]) if a else None
        if row is None:
            return Reason(X.E_BAD_NOTATION, "", _("unknown action {action}").format(action=repr(a)))
        return row.explain(self, a)


@cython.ccall
@cython.locals(st=Search, deferred=cython.bint, acts=list)
def special_actions_of(st: State, deferred: bool) -> list[tuple] | Deferred:
    """`State.special_actions` (its docstring), a C call from the random policy when
    compiled: the generators are `camels.specials_of`'s."""
    if st.terminal or st.window is not None or st.draw is not None:
        return []
    left = ap_left_of(st)
    if left <= 0:
        return []
    acts = specials_of(st, mover_of(st), left, deferred)
    return Deferred(st, acts) if deferred else acts  # VULN-3 touches captures only


@cython.ccall
@cython.locals(table=dict)
def _perform(st: State, a: tuple) -> None:
    """`State.perform`, a C call from `apply` when compiled: a move (the common kind) a C call
    too (`moves.apply_move`, the row's apply), every other kind its row's apply."""
    if a[0] == MOVE:
        apply_move(st, a)
        return
    table = _APPLY
    perform = table.get(a[0])
    if perform is None:
        raise ValueError(_("unknown action {action}").format(action=repr(a)))
    perform(st, a)
