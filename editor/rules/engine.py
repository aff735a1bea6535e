"""The rules engine for Conquest (C2, C4, CT), Conquest Plus (CP2, CP4, CP-4CM) and Grand Conquest
(GC4, GCT, GC2): Game, State, actions, legality and explanations.

API in the spirit of OpenSpiel and python-chess:

    game = Game(board, variant)            # compiles once (editor.rules.compiled)
    state = game.initial_state()
    for action in state.legal_actions(): ...
    state.explain(action)                  # None when legal, else a Reason (code, rule, message)
    state.apply(action); state.undo()      # or state.clone()
    state.is_terminal(); state.result()    # winners, termination reason, scores
    state.actor                            # seat id of who acts (the victim in a response window)

Actions are plain tuples (hashable, cheap):

* `("move", pid, path, end)` move piece `pid` along `path` (node ids, first = its node); the
  last node may be empty (move), an own carrier with room (mount/board), or an enemy (capture).
  `end=True` ends the turn with this action (TURN-11, relevant for RECAP-14).
* `("resp", pid, path, unloads)` a response (RECAP-1): the victim's piece captures the capturer
  on the scene; `unloads` are `(soldier_pid, node)` dismounts made first (RECAP-7, only with
  `recapture_moves_must_be_necessary=false`).
  Under `recapture_sequence_model=up_to_two_necessary_steps` (RECAP-5) `unloads` holds the
  first of two necessary steps, `((piece, node),)`, made by the same or another piece.
* `("ride", pid, path, end)` a soldier takes over a riderless enemy camel (PIECE-CAMEL-3) or an
  unmanned enemy siege tower from an adjacent own tower (PIECE-SIEGE-5) by mounting it.
* `("shoot", pid, target)` regular catapult shot (PIECE-CATAPULT-2/-11), 1 AP.
* `("rshot", pid, pre, target)` retaliation shot in a response window (RECAP-17/-19); `pre` is
  `()` or `((piece, node),)`: the one step of the catapult or of the galleon carrying it.
* `("build", pid, type, node)` a foot soldier builds a piece (BUILD-1..10).
* `("raise", tower)`, `("lower", tower)` drawbridges (DRAW-2, DRAW-5).
* `("push", camel, path)` push an opponent's riderless camel (PIECE-CAMEL-5).
* `("decline",)`, `("end",)`, `("offer_draw",)`, `("accept_draw",)`, `("reject_draw",)`,
  `("resign",)` (only with `allow_resignation`, WIN-26).

No Qt and no pydantic on the hot paths: the state is a handful of Python lists indexed by piece
id and node id. Rule IDs are named where each rule is implemented.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from editor.model.board import Board
from editor.model.variant import Variant
from editor.rules.compiled import Compiled, CompileError, compile_board
from editor.rules.explain import Reason

MOVE, RESP, DECLINE, END = "move", "resp", "decline", "end"
OFFER_DRAW, ACCEPT_DRAW, REJECT_DRAW = "offer_draw", "accept_draw", "reject_draw"
RIDE, SHOOT, RSHOT, BUILD, RAISE, LOWER, PUSH, RESIGN = (
    "ride", "shoot", "rshot", "build", "raise", "lower", "push", "resign")
A_RESIGN = (RESIGN,)
A_DECLINE, A_END = (DECLINE,), (END,)
A_OFFER, A_ACCEPT, A_REJECT = (OFFER_DRAW,), (ACCEPT_DRAW,), (REJECT_DRAW,)

K_MOVE, K_MOUNT, K_CAPTURE, K_RIDE = 0, 1, 2, 3


class IllegalAction(Exception):
    def __init__(self, reason: Reason) -> None:
        super().__init__(str(reason))
        self.reason = reason


@dataclass
class Result:
    winners: tuple[str, ...]
    reason: str
    scores: dict[str, int] = field(default_factory=dict)


class Game:
    """A board + resolved variant, compiled once; creates states."""

    def __init__(self, board: Board, variant: Variant, setup: str | None = None) -> None:
        self.board = board
        self.variant = variant
        self.c: Compiled = compile_board(board, variant)
        self.opts = variant.options
        self.n = len(self.c.seat_ids)
        if self.n < 2:
            raise CompileError("a variant needs at least two seats")
        self.victory = {v.kind: v for v in variant.victory}
        self.setup_id = setup or variant.setup
        self.vuln_active = variant.vulnerability and (
            not variant.team_game or self.opts.vulnerability_in_team_games)
        self.land_scope = self.opts.elimination_scope == "land_pieces"
        self.two_step = self.opts.recapture_sequence_model == "up_to_two_necessary_steps"
        self.has_shooters = any(self.c.shoots)
        self.has_builds = any(x is not None for x in self.c.build_limit)
        self.has_drawbridges = any(self.c.has_drawbridge)
        self.has_push = any(self.c.push_steps)
        self.soldier_t = self.c.type_index.get("soldier", -1)

    # ---- construction -------------------------------------------------------------------

    def empty_state(self) -> State:
        return State(self)

    def initial_state(self) -> State:
        s = State(self)
        if self.setup_id is None:
            raise CompileError("the variant names no setup")
        setup = self.board.setup(self.setup_id)
        if setup is None:
            raise CompileError(f"the board has no setup '{self.setup_id}'")
        for pl in setup.placements:
            if pl.seat not in self.c.seat_index:
                continue
            s.add_piece(pl.seat, str(pl.piece), pl.field,
                        [_cargo_tree(x) for x in pl.cargo])
        return s


def _cargo_tree(cargo) -> tuple[str, list]:
    return (str(cargo.piece), [_cargo_tree(x) for x in cargo.cargo])


class State:
    """A game position plus whose action it is; see the module docstring."""

    __slots__ = (
        "_mark",
        "_parent",
        "_stamp",
        "_undo",
        "any_capture",
        "ap_spent",
        "built",
        "c",
        "captured",
        "captured_this_turn",
        "cargo",
        "carrier",
        "cnt_all",
        "cnt_land",
        "draw",
        "draw_offered",
        "end_pending",
        "frozen_mark",
        "g",
        "keep_undo",
        "node",
        "occ",
        "orig",
        "owner",
        "ptype",
        "pushed",
        "quiet",
        "quiet_round_clean",
        "raised",
        "resting",
        "result_",
        "risky",
        "rshots",
        "shots",
        "steps",
        "terminal",
        "turn",
        "vuln_end_pending",
        "window",
    )

    def __init__(self, g: Game) -> None:
        self.g = g
        self.c = g.c
        n_nodes = len(g.c.node_ids)
        self.ptype: list[int] = []
        self.owner: list[int] = []
        self.node: list[int] = []
        self.carrier: list[int] = []
        self.cargo: list[list[int]] = []
        self.steps: list[int] = []
        self.occ: list[int] = [-1] * n_nodes
        self.cnt_all = [0] * g.n
        self.cnt_land = [0] * g.n
        self.captured: list[int] = [0] * g.n  # pieces captured by each seat (CAPT-11)
        self.turn = 0
        self.ap_spent = 0
        self.quiet = 0  # turns (or rounds, complete_rounds) without capture (WIN-25)
        self.quiet_round_clean = True
        self.captured_this_turn = False
        self.window: tuple[int, int, int, bool] | None = None  # victim, capturer, scene, partner
        self.end_pending = False
        self.draw: int | None = None
        self.draw_offered = False
        self.risky = 0
        self.terminal = False
        self.result_: Result | None = None
        self._undo: list[tuple] = []
        self._mark = [0] * n_nodes
        self._parent = [-1] * n_nodes
        self._stamp = 0
        self.keep_undo = True
        self.vuln_end_pending = False
        self.orig: list[int] = []  # owner before a commandeering (PIECE-CAMEL-3, PIECE-SIEGE-5)
        self.shots: set[int] = set()  # catapults that fired their regular shot this turn
        self.rshots: set[int] = set()  # response shots this turn (RECAP-19 one_per_turn)
        self.pushed: dict[int, int] = {}  # push steps per camel this turn (PIECE-CAMEL-5)
        self.raised: dict[int, int] = {}  # tower node -> seat that raised it (DRAW-2)
        self.resting: dict[int, int] = {}  # piece -> last turn index it rests (BUILD-9)
        self.built = 0
        self.frozen_mark = [-1] * g.n  # last turn a seat started frozen (CONF-19)
        self.any_capture = False

    # ---- building positions ---------------------------------------------------------------

    def add_piece(self, seat: str, ptype: str, field_id: str, cargo: list | None = None,
                  steps: int = 0) -> int:
        """Place a piece (with a cargo tree of (type, [cargo]) tuples); returns its id."""
        c = self.c
        if seat not in c.seat_index:
            raise CompileError(f"unknown seat '{seat}'")
        if ptype not in c.type_index:
            raise CompileError(f"piece type '{ptype}' is not part of the variant")
        if field_id not in c.node_index:
            raise CompileError(f"unknown field '{field_id}'")
        node = c.node_index[field_id]
        if self.occ[node] >= 0:
            raise CompileError(f"field '{field_id}' holds two pieces (MOVE-3)")
        pid = self._new_piece(c.seat_index[seat], c.type_index[ptype], node, -1, steps)
        self.occ[node] = pid
        self._add_cargo(pid, cargo or [])
        return pid

    def _new_piece(self, seat: int, t: int, node: int, carrier: int, steps: int) -> int:
        pid = len(self.ptype)
        self.ptype.append(t)
        self.owner.append(seat)
        self.node.append(node)
        self.carrier.append(carrier)
        self.orig.append(-1)
        self.cargo.append([])
        self.steps.append(steps)
        self.cnt_all[seat] += 1
        if self.c.land_piece[t]:
            self.cnt_land[seat] += 1
        return pid

    def _add_cargo(self, pid: int, cargo: list) -> None:
        c = self.c
        for item in cargo:
            name, sub = item[0], item[1]
            steps = item[2] if len(item) > 2 else 0
            if name not in c.type_index:
                raise CompileError(f"piece type '{name}' is not part of the variant")
            t = c.type_index[name]
            if not self._fits(pid, t):
                raise CompileError(
                    f"{c.type_names[self.ptype[pid]]} cannot carry {name} here (CARRY-1, CARRY-2)")
            child = self._new_piece(self.owner[pid], t, self.node[pid], pid, steps)
            self.cargo[pid].append(child)
            self._add_cargo(child, sub)

    # ---- basic queries ------------------------------------------------------------------------

    @property
    def mover(self) -> int:
        return self.turn % self.g.n

    @property
    def actor_index(self) -> int | None:
        if self.terminal:
            return None
        if self.window is not None:
            return self.window[0]
        if self.draw is not None:
            return (self.draw + 1) % self.g.n
        return self.mover

    @property
    def actor(self) -> str | None:
        """Seat id of who acts now: the mover, or the victim during a response window."""
        i = self.actor_index
        return None if i is None else self.c.seat_ids[i]

    def penalty_fields(self, s: int) -> tuple[int, int]:
        """(own castle fields, grail fields) held by s's opponents (CASTLE-2, GRAIL-4, TEAM-4)."""
        c, occ, owner, team = self.c, self.occ, self.owner, self.c.team_of
        ts = team[s]
        nc = 0
        for f in c.castle_fields[s]:
            o = occ[f]
            if o >= 0 and team[owner[o]] != ts:
                nc += 1
        ng = 0
        for f in c.grail_fields:
            o = occ[f]
            if o >= 0 and team[owner[o]] != ts:
                ng += 1
        return nc, ng

    def is_frozen(self, s: int) -> bool:
        """FREEZE-1: opponents hold freeze_threshold or more of s's castle + grail fields."""
        nc, ng = self.penalty_fields(s)
        return nc + ng >= self.g.variant.freeze_threshold

    def budget(self, s: int | None = None) -> int:
        """Current budget (TURN-9): opening (TURN-7/8) or base (TURN-2) minus 4 per penalty
        field (CASTLE-2, GRAIL-4), never below 0; re-evaluated live (CASTLE-3)."""
        if s is None:
            s = self.mover
        g = self.g
        base = g.c.opening[s] if self.turn <= s else g.variant.base_budget
        nc, ng = self.penalty_fields(s)
        if nc + ng >= g.variant.freeze_threshold:
            return 0  # FREEZE-2
        return max(0, base - nc * g.opts.castle_penalty_per_field
                   - ng * g.opts.grail_penalty_per_field)

    def ap_left(self) -> int:
        return max(0, self.budget(self.mover) - self.ap_spent)

    def count(self, s: int) -> int:
        """Pieces counted by elimination_scope (CONF-11)."""
        return self.cnt_land[s] if self.g.land_scope else self.cnt_all[s]

    def unprotected(self, s: int) -> bool:
        """VULN-1: exactly two pieces left (VULN-5: not in team games by default)."""
        return self.g.vuln_active and self.count(s) == 2

    def score(self, s: int) -> int:
        """WIN-10: own pieces on the board + pieces captured + grail and enemy capital fields."""
        c, occ, owner = self.c, self.occ, self.owner
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
        return self.terminal

    def result(self) -> Result | None:
        return self.result_

    def pieces_at(self, node: int) -> list[int]:
        """The stack on a node, top first, then its cargo depth-first."""
        out: list[int] = []
        top = self.occ[node]
        if top >= 0:
            self._collect(top, out)
        return out

    def _collect(self, pid: int, out: list[int]) -> None:
        out.append(pid)
        for x in self.cargo[pid]:
            self._collect(x, out)

    def signature(self, pid: int) -> str:
        """Puzzle-book stack letters (RULES.md 5.9): 'Gess' = galleon, elephant, 2 soldiers."""
        c = self.c
        letters = [c.letter[self.ptype[pid]]]
        stack = list(self.cargo[pid])
        while stack:
            x = stack.pop(0)
            letters.append(c.letter[self.ptype[x]].lower())
            stack[0:0] = self.cargo[x]
        return "".join(letters)

    def describe(self, pid: int) -> str:
        c = self.c
        where = c.node_ids[self.node[pid]] if self.node[pid] >= 0 else "(captured)"
        return f"{c.seat_ids[self.owner[pid]]} {c.type_names[self.ptype[pid]]} on {where}"

    # ---- carrying and capturing ------------------------------------------------------------

    def _fits(self, carrier: int, t: int) -> bool:
        """Can `carrier` take one more piece of type t (CARRY-1, CARRY-2, CARRY-6)?"""
        cap = self.c.carries[self.ptype[carrier]].get(t, 0)
        if cap == 0:
            return False
        load = self.cargo[carrier]
        if not load:
            return True
        ptype = self.ptype
        return len(load) < cap and all(ptype[x] == t for x in load)

    def _can_capture(self, pid: int, o: int) -> bool:
        """Capture matrix (CAPT-2), boarding enemy vessels (CAPT-5)."""
        c, ptype = self.c, self.ptype
        tp, to = ptype[pid], ptype[o]
        caps = c.captures[tp]
        if to not in caps:
            return False
        if c.rider_needed[tp] and not self.cargo[pid]:
            return False  # PIECE-CAMEL-2, CAPT-3, CAPT-6: wild camels never capture
        if c.sea_type[to] and not c.sea_type[tp]:
            if c.seize_empty_only[tp] and self.cargo[o]:
                return False  # PIECE-CATAPULT-16, CONF-7: catapults seize only empty vessels
            stack = list(self.cargo[o])  # CAPT-5: must capture all cargo and fit aboard
            while stack:
                x = stack.pop()
                if ptype[x] not in caps:
                    return False
                stack.extend(self.cargo[x])
            return c.carries[to].get(tp, 0) > 0
        return True

    # ---- the move search (hot path) --------------------------------------------------------

    def search(self, pid: int, maxd: int) -> list[tuple[int, int, int]]:
        """Destinations of piece `pid` within `maxd` steps: (node, steps, kind), shortest first.

        MOVE-1 connections, MOVE-2 terrain, MOVE-4 blocking, PIECE-KNIGHT-2/3 jumping own
        pieces only, PIECE-SOLDIER-3/-6 mounting and stepping over own carriers,
        PIECE-SOLDIER-4 / CARRY-9 no carrier-to-carrier step except via a docked vessel,
        CARRY-4 boarding only in harbour, CAPT-1/CAPT-5 captures end the path.
        Parents are left in self._parent for path reconstruction.
        """
        c = self.c
        t = self.ptype[pid]
        me = self.owner[pid]
        team = c.team_of
        myteam = team[me]
        adj = (c.adj_loaded if self.cargo[pid] else c.adj_unloaded)[t]
        stand = c.stand[t]
        occ, owner = self.occ, self.owner
        is_sea = c.is_sea
        jumps = c.jumps_own[t]
        opts = self.g.opts
        ground_ok = opts.vessel_in_harbour_counts_as_ground
        raised = self.raised
        siege_home = c.siege[t] and not opts.siege_may_enter_own_castle
        castle_owner = c.castle_owner
        start0 = self.node[pid]
        ca0 = self.carrier[pid]
        storm = ca0 >= 0 and c.siege[self.ptype[ca0]]  # PIECE-SIEGE-13
        hop = storm and opts.siege_seize_from_adjacent_tower  # PIECE-SIEGE-4 (CP towers)
        if ca0 >= 0 and not self._may_dismount(pid):
            return []
        team_perm = self.g.variant.team_game
        self._stamp += 1
        st = self._stamp
        mark, parent = self._mark, self._parent
        start = self.node[pid]
        mark[start] = st
        parent[start] = -1
        rides = {start} if self.carrier[pid] >= 0 else None
        out: list[tuple[int, int, int]] = []
        frontier = [start]
        d = 0
        while frontier and d < maxd:
            d += 1
            nxt: list[int] = []
            for u in frontier:
                u_rides = rides is not None and u in rides
                for v in adj[u]:
                    if mark[v] == st:
                        continue
                    if raised and (v in raised or u in raised) and self._bridge_blocks(
                            u, v, myteam, storm and u == start0):
                        continue  # DRAW-3
                    if siege_home and castle_owner[v] >= 0 and team[castle_owner[v]] == myteam:
                        continue  # PIECE-SIEGE-14, CONF-34
                    o = occ[v]
                    if o < 0:
                        mark[v] = st
                        if stand[v]:
                            parent[v] = u
                            out.append((v, d, K_MOVE))
                            nxt.append(v)
                        continue
                    oo = owner[o]
                    if oo == me:
                        if self._fits(o, t):
                            if u_rides and not (ground_ok and (is_sea[u] or is_sea[v])) and \
                                    not (hop and u == start0 and c.siege[self.ptype[o]]):
                                continue  # PIECE-SOLDIER-4; PIECE-SIEGE-4 tower to tower
                            mark[v] = st
                            parent[v] = u
                            out.append((v, d, K_MOUNT))
                            if rides is None:
                                rides = set()
                            rides.add(v)
                            nxt.append(v)
                        elif jumps and stand[v]:
                            mark[v] = st  # PIECE-KNIGHT-2
                            parent[v] = u
                            nxt.append(v)
                        else:
                            mark[v] = st
                    elif team[oo] == myteam:
                        if team_perm and self._partner_mount(o, t, v) and not (
                                u_rides and not (ground_ok and (is_sea[u] or is_sea[v]))):
                            mark[v] = st  # TEAM-7, TEAM-9, TEAM-11, TEAM-13
                            parent[v] = u
                            out.append((v, d, K_MOUNT))
                            continue
                        if jumps and stand[v] and self._partner_jump(u, v):
                            mark[v] = st  # TEAM-12
                            parent[v] = u
                            nxt.append(v)
                            continue
                        mark[v] = st  # partner's piece blocks (TEAM-2, TEAM-12 'never')
                    else:
                        if u_rides and is_sea[v] and not ground_ok:
                            continue
                        mark[v] = st
                        if (stand[v] or is_sea[v]) and self._can_capture(pid, o):
                            parent[v] = u  # GRAIL-2/-3, WILD-2: a capture ends there
                            out.append((v, d, K_CAPTURE))
                        elif self._can_take_over(pid, o, u, u_rides):
                            parent[v] = u
                            out.append((v, d, K_RIDE))
            frontier = nxt
        return out

    def _bridge_blocks(self, u: int, v: int, myteam: int, storming: bool) -> bool:
        """DRAW-3: a raised drawbridge closes its access (CONF-33
        raised_drawbridge_blocks_own_pieces); PIECE-SIEGE-13: a soldier stepping off a siege
        engine on the front field into an enemy tower crosses it anyway."""
        c = self.c
        tower = v if v in self.raised else u
        if c.tower_front.get(tower) not in (u, v):
            return False
        raiser = self.raised[tower]
        if storming and tower == v and c.team_of[c.castle_owner[v]] != myteam:
            return False
        return not (c.team_of[raiser] == myteam
                    and not self.g.opts.raised_drawbridge_blocks_own_pieces)

    def _may_dismount(self, pid: int) -> bool:
        """PIECE-CAMEL-8 (CONF-31): no dismounting from a commandeered camel aboard a vessel
        (with 'never' from no camel aboard). Region-to-stair only is in the compiled tables.
        TEAM-13: off a partner's elephant or chariot only in front of the grail."""
        c = self.c
        ca = self.carrier[pid]
        tc = self.ptype[ca]
        if (self.owner[ca] != self.owner[pid] and not c.sea_type[tc] and not c.siege[tc]
                and not c.commandeerable[tc] and self.orig[ca] < 0):
            return self.node[pid] == c.grail_front  # TEAM-13: a partner's elephant / chariot
        if not c.commandeerable[tc] or self.carrier[ca] < 0:
            return True
        if self.g.opts.camel_dismount_aboard_vessel == "never":
            return False
        return self.orig[ca] < 0

    def _partner_mount(self, o: int, t: int, v: int) -> bool:
        """Team game: may a piece of type t get on the partner's carrier o (on field v)?
        TEAM-7 partner vessels (docked), TEAM-9 riderless camels, TEAM-11 siege engines,
        TEAM-13 elephants and chariots only on the field in front of the grail."""
        c = self.c
        to = self.ptype[o]
        if not self._fits(o, t):
            return False
        if c.sea_type[to]:
            return c.is_harbour[v]
        if c.commandeerable[to]:
            return not self.cargo[o]
        if c.siege[to]:
            return True
        return v == c.grail_front

    def _partner_jump(self, u: int, v: int) -> bool:
        """TEAM-12 / CONF-25: knights pass partner pieces only on the grail roads by default."""
        mode = self.g.opts.knight_jump_partner_pieces
        if mode == "anywhere":
            return True
        return mode == "grail_roads_only" and v in self.c.grail_road_nodes

    def _can_take_over(self, pid: int, o: int, u: int, u_rides: bool) -> bool:
        """PIECE-CAMEL-3: a soldier mounts an enemy camel without rider (from the ground);
        PIECE-SIEGE-5: a soldier steps from an adjacent own siege tower onto an unmanned enemy
        siege tower (siege_seize_from_adjacent_tower)."""
        c = self.c
        to = self.ptype[o]
        if self.cargo[o] or not self._fits(o, self.ptype[pid]):
            return False
        if c.commandeerable[to]:
            return not u_rides and self.carrier[o] < 0
        if c.siege[to] and self.g.opts.siege_seize_from_adjacent_tower:
            ca = self.carrier[pid]
            return (u == self.node[pid] and ca >= 0 and c.siege[self.ptype[ca]]
                    and self.owner[ca] == self.owner[pid])
        return False

    def path_to(self, v: int) -> tuple[int, ...]:
        """Path to v from the last search (valid right after `search`)."""
        parent = self._parent
        path = [v]
        while parent[v] >= 0:
            v = parent[v]
            path.append(v)
        return tuple(reversed(path))

    def range_limit(self, pid: int) -> int:
        """MOVE-5; PIECE-GALLEON-3 / CONF-5: a catapult-laden galleon moves at most
        catapult_galleon_max_steps."""
        c = self.c
        lim = c.range_[self.ptype[pid]]
        if c.catapult_cargo_types and self.cargo[pid]:
            cap = self.g.opts.catapult_galleon_max_steps
            if cap != "none" and any(self.ptype[x] in c.catapult_cargo_types
                                     for x in self.cargo[pid]):
                lim = min(lim, cap)
        return lim

    def range_left(self, pid: int) -> int:
        return self.range_limit(pid) - self.steps[pid]

    def action_cost(self, a: tuple) -> int:
        """AP an action costs the mover (responses are free, RECAP-8)."""
        kind = a[0]
        v = self.g.variant
        if kind in (MOVE, RIDE, PUSH):
            return len(a[2]) - 1
        return {SHOOT: v.shot_cost, BUILD: v.build_cost, RAISE: v.drawbridge_raise_cost,
                LOWER: v.drawbridge_lower_cost}.get(kind, 0)

    def is_resting(self, pid: int) -> bool:
        """BUILD-9: builder and new piece rest until the turn (CONF-35: or round) ends."""
        r = self.resting.get(pid)
        return r is not None and self.turn <= r

    # ---- legal actions ------------------------------------------------------------------------

    def legal_actions(self) -> list[tuple]:
        """All legal actions of the actor, in a deterministic order."""
        if self.terminal:
            return []
        if self.window is not None:
            return [*self._responses(), A_DECLINE]
        if self.draw is not None:
            return [A_ACCEPT, A_REJECT]
        s = self.mover
        acts: list[tuple] = []
        left = self.ap_left()
        if left > 0:
            ptype, carrier = self.ptype, self.carrier
            taken: set[tuple[int, int, int, bool]] = set()
            for pid in self._movable(s):
                ca = carrier[pid]
                if ca < 0:
                    acts.extend(self._moves_of(pid, left))
                    continue
                for a in self._moves_of(pid, left):
                    key = (ca, ptype[pid], a[2][-1], a[3])
                    if key not in taken:  # one action per destination for identical riders
                        taken.add(key)
                        acts.append(a)
            g = self.g
            if g.has_shooters:
                acts.extend(self._shots(s, left))
            if g.has_builds and left >= g.variant.build_cost:
                acts.extend(self._builds(s))
            if g.has_drawbridges:
                acts.extend(self._bridge_actions(s, left))
            if g.has_push:
                acts.extend(self._pushes(s, left))
            if self.unprotected(s) and self.risky >= self.g.opts.vulnerable_risky_captures_per_turn:
                acts = [a for a in acts if not self._vuln_blocks(a)]
        acts.append(A_END)
        if "agreed_draw" in self.g.victory and not self.draw_offered:
            acts.append(A_OFFER)
        if self.g.opts.allow_resignation:
            acts.append(A_RESIGN)  # WIN-26
        return acts

    # ---- catapults, building, drawbridges, camels (CP / GC) ------------------------------------

    def fire_set(self, pid: int, at: int | None = None) -> tuple[int, ...]:
        """Target fields of catapult pid (standing on `at`, default its field): aboard a galleon
        at sea the galleon's set (PIECE-CATAPULT-7/-15), else the land set."""
        c = self.c
        v = self.node[pid] if at is None else at
        return c.fire_sea[v] if c.is_sea[v] else c.fire_land[v]

    def shot_effect(self, pid: int, v: int, at: int | None = None) -> str | None:
        """What a shot of catapult pid at field v does: 'hit', 'crew' (siege piece: riders only,
        PIECE-CATAPULT-5/-14), 'bridge' (lowers a raised drawbridge, DRAW-6), or None."""
        c = self.c
        src = self.node[pid] if at is None else at
        me = c.team_of[self.owner[pid]]
        if v in self.raised and c.team_of[self.raised[v]] != me and \
                v not in c.tower_ring.get(src, ()):
            return "bridge"  # PIECE-CATAPULT-17: from outside only the bridge is hit
        o = self.occ[v]
        if o < 0 or c.team_of[self.owner[o]] == me:
            return None
        if c.shot_proof[self.ptype[o]]:
            return "crew" if self.cargo[o] else None
        return "hit"

    def _shots(self, s: int, left: int) -> list[tuple]:
        """PIECE-CATAPULT-2/-11: each catapult one regular shot per own turn, shot_cost AP."""
        c = self.c
        if left < self.g.variant.shot_cost:
            return []
        out = []
        for pid in range(len(self.ptype)):
            if (self.owner[pid] != s or self.node[pid] < 0 or not c.shoots[self.ptype[pid]]
                    or pid in self.shots or self.is_resting(pid)):
                continue
            for v in self.fire_set(pid):
                if self.shot_effect(pid, v) is not None:
                    out.append((SHOOT, pid, v))
        return out

    def _builds(self, s: int) -> list[tuple]:
        """BUILD-1..8: a soldier on foot on a land field builds one piece for build_cost AP."""
        c = self.c
        out = []
        counts: dict[int, int] = {}
        for pid in range(len(self.ptype)):
            if self.owner[pid] == s and self.node[pid] >= 0:
                counts[self.ptype[pid]] = counts.get(self.ptype[pid], 0) + 1
        types = [t for t, lim in enumerate(c.build_limit)
                 if lim is not None and counts.get(t, 0) < lim]  # BUILD-4
        if not types:
            return out
        for pid in range(len(self.ptype)):
            if (self.owner[pid] != s or self.node[pid] < 0 or self.ptype[pid] != self.g.soldier_t
                    or self.carrier[pid] >= 0):
                continue
            u = self.node[pid]
            if not self._build_site_ok(s, u):
                continue
            for t in types:
                place = c.build_place[t]
                if place == "under_builder":
                    if self._fits_type(t, self.g.soldier_t) and self._site_ok_for(s, t, u):
                        out.append((BUILD, pid, t, u))
                elif place == "adjacent_land":
                    for v in c.any_adj[u]:
                        if (v < c.n_fields and not c.is_sea[v] and self.occ[v] < 0
                                and c.stand[t][v] and self._build_site_ok(s, v)
                                and self._site_ok_for(s, t, v)):
                            out.append((BUILD, pid, t, v))
                else:
                    for v in c.harbours_of[u]:
                        if self.occ[v] < 0:
                            out.append((BUILD, pid, t, v))
        return out

    def _fits_type(self, carrier_t: int, t: int) -> bool:
        return self.c.carries[carrier_t].get(t, 0) > 0

    def _build_site_ok(self, s: int, v: int) -> bool:
        """BUILD-3: not on the central island, not in the own castle, not on an opponent's start
        field (the builder's field and the new piece's field)."""
        c = self.c
        if c.is_region[v] or c.central[v] or c.castle_owner[v] == s:
            return False
        return all(c.team_of[x] == c.team_of[s] for x in c.start_seats[v])

    def _site_ok_for(self, s: int, t: int, v: int) -> bool:
        """BUILD-6 / CONF-34: siege pieces never in a tower (siege_build_in_enemy_tower), and with
        siege_build_forbidden_start_fields='all' on no start field at all."""
        c = self.c
        if not c.siege[t]:
            return True
        opts = self.g.opts
        if c.castle_owner[v] >= 0 and not opts.siege_build_in_enemy_tower:
            return False
        return not (opts.siege_build_forbidden_start_fields == "all" and c.start_seats[v])

    def _bridge_actions(self, s: int, left: int) -> list[tuple]:
        """DRAW-2 raise (own tower not held by an enemy, or an enemy tower s holds), DRAW-5 a
        soldier who stormed an enemy tower lowers its raised bridge."""
        c, g = self.c, self.g
        out = []
        myteam = c.team_of[s]
        for tower in c.tower_front:
            if not c.has_drawbridge[tower]:
                continue
            o = self.occ[tower]
            holder = self.owner[o] if o >= 0 else -1
            if tower in self.raised:
                if (left >= g.variant.drawbridge_lower_cost and holder == s
                        and c.team_of[c.castle_owner[tower]] != myteam
                        and self.ptype[o] == g.soldier_t):
                    out.append((LOWER, tower))
                continue
            if left < g.variant.drawbridge_raise_cost:
                continue
            owner = c.castle_owner[tower]
            if owner == s:
                if holder >= 0 and c.team_of[holder] != myteam and \
                        not g.opts.drawbridge_owner_may_raise_occupied:
                    continue
                out.append((RAISE, tower))
            elif holder == s and c.team_of[owner] != myteam:
                out.append((RAISE, tower))
        return out

    def _pushes(self, s: int, left: int) -> list[tuple]:
        """PIECE-CAMEL-5/-6, TEAM-10: push an opponent's riderless camel up to push_steps per
        turn, 1 AP per step, never capturing; not counted against the camel's range."""
        c = self.c
        out = []
        for pid in range(len(self.ptype)):
            t = self.ptype[pid]
            if (not c.push_steps[t] or self.node[pid] < 0 or self.cargo[pid]
                    or self.carrier[pid] >= 0 or c.team_of[self.owner[pid]] == c.team_of[s]):
                continue
            maxd = min(c.push_steps[t] - self.pushed.get(pid, 0), left)
            if maxd <= 0:
                continue
            for v, _d, kind in self.search(pid, maxd):
                if kind == K_MOVE:
                    out.append((PUSH, pid, self.path_to(v)))
        return out

    def _movable(self, s: int) -> list[int]:
        """Own pieces that may move, one per interchangeable cargo group (same carrier, type and
        range left) so that identical soldiers give one action (notation names no soldier)."""
        owner, node, carrier = self.owner, self.node, self.carrier
        out = []
        seen: set[tuple[int, int, int]] = set()
        team = self.g.variant.team_game
        resting = self.resting
        for pid in range(len(owner)):
            if node[pid] < 0:
                continue
            if resting and self.is_resting(pid):
                continue  # BUILD-9
            if owner[pid] != s:
                if team and carrier[pid] < 0 and self.cargo[pid] and self._controls(s, pid):
                    out.append(pid)  # TEAM-7/-8/-11: a partner's carrier with s's pieces aboard
                continue
            if team and carrier[pid] < 0 and self.cargo[pid] and not self._controls(s, pid):
                continue  # TEAM-7: only partner pieces aboard, the owner may not move it
            ca = carrier[pid]
            if ca >= 0:
                key = (ca, self.ptype[pid], self.steps[pid])
                if key in seen:
                    continue
                seen.add(key)
            out.append(pid)
        if len(out) > 1:  # riders with less range left first (canonical choice)
            steps = self.steps
            out.sort(key=lambda p: (p if carrier[p] < 0 else carrier[p], carrier[p] >= 0,
                                    -steps[p], p))
        return out

    def _controls(self, s: int, pid: int) -> bool:
        """TEAM-7/-8/-11: a carrier is moved by its owner unless only partner pieces are aboard;
        a partner moves it while at least one of his pieces is aboard."""
        owner = self.owner
        tc = self.ptype[pid]
        if not (self.c.sea_type[tc] or self.c.siege[tc]):
            return owner[pid] == s  # elephants, chariots, (ridden) camels: their controller
        mine = theirs = False
        stack = list(self.cargo[pid])
        while stack:
            x = stack.pop()
            if owner[x] == s:
                mine = True
            else:
                theirs = True
            stack.extend(self.cargo[x])
        if owner[pid] == s:
            return mine or not theirs
        return mine

    def _moves_of(self, pid: int, ap_left: int) -> list[tuple]:
        maxd = min(self.range_left(pid), ap_left)
        if maxd <= 0:
            return []
        res = self.search(pid, maxd)
        acts = []
        nxt = (self.mover + 1) % self.g.n
        deny = self.g.opts.last_action_capture_denies_response
        for v, d, kind in res:
            path = self.path_to(v)
            if kind == K_RIDE:
                acts.append((RIDE, pid, path, False))
                continue
            acts.append((MOVE, pid, path, False))
            if kind == K_CAPTURE and len(path) >= 2:
                o = self.occ[v]
                prev = path[-2]
                u_rides = (self.carrier[pid] >= 0 if prev == path[0]
                           else self.occ[prev] >= 0)
                if self._can_take_over(pid, o, prev, u_rides):
                    acts.append((RIDE, pid, path, False))  # PIECE-CAMEL-3 instead of capturing
            if (kind == K_CAPTURE and deny and d < ap_left
                    and self.owner[self.occ[v]] == nxt):
                acts.append((MOVE, pid, path, True))  # TURN-11 + RECAP-14: capture and end
        return acts

    def destinations(self, pid: int) -> list[tuple[int, int, int]]:
        """Legal destinations of one piece (bench figure)."""
        maxd = min(self.range_left(pid), self.ap_left())
        return self.search(pid, maxd) if maxd > 0 else []

    def _vuln_blocks(self, a: tuple) -> bool:
        """VULN-3/VULN-4: would this capture by an unprotected player be answerable?"""
        if a[0] != MOVE or self.occ[a[2][-1]] < 0:
            return False
        o = self.occ[a[2][-1]]
        if self.owner[o] == self.owner[a[1]]:
            return False
        s = self.mover
        if self.score(s) >= max(self.score(x) for x in range(self.g.n) if x != s):
            return False  # VULN-4: the leader may capture freely
        probe = self.clone()
        probe._apply(a)
        if probe.terminal and probe.result_ and self.c.seat_ids[s] in probe.result_.winners:
            return False  # a capture that wins is allowed
        return probe.window is not None

    def _response_seats(self, victim: int, partner_only: bool) -> list[int]:
        """RECAP-2 only the victim; TEAM-3 / FREEZE-6 his partner's pieces; TEAM-14."""
        c = self.c
        seats = [] if partner_only else [victim]
        for s in range(self.g.n):
            if s != victim and c.team_of[s] == c.team_of[victim]:
                if self.is_frozen(s) and not self.g.opts.frozen_partner_pieces_usable:
                    continue
                seats.append(s)
        return seats

    def _responses(self) -> list[tuple]:
        """RECAP-3/-4/-12: one piece within reach captures the capturer on the scene."""
        victim, _cap, scene, partner_only = self.window
        reach = self.g.variant.recapture_reach
        seats = set(self._response_seats(victim, partner_only))
        if not seats:
            return []
        c = self.c
        # static ball around the scene: only pieces there can reach it
        ball = {scene}
        frontier = [scene]
        for _ in range(reach):
            nxt = []
            for u in frontier:
                for v in c.any_adj[u]:
                    if v not in ball:
                        ball.add(v)
                        nxt.append(v)
            frontier = nxt
        cands: list[int] = []
        for v in sorted(ball):
            if v != scene and self.occ[v] >= 0:
                self._collect(self.occ[v], cands)
        acts: list[tuple] = []
        seen: set[tuple[int, int]] = set()
        one_step: set[int] = set()
        mine = [p for p in cands if self.owner[p] in seats]
        for pid in mine:
            key = (self.carrier[pid], self.ptype[pid]) if self.carrier[pid] >= 0 else None
            if key is not None:
                if key in seen:
                    continue
                seen.add(key)
            maxd = min(reach, self.c.range_[self.ptype[pid]])
            for v, d, kind in self.search(pid, maxd):
                if v == scene and kind == K_CAPTURE:
                    acts.append((RESP, pid, self.path_to(v), ()))
                    if d == 1:
                        one_step.add(pid)
            if not self.g.opts.recapture_moves_must_be_necessary and self.cargo[pid]:
                acts.extend(self._unload_responses(pid, scene, reach))
        if self.g.two_step and reach >= 2:
            acts.extend(self._two_step_responses(mine, scene, seats, one_step))
        if self.g.has_shooters:
            acts.extend(self._retaliation_shots(seats, scene))
        return acts

    def _two_step_responses(self, mine: list[int], scene: int, seats: set[int],
                            one_step: set[int]) -> list[tuple]:
        """RECAP-5 / RECAP-6: a first step by one of the victim's (or partner's) pieces, then a
        one-step capture by another piece that could not have captured in one step with the
        cargo it had before (the ship docks and its elephant lands; a soldier mounts a wild
        camel and the camel captures)."""
        c = self.c
        out: list[tuple] = []
        near = set(c.any_adj[scene])
        done: set[tuple] = set()
        for p in mine:
            if self.carrier[p] >= 0 and (self.carrier[p], self.ptype[p]) in done:
                continue
            if self.carrier[p] >= 0:
                done.add((self.carrier[p], self.ptype[p]))
            old_carrier = self.carrier[p]
            for w, _d, kind in self.search(p, 1):
                if kind not in (K_MOVE, K_MOUNT) or w == scene:
                    continue
                probe = self.clone()
                probe._relocate(p, w)
                qs = set(probe.pieces_at(w))
                if old_carrier >= 0:
                    qs.add(old_carrier)
                for q in sorted(qs):
                    if (q == p or probe.owner[q] not in seats or q in one_step
                            or probe.node[q] not in near):
                        continue
                    for v, _d2, k2 in probe.search(q, 1):
                        if v == scene and k2 == K_CAPTURE:
                            out.append((RESP, q, (probe.node[q], scene), ((p, w),)))
        return out

    def _graph_distance(self, pid: int, target: int, limit: int) -> int:
        """Steps from pid's field to target over its type's connections, ignoring pieces
        (limit + 1 when farther)."""
        adj = self.c.adj_unloaded[self.ptype[pid]]
        seen = {self.node[pid]}
        frontier = [self.node[pid]]
        for d in range(1, limit + 1):
            nxt = []
            for u in frontier:
                for v in adj[u]:
                    if v == target:
                        return d
                    if v not in seen:
                        seen.add(v)
                        nxt.append(v)
            frontier = nxt
        return limit + 1

    def _retaliation_shots(self, seats: set[int], scene: int) -> list[tuple]:
        """RECAP-17/-19 (CONF-6): a victim's catapult on land or aboard a galleon shoots the
        capturer, after at most one step of the catapult or its galleon (only if necessary
        with catapult_response_move_must_be_necessary); CP one response shot per turn."""
        c, opts = self.c, self.g.opts
        out: list[tuple] = []
        once = opts.catapult_retaliation_limit == "one_per_turn"
        for pid in range(len(self.ptype)):
            if (self.node[pid] < 0 or not c.shoots[self.ptype[pid]]
                    or self.owner[pid] not in seats or (once and pid in self.rshots)):
                continue
            if opts.catapult_response_requires_two_field_reach and self._graph_distance(
                    self.carrier[pid] if self.carrier[pid] >= 0 else pid, scene, 2) > 2:
                continue  # CONF-6: the catapult must be within two fields of the scene
            if self.shot_effect(pid, scene) in ("hit", "crew") and scene in self.fire_set(pid):
                out.append((RSHOT, pid, (), scene))
                if opts.catapult_response_move_must_be_necessary:
                    continue
            mover = self.carrier[pid] if self.carrier[pid] >= 0 else pid
            if self.carrier[mover] >= 0:
                continue
            if opts.catapult_response_requires_two_field_reach and \
                    self._graph_distance(mover, scene, 2) > 2:
                continue  # CONF-6: the catapult must be within two fields of the scene
            for w, _d, kind in self.search(mover, 1):
                if kind != K_MOVE:
                    continue
                if scene in self.fire_set(pid, w) and self.shot_effect(pid, scene, w) in (
                        "hit", "crew"):
                    out.append((RSHOT, pid, ((mover, w),), scene))
        return out

    def _unload_responses(self, pid: int, scene: int, reach: int) -> list[tuple]:
        """RECAP-7 (classic [000], option false): soldiers dismount onto empty fields, then
        the carrier recaptures alone."""
        out = []
        riders = list(self.cargo[pid])
        spots: dict[int, list[int]] = {}
        for r in riders:
            spots[r] = [v for v, _d, k in self.search(r, 1) if k == K_MOVE]
        options: list[tuple[tuple[int, int], ...]] = []
        for r in riders:
            options.extend(((r, v),) for v in spots[r])
        if len(riders) == 2:
            a, b = riders
            options.extend(((a, va), (b, vb)) for va in spots[a] for vb in spots[b] if va != vb)
        for unloads in options:
            probe = self.clone()
            for r, v in unloads:
                probe._relocate(r, v)
            for v, _d, kind in probe.search(pid, min(reach, self.c.range_[self.ptype[pid]])):
                if v == scene and kind == K_CAPTURE:
                    out.append((RESP, pid, probe.path_to(v), tuple(unloads)))
        return out

    # ---- applying ---------------------------------------------------------------------------

    def apply(self, action: tuple, check: bool = True) -> None:
        """Apply an action; with check=True an illegal one raises IllegalAction (with reason)."""
        action = self.normalize(action)
        if check:
            reason = self.explain(action)
            if reason is not None:
                raise IllegalAction(reason)
        if self.keep_undo:
            self._undo.append(self._snapshot())
        self._apply(action)

    def normalize(self, action: tuple) -> tuple:
        """Turn the destination form (a two-node path between non-adjacent fields) into the
        shortest legal path, when there is one."""
        if action and action[0] in (MOVE, RESP) and len(action) == 4:
            pid, path = action[1], tuple(action[2])
            if (len(path) == 2 and 0 <= pid < len(self.node) and self.node[pid] == path[0]
                    and path[1] not in self.c.any_adj[path[0]]):
                for v, _d, _k in self.search(pid, 64):
                    if v == path[1]:
                        return (action[0], pid, self.path_to(v), action[3])
            return (action[0], pid, path, action[3])
        return action

    def undo(self) -> None:
        self._restore(self._undo.pop())

    def _snapshot(self) -> tuple:
        return (self.owner[:], self.node[:], self.carrier[:], [x[:] for x in self.cargo],
                self.steps[:], self.occ[:], self.cnt_all[:], self.cnt_land[:],
                self.captured[:], self.turn, self.ap_spent, self.quiet, self.quiet_round_clean,
                self.captured_this_turn, self.window, self.end_pending, self.draw,
                self.draw_offered, self.risky, self.terminal, self.result_,
                self.vuln_end_pending, self.ptype[:], self.orig[:], set(self.shots),
                set(self.rshots), dict(self.pushed), dict(self.raised), dict(self.resting),
                self.built, self.frozen_mark[:], self.any_capture)

    def _restore(self, snap: tuple) -> None:
        (self.owner, self.node, self.carrier, self.cargo, self.steps, self.occ, self.cnt_all,
         self.cnt_land, self.captured, self.turn, self.ap_spent, self.quiet,
         self.quiet_round_clean, self.captured_this_turn, self.window, self.end_pending,
         self.draw, self.draw_offered, self.risky, self.terminal, self.result_,
         self.vuln_end_pending, self.ptype, self.orig, self.shots, self.rshots, self.pushed,
         self.raised, self.resting, self.built, self.frozen_mark, self.any_capture) = snap

    def clone(self) -> State:
        other = State.__new__(State)
        other.g, other.c = self.g, self.c
        other._restore(self._snapshot())
        other._undo = []
        other._mark = [0] * len(self._mark)
        other._parent = [-1] * len(self._parent)
        other._stamp = 0
        other.keep_undo = self.keep_undo
        return other

    def _apply(self, a: tuple) -> None:
        kind = a[0]
        if kind == MOVE:
            self._apply_move(a[1], a[2], a[3])
        elif kind == RESP:
            self._apply_response(a[1], a[2], a[3])
        elif kind == DECLINE:
            _victim, cap, _scene, _p = self.window
            self.window = None
            self._regenerate(cap)
            self._maybe_end_turn()
        elif kind == END:
            self._end_turn()
        elif kind == OFFER_DRAW:
            self.draw = self.mover
            self.draw_offered = True
        elif kind == ACCEPT_DRAW:
            self.draw = None
            self._finish((), "WIN-4: draw agreed")
        elif kind == REJECT_DRAW:
            self.draw = None
        elif kind == RIDE:
            self._apply_ride(a[1], a[2], a[3])
        elif kind == SHOOT:
            self._apply_shot(a[1], a[2])
        elif kind == RSHOT:
            self._apply_rshot(a[1], a[2], a[3])
        elif kind == BUILD:
            self._apply_build(a[1], a[2], a[3])
        elif kind == RAISE:
            self.ap_spent += self.g.variant.drawbridge_raise_cost  # DRAW-2
            self.raised[a[1]] = self.mover
            self._maybe_end_turn()
        elif kind == LOWER:
            self.ap_spent += self.g.variant.drawbridge_lower_cost  # DRAW-5
            del self.raised[a[1]]
            self._maybe_end_turn()
        elif kind == PUSH:
            pid, path = a[1], a[2]
            cost = len(path) - 1
            self.ap_spent += cost  # PIECE-CAMEL-5: 1 AP per step, not the camel's range
            self.pushed[pid] = self.pushed.get(pid, 0) + cost
            self._relocate(pid, path[-1])
            self._check_immediate(self.mover, None)
            self._maybe_end_turn()
        elif kind == RESIGN:
            s = self.mover  # WIN-26 with allow_resignation: the resigning side loses
            others = tuple(x for x in range(self.g.n) if self.c.team_of[x] != self.c.team_of[s])
            self._finish(others, f"WIN-26: {self.c.seat_ids[s]} resigned")
        else:
            raise ValueError(f"unknown action {a!r}")

    def _set_node(self, pid: int, v: int) -> None:
        self.node[pid] = v
        for x in self.cargo[pid]:
            self._set_node(x, v)

    def _detach(self, pid: int) -> None:
        ca = self.carrier[pid]
        if ca >= 0:
            self.cargo[ca].remove(pid)
            self.carrier[pid] = -1
        else:
            self.occ[self.node[pid]] = -1

    def _relocate(self, pid: int, v: int) -> None:
        """Move a piece (with its cargo) to an empty node or onto an own carrier there.
        Mounting a partner's riderless camel puts it under the rider's control (TEAM-9);
        a commandeered camel or seized siege tower left without rider reverts at once
        (PIECE-CAMEL-4, PIECE-SIEGE-6)."""
        old = self.carrier[pid]
        self._detach(pid)
        o = self.occ[v]
        if o < 0:
            self.occ[v] = pid
        else:
            self.cargo[o].append(pid)
            self.carrier[pid] = o
            if self.owner[o] != self.owner[pid] and self.c.commandeerable[self.ptype[o]]:
                self._take_over(o, self.owner[pid])
        self._set_node(pid, v)
        if old >= 0:
            self._revert_check(old)

    def _take_over(self, o: int, s: int) -> None:
        if self.orig[o] < 0:
            self.orig[o] = self.owner[o]
        self.owner[o] = s

    def _revert_check(self, o: int) -> None:
        """PIECE-CAMEL-4, PIECE-SIEGE-6: back to the original owner when nobody rides it."""
        if self.orig[o] >= 0 and not self.cargo[o] and self.node[o] >= 0:
            self.owner[o] = self.orig[o]
            self.orig[o] = -1

    def _remove(self, pid: int, by: int) -> int:
        """Remove a captured piece and its cargo (CARRY-3, CAPT-11); returns pieces removed."""
        n = 1
        for x in self.cargo[pid]:
            n += self._remove(x, by)
        self.cargo[pid] = []
        s = self.owner[pid] if self.orig[pid] < 0 else self.orig[pid]
        self.orig[pid] = -1
        self.cnt_all[s] -= 1
        if self.c.land_piece[self.ptype[pid]]:
            self.cnt_land[s] -= 1
        self.captured[by] += 1
        self.node[pid] = -1
        self.carrier[pid] = -1
        return n

    def _capture_at(self, pid: int, v: int, by: int, new_owner: int | None = None) -> int:
        """pid takes the stack on v (CAPT-1, CAPT-5 boarding, CAPT-7 seizure, CAPT-9 sinking).
        A vessel retaken in a response goes back to `new_owner`, the victim (RECAP-13).
        Returns the victim seat."""
        c = self.c
        o = self.occ[v]
        victim = self.owner[o]
        old_carrier = self.carrier[pid]
        self._detach(pid)
        opts = self.g.opts
        if c.sea_type[self.ptype[o]] and not c.sea_type[self.ptype[pid]]:
            removed = 0
            for x in list(self.cargo[o]):  # CAPT-5: the cargo is captured
                removed += self._remove(x, by)
            if removed > 1 and not opts.score_cargo_individually:
                self.captured[by] -= removed - 1  # CONF-12: a stack scores once
            if opts.score_seized_vessel_as_captured:
                self.captured[by] += 1  # CONF-12 / WIN-17 option
            self.cargo[o] = []
            gets = self.owner[pid] if new_owner is None else new_owner
            self.cnt_all[victim] -= 1  # CAPT-7: the vessel changes owner for good
            self.cnt_all[gets] += 1
            self.owner[o] = gets
            self.steps[o] = 0
            self.cargo[o].append(pid)
            self.carrier[pid] = o
        else:
            removed = self._remove(o, by)
            if removed > 1 and not opts.score_cargo_individually:
                self.captured[by] -= removed - 1  # CONF-12: a stack scores once
            self.occ[v] = pid
        self._set_node(pid, v)
        self.captured_this_turn = True
        self.quiet_round_clean = False
        self.any_capture = True
        if old_carrier >= 0:
            self._revert_check(old_carrier)
        return victim

    def _apply_move(self, pid: int, path: tuple[int, ...], end: bool) -> None:
        v = path[-1]
        cost = len(path) - 1
        s = self.mover
        self.ap_spent += cost  # TURN-3, TURN-4
        self.steps[pid] += cost  # MOVE-5, TURN-5
        o = self.occ[v]
        if o >= 0 and self.c.team_of[self.owner[o]] != self.c.team_of[self.owner[pid]]:
            was_unprotected = self.unprotected(s)
            before = [self.count(x) for x in range(self.g.n)]
            victim = self._capture_at(pid, v, s)
            self._after_capture(pid, v, victim, s, before, end, was_unprotected)
            return
        self._relocate(pid, v)
        self._check_immediate(s, None)
        if not self.terminal and (end or self.ap_left() <= 0):
            self._end_turn()

    def _apply_ride(self, pid: int, path: tuple[int, ...], end: bool) -> None:
        """PIECE-CAMEL-3 / PIECE-SIEGE-5: mount a riderless enemy camel or unmanned enemy siege
        tower; it is controlled by the rider's owner. CAPT-13 / CONF-32 and PIECE-SIEGE-7: by
        default a capture for the response window and regeneration, but it removes and scores
        nothing and resets no no-capture counter (WIN-25)."""
        v = path[-1]
        cost = len(path) - 1
        s = self.mover
        self.ap_spent += cost
        self.steps[pid] += cost
        o = self.occ[v]
        victim = self.owner[o]
        was_unprotected = self.unprotected(s)
        before = [self.count(x) for x in range(self.g.n)]
        old = self.carrier[pid]
        self._detach(pid)
        self.cargo[o].append(pid)
        self.carrier[pid] = o
        self._set_node(pid, v)
        self._take_over(o, s)
        if old >= 0:
            self._revert_check(old)
        is_capture = (self.g.opts.camel_commandeer_is_capture
                      if self.c.commandeerable[self.ptype[o]] else True)
        if is_capture:
            self._after_capture(pid, v, victim, s, before, end, was_unprotected)
            return
        self._check_immediate(s, None)
        if not self.terminal and (end or self.ap_left() <= 0):
            self._end_turn()

    def _shot_remove(self, pid: int, v: int) -> tuple[str | None, int]:
        """Resolve a shot at v (PIECE-CATAPULT-5/-13/-14, DRAW-6, CAPT-9); returns (effect,
        victim seat)."""
        effect = self.shot_effect(pid, v)
        by = self.owner[pid]
        if effect == "bridge":
            del self.raised[v]  # DRAW-6: the bridge falls, nobody is harmed
            return effect, -1
        o = self.occ[v]
        victim = self.owner[o]
        if effect == "crew":
            for x in list(self.cargo[o]):
                self._remove(x, by)
            self.cargo[o] = []
            self._revert_check(o)  # PIECE-SIEGE-6: an unmanned seized tower reverts
        else:
            self._remove(o, by)
            self.occ[v] = -1
        self.captured_this_turn = True  # WIN-25: shots reset the no-capture count
        self.quiet_round_clean = False
        self.any_capture = True
        return effect, victim

    def _apply_shot(self, pid: int, v: int) -> None:
        """PIECE-CATAPULT-2/-11: shot_cost AP, the catapult stays and does not regenerate
        (PIECE-CATAPULT-9, -19); RECAP-20: the victim gets no response, unless
        catapult_shot_answerable (CONF-6): then he may answer against the catapult's stack."""
        s = self.mover
        self.ap_spent += self.g.variant.shot_cost
        self.shots.add(pid)
        before = [self.count(x) for x in range(self.g.n)]
        was_unprotected = self.unprotected(s)
        effect, victim = self._shot_remove(pid, v)
        if self.g.opts.catapult_shot_answerable and effect in ("hit", "crew") and victim >= 0:
            self._after_capture(pid, self.node[pid], victim, s, before, False, was_unprotected)
            return
        self._check_immediate(s, before)
        if self.terminal:
            return
        self._maybe_end_turn()

    def _apply_rshot(self, pid: int, pre: tuple, v: int) -> None:
        """RECAP-17/-19: free retaliation shot (RECAP-8), after at most one step (pre)."""
        victim, _cap, scene, _p = self.window
        mover = self.mover
        was_unprotected = self.unprotected(mover)
        before = [self.count(x) for x in range(self.g.n)]
        for q, w in pre:
            self._relocate(q, w)
        self.window = None
        self.rshots.add(pid)
        self._shot_remove(pid, scene)
        self._close_response(mover, victim, before, was_unprotected)

    def _apply_build(self, pid: int, t: int, v: int) -> None:
        """BUILD-1..10: build_cost AP; BUILD-5/-6 the builder rides the new chariot or siege
        engine; BUILD-7 catapult on an adjacent field; BUILD-8 vessel in a linked harbour;
        BUILD-9 builder and new piece rest (CONF-35 new_piece_inactive_until)."""
        s = self.mover
        self.ap_spent += self.g.variant.build_cost
        new = self._new_piece(s, t, v, -1, 0)
        self.built += 1
        if self.c.build_place[t] == "under_builder":
            self._detach(pid)
            self.occ[v] = new
            self.cargo[new].append(pid)
            self.carrier[pid] = new
            self._set_node(new, v)
        else:
            self.occ[v] = new
        n = self.g.n
        until = (self.turn if self.g.opts.new_piece_inactive_until == "end_of_turn"
                 else self.turn - self.turn % n + n - 1)
        self.resting[pid] = until
        self.resting[new] = until
        self._maybe_end_turn()

    def _after_capture(self, pid: int, scene: int, victim: int, by: int, before: list[int],
                       end: bool, was_unprotected: bool) -> None:
        self._check_immediate(by, before)
        if self.terminal:
            return
        last = end or self.ap_left() <= 0  # TURN-11
        opts = self.g.opts
        partner_only = False
        open_window = True
        if self.is_frozen(victim):
            open_window = False  # RECAP-16, FREEZE-2
        elif last and victim == (self.mover + 1) % self.g.n and \
                opts.last_action_capture_denies_response:
            # RECAP-14: the left neighbour gets no response; TEAM-14 partner pieces if allowed
            open_window = opts.last_action_partner_response and self.g.variant.team_game
            partner_only = True
        if open_window:
            self.window = (victim, pid, scene, partner_only)
            if not self._responses():
                self.window = None  # nobody can respond: the window closes at once
            elif was_unprotected:
                self.risky += 1  # VULN-3
        if self.window is None:
            self._regenerate(pid)
            if last:
                self._end_turn()
        else:
            self.end_pending = last

    def _regenerate(self, pid: int) -> None:
        """CAPT-10: a capturer not taken by a response regains its full range (TURN-6 caps AP)."""
        if self.node[pid] >= 0 and self.c.regenerates[self.ptype[pid]]:
            self.steps[pid] = 0

    def _maybe_end_turn(self) -> None:
        if self.terminal:
            return
        if self.end_pending or self.ap_left() <= 0:
            self.end_pending = False
            self._end_turn()

    def _apply_response(self, pid: int, path: tuple[int, ...], unloads: tuple) -> None:
        """RECAP-8 free of AP and range; RECAP-9 the mover continues afterwards."""
        victim, _cap, scene, _p = self.window
        mover = self.mover
        was_unprotected = self.unprotected(mover)
        before = [self.count(x) for x in range(self.g.n)]
        for r, v in unloads:  # RECAP-7, or the first of two steps (RECAP-5)
            self._relocate(r, v)
        self.window = None
        o = self.occ[scene]
        back = (victim if self.c.sea_type[self.ptype[o]]
                and not self.c.sea_type[self.ptype[pid]] else None)  # RECAP-13
        self._capture_at(pid, scene, victim, back)
        self._close_response(mover, victim, before, was_unprotected)

    def _close_response(self, mover: int, victim: int, before: list[int],
                        was_unprotected: bool) -> None:
        """After a recapture or retaliation shot: immediate victories (WIN-24), then VULN-2 —
        an unprotected/vulnerable mover who lost a piece to the response ends the game now or
        at the end of his turn (`vulnerable_loss_end_timing`, CONF-22)."""
        self._check_immediate(victim, before)
        if self.terminal:
            return
        if was_unprotected and self.count(mover) < before[mover]:
            if self.g.opts.vulnerable_loss_end_timing == "immediately":
                self._decide_by_points("VULN-2: unprotected player lost a piece to a response")
                return
            self.vuln_end_pending = True
        self._maybe_end_turn()

    # ---- turns and endings ------------------------------------------------------------------

    def _end_turn(self) -> None:
        """TURN-11 end of turn; WIN-24 count-based endings; TURN-10 rounds; auto-pass of
        players without AP (FREEZE-2: their turns still count)."""
        g = self.g
        for _guard in range(4 * g.n + 4):
            self.window = None
            self.end_pending = False
            self.draw = None
            counting = self.any_capture or g.opts.no_capture_counter_from_start  # CONF-20
            if self.captured_this_turn:
                self.quiet = 0
            elif g.opts.no_capture_window == "rounds_since_last_capture" and counting:
                self.quiet += 1
            if g.opts.no_capture_window == "complete_rounds" and self.mover == g.n - 1:
                self.quiet = self.quiet + g.n if self.quiet_round_clean else 0
                self.quiet_round_clean = True
            self.captured_this_turn = False
            if self.vuln_end_pending:
                self._decide_by_points("VULN-2: unprotected player lost a piece to a response")
                return
            self._check_turn_end()
            if self.terminal:
                return
            self.turn += 1
            self.ap_spent = 0
            self.risky = 0
            self.draw_offered = False
            self.shots = set()
            self.rshots = set()
            self.pushed = {}
            if self.raised:  # DRAW-4: the raiser's bridges fall at the start of his turn
                m = self.mover
                self.raised = {k: r for k, r in self.raised.items() if r != m}
            if self.is_frozen(self.mover):
                self.frozen_mark[self.mover] = self.turn  # CONF-19
            steps = self.steps
            for i in range(len(steps)):
                steps[i] = 0
            if self.budget(self.mover) > 0:
                return

    def _check_turn_end(self) -> None:
        g = self.g
        vic = g.victory
        n = g.n
        if "one_piece_left" in vic and any(self.count(s) == 1 for s in range(n)):  # WIN-8
            self._decide_by_points(self._r("one_piece_left", "WIN-8")
                                   + ": a player has one piece left")
            return
        for kind in ("no_capture_limit", "team_no_capture_limit"):
            if kind not in vic:
                continue
            cond = vic[kind]
            two = cond.decider == "enemy_capital"
            rounds = cond.rounds or (g.opts.two_player_timeout_rounds if two
                                     else g.opts.no_capture_rounds)
            if self.quiet >= rounds * n:
                if kind == "team_no_capture_limit":
                    self._decide_team_timeout()
                elif two:
                    self._decide_two_player_timeout()
                else:
                    self._decide_by_points(self._r("no_capture_limit", "WIN-9")
                                           + ": no capture for "
                                           f"{rounds} rounds")
                return

    def _finish(self, winners: tuple[int, ...] | tuple[str, ...], reason: str) -> None:
        ids = tuple(w if isinstance(w, str) else self.c.seat_ids[w] for w in winners)
        self.terminal = True
        self.window = None
        self.result_ = Result(ids, reason, {self.c.seat_ids[s]: self.score(s)
                                            for s in range(self.g.n)})

    def _team_members(self, s: int) -> tuple[int, ...]:
        t = self.c.team_of[s]
        return tuple(x for x in range(self.g.n) if self.c.team_of[x] == t)

    def _decide_by_points(self, why: str) -> None:
        """WIN-8/WIN-9 by victory points (WIN-10); FREEZE-4 frozen players excluded; WIN-23
        ties shared, or CONF-13 captured_then_shared."""
        cands = [s for s in range(self.g.n) if not self.is_frozen(s)]
        if self.g.opts.frozen_exclusion == "frozen_during_last_round":  # CONF-19, FREEZE-4
            recent = self.turn - self.g.n
            cands = [s for s in cands if self.frozen_mark[s] <= recent]
        if not cands:
            self._finish((), why + "; every player is frozen")
            return
        best = max(self.score(s) for s in cands)
        top = [s for s in cands if self.score(s) == best]
        if len(top) > 1 and self.g.opts.count_tiebreak == "captured_then_shared":
            most = max(self.captured[s] for s in top)
            top = [s for s in top if self.captured[s] == most]
        self._finish(tuple(top), why + " (WIN-10 victory points)")

    def _enemy_castle_fields(self, s: int) -> int:
        c, occ, owner = self.c, self.occ, self.owner
        n = 0
        for t, fields in enumerate(c.castle_fields):
            if c.team_of[t] == c.team_of[s]:
                continue
            for f in fields:
                o = occ[f]
                if o >= 0 and owner[o] == s:
                    n += 1
        return n

    def _decide_two_player_timeout(self) -> None:
        """WIN-3: more enemy capital fields wins; tie: CONF-10 two_player_timeout_tiebreak."""
        held = [self._enemy_castle_fields(s) for s in range(self.g.n)]
        best = max(held)
        top = [s for s in range(self.g.n) if held[s] == best]
        if len(top) > 1 and self.g.opts.two_player_timeout_tiebreak == "most_captured":
            most = max(self.captured[s] for s in top)
            top = [s for s in top if self.captured[s] == most]
        why = self._r("no_capture_limit", "WIN-3") + ": no capture for the round limit"
        self._finish(tuple(top) if len(top) == 1 else (), why + ("" if len(top) == 1
                                                                 else "; tie, draw"))

    def _decide_team_timeout(self) -> None:
        """TEAM-5: more grail + opposing capital fields; tie: team victory points; else draw."""
        c = self.c
        teams = sorted(set(c.team_of))
        def fields(t: int) -> int:
            n = 0
            for s in range(self.g.n):
                if c.team_of[s] == t:
                    n += self._enemy_castle_fields(s)
                    n += sum(1 for f in c.grail_fields
                             if self.occ[f] >= 0 and self.owner[self.occ[f]] == s)
            return n
        def points(t: int) -> int:
            return sum(self.score(s) for s in range(self.g.n) if c.team_of[s] == t)
        ranked = sorted(teams, key=lambda t: (fields(t), points(t)), reverse=True)
        a, b = ranked[0], ranked[1]
        if (fields(a), points(a)) == (fields(b), points(b)):
            self._finish((), self._r("team_no_capture_limit", "TEAM-5")
                         + ": no capture for the round limit; tie, draw")
            return
        self._finish(tuple(s for s in range(self.g.n) if c.team_of[s] == a),
                     self._r("team_no_capture_limit", "TEAM-5")
                     + ": no capture for the round limit")

    def _check_immediate(self, by: int, before: list[int] | None) -> None:
        """WIN-24: immediate victories after every action (including responses)."""
        g, c = self.g, self.c
        vic = g.victory
        n = g.n
        if before is not None:
            if "elimination" in vic:  # WIN-6: the capturer took an opponent's last pieces
                for s in range(n):
                    if s != by and before[s] > 0 and self.count(s) == 0:
                        self._finish((by,), self._r("elimination", "WIN-6")
                                     + f": {c.seat_ids[by]} took the last pieces of "
                                     f"{c.seat_ids[s]}")
                        return
            if "annihilation" in vic:  # WIN-2
                for s in range(n):
                    if self.cnt_land[s] == 0:
                        others = tuple(x for x in range(n) if c.team_of[x] != c.team_of[s])
                        self._finish(others, self._r("annihilation", "WIN-2")
                                     + f": {c.seat_ids[s]} has no land pieces left")
                        return
            if "team_elimination" in vic:  # TEAM-5, TEAM-6, CONF-23
                last_two = g.opts.team_elimination_rule == "last_two_land_pieces"
                for s in range(n):
                    if self.cnt_land[s] == 0 and before[s] > 0 and last_two and (
                            self.window is not None or c.team_of[by] != c.team_of[self.mover]
                            or before[s] > 2):
                        continue  # last_two: the mover's team takes the last two in its turn
                    if self.cnt_land[s] == 0:
                        others = tuple(x for x in range(n) if c.team_of[x] != c.team_of[s])
                        self._finish(others, self._r("team_elimination", "TEAM-5")
                                     + f": {c.seat_ids[s]} lost all land pieces")
                        return
        for kind in ("siege_in_capital", "siege_in_tower", "siege_in_grail"):
            if kind in vic and self._siege_win(kind):
                return
        if "capital_occupation" in vic:  # WIN-1
            for s in range(n):
                fields = c.castle_fields[s]
                if not fields:
                    continue
                holders = set()
                for f in fields:
                    o = self.occ[f]
                    holders.add(self.owner[o] if o >= 0 else -1)
                if len(holders) == 1:
                    h = holders.pop()
                    if h >= 0 and c.team_of[h] != c.team_of[s]:
                        self._finish((h,), self._r("capital_occupation", "WIN-1")
                                     + f": {c.seat_ids[h]} holds the whole capital "
                                     f"of {c.seat_ids[s]}")
                        return
        if "team_freeze" in vic or "all_others_frozen" in vic:
            frozen = [self.is_frozen(s) for s in range(n)]
            if "team_freeze" in vic and any(frozen):  # TEAM-5
                s = frozen.index(True)
                others = tuple(x for x in range(n) if c.team_of[x] != c.team_of[s])
                self._finish(others, self._r("team_freeze", "TEAM-5")
                             + f": {c.seat_ids[s]} is frozen")
                return
            if "all_others_frozen" in vic and frozen.count(False) == 1:  # WIN-7
                mobile = frozen.index(False)
                win = mobile if g.opts.all_frozen_winner == "sole_mobile_player" else by
                self._finish((win,), self._r("all_others_frozen", "WIN-7")
                             + ": all other players are frozen")
                return

    def _r(self, kind: str, default: str) -> str:
        """The rule ID the variant names for a victory condition (e.g. WIN-16 for GC4)."""
        cond = self.g.victory.get(kind)
        return (cond.rule if cond is not None and cond.rule else default)

    def _siege_win(self, kind: str) -> bool:
        """WIN-5 (siege tower in the enemy capital), WIN-11 (siege tower in the grail), WIN-13 /
        WIN-20 / TEAM-6 (siege engine into an enemy tower): an immediate win for its owner
        (and partner)."""
        c = self.c
        fields = c.grail_fields if kind == "siege_in_grail" else [
            f for fs in c.castle_fields for f in fs]
        for f in fields:
            o = self.occ[f]
            if o < 0 or not c.siege[self.ptype[o]]:
                continue
            s = self.owner[o]
            if kind != "siege_in_grail" and c.team_of[c.castle_owner[f]] == c.team_of[s]:
                continue
            rule = self.g.victory[kind].rule or kind
            self._finish(self._team_members(s), f"{rule}: {c.seat_ids[s]} brought a siege piece "
                         f"onto {c.node_ids[f]}")
            return True
        return False

    # ---- explanations -----------------------------------------------------------------------

    def is_legal(self, action: tuple) -> bool:
        return self.explain(action) is None

    def explain(self, a: tuple) -> Reason | None:
        """None when the action is legal, else why not (reason code + rule ID + message)."""
        from editor.rules.why import explain_action

        return explain_action(self, a)
