"""One balance game and one worker task (a chunk of games).

Every game has its own seed, derived from the run's seed and the game's index, so a game's
result does not depend on which worker plays it, in which chunk or in which order: a run is
reproducible whatever the number of workers, and a resumed run plays exactly the missing games.
"""

from __future__ import annotations

import hashlib
import pickle
import random
import time
from dataclasses import asdict, dataclass, field

from editor.agents.base import Agent, make_agent
from editor.agents.search import evaluation_of
from editor.balance.measure_game import MEASURED_GAMES, GameWatch
from editor.engine.game import MOVE, RESP, RIDE, RSHOT, SHOOT, Game, State

#: turn cap per game when the caller gives none (as `conquest selfplay`)
DEFAULT_MAX_TURNS = 400
CAP_RULE = "cap"  # the victory "rule" of a game stopped by the turn cap
#: what a turn's time is measured with: the CPU time of the playing thread, i.e. the time the
#: turn takes on one free core; wall time would count whatever else the machine runs
TURN_CLOCK = time.thread_time


def game_seed(seed: int, index: int) -> int:
    """The seed of game `index` of a run seeded with `seed` (63 bits, fits a signed BIGINT)."""
    digest = hashlib.sha256(f"conquest-balance:{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


@dataclass
class Capture:
    """A capture: action index and turn, the capturing seat, the victim's seat and piece type,
    and the field it happened on."""

    action: int
    turn: int
    by: str
    victim: str
    piece: str
    field: str


@dataclass
class GameRecord:
    index: int
    seed: int
    winners: list[str]
    rule: str  # rule ID of how the game ended (e.g. WIN-8), or CAP_RULE
    reason: str
    actions: int
    turns: int
    captures: list[Capture] = field(default_factory=list)
    agents: list[str] = field(default_factory=list)  # per seat: the agent that played it
    # (agent, CPU seconds) per turn (`TURN_CLOCK`): timings, so left out of comparisons
    turn_times: list[tuple[str, float]] = field(default_factory=list, compare=False)
    metrics: dict[str, float] = field(default_factory=dict)  # editor.balance.measure_game

    def to_dict(self) -> dict:
        return asdict(self)


def _target(a: tuple) -> int | None:
    """The field an action may capture on (the end of a move path or a shot's target)."""
    kind = a[0]
    if kind in (MOVE, RESP, RIDE):
        return a[2][-1]
    if kind == SHOOT:
        return a[2]
    if kind == RSHOT:
        return a[3]
    return None


def lineup_of(policy: str, seats: int, index: int) -> list[str]:
    """The agent of every seat in game `index`: `policy` is one agent spec, or a comma list
    (a match) filled up with its last entry and rotated by one seat per game, so every agent
    plays every seat equally often."""
    specs = policy.split(",")
    if len(specs) == 1:
        return specs * seats
    specs = (specs + [specs[-1]] * seats)[:seats]
    return [specs[(s + index) % seats] for s in range(seats)]


def _agents(policy: str, seats: int, index: int, gseed: int) -> list[Agent]:
    """One agent shared by every seat for a single policy (its one `Random`, as the balance
    runs always played); one agent per seat, seeded per seat, in a match."""
    lineup = lineup_of(policy, seats, index)
    if "," not in policy:
        shared = make_agent(policy, random.Random(gseed))
        return [shared] * seats
    return [make_agent(spec, random.Random(gseed + 7919 * (s + 1)))
            for s, spec in enumerate(lineup)]


def _captures(st: State) -> int:
    """Pieces captured so far by all seats (CAPT-11)."""
    return sum(st.progress().captured.values())


def play_game(game: Game, index: int, seed: int, policy: str = "random",
              max_turns: int = DEFAULT_MAX_TURNS) -> GameRecord:
    """Play game `index` of the run seeded `seed` to its end or the turn cap; `policy` is an
    agent spec or a match lineup (`lineup_of`)."""
    gseed = game_seed(seed, index)
    agents = _agents(policy, game.seat_count, index, gseed)
    st: State = game.initial_state()
    st.set_undo(False)
    c = game.compiled
    captures: list[Capture] = []
    watch = GameWatch(st, evaluation_of(game)) if index < MEASURED_GAMES else None
    turn_times: list[tuple[str, float]] = []
    spent, turn = 0.0, st.turn
    clock = TURN_CLOCK
    n = 0
    while not st.is_terminal() and st.turn < max_turns:
        actor = st.actor_index
        t0 = clock()
        a = agents[actor].act(st)
        if actor == st.mover:
            spent += clock() - t0
        before = _captures(st)
        v = _target(a)
        victim = st.top_piece(v) if v is not None else None
        victim_info = None if victim is None else st.piece(victim)
        if watch is not None:
            watch.before(st, n, v)
        st.apply(a, check=False)
        if victim_info is not None and _captures(st) > before:
            captures.append(Capture(n, st.turn, c.seat_ids[actor], victim_info.owner,
                                    victim_info.kind, c.node_ids[v]))
        n += 1
        if st.turn != turn:
            turn_times.append((agents[turn % game.seat_count].name, spent))
            if watch is not None:
                watch.turn_ended(st)
            spent, turn = 0.0, st.turn
    res = st.result()
    if st.is_terminal() and res is not None:
        winners, reason = list(res.winners), res.reason
        rule = reason.split(":")[0].strip()
    else:
        winners, reason, rule = [], f"turn cap {max_turns}", CAP_RULE
    return GameRecord(index, gseed, winners, rule, reason, n, st.turn, captures,
                      [a.name for a in agents], turn_times,
                      watch.metrics(winners) if watch is not None else {})


# ---- worker side ----------------------------------------------------------------------------

_GAMES: dict[str, Game] = {}


def pack_game(game: Game) -> tuple[str, bytes]:
    """(digest, pickled game) to hand to workers; the digest keys their cache."""
    blob = pickle.dumps(game, protocol=pickle.HIGHEST_PROTOCOL)
    return hashlib.sha256(blob).hexdigest(), blob


def play_chunk(digest: str, blob: bytes, indices: list[int], seed: int, policy: str,
               max_turns: int) -> list[dict]:
    """Worker task: play the games `indices`; the game is unpickled once per process."""
    game = _GAMES.get(digest)
    if game is None:
        if len(_GAMES) > 4:
            _GAMES.clear()
        game = _GAMES[digest] = pickle.loads(blob)
    return [play_game(game, i, seed, policy, max_turns).to_dict() for i in indices]


def warm_worker(digest: str, blob: bytes, seconds: float = 0.3) -> None:
    """Bench helper: load the game into this worker's cache and hold the worker briefly, so
    that tasks sent together reach different workers."""
    import time

    play_chunk(digest, blob, [], 0, "random", 1)
    time.sleep(seconds)
