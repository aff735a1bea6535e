"""`conquest bench --against REV` (issue 14 item 3): this tree's engine forms play the same
games (REV too while its policy draws alike: not since issue 24 item 3), and the output holds
the old figures, the new figures and their ratio. No speed is asserted."""

from __future__ import annotations

import contextlib
import io
import json
import subprocess
from pathlib import Path

import pytest

from editor.cli import bench_against, bench_engine
from editor.cli.bench_against import BenchError, export_tree, run_in_tree
from editor.cli.main import main
from editor.engine.native import compiled_problem

OLD = "7e92724"  # the tree before issue 14
ROOT = Path(__file__).resolve().parents[2]


def _has_rev(rev: str) -> bool:
    try:
        proc = subprocess.run(["git", "rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}"],
                              cwd=ROOT, capture_output=True, check=False)
    except FileNotFoundError:
        return False
    return proc.returncode == 0


needs_old = pytest.mark.skipif(not _has_rev(OLD), reason=f"no git history with {OLD}")


@pytest.fixture(scope="module")
def compared() -> dict:
    """One real comparison with OLD (every variant and mode, each side a child process), its
    JSON output read back."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        code = main(["bench", "--against", OLD, "--rounds", "1", "--actions", "150", "--games",
                     "1", "--max-turns", "12", "--warmup", "40", "--format", "json"])
    assert code == 0, out.getvalue()
    return json.loads(out.getvalue())


@needs_old
def test_both_forms_play_the_same_games_and_the_old_tree_is_compared(compared: dict) -> None:
    result = compared
    assert result["against"] == OLD and result["rounds"] == 1 and result["warmup_actions"] == 40
    rows = {(r["variant"], r["mode"]): r for r in result["rows"]}
    assert set(rows) == {(v, m) for v in ("conquest-4p", "grand-conquest-4p")
                         for m in ("playout", "fixed", "selfplay", "search")}
    for row in rows.values():
        assert row["same_games"] and row["violations"] == 0
        # issue 24 item 3: the policy draws only the pieces it looks at, so OLD plays others
        assert row["old_same_games"] == (row["actions"] == row["old_actions"]
                                         and row["old_digest"] == row["new_digest"])
        old, new = row["old_actions_per_cpu_s"], row["new_actions_per_cpu_s"]
        assert old > 0 and new > 0
        # the ratio comes from unrounded medians: equal to new / old within rounding
        assert row["ratio"] == pytest.approx(new / old, abs=0.011)
        compiled = row["compiled_actions_per_cpu_s"]  # this tree's compiled form, when built
        assert (compiled is not None) == (compiled_problem() is None)
        if compiled is not None:
            assert row["compiled_ratio"] == pytest.approx(compiled / old, abs=0.011)
    assert rows[("conquest-4p", "playout")]["actions"] == 150


@needs_old
def test_text_output_is_a_table_with_old_new_and_ratio(compared: dict, monkeypatch,
                                                      capsys) -> None:
    """The text form of the comparison above (its conquest-4p rows: the children are not run
    again); the command's arguments reach the comparison."""
    asked = []

    def compare(rev, variants, rounds, actions=bench_engine.ACTIONS, games=20, max_turns=400,
                seed=1, progress=None, warmup=bench_engine.WARMUP):
        asked.append((rev, variants, rounds, actions, games, max_turns, warmup))
        return {**compared, "rows": [r for r in compared["rows"] if r["variant"] in variants]}

    monkeypatch.setattr(bench_engine, "compare", compare)
    code = main(["bench", "--against", OLD, "--variant", "conquest-4p", "--rounds", "1",
                 "--actions", "50", "--games", "1", "--max-turns", "3"])
    out = capsys.readouterr().out
    assert code == 0
    assert asked == [(OLD, ("conquest-4p",), 1, 50, 1, 3, bench_engine.WARMUP)]
    assert sum(line.startswith("conquest-4p") for line in out.splitlines()) == 4  # one a mode
    assert OLD in out.splitlines()[1] and "ratio" in out
    assert "after 40 untimed actions" in out.splitlines()[0]
    assert sum("best of the rounds" in line for line in out.splitlines()) == 4
    playout = next(line for line in out.splitlines() if line.startswith("conquest-4p")
                   and "playout" in line)
    cells = playout.split()
    old, new, ratio = (float(x.replace(",", "").rstrip("x")) for x in cells[3:6])
    assert ratio == pytest.approx(new / old, abs=0.02) and cells[-1] == "yes"


def test_the_warm_up_does_not_change_the_timed_games() -> None:
    """The untimed warm-up (tables built once, before the clock) plays a game of its own: the
    timed run's games, and so its digest, are the same with and without it, in each mode."""
    for mode in ("playout", "fixed", "search"):
        found = [run_in_tree(ROOT, bench_engine.CHILD, [
            "--variant", "grand-conquest-4p", "--mode", mode, "--actions", "120",
            "--warmup", warmup]) for warmup in ("0", "300")]
        assert [f["warmup"] for f in found] == [0, 300]
        assert found[0]["digest"] == found[1]["digest"], mode
        assert found[0]["actions"] == found[1]["actions"]


def _runs(rates: list[float]) -> list[dict]:
    return [{"actions": 1000, "cpu_s": 1000 / r, "digest": "d", "violations": 0}
            for r in rates]


def test_a_ratio_is_the_median_of_the_rounds_ratios() -> None:
    """Each round's sides run within seconds of each other: the ratio is taken per round, so a
    round in which the machine slowed down for one side does not decide the figure (the ratio
    of the medians, 80 against 200, would say 2.5)."""
    runs = {"old": _runs([100, 50, 80]), "new": _runs([110, 55, 88]),
            "compiled": _runs([400, 200, 160])}
    row = bench_engine._row("conquest-4p", "search", runs)
    assert row["round_ratios"] == {"new": [1.1, 1.1, 1.1], "compiled": [4.0, 4.0, 2.0]}
    assert row["ratio"] == 1.1 and row["compiled_ratio"] == 4.0
    assert row["compiled_actions_per_cpu_s"] == 200.0  # the rates stay medians
    # and each side's best round beside them: where the machine interfered least
    assert row["best_actions_per_cpu_s"] == {"old": 100, "new": 110, "compiled": 400}
    assert row["best_ratio"] == {"new": 1.1, "compiled": 4.0}
    cref = [{"us_per_query": us, "queries": 9, "disagreements": 0} for us in (500, 1000, 400)]
    c_row = bench_engine._c_row(row, cref, runs)
    # compiled µs over the same round's C µs: 2500/500, 5000/1000, 6250/400
    assert c_row["compiled_over_c"] == 5.0 and c_row["c_reference_us"] == 500
    assert c_row["compiled_best_over_c"] == 6.2  # 2500 µs at best over the C reference's 400


def test_the_c_reference_quotient_compares_the_same_queries() -> None:
    """The C reference answers only some queries (none with raised drawbridges, siege pieces at
    home or teams: grand-conquest-4p 96 of 144): the engine's quotient to it is taken on those,
    which the children time apart (`covered_cpu_s`), not on all of them."""
    runs = {"old": _runs([100, 100]), "new": _runs([110, 110]), "compiled": _runs([400, 400])}
    for run, covered_us in zip(runs["compiled"], (2000, 1800), strict=True):
        run.update(covered_queries=600, covered_cpu_s=600 * covered_us / 1e6)
    for run in runs["new"]:
        run.update(covered_queries=600, covered_cpu_s=600 * 8000 / 1e6)
    row = bench_engine._row("grand-conquest-4p", "search", runs)
    cref = [{"us_per_query": 400, "queries": 6, "disagreements": 0}] * 2
    c_row = bench_engine._c_row(row, cref, runs)
    assert c_row["compiled_us"] == 2500  # all the queries: 1e6 / 400 per second
    assert c_row["compiled_covered_us"] == 1900 and c_row["compiled_over_c"] == 4.8
    assert c_row["interpreted_covered_us"] == 8000 and c_row["interpreted_over_c"] == 20.0
    assert c_row["compiled_best_over_c"] == 4.5  # 1800 µs over 400


def test_the_search_child_times_the_covered_queries_apart() -> None:
    """`--covered i,j` times those queries again, after all of them; the answers' digest is the
    same with or without it."""
    args = ["--variant", "grand-conquest-4p", "--mode", "search", "--actions", "100",
            "--warmup", "0"]
    plain = run_in_tree(ROOT, bench_engine.CHILD, args)
    covered = run_in_tree(ROOT, bench_engine.CHILD, [*args, "--covered", "1,3,5"])
    assert "covered_queries" not in plain
    assert covered["covered_queries"] == 3 * 2 and covered["covered_cpu_s"] >= 0  # 2 passes
    assert covered["digest"] == plain["digest"] and covered["actions"] == plain["actions"]


def test_a_negative_warm_up_is_a_usage_error(capsys) -> None:
    assert main(["bench", "--against", OLD, "--warmup", "-1"]) == 2
    assert "--warmup" in capsys.readouterr().err


def test_an_unknown_revision_is_a_message_not_a_traceback(capsys) -> None:
    code = main(["bench", "--against", "no-such-rev-1234", "--rounds", "1"])
    err = capsys.readouterr().err
    assert code == 1
    assert "no-such-rev-1234" in err and "Traceback" not in err


def test_without_git_the_message_says_so(monkeypatch, capsys) -> None:
    def no_git(*args, **kwargs):
        raise FileNotFoundError("git")

    monkeypatch.setattr(bench_against.subprocess, "run", no_git)
    with pytest.raises(BenchError, match="git is not installed"):
        export_tree(OLD)
    assert main(["bench", "--against", OLD]) == 1
    assert "git is not installed" in capsys.readouterr().err


def test_run_in_tree_returns_the_last_json_line_and_reports_failures(tmp_path) -> None:
    tree = tmp_path / "tree"
    (tree / "pkg").mkdir(parents=True)
    (tree / "pkg" / "__init__.py").write_text("NAME = 'from the tree'\n")
    script = tmp_path / "child.py"
    script.write_text("import json, sys, pkg\nprint('{not json')\n"
                      "print(json.dumps({'name': pkg.NAME, 'args': sys.argv[1:]}))\n")
    assert run_in_tree(tree, script, ["a", "b"]) == {"name": "from the tree", "args": ["a", "b"]}
    script.write_text("raise SystemExit('broken child')\n")
    with pytest.raises(BenchError, match="broken child"):
        run_in_tree(tree, script, [])


@needs_old
def test_editor_figures_old_against_new_with_goals(tmp_path, monkeypatch, capsys) -> None:
    """`--editor`: the editor bench runs in both trees on one synthetic board; every figure has
    old and new medians, old/new as "faster", and the goals of issue 14 item 5 are judged."""
    monkeypatch.setenv("TMPDIR", str(tmp_path))  # the children's board cache
    code = main(["bench", "--against", OLD, "--editor", "--fields", "30", "--rounds", "1",
                 "--format", "json"])
    out = capsys.readouterr().out
    assert code == 0, out
    result = json.loads(out)
    assert result["fields"] == 30 and str(tmp_path) in result["board"]
    rows = {r["figure"]: r for r in result["rows"]}
    assert {"open_first_ms", "edit_ui_ms", "pan_fit_median_ms"} <= set(rows)
    for key in ("open_first_ms", "open_again_ms", "edit_ui_ms", "pan_fit_median_ms"):
        row = rows[key]
        assert row["old_ms"] > 0 and row["new_ms"] > 0
        assert row["ratio"] == pytest.approx(row["old_ms"] / row["new_ms"], rel=0.06, abs=0.06)
    assert rows["open_first_ms"]["goal_ms"] == 2000 and rows["open_first_ms"]["met"] in (
        True, False)
    assert rows["edit_during_check_ms"]["old_ms"] is None  # the old check ran on the UI thread
