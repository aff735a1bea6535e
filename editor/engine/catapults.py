"""Catapults (Conquest Plus, Grand Conquest): fire sets, shot effects, regular shots (SHOOT) and
retaliation shots in a response window (RSHOT); generator, cost, apply and explanation of both
kinds side by side (PIECE-CATAPULT-*, RECAP-17..20, DRAW-6).
"""

from __future__ import annotations

import re

from editor.engine import explain as X
from editor.engine.actions import K_MOVE, RSHOT, SHOOT, ActionKind, Description, Kind, described
from editor.engine.explain import Reason
from editor.engine.responses import Responses
from editor.engine.search import Search, search_of
from editor.engine.search_tables import SearchTables
from editor.engine.textform import FIELD, Parsed, no_piece, node_of, pick_piece, unknown_field
from editor.i18n import _

try:
    import cython
except ImportError:  # interpreted without Cython: the C types below are no-ops
    from editor.engine import cython_shim as cython

SHOT_RE = re.compile(rf"^([A-Z])\s*({FIELD})\s*#\s*({FIELD})$")


class Catapults(Responses):
    """Shots and their effects."""

    __slots__ = ()

    def fire_set(self, pid: int, at: int | None = None) -> tuple[int, ...]:
        """`fire_set_of` (PIECE-CATAPULT-7/-15)."""
        return fire_set_of(self, pid, at)

    def shot_effect(self, pid: int, v: int, at: int | None = None) -> str | None:
        """`shot_effect_of` (PIECE-CATAPULT-5/-14/-17, DRAW-6)."""
        return shot_effect_of(self, pid, v, at)

    def shot_actions(self, s: int, left: int) -> list[tuple]:
        """`shot_actions_of` (PIECE-CATAPULT-2/-11)."""
        return shot_actions_of(self, s, left)

    @cython.locals(pid=cython.Py_ssize_t, once=cython.bint, pieces=list, ptype=list, shoots=list)
    def retaliation_shots(self, seats: set[int], scene: int) -> list[tuple]:
        """RECAP-17/-19 (CONF-6): a victim's catapult on land or aboard a galleon shoots the
        capturer, after at most one step of the catapult or its galleon (only if necessary
        with catapult_response_move_must_be_necessary); CP one response shot per turn."""
        opts = self.game.opts
        out: list[tuple] = []
        once = opts.catapult_retaliation_limit == "one_per_turn"
        ptype, shoots = self.ptype, self.tables.shoots
        pieces = []  # the seats' pieces on the board, in id order
        for x in seats:
            pieces.extend(self.seat_pieces(x))
        pieces.sort()
        for pid in pieces:
            if not shoots[ptype[pid]] or (once and pid in self.rshots):
                continue
            if opts.catapult_response_requires_two_field_reach and self.graph_distance(
                    self.carrier[pid] if self.carrier[pid] >= 0 else pid, scene, 2) > 2:
                continue  # CONF-6: the catapult must be within two fields of the scene
            if shot_effect_of(self, pid, scene, None) in ("hit", "crew") and \
                    scene in fire_set_of(self, pid, None):
                out.append((RSHOT, pid, (), scene))
                if opts.catapult_response_move_must_be_necessary:
                    continue
            mover = self.carrier[pid] if self.carrier[pid] >= 0 else pid
            if self.carrier[mover] >= 0:
                continue
            if opts.catapult_response_requires_two_field_reach and \
                    self.graph_distance(mover, scene, 2) > 2:
                continue  # CONF-6: the catapult must be within two fields of the scene
            for w, _d, kind in search_of(self, mover, 1):
                if kind != K_MOVE:
                    continue
                if scene in fire_set_of(self, pid, w) and shot_effect_of(
                        self, pid, scene, w) in ("hit", "crew"):
                    out.append((RSHOT, pid, ((mover, w),), scene))
        return out

    def shot_remove(self, pid: int, v: int) -> tuple[str | None, int]:
        """Resolve a shot at v (PIECE-CATAPULT-5/-13/-14, DRAW-6, CAPT-9); returns (effect,
        victim seat)."""
        effect = shot_effect_of(self, pid, v, None)
        by = self.owner[pid]
        if effect == "bridge":
            del self.raised[v]  # DRAW-6: the bridge falls, nobody is harmed
            return effect, -1
        o = self.occ[v]
        victim = self.owner[o]
        if effect == "crew":
            for x in list(self.cargo[o]):
                self.remove_piece(x, by)
            self.cargo[o] = []
            self.revert_check(o)  # PIECE-SIEGE-6: an unmanned seized tower reverts
        else:
            self.remove_piece(o, by)
            self.put_top(v, -1)
        self.captured_this_turn = True  # WIN-25: shots reset the no-capture count
        self.quiet_round_clean = False
        self.any_capture = True
        return effect, victim

    def _apply_shot(self, pid: int, v: int) -> None:
        """PIECE-CATAPULT-2/-11: shot_cost AP, the catapult stays and does not regenerate
        (PIECE-CATAPULT-9, -19); RECAP-20: the victim gets no response, unless
        catapult_shot_answerable (CONF-6): then he may answer against the catapult's stack."""
        s = self.mover
        self.ap_spent += self.game.variant.shot_cost
        self.shots.add(pid)
        before = [self.count(x) for x in range(self.game.seat_count)]
        was_unprotected = self.unprotected(s)
        effect, victim = self.shot_remove(pid, v)
        if self.game.opts.catapult_shot_answerable and effect in ("hit", "crew") and victim >= 0:
            self.after_capture(pid, self.node[pid], victim, s, before, False, was_unprotected)
            return
        self.check_immediate(s, before)
        if self.terminal:
            return
        self.maybe_end_turn()

    def _apply_rshot(self, pid: int, pre: tuple, v: int) -> None:
        """RECAP-17/-19: free retaliation shot (RECAP-8), after at most one step (pre)."""
        victim, _cap, scene, _p = self.window
        mover = self.mover
        was_unprotected = self.unprotected(mover)
        before = [self.count(x) for x in range(self.game.seat_count)]
        for q, w in pre:
            self.relocate(q, w)
        self.window = None
        self.rshots.add(pid)
        self.shot_remove(pid, scene)
        self.close_response(mover, victim, before, was_unprotected)


@cython.locals(v=cython.Py_ssize_t)
def fire_set_of(st: Search, pid: int, at: int | None) -> tuple[int, ...]:
    """Target fields of catapult pid (standing on `at`, None: its field): aboard a galleon at
    sea the galleon's set (PIECE-CATAPULT-7/-15), else the land set."""
    c = st.compiled
    v = st.node[pid] if at is None else at
    return c.fire_sea[v] if st.tables.is_sea[v] else c.fire_land[v]


@cython.locals(src=cython.Py_ssize_t,
               o=cython.Py_ssize_t, team=list, raised=dict)
def shot_effect_of(st: Search, pid: int, v: int, at: int | None) -> str | None:
    """What a shot of catapult pid at field v does (from `at`, None: its field): 'hit',
    'crew' (siege piece: riders only, PIECE-CATAPULT-5/-14), 'bridge' (lowers a raised
    drawbridge, DRAW-6), or None."""
    c = st.compiled
    team = st.tables.team
    src = st.node[pid] if at is None else at
    me = team[st.owner[pid]]
    raised = st.raised
    if raised and v in raised and team[raised[v]] != me and \
            v not in c.tower_ring.get(src, ()):
        return "bridge"  # PIECE-CATAPULT-17: from outside only the bridge is hit
    o = st.occ[v]
    if o < 0 or team[st.owner[o]] == me:
        return None
    if c.shot_proof[st.ptype[o]]:
        return "crew" if st.cargo[o] else None
    return "hit"


@cython.boundscheck(False)
@cython.wraparound(False)
@cython.locals(pid=cython.Py_ssize_t,
               v=cython.Py_ssize_t, out=list,
               ptype=list, occ=list, raised=dict, shoots=list, mine=list, shots=set,
               resting=dict, fire=tuple, tb=SearchTables)
def shot_actions_of(st: Search, s: int, left: int) -> list[tuple]:
    """PIECE-CATAPULT-2/-11: each catapult one regular shot per own turn, shot_cost AP."""
    tb = st.tables
    out = []
    if left < tb.shot_cost:
        return out
    ptype, occ, raised, shoots = st.ptype, st.occ, st.raised, tb.shoots
    shots, resting = st.shots, st.resting
    mine = st._roster[s]
    if mine is None:
        mine = st.seat_pieces(s)
    for pid_obj in mine:
        pid = pid_obj
        if not shoots[ptype[pid]]:
            continue
        if pid_obj in shots or (resting and st.is_resting(pid_obj)):
            continue
        fire = fire_set_of(st, pid, None)
        for v_obj in fire:
            v = v_obj
            if occ[v] < 0 and not (raised and v_obj in raised):
                continue  # an empty field, no drawbridge: `shot_effect_of` finds nothing
            if shot_effect_of(st, pid, v, None) is not None:
                out.append((SHOOT, pid_obj, v_obj))
    return out


def explain_rshot(st: Catapults, a: tuple) -> Reason | None:
    """RECAP-17/-19: a retaliation shot is legal iff generated; else the first reason."""
    if st.window is None:
        return Reason(X.E_NO_WINDOW, "RECAP-1", _("there is no capture to respond to"))
    if a in st.responses():
        return None
    pid = a[1]
    if pid in st.rshots:
        return Reason(X.E_SHOT_USED, "RECAP-19",
                      _("{who} already made its response shot this turn").format(
                          who=st.describe(pid)))
    if a[2] and st.game.opts.catapult_response_move_must_be_necessary and \
            a[3] in st.fire_set(pid):
        return Reason(X.E_RESPONSE_NOT_NECESSARY, "RECAP-17",
                      _("the catapult already has the scene in range; the step is not needed"))
    if len(a[2]) > 1:
        return Reason(X.E_RESPONSE_OUT_OF_REACH, "RECAP-17", _("at most one step first"))
    return Reason(X.E_NO_TARGET, "RECAP-17",
                  _("{who} cannot shoot the capturer on {field}").format(
                      who=st.describe(pid), field=st.field_name(a[3])))


def explain_shoot(st: Catapults, a: tuple) -> Reason | None:
    """PIECE-CATAPULT-2..14: legal iff generated; else the first reason."""
    r = st.special_precheck(a)
    if r is not st.NOT_GENERATED:
        return r
    c = st.compiled
    s = st.mover
    pid, v = a[1], a[2]
    if st.owner[pid] != s:
        return Reason(X.E_NOT_YOUR_PIECE, "TURN-1", _("{who} is not the mover's").format(
            who=st.describe(pid)))
    if not c.shoots[st.ptype[pid]]:
        return Reason(X.E_NOT_AVAILABLE, "PIECE-CATAPULT-2", _("only catapults shoot"))
    if st.is_resting(pid):
        return Reason(X.E_RESTING, "BUILD-9", _("{who} was built this turn").format(
            who=st.describe(pid)))
    if pid in st.shots:
        return Reason(X.E_SHOT_USED, "PIECE-CATAPULT-11",
                      _("{who} already fired this turn").format(
                          who=st.describe(pid)))
    if st.ap_left() < st.game.variant.shot_cost:
        return Reason(X.E_NO_AP, "PIECE-CATAPULT-2", _("a shot costs 1 AP"))
    if v not in st.fire_set(pid):
        rule = {"connections": "PIECE-CATAPULT-3", "radius_cm": "PIECE-CATAPULT-4"}.get(
            st.game.opts.catapult_fire_mode, "PIECE-CATAPULT-12")
        if c.castle_owner[v] >= 0 and st.game.opts.catapult_castle_access == "forbidden":
            rule = "PIECE-CATAPULT-6"
        elif rule == "PIECE-CATAPULT-12" and c.is_tower[st.node[pid]]:
            rule = "PIECE-CATAPULT-17"  # a tower's targets: ring neighbours and front field
        return Reason(X.E_NO_TARGET, rule, _("{field} is not in the fire set of {who}").format(
                          field=st.field_name(v), who=st.describe(pid)))
    o = st.occ[v]
    if o >= 0 and c.shot_proof[st.ptype[o]]:
        rule = "PIECE-CATAPULT-5" if c.shot_proof[st.ptype[o]] and \
            st.game.opts.siege_seize_from_adjacent_tower else "PIECE-CATAPULT-14"
        return Reason(X.E_NO_TARGET, rule, _(
            "{other} itself cannot be destroyed by a shot; only its crew").format(
                other=st.describe(o)))
    return Reason(X.E_NO_TARGET, "PIECE-CATAPULT-5", _("no enemy piece on {field}").format(
        field=st.field_name(v)))


def shot_notation(st: Catapults, a: tuple, full_path: bool) -> str:
    """`K a1#x4`."""
    c, pid = st.compiled, a[1]
    return f"{c.letter[st.ptype[pid]]} {c.node_ids[st.node[pid]]}#{c.node_ids[a[2]]}"


def rshot_notation(st: Catapults, a: tuple, full_path: bool) -> str:
    """`(K a1#x4)`; `(G s1>s2, K s2#x4)` after one step."""
    c, pid = st.compiled, a[1]
    parts = [f"{c.letter[st.ptype[q]]} {c.node_ids[st.node[q]]}>{c.node_ids[w]}"
             for q, w in a[2]]
    at = a[2][0][1] if a[2] else st.node[pid]
    parts.append(f"{c.letter[st.ptype[pid]]} {c.node_ids[at]}#{c.node_ids[a[3]]}")
    return "(" + ", ".join(parts) + ")"


def parse_shot(st: Catapults, raw: str) -> Parsed | None:
    """`K a1#x4`."""
    m = SHOT_RE.match(raw)
    if not m:
        return None
    src, dst = node_of(st, m.group(2)), node_of(st, m.group(3))
    if src is None or dst is None:
        return unknown_field(raw)
    cands = pick_piece(st, m.group(1), src)
    if not cands:
        return None, no_piece(st, m.group(1), src)
    return (SHOOT, cands[0], dst), None


def describe_shot(st: Catapults, a: tuple) -> Description:
    """PIECE-CATAPULT-2: the catapult's field and the field it hits."""
    return described(st, a, Kind.SHOT, a[1], st.node[a[1]], a[2])


def describe_rshot(st: Catapults, a: tuple) -> Description:
    """RECAP-17/-19: the stack that moves first (the catapult's, or its galleon's) and the
    capturer's field it hits."""
    pid, pre = a[1], a[2]
    ids = st.compiled.node_ids
    source = st.node[pre[0][0]] if pre else st.node[pid]
    steps = tuple((ids[st.node[q]], ids[w]) for q, w in pre)
    return described(st, a, Kind.RETALIATION, pid, source, a[3], steps=steps)


KINDS = (
    ActionKind(SHOOT, lambda st, a: st.game.variant.shot_cost,
               lambda st, a: st._apply_shot(a[1], a[2]), explain_shoot, shot_notation,
               describe_shot, shot_actions_of, "has_shooters",
               parse_shot, acting=True),
    ActionKind(RSHOT, lambda st, a: 0, lambda st, a: st._apply_rshot(a[1], a[2], a[3]),
               explain_rshot, rshot_notation, describe_rshot, acting=True),
)
