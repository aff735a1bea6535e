"""The heuristic evaluation of a position for one seat, built from the variant's data.

What counts is read from the variant's victory conditions (`Variant.victory`, by kind), never
from an edition name:

* pieces (annihilation WIN-2 / WIN-19, elimination WIN-6 / WIN-12, one piece left WIN-8 /
  WIN-15, team elimination TEAM-5): material, counted as the variant counts it (CONF-11);
* victory points (WIN-10; deciders of WIN-8, WIN-9, WIN-15, WIN-16): `State.score`;
* enemy capital and tower fields (capital occupation WIN-1 / WIN-21, sieges WIN-5 / WIN-13 /
  WIN-20) and the grail (GRAIL-4): fields held, and steps towards them;
* freeze (FREEZE-1, all others frozen WIN-7 / WIN-14, TEAM-5): own penalty fields held by
  enemies cost their 4 AP each (CASTLE-2), a frozen seat is nearly lost;
* siege victories (siege tower in the capital WIN-5, in the grail WIN-11, siege engine in a
  tower WIN-13 / WIN-20 / TEAM-6): each own siege piece is worth more the fewer turns it needs
  to reach a field where it wins (`Game.siege_victories`: the grail, or enemy castle fields).
  Since a seat's value is its strength against the others', an enemy siege piece close to its
  goal is a threat the search tries to take or block.

A finished game is worth +-`WIN_VALUE`. The value of a seat is its team's strength minus the
strength of the other teams (the strongest counts half, the average half).
"""

from __future__ import annotations

from dataclasses import dataclass

from editor.agents.greedy import UNREACHABLE, bfs_to, targets_of
from editor.engine.game import Game, State

WIN_VALUE = 1000.0

_PIECE_KINDS = {"annihilation", "elimination", "one_piece_left", "team_elimination"}
_POINT_KINDS = {"one_piece_left"}
_CAPITAL_KINDS = {"capital_occupation", "siege_in_capital", "siege_in_tower", "siege_in_grail"}
_FREEZE_KINDS = {"all_others_frozen", "team_freeze"}


@dataclass(frozen=True)
class Weights:
    """How much each term is worth (per piece, per victory point, per field, per step)."""

    piece: float
    points: float
    held: float
    progress: float
    penalty: float
    frozen: float
    siege: float = 0.0


def weights_for(game: Game) -> Weights:
    """The weights that fit the variant's victory conditions (module docstring)."""
    kinds = set(game.victory)
    decides_by_points = bool(kinds & _POINT_KINDS) or any(
        v.kind in ("no_capture_limit", "team_no_capture_limit") and v.decider == "victory_points"
        for v in game.variant.victory)
    capital = bool(kinds & _CAPITAL_KINDS)
    return Weights(piece=10.0 if kinds & _PIECE_KINDS else 6.0,
                   points=4.0 if decides_by_points else 0.0,
                   held=12.0 if capital else 4.0,
                   progress=0.6 if capital else 0.25,
                   penalty=6.0 if kinds & _FREEZE_KINDS else 4.0,
                   frozen=60.0,
                   siege=SIEGE_WEIGHT if game.siege_victories else 0.0)


#: an own siege piece one turn from a winning field (WIN-5, WIN-11, WIN-13, WIN-20)
SIEGE_WEIGHT = 60.0


def siege_fields(game: Game, team: int) -> list[int]:
    """The fields where a siege piece of `team` wins at once, as the engine checks them
    (`SiegeRules.siege_win`): the grail (WIN-11), enemy castle fields (WIN-5, WIN-13, WIN-20)."""
    c = game.compiled
    out: set[int] = set()
    for kind in game.siege_victories:
        if kind == "siege_in_grail":
            out.update(c.grail_fields)
        else:
            out.update(v for v, s in enumerate(c.castle_owner)
                       if s >= 0 and c.team_of[s] != team)
    return sorted(out)


class Evaluation:
    """`value(state, seat)`: how good the position is for `seat` (module docstring)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.weights = weights_for(game)
        self.targets = targets_of(game)
        c = game.compiled
        self.team_of = c.team_of
        self.teams = sorted(set(c.team_of))
        # land pieces only when the variant counts them so (CONF-11)
        land_scope = game.land_scope
        self.piece_value = [1.0 + 0.05 * c.range_[t] if (c.land_piece[t] or not land_scope)
                            else 0.3 for t in range(len(c.type_names))]
        self.target_fields = {team: frozenset(v for v, flag in enumerate(flags) if flag)
                              for team, flags in self.targets.is_target.items()}
        n = len(c.node_ids)
        self.siege_dist = {(t, team): bfs_to(c.adj_unloaded[t], siege_fields(game, team), n)
                           for team in self.teams for t in game.siege_types}

    def terms(self, st: State, seat: int) -> dict[str, float]:
        """The weighted terms of one seat's strength (for explanations)."""
        w = self.weights
        team = self.team_of[seat]
        material = progress = siege = 0.0
        held = 0
        ptype, owner, node, occ = st.columns()
        is_target = self.targets.is_target[team]
        c_siege = self.game.compiled.siege
        for pid in range(len(owner)):
            v = node[pid]
            if v < 0 or owner[pid] != seat:
                continue
            t = ptype[pid]
            material += self.piece_value[t]
            d = self.targets.dist[(t, team)][v]
            if d < UNREACHABLE:
                progress += 1.0 / (1.0 + d)
            if is_target[v] and occ[v] == pid:
                held += 1
            if w.siege and c_siege[t]:
                siege += self._siege_threat(t, team, v)
        nc, ng = st.penalty_fields(seat)
        out = {"pieces": w.piece * material, "targets held": w.held * held,
               "progress": w.progress * progress, "fields lost": -w.penalty * (nc + ng)}
        if w.siege:
            out["siege"] = w.siege * siege
        if w.points:
            out["victory points"] = w.points * st.score(seat)
        if st.is_frozen(seat):
            out["frozen"] = -w.frozen
        return out

    def _siege_threat(self, t: int, team: int, v: int) -> float:
        """1 / turns**2 for a siege piece of type `t` on `v` that needs that many turns (at
        its range, on the bare board) to reach a winning field; 0 when it cannot."""
        d = self.siege_dist[(t, team)][v]
        if d >= UNREACHABLE:
            return 0.0
        step = max(1, self.game.compiled.range_[t])
        turns = max(1, -(-d // step))
        return 1.0 / (turns * turns)

    def strength(self, st: State, seat: int) -> float:
        return sum(self.terms(st, seat).values())

    def strengths(self, st: State) -> list[float]:
        """The strength of every seat (what lead changes are measured on)."""
        return [self.strength(st, s) for s in range(self.game.seat_count)]

    def value(self, st: State, seat: int) -> float:
        """The position for `seat`: +-WIN_VALUE once decided, else its team's strength
        against the other teams'."""
        if st.is_terminal():
            res = st.result()
            if res is None or not res.winners:
                return 0.0
            me = self.game.compiled.seat_ids[seat]
            return WIN_VALUE if me in res.winners else -WIN_VALUE
        return self.value_of(self.strengths(st), seat)

    def value_of(self, strengths: list[float], seat: int) -> float:
        """`value` from precomputed strengths (no terminal check)."""
        team = self.team_of[seat]
        per_team: dict[int, float] = {}
        for s, x in enumerate(strengths):
            per_team[self.team_of[s]] = per_team.get(self.team_of[s], 0.0) + x
        mine = per_team.pop(team)
        if not per_team:
            return mine
        others = list(per_team.values())
        return mine - 0.5 * max(others) - 0.5 * sum(others) / len(others)
