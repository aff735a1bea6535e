"""Turn end and victory (TURN-10/-11, WIN-*, TEAM-5/-6, FREEZE-4, VULN-2): ending turns and
rounds, immediate and count-based endings, victory points; and the turn-level action kinds END,
OFFER_DRAW, ACCEPT_DRAW, REJECT_DRAW and RESIGN with their cost, apply and explanation.
"""

from __future__ import annotations

try:
    import cython
except ImportError:  # interpreted without Cython: the C types below are no-ops
    from editor.engine import cython_shim as cython

from editor.engine import explain as X
from editor.engine.actions import (
    ACCEPT_DRAW,
    END,
    OFFER_DRAW,
    REJECT_DRAW,
    RESIGN,
    ActionKind,
    Kind,
    describe_word,
)
from editor.engine.explain import Reason
from editor.engine.outcome import Result, Termination
from editor.engine.search_tables import SearchTables
from editor.engine.state import StateData, budget_of, count_of, mover_of, penalties_of
from editor.i18n import _

POINTS, ELIMINATION, CAPITAL = Termination.POINTS, Termination.ELIMINATION, Termination.CAPITAL
FROZEN, SIEGE = Termination.FROZEN, Termination.SIEGE
RESIGNATION, DRAW_AGREED = Termination.RESIGNATION, Termination.DRAW_AGREED


class Turns(StateData):
    """Turn ends and game endings."""

    __slots__ = ()

    def maybe_end_turn(self) -> None:
        if self.terminal:
            return
        if self.end_pending or self.ap_left() <= 0:
            self.end_pending = False
            self.end_turn()

    def end_turn(self) -> None:
        """TURN-11 end of turn (`end_turn_of`)."""
        end_turn_of(self)

    def check_turn_end(self) -> None:
        """WIN-8, WIN-9, WIN-3, TEAM-5 at a turn's end (`check_turn_end_of`)."""
        check_turn_end_of(self)

    def finish_as(self, how: Termination, winners: tuple[int, ...] | tuple[str, ...],
                  reason: str) -> None:
        """End the game (WIN-24): winners (seat indexes or ids), the reason text starting with
        the rule ID, the termination family; scores are the victory points (WIN-10)."""
        ids = tuple(w if isinstance(w, str) else self.compiled.seat_ids[w] for w in winners)
        self.terminal = True
        self.window = None
        self.result_ = Result(ids, reason, {self.compiled.seat_ids[s]: self.score(s)
                                            for s in range(self.game.seat_count)}, how)

    def team_members(self, s: int) -> tuple[int, ...]:
        t = self.compiled.team_of[s]
        return tuple(x for x in range(self.game.seat_count) if self.compiled.team_of[x] == t)

    def decide_by_points(self, why: str) -> None:
        """WIN-8/WIN-9 by victory points (WIN-10); FREEZE-4 frozen players excluded; WIN-23
        ties shared, or CONF-13 captured_then_shared."""
        cands = [s for s in range(self.game.seat_count) if not self.is_frozen(s)]
        if self.game.opts.frozen_exclusion == "frozen_during_last_round":  # CONF-19, FREEZE-4
            recent = self.turn - self.game.seat_count
            cands = [s for s in cands if self.frozen_mark[s] <= recent]
        if not cands:
            self.finish_as(POINTS, (), why + "; every player is frozen")
            return
        best = max(self.score(s) for s in cands)
        top = [s for s in cands if self.score(s) == best]
        if len(top) > 1 and self.game.opts.count_tiebreak == "captured_then_shared":
            most = max(self.captured[s] for s in top)
            top = [s for s in top if self.captured[s] == most]
        self.finish_as(POINTS, tuple(top), why + " (WIN-10 victory points)")

    def enemy_castle_fields(self, s: int) -> int:
        c, occ, owner = self.compiled, self.occ, self.owner
        n = 0
        for t, fields in enumerate(c.castle_fields):
            if c.team_of[t] == c.team_of[s]:
                continue
            for f in fields:
                o = occ[f]
                if o >= 0 and owner[o] == s:
                    n += 1
        return n

    def decide_two_player_timeout(self) -> None:
        """WIN-3: more enemy capital fields wins; tie: CONF-10 two_player_timeout_tiebreak."""
        held = [self.enemy_castle_fields(s) for s in range(self.game.seat_count)]
        best = max(held)
        top = [s for s in range(self.game.seat_count) if held[s] == best]
        if len(top) > 1 and self.game.opts.two_player_timeout_tiebreak == "most_captured":
            most = max(self.captured[s] for s in top)
            top = [s for s in top if self.captured[s] == most]
        why = self.victory_rule("no_capture_limit", "WIN-3") + ": no capture for the round limit"
        self.finish_as(POINTS, tuple(top) if len(top) == 1 else (), why + ("" if len(top) == 1
                                                                 else "; tie, draw"))

    def decide_team_timeout(self) -> None:
        """TEAM-5: more grail + opposing capital fields; tie: team victory points; else draw."""
        c = self.compiled
        teams = sorted(set(c.team_of))
        def fields(t: int) -> int:
            n = 0
            for s in range(self.game.seat_count):
                if c.team_of[s] == t:
                    n += self.enemy_castle_fields(s)
                    n += sum(1 for f in c.grail_fields
                             if self.occ[f] >= 0 and self.owner[self.occ[f]] == s)
            return n
        def points(t: int) -> int:
            return sum(self.score(s) for s in range(self.game.seat_count) if c.team_of[s] == t)
        ranked = sorted(teams, key=lambda t: (fields(t), points(t)), reverse=True)
        a, b = ranked[0], ranked[1]
        if (fields(a), points(a)) == (fields(b), points(b)):
            self.finish_as(POINTS, (), self.victory_rule("team_no_capture_limit", "TEAM-5")
                         + ": no capture for the round limit; tie, draw")
            return
        self.finish_as(POINTS, tuple(s for s in range(self.game.seat_count) if c.team_of[s] == a),
                     self.victory_rule("team_no_capture_limit", "TEAM-5")
                     + ": no capture for the round limit")

    def check_immediate(self, by: int, before: list[int] | None) -> None:
        """WIN-24: immediate victories after every action (`check_immediate_of`)."""
        check_immediate_of(self, by, before)

    def victory_rule(self, kind: str, default: str) -> str:
        """The rule ID the variant names for a victory condition (e.g. WIN-16 for GC4)."""
        cond = self.game.victory.get(kind)
        return (cond.rule if cond is not None and cond.rule else default)

    def siege_win(self, kind: str) -> bool:
        """WIN-5, WIN-11, WIN-13 / WIN-20 / TEAM-6: `siege_win_of`."""
        return siege_win_of(self, kind)

    def _apply_resign(self) -> None:
        s = self.mover  # WIN-26 with allow_resignation: the resigning side loses
        team = self.compiled.team_of
        others = tuple(x for x in range(self.game.seat_count) if team[x] != team[s])
        self.finish_as(RESIGNATION, others, f"WIN-26: {self.compiled.seat_ids[s]} resigned")

    def may_offer_draw(self) -> bool:
        """WIN-4: a draw may be agreed at any time ([000] 7.1); a variant may allow one offer
        per turn (`draw_offer_once_per_turn`, against offer spam)."""
        return self.draw is None and not (self.game.opts.draw_offer_once_per_turn
                                          and self.draw_offered)

    def _apply_offer(self) -> None:
        self.draw = self.mover
        self.draw_offered = True

    def _apply_accept(self) -> None:
        self.draw = None
        self.finish_as(DRAW_AGREED, (), "WIN-4: draw agreed")

    def _apply_reject(self) -> None:
        self.draw = None



@cython.ccall
@cython.locals(st=StateData, tables=SearchTables, n=cython.Py_ssize_t, m=cython.Py_ssize_t,
               steps=list, _guard=cython.Py_ssize_t)
def end_turn_of(st: StateData) -> None:
    """TURN-11 end of turn; WIN-24 count-based endings; TURN-10 rounds; auto-pass of
    players without AP (FREEZE-2: their turns still count)."""
    tables = st.tables
    n = tables.seats
    for _guard in range(4 * n + 4):
        st.window = None
        st.end_pending = False
        st.draw = None
        counting = st.any_capture or tables.count_from_start  # CONF-20
        if st.captured_this_turn:
            st.quiet = 0
        elif tables.quiet_since and counting:  # WIN-25 rounds_since_last_capture
            st.quiet += 1
        if tables.quiet_rounds and mover_of(st) == n - 1:  # WIN-25 complete_rounds
            st.quiet = st.quiet + n if st.quiet_round_clean else 0
            st.quiet_round_clean = True
        st.captured_this_turn = False
        if st.vuln_end_pending:
            st.decide_by_points("VULN-2: unprotected player lost a piece to a response")
            return
        check_turn_end_of(st)
        if st.terminal:
            return
        st.turn += 1
        st.ap_spent = 0
        st.risky = 0
        st.draw_offered = False
        if st.shots:  # a new turn: no shots, response shots or pushes yet
            st.shots = set()
        if st.rshots:
            st.rshots = set()
        if st.pushed:
            st.pushed = {}
        m = mover_of(st)
        if st.raised:  # DRAW-4: the raiser's bridges fall at the start of his turn
            st.raised = {k: r for k, r in st.raised.items() if r != m}
        if penalties_of(st)[2][m]:  # FREEZE-1 (is_frozen)
            st.frozen_mark[m] = st.turn  # CONF-19
        steps = st.steps
        steps[:] = [0] * len(steps)  # MOVE-5: a new turn, full range again
        st._layout += 1
        if budget_of(st, m) > 0:
            return


@cython.ccall
@cython.locals(st=StateData, tables=SearchTables, top_type=list, t=cython.Py_ssize_t)
def siege_win_of(st: StateData, kind: str) -> bool:
    """WIN-5 (siege tower in the enemy capital), WIN-11 (siege tower in the grail), WIN-13 /
    WIN-20 / TEAM-6 (siege engine into an enemy tower): an immediate win for its owner
    (and partner). The fields and siege types per game from `SearchTables`."""
    tables = st.tables
    grail = kind == "siege_in_grail"
    sieged = tables.grail_mask if grail else tables.all_castles_mask
    top_type = st.top_type
    for t in tables.siege_types:
        if top_type[t] & sieged:
            break
    else:
        return False  # no siege piece on top of any of those fields
    c = st.compiled
    fields = c.grail_fields if grail else [f for fs in c.castle_fields for f in fs]
    for f in fields:
        o = st.occ[f]
        if o < 0 or not c.siege[st.ptype[o]]:
            continue
        s = st.owner[o]
        if kind != "siege_in_grail" and c.team_of[c.castle_owner[f]] == c.team_of[s]:
            continue
        rule = st.game.victory[kind].rule or kind
        where = st.field_name(f)
        st.finish_as(SIEGE, st.team_members(s),
                     f"{rule}: {c.seat_ids[s]} brought a siege piece onto {where}")
        return True
    return False


@cython.ccall
@cython.locals(st=StateData, tables=SearchTables, n=cython.Py_ssize_t, s=cython.Py_ssize_t)
def check_turn_end_of(st: StateData) -> None:
    """WIN-8 one piece left, WIN-9 / WIN-3 / TEAM-5 no capture for the round limit (the limits
    per game in `SearchTables.quiet_limits`)."""
    tables = st.tables
    n = tables.seats
    if tables.win_one_piece:
        for s in range(n):
            if count_of(st, s) == 1:  # WIN-8
                st.decide_by_points(st.victory_rule("one_piece_left", "WIN-8")
                                    + ": a player has one piece left")
                return
    for kind, two, rounds in tables.quiet_limits:
        if st.quiet >= rounds * n:
            if kind == "team_no_capture_limit":
                st.decide_team_timeout()
            elif two:
                st.decide_two_player_timeout()
            else:
                st.decide_by_points(st.victory_rule("no_capture_limit", "WIN-9")
                                    + f": no capture for {rounds} rounds")
            return


@cython.ccall
@cython.locals(st=StateData, tables=SearchTables, by=cython.Py_ssize_t, before=list,
               n=cython.Py_ssize_t, s=cython.Py_ssize_t, x=cython.Py_ssize_t, frozen=list)
def check_immediate_of(st: StateData, by: int, before: list[int] | None) -> None:
    """WIN-24: immediate victories after every action (including responses). List
    comprehensions, not generators: compiled, a generator makes a closure on every call."""
    tables = st.tables
    n = tables.seats
    if before is not None:
        if tables.win_elimination:  # WIN-6: the capturer took an opponent's last pieces
            for s in range(n):
                if s != by and before[s] > 0 and count_of(st, s) == 0:
                    c = st.compiled
                    st.finish_as(ELIMINATION, (by,), st.victory_rule("elimination", "WIN-6")
                                 + f": {c.seat_ids[by]} took the last pieces of "
                                 f"{c.seat_ids[s]}")
                    return
        if tables.win_annihilation:  # WIN-2
            for s in range(n):
                if st.cnt_land[s] == 0:
                    c = st.compiled
                    others = tuple([x for x in range(n) if c.team_of[x] != c.team_of[s]])
                    rule = st.victory_rule("annihilation", "WIN-2")
                    st.finish_as(ELIMINATION, others,
                                 f"{rule}: {c.seat_ids[s]} has no land pieces left")
                    return
        if tables.win_team_elimination:  # TEAM-5, TEAM-6, CONF-23
            c = st.compiled
            last_two = st.game.opts.team_elimination_rule == "last_two_land_pieces"
            for s in range(n):
                if st.cnt_land[s] == 0 and before[s] > 0 and last_two and (
                        st.window is not None or c.team_of[by] != c.team_of[mover_of(st)]
                        or before[s] > 2):
                    continue  # last_two: the mover's team takes the last two in its turn
                if st.cnt_land[s] == 0:
                    others = tuple([x for x in range(n) if c.team_of[x] != c.team_of[s]])
                    rule = st.victory_rule("team_elimination", "TEAM-5")
                    st.finish_as(ELIMINATION, others,
                                 f"{rule}: {c.seat_ids[s]} lost all land pieces")
                    return
    for kind in tables.siege_wins:
        if siege_win_of(st, kind):
            return
    if tables.win_capital:  # WIN-1
        h = capital_holder(st)
        if h is not None:
            c = st.compiled
            s, x = h
            rule = st.victory_rule("capital_occupation", "WIN-1")
            st.finish_as(CAPITAL, (x,), f"{rule}: {c.seat_ids[x]} holds the "
                         f"whole capital of {c.seat_ids[s]}")
            return
    if tables.win_team_freeze or tables.win_all_frozen:
        frozen = penalties_of(st)[2]  # FREEZE-1 (frozen_seats)
        if tables.win_team_freeze and any(frozen):  # TEAM-5
            c = st.compiled
            s = frozen.index(True)
            others = tuple([x for x in range(n) if c.team_of[x] != c.team_of[s]])
            st.finish_as(FROZEN, others, st.victory_rule("team_freeze", "TEAM-5")
                         + f": {c.seat_ids[s]} is frozen")
            return
        if tables.win_all_frozen and frozen.count(False) == 1:  # WIN-7
            mobile = frozen.index(False)
            win = mobile if st.game.opts.all_frozen_winner == "sole_mobile_player" else by
            st.finish_as(FROZEN, (win,), st.victory_rule("all_others_frozen", "WIN-7")
                         + ": all other players are frozen")
            return


@cython.ccall
@cython.locals(st=StateData, occ=list, owner=list, team=list, fields=list, s=cython.Py_ssize_t,
               i=cython.Py_ssize_t, o=cython.Py_ssize_t, h=cython.Py_ssize_t)
def capital_holder(st: StateData) -> tuple[int, int] | None:
    """WIN-1: (s, h) for the first seat s whose whole capital (every castle field) holds
    pieces of one seat h of another team, else None. A capital is left at its first field
    that is empty, an own team's or another holder's."""
    c = st.compiled
    occ, owner, team = st.occ, st.owner, c.team_of
    for s in range(st.game.seat_count):
        fields = c.castle_fields[s]
        if not fields:
            continue
        o = occ[fields[0]]
        if o < 0:
            continue
        h = owner[o]
        if team[h] == team[s]:
            continue
        for i in range(1, len(fields)):
            o = occ[fields[i]]
            if o < 0 or owner[o] != h:
                break
        else:
            return (s, h)
    return None


def explain_end(st: Turns, a: tuple) -> Reason | None:
    if st.window is not None:
        return st.pending_reason()
    if st.draw is not None:
        return Reason(X.E_NOT_AVAILABLE, "WIN-4", _("answer the draw offer first"))
    return None


def explain_draw(st: Turns, a: tuple) -> Reason | None:
    """WIN-4: offering, accepting and rejecting an agreed draw."""
    if "agreed_draw" not in st.game.victory:
        return Reason(X.E_NOT_AVAILABLE, "WIN-4", _("this variant has no agreed draw"))
    if st.window is not None:
        return st.pending_reason()
    if a[0] == OFFER_DRAW:
        if st.draw is not None:
            return Reason(X.E_NOT_AVAILABLE, "WIN-4", _("answer the draw offer first"))
        if not st.may_offer_draw():
            return Reason(X.E_NOT_AVAILABLE, "WIN-4", _("one draw offer per turn in this variant "
                            "(option draw_offer_once_per_turn)"))
        return None
    if st.draw is None:
        return Reason(X.E_NOT_AVAILABLE, "WIN-4", _("no draw has been offered"))
    return None


def explain_resign(st: Turns, a: tuple) -> Reason | None:
    if not st.game.opts.allow_resignation:
        return Reason(X.E_NOT_AVAILABLE, "WIN-26", _("resignation is not allowed"))
    return None


def _free(st: Turns, a: tuple) -> int:
    return 0


def _word(text: str):
    return lambda st, a, full_path: text


KINDS = (
    ActionKind(END, _free, lambda st, a: st.end_turn(), explain_end, _word("end"),
               describe_word(Kind.END)),
    ActionKind(OFFER_DRAW, _free, lambda st, a: st._apply_offer(), explain_draw,
               _word("offer draw"), describe_word(Kind.OFFER_DRAW)),
    ActionKind(ACCEPT_DRAW, _free, lambda st, a: st._apply_accept(), explain_draw,
               _word("accept draw"), describe_word(Kind.ACCEPT_DRAW)),
    ActionKind(REJECT_DRAW, _free, lambda st, a: st._apply_reject(), explain_draw,
               _word("reject draw"), describe_word(Kind.REJECT_DRAW)),
    ActionKind(RESIGN, _free, lambda st, a: st._apply_resign(), explain_resign,
               _word("resign"), describe_word(Kind.RESIGN)),
)
