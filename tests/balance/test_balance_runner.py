"""The runner: same per-game results on one thread, two processes and a Dask LocalCluster;
an interrupted run resumes with only the missing games; a store refuses another run."""

from __future__ import annotations

import threading
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

import pytest

from editor.balance.runner import make_plan, open_executor, run_plans
from editor.balance.store import BALANCE_STORE_MISMATCH, Store, StoreError
from editor.engine.game import Game
from editor.model import load_board
from editor.model.variant import resolve_variant
from editor.resources import shipped_file

GAMES, TURNS = 10, 12


@pytest.fixture(scope="module")
def c4() -> Game:
    variant = resolve_variant("conquest-4p").variant
    board = load_board(shipped_file("boards", "conquest-4p")).model
    return Game(board, variant)


def _rows(folder: Path) -> list[tuple]:
    with Store(folder) as store:
        games = store.con.execute(
            "SELECT label, game, seed, winners, rule, actions, turns, captures FROM games "
            "ORDER BY label, game").fetchall()
        caps = store.con.execute(
            "SELECT label, game, action, by_seat, victim_seat, piece, field FROM captures "
            "ORDER BY label, game, action").fetchall()
    return games + caps


def _run(folder: Path, game: Game, executor, slots: int, **kw):
    with Store(folder) as store:
        plan = make_plan(game, "A", kw.pop("games", GAMES), 11, kw.pop("policy", "random"),
                         TURNS)
        return run_plans(store, [plan], executor, slots, progress=False, **kw)


@pytest.fixture(scope="module")
def reference(c4: Game, tmp_path_factory) -> list[tuple]:
    """The games played one at a time on one thread."""
    folder = tmp_path_factory.mktemp("inline")
    with ThreadPoolExecutor(1) as ex:
        summary = _run(folder, c4, ex, 1)
    assert summary.played == GAMES and not summary.interrupted
    return _rows(folder)


def test_two_processes_give_the_same_games(c4: Game, reference, tmp_path: Path) -> None:
    with open_executor(2) as (ex, slots):
        summary = _run(tmp_path, c4, ex, slots)
    assert summary.stored == {"A": GAMES}
    assert _rows(tmp_path) == reference


def test_dask_local_cluster_gives_the_same_games(c4: Game, reference, tmp_path: Path) -> None:
    from distributed import Client, LocalCluster

    with LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                      dashboard_address=None) as cluster, Client(cluster) as client:
        summary = _run(tmp_path, c4, client.get_executor(), 2)
    assert summary.played == GAMES
    assert _rows(tmp_path) == reference


def test_dask_scheduler_address_through_open_executor(c4: Game, reference,
                                                      tmp_path: Path) -> None:
    from distributed import LocalCluster

    with LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                      dashboard_address=None) as cluster, \
            open_executor(1, cluster.scheduler_address) as (ex, slots):
        assert slots == 1
        _run(tmp_path, c4, ex, slots, games=3)
    assert _rows(tmp_path) == [r for r in reference if r[1] < 3]


def test_unreachable_scheduler_is_a_clear_error() -> None:
    from editor.balance.runner import SchedulerError

    with pytest.raises(SchedulerError, match="cannot reach the Dask scheduler"), \
            open_executor(1, "tcp://127.0.0.1:9", timeout=0.5):
        pass


def test_interrupted_run_resumes_with_the_missing_games(c4: Game, reference,
                                                        tmp_path: Path) -> None:
    with ThreadPoolExecutor(1) as ex:
        first = _run(tmp_path, c4, ex, 1, stop_after=1)
    assert first.interrupted and 0 < first.stored["A"] < GAMES
    with ThreadPoolExecutor(1) as ex:
        second = _run(tmp_path, c4, ex, 1)
    assert not second.interrupted
    assert second.played == GAMES - first.stored["A"]
    assert _rows(tmp_path) == reference


def test_a_stop_set_from_another_thread_keeps_what_finished(c4: Game, reference,
                                                             tmp_path: Path) -> None:
    """The stop event (set by the CLI's Ctrl-C handler) is looked at between waits: queued
    chunks are cancelled, running ones stored, nothing is raised in the waiting thread."""
    stop = threading.Event()
    with ThreadPoolExecutor(1) as ex:
        summary = _run(tmp_path, c4, ex, 1, stop=stop, on_chunk=lambda _n: stop.set())
    assert summary.interrupted and 0 < summary.stored["A"] < GAMES
    assert all(row in reference for row in _rows(tmp_path))
    stop.clear()
    with ThreadPoolExecutor(1) as ex:
        assert _run(tmp_path, c4, ex, 1, stop=stop).played == GAMES - summary.stored["A"]
    assert _rows(tmp_path) == reference


def test_a_stop_set_before_the_run_plays_nothing(c4: Game, tmp_path: Path) -> None:
    stop = threading.Event()
    stop.set()
    with ThreadPoolExecutor(1) as ex:
        summary = _run(tmp_path, c4, ex, 1, stop=stop)
    assert summary.interrupted and summary.played == 0 and summary.stored == {"A": 0}


def test_a_store_refuses_games_of_another_run(c4: Game, tmp_path: Path) -> None:
    with ThreadPoolExecutor(1) as ex:
        _run(tmp_path, c4, ex, 1, games=1)
        with pytest.raises(StoreError) as info:
            _run(tmp_path, c4, ex, 1, games=1, policy="greedy")
    finding = info.value.finding
    assert finding.code == BALANCE_STORE_MISMATCH.code
    assert "policy 'random' (now 'greedy')" in finding.message


def test_a_failing_game_is_a_run_error_and_finished_games_stay(c4: Game, tmp_path: Path,
                                                               monkeypatch) -> None:
    import editor.balance.play as play
    from editor.balance.runner import RunError

    real = play.play_game

    def flaky(game, index, *args):
        if index == 5:
            raise ValueError("engine broke")
        return real(game, index, *args)

    monkeypatch.setattr(play, "play_game", flaky)
    with ThreadPoolExecutor(1) as ex, pytest.raises(RunError, match="engine broke"):
        _run(tmp_path, c4, ex, 1)
    with Store(tmp_path) as store:
        done = store.done("A")
    assert done and 5 not in done


def test_chunks_finished_beside_a_failed_one_are_stored(c4: Game, tmp_path: Path) -> None:
    """Eight one-game chunks finish in the same wait and one failed: the other seven are
    stored all the same, whatever order the finished set is read in."""
    from editor.balance.runner import RunError

    class Batch:
        """Runs every task at once, so the runner's first wait sees them all finished."""

        def submit(self, fn, *args):
            fut: Future = Future()
            try:
                if 5 in args[2]:
                    raise ValueError("engine broke")
                fut.set_result(fn(*args))
            except ValueError as exc:
                fut.set_exception(exc)
            return fut

    with pytest.raises(RunError, match="engine broke") as info:
        _run(tmp_path, c4, Batch(), 4)  # 4 slots: chunks of one game, 8 in flight
    assert isinstance(info.value.__cause__, ValueError)
    with Store(tmp_path) as store:
        assert store.done("A") == {0, 1, 2, 3, 4, 6, 7}


def test_ctrl_c_during_a_store_write_waits_for_the_write() -> None:
    """A SIGINT inside `sigint_deferred` (the store's append) is raised once the block ends,
    as KeyboardInterrupt, and the block itself runs to its end. Checked in a fresh interpreter:
    a suite started in the background (`make test &`) inherits SIGINT ignored, which the
    deferral rightly keeps; the check starts from Python's own handler."""
    import subprocess
    import sys

    code = (
        "import signal\n"
        "signal.signal(signal.SIGINT, signal.default_int_handler)\n"  # `cmd &` ignores it
        "from editor.balance.runner import sigint_deferred\n"
        "finished = []\n"
        "try:\n"
        "    with sigint_deferred():\n"
        "        signal.raise_signal(signal.SIGINT)\n"
        "        finished.append(True)\n"
        "except KeyboardInterrupt:\n"
        "    print('interrupted', finished,\n"
        "          signal.getsignal(signal.SIGINT) is signal.default_int_handler)\n")
    root = Path(__file__).resolve().parents[2]
    run = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True,
                         text=True, timeout=120, check=False)
    assert run.stdout.strip() == "interrupted [True] True", run.stderr
