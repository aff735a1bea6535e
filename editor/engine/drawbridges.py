"""Drawbridges (Grand Conquest, DRAW-1..6): raising and lowering (kinds RAISE and LOWER) —
generator, cost, apply and explanation side by side. Blocking by raised bridges is part of the
move search (`Search.bridge_blocks`).
"""

from __future__ import annotations

import re

from editor.engine import explain as X
from editor.engine.actions import LOWER, RAISE, ActionKind, Description, Kind, described
from editor.engine.explain import Reason
from editor.engine.search_tables import SearchTables
from editor.engine.state import StateData
from editor.engine.textform import FIELD, Parsed, node_of
from editor.i18n import _
from editor.model.terms import seat_name

try:
    import cython
except ImportError:  # interpreted without Cython: the C types below are no-ops
    from editor.engine import cython_shim as cython

BRIDGE_RE = re.compile(rf"^(raise|lower)\s+({FIELD})$", re.IGNORECASE)


class Drawbridges(StateData):
    """Raise (DRAW-2) and lower (DRAW-5) actions."""

    __slots__ = ()

    def bridge_actions(self, s: int, left: int) -> list[tuple]:
        """`bridge_actions_of` (DRAW-2, DRAW-5)."""
        return bridge_actions_of(self, s, left)

    def _apply_raise(self, tower: int) -> None:
        self.ap_spent += self.game.variant.drawbridge_raise_cost  # DRAW-2
        self.raised[tower] = self.mover
        self.maybe_end_turn()

    def _apply_lower(self, tower: int) -> None:
        self.ap_spent += self.game.variant.drawbridge_lower_cost  # DRAW-5
        del self.raised[tower]
        self.maybe_end_turn()


@cython.boundscheck(False)
@cython.wraparound(False)
@cython.locals(myteam=cython.Py_ssize_t,
               tower=cython.Py_ssize_t, o=cython.Py_ssize_t, holder=cython.Py_ssize_t,
               owner=cython.Py_ssize_t, raise_cost=cython.Py_ssize_t,
               lower_cost=cython.Py_ssize_t, occupied_ok=cython.bint,
               out=list, team_of=list, castle_owner=list, occ=list, owners=list, raised=dict,
               costs=tuple, towers=list, tb=SearchTables)
def bridge_actions_of(st: StateData, s: int, left: int) -> list[tuple]:
    """DRAW-2 raise (own tower not held by an enemy, or an enemy tower s holds), DRAW-5 a
    soldier who stormed an enemy tower lowers its raised bridge. The towers with a
    drawbridge and the costs are the game's (`Game.bridge_towers`, `Game.bridge_costs`)."""
    tb = st.tables
    out = []
    raised = st.raised
    costs = tb.bridge_costs
    raise_cost, lower_cost, occupied_ok = costs[0], costs[1], costs[2]
    if left < raise_cost and (left < lower_cost or not raised):
        return out  # nothing affordable
    team_of, castle_owner = tb.team, tb.castle_owner
    occ, owners = st.occ, st.owner
    myteam = team_of[s]
    towers = tb.bridge_towers
    for tower_obj in towers:
        tower = tower_obj
        o = occ[tower]
        holder = owners[o] if o >= 0 else -1
        if raised and tower_obj in raised:
            if (left >= lower_cost and holder == s
                    and team_of[castle_owner[tower]] != myteam
                    and st.compiled.lowers_drawbridges[st.ptype[o]]):
                out.append((LOWER, tower_obj))
            continue
        if left < raise_cost:
            continue
        owner = castle_owner[tower]
        if owner == s:
            if holder >= 0 and team_of[holder] != myteam and not occupied_ok:
                continue
            out.append((RAISE, tower_obj))
        elif holder == s and team_of[owner] != myteam:
            out.append((RAISE, tower_obj))
    return out


def explain_bridge(st: Drawbridges, a: tuple) -> Reason | None:
    """Legal iff generated; else the first reason (DRAW-1, DRAW-2, DRAW-5)."""
    r = st.special_precheck(a)
    if r is not st.NOT_GENERATED:
        return r
    kind = a[0]
    if not st.game.has_drawbridges:
        return Reason(X.E_NOT_AVAILABLE, "DRAW-1",
                      _("drawbridges are not part of this game (the board's castles have none)"))
    cost = st.game.variant.drawbridge_raise_cost if kind == RAISE else \
        st.game.variant.drawbridge_lower_cost
    if st.ap_left() < cost:
        return Reason(X.E_NO_AP, "DRAW-2", _("this costs {cost} AP").format(cost=cost))
    rule = "DRAW-2" if kind == RAISE else "DRAW-5"
    return Reason(X.E_DRAWBRIDGE, rule,
                  (_("{seat} may not raise this drawbridge") if kind == RAISE
                   else _("{seat} may not lower this drawbridge")).format(
                      seat=seat_name(st.compiled.seat_ids[st.mover])))


def bridge_notation(st: Drawbridges, a: tuple, full_path: bool) -> str:
    """`raise t1`, `lower t1`."""
    return f"{a[0]} {st.compiled.node_ids[a[1]]}"


def parse_bridge(st: Drawbridges, raw: str) -> Parsed | None:
    """`raise t1`, `lower t1`."""
    m = BRIDGE_RE.match(raw)
    if not m:
        return None
    if not st.game.has_drawbridges:
        return None, Reason(X.E_NOT_AVAILABLE, "DRAW-1",
                            _("drawbridges are not part of this game (the board's castles "
                              "have none)"))
    node = node_of(st, m.group(2))
    if node is None:
        return None, Reason(X.E_BAD_NOTATION, "", _("unknown field {field}").format(
            field=repr(m.group(2))))
    return (RAISE if m.group(1).lower() == "raise" else LOWER, node), None


def describe_bridge(st: Drawbridges, a: tuple) -> Description:
    """DRAW-2, DRAW-5: the action belongs to its tower's field."""
    return described(st, a, Kind.RAISE if a[0] == RAISE else Kind.LOWER, None, a[1], a[1])


KINDS = (
    ActionKind(RAISE, lambda st, a: st.game.variant.drawbridge_raise_cost,
               lambda st, a: st._apply_raise(a[1]), explain_bridge, bridge_notation,
               describe_bridge, bridge_actions_of,
               "has_drawbridges", parse_bridge),
    ActionKind(LOWER, lambda st, a: st.game.variant.drawbridge_lower_cost,
               lambda st, a: st._apply_lower(a[1]), explain_bridge, bridge_notation,
               describe_bridge),
)
