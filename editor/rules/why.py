"""`explain_action(state, action)`: None when legal, else the Reason (code, rule ID, message).

This is the slow, diagnostic twin of `State.search`: it walks a given path hop by hop and names
the first rule that forbids it. A two-node path between fields that are not adjacent is the
"destination form" of the notation: the engine looks for the shortest legal path itself.
Tests check that both agree (every legal action explains as None, every generated illegal one
does not).
"""

from __future__ import annotations

import itertools

from editor.rules import explain as X
from editor.rules.engine import (
    ACCEPT_DRAW,
    BUILD,
    DECLINE,
    END,
    K_CAPTURE,
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
    State,
)
from editor.rules.explain import Reason


def _name(st: State, node: int) -> str:
    return st.c.node_ids[node]


def explain_action(st: State, a: tuple) -> Reason | None:
    """The generator is the reference for legality; the walkers below name the rule."""
    c = st.c
    if (a and a[0] == RESP and len(a) == 4 and a[3] and st.g.two_step
            and st.window is not None and not st.terminal):
        b = st.normalize(a)  # RECAP-5: a first step by another piece, then the capture
        if any(r[1] == b[1] and r[2][-1] == b[2][-1] and tuple(r[3]) == tuple(b[3])
               for r in st._responses() if r[0] == RESP):
            return None
        probe = st.clone()
        try:
            for q, w in b[3]:
                probe._relocate(q, w)
        except (IndexError, ValueError):
            return Reason(X.E_BAD_NOTATION, "RECAP-5", "the first step cannot be made")
        o = probe.occ[st.window[2]]
        if o >= 0 and 0 <= b[1] < len(probe.ptype) and not probe._can_capture(b[1], o):
            victim_t = c.type_names[probe.ptype[o]]
            rule = "PIECE-ELEPHANT-2" if victim_t == "elephant" else "CAPT-3"
            return Reason(X.E_CANNOT_CAPTURE, rule,
                          f"{probe.describe(b[1])} cannot capture the {victim_t}")
        return Reason(X.E_RESPONSE_NOT_NECESSARY, "RECAP-6",
                      "the final piece could capture in one step without the first step, or "
                      "the steps do not reach the capturer (RECAP-5)")
    r = _explain(st, a)
    if r is not None or st.terminal or not a:
        return r
    kind = a[0]
    if kind == MOVE and st.window is None and st.draw is None:
        pid = a[1]
        if st.is_resting(pid):
            return Reason(X.E_RESTING, "BUILD-9", f"{st.describe(pid)} rests after building")
        if (st.g.variant.team_game and st.carrier[pid] < 0 and st.cargo[pid]
                and not st._controls(st.mover, pid)):
            return Reason(X.E_NOT_YOUR_PIECE, "TEAM-7",
                          f"only the partner's pieces are aboard {st.describe(pid)}; he moves it")
        b = st.normalize(a)
        r = _path_rules(st, b)
        if r is not None:
            return r
        dests = {m[2][-1] for m in st._moves_of(pid, st.ap_left()) if m[0] == MOVE}
        if b[2][-1] not in dests:
            return _new_rule_reason(st, b)
    if kind == RESP:
        b = st.normalize(a)
        if not any(r[1] == b[1] and r[2][-1] == b[2][-1] and tuple(r[3]) == tuple(b[3])
                   for r in st._responses() if r[0] == RESP):
            if tuple(a[3]) and st.g.two_step:
                return Reason(X.E_RESPONSE_NOT_NECESSARY, "RECAP-6",
                              "the final piece could capture in one step without the first "
                              "step, or the steps do not reach the capturer (RECAP-5)")
            return _new_rule_reason(st, b)
    return None


def _path_rules(st: State, a: tuple) -> Reason | None:
    """Drawbridges (DRAW-3) and siege engines at home (PIECE-SIEGE-14) along a given path."""
    c = st.c
    pid, path = a[1], tuple(a[2])
    t = st.ptype[pid]
    who = st.describe(pid)
    storm = st.carrier[pid] >= 0 and c.siege[st.ptype[st.carrier[pid]]]
    myteam = c.team_of[st.owner[pid]]
    for u, v in itertools.pairwise(path):
        if st.raised and (u in st.raised or v in st.raised) and st._bridge_blocks(
                u, v, myteam, storm and u == path[0]):
            tower = v if v in st.raised else u
            return Reason(X.E_DRAWBRIDGE_UP, "DRAW-3",
                          f"the drawbridge of {_name(st, tower)} is raised")
        if (c.siege[t] and not st.g.opts.siege_may_enter_own_castle and c.castle_owner[v] >= 0
                and c.team_of[c.castle_owner[v]] == myteam):
            return Reason(X.E_SIEGE_OWN_CASTLE, "PIECE-SIEGE-14",
                          f"{who} may not enter its own castle field {_name(st, v)}")
    return None


def _new_rule_reason(st: State, a: tuple) -> Reason:
    """Grand Conquest / Conquest Plus restrictions the path walker does not model."""
    c = st.c
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
                          f"the drawbridge of {_name(st, tower)} is raised")
        if (c.siege[t] and not st.g.opts.siege_may_enter_own_castle and c.castle_owner[v] >= 0
                and c.team_of[c.castle_owner[v]] == c.team_of[st.owner[pid]]):
            return Reason(X.E_SIEGE_OWN_CASTLE, "PIECE-SIEGE-14",
                          f"{who} may not enter its own castle field {_name(st, v)}")
    ca = st.carrier[pid]
    if ca >= 0 and not st._may_dismount(pid):
        rule = "PIECE-CAMEL-8" if c.commandeerable[st.ptype[ca]] else "TEAM-13"
        return Reason(X.E_CANNOT_DISMOUNT, rule,
                      f"{who} may not dismount from {st.describe(ca)} here")
    o = st.occ[path[-1]]
    dest = path[-1]
    if o >= 0 and not c.stand[t][dest] and not c.is_sea[dest]:
        if c.is_grail[dest]:
            return Reason(X.E_GRAIL_FORBIDDEN, "GRAIL-2",
                          f"a {c.type_names[t]} may not enter grail field {_name(st, dest)}")
        if c.is_region[dest]:
            return Reason(X.E_WRONG_TERRAIN, "WILD-2",
                          f"a {c.type_names[t]} may not enter region {_name(st, dest)}")
        return Reason(X.E_CASTLE_FORBIDDEN, "CASTLE-5",
                      f"a {c.type_names[t]} may not enter {_name(st, dest)}")
    if o >= 0 and c.rider_needed[t] and not st.cargo[pid]:
        return Reason(X.E_WILD_CAMEL, "PIECE-CAMEL-2", f"{who} has no rider and cannot capture")
    if o >= 0 and c.siege[st.ptype[o]] and st.owner[o] != st.owner[pid]:
        return Reason(X.E_CANNOT_CAPTURE, "PIECE-SIEGE-2",
                      f"only an elephant takes {st.describe(o)}")
    return Reason(X.E_NOT_AVAILABLE, "MOVE-1", f"{who} cannot make this move now")


def _explain_special(st: State, a: tuple) -> Reason | None:
    """Rides, shots, builds, drawbridges, pushes, resignation: legal iff generated."""
    c = st.c
    kind = a[0]
    if kind == RESIGN:
        if not st.g.opts.allow_resignation:
            return Reason(X.E_NOT_AVAILABLE, "WIN-26", "resignation is not allowed")
        return None
    if kind == RSHOT:
        if st.window is None:
            return Reason(X.E_NO_WINDOW, "RECAP-1", "there is no capture to respond to")
        if a in st._responses():
            return None
        pid = a[1]
        if pid in st.rshots:
            return Reason(X.E_SHOT_USED, "RECAP-19",
                          f"{st.describe(pid)} already made its response shot this turn")
        if a[2] and st.g.opts.catapult_response_move_must_be_necessary and \
                a[3] in st.fire_set(pid):
            return Reason(X.E_RESPONSE_NOT_NECESSARY, "RECAP-17",
                          "the catapult already has the scene in range; the step is not needed")
        if len(a[2]) > 1:
            return Reason(X.E_RESPONSE_OUT_OF_REACH, "RECAP-17", "at most one step first")
        return Reason(X.E_NO_TARGET, "RECAP-17",
                      f"{st.describe(pid)} cannot shoot the capturer on {_name(st, a[3])}")
    if st.window is not None:
        return _pending(st)
    if a in st.legal_actions():
        return None
    s = st.mover
    if st.is_frozen(s):
        return Reason(X.E_FROZEN, "FREEZE-2", f"{c.seat_ids[s]} is frozen and has no AP")
    left = st.ap_left()
    if kind in (SHOOT, BUILD, RIDE, PUSH):
        pid = a[1]
        if not (0 <= pid < len(st.ptype)) or st.node[pid] < 0:
            return Reason(X.E_NO_SUCH_PIECE, "", "that piece is not on the board")
    if kind == SHOOT:
        pid, v = a[1], a[2]
        if st.owner[pid] != s:
            return Reason(X.E_NOT_YOUR_PIECE, "TURN-1", f"{st.describe(pid)} is not the mover's")
        if not c.shoots[st.ptype[pid]]:
            return Reason(X.E_NOT_AVAILABLE, "PIECE-CATAPULT-2", "only catapults shoot")
        if st.is_resting(pid):
            return Reason(X.E_RESTING, "BUILD-9", f"{st.describe(pid)} was built this turn")
        if pid in st.shots:
            return Reason(X.E_SHOT_USED, "PIECE-CATAPULT-11",
                          f"{st.describe(pid)} already fired this turn")
        if left < st.g.variant.shot_cost:
            return Reason(X.E_NO_AP, "PIECE-CATAPULT-2", "a shot costs 1 AP")
        if v not in st.fire_set(pid):
            rule = {"connections": "PIECE-CATAPULT-3", "radius_cm": "PIECE-CATAPULT-4"}.get(
                st.g.opts.catapult_fire_mode, "PIECE-CATAPULT-12")
            if c.castle_owner[v] >= 0 and st.g.opts.catapult_castle_access == "forbidden":
                rule = "PIECE-CATAPULT-6"
            return Reason(X.E_NO_TARGET, rule, f"{_name(st, v)} is not in the fire set of "
                          f"{st.describe(pid)}")
        o = st.occ[v]
        if o >= 0 and c.shot_proof[st.ptype[o]]:
            rule = "PIECE-CATAPULT-5" if c.shot_proof[st.ptype[o]] and \
                st.g.opts.siege_seize_from_adjacent_tower else "PIECE-CATAPULT-14"
            return Reason(X.E_NO_TARGET, rule, f"{st.describe(o)} itself cannot be destroyed "
                          "by a shot; only its crew")
        return Reason(X.E_NO_TARGET, "PIECE-CATAPULT-5", f"no enemy piece on {_name(st, v)}")
    if kind == BUILD and not st.g.has_builds:
        return Reason(X.E_NOT_AVAILABLE, "BUILD-1", "building is not part of this variant")
    if kind == BUILD:
        pid, t, v = a[1], a[2], a[3]
        if left < st.g.variant.build_cost:
            return Reason(X.E_NO_AP, "BUILD-1", f"building costs {st.g.variant.build_cost} AP")
        if st.ptype[pid] != st.g.soldier_t or st.carrier[pid] >= 0:
            return Reason(X.E_CANNOT_BUILD, "BUILD-1", "only a soldier on foot builds")
        lim = c.build_limit[t] if 0 <= t < len(c.build_limit) else None
        if lim is None:
            return Reason(X.E_CANNOT_BUILD, "BUILD-2", "this piece type cannot be built")
        have = sum(1 for p in range(len(st.ptype)) if st.owner[p] == s and st.node[p] >= 0
                   and st.ptype[p] == t)
        if have >= lim:
            return Reason(X.E_BUILD_LIMIT, "BUILD-4",
                          f"{c.seat_ids[s]} already has {have} {c.type_names[t]}s in play")
        if c.siege[t] and c.castle_owner[v] >= 0:
            return Reason(X.E_CANNOT_BUILD, "BUILD-6", "no siege engine in a tower")
        return Reason(X.E_CANNOT_BUILD, "BUILD-3",
                      f"cannot build a {c.type_names[t]} on {_name(st, v)}")
    if kind in (RAISE, LOWER):
        if not st.g.has_drawbridges:
            return Reason(X.E_NOT_AVAILABLE, "DRAW-1",
                          "drawbridges are not part of this game (the board's castles have none)")
        cost = st.g.variant.drawbridge_raise_cost if kind == RAISE else \
            st.g.variant.drawbridge_lower_cost
        if left < cost:
            return Reason(X.E_NO_AP, "DRAW-2", f"this costs {cost} AP")
        rule = "DRAW-2" if kind == RAISE else "DRAW-5"
        return Reason(X.E_DRAWBRIDGE, rule, f"{c.seat_ids[s]} may not {kind} this drawbridge")
    if kind == PUSH:
        return Reason(X.E_CANNOT_PUSH, "PIECE-CAMEL-5",
                      f"{st.describe(a[1])} cannot be pushed along that path")
    if kind == RIDE:
        o = st.occ[a[2][-1]] if a[2] else -1
        if o >= 0 and st.cargo[o]:
            return Reason(X.E_CARRIER_FULL, "PIECE-CAMEL-3",
                          f"{st.describe(o)} already has a rider; capture it instead")
        if o >= 0 and c.siege[st.ptype[o]]:
            return Reason(X.E_NOT_AVAILABLE, "PIECE-SIEGE-5",
                          "a siege tower is seized only from an adjacent own tower")
        return Reason(X.E_NOT_AVAILABLE, "PIECE-CAMEL-3", "cannot take this piece over")
    return Reason(X.E_BAD_NOTATION, "", f"unknown action {a!r}")


def _explain(st: State, a: tuple) -> Reason | None:
    c = st.c
    if st.terminal:
        return Reason(X.E_GAME_OVER, "WIN-24", "the game is over: " +
                      (st.result_.reason if st.result_ else ""))
    kind = a[0] if a else None
    if kind == DECLINE:
        if st.window is None:
            return Reason(X.E_NO_WINDOW, "RECAP-1", "there is no capture to respond to")
        return None
    if kind == END:
        if st.window is not None:
            return _pending(st)
        if st.draw is not None:
            return Reason(X.E_NOT_AVAILABLE, "WIN-4", "answer the draw offer first")
        return None
    if kind in (OFFER_DRAW, ACCEPT_DRAW, REJECT_DRAW):
        if "agreed_draw" not in st.g.victory:
            return Reason(X.E_NOT_AVAILABLE, "WIN-4", "this variant has no agreed draw")
        if st.window is not None:
            return _pending(st)
        if kind == OFFER_DRAW:
            if st.draw is not None or st.draw_offered:
                return Reason(X.E_NOT_AVAILABLE, "WIN-4", "one draw offer per turn")
            return None
        if st.draw is None:
            return Reason(X.E_NOT_AVAILABLE, "WIN-4", "no draw has been offered")
        return None
    if kind in (RIDE, SHOOT, RSHOT, BUILD, RAISE, LOWER, PUSH, RESIGN):
        return _explain_special(st, a)
    if kind not in (MOVE, RESP) or len(a) != 4:
        return Reason(X.E_BAD_NOTATION, "", f"unknown action {a!r}")
    pid, path = a[1], tuple(a[2])
    if not (0 <= pid < len(st.ptype)) or st.node[pid] < 0:
        return Reason(X.E_NO_SUCH_PIECE, "", "that piece is not on the board")
    if not path or path[0] != st.node[pid] or any(not (0 <= v < len(c.node_ids)) for v in path):
        return Reason(X.E_NO_SUCH_PIECE, "",
                      f"the path must start at the piece's field ({_name(st, st.node[pid])})")
    if st.draw is not None:
        return Reason(X.E_NOT_AVAILABLE, "WIN-4", "answer the draw offer first")
    if kind == MOVE:
        if st.window is not None:
            return _pending(st)
        s = st.mover
        if st.owner[pid] != s and not (st.g.variant.team_game and st.carrier[pid] < 0
                                       and st._controls(s, pid)):
            return Reason(X.E_NOT_YOUR_PIECE, "TURN-1",
                          f"{st.describe(pid)} does not belong to {c.seat_ids[s]}, the mover")
        if st.is_frozen(s):
            return Reason(X.E_FROZEN, "FREEZE-2", f"{c.seat_ids[s]} is frozen and has no AP")
        ap = st.ap_left()
        rng = st.range_left(pid)
        r = _check_path(st, pid, path, min(ap, rng), ap, rng, response=False)
        if r is not None:
            return r
        if a[3] and st.occ[path[-1]] < 0:
            pass  # ending the turn with a plain move is allowed (TURN-11)
        if st.unprotected(s) and st.risky >= st.g.opts.vulnerable_risky_captures_per_turn:
            full = a if len(path) > 2 or _adjacent(st, path) else None
            if full is not None and st._vuln_blocks(full):
                return Reason(X.E_VULNERABLE_RISK, "VULN-3",
                              f"{c.seat_ids[s]} is unprotected and already made an answerable "
                              "capture this turn")
        return None
    # response
    if st.window is None:
        return Reason(X.E_NO_WINDOW, "RECAP-1", "there is no capture to respond to")
    victim, _cap, scene, partner_only = st.window
    seats = st._response_seats(victim, partner_only)
    if st.owner[pid] not in seats:
        rule = "TEAM-14" if partner_only else "RECAP-2"
        return Reason(X.E_NOT_YOUR_PIECE, rule,
                      f"{st.describe(pid)} may not respond for {c.seat_ids[victim]}")
    if path[-1] != scene:
        return Reason(X.E_RESPONSE_WRONG_TARGET, "RECAP-3",
                      f"the response must capture the capturer on {_name(st, scene)}")
    unloads = tuple(a[3])
    if unloads:
        if st.g.opts.recapture_moves_must_be_necessary:
            return Reason(X.E_RESPONSE_NOT_NECESSARY, "RECAP-6",
                          f"{st.describe(pid)} could capture with its riders aboard; dismounting "
                          "them first is an unnecessary step")
        probe = st.clone()
        for r_pid, v in unloads:
            if r_pid not in st.cargo[pid]:
                return Reason(X.E_NO_SUCH_PIECE, "RECAP-7", "only the carrier's riders unload")
            dests = {d for d, _s, k in probe.search(r_pid, 1) if k == 0}
            if v not in dests:
                return Reason(X.E_PATH_BLOCKED, "RECAP-7",
                              f"the rider cannot dismount to {_name(st, v)}")
            probe._relocate(r_pid, v)
        st = probe
    reach = min(st.g.variant.recapture_reach, c.range_[st.ptype[pid]])
    return _check_path(st, pid, path, reach, None, None, response=True)


def _pending(st: State) -> Reason:
    victim, _cap, scene, _p = st.window
    return Reason(X.E_RESPONSE_PENDING, "RECAP-1",
                  f"{st.c.seat_ids[victim]} must first respond to the capture on "
                  f"{_name(st, scene)} or decline")


def _adjacent(st: State, path: tuple[int, ...]) -> bool:
    return len(path) == 2 and path[1] in st.c.any_adj[path[0]]


def _dest_reason(st: State, pid: int, v: int, riding: bool) -> Reason | None:
    """Why `pid` may not end a step on v (None: it may, as move, mount or capture)."""
    c = st.c
    t = st.ptype[pid]
    o = st.occ[v]
    tname = c.type_names[t]
    who = st.describe(pid)
    if o < 0:
        if c.is_sea[v] != c.sea_type[t]:
            return Reason(X.E_WRONG_TERRAIN, "MOVE-2",
                          f"{who} cannot stand on {'sea' if c.is_sea[v] else 'land'} field "
                          f"{_name(st, v)}" + (" (land pieces board only own vessels there, "
                                               "CARRY-4)" if c.is_sea[v] else ""))
        if not c.stand[t][v]:
            if c.is_grail[v]:
                return Reason(X.E_GRAIL_FORBIDDEN, "GRAIL-2",
                              f"a {tname} may not enter grail field {_name(st, v)}")
            return Reason(X.E_CASTLE_FORBIDDEN, "CASTLE-5",
                          f"a {tname} may not enter capital field {_name(st, v)}")
        return None
    oo, me = st.owner[o], st.owner[pid]
    ground_ok = st.g.opts.vessel_in_harbour_counts_as_ground
    if oo == me:
        ca = st.carrier[pid]
        tower_hop = (st.g.opts.siege_seize_from_adjacent_tower and ca >= 0
                     and c.siege[st.ptype[ca]] and c.siege[st.ptype[o]]
                     and v in c.any_adj[st.node[pid]])  # PIECE-SIEGE-4
        if st._fits(o, t):
            if riding and not tower_hop and not (
                    ground_ok and (c.is_sea[v] or c.is_sea[st.node[pid]])):
                return Reason(X.E_CARRIER_TO_CARRIER, "PIECE-SOLDIER-4",
                              f"{who} cannot step from its carrier onto another carrier on "
                              f"{_name(st, v)}")
            return None
        if t in c.carries[st.ptype[o]] and c.carries[st.ptype[o]][t] > 0:
            rule = "CARRY-6" if st.cargo[o] and any(st.ptype[x] != t for x in st.cargo[o]) \
                else "CARRY-1" if not c.sea_type[st.ptype[o]] else "CARRY-2"
            return Reason(X.E_CARRIER_FULL, rule,
                          f"{st.describe(o)} has no room for a {tname}")
        rule = "PIECE-KNIGHT-4" if c.jumps_own[t] else "MOVE-3"
        extra = (f" (a {c.type_names[st.ptype[o]]} cannot carry a {tname}, CARRY-1/CARRY-2)"
                 if c.carries[st.ptype[o]] else "")
        return Reason(X.E_FIELD_OCCUPIED, rule,
                      f"{_name(st, v)} is occupied by own {c.type_names[st.ptype[o]]}{extra}")
    if c.team_of[oo] == c.team_of[me]:
        if st.g.variant.team_game and st._partner_mount(o, t, v):
            return None  # TEAM-7, TEAM-9, TEAM-11, TEAM-13
        return Reason(X.E_OWN_PIECE, "TEAM-2", f"{st.describe(o)} belongs to a partner")
    if riding and c.is_sea[v] and not ground_ok:
        return Reason(X.E_CARRIER_TO_CARRIER, "PIECE-SOLDIER-4",
                      f"{who} cannot step from its carrier onto a vessel")
    if not st._can_capture(pid, o):
        to = st.ptype[o]
        if c.sea_type[to] and not c.sea_type[t]:
            bad = [x for x in st.pieces_at(v)[1:] if st.ptype[x] not in c.captures[t]]
            if bad:
                rule = "PIECE-ELEPHANT-2" if c.type_names[st.ptype[bad[0]]] == "elephant" \
                    else "CAPT-5"
                return Reason(X.E_CANNOT_CAPTURE, rule,
                              f"a {tname} cannot board {st.describe(o)}: it cannot capture the "
                              f"{c.type_names[st.ptype[bad[0]]]} aboard")
            if to in c.captures[t]:
                return Reason(X.E_CANNOT_CARRY, "CAPT-5",
                              f"a {tname} cannot board {st.describe(o)}: it would not fit aboard")
            return Reason(X.E_CANNOT_CAPTURE, "CAPT-6",
                          f"a {tname} cannot board enemy vessels")
        if c.sea_type[t] != c.sea_type[to]:
            return Reason(X.E_CANNOT_CAPTURE, "PIECE-SHIP-2",
                          f"vessels and land pieces cannot capture each other ({who} -> "
                          f"{st.describe(o)})")
        rule = ("PIECE-ELEPHANT-2" if c.type_names[to] == "elephant"
                and tname == "soldier" else "CAPT-2")
        return Reason(X.E_CANNOT_CAPTURE, rule, f"{who} cannot capture {st.describe(o)}")
    return None


def _check_path(st: State, pid: int, path: tuple[int, ...], limit: int, ap: int | None,
                rng: int | None, response: bool) -> Reason | None:
    c = st.c
    t = st.ptype[pid]
    who = st.describe(pid)
    if len(path) < 2:
        return Reason(X.E_NO_PATH, "MOVE-1", "a move needs a destination")
    if len(set(path)) != len(path):
        return Reason(X.E_NO_PATH, "MOVE-1", "a path may not visit a field twice")
    dest = path[-1]
    if len(path) == 2 and path[1] not in c.any_adj[path[0]]:
        return _check_destination(st, pid, dest, limit, ap, rng, response)
    adj = (c.adj_loaded if st.cargo[pid] else c.adj_unloaded)[t]
    riding = st.carrier[pid] >= 0
    for i in range(1, len(path)):
        u, v = path[i - 1], path[i]
        if v not in c.any_adj[u]:
            return Reason(X.E_NOT_CONNECTED, "MOVE-1",
                          f"{_name(st, u)} and {_name(st, v)} are not connected")
        if v not in adj[u]:
            code, rule, text = c.edge_block.get((t, u, v), (X.E_WRONG_TERRAIN, "MOVE-2",
                                                            "wrong terrain"))
            return Reason(code, rule, f"{who} may not go {_name(st, u)}-{_name(st, v)}: {text}")
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
        if oo == st.owner[pid] and st._fits(o, t):
            r = _dest_reason(st, pid, v, riding)
            if r is not None:
                return r
            riding = True  # PIECE-SOLDIER-6 stepping over an own carrier
            continue
        if c.jumps_own[t] and c.stand[t][v] and (oo == st.owner[pid] or (
                st.g.variant.team_game and c.team_of[oo] == c.team_of[st.owner[pid]]
                and st._partner_jump(u, v))):
            riding = False  # PIECE-KNIGHT-2, TEAM-12
            continue
        if c.jumps_own[t]:
            return Reason(X.E_KNIGHT_JUMPS_ENEMY, "PIECE-KNIGHT-3",
                          f"{who} cannot pass over {st.describe(o)}")
        return Reason(X.E_PATH_BLOCKED, "MOVE-4",
                      f"{who} cannot pass {_name(st, v)}: occupied by {st.describe(o)}")
    cost = len(path) - 1
    return _limits(st, pid, cost, ap, rng, response)


def _limits(st: State, pid: int, cost: int, ap: int | None, rng: int | None,
            response: bool) -> Reason | None:
    who = st.describe(pid)
    if response:
        reach = min(st.g.variant.recapture_reach, st.c.range_[st.ptype[pid]])
        if cost > reach:
            return Reason(X.E_RESPONSE_OUT_OF_REACH, "RECAP-4",
                          f"{who} is {cost} steps from the scene; at most {reach} allowed")
        return None
    if rng is not None and cost > rng:
        return Reason(X.E_RANGE_EXCEEDED, "MOVE-5",
                      f"{who} has {max(rng, 0)} of its {st.c.range_[st.ptype[pid]]} steps left "
                      f"this turn; the move needs {cost}")
    if ap is not None and cost > ap:
        return Reason(X.E_NO_AP, "TURN-9",
                      f"{st.c.seat_ids[st.mover]} has {ap} AP left; the move costs {cost}")
    return None


def _check_destination(st: State, pid: int, dest: int, limit: int, ap: int | None,
                       rng: int | None, response: bool) -> Reason | None:
    """Destination form: is there any legal path within the limits?"""
    c = st.c
    t = st.ptype[pid]
    r = _dest_reason(st, pid, dest, riding=False)
    if r is not None and r.code not in (X.E_CARRIER_TO_CARRIER,):
        return r
    big = 64
    found = {v: (d, k) for v, d, k in st.search(pid, big)}
    if dest in found:
        d, k = found[dest]
        if response and k != K_CAPTURE:
            return Reason(X.E_RESPONSE_WRONG_TARGET, "RECAP-3", "a response must capture")
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
        reach = min(st.g.variant.recapture_reach, c.range_[t])
        if seen[dest] > reach:
            return Reason(X.E_RESPONSE_OUT_OF_REACH, "RECAP-4",
                          f"{st.describe(pid)} is {seen[dest]} steps from the scene; at most "
                          f"{reach} allowed")
    if dest in seen:
        if c.jumps_own[t]:
            return Reason(X.E_KNIGHT_JUMPS_ENEMY, "PIECE-KNIGHT-3",
                          f"every path of {st.describe(pid)} to {_name(st, dest)} is blocked "
                          "by pieces it may not pass")
        return Reason(X.E_PATH_BLOCKED, "MOVE-4",
                      f"every path of {st.describe(pid)} to {_name(st, dest)} is blocked")
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
                return Reason(code, rule, f"{st.describe(pid)} cannot reach {_name(st, dest)}: "
                              f"{_name(st, u)}-{_name(st, v)}: {text}")
    return Reason(X.E_NO_PATH, "MOVE-1",
                  f"no path leads {st.describe(pid)} to {_name(st, dest)}")
