"""Playout policies, the agents `random` and `greedy` (`editor.agents.base`): `random` (the
selfplay policy of `editor.engine.playout`) and `greedy`, which prefers captures that cannot
be answered, safe moves, and moves towards the enemy capitals (castle fields) and the grail.

The greedy policy looks at a few random movable pieces per action (not at every legal action),
so it costs a small multiple of a random move; `editor.cli.bench` measures the ratio. Both
policies are deterministic given the `random.Random` they are handed.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable
from typing import Any, TypeVar

from editor.engine.game import (
    A_DECLINE,
    A_END,
    K_CAPTURE,
    K_MOUNT,
    K_RIDE,
    MOVE,
    RESP,
    RIDE,
    RSHOT,
    Game,
    State,
)
from editor.engine.playout import movable_pieces, random_action

T = TypeVar("T")

Policy = Callable[[State, random.Random], tuple]

#: pieces a greedy mover looks at per action
GREEDY_PIECES = 3
CAPTURE_BONUS = 100.0
ANSWERED_PENALTY = 60.0  # the victim can recapture on the scene (RECAP-1, recapture_reach)
TARGET_BONUS = 20.0  # landing on an enemy capital field or the grail (WIN-1, WIN-10, GRAIL-4)
PROGRESS_WEIGHT = 2.0  # per step closer to the nearest enemy capital or grail field
UNSAFE_PENALTY = 15.0  # ending next to an enemy piece
UNREACHABLE = 1 << 20


class _Targets:
    """Per game: for each piece type and team, the distance of every field to the nearest enemy
    castle field or grail field along the connections that type may use (static, no pieces)."""

    def __init__(self, game: Game) -> None:
        c = game.compiled
        teams = sorted(set(c.team_of))
        self.is_target: dict[int, list[bool]] = {}
        self.dist: dict[tuple[int, int], list[int]] = {}
        n = len(c.node_ids)
        for team in teams:
            targets = list(c.grail_fields)
            for s, fields in enumerate(c.castle_fields):
                if c.team_of[s] != team:
                    targets.extend(fields)
            flags = [False] * n
            for v in targets:
                flags[v] = True
            self.is_target[team] = flags
            for t in range(len(c.type_names)):
                self.dist[(t, team)] = bfs_to(c.adj_unloaded[t], targets, n)


def bfs_to(adj: list[tuple[int, ...]], targets: list[int], n: int) -> list[int]:
    """Steps from every node to the nearest target (BFS over the reversed adjacency)."""
    rev: list[list[int]] = [[] for _ in range(n)]
    for u, outs in enumerate(adj):
        for v in outs:
            rev[v].append(u)
    dist = [UNREACHABLE] * n
    queue = deque()
    for v in targets:
        if dist[v]:
            dist[v] = 0
            queue.append(v)
    while queue:
        v = queue.popleft()
        d = dist[v] + 1
        for u in rev[v]:
            if dist[u] > d:
                dist[u] = d
                queue.append(u)
    return dist


_TARGETS: dict[int, tuple[Game, Any]] = {}


def per_game(cache: dict[int, tuple[Game, Any]], game: Game, make: Callable[[Game], T]) -> T:
    """`make(game)`, made once per game and kept in `cache` (at most a few games at a time)."""
    entry = cache.get(id(game))
    if entry is None or entry[0] is not game:
        if len(cache) > 8:
            cache.clear()
        entry = (game, make(game))
        cache[id(game)] = entry
    return entry[1]


def targets_of(game: Game) -> _Targets:
    """The target tables of `game` (cached per game)."""
    return per_game(_TARGETS, game, _Targets)


def _answered(st: State, v: int, victim_seat: int, reach: int) -> bool:
    """Could the victim's other pieces reach the scene v within `reach` steps (RECAP-1)?"""
    c, (_kind, owner, _node, occ) = st.game.compiled, st.columns()
    seen = {v}
    frontier = [v]
    for _ in range(reach):
        nxt = []
        for u in frontier:
            for w in c.any_adj[u]:
                if w in seen:
                    continue
                seen.add(w)
                o = occ[w]
                if o >= 0 and owner[o] == victim_seat:
                    return True
                nxt.append(w)
        frontier = nxt
    return False


def _next_to_enemy(st: State, v: int, team: int) -> bool:
    c, (_kind, owner, _node, occ) = st.game.compiled, st.columns()
    team_of = c.team_of
    for w in c.any_adj[v]:
        o = occ[w]
        if o >= 0 and team_of[owner[o]] != team:
            return True
    return False


def respond(st: State, rng: random.Random) -> tuple:
    """In a response window take a recapture or retaliation shot when there is one (RECAP-1,
    RECAP-17); offers of a draw are answered at random."""
    acts = st.legal_actions()
    answers = [a for a in acts if a[0] in (RESP, RSHOT)]
    if answers:
        return rng.choice(answers)
    if A_DECLINE in acts:
        return A_DECLINE
    return rng.choice(acts)


def greedy_action(st: State, rng: random.Random,
                  pieces_looked_at: int = GREEDY_PIECES) -> tuple:
    """The best-scoring destination of a few random movable pieces: captures first (less when
    the victim can answer on the scene), then landing on enemy capitals or the grail, steps
    towards them, and not ending next to an enemy piece. Ends the turn when nothing is worth
    doing."""
    if st.answering():
        return respond(st, rng)
    left = st.ap_left()
    if left <= 0:
        return A_END
    g = st.game
    if g.has_specials and rng.random() < 0.15:
        return random_action(st, rng, end_prob=0.0)  # shots, builds, bridges, pushes (CP / GC)
    pieces = movable_pieces(st)
    rng.shuffle(pieces)
    ptype, owner, node, occ = st.columns()
    c = st.game.compiled
    me = st.mover
    team = c.team_of[me]
    tg = targets_of(g)
    is_target = tg.is_target[team]
    reach = g.variant.recapture_reach
    best_score = -1e9
    best: tuple | None = None
    tried = 0
    for pid in pieces:
        if tried >= pieces_looked_at:
            break
        maxd = min(st.range_left(pid), left)
        if maxd <= 0:
            continue
        res = st.search(pid, maxd)
        if not res:
            continue
        tried += 1
        t = ptype[pid]
        dist = tg.dist[(t, team)]
        here = dist[node[pid]]
        for v, _d, kind in res:
            score = rng.random()
            if kind == K_CAPTURE:
                victim = occ[v]
                score += CAPTURE_BONUS + c.range_[ptype[victim]]
                if score > best_score and _answered(st, v, owner[victim], reach):
                    score -= ANSWERED_PENALTY
            elif kind == K_MOUNT:
                score -= 1.0
            else:
                if here < UNREACHABLE and dist[v] < UNREACHABLE:
                    score += PROGRESS_WEIGHT * (here - dist[v])
                if is_target[v]:
                    score += TARGET_BONUS
                if score > best_score and _next_to_enemy(st, v, team):
                    score -= UNSAFE_PENALTY
            if score > best_score:
                best_score = score
                best = (RIDE if kind == K_RIDE else MOVE, pid, st.path_to(v), False)
    if best is None:
        return random_action(st, rng, end_prob=0.0)
    if best_score < 0:
        return A_END
    return best


POLICIES: dict[str, Policy] = {
    "random": random_action,
    "greedy": greedy_action,
}
