"""Responses and retaliation (RECAP-*): the response window after a capture, the responses
it allows (one-step, two-step, unload-then-recapture), decline, and what happens after a capture
or a response; generator, apply and explanation side by side (kinds RESP and DECLINE).
"""

from __future__ import annotations

from editor.engine import explain as X
from editor.engine.actions import (
    DECLINE,
    K_CAPTURE,
    K_MOUNT,
    K_MOVE,
    RESP,
    ActionKind,
    Description,
    Kind,
    Window,
    describe_word,
    described,
)
from editor.engine.explain import Reason
from editor.engine.moves import check_path, new_rule_reason, path_action_reason
from editor.engine.search import Search, search_of
from editor.i18n import _
from editor.model.terms import piece_name, seat_name

try:
    import cython
except ImportError:  # interpreted without Cython: the C types below are no-ops
    from editor.engine import cython_shim as cython


class Responses(Search):
    """The response window (RECAP-1..16, TEAM-3, TEAM-14, VULN-2/-3)."""

    __slots__ = ()

    def response_seats(self, victim: int, partner_only: bool) -> list[int]:
        """RECAP-2 only the victim; TEAM-3 / FREEZE-6 his partner's pieces; TEAM-14."""
        c = self.compiled
        seats = [] if partner_only else [victim]
        for s in range(self.game.seat_count):
            if s != victim and c.team_of[s] == c.team_of[victim]:
                if self.is_frozen(s) and not self.game.opts.frozen_partner_pieces_usable:
                    continue
                seats.append(s)
        return seats

    @cython.locals(reach=cython.Py_ssize_t, maxd=cython.Py_ssize_t, pid=cython.Py_ssize_t,
                   ball=set, frontier=list, nxt=list, any_adj=list, occ=list, cands=list,
                   acts=list, mine=list, owner=list, carrier=list, ptype=list, range_=list)
    def responses(self, first: bool = False) -> list[tuple]:
        """RECAP-3/-4/-12: one piece within reach captures the capturer on the scene. With
        `first` only up to the first one found (whether there is any: `after_capture`)."""
        victim, _cap, scene, partner_only = self.window
        reach = self.game.variant.recapture_reach
        seats = set(self.response_seats(victim, partner_only))
        if not seats:
            return []
        c = self.compiled
        any_adj, occ, owner, carrier, ptype = c.any_adj, self.occ, self.owner, self.carrier, \
            self.ptype
        # static ball around the scene: only pieces there can reach it
        ball = {scene}
        frontier = [scene]
        for _step in range(reach):
            nxt = []
            for u in frontier:
                for v in any_adj[u]:
                    if v not in ball:
                        ball.add(v)
                        nxt.append(v)
            frontier = nxt
        cands = []
        for v in sorted(ball):
            if v != scene and occ[v] >= 0:
                self.collect(occ[v], cands)
        acts = []
        seen: set[tuple[int, int]] = set()
        one_step: set[int] = set()
        mine = [p for p in cands if owner[p] in seats]
        range_ = c.range_
        unload = not self.game.opts.recapture_moves_must_be_necessary
        for pid in mine:
            key = (carrier[pid], ptype[pid]) if carrier[pid] >= 0 else None
            if key is not None:
                if key in seen:
                    continue
                seen.add(key)
            maxd = range_[ptype[pid]]
            if maxd > reach:
                maxd = reach
            for v, d, kind in search_of(self, pid, maxd):
                if v == scene and kind == K_CAPTURE:
                    acts.append((RESP, pid, self.path_to(v), ()))
                    if first:
                        return acts
                    if d == 1:
                        one_step.add(pid)
            if unload and self.cargo[pid]:
                acts.extend(self.unload_responses(pid, scene, reach))
                if first and acts:
                    return acts
        if self.game.two_step and reach >= 2:
            acts.extend(self.two_step_responses(mine, scene, seats, one_step))
            if first and acts:
                return acts
        if self.game.has_shooters:
            acts.extend(self.retaliation_shots(seats, scene))
        return acts

    def two_step_responses(self, mine: list[int], scene: int, seats: set[int],
                            one_step: set[int]) -> list[tuple]:
        """RECAP-5 / RECAP-6: a first step by one of the victim's (or partner's) pieces, then a
        one-step capture by another piece that could not have captured in one step with the
        cargo it had before (the ship docks and its elephant lands; a soldier mounts a wild
        camel and the camel captures)."""
        c = self.compiled
        out: list[tuple] = []
        near = set(c.any_adj[scene])
        done: set[tuple] = set()
        for p in mine:
            if self.carrier[p] >= 0 and (self.carrier[p], self.ptype[p]) in done:
                continue
            if self.carrier[p] >= 0:
                done.add((self.carrier[p], self.ptype[p]))
            old_carrier = self.carrier[p]
            # a second piece stands next to the scene after the step only on w (p's riders, or
            # the carrier p mounts and its riders) or as p's old carrier: else no copy needed
            old_near = old_carrier >= 0 and self.node[old_carrier] in near
            for w, _d, kind in search_of(self, p, 1):
                if kind not in (K_MOVE, K_MOUNT) or w == scene:
                    continue
                if not old_near and not (w in near and (self.cargo[p] or self.occ[w] >= 0)):
                    continue
                probe = self.clone()
                probe.relocate(p, w)
                qs = set(probe.pieces_at(w))
                if old_carrier >= 0:
                    qs.add(old_carrier)
                for q in sorted(qs):
                    if (q == p or probe.owner[q] not in seats or q in one_step
                            or probe.node[q] not in near):
                        continue
                    for v, _d2, k2 in search_of(probe, q, 1):
                        if v == scene and k2 == K_CAPTURE:
                            out.append((RESP, q, (probe.node[q], scene), ((p, w),)))
        return out

    def unload_responses(self, pid: int, scene: int, reach: int) -> list[tuple]:
        """RECAP-7 (classic [000], option false): soldiers dismount onto empty fields, then
        the carrier recaptures alone."""
        out = []
        riders = list(self.cargo[pid])
        spots: dict[int, list[int]] = {}
        for r in riders:
            spots[r] = [v for v, _d, k in search_of(self, r, 1) if k == K_MOVE]
        options: list[tuple[tuple[int, int], ...]] = []
        for r in riders:
            options.extend(((r, v),) for v in spots[r])
        if len(riders) == 2:
            a, b = riders
            options.extend(((a, va), (b, vb)) for va in spots[a] for vb in spots[b] if va != vb)
        for unloads in options:
            probe = self.clone()
            for r, v in unloads:
                probe.relocate(r, v)
            maxd = min(reach, self.compiled.range_[self.ptype[pid]])
            for v, _d, kind in search_of(probe, pid, maxd):
                if v == scene and kind == K_CAPTURE:
                    out.append((RESP, pid, probe.path_to(v), tuple(unloads)))
        return out

    def after_capture(self, pid: int, scene: int, victim: int, by: int, before: list[int],
                       end: bool, was_unprotected: bool) -> None:
        self.check_immediate(by, before)
        if self.terminal:
            return
        last = end or self.ap_left() <= 0  # TURN-11
        opts = self.game.opts
        partner_only = False
        open_window = True
        if self.is_frozen(victim):
            open_window = False  # RECAP-16, FREEZE-2
        elif last and victim == (self.mover + 1) % self.game.seat_count and \
                opts.last_action_capture_denies_response:
            # RECAP-14: the left neighbour gets no response; TEAM-14 partner pieces if allowed
            open_window = opts.last_action_partner_response and self.game.variant.team_game
            partner_only = True
        if open_window:
            self.window = Window(victim, pid, scene, partner_only)
            if not self.responses(True):
                self.window = None  # nobody can respond: the window closes at once
            elif was_unprotected:
                self.risky += 1  # VULN-3
        if self.window is None:
            self.regenerate(pid)
            if last:
                self.end_turn()
        else:
            self.end_pending = last

    def regenerate(self, pid: int) -> None:
        """CAPT-10: a capturer not taken by a response regains its full range (TURN-6 caps AP)."""
        if self.node[pid] >= 0 and self.compiled.regenerates[self.ptype[pid]]:
            self.steps[pid] = 0
            self._layout += 1

    def _apply_response(self, pid: int, path: tuple[int, ...], unloads: tuple) -> None:
        """RECAP-8 free of AP and range; RECAP-9 the mover continues afterwards."""
        victim, _cap, scene, _p = self.window
        mover = self.mover
        was_unprotected = self.unprotected(mover)
        before = [self.count(x) for x in range(self.game.seat_count)]
        for r, v in unloads:  # RECAP-7, or the first of two steps (RECAP-5)
            self.relocate(r, v)
        self.window = None
        o = self.occ[scene]
        back = (victim if self.compiled.sea_type[self.ptype[o]]
                and not self.compiled.sea_type[self.ptype[pid]] else None)  # RECAP-13
        self.capture_at(pid, scene, victim, back)
        self.close_response(mover, victim, before, was_unprotected)

    def close_response(self, mover: int, victim: int, before: list[int],
                        was_unprotected: bool) -> None:
        """After a recapture or retaliation shot: immediate victories (WIN-24), then VULN-2 —
        an unprotected/vulnerable mover who lost a piece to the response ends the game now or
        at the end of his turn (`vulnerable_loss_end_timing`, CONF-22)."""
        self.check_immediate(victim, before)
        if self.terminal:
            return
        if was_unprotected and self.count(mover) < before[mover]:
            if self.game.opts.vulnerable_loss_end_timing == "immediately":
                self.decide_by_points("VULN-2: unprotected player lost a piece to a response")
                return
            self.vuln_end_pending = True
        self.maybe_end_turn()

    def pending_reason(self) -> Reason:
        """Why nothing but a response or decline is possible now (RECAP-1)."""
        victim, _cap, scene, _p = self.window
        return Reason(X.E_RESPONSE_PENDING, "RECAP-1",
                      _("{seat} must first respond to the capture on {field} or decline").format(
                          seat=seat_name(self.compiled.seat_ids[victim]),
                          field=self.field_name(scene)))

    def _apply_decline(self) -> None:
        _victim, cap, _scene, _p = self.window
        self.window = None
        self.regenerate(cap)
        self.maybe_end_turn()


def _generated(st: Responses, b: tuple) -> bool:
    return any(r[1] == b[1] and r[2][-1] == b[2][-1] and tuple(r[3]) == tuple(b[3])
               for r in st.responses() if r[0] == RESP)


def explain_response(st: Responses, a: tuple) -> Reason | None:
    """None when the response is legal (it is generated), else why not."""
    if len(a) == 4 and a[3] and st.game.two_step and st.window is not None:
        return _explain_two_step(st, a)
    r = _explain_walk(st, a)
    if r is not None:
        return r
    b = st.normalize(a)
    if not _generated(st, b):
        if tuple(a[3]) and st.game.two_step:
            return Reason(X.E_RESPONSE_NOT_NECESSARY, "RECAP-6",
                          _("the final piece could capture in one step without the first step, "
                            "or the steps do not reach the capturer (RECAP-5)"))
        return new_rule_reason(st, b)
    return None


def _explain_two_step(st: Responses, a: tuple) -> Reason | None:
    """RECAP-5: a first step by another piece, then the capture."""
    c = st.compiled
    b = st.normalize(a)
    if _generated(st, b):
        return None
    probe = st.clone()
    try:
        for q, w in b[3]:
            probe.relocate(q, w)
    except (IndexError, ValueError):
        return Reason(X.E_BAD_NOTATION, "RECAP-5", _("the first step cannot be made"))
    o = probe.occ[st.window[2]]
    if o >= 0 and 0 <= b[1] < len(probe.ptype) and not probe.can_capture(b[1], o):
        victim_t = probe.ptype[o]
        rule = c.immunity_rule[victim_t] or "CAPT-3"  # e.g. PIECE-ELEPHANT-2
        return Reason(X.E_CANNOT_CAPTURE, rule,
                      _("{who} cannot capture the {piece}").format(
                          who=probe.describe(b[1]), piece=piece_name(c.type_names[victim_t])))
    return Reason(X.E_RESPONSE_NOT_NECESSARY, "RECAP-6",
                  _("the final piece could capture in one step without the first step, "
                    "or the steps do not reach the capturer (RECAP-5)"))


def _explain_walk(st: Responses, a: tuple) -> Reason | None:
    c = st.compiled
    if (early := path_action_reason(st, a)) is not None:
        return early
    pid, path = a[1], tuple(a[2])
    if st.window is None:
        return Reason(X.E_NO_WINDOW, "RECAP-1", _("there is no capture to respond to"))
    victim, _cap, scene, partner_only = st.window
    seats = st.response_seats(victim, partner_only)
    if st.owner[pid] not in seats:
        rule = "TEAM-14" if partner_only else "RECAP-2"
        return Reason(X.E_NOT_YOUR_PIECE, rule,
                      _("{who} may not respond for {seat}").format(
                          who=st.describe(pid), seat=seat_name(c.seat_ids[victim])))
    if path[-1] != scene:
        return Reason(X.E_RESPONSE_WRONG_TARGET, "RECAP-3",
                      _("the response must capture the capturer on {field}").format(
                          field=st.field_name(scene)))
    unloads = tuple(a[3])
    if unloads:
        if st.game.opts.recapture_moves_must_be_necessary:
            return Reason(X.E_RESPONSE_NOT_NECESSARY, "RECAP-6",
                          _("{who} could capture with its riders aboard; dismounting them first "
                            "is an unnecessary step").format(who=st.describe(pid)))
        probe = st.clone()
        for r_pid, v in unloads:
            if r_pid not in st.cargo[pid]:
                return Reason(X.E_NO_SUCH_PIECE, "RECAP-7", _("only the carrier's riders unload"))
            dests = {d for d, _s, k in search_of(probe, r_pid, 1) if k == 0}
            if v not in dests:
                return Reason(X.E_PATH_BLOCKED, "RECAP-7",
                              _("the rider cannot dismount to {field}").format(
                                  field=st.field_name(v)))
            probe.relocate(r_pid, v)
        st = probe
    reach = min(st.game.variant.recapture_reach, c.range_[st.ptype[pid]])
    return check_path(st, pid, path, reach, None, None, response=True)


def explain_decline(st: Responses, a: tuple) -> Reason | None:
    if st.window is None:
        return Reason(X.E_NO_WINDOW, "RECAP-1", _("there is no capture to respond to"))
    return None


def _free(st: Responses, a: tuple) -> int:
    return 0  # RECAP-8: responses cost no AP


def response_notation(st: Responses, a: tuple, full_path: bool) -> str:
    """`(E a1*x4)`; `(S a1>f2, E a1*x4)` unload first (RECAP-7); `(B s1>h, E h*x4)` two steps."""
    c = st.compiled
    pid, path = a[1], a[2]
    parts = [f"{c.letter[st.ptype[r]]} {c.node_ids[st.node[r]]}>{c.node_ids[v]}"
             for r, v in a[3]]
    if a[3] and st.game.two_step and path[0] != st.node[pid]:
        parts.append(st.move_text(pid, path, True, capture=True))
    else:
        parts.append(st.move_text(pid, path, full_path, capture=True))
    return "(" + ", ".join(parts) + ")"


def describe_response(st: Responses, a: tuple) -> Description:
    """RECAP-1: the victim's piece recaptures on the scene; its stack is where the first step
    starts (an unload, RECAP-7, or the first of two steps, RECAP-5)."""
    pid, path, first = a[1], a[2], a[3]
    ids = st.compiled.node_ids
    source = st.node[first[0][0]] if first else path[0]
    steps = tuple((ids[st.node[q]], ids[v]) for q, v in first)
    return described(st, a, Kind.RESPONSE, pid, source, path[-1], path, steps=steps)


KINDS = (
    ActionKind(RESP, _free, lambda st, a: st._apply_response(a[1], a[2], a[3]),
               explain_response, response_notation, describe_response, acting=True),
    ActionKind(DECLINE, _free, lambda st, a: st._apply_decline(), explain_decline,
               lambda st, a, full: "decline", describe_word(Kind.DECLINE)),
)
