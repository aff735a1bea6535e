"""Speed figures of balance runs for `conquest bench`: what a policy's choice costs per action,
and games per second with 1 and K local worker processes (medians, one run)."""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from pathlib import Path

from editor.agents.greedy import POLICIES
from editor.balance.play import pack_game, warm_worker
from editor.balance.runner import make_plan, open_executor, run_plans
from editor.balance.store import Store
from editor.engine.game import Game


def policy_cost(game: Game, policy: str, actions: int = 3000, seed: int = 1,
                max_turns: int = 400) -> tuple[float, float]:
    """(median, mean) microseconds one choice of `policy` takes in its own playouts (the
    choice only, not applying the action: that costs the same whoever chose it)."""
    choose = POLICIES[policy]
    rng = random.Random(seed)
    samples: list[float] = []
    st = game.initial_state()
    st.set_undo(False)
    clock = time.perf_counter
    while len(samples) < actions:
        if st.is_terminal() or st.turn >= max_turns:
            st = game.initial_state()
            st.set_undo(False)
        t0 = clock()
        a = choose(st, rng)
        samples.append(clock() - t0)
        st.apply(a, check=False)
    return statistics.median(samples) * 1e6, statistics.fmean(samples) * 1e6


def policy_costs(game: Game, actions: int = 3000, seed: int = 1) -> dict:
    """Random against greedy choice cost; the greedy policy's budget is 3x a random move."""
    rnd, rnd_mean = policy_cost(game, "random", actions, seed)
    greedy, greedy_mean = policy_cost(game, "greedy", actions, seed)
    return {"policy_random_choice_median_us": round(rnd, 1),
            "policy_greedy_choice_median_us": round(greedy, 1),
            "policy_greedy_over_random": round(greedy / rnd, 2) if rnd else None,
            "policy_greedy_over_random_mean": round(greedy_mean / rnd_mean, 2)
            if rnd_mean else None}


def throughput(game: Game, workers: int, games: int, seed: int = 1, policy: str = "random",
               max_turns: int = 400) -> tuple[float, float]:
    """(games per second, start-up seconds) of a fresh balance run on `workers` local
    processes; the rate is timed after the workers started and loaded the game."""
    with tempfile.TemporaryDirectory(prefix="conquest-bench-") as tmp, \
            Store(Path(tmp)) as store:
        t0 = time.perf_counter()
        with open_executor(workers) as (executor, slots):
            digest, blob = pack_game(game)
            for fut in [executor.submit(warm_worker, digest, blob) for _ in range(slots)]:
                fut.result()
            startup = time.perf_counter() - t0
            t0 = time.perf_counter()
            summary = run_plans(store, [make_plan(game, "A", games, seed, policy, max_turns)],
                                executor, slots, progress=False)
            seconds = time.perf_counter() - t0
    return (summary.played / seconds if seconds > 0 else 0.0), startup
