"""The move action kind (MOVE): its generator, cost, apply and the explanation of an illegal
move, side by side. The explanation walks a given path hop by hop and names the first rule that
forbids it; the generator (`State.search`) stays the reference: a path the walker accepts is
still checked against the generated destinations. A two-node path between fields that are not
adjacent is the "destination form" of the notation: the engine looks for the shortest legal path.
"""

from __future__ import annotations

import itertools

try:
    import cython
except ImportError:  # interpreted without Cython: the C types below are no-ops
    from editor.engine import cython_shim as cython

from editor.engine import explain as X
from editor.engine.actions import (
    K_CAPTURE,
    K_RIDE,
    MOVE,
    RESP,
    RIDE,
    ActionKind,
    Description,
    Kind,
)
from editor.engine.explain import Reason
from editor.engine.search import Search, search_of
from editor.engine.state import ap_left_of, count_of, mover_of, relocate_piece, unprotected_of
from editor.engine.turns import check_immediate_of, end_turn_of
from editor.i18n import _
from editor.model.terms import piece_name, seat_name


class Moves(Search):
    """Generating and applying moves (MOVE-1..5, CAPT-1, TURN-3..5, TURN-11, RECAP-14)."""

    __slots__ = ()

    def moves_of(self, pid: int, ap_left: int) -> list[tuple]:
        maxd = min(self.range_left(pid), ap_left)
        if maxd <= 0:
            return []
        res = search_of(self, pid, maxd)
        acts = []
        nxt = (self.mover + 1) % self.game.seat_count
        deny = self.game.opts.last_action_capture_denies_response
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
                if self.can_take_over(pid, o, prev, u_rides):
                    acts.append((RIDE, pid, path, False))  # PIECE-CAMEL-3 instead of capturing
            if (kind == K_CAPTURE and deny and d < ap_left
                    and self.owner[self.occ[v]] == nxt):
                acts.append((MOVE, pid, path, True))  # TURN-11 + RECAP-14: capture and end
        return acts

    def vuln_blocks(self, a: tuple) -> bool:
        """VULN-3/VULN-4: would this capture by an unprotected player be answerable?"""
        if a[0] != MOVE or self.occ[a[2][-1]] < 0:
            return False
        o = self.occ[a[2][-1]]
        if self.owner[o] == self.owner[a[1]]:
            return False
        s = self.mover
        if self.score(s) >= max(self.score(x) for x in range(self.game.seat_count) if x != s):
            return False  # VULN-4: the leader may capture freely
        probe = self.clone()
        probe.perform(a)
        if probe.terminal and probe.result_ and self.compiled.seat_ids[s] in probe.result_.winners:
            return False  # a capture that wins is allowed
        return probe.window is not None

    def normalize(self, action: tuple) -> tuple:
        """The destination form made the shortest legal path (`normalize_action`)."""
        return normalize_action(self, action)


@cython.ccall
@cython.locals(st=Search, path=tuple, node=list)
def normalize_action(st: Search, action: tuple) -> tuple:
    """Turn the destination form (a two-node path between non-adjacent fields) into the
    shortest legal path, when there is one."""
    if action and action[0] in (MOVE, RESP) and len(action) == 4:
        if type(action[2]) is tuple and len(action[2]) != 2:
            return action  # a full path already
        pid, path = action[1], tuple(action[2])
        node = st.node
        if (len(path) == 2 and 0 <= pid < len(node) and node[pid] == path[0]
                and path[1] not in st.tables.any_adj[path[0]]):
            for v, _d, _k in search_of(st, pid, 64):
                if v == path[1]:
                    return (action[0], pid, st.path_to(v), action[3])
        return (action[0], pid, path, action[3])
    return action


def path_action_reason(st: Search, a: tuple) -> Reason | None:
    """What makes a path action (a move or a response: kind, piece, path, unloads) unusable
    before any movement rule is asked: its form, its piece, its path's start, a pending draw
    offer (WIN-4); None when it is well formed."""
    c = st.compiled
    if len(a) != 4:
        return Reason(X.E_BAD_NOTATION, "", _("unknown action {action}").format(action=repr(a)))
    pid, path = a[1], tuple(a[2])
    if not (0 <= pid < len(st.ptype)) or st.node[pid] < 0:
        return Reason(X.E_NO_SUCH_PIECE, "", _("that piece is not on the board"))
    if not path or path[0] != st.node[pid] or any(not (0 <= v < len(c.node_ids)) for v in path):
        return Reason(X.E_NO_SUCH_PIECE, "",
                      _("the path must start at the piece's field ({field})").format(
                          field=st.field_name(st.node[pid])))
    if st.draw is not None:
        return Reason(X.E_NOT_AVAILABLE, "WIN-4", _("answer the draw offer first"))
    return None


def explain_move(st: Moves, a: tuple) -> Reason | None:
    """None when the move is legal, else the first rule that forbids it."""
    c = st.compiled
    if (early := path_action_reason(st, a)) is not None:
        return early
    pid, path = a[1], tuple(a[2])
    if st.window is not None:
        return st.pending_reason()
    s = st.mover
    if st.owner[pid] != s and not (st.game.variant.team_game and st.carrier[pid] < 0
                                   and st.controls(s, pid)):
        return Reason(X.E_NOT_YOUR_PIECE, "TURN-1",
                      _("{who} does not belong to {seat}, the mover").format(
                          who=st.describe(pid), seat=seat_name(c.seat_ids[s])))
    if st.is_frozen(s):
        return Reason(X.E_FROZEN, "FREEZE-2", _("{seat} is frozen and has no AP").format(
            seat=seat_name(c.seat_ids[s])))
    ap = st.ap_left()
    rng = st.range_left(pid)
    r = check_path(st, pid, path, min(ap, rng), ap, rng, response=False)
    if r is not None:
        return r
    if st.unprotected(s) and st.risky >= st.game.opts.vulnerable_risky_captures_per_turn:
        full = a if len(path) > 2 or _adjacent(st, path) else None
        if full is not None and st.vuln_blocks(full):
            return Reason(X.E_VULNERABLE_RISK, "VULN-3",
                          _("{seat} is unprotected and already made an answerable capture this "
                            "turn").format(seat=seat_name(c.seat_ids[s])))
    return _against_generator(st, a)


def _against_generator(st: Moves, a: tuple) -> Reason | None:
    """The path walker accepted the move: the generator decides (resting builders, team
    control, drawbridges, siege engines, dismounting: rules the walker does not model)."""
    pid = a[1]
    if st.is_resting(pid):
        return Reason(X.E_RESTING, "BUILD-9", _("{who} rests after building").format(
            who=st.describe(pid)))
    if (st.game.variant.team_game and st.carrier[pid] < 0 and st.cargo[pid]
            and not st.controls(st.mover, pid)):
        return Reason(X.E_NOT_YOUR_PIECE, "TEAM-7",
                      _("only the partner's pieces are aboard {who}; he moves it").format(
                          who=st.describe(pid)))
    b = st.normalize(a)
    r = _path_rules(st, b)
    if r is not None:
        return r
    dests = {m[2][-1] for m in st.moves_of(pid, st.ap_left()) if m[0] == MOVE}
    if b[2][-1] not in dests:
        return new_rule_reason(st, b)
    return None


def _path_rules(st: Moves, a: tuple) -> Reason | None:
    """Drawbridges (DRAW-3) and siege engines at home (PIECE-SIEGE-14) along a given path."""
    c = st.compiled
    pid, path = a[1], tuple(a[2])
    t = st.ptype[pid]
    who = st.describe(pid)
    storm = st.carrier[pid] >= 0 and c.siege[st.ptype[st.carrier[pid]]]
    myteam = c.team_of[st.owner[pid]]
    for u, v in itertools.pairwise(path):
        if st.raised and (u in st.raised or v in st.raised) and st.bridge_blocks(
                u, v, myteam, storm and u == path[0]):
            tower = v if v in st.raised else u
            return Reason(X.E_DRAWBRIDGE_UP, "DRAW-3",
                          _("the drawbridge of {field} is raised").format(
                              field=st.field_name(tower)))
        if (c.siege[t] and not st.game.opts.siege_may_enter_own_castle and c.castle_owner[v] >= 0
                and c.team_of[c.castle_owner[v]] == myteam):
            return Reason(X.E_SIEGE_OWN_CASTLE, "PIECE-SIEGE-14",
                          _("{who} may not enter its own castle field {field}").format(
                              who=who, field=st.field_name(v)))
    return None


def new_rule_reason(st: Moves, a: tuple) -> Reason:
    """Grand Conquest / Conquest Plus restrictions the path walker does not model."""
    c = st.compiled
    pid, path = a[1], tuple(a[2])
    t = st.ptype[pid]
    who = st.describe(pid)
    r = _path_rules(st, a)
    if r is not None:
        return r
    for u, v in itertools.pairwise(path):
        tower = v if v in st.raised else u if u in st.raised else -1
        if tower >= 0 and c.tower_front.get(tower) in (u, v):
            return Reason(X.E_DRAWBRIDGE_UP, "DRAW-3",
                          _("the drawbridge of {field} is raised").format(
                              field=st.field_name(tower)))
        if (c.siege[t] and not st.game.opts.siege_may_enter_own_castle and c.castle_owner[v] >= 0
                and c.team_of[c.castle_owner[v]] == c.team_of[st.owner[pid]]):
            return Reason(X.E_SIEGE_OWN_CASTLE, "PIECE-SIEGE-14",
                          _("{who} may not enter its own castle field {field}").format(
                              who=who, field=st.field_name(v)))
    ca = st.carrier[pid]
    if ca >= 0 and not st.may_dismount(pid):
        rule = "PIECE-CAMEL-8" if c.commandeerable[st.ptype[ca]] else "TEAM-13"
        return Reason(X.E_CANNOT_DISMOUNT, rule,
                      _("{who} may not dismount from {carrier} here").format(
                          who=who, carrier=st.describe(ca)))
    o = st.occ[path[-1]]
    dest = path[-1]
    if o >= 0 and not c.stand[t][dest] and not c.is_sea[dest]:
        if c.is_grail[dest]:
            return Reason(X.E_GRAIL_FORBIDDEN, "GRAIL-2",
                          _("a {piece} may not enter grail field {field}").format(
                              piece=piece_name(c.type_names[t]), field=st.field_name(dest)))
        if c.is_region[dest]:
            return Reason(X.E_WRONG_TERRAIN, "WILD-2",
                          _("a {piece} may not enter region {field}").format(
                              piece=piece_name(c.type_names[t]), field=st.field_name(dest)))
        return Reason(X.E_CASTLE_FORBIDDEN, "CASTLE-5",
                      _("a {piece} may not enter {field}").format(
                          piece=piece_name(c.type_names[t]), field=st.field_name(dest)))
    if o >= 0 and c.rider_needed[t] and not st.cargo[pid]:
        return Reason(X.E_WILD_CAMEL, "PIECE-CAMEL-2",
                      _("{who} has no rider and cannot capture").format(who=who))
    if o >= 0 and c.siege[st.ptype[o]] and st.owner[o] != st.owner[pid]:
        return Reason(X.E_CANNOT_CAPTURE, "PIECE-SIEGE-2",
                      _("only an elephant takes {other}").format(
                          other=st.describe(o)))
    return Reason(X.E_NOT_AVAILABLE, "MOVE-1", _("{who} cannot make this move now").format(who=who))


def _adjacent(st: Moves, path: tuple[int, ...]) -> bool:
    return len(path) == 2 and path[1] in st.compiled.any_adj[path[0]]


def _dest_reason(st: Moves, pid: int, v: int, riding: bool) -> Reason | None:
    """Why `pid` may not end a step on v (None: it may, as move, mount or capture)."""
    c = st.compiled
    t = st.ptype[pid]
    o = st.occ[v]
    tname = c.type_names[t]
    who = st.describe(pid)
    if o < 0:
        if c.is_sea[v] != c.sea_type[t]:
            return Reason(X.E_WRONG_TERRAIN, "MOVE-2",
                          (_("{who} cannot stand on sea field {field} (land pieces board only own "
                            "vessels there, CARRY-4)") if c.is_sea[v]
                          else _("{who} cannot stand on land field {field}")).format(
                              who=who, field=st.field_name(v)))
        if not c.stand[t][v]:
            if c.is_grail[v]:
                return Reason(X.E_GRAIL_FORBIDDEN, "GRAIL-2",
                              _("a {piece} may not enter grail field {field}").format(
                                  piece=piece_name(tname), field=st.field_name(v)))
            return Reason(X.E_CASTLE_FORBIDDEN, "CASTLE-5",
                          _("a {piece} may not enter capital field {field}").format(
                              piece=piece_name(tname), field=st.field_name(v)))
        return None
    oo, me = st.owner[o], st.owner[pid]
    ground_ok = st.game.opts.vessel_in_harbour_counts_as_ground
    if oo == me:
        ca = st.carrier[pid]
        tower_hop = (st.game.opts.siege_seize_from_adjacent_tower and ca >= 0
                     and c.siege[st.ptype[ca]] and c.siege[st.ptype[o]]
                     and v in c.any_adj[st.node[pid]])  # PIECE-SIEGE-4
        if st.fits(o, t):
            if riding and not tower_hop and not (
                    ground_ok and (c.is_sea[v] or c.is_sea[st.node[pid]])):
                return Reason(X.E_CARRIER_TO_CARRIER, "PIECE-SOLDIER-4",
                              _("{who} cannot step from its carrier onto another carrier on "
                                "{field}").format(who=who, field=st.field_name(v)))
            return None
        if t in c.carries[st.ptype[o]] and c.carries[st.ptype[o]][t] > 0:
            rule = "CARRY-6" if st.cargo[o] and any(st.ptype[x] != t for x in st.cargo[o]) \
                else "CARRY-1" if not c.sea_type[st.ptype[o]] else "CARRY-2"
            return Reason(X.E_CARRIER_FULL, rule,
                          _("{other} has no room for a {piece}").format(
                              other=st.describe(o), piece=piece_name(tname)))
        rule = "PIECE-KNIGHT-4" if c.jumps_own[t] else "MOVE-3"
        own = piece_name(c.type_names[st.ptype[o]])
        text = (_("{field} is occupied by own {own} (a {own} cannot carry a {piece}, "
                  "CARRY-1/CARRY-2)") if c.carries[st.ptype[o]]
                else _("{field} is occupied by own {own}"))
        return Reason(X.E_FIELD_OCCUPIED, rule, text.format(
            field=st.field_name(v), own=own, piece=piece_name(tname)))
    if c.team_of[oo] == c.team_of[me]:
        if st.game.variant.team_game and st.partner_mount(o, t, v):
            return None  # TEAM-7, TEAM-9, TEAM-11, TEAM-13
        return _partner_reason(st, pid, o, v)
    if riding and c.is_sea[v] and not ground_ok:
        return Reason(X.E_CARRIER_TO_CARRIER, "PIECE-SOLDIER-4",
                      _("{who} cannot step from its carrier onto a vessel").format(who=who))
    if not st.can_capture(pid, o):
        return _capture_reason(st, pid, o, v)
    return None


def _capture_reason(st: Moves, pid: int, o: int, v: int) -> Reason:
    """Why `pid` cannot capture the stack of `o` on v (CAPT-2, CAPT-5, CAPT-6, PIECE-SHIP-2)."""
    c = st.compiled
    t = st.ptype[pid]
    tname = c.type_names[t]
    who = st.describe(pid)
    to = st.ptype[o]
    if c.rider_needed[t] and not st.cargo[pid] and to in c.captures[t]:
        return Reason(X.E_WILD_CAMEL, "PIECE-CAMEL-2",
                      _("{who} has no rider and cannot capture {other}").format(
                          who=who, other=st.describe(o)))
    if c.sea_type[to] and not c.sea_type[t]:
        bad = [x for x in st.pieces_at(v)[1:] if st.ptype[x] not in c.captures[t]]
        if bad:
            rule = c.immunity_rule[st.ptype[bad[0]]] or "CAPT-5"  # PIECE-ELEPHANT-2
            return Reason(X.E_CANNOT_CAPTURE, rule,
                          _("a {piece} cannot board {other}: it cannot capture the {aboard} "
                            "aboard").format(piece=piece_name(tname), other=st.describe(o),
                                             aboard=piece_name(c.type_names[st.ptype[bad[0]]])))
        if to in c.captures[t]:
            return Reason(X.E_CANNOT_CARRY, "CAPT-5",
                          _("a {piece} cannot board {other}: it would not fit aboard").format(
                              piece=piece_name(tname), other=st.describe(o)))
        return Reason(X.E_CANNOT_CAPTURE, "CAPT-6",
                      _("a {piece} cannot board enemy vessels").format(piece=piece_name(tname)))
    if c.sea_type[t] != c.sea_type[to]:
        return Reason(X.E_CANNOT_CAPTURE, "PIECE-SHIP-2",
                      _("vessels and land pieces cannot capture each other ({who} -> "
                        "{other})").format(who=who, other=st.describe(o)))
    rule = (c.immunity_rule[to] if c.immunity_rule[to] and tname in c.immunity_rule_for[to]
            else "CAPT-2")  # PIECE-ELEPHANT-2: immune to soldiers
    return Reason(X.E_CANNOT_CAPTURE, rule, _("{who} cannot capture {other}").format(
        who=who, other=st.describe(o)))


def _partner_reason(st: Moves, pid: int, o: int, v: int) -> Reason:
    """Why `pid` may not get on the partner's piece o on v: the team rule for that carrier
    (TEAM-7 docked vessels, TEAM-9 riderless camels, TEAM-13 elephants and chariots in front of
    the grail), else TEAM-2 (a partner's piece is never captured)."""
    c = st.compiled
    to = st.ptype[o]
    if st.game.variant.team_game and st.fits(o, st.ptype[pid]):
        if c.sea_type[to]:
            return Reason(X.E_OWN_PIECE, "TEAM-7",
                          _("{other} of a partner is boarded only in a harbour").format(
                              other=st.describe(o)))
        if not c.commandeerable[to] and not c.siege[to]:
            return Reason(X.E_OWN_PIECE, "TEAM-13",
                          _("{other} of a partner is mounted only on the field in front of the "
                            "grail").format(other=st.describe(o)))
    return Reason(X.E_OWN_PIECE, "TEAM-2", _("{other} belongs to a partner").format(
        other=st.describe(o)))


def check_path(st: Moves, pid: int, path: tuple[int, ...], limit: int, ap: int | None,
                rng: int | None, response: bool) -> Reason | None:
    c = st.compiled
    t = st.ptype[pid]
    who = st.describe(pid)
    if len(path) < 2:
        return Reason(X.E_NO_PATH, "MOVE-1", _("a move needs a destination"))
    if len(set(path)) != len(path):
        return Reason(X.E_NO_PATH, "MOVE-1", _("a path may not visit a field twice"))
    dest = path[-1]
    if len(path) == 2 and path[1] not in c.any_adj[path[0]]:
        return check_destination(st, pid, dest, limit, ap, rng, response)
    adj = (c.adj_loaded if st.cargo[pid] else c.adj_unloaded)[t]
    riding = st.carrier[pid] >= 0
    for i in range(1, len(path)):
        u, v = path[i - 1], path[i]
        if v not in c.any_adj[u]:
            return Reason(X.E_NOT_CONNECTED, "MOVE-1",
                          _("{a} and {b} are not connected").format(
                              a=st.field_name(u), b=st.field_name(v)))
        if v not in adj[u]:
            code, rule, text = c.edge_block.get((t, u, v), (X.E_WRONG_TERRAIN, "MOVE-2",
                                                            "wrong terrain"))
            return Reason(code, rule,
                          _("{who} may not go {a}-{b}: {why}").format(
                              who=who, a=st.field_name(u), b=st.field_name(v), why=_(text)))
        last = i == len(path) - 1
        o = st.occ[v]
        if last:
            r = _dest_reason(st, pid, v, riding)
            if r is not None:
                return r
            break
        if o < 0:
            r = _dest_reason(st, pid, v, riding)
            if r is not None:
                return r
            riding = False
            continue
        oo = st.owner[o]
        if oo == st.owner[pid] and st.fits(o, t):
            r = _dest_reason(st, pid, v, riding)
            if r is not None:
                return r
            riding = True  # PIECE-SOLDIER-6 stepping over an own carrier
            continue
        if c.jumps_own[t] and c.stand[t][v] and (oo == st.owner[pid] or (
                st.game.variant.team_game and c.team_of[oo] == c.team_of[st.owner[pid]]
                and st.partner_jump(u, v))):
            riding = False  # PIECE-KNIGHT-2, TEAM-12
            continue
        if c.jumps_own[t]:
            return Reason(X.E_KNIGHT_JUMPS_ENEMY, "PIECE-KNIGHT-3",
                          _("{who} cannot pass over {other}").format(
                              who=who, other=st.describe(o)))
        return Reason(X.E_PATH_BLOCKED, "MOVE-4",
                      _("{who} cannot pass {field}: occupied by {other}").format(
                          who=who, field=st.field_name(v), other=st.describe(o)))
    cost = len(path) - 1
    return _limits(st, pid, cost, ap, rng, response)


def _limits(st: Moves, pid: int, cost: int, ap: int | None, rng: int | None,
            response: bool) -> Reason | None:
    who = st.describe(pid)
    if response:
        reach = min(st.game.variant.recapture_reach, st.compiled.range_[st.ptype[pid]])
        if cost > reach:
            return Reason(X.E_RESPONSE_OUT_OF_REACH, "RECAP-4",
                          _("{who} is {n} steps from the scene; at most {reach} allowed").format(
                              who=who, n=cost, reach=reach))
        return None
    if rng is not None and cost > rng:
        full, limit = st.compiled.range_[st.ptype[pid]], st.range_limit(pid)
        if limit < full:  # PIECE-GALLEON-3 (CONF-5): the catapult aboard slows the galleon
            return Reason(X.E_RANGE_EXCEEDED, "PIECE-GALLEON-3",
                          _("{who} carries a catapult: at most {limit} steps a turn "
                            "(catapult_galleon_max_steps), {left} left; the move needs "
                            "{cost}").format(who=who, limit=limit, left=max(rng, 0), cost=cost))
        return Reason(X.E_RANGE_EXCEEDED, "MOVE-5",
                      _("{who} has {left} of its {full} steps left this turn; the move needs "
                        "{cost}").format(who=who, left=max(rng, 0), full=full, cost=cost))
    if ap is not None and cost > ap:
        return Reason(X.E_NO_AP, "TURN-9",
                      _("{seat} has {ap} AP left; the move costs {cost}").format(
                          seat=seat_name(st.compiled.seat_ids[st.mover]), ap=ap, cost=cost))
    return None


def check_destination(st: Moves, pid: int, dest: int, limit: int, ap: int | None,
                       rng: int | None, response: bool) -> Reason | None:
    """Destination form: is there any legal path within the limits?"""
    c = st.compiled
    t = st.ptype[pid]
    r = _dest_reason(st, pid, dest, riding=False)
    if r is not None and r.code not in (X.E_CARRIER_TO_CARRIER,):
        return r
    big = 64
    found = {v: (d, k) for v, d, k in search_of(st, pid, big)}
    if dest in found:
        d, k = found[dest]
        if response and k != K_CAPTURE:
            return Reason(X.E_RESPONSE_WRONG_TARGET, "RECAP-3", _("a response must capture"))
        return _limits(st, pid, d, ap, rng, response)
    # unreachable: blocked by pieces, or no path at all for this type?
    adj = (c.adj_loaded if st.cargo[pid] else c.adj_unloaded)[t]
    seen = {st.node[pid]: 0}
    frontier = [st.node[pid]]
    depth = 0
    while frontier:
        depth += 1
        nxt = []
        for u in frontier:
            for v in adj[u]:
                if v not in seen and (c.stand[t][v] or c.is_sea[v] != c.sea_type[t]
                                      or v == dest):
                    seen[v] = depth
                    if c.stand[t][v] or v == dest:
                        nxt.append(v)
        frontier = nxt
    if dest in seen and response:
        reach = min(st.game.variant.recapture_reach, c.range_[t])
        if seen[dest] > reach:
            return Reason(X.E_RESPONSE_OUT_OF_REACH, "RECAP-4",
                          _("{who} is {n} steps from the scene; at most {reach} allowed").format(
                              who=st.describe(pid), n=seen[dest], reach=reach))
    if dest in seen:
        if c.jumps_own[t]:
            return Reason(X.E_KNIGHT_JUMPS_ENEMY, "PIECE-KNIGHT-3",
                          _("every path of {who} to {field} is blocked by pieces it may not "
                            "pass").format(who=st.describe(pid), field=st.field_name(dest)))
        return Reason(X.E_PATH_BLOCKED, "MOVE-4",
                      _("every path of {who} to {field} is blocked").format(
                          who=st.describe(pid), field=st.field_name(dest)))
    if r is not None:
        return r
    # is there a path over connections closed to this type (X bridge, one-way, ...)?
    prev = {st.node[pid]: -1}
    frontier = [st.node[pid]]
    while frontier and dest not in prev:
        nxt = []
        for u in frontier:
            for v in c.any_adj[u]:
                if v not in prev and (c.stand[t][v] or v == dest):
                    prev[v] = u
                    nxt.append(v)
        frontier = nxt
    if dest in prev:
        hops = []
        v = dest
        while prev[v] >= 0:
            hops.append((prev[v], v))
            v = prev[v]
        for u, v in reversed(hops):
            if v not in adj[u]:
                code, rule, text = c.edge_block.get(
                    (t, u, v), (X.E_NO_PATH, "MOVE-1", "no connection for this piece"))
                return Reason(code, rule, _("{who} cannot reach {field}: {a}-{b}: {why}").format(
                                  who=st.describe(pid), field=st.field_name(dest),
                                  a=st.field_name(u), b=st.field_name(v), why=_(text)))
    return Reason(X.E_NO_PATH, "MOVE-1",
                  _("no path leads {who} to {field}").format(
                      who=st.describe(pid), field=st.field_name(dest)))


def _move_cost(st: Moves, a: tuple) -> int:
    return len(a[2]) - 1


@cython.ccall
@cython.locals(st=Moves, pid=cython.Py_ssize_t, v=cython.Py_ssize_t, cost=cython.Py_ssize_t,
               s=cython.Py_ssize_t, o=cython.Py_ssize_t, x=cython.Py_ssize_t,
               n=cython.Py_ssize_t, team=list, owner=list, steps=list, before=list)
def apply_move(st: Moves, a: tuple) -> None:
    """Perform a move (TURN-3..5, MOVE-5): a capture (CAPT-1) and what follows it, or a move
    onto an empty field or an own carrier; then the immediate checks and the turn's end (a C
    call from `game._perform` when compiled)."""
    pid, path, end = a[1], a[2], a[3]
    v = path[-1]
    cost = len(path) - 1
    s = mover_of(st)
    st.ap_spent += cost  # TURN-3, TURN-4
    steps = st.steps
    steps[pid] += cost  # MOVE-5, TURN-5
    if st.carrier[pid] >= 0:
        st._layout += 1  # a rider's steps (movable)
    o = st.occ[v]
    if o >= 0:
        team, owner = st.tables.team, st.owner
        x = owner[o]
        victim = team[x]
        x = owner[pid]
        if victim != team[x]:
            was_unprotected = unprotected_of(st, s)
            n = st.tables.seats
            before = [count_of(st, x) for x in range(n)]
            victim = st.capture_at(pid, v, s)
            st.after_capture(pid, v, victim, s, before, end, was_unprotected)
            return
    relocate_piece(st, pid, v)
    check_immediate_of(st, s, None)
    if not st.terminal and (end or ap_left_of(st) <= 0):
        end_turn_of(st)


def move_notation(st: Moves, a: tuple, full_path: bool) -> str:
    """`E s12>s14`, `N s3*w7`, `N s3*w7!` (capture and end the turn)."""
    return st.move_text(a[1], a[2], full_path) + ("!" if a[3] else "")


def describe_move(st: Moves, a: tuple) -> Description:
    """A move, a mount or embarkation on an own carrier (CARRY-1, CARRY-4), a dismount, a
    capture (CAPT-1) or a land piece boarding an enemy vessel (CAPT-5)."""
    c, pid, path = st.compiled, a[1], a[2]
    dest = path[-1]
    o = st.occ[dest]
    if o >= 0 and c.team_of[st.owner[o]] != c.team_of[st.owner[pid]]:
        vessel = c.is_sea[path[0]] and st.carrier[pid] < 0
        kind = Kind.BOARDING if c.is_sea[dest] and not vessel else Kind.CAPTURE
    elif o >= 0:
        kind = Kind.EMBARK if c.is_sea[dest] else Kind.MOUNT
    else:
        kind = Kind.DISMOUNT if st.carrier[pid] >= 0 else Kind.MOVE
    ids = c.node_ids  # built here, not by `described`: the play mode describes every move
    return Description(a, kind, pid, c.letter[st.ptype[pid]], ids[path[0]], ids[dest],
                       tuple(map(ids.__getitem__, path)), _move_cost(st, a), bool(a[3]))


KINDS = (ActionKind(MOVE, _move_cost, apply_move, explain_move, move_notation, describe_move,
                    acting=True),)
