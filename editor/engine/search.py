"""Move generation: the breadth-first move search (the hot path) and what it consults —
carrying, capturing, dismounting, partners, take-overs, raised drawbridges — and which pieces
may move. A mixin of `State` (editor.engine.game); the fields live in `StateData`.
"""

from __future__ import annotations

from editor.engine.actions import K_CAPTURE, K_MOUNT, K_MOVE, K_RIDE
from editor.engine.search_tables import SearchTables, load_fits
from editor.engine.state import StateData

try:
    import cython
except ImportError:  # interpreted without Cython: the C types below are no-ops
    from editor.engine import cython_shim as cython


# What the search consults in its rarer branches: module functions, so that the compiled search
# calls them in C (`search.pxd`); `Search` has them as its methods too (below).


def can_capture(st: Search, pid: int, o: int) -> bool:
    """Capture matrix (CAPT-2), boarding enemy vessels (CAPT-5)."""
    c, ptype = st.compiled, st.ptype
    tp, to = ptype[pid], ptype[o]
    caps = c.captures[tp]
    if to not in caps:
        return False
    if c.rider_needed[tp] and not st.cargo[pid]:
        return False  # PIECE-CAMEL-2, CAPT-3, CAPT-6: wild camels never capture
    if c.sea_type[to] and not c.sea_type[tp]:
        if c.seize_empty_only[tp] and st.cargo[o]:
            return False  # PIECE-CATAPULT-16, CONF-7: catapults seize only empty vessels
        stack = list(st.cargo[o])  # CAPT-5: must capture all cargo and fit aboard
        while stack:
            x = stack.pop()
            if ptype[x] not in caps:
                return False
            stack.extend(st.cargo[x])
        return c.carries[to].get(tp, 0) > 0
    return True


def bridge_blocks(st: Search, u: int, v: int, myteam: int, storming: bool) -> bool:
    """DRAW-3: a raised drawbridge closes its access (CONF-33
    raised_drawbridge_blocks_own_pieces); PIECE-SIEGE-13: a soldier stepping off a siege
    engine on the front field into an enemy tower crosses it anyway."""
    c = st.compiled
    tower = v if v in st.raised else u
    if c.tower_front.get(tower) not in (u, v):
        return False
    raiser = st.raised[tower]
    if storming and tower == v and c.team_of[c.castle_owner[v]] != myteam:
        return False
    return not (c.team_of[raiser] == myteam
                and not st.game.opts.raised_drawbridge_blocks_own_pieces)


def may_dismount(st: Search, pid: int) -> bool:
    """PIECE-CAMEL-8 (CONF-31): no dismounting from a commandeered camel aboard a vessel
    (with 'never' from no camel aboard). Region-to-stair only is in the compiled tables.
    TEAM-13: off a partner's elephant or chariot only in front of the grail."""
    c = st.compiled
    ca = st.carrier[pid]
    tc = st.ptype[ca]
    if (st.owner[ca] != st.owner[pid] and not c.sea_type[tc] and not c.siege[tc]
            and not c.commandeerable[tc] and st.orig[ca] < 0):
        return st.node[pid] == c.grail_front  # TEAM-13: a partner's elephant / chariot
    if not c.commandeerable[tc] or st.carrier[ca] < 0:
        return True
    if st.game.opts.camel_dismount_aboard_vessel == "never":
        return False
    return st.orig[ca] < 0


def partner_mount(st: Search, o: int, t: int, v: int) -> bool:
    """Team game: may a piece of type t get on the partner's carrier o (on field v)?
    TEAM-7 partner vessels (docked), TEAM-9 riderless camels, TEAM-11 siege engines,
    TEAM-13 elephants and chariots only on the field in front of the grail."""
    c = st.compiled
    to = st.ptype[o]
    if not st.fits(o, t):
        return False
    if c.sea_type[to]:
        return c.is_harbour[v]
    if c.commandeerable[to]:
        return not st.cargo[o]
    if c.siege[to]:
        return True
    return v == c.grail_front


def partner_jump(st: Search, u: int, v: int) -> bool:
    """TEAM-12 / CONF-25: knights pass partner pieces only on the grail roads by default."""
    mode = st.game.opts.knight_jump_partner_pieces
    if mode == "anywhere":
        return True
    return mode == "grail_roads_only" and v in st.compiled.grail_road_nodes


def can_take_over(st: Search, pid: int, o: int, u: int, u_rides: bool) -> bool:
    """PIECE-CAMEL-3: a soldier mounts an enemy camel without rider (from the ground);
    PIECE-SIEGE-5: a soldier steps from an adjacent own siege tower onto an unmanned enemy
    siege tower (siege_seize_from_adjacent_tower)."""
    c = st.compiled
    to = st.ptype[o]
    if st.cargo[o] or not st.fits(o, st.ptype[pid]):
        return False
    if c.commandeerable[to]:
        return not u_rides and st.carrier[o] < 0
    if c.siege[to] and st.game.opts.siege_seize_from_adjacent_tower:
        ca = st.carrier[pid]
        return (u == st.node[pid] and ca >= 0 and c.siege[st.ptype[ca]]
                and st.owner[ca] == st.owner[pid])
    return False


@cython.boundscheck(False)
@cython.wraparound(False)
@cython.locals(x=cython.Py_ssize_t, tc=cython.Py_ssize_t, mine=cython.bint, theirs=cython.bint,
               owner=list, cargo=list, stack=list)
def controls_of(st: Search, s: int, pid: int) -> bool:
    """TEAM-7/-8/-11: a carrier is moved by its owner unless only partner pieces are aboard;
    a partner moves it while at least one of his pieces is aboard."""
    owner, cargo = st.owner, st.cargo
    tc = st.ptype[pid]
    c = st.compiled
    if not (c.sea_type[tc] or c.siege[tc]):
        return owner[pid] == s  # elephants, chariots, (ridden) camels: their controller
    mine = theirs = False
    stack = list(cargo[pid])
    while stack:
        x = stack.pop()
        if owner[x] == s:
            mine = True
        else:
            theirs = True
        stack.extend(cargo[x])
    if owner[pid] == s:
        return mine or not theirs
    return mine


@cython.boundscheck(False)
@cython.wraparound(False)
@cython.locals(t=cython.Py_ssize_t, load=cython.Py_ssize_t,
               me=cython.Py_ssize_t, u_raised=cython.bint,
               myteam=cython.Py_ssize_t, start0=cython.Py_ssize_t, ca0=cython.Py_ssize_t,
               d=cython.Py_ssize_t, o=cython.Py_ssize_t, oo=cython.Py_ssize_t,
               v=cython.Py_ssize_t, to=cython.Py_ssize_t,
               storm=cython.bint, hop=cython.bint, guarded=cython.bint, jumps=cython.bint,
               siege_home=cython.bint, ground_ok=cython.bint, team_perm=cython.bint,
               u_rides=cython.bint, deeper=cython.bint, mark=cython.longlong[::1],
               parent=cython.longlong[::1], stamp=cython.longlong, u_obj=cython.Py_ssize_t,
               occ=list, owner=list, nodes=list, row=tuple, at=tuple, last=tuple,
               stand=list, team=list, is_sea=list, castle_owner=list, queue=list,
               out=list, ptype=list, moved=list, mounted=list, taken=list, ridden=list,
               moving=list, mounting=list, taking=list, riding=list, cargo=list,
               capacity=list, tb=SearchTables, siege=list, raised=dict, rides=list,
               bridge=list, carried=cython.bint, k=cython.Py_ssize_t,
               tail=cython.Py_ssize_t)
def search_of(st: Search, pid: int, maxd: int) -> list[tuple[int, int, int]]:
    """Destinations of piece `pid` within `maxd` steps: (node, steps, kind), shortest first.

    MOVE-1 connections, MOVE-2 terrain, MOVE-4 blocking, PIECE-KNIGHT-2/3 jumping own
    pieces only, PIECE-SOLDIER-3/-6 mounting and stepping over own carriers,
    PIECE-SOLDIER-4 / CARRY-9 no carrier-to-carrier step except via a docked vessel,
    CARRY-4 boarding only in harbour, CAPT-1/CAPT-5 captures end the path.
    Parents are left in st._parent for path reconstruction. Compiled, the lists are read
    as C lists and the nodes as C integers; no object is made per field: a field is marked
    when its mark equals this search's stamp (each search counts it up; marks and parents are
    the state's scratch, C arrays compiled: `search_tables.fresh_scratch`), the breadth-first
    queue holds the game's (node, its connections) pairs (`nodes`; for the fields of own
    carriers, from which a rider may not step onto another carrier, `SearchTables.ride_pairs`:
    told apart by identity), and a (node, steps, kind) tuple is made once per game
    (`SearchTables.found_at`, `by_kind`). Raised drawbridges are looked up only at the nodes
    that have one (`SearchTables.bridge_node`).
    The queue is one list, read while it grows: the entries up to `last` are those one step
    fewer away than the nodes they reach (d); the nodes `maxd` away are not queued
    (`deeper`). It is the state's scratch (`_queue`, made at its first search, a place per
    node and one for the None that follows the last entry), as is the list the results are
    written to (`_results`), of which the first `k` are returned as a new list: no list grows
    per search (compiled, the queue's and the results' lists were about 13 % of the
    instructions of a range-6 search). `Search.search` is this function; compiled callers call
    it directly (C).
    """
    tb = st.tables
    ptype = st.ptype
    t = ptype[pid]
    occ, owner = st.occ, st.owner
    me = owner[pid]
    team, is_sea, castle_owner = tb.team, tb.is_sea, tb.castle_owner
    ground_ok, team_perm = tb.ground_ok, tb.team_perm
    myteam = team[me]
    cargo = st.cargo
    capacity = tb.capacity[t]  # by carrier type: room for a piece of type t (CARRY-1)
    # the type's connections (loaded or not), standing, jumping, siege at home (per game)
    load = 1 if cargo[pid] else 0
    # and per node the pair (node, its connections) the search queues
    _adj, stand, jumps, siege_home, nodes = tb.by_type[t][load]
    rides = tb.ride_pairs[t][load]  # the same pairs for the fields it rides from
    if maxd < 1:
        return []
    if len(tb.found) <= maxd:
        tb.found_at(maxd)
    # per kind, by steps d and node: the (v, d, kind) tuple once made
    moving, mounting, taking, riding = tb.by_kind
    siege = tb.siege
    raised = st.raised
    start0 = st.node[pid]
    ca0 = st.carrier[pid]
    storm = ca0 >= 0 and siege[ptype[ca0]]  # PIECE-SIEGE-13
    hop = storm and tb.hop_opt  # PIECE-SIEGE-4 (CP towers)
    if ca0 >= 0 and not may_dismount(st, pid):
        return []
    stamp = st._stamp + 1
    st._stamp = stamp
    mark, parent = st._mark, st._parent
    mark[start0] = stamp
    parent[start0] = -1
    out = st._results  # per state, made at its first search; the first k are this search's
    if out is None:
        out = st._results = [None] * len(nodes)
    k = 0
    guarded = bool(raised) or siege_home
    bridge = tb.bridge_node
    carried = ca0 >= 0  # any field it rides from queued?
    last = rides[start0] if carried else nodes[start0]
    queue = st._queue  # per state, made at its first search; None after the last entry
    if queue is None:
        queue = st._queue = [None] * (len(nodes) + 1)
    queue[0] = last
    queue[1] = None
    tail = 1
    d = 1
    deeper = maxd > 1
    moved = moving[1]
    for at in queue:
        if at is None:
            break
        u_obj, row = at
        u_rides = carried and at is not nodes[u_obj]
        u_raised = raised and bridge[u_obj] is True and u_obj in raised
        for v in row:
            if mark[v] == stamp:
                continue
            if guarded:
                if raised and (u_raised or (bridge[v] is True and nodes[v][0] in raised)) and \
                        bridge_blocks(st, u_obj, v, myteam, storm and u_obj == start0):
                    continue  # DRAW-3
                if (siege_home and castle_owner[v] >= 0
                        and team[castle_owner[v]] == myteam):
                    continue  # PIECE-SIEGE-14, CONF-34
            o = occ[v]
            if o < 0:
                mark[v] = stamp
                if stand[v] is True:  # compiled: no call to test the bool
                    parent[v] = u_obj
                    res = moved[v]
                    if res is None:
                        res = moved[v] = (v, d, K_MOVE)
                    out[k] = res
                    k += 1
                    if deeper:
                        queue[tail] = nodes[v]
                        tail += 1
                        queue[tail] = None
                continue
            oo = owner[o]
            if oo == me:
                to = ptype[o]
                if load_fits(capacity[to], ptype, cargo[o], t):  # CARRY-1/-2
                    if u_rides and not (ground_ok and (is_sea[u_obj] or is_sea[v])) and \
                            not (hop and u_obj == start0 and siege[to]):
                        continue  # PIECE-SOLDIER-4; PIECE-SIEGE-4 tower to tower
                    mark[v] = stamp
                    parent[v] = u_obj
                    mounted = mounting[d]
                    res = mounted[v]
                    if res is None:
                        res = mounted[v] = (v, d, K_MOUNT)
                    out[k] = res
                    k += 1
                    if deeper:
                        queue[tail] = rides[v]  # PIECE-SOLDIER-4: riding from there
                        tail += 1
                        queue[tail] = None
                        carried = True
                elif jumps and stand[v] is True:
                    mark[v] = stamp  # PIECE-KNIGHT-2
                    parent[v] = u_obj
                    if deeper:
                        queue[tail] = nodes[v]
                        tail += 1
                        queue[tail] = None
                else:
                    mark[v] = stamp
            elif team[oo] == myteam:
                if team_perm and partner_mount(st, o, t, v) and not (
                        u_rides and not (ground_ok and (is_sea[u_obj] or is_sea[v]))):
                    mark[v] = stamp  # TEAM-7, TEAM-9, TEAM-11, TEAM-13
                    parent[v] = u_obj
                    mounted = mounting[d]
                    res = mounted[v]
                    if res is None:
                        res = mounted[v] = (v, d, K_MOUNT)
                    out[k] = res
                    k += 1
                    continue
                if jumps and stand[v] is True and partner_jump(st, u_obj, v):
                    mark[v] = stamp  # TEAM-12
                    parent[v] = u_obj
                    if deeper:
                        queue[tail] = nodes[v]
                        tail += 1
                        queue[tail] = None
                    continue
                mark[v] = stamp  # partner's piece blocks (TEAM-2, TEAM-12 'never')
            else:
                if u_rides and is_sea[v] and not ground_ok:
                    continue
                mark[v] = stamp
                if (stand[v] is True or is_sea[v]) and can_capture(st, pid, o):
                    parent[v] = u_obj  # GRAIL-2/-3, WILD-2: a capture ends there
                    taken = taking[d]
                    res = taken[v]
                    if res is None:
                        res = taken[v] = (v, d, K_CAPTURE)
                    out[k] = res
                    k += 1
                elif can_take_over(st, pid, o, u_obj, u_rides):
                    parent[v] = u_obj
                    ridden = riding[d]
                    res = ridden[v]
                    if res is None:
                        res = ridden[v] = (v, d, K_RIDE)
                    out[k] = res
                    k += 1
        if at is last:  # the last node d - 1 steps away: the next ones are d away
            last = queue[tail - 1]
            if last is at or d == maxd:
                break
            d += 1
            deeper = d < maxd
            moved = moving[d]
    return out[:k]


class Search(StateData):
    """Destinations of a piece (MOVE-*, CARRY-*, CAPT-*, TEAM-*) and who may move."""

    __slots__ = ()

    # the rules the search consults, as methods (the functions above)
    can_capture = can_capture
    bridge_blocks = bridge_blocks
    may_dismount = may_dismount
    partner_mount = partner_mount
    partner_jump = partner_jump
    can_take_over = can_take_over
    search = search_of

    @cython.locals(parent=cython.longlong[::1], path=list)
    def path_to(self, v: int) -> tuple[int, ...]:
        """Path to v from the last search (valid right after `search`)."""
        parent = self._parent
        path = [v]
        while parent[v] >= 0:
            v = parent[v]
            path.append(v)
        path.reverse()
        return tuple(path)

    def range_limit(self, pid: int) -> int:
        """MOVE-5; PIECE-GALLEON-3 / CONF-5: `range_limit_of`."""
        return range_limit_of(self, pid)

    def range_left(self, pid: int) -> int:
        """Steps piece pid may still move this turn (MOVE-5, PIECE-GALLEON-3): `range_left_of`."""
        return range_left_of(self, pid)

    def is_resting(self, pid: int) -> bool:
        """BUILD-9: builder and new piece rest until the turn (CONF-35: or round) ends."""
        r = self.resting.get(pid)
        return r is not None and self.turn <= r

    def movable(self, s: int) -> list[int]:
        """Own pieces that may move, one per interchangeable cargo group (same carrier, type and
        range left) so that identical soldiers give one action (notation names no soldier):
        `movable_of`."""
        return movable_of(self, s)

    @cython.boundscheck(False)
    @cython.wraparound(False)
    @cython.locals(pid=cython.Py_ssize_t, ca=cython.Py_ssize_t, n=cython.Py_ssize_t,
                   owner=list, node=list, carrier=list, cargo=list, ptype=list, steps=list,
                   out=list, seen=set, resting=dict, keyed=list)
    def _movable_team(self, s: int) -> list[int]:
        """`movable` in a team game: partners' carriers with s's pieces aboard too (TEAM-7/-8/
        -11), own carriers with only partner pieces aboard not (TEAM-7). Cached like `movable`
        (what it reads beside the turn changes `_layout`; a copy is returned)."""
        last = self._movable
        if last is not None and last[0] == self._layout and last[1] == s and \
                last[2] == self.turn:
            return last[3][:]
        owner, node, carrier, cargo = self.owner, self.node, self.carrier, self.cargo
        ptype, steps = self.ptype, self.steps
        out = []
        seen: set[tuple[int, int, int]] = set()
        turn = self.turn
        resting = self.resting
        n = len(owner)
        for pid in range(n):
            if node[pid] < 0:
                continue
            if resting and pid in resting and turn <= resting[pid]:
                continue  # BUILD-9 (see is_resting)
            if owner[pid] != s:
                if carrier[pid] < 0 and cargo[pid] and controls_of(self, s, pid):
                    out.append(pid)  # TEAM-7/-8/-11: a partner's carrier with s's pieces aboard
                continue
            ca = carrier[pid]
            if ca < 0 and cargo[pid] and not controls_of(self, s, pid):
                continue  # TEAM-7: only partner pieces aboard, the owner may not move it
            if ca >= 0:
                key = (ca, ptype[pid], steps[pid])
                if key in seen:
                    continue
                seen.add(key)
            out.append(pid)
        if len(out) > 1:  # riders with less range left first (canonical choice)
            keyed = []  # (field's stack by carrier, rider?, -steps, id): ids are unique
            for p in out:
                ca = carrier[p]
                keyed.append((p if ca < 0 else ca, ca >= 0, -steps[p], p))
            keyed.sort()
            out = [k[3] for k in keyed]
        self._movable = (self._layout, s, self.turn, out)
        return out[:]

    def controls(self, s: int, pid: int) -> bool:
        """TEAM-7/-8/-11: a carrier is moved by its owner unless only partner pieces are aboard;
        a partner moves it while at least one of his pieces is aboard."""
        return controls_of(self, s, pid)

    def destinations(self, pid: int) -> list[tuple[int, int, int]]:
        """Legal destinations of one piece (bench figure)."""
        maxd = min(self.range_left(pid), self.ap_left())
        return self.search(pid, maxd) if maxd > 0 else []

    def graph_distance(self, pid: int, target: int, limit: int) -> int:
        """Steps from pid's field to target over its type's connections, ignoring pieces
        (limit + 1 when farther)."""
        adj = self.compiled.adj_unloaded[self.ptype[pid]]
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


@cython.ccall
@cython.locals(st=Search, tb=SearchTables, ptype=list, kinds=object, x=cython.Py_ssize_t)
def range_limit_of(st: Search, pid: int) -> int:
    """MOVE-5; PIECE-GALLEON-3 / CONF-5: a catapult-laden galleon moves at most
    catapult_galleon_max_steps (the per-game facts from `SearchTables`)."""
    tb = st.tables
    ptype = st.ptype
    lim = tb.range_[ptype[pid]]
    kinds = tb.catapult_cargo
    if kinds and st.cargo[pid]:
        cap = tb.galleon_cap
        if cap != "none":
            for x in st.cargo[pid]:
                if ptype[x] in kinds:
                    return min(lim, cap)
    return lim


@cython.ccall
@cython.locals(st=Search)
def range_left_of(st: Search, pid: int) -> int:
    """Steps piece pid may still move this turn (MOVE-5, PIECE-GALLEON-3)."""
    if st.cargo[pid] and st.tables.galleons:
        return range_limit_of(st, pid) - st.steps[pid]
    return st.tables.range_[st.ptype[pid]] - st.steps[pid]


@cython.ccall
@cython.locals(st=Search, last=tuple, found=list)
def movable_of(st: Search, s: int) -> list[int]:
    """`Search.movable` (a C call from the random policy when compiled), cached until what it
    reads changes (`_layout`), the seat or the turn; a copy is returned."""
    if st.tables.team_perm:  # a team game (TEAM-7)
        return st._movable_team(s)
    last = st._movable
    if last is not None and last[0] == st._layout and last[1] == s and last[2] == st.turn:
        return last[3][:]
    found = _movable_pieces(st, s)
    st._movable = (st._layout, s, st.turn, found)
    return found[:]


@cython.boundscheck(False)
@cython.wraparound(False)
@cython.locals(p=cython.Py_ssize_t, ca=cython.Py_ssize_t, i=cython.Py_ssize_t,
               n=cython.Py_ssize_t, nxt=cython.Py_ssize_t, carrier=list, ptype=list, steps=list,
               ground=list, keyed=list, out=list, seen=set, resting=dict, pieces=list)
def _movable_pieces(st: Search, s: int) -> list[int]:
    """`Search.movable` outside team games, made afresh: the pieces on the ground in id order,
    each rider right after the pieces up to its carrier's id."""
    carrier, ptype, steps = st.carrier, st.ptype, st.steps
    resting, turn = st.resting, st.turn
    ground = []
    keyed = []  # riders: one per (carrier, type, steps), less range left first
    seen: set[tuple[int, int, int]] = set()
    pieces = st._roster[s]  # `seat_pieces`, without the method call while it is kept
    if pieces is None:
        pieces = st.seat_pieces(s)
    for p_obj in pieces:
        if resting and p_obj in resting and turn <= resting[p_obj]:
            continue  # BUILD-9 (see is_resting)
        p = p_obj
        ca = carrier[p]
        if ca < 0:
            ground.append(p_obj)
            continue
        key = (ca, ptype[p], steps[p])
        if key not in seen:
            seen.add(key)
            keyed.append((ca, -steps[p], p_obj))
    if not keyed:
        return ground  # no riders: in id order
    keyed.sort()
    out, i, n = [], 0, len(keyed)
    nxt = keyed[0][0]
    for p_obj in ground:
        p = p_obj
        while nxt < p:
            out.append(keyed[i][2])
            i += 1
            nxt = keyed[i][0] if i < n else len(carrier)
        out.append(p_obj)
    while i < n:
        out.append(keyed[i][2])
        i += 1
    return out
