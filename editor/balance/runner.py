"""Run the missing games of one or two balance runs on any `concurrent.futures.Executor`:
a local `ProcessPoolExecutor`, or a Dask cluster through `Client.get_executor()`.

Work goes out in chunks of games with a bounded number in flight; each finished chunk is
appended to the store by this (the parent) process, so an interrupted run keeps what finished
and the next run plays only the missing games. Results do not depend on the chunking or the
number of workers (each game has its own seed, `editor.balance.play.game_seed`).
"""

from __future__ import annotations

import math
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import (
    FIRST_COMPLETED,
    Executor,
    Future,
    ProcessPoolExecutor,
    ThreadPoolExecutor,
    wait,
)
from contextlib import contextmanager
from dataclasses import dataclass, field

from editor.balance.parent_watch import mark_pool_parent, start_watch
from editor.balance.play import pack_game, play_chunk
from editor.balance.store import RunMeta, Store
from editor.engine.game import Game
from editor.i18n import _


@dataclass
class Plan:
    """One side of a balance run: the game to play, what it is stored as, how many games."""

    game: Game
    meta: RunMeta
    games: int


@dataclass
class RunSummary:
    played: int = 0  # games played and stored by this call
    stored: dict[str, int] = field(default_factory=dict)  # label -> games stored (< N)
    seconds: float = 0.0
    interrupted: bool = False

    @property
    def games_per_second(self) -> float:
        return self.played / self.seconds if self.seconds > 0 else 0.0


POLL_S = 0.2  # how long run_plans waits for a chunk before it looks at the stop event


class SchedulerError(Exception):
    """The Dask scheduler given with --scheduler cannot be used."""


class RunError(Exception):
    """A task failed (an engine error in a game, a worker that died); finished games are
    stored."""


def _worker_init(parent: int) -> None:
    """Workers leave Ctrl-C to the parent, which stops handing out work and keeps results,
    and end with the parent (`parent_watch`). `parent` is the pid the pool was made in: a
    parent killed while the worker was still starting is gone already."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    start_watch(parent)


@contextmanager
def sigint_deferred() -> Iterator[None]:
    """Ctrl-C while a chunk is being stored takes effect once the chunk is in: a SIGINT inside
    a DuckDB statement would abort it half-way ("Query interrupted") and leave the run without
    its interrupt summary. Outside the main thread (no signal handlers there) it does nothing."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda signum, _frame: caught.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if caught and callable(previous):
        previous(signal.SIGINT, None)  # Python's default handler raises KeyboardInterrupt
    elif caught and previous == signal.SIG_DFL:
        raise KeyboardInterrupt


@contextmanager
def open_executor(workers: int, scheduler: str | None = None,
                  timeout: float = 10.0) -> Iterator[tuple[Executor, int]]:
    """(executor, parallel slots): a Dask cluster's executor when `scheduler` is an address,
    else a pool of `workers` local processes (spawned, so no parent state leaks in); one
    worker plays in this process."""
    if scheduler:
        try:
            from distributed import Client
        except ImportError as exc:  # pragma: no cover - the balance extra installs it
            raise SchedulerError(_("Dask distributed is not installed: pip install "
                                   "'conquest-workbench[balance]'")) from exc
        try:
            client = Client(scheduler, timeout=timeout)
        except Exception as exc:  # any failure to connect is the user's address to fix
            raise SchedulerError(_("cannot reach the Dask scheduler at '{scheduler}': "
                                   "{error}").format(
                                     scheduler=scheduler, error=str(exc).splitlines()[0] if
                                     str(exc) else type(exc).__name__)
                                 ) from None
        try:
            slots = max(1, sum(client.nthreads().values()))
            yield client.get_executor(), slots
        finally:
            client.close()
        return
    if workers == 1:  # one worker: play in this process (a thread), no start-up cost
        with ThreadPoolExecutor(1, thread_name_prefix="balance") as inline:
            yield inline, 1
        return
    import multiprocessing

    mark_pool_parent()
    pool = ProcessPoolExecutor(max_workers=workers,
                               mp_context=multiprocessing.get_context("spawn"),
                               initializer=_worker_init, initargs=(os.getpid(),))
    try:
        yield pool, workers
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def chunk_size(missing: int, slots: int) -> int:
    """Games per task: a few tasks per slot so the load evens out, at most 20 games."""
    return max(1, min(20, math.ceil(missing / (slots * 4)))) if missing else 1


def _tasks(store: Store, plans: list[Plan], slots: int) -> list[tuple[Plan, list[int]]]:
    tasks = []
    for plan in plans:
        done = store.done(plan.meta.label)
        missing = [i for i in range(plan.games) if i not in done]
        size = chunk_size(len(missing), slots)
        tasks.extend((plan, missing[i:i + size]) for i in range(0, len(missing), size))
    # interleave the two sides of a --vs run so an interrupted run holds both in step
    tasks.sort(key=lambda task: (task[1][0], task[0].meta.label))
    return tasks


def _progress(total: int, initial: int, enabled: bool):
    from tqdm import tqdm

    return tqdm(total=total, initial=initial, unit="game", disable=not enabled,
                file=sys.stderr, dynamic_ncols=True, smoothing=0.1,
                bar_format="{l_bar}{bar}| {n_fmt}/{total_fmt} games "
                           "[{elapsed}<{remaining}, {rate_fmt}]")


def stored_counts(store: Store, plans: list[Plan]) -> dict[str, int]:
    """Games stored per plan label (of the plan's `games`)."""
    return {p.meta.label: len([i for i in store.done(p.meta.label) if i < p.games])
            for p in plans}


def _chunk_failed(plan: Plan, indices: list[int], exc: Exception) -> RunError:
    error = RunError(_("games {first}..{last} of {variant} (seed {seed}) failed: "
                       "{error}: {exc}").format(
                         first=indices[0], last=indices[-1], variant=plan.meta.variant,
                         seed=plan.meta.seed, error=type(exc).__name__, exc=exc))
    error.__cause__ = exc
    return error


def run_plans(store: Store, plans: list[Plan], executor: Executor, slots: int,
              progress: bool = True, stop_after: int | None = None,
              on_chunk: Callable[[int], None] | None = None,
              stop: threading.Event | None = None) -> RunSummary:
    """Play and store every game of `plans` that the store lacks.

    `stop` is set by the caller's Ctrl-C or `kill` handler: at the next wait (at most `POLL_S`)
    queued chunks are cancelled, running ones stored as they finish, and the summary says
    `interrupted`; nothing is raised inside `futures.wait`, where it could hang the run with
    the futures' locks held. A second Ctrl-C (`KeyboardInterrupt`) drops the running chunks.
    `stop_after` (a test hook) sets the stop once that many games were stored."""
    for plan in plans:
        store.bind(plan.meta)
    stop = stop if stop is not None else threading.Event()
    tasks = _tasks(store, plans, slots)
    packed = {plan.meta.label: pack_game(plan.game) for plan in plans}
    total = sum(p.games for p in plans)
    summary = RunSummary()
    bar = _progress(total, total - sum(len(t[1]) for t in tasks), progress)
    pending: dict[Future, tuple[Plan, list[int]]] = {}
    queue = iter(tasks)
    t0 = time.perf_counter()

    def submit_more() -> None:
        while len(pending) < 2 * slots and not stop.is_set():
            task = next(queue, None)
            if task is None:
                return
            plan, indices = task
            digest, blob = packed[plan.meta.label]
            fut = executor.submit(play_chunk, digest, blob, indices, plan.meta.seed,
                                  plan.meta.policy, plan.meta.max_turns)
            pending[fut] = task

    def collect(futures) -> None:
        """Store the finished chunks; a failed one raises RunError after the others of the
        same batch are stored."""
        failure: RunError | None = None
        for fut in futures:
            plan, indices = pending.pop(fut)
            if fut.cancelled():
                continue
            try:
                records = fut.result()
            except Exception as exc:  # the engine's or the executor's, reported plainly
                failure = failure or _chunk_failed(plan, indices, exc)
                continue
            with sigint_deferred():  # a second Ctrl-C waits until the chunk is in
                store.append(plan.meta, records)
            summary.played += len(records)
            bar.update(len(records))
            if stop_after is not None and summary.played >= stop_after:
                stop.set()
            if on_chunk is not None:
                on_chunk(summary.played)
        if failure is not None:
            raise failure

    try:
        submit_more()
        while pending:
            if stop.is_set() and not summary.interrupted:
                summary.interrupted = True
                for fut in list(pending):
                    if fut.cancel():
                        pending.pop(fut)
            finished, _ = wait(list(pending), timeout=POLL_S, return_when=FIRST_COMPLETED)
            collect(finished)
            submit_more()
    except KeyboardInterrupt:  # a second Ctrl-C: running chunks are dropped
        summary.interrupted = True
        for fut in pending:
            fut.cancel()
    finally:
        bar.close()
        summary.seconds = time.perf_counter() - t0
        summary.stored = stored_counts(store, plans)
    summary.interrupted = summary.interrupted or stop.is_set()
    return summary


def make_plan(game: Game, label: str, games: int, seed: int, policy: str,
              max_turns: int) -> Plan:
    """A plan whose stored identity is the resolved variant and board (content hashes, so an
    edited file or another --option is a different run)."""
    import hashlib

    from editor.model import dump_board
    from editor.model.variant import dump_variant

    def digest(text: str) -> str:
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    meta = RunMeta(label, game.variant.name, digest(dump_variant(game.variant)),
                   game.board.name, digest(dump_board(game.board)), seed, policy, max_turns,
                   tuple(game.compiled.seat_ids))
    return Plan(game, meta, games)
