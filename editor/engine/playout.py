"""Random playouts with invariant checks (`conquest selfplay`) and the speed figures
(`conquest bench`).

The playout policy is uniform over a cheap two-level choice: with a small probability the mover
ends his turn, otherwise a random movable piece and then a random legal destination of it (all
legal actions when a response window or draw offer is open). This samples only legal actions
without enumerating every action of every piece at each step.
"""

from __future__ import annotations

import random
import statistics
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import compress
from operator import ne

try:
    import cython
except ImportError:  # interpreted without Cython: the C types below are no-ops
    from editor.engine import cython_shim as cython

from editor.engine.game import (
    A_END,
    K_CAPTURE,
    MOVE,
    Game,
    State,
    special_actions_of,
)
from editor.engine.search import Search, movable_of, range_left_of, search_of
from editor.engine.search_tables import SearchTables
from editor.engine.state import ap_left_of, enemy_top_of, mover_of


class InvariantError(AssertionError):
    pass


def check_invariants(st: State, total: int) -> None:
    """One stack per field (MOVE-3), cargo consistent and within capacity (CARRY-1/2),
    piece conservation (CAPT-11), budget and ranges respected (TURN-6, MOVE-5)."""
    for p in range(len(st.ptype)):
        _check_piece(st, p)
    for v, o in enumerate(st.occ):
        if o >= 0 and (st.node[o] != v or st.carrier[o] >= 0):
            raise InvariantError(f"field {st.compiled.node_ids[v]} holds a piece that is not there")
    _check_top_masks(st)
    _check_totals(st, total)


def _check_top_masks(st: State) -> None:
    """The engine's top-piece masks (`top_seat`, `top_type`) match the fields (MOVE-3)."""
    seat, kind = [0] * len(st.top_seat), [0] * len(st.top_type)
    for v, o in enumerate(st.occ):
        if o >= 0:
            seat[st.owner[o]] |= 1 << v
            kind[st.ptype[o]] |= 1 << v
    if seat != st.top_seat or kind != st.top_type:
        raise InvariantError("the top-piece masks do not match the fields")


def _check_piece(st: State, p: int) -> None:
    """The per-piece part of `check_invariants` (MOVE-2/-3, CARRY-1/2, MOVE-5)."""
    c = st.compiled
    v = st.node[p]
    if v < 0:
        return
    ca = st.carrier[p]
    if ca < 0:
        if st.occ[v] != p:
            raise InvariantError(f"piece {p} on {c.node_ids[v]} but the field holds "
                                 f"{st.occ[v]}")
        if c.is_sea[v] != c.sea_type[st.ptype[p]]:
            raise InvariantError(f"{st.describe(p)} stands on the wrong terrain")
        if not c.stand[st.ptype[p]][v]:
            raise InvariantError(f"{st.describe(p)} may not stand there (MOVE-2, GRAIL-2, "
                                 "WILD-2, CASTLE-5)")
    elif st.node[ca] != v or p not in st.cargo[ca]:
        raise InvariantError(f"cargo {p} not with its carrier {ca}")
    load = st.cargo[p]
    if load:
        kinds = {st.ptype[x] for x in load}
        cap = c.carries[st.ptype[p]].get(next(iter(kinds)), 0)
        if len(kinds) > 1 or len(load) > cap:
            raise InvariantError(f"{st.describe(p)} over capacity: {load}")
    if st.steps[p] > c.range_[st.ptype[p]]:
        raise InvariantError(f"{st.describe(p)} moved {st.steps[p]} steps")


def _check_totals(st: State, total: int) -> None:
    """Piece conservation (CAPT-11) and the turn budget (TURN-6)."""
    opts = st.game.opts
    alive = len(st.node) - st.node.count(-1)
    if (opts.score_cargo_individually and not opts.score_seized_vessel_as_captured
            and alive + sum(st.captured) != total + st.built):
        raise InvariantError(f"piece count {alive} + captured {sum(st.captured)} != {total}")
    if not st.terminal and st.ap_spent > st.game.variant.base_budget:
        raise InvariantError(f"AP spent {st.ap_spent} exceeds the base budget")


class InvariantWatch:
    """`check_invariants` over what an action touched: the pieces whose field, carrier or steps
    changed (with their carriers and the fields they left and entered), every `full_every`
    actions and at game end the full check. Same checks, same errors, a fraction of the time."""

    def __init__(self, st: State, total: int, full_every: int = 64) -> None:
        self.total = total
        self.full_every = full_every
        self.count = 0
        self._remember(st)

    def _remember(self, st: State) -> None:
        self.node, self.carrier, self.steps = st.node[:], st.carrier[:], st.steps[:]

    @staticmethod
    def _check_fields(st: State, fields: set[int]) -> None:
        """MOVE-3 on the touched fields: the top piece stands there, and the top-piece masks
        have its bit in its owner's and its type's mask (or in none when the field is empty;
        that no other mask has it is left to the full check)."""
        occ, node, carrier = st.occ, st.node, st.carrier
        top_seat, top_type = st.top_seat, st.top_type
        any_seat = any_type = 0
        for m in top_seat:
            any_seat |= m
        for m in top_type:
            any_type |= m
        for v in fields:
            o = occ[v]
            if o >= 0 and (node[o] != v or carrier[o] >= 0):
                raise InvariantError(f"field {st.compiled.node_ids[v]} holds a piece that is "
                                     "not there")
            if o >= 0:
                ok = top_seat[st.owner[o]] >> v & 1 and top_type[st.ptype[o]] >> v & 1
            else:
                ok = not (any_seat >> v & 1 or any_type >> v & 1)
            if not ok:
                raise InvariantError(f"the top-piece masks are wrong on "
                                     f"{st.compiled.node_ids[v]}")

    def after(self, st: State) -> None:
        """Check after one action (raises InvariantError)."""
        self.count += 1
        if st.terminal or self.count % self.full_every == 0:
            check_invariants(st, self.total)
            self._remember(st)
            return
        node, carrier, steps = st.node, st.carrier, st.steps
        old_n = len(self.node)
        ids = range(old_n)  # the pieces whose field, carrier or steps changed, found in C
        touched = set(compress(ids, map(ne, node, self.node)))
        touched.update(compress(ids, map(ne, carrier, self.carrier)))
        touched.update(compress(ids, map(ne, steps, self.steps)))
        changed = sorted(touched)
        changed.extend(range(old_n, len(node)))  # built pieces (BUILD-1)
        fields = set()
        for p in changed:
            _check_piece(st, p)
            if carrier[p] >= 0:
                _check_piece(st, carrier[p])
            if node[p] >= 0:
                fields.add(node[p])
            if p < old_n and self.node[p] >= 0:
                fields.add(self.node[p])
        self._check_fields(st, fields)
        _check_totals(st, self.total)
        self._remember(st)


def movable_pieces(st: State) -> list[int]:
    """The mover's pieces that may move now (one per interchangeable cargo group), for policies
    outside the engine (`editor.agents.greedy`)."""
    return st.movable(st.mover)


@cython.locals(st=Search, bound=tuple)
def random_action(st: State, rng: random.Random, end_prob: float = 0.05,
                  capture_bias: float = 0.8) -> tuple:
    """One action of the random policy (the module docstring): all legal actions in a response
    window or draw offer; else end the turn with `end_prob`, a special action with 15 % when
    the variant has any, else a move of one of up to 8 movable pieces drawn at random (a
    capture with `capture_bias` when the piece has one)."""
    if st.window is not None or st.draw is not None:
        return rng.choice(st.legal_actions())
    left = ap_left_of(st)
    bound = _BOUND  # (rng, rng.getrandbits, rng.random), looked up once per generator
    if bound[0] is not rng:
        bound = _bound_of(rng)
    rand = bound[2]
    if left <= 0 or rand() < end_prob:
        return A_END
    if st.tables.has_specials and rand() < 0.15:  # shots, builds, drawbridges, pushes,
        extra = special_actions_of(st, True)  # take-overs (CP / GC); a push's path only
        if extra:  # when chosen
            return rng.choice(extra)
    return _random_move(st, bound, movable_of(st, mover_of(st)), left, capture_bias)


@cython.ccall
@cython.locals(left=cython.Py_ssize_t, maxd=cython.Py_ssize_t, t=cython.Py_ssize_t,
               key=cython.Py_ssize_t, galleons=cython.bint, i=cython.Py_ssize_t,
               n=cython.Py_ssize_t, draws=cython.Py_ssize_t, pid=cython.Py_ssize_t,
               k=cython.Py_ssize_t, at=cython.Py_ssize_t, ptype=list, node=list, cargo=list,
               steps=list, range_=list, load=list, row=list, pieces=list, st=Search, prey=list,
               prey_class=list, levels=list, rows=list, res=list, caps=list, r=tuple,
               tb=SearchTables, capture=cython.Py_ssize_t, bound=tuple)
def _random_move(st: State, bound: tuple, pieces: list[int], left: int,
                 capture_bias: float) -> tuple:
    """Up to 8 of `pieces` drawn one at a time without replacement, each only when the one
    before it did not decide (`_draw_piece`: one random number per piece looked at, not a
    shuffle of the whole list). The first piece with a capture drawn (with `capture_bias`)
    moves there, else the first piece with a destination moves to a random one (MOVE-1..5,
    CAPT-1). Once that fallback is set, only a capture could still be chosen: a piece whose
    reach (MOVE-1) holds no prey is skipped without a search; the random draws are the same
    either way. `pieces` is reordered; `bound` is the generator with its bound methods
    (`_bound_of`)."""
    tb = st.tables
    ptype, node, cargo, steps, range_ = st.ptype, st.node, st.cargo, st.steps, tb.range_
    galleons = tb.galleons  # PIECE-GALLEON-3: see range_left
    fallback = None
    enemy = -1  # the other teams' top pieces, once a fallback is set
    prey_class = tb.prey_class  # per type, its capture list's index in tb.prey_lists (CAPT-2)
    prey = None  # per capture list: the fields it might capture on, made when first needed
    levels = None  # per type and load: reach rows by steps (MOVE-1), made on demand
    n = len(pieces)
    draws = n if n < 8 else 8
    randbits, rand = bound[1], bound[2]  # `_below` draws as `rng.choice`, through getrandbits
    capture = K_CAPTURE  # a C integer: the kinds compared without an int object each
    for i in range(draws):
        pid = _draw_piece(pieces, i, n, randbits)
        t = ptype[pid]
        load = cargo[pid]
        if galleons and load:
            maxd = range_left_of(st, pid)
        else:
            maxd = range_[t]
            maxd -= steps[pid]
        if maxd > left:
            maxd = left
        if maxd <= 0:
            continue
        if fallback is not None:
            k = prey_class[t]
            if prey is None:
                prey = [None] * len(tb.prey_lists)
                enemy = enemy_top_of(st, mover_of(st))
                levels = tb.reach_by_type  # Compiled.reach_by_type
            mask = prey[k]
            if mask is None:
                mask = prey[k] = _prey_mask(st, tb.prey_lists[k], enemy)
            if not mask:
                continue
            key = 2 * t + 1 if load else 2 * t
            rows = levels[key]
            if rows is None:
                rows = st.compiled.reach_levels(t, key & 1 == 1)  # kept in levels too
            row = rows[maxd]
            at = node[pid]
            if not row[at] & mask:
                continue
        res = search_of(st, pid, maxd)
        if not res:
            continue
        caps = []
        for r in res:
            k = r[2]
            if k == capture:
                caps.append(r)
        if caps and rand() < capture_bias:
            v = caps[_below(randbits, len(caps))][0]  # rng.choice(caps)
            return (MOVE, pid, st.path_to(v), rand() < 0.1)
        if fallback is None:
            v = res[_below(randbits, len(res))][0]  # rng.choice(res)
            fallback = (MOVE, pid, st.path_to(v), False)
    return fallback or A_END


_BITS = [n.bit_length() for n in range(1024)]  # k of getrandbits(k) for a number below n
# the last generator of the policy with its bound getrandbits and random (`_bound_of`)
_BOUND: tuple = (None, None, None)


@cython.ccall
def _bound_of(rng: random.Random) -> tuple:
    """(rng, rng.getrandbits, rng.random): the generator's bound methods, looked up once per
    generator, not once per draw (the same methods, so the same numbers). The last one is kept
    in a module global, replaced as a whole, so a thread never reads one generator's method
    for another."""
    global _BOUND
    bound = _BOUND
    if bound[0] is not rng:
        bound = _BOUND = (rng, rng.getrandbits, rng.random)
    return bound


@cython.ccall
@cython.returns(cython.Py_ssize_t)
@cython.exceptval(-1)
@cython.locals(n=cython.Py_ssize_t, j=cython.Py_ssize_t, bits=list)
def _below(randbits: Callable[[int], int], n: int) -> int:
    """A uniform draw from range(n), n >= 1, exactly as `rng.choice` of n items draws it
    (`randbits` is the generator's bound `getrandbits`, with rejection as `random.Random` does:
    the same numbers from the same stream), without the two Python-level frames of `choice`
    and `_randbelow`."""
    bits = _BITS
    b = bits[n] if n < 1024 else n.bit_length()  # a Python int: passed on as it is
    j = randbits(b)
    while j >= n:
        j = randbits(b)
    return j


@cython.ccall
@cython.locals(i=cython.Py_ssize_t, n=cython.Py_ssize_t, k=cython.Py_ssize_t,
               j=cython.Py_ssize_t, x=list)
def _draw_piece(x: list, i: int, n: int, randbits: Callable[[int], int]) -> int:
    """Step i of a partial Fisher-Yates shuffle of x[:n]: x[i] becomes a uniform draw from
    x[i:n] (`_below`; no draw when one is left) and is returned; x[i + 1:n] keeps the rest."""
    k = n - i
    if k <= 1:
        return x[i]
    j = _below(randbits, k) + i
    picked = x[j]
    x[j] = x[i]
    x[i] = picked
    return picked


@cython.ccall
@cython.locals(st=Search, top_type=list, types=list, complement=cython.bint,
               to=cython.Py_ssize_t)
def _prey_mask(st: State, plan: tuple[bool, list[int]], enemy: int) -> int:
    """A bit mask of the fields whose stack a piece might capture: an enemy piece on top of the
    field, of a type in its capture list (CAPT-2, CAPT-4), from the state's top-piece masks.
    `plan` is the list's entry in `SearchTables.prey_lists`: (False, its types) ORs those
    types' masks; (True, the types it lacks), for a list with most types, takes the enemy
    fields less those types' fields. The type masks are disjoint and cover every occupied
    field, so both give the same mask, the second with fewer operations on the long masks."""
    top_type = st.top_type
    complement, types = plan
    m = 0
    for to in types:
        m |= top_type[to]
    if complement:
        return enemy & ~m if m else enemy
    return m & enemy


@dataclass
class SelfplayReport:
    games: int = 0
    actions: int = 0
    turns: int = 0
    seconds: float = 0.0
    reasons: Counter = field(default_factory=Counter)
    winners: Counter = field(default_factory=Counter)
    violations: list[str] = field(default_factory=list)

    @property
    def actions_per_second(self) -> float:
        return self.actions / self.seconds if self.seconds else 0.0


def selfplay(game: Game, games: int, seed: int, max_turns: int,
             check: bool = True, log: list | None = None,
             to_text: Callable[[State, tuple], str] | None = None) -> SelfplayReport:
    """Random games; with `log` (a list) each game's actions are appended as {"game", "actions",
    "result"} records, each action written by `to_text` (the caller's notation, e.g.
    `editor.rules.notation.to_text`: a replayable game log). The engine knows no notation."""
    if log is not None and to_text is None:
        raise ValueError("selfplay: a log needs to_text, the notation to write actions in")
    rep = SelfplayReport()
    rng = random.Random(seed)
    t0 = time.perf_counter()
    for gi in range(games):
        st = game.initial_state()
        st.keep_undo = False
        total = len(st.ptype)
        n = 0
        texts: list[str] = []
        watch = InvariantWatch(st, total) if check else None
        while not st.terminal and st.turn < max_turns:
            a = random_action(st, rng)
            if log is not None:
                texts.append(to_text(st, a))
            if check and a[0] == MOVE and len(a[2]) - 1 > st.ap_left():
                rep.violations.append(f"game {gi}: action exceeds the budget (TURN-6)")
            st.apply(a, check=False)
            n += 1
            if watch is not None:
                try:
                    watch.after(st)
                except InvariantError as exc:
                    rep.violations.append(f"game {gi}, action {n}: {exc}")
                    break
        else:
            if watch is not None and not st.terminal:  # turn cap: the full check at the end
                try:
                    check_invariants(st, total)
                except InvariantError as exc:
                    rep.violations.append(f"game {gi}, after action {n}: {exc}")
        if log is not None:
            res = st.result_
            log.append({"game": gi, "actions": texts,
                        "result": None if res is None else {
                            "winners": list(res.winners), "reason": res.reason,
                            "scores": res.scores}})
        rep.games += 1
        rep.actions += n
        rep.turns += st.turn
        if st.terminal and st.result_ is not None:
            rep.reasons[st.result_.reason.split(":")[0]] += 1
            rep.winners[",".join(st.result_.winners) or "draw"] += 1
        else:
            rep.reasons["turn cap"] += 1
    rep.seconds = time.perf_counter() - t0
    return rep


# ---- bench ----------------------------------------------------------------------------------


def _pct_us(samples: list[float], q: float) -> float:
    if not samples:
        return float("nan")
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1e6


def _median_us(samples: list[float]) -> float:
    return statistics.median(samples) * 1e6 if samples else float("nan")


def bridge_filter(s: State, pid: int):
    """Raised drawbridges close their accesses (DRAW-3) for the networkx twin as well."""
    if not s.raised:
        return lambda u, v: True
    team = s.compiled.team_of[s.owner[pid]]
    return lambda u, v: not ((u in s.raised or v in s.raised)
                             and s.bridge_blocks(u, v, team, False))


def _sample_positions(game: Game, rng: random.Random, positions: int) -> list[State]:
    """Positions from random playouts (no open response window)."""
    states: list[State] = []
    st = game.initial_state()
    st.keep_undo = False
    states.append(st.clone())
    while len(states) < positions:
        if st.terminal or st.turn > 400:
            st = game.initial_state()
            st.keep_undo = False
        for _ in range(rng.randint(5, 40)):
            if st.terminal:
                break
            st.apply(random_action(st, rng), check=False)
        if not st.terminal and st.window is None:
            states.append(st.clone())
    return states


def _destination_timings(game: Game, states: list[State],
                         repeats: int) -> tuple[list[float], list[float], int]:
    """Seconds per range-6 destination search, ours and networkx's, and disagreements.

    networkx: one DiGraph per piece type built once from the same compiled, restriction-filtered
    adjacency (barred types, X bridges, one-way, terrain); blocking by pieces is applied at query
    time as a node filter, exactly what our search does."""
    import networkx as nx

    c = game.compiled
    graphs: dict[tuple[int, bool], nx.DiGraph] = {}

    def graph_of(t: int, loaded: bool) -> nx.DiGraph:
        key = (t, loaded)
        if key not in graphs:
            adj = (c.adj_loaded if loaded else c.adj_unloaded)[t]
            gr = nx.DiGraph()
            gr.add_nodes_from(v for v in range(len(c.node_ids)) if c.stand[t][v])
            gr.add_edges_from((u, v) for u in gr.nodes for v in adj[u] if c.stand[t][v])
            graphs[key] = gr
        return graphs[key]

    ours: list[float] = []
    theirs: list[float] = []
    mismatch = 0
    for s in states:
        occ = s.occ
        for pid in range(len(s.ptype)):
            if s.node[pid] < 0 or s.carrier[pid] >= 0 or c.range_[s.ptype[pid]] != 6:
                continue
            maxd = 6
            t = s.ptype[pid]
            t0 = time.perf_counter()
            for _ in range(repeats):
                res = s.search(pid, maxd)
            ours.append((time.perf_counter() - t0) / repeats)
            gr = graph_of(t, bool(s.cargo[pid]))
            start = s.node[pid]
            t0 = time.perf_counter()
            for _ in range(repeats):
                view = nx.subgraph_view(
                    gr, filter_node=lambda v, start=start, occ=occ: occ[v] < 0 or v == start,
                    filter_edge=bridge_filter(s, pid))
                nxres = nx.single_source_shortest_path_length(view, start, cutoff=maxd)
            theirs.append((time.perf_counter() - t0) / repeats)
            if not c.jumps_own[t]:
                plain = {v: d for v, d, k in res if k == 0}
                nxres = {v: d for v, d in nxres.items() if v != start}
                if plain != nxres:
                    mismatch += 1
    return ours, theirs, mismatch


def _playout_rate(game: Game, rng: random.Random, playout_actions: int) -> tuple[float, float]:
    """Random playout actions per wall-clock second and per CPU second of this process (the
    CPU figure is the one to compare on a shared machine)."""
    st = game.initial_state()
    st.keep_undo = False
    n = 0
    t0, c0 = time.perf_counter(), time.process_time()
    while n < playout_actions:
        if st.terminal or st.turn > 2000:
            st = game.initial_state()
            st.keep_undo = False
        st.apply(random_action(st, rng), check=False)
        n += 1
    return n / (time.perf_counter() - t0), n / max(time.process_time() - c0, 1e-9)


def bench(game: Game, seed: int = 1, positions: int = 30, repeats: int = 5,
          playout_actions: int = 5000) -> dict:
    """The three figures of the brief, measured in one run (medians)."""
    rng = random.Random(seed)
    c = game.compiled
    states = _sample_positions(game, rng, positions)
    ours, theirs, mismatch = _destination_timings(game, states, repeats)
    # all legal actions in the start position
    start_state = game.initial_state()
    times = []
    for _ in range(max(repeats, 20)):
        t0 = time.perf_counter()
        acts = start_state.legal_actions()
        times.append(time.perf_counter() - t0)
    rate, cpu_rate = _playout_rate(game, rng, playout_actions)
    med_ours, med_nx = _median_us(ours), _median_us(theirs)
    return {
        "board": game.board.name,
        "fields": len(c.node_ids),
        "pieces": len(start_state.ptype),
        "destinations_range6_median_us": round(med_ours, 2),
        "destinations_range6_p90_us": round(_pct_us(ours, 0.9), 2),
        "destinations_range6_networkx_median_us": round(med_nx, 2),
        "speedup_vs_networkx": round(med_nx / med_ours, 2) if med_ours else None,
        "destination_samples": len(ours),
        "networkx_disagreements": mismatch,
        "start_legal_actions": len(acts),
        "start_legal_actions_median_ms": round(statistics.median(times) * 1e3, 3),
        "playout_actions_per_second": round(rate, 1),
        "playout_actions_per_cpu_second": round(cpu_rate, 1),
    }
