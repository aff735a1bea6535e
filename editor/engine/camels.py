"""Camels and take-overs (PIECE-CAMEL-*, PIECE-SIEGE-5): pushing an opponent's riderless camel
(PUSH) and mounting a riderless enemy camel or unmanned enemy siege tower (RIDE); generator,
cost, apply and explanation side by side. RIDE actions come out of the move generator.
"""

from __future__ import annotations

import re

from editor.engine import explain as X
from editor.engine.actions import (
    DEFER,
    K_CAPTURE,
    K_MOVE,
    K_RIDE,
    PUSH,
    RIDE,
    ActionKind,
    Description,
    Kind,
    described,
)
from editor.engine.building import build_actions_of
from editor.engine.catapults import shot_actions_of
from editor.engine.drawbridges import bridge_actions_of
from editor.engine.explain import Reason
from editor.engine.search import Search, can_take_over, movable_of, range_left_of, search_of
from editor.engine.search_tables import SearchTables
from editor.engine.state import StateData, enemy_top_of
from editor.engine.textform import (
    FIELD,
    HOP_RE,
    Parsed,
    no_piece,
    node_of,
    pick_piece,
    unknown_field,
)
from editor.i18n import _

try:
    import cython
except ImportError:  # interpreted without Cython: the C types below are no-ops
    from editor.engine import cython_shim as cython

RIDE_RE = re.compile(rf"^([A-Z])\s*({FIELD})((?:\s*>\s*{FIELD})*)\s*~\s*({FIELD})$")
PUSH_RE = re.compile(rf"^push\s+([A-Z])\s*({FIELD})((?:\s*>\s*{FIELD})+)$")


class Camels(StateData):
    """Push and ride actions."""

    __slots__ = ()

    def push_actions(self, s: int, left: int, deferred: bool = False) -> list[tuple]:
        """`push_actions_of` (PIECE-CAMEL-5/-6, TEAM-10)."""
        return push_actions_of(self, s, left, deferred)

    def ride_actions(self, s: int, left: int) -> list[tuple]:
        """`ride_actions_of` (PIECE-CAMEL-3, PIECE-SIEGE-5)."""
        return ride_actions_of(self, s, left)

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
        before = [self.count(x) for x in range(self.game.seat_count)]
        old = self.carrier[pid]
        self.detach(pid)
        self.cargo[o].append(pid)
        self.carrier[pid] = o
        self._layout += 1
        self.set_node(pid, v)
        self.take_over(o, s)
        if old >= 0:
            self.revert_check(old)
        is_capture = (self.game.opts.camel_commandeer_is_capture
                      if self.compiled.commandeerable[self.ptype[o]] else True)
        if is_capture:
            self.after_capture(pid, v, victim, s, before, end, was_unprotected)
            return
        self.check_immediate(s, None)
        if not self.terminal and (end or self.ap_left() <= 0):
            self.end_turn()

    def _apply_push(self, pid: int, path: tuple[int, ...]) -> None:
        cost = len(path) - 1
        self.ap_spent += cost  # PIECE-CAMEL-5: 1 AP per step, not the camel's range
        self.pushed[pid] = self.pushed.get(pid, 0) + cost
        self.relocate(pid, path[-1])
        self.check_immediate(self.mover, None)
        self.maybe_end_turn()


@cython.locals(tb=SearchTables, acts=list)
def specials_of(st: Search, s: int, left: int, deferred: bool) -> list[tuple]:
    """`State.special_actions` for seat s with `left` AP (> 0): take-overs, then the turn's
    extra generators in the order of `legal_actions` (shots, builds, drawbridges, pushes),
    each when the game has it (the gates of their `ActionKind`s), as C calls when compiled."""
    tb = st.tables
    acts = ride_actions_of(st, s, left)
    if tb.has_shooters:
        acts.extend(shot_actions_of(st, s, left))
    if tb.has_builds:
        acts.extend(build_actions_of(st, s, left))
    if tb.has_drawbridges:
        acts.extend(bridge_actions_of(st, s, left))
    if tb.push_types:  # `Game.has_push`
        acts.extend(push_actions_of(st, s, left, deferred))
    return acts


@cython.boundscheck(False)
@cython.wraparound(False)
@cython.locals(t=cython.Py_ssize_t, maxd=cython.Py_ssize_t, pid=cython.Py_ssize_t,
               out=list, cargo=list, ptype=list, occ=list,
               push_steps=list, pushed=dict, camels=list, top_type=list, found=list,
               res=tuple, tb=SearchTables, v=cython.Py_ssize_t, node_bit=list)
def push_actions_of(st: Search, s: int, left: int, deferred: bool) -> list[tuple]:
    """PIECE-CAMEL-5/-6, TEAM-10: push an opponent's riderless camel up to push_steps per
    turn, 1 AP per step, never capturing; not counted against the camel's range. With
    `deferred` each push is (DEFER, PUSH, camel, destination, steps): its path is found
    only when it is chosen (`engine.Deferred`)."""
    out = []
    tb = st.tables
    top_type = st.top_type
    pushable = 0  # an opponent's camel on top of its field (not aboard a vessel)
    for t in tb.push_types:
        pushable |= top_type[t]
    if not pushable:
        return out
    pushable &= enemy_top_of(st, s)
    if not pushable:
        return out
    occ, cargo, ptype, pushed = st.occ, st.cargo, st.ptype, st.pushed
    push_steps = tb.push_steps
    node_bit = tb.node_bit
    camels = []
    while pushable:  # its fields, highest first (one xor per field), then the camels by id
        v = pushable.bit_length() - 1
        camels.append(occ[v])
        pushable ^= node_bit[v]
    camels.sort()
    for pid_obj in camels:
        pid = pid_obj
        if cargo[pid]:
            continue  # a rider: not riderless
        t = ptype[pid]
        maxd = push_steps[t]
        if pushed:
            maxd -= pushed.get(pid_obj, 0)
        if maxd > left:
            maxd = left
        if maxd <= 0:
            continue
        steps = maxd  # one number object for all its pushes
        found = search_of(st, pid_obj, steps)
        for res in found:
            if res[2] == K_MOVE:
                out.append((DEFER, PUSH, pid_obj, res[0], steps) if deferred
                           else (PUSH, pid_obj, st.path_to(res[0])))
    return out


@cython.boundscheck(False)
@cython.wraparound(False)
@cython.locals(pid=cython.Py_ssize_t,
               t=cython.Py_ssize_t, maxd=cython.Py_ssize_t, u=cython.Py_ssize_t,
               ca=cython.Py_ssize_t, prev=cython.Py_ssize_t, key_t=cython.Py_ssize_t,
               u_rides=cython.bint, galleons=cython.bint, acts=list, ptype=list,
               carrier=list, node=list, occ=list, cargo=list, steps=list, range_=list,
               top_type=list, riders=list, by_type=list, levels=list, path=tuple,
               res=tuple, found=list, tb=SearchTables)
def ride_actions_of(st: Search, s: int, left: int) -> list[tuple]:
    """RIDE actions exactly as `legal_actions` lists them, without building the other
    actions: only a piece of a type that fits on a take-over type (`Game.takeover_riders`)
    is searched, and only when an enemy camel or siege piece is within its reach over its
    own connections (PIECE-CAMEL-3, PIECE-SIEGE-5, MOVE-1). As in `moves_of`, a K_RIDE
    result is a RIDE and a capture of a stack that could be taken over is a MOVE followed
    by a RIDE; as in `legal_actions`, identical riders give one action per destination,
    the first listed (for a rider the capture's MOVE takes the key before its RIDE)."""
    tb = st.tables
    riders = tb.takeover_riders
    if not riders:
        return []
    top_type = st.top_type
    targets = 0  # enemy camels and siege pieces on top of their fields (only those ride)
    for t in tb.takeover_types:
        targets |= top_type[t]
    if not targets:
        return []
    targets &= enemy_top_of(st, s)
    if not targets:
        return []
    c = st.compiled
    ptype, carrier, node, occ = st.ptype, st.carrier, st.node, st.occ
    cargo, steps, range_ = st.cargo, st.steps, tb.range_
    galleons = tb.galleons  # see range_left
    acts = []
    taken: set[tuple[int, int, int]] = set()
    by_type = c.reach_by_type  # per type and load: reach rows by steps, made on demand
    for pid_obj in movable_of(st, s):
        pid = pid_obj
        t = ptype[pid]
        if not riders[t]:
            continue  # fits on no take-over type: no RIDE, no key it could share
        maxd = (range_left_of(st, pid_obj) if galleons and cargo[pid]
                else range_[t] - steps[pid])  # MOVE-5, PIECE-GALLEON-3
        if maxd > left:
            maxd = left
        if maxd <= 0:
            continue
        key_t = 2 * t + 1 if cargo[pid] else 2 * t  # the connections its search walks
        levels = by_type[key_t] if by_type else None
        if levels is None:
            levels = c.reach_levels(t, key_t & 1 == 1)
            by_type = c.reach_by_type
        u = node[pid]
        if maxd < len(levels):
            if not levels[maxd][u] & targets:
                continue  # no take-over target within reach
        elif not c.reach_row(maxd, t, key_t & 1 == 1)[u] & targets:
            continue
        ca = carrier[pid]
        found = search_of(st, pid_obj, maxd)
        for res in found:
            v = res[0]
            if ca >= 0:
                key = (ca, t, v)
                if key in taken:
                    continue
                taken.add(key)
                if res[2] == K_RIDE:
                    acts.append((RIDE, pid_obj, st.path_to(v), False))
            elif res[2] == K_RIDE:
                acts.append((RIDE, pid_obj, st.path_to(v), False))
            elif res[2] == K_CAPTURE:
                path = st.path_to(v)
                prev = path[len(path) - 2]
                u_rides = occ[prev] >= 0 if prev != path[0] else False
                if can_take_over(st, pid, occ[v], prev, u_rides):
                    acts.append((RIDE, pid_obj, path, False))
    return acts


def explain_push(st: Camels, a: tuple) -> Reason | None:
    r = st.special_precheck(a)
    if r is not st.NOT_GENERATED:
        return r
    return Reason(X.E_CANNOT_PUSH, "PIECE-CAMEL-5",
                  _("{who} cannot be pushed along that path").format(who=st.describe(a[1])))


def explain_ride(st: Camels, a: tuple) -> Reason | None:
    r = st.special_precheck(a)
    if r is not st.NOT_GENERATED:
        return r
    c = st.compiled
    o = st.occ[a[2][-1]] if a[2] else -1
    if o >= 0 and st.cargo[o]:
        return Reason(X.E_CARRIER_FULL, "PIECE-CAMEL-3",
                      _("{other} already has a rider; capture it instead").format(
                          other=st.describe(o)))
    if o >= 0 and c.siege[st.ptype[o]]:
        return Reason(X.E_NOT_AVAILABLE, "PIECE-SIEGE-5",
                      _("a siege tower is seized only from an adjacent own tower"))
    return Reason(X.E_NOT_AVAILABLE, "PIECE-CAMEL-3", _("cannot take this piece over"))


def _path_cost(st: Camels, a: tuple) -> int:
    return len(a[2]) - 1


def ride_notation(st: Camels, a: tuple, full_path: bool) -> str:
    """`S a1~a2`: take over the riderless camel / siege tower on a2."""
    head, _sep, last = st.move_text(a[1], a[2], full_path, capture=False).rpartition(">")
    return f"{head}~{last}"


def push_notation(st: Camels, a: tuple, full_path: bool) -> str:
    """`push D a1>a2`."""
    return "push " + st.move_text(a[1], a[2], True, capture=False)


def parse_push(st: Camels, raw: str) -> Parsed | None:
    """`push D a1>a2` (a two-field form takes the generated push to that field)."""
    m = PUSH_RE.match(raw)
    if not m:
        return None
    names = [m.group(2)] + [h[1] for h in HOP_RE.findall(m.group(3))]
    nodes = [node_of(st, x) for x in names]
    if None in nodes:
        return unknown_field(raw)
    cands = pick_piece(st, m.group(1), nodes[0])
    if not cands:
        return None, no_piece(st, m.group(1), nodes[0])
    pid = cands[0]
    if len(nodes) == 2:
        for a in st.legal_actions():
            if a[0] == PUSH and a[1] == pid and a[2][-1] == nodes[-1]:
                return a, None
    return (PUSH, pid, tuple(nodes)), None


def parse_ride(st: Camels, raw: str) -> Parsed | None:
    """`S a1~a2`, `S a1>a2~a3`."""
    m = RIDE_RE.match(raw)
    if not m:
        return None
    names = [m.group(2), *re.findall(FIELD, m.group(3) or ""), m.group(4)]
    nodes = [node_of(st, x) for x in names]
    if None in nodes:
        return unknown_field(raw)
    cands = pick_piece(st, m.group(1), nodes[0])
    if not cands:
        return None, no_piece(st, m.group(1), nodes[0])
    for a in st.legal_actions():
        if a[0] == RIDE and a[1] in cands and (
                a[2] == tuple(nodes) or (len(nodes) == 2 and a[2][-1] == nodes[-1])):
            return a, None
    return (RIDE, cands[0], tuple(nodes), False), None


def describe_path(st: Camels, a: tuple) -> Description:
    """A take-over (PIECE-CAMEL-3, PIECE-SIEGE-5: the soldier walks to the piece it mounts) or
    a push (PIECE-CAMEL-5: the camel pushed along the path)."""
    path = a[2]
    kind = Kind.TAKE_OVER if a[0] == RIDE else Kind.PUSH
    return described(st, a, kind, a[1], path[0], path[-1], path)


KINDS = (
    ActionKind(RIDE, _path_cost, lambda st, a: st._apply_ride(a[1], a[2], a[3]), explain_ride,
               ride_notation, describe_path, parse=parse_ride, acting=True),
    ActionKind(PUSH, _path_cost, lambda st, a: st._apply_push(a[1], a[2]), explain_push,
               push_notation, describe_path, lambda st, s, left: st.push_actions(s, left),
               "has_push", parse_push, acting=True),
)
