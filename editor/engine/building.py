"""Building (Grand Conquest, BUILD-1..10): which pieces a foot soldier may build where, and the
BUILD action kind's generator, cost, apply and explanation side by side.
"""

from __future__ import annotations

import re

from editor.engine import explain as X
from editor.engine.actions import BUILD, ActionKind, Description, Kind, described
from editor.engine.explain import Reason
from editor.engine.search_tables import SearchTables
from editor.engine.state import StateData
from editor.engine.textform import FIELD, Parsed, no_piece, node_of, pick_piece, unknown_field
from editor.i18n import _
from editor.model.terms import piece_name, seat_name

try:
    import cython
except ImportError:  # interpreted without Cython: the C types below are no-ops
    from editor.engine import cython_shim as cython

BUILD_RE = re.compile(rf"^([A-Z])\s*({FIELD})\s*\+\s*([A-Z])\s*@\s*({FIELD})$")


class Building(StateData):
    """Build actions (BUILD-1..10, CONF-34, CONF-35)."""

    __slots__ = ()

    def build_actions(self, s: int) -> list[tuple]:
        """`build_actions_of` with the AP left now (BUILD-1..8)."""
        return build_actions_of(self, s, self.ap_left())

    def build_sites(self, s: int, builder: int, u: int, t: int) -> tuple[tuple[int, ...], bool]:
        """Where a builder (type `builder`) of seat s on node u may build type t, as far as the
        board decides, and whether the field must be empty: under the builder (BUILD-5/-6), on
        adjacent land (BUILD-7) or in a linked harbour (BUILD-8); the builder's field and the
        new piece's field pass BUILD-3 and BUILD-6 / CONF-34. `build_actions` caches it per
        game."""
        c = self.compiled
        place = c.build_place[t]
        if not self.build_site_ok(s, u):
            found = ((), True)
        elif place == "under_builder":
            ok = self.fits_type(t, builder) and self.site_ok_for(s, t, u)
            found = ((u,) if ok else (), False)
        elif place == "adjacent_land":
            found = (tuple(v for v in c.any_adj[u]
                           if v < c.n_fields and not c.is_sea[v] and c.stand[t][v]
                           and self.build_site_ok(s, v) and self.site_ok_for(s, t, v)), True)
        else:
            found = (tuple(c.harbours_of[u]), True)
        return found

    def fits_type(self, carrier_t: int, t: int) -> bool:
        return self.compiled.carries[carrier_t].get(t, 0) > 0

    def build_site_ok(self, s: int, v: int) -> bool:
        """BUILD-3: not on the central island, not in the own castle, not on an opponent's start
        field (the builder's field and the new piece's field)."""
        c = self.compiled
        if c.is_region[v] or c.central[v] or c.castle_owner[v] == s:
            return False
        return all(c.team_of[x] == c.team_of[s] for x in c.start_seats[v])

    def site_ok_for(self, s: int, t: int, v: int) -> bool:
        """BUILD-6 / CONF-34: siege pieces never in a tower (siege_build_in_enemy_tower), and with
        siege_build_forbidden_start_fields='all' on no start field at all."""
        c = self.compiled
        if not c.siege[t]:
            return True
        opts = self.game.opts
        if c.castle_owner[v] >= 0 and not opts.siege_build_in_enemy_tower:
            return False
        return not (opts.siege_build_forbidden_start_fields == "all" and c.start_seats[v])

    def _apply_build(self, pid: int, t: int, v: int) -> None:
        """BUILD-1..10: build_cost AP; BUILD-5/-6 the builder rides the new chariot or siege
        engine; BUILD-7 catapult on an adjacent field; BUILD-8 vessel in a linked harbour;
        BUILD-9 builder and new piece rest (CONF-35 new_piece_inactive_until)."""
        s = self.mover
        self.ap_spent += self.game.variant.build_cost
        new = self.new_piece(s, t, v, -1, 0)
        self.built += 1
        if self.compiled.build_place[t] == "under_builder":
            self.detach(pid)
            self.put_top(v, new)
            self.cargo[new].append(pid)
            self.carrier[pid] = new
            self.set_node(new, v)
        else:
            self.put_top(v, new)
        n = self.game.seat_count
        until = (self.turn if self.game.opts.new_piece_inactive_until == "end_of_turn"
                 else self.turn - self.turn % n + n - 1)
        self.resting[pid] = until
        self.resting[new] = until
        self._layout += 1  # the builder rides or rests (movable)
        self.maybe_end_turn()


@cython.boundscheck(False)
@cython.wraparound(False)
@cython.locals(pid=cython.Py_ssize_t, t=cython.Py_ssize_t, u=cython.Py_ssize_t,
               v=cython.Py_ssize_t, bt=cython.Py_ssize_t, key=cython.Py_ssize_t,
               n_types=cython.Py_ssize_t, n_nodes=cython.Py_ssize_t,
               on_empty=cython.bint, out=list, allowed=list, mine=list,
               limits=list, builders=list, occ=list, ptype=list, carrier=list, node=list,
               cache=dict, per_type=tuple, sites=tuple, entry=tuple, rosters=list,
               tb=SearchTables)
def build_actions_of(st: StateData, s: int, left: int) -> list[tuple]:
    """BUILD-1..8: a soldier on foot on a land field builds one piece for build_cost AP.
    The sites per seat, builder type and field are cached per game (`Game.build_site_cache`,
    keyed by one number), and per seat the types it may still build and its builders, as
    long as its pieces are the same list (`seat_pieces`; `build_roster`)."""
    tb = st.tables
    out = []
    if left < tb.build_cost:
        return out  # BUILD-1
    mine = st._roster[s]
    if mine is None:
        mine = st.seat_pieces(s)
    rosters = tb.build_rosters
    entry = rosters[s]
    if entry is None or entry[0] is not mine:
        entry = rosters[s] = build_roster(st, mine)
    allowed, builders = entry[1], entry[2]
    if allowed is None:
        return out
    limits, ptype = tb.build_limit, st.ptype
    occ, carrier, node = st.occ, st.carrier, st.node
    cache = tb.build_site_cache
    n_types, n_nodes = len(limits), len(occ)
    for pid_obj in builders:
        pid = pid_obj
        if carrier[pid] >= 0:
            continue  # BUILD-1: on foot
        bt = ptype[pid]
        u = node[pid]
        key = (s * n_types + bt) * n_nodes + u
        per_type = cache.get(key)
        if per_type is None:
            per_type = cache[key] = tuple([
                (t_obj, *st.build_sites(s, bt, u, t_obj))
                for t_obj, lim in enumerate(limits) if lim is not None])
        for t_obj, sites, on_empty in per_type:
            t = t_obj
            if allowed[t]:
                for v_obj in sites:
                    v = v_obj
                    if not on_empty or occ[v] < 0:
                        out.append((BUILD, pid_obj, t_obj, v_obj))
    return out


@cython.boundscheck(False)
@cython.wraparound(False)
@cython.locals(t=cython.Py_ssize_t, n_types=cython.Py_ssize_t,
               any_allowed=cython.bint, counts=list, allowed=list, builders=list, limits=list,
               builds=list, ptype=list, tb=SearchTables)
def build_roster(st: StateData, mine: list) -> tuple:
    """(mine, the types its seat may still build or None, its builders) for `mine`, a seat's
    pieces on the board (`seat_pieces`): BUILD-4 fewer than the type's build limit in play,
    BUILD-1 builders are the soldiers (on foot or not: that is asked per action)."""
    tb = st.tables
    limits, builds, ptype = tb.build_limit, tb.builds, st.ptype
    n_types = len(limits)
    counts = [0] * n_types
    builders = []
    for pid_obj in mine:
        t = ptype[pid_obj]
        counts[t] += 1
        if builds[t]:
            builders.append(pid_obj)
    allowed = [False] * n_types
    any_allowed = False
    for t in range(n_types):
        lim = limits[t]
        if lim is not None and counts[t] < lim:  # BUILD-4
            allowed[t] = any_allowed = True
    return (mine, allowed if any_allowed else None, builders)


def explain_build(st: Building, a: tuple) -> Reason | None:
    """Legal iff generated; else the first reason (BUILD-1..6)."""
    r = st.special_precheck(a)
    if r is not st.NOT_GENERATED:
        return r
    c = st.compiled
    s = st.mover
    if not st.game.has_builds:
        return Reason(X.E_NOT_AVAILABLE, "BUILD-1", _("building is not part of this variant"))
    pid, t, v = a[1], a[2], a[3]
    if st.ap_left() < st.game.variant.build_cost:
        return Reason(X.E_NO_AP, "BUILD-1", _("building costs {cost} AP").format(
            cost=st.game.variant.build_cost))
    if not c.builds[st.ptype[pid]] or st.carrier[pid] >= 0:
        return Reason(X.E_CANNOT_BUILD, "BUILD-1", _("only a soldier on foot builds"))
    lim = c.build_limit[t] if 0 <= t < len(c.build_limit) else None
    if lim is None:
        return Reason(X.E_CANNOT_BUILD, "BUILD-2", _("this piece type cannot be built"))
    have = sum(1 for p in range(len(st.ptype)) if st.owner[p] == s and st.node[p] >= 0
               and st.ptype[p] == t)
    if have >= lim:
        return Reason(X.E_BUILD_LIMIT, "BUILD-4",
                      _("{seat} already has {n} pieces of type {piece} in play").format(
                          seat=seat_name(c.seat_ids[s]), n=have, piece=piece_name(c.type_names[t])))
    if c.siege[t] and c.castle_owner[v] >= 0:
        return Reason(X.E_CANNOT_BUILD, "BUILD-6", _("no siege engine in a tower"))
    return Reason(X.E_CANNOT_BUILD, "BUILD-3",
                  _("cannot build a {piece} on {field}").format(
                      piece=piece_name(c.type_names[t]), field=st.field_name(v)))


def _generate(st: Building, s: int, left: int) -> list[tuple]:
    return build_actions_of(st, s, left)


def build_notation(st: Building, a: tuple, full_path: bool) -> str:
    """`S a1+K@b2`: the soldier on a1 builds a catapult on b2."""
    c, pid = st.compiled, a[1]
    return (f"{c.letter[st.ptype[pid]]} {c.node_ids[st.node[pid]]}+{c.letter[a[2]]}"
            f"@{c.node_ids[a[3]]}")


def parse_build(st: Building, raw: str) -> Parsed | None:
    """`S a1+K@b2`."""
    m = BUILD_RE.match(raw)
    if not m:
        return None
    src, dst = node_of(st, m.group(2)), node_of(st, m.group(4))
    if not st.game.has_builds:
        return None, Reason(X.E_NOT_AVAILABLE, "BUILD-1", _("building is not part of this variant"))
    t = st.compiled.letter_to_type.get(m.group(3))
    if src is None or dst is None:
        return unknown_field(raw)
    if t is None:
        return None, Reason(X.E_BAD_NOTATION, "",
                            _("unknown piece letter {letter} in {text}").format(
                                letter=repr(m.group(3)), text=repr(raw)))
    cands = pick_piece(st, m.group(1), src)
    if not cands:
        return None, no_piece(st, m.group(1), src)
    return (BUILD, cands[0], t, dst), None


def describe_build(st: Building, a: tuple) -> Description:
    """BUILD-1: the builder's field, the field built on and the type built."""
    return described(st, a, Kind.BUILD, a[1], st.node[a[1]], a[3],
                     built=st.compiled.type_names[a[2]])


KINDS = (
    ActionKind(BUILD, lambda st, a: st.game.variant.build_cost,
               lambda st, a: st._apply_build(a[1], a[2], a[3]), explain_build, build_notation,
               describe_build, _generate, "has_builds", parse_build, acting=True),
)
