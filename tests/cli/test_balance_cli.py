"""`conquest balance`: a small run writes the store and the report; bad input is a message
with exit 1 or 2; a real SIGINT keeps finished games and the next run completes the rest."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from editor.cli.main import main

SMALL = ["--variant", "conquest-4p", "--games", "4", "--max-turns", "10", "--no-progress"]


def _games(folder: Path) -> list[tuple]:
    import duckdb

    con = duckdb.connect(str(folder / "balance.duckdb"), read_only=True)
    try:
        return con.execute("SELECT label, game, seed, winners, rule, turns FROM games "
                           "ORDER BY label, game").fetchall()
    finally:
        con.close()


def test_small_vs_run_writes_store_report_and_plots(tmp_path: Path, capsys) -> None:
    out = tmp_path / "out"
    code = main(["balance", *SMALL, "--vs", "conquest-4p", "--vs-overlay", "classic-recapture",
                 "--policy", "greedy", "-o", str(out)])
    text = capsys.readouterr().out
    assert code == 0, text
    for name in ("report.html", "winrate.png", "length.png", "victory.png", "captures.png",
                 "difference.png"):
        assert (out / name).stat().st_size > 1000, name
    rows = _games(out)
    assert [(r[0], r[1]) for r in rows] == [(s, i) for s in "AB" for i in range(4)]
    # A and B play the same seeds (paired games)
    assert [r[2] for r in rows[:4]] == [r[2] for r in rows[4:]]
    page = (out / "report.html").read_text(encoding="utf-8")
    assert "conquest-4p + classic-recapture" in page and "chi-square" in page
    assert re.search(r"seat order matters", text)
    assert re.search(r"B against A: (All 4 games went exactly alike|\d of 4 games)", text)
    # a second run plays nothing and rewrites the report from the store (side A only)
    assert main(["balance", *SMALL, "--policy", "greedy", "-o", str(out)]) == 0
    assert "played 0 games" in capsys.readouterr().out


@pytest.mark.parametrize(("args", "code", "message"), [
    (["--variant", "no-such-variant"], 2, "no-such-variant"),
    (["--variant", "conquest-4p", "--option", "=1"], 2, "--option expects KEY=VALUE"),
    (["--variant", "conquest-4p", "--option", "freeze_threshold=\"x\""], 1, ""),
    (["--variant", "conquest-4p", "--workers", "0"], 2, "--workers must be at least 1"),
    (["--variant", "conquest-4p", "--vs-overlay", "classic-recapture"], 2, "need --vs"),
    (["--variant", "conquest-4p", "--scheduler", "tcp://127.0.0.1:9", "--scheduler-timeout",
      "0.5"], 2,
     "cannot reach the Dask scheduler"),
])
def test_bad_input_is_a_message_not_a_traceback(tmp_path: Path, capsys, args, code,
                                                message) -> None:
    assert main(["balance", "--games", "2", "-o", str(tmp_path / "o"), *args]) == code
    err = capsys.readouterr().err
    assert "Traceback" not in err and message in err and err.strip()


def test_store_of_another_run_is_refused(tmp_path: Path, capsys) -> None:
    out = tmp_path / "out"
    assert main(["balance", *SMALL, "--games", "1", "-o", str(out)]) == 0
    capsys.readouterr()
    assert main(["balance", *SMALL, "--games", "1", "--seed", "2", "-o", str(out)]) == 1
    err = capsys.readouterr().err
    assert "BALANCE_STORE_MISMATCH" in err and "seed 1 (now 2)" in err
    (tmp_path / "file").write_text("x")
    assert main(["balance", *SMALL, "-o", str(tmp_path / "file")]) == 2


def test_sigint_keeps_finished_games_and_a_rerun_finishes(tmp_path: Path) -> None:
    # enough games that the run is still going when the first chunks are stored (C4 plays
    # about 400 fifteen-turn games a second on one core); a store write that Ctrl-C lands in
    # is finished first (runner.sigint_deferred)
    games = 600
    out = tmp_path / "out"
    cmd = [sys.executable, "-m", "editor.cli.main", "balance", "--variant", "conquest-4p",
           "--games", str(games), "--max-turns", "15", "--workers", "1", "--progress", "-o",
           str(out)]
    env = {**os.environ, "COLUMNS": "100"}
    proc = subprocess.Popen(cmd, stderr=subprocess.PIPE, stdout=subprocess.PIPE, env=env)
    seen = b""
    deadline = time.monotonic() + 120
    while not re.search(rb"\| *[1-9]\d*/%d games" % games, seen) and time.monotonic() < deadline:
        chunk = os.read(proc.stderr.fileno(), 256)
        if not chunk:
            break
        seen += chunk
    proc.send_signal(signal.SIGINT)
    _out, err = proc.communicate(timeout=120)
    assert proc.returncode == 130, (seen + err).decode(errors="replace")
    assert b"Run the same command again" in err and b"Traceback" not in err
    first = _games(out)
    assert 0 < len(first) < games
    done = subprocess.run([*cmd[:-3], "--no-progress", "-o", str(out)], capture_output=True,
                          env=env, timeout=300, check=False)
    assert done.returncode == 0, done.stderr.decode(errors="replace")
    assert f"played {games - len(first)} games".encode() in done.stdout
    final = _games(out)
    # chunks finish in any order: the interrupted run kept some games, not always a prefix;
    # each kept game is found unchanged after the rerun, and every game is there once
    assert len(final) == games and all(g in final for g in first)
    assert sorted(g[1] for g in final) == list(range(games))


@pytest.mark.parametrize("workers", ["1", "2"])
def test_sigint_at_the_first_bar_stops_promptly(tmp_path: Path, workers: str) -> None:
    """Ctrl-C as soon as the bar shows: the run stops at its next safe point (exit 130, no
    hang waiting on the executor's locks), and a second run still finds a usable store."""
    out = tmp_path / "out"
    cmd = [sys.executable, "-m", "editor.cli.main", "balance", "--variant", "conquest-4p",
           "--games", "400", "--max-turns", "15", "--workers", workers, "--progress", "-o",
           str(out)]
    env = {**os.environ, "COLUMNS": "100"}
    proc = subprocess.Popen(cmd, stderr=subprocess.PIPE, stdout=subprocess.PIPE, env=env)
    seen = b""
    deadline = time.monotonic() + 120
    while b"/400 games" not in seen and time.monotonic() < deadline:
        chunk = os.read(proc.stderr.fileno(), 256)
        if not chunk:
            break
        seen += chunk
    proc.send_signal(signal.SIGINT)
    try:
        _out, err = proc.communicate(timeout=120)
    except subprocess.TimeoutExpired:
        proc.kill()
        pytest.fail("the interrupted run did not stop within 120 s")
    assert proc.returncode == 130, (seen + err).decode(errors="replace")
    assert b"Traceback" not in err and b"Run the same command again" in err
    assert len(_games(out)) < 400


def test_fewer_games_into_a_folder_of_more_reports_all_and_says_so(tmp_path: Path,
                                                                   capsys) -> None:
    out = tmp_path / "out"
    assert main(["balance", *SMALL, "-o", str(out)]) == 0
    capsys.readouterr()
    fewer = [a if a != "4" else "2" for a in SMALL]
    assert main(["balance", *fewer, "-o", str(out)]) == 0
    captured = capsys.readouterr()
    assert "the folder holds 4 games per variant" in captured.err
    page = (out / "report.html").read_text(encoding="utf-8")
    assert "4 games per variant" in page and "2 games per variant" not in page


def test_victory_section_names_each_rule_with_its_title_and_text(tmp_path: Path) -> None:
    """WIN-9 (no-capture limit) ends the short games: the report names it with its title, its
    text and the option values of the run that set when it strikes."""
    out = tmp_path / "out"
    assert main(["balance", "--variant", "conquest-4p", "--games", "3", "--max-turns", "40",
                 "--option", "no_capture_rounds=1", "--no-progress", "-o", str(out)]) == 0
    page = (out / "report.html").read_text(encoding="utf-8")
    section = page[page.index("How games were won"):]
    assert "WIN-9 — Conquest 4-player: no-capture limit</a>" in section
    assert "id='rule-WIN-9'" in section and "four consecutive rounds" in section
    assert "no_capture_rounds = 1 (1 rounds × 4 seats = 4 turns)" in section
    assert "most common end turn" in section
