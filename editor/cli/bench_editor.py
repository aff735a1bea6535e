"""`conquest bench --against REV --editor`: the editor on a large board, REV's tree against
this one, in one run.

The editor bench (`editor/gui/bench.py`) is one self-contained file that also runs on older
trees; `bench_against.run_in_tree` runs this tree's copy of it with PYTHONPATH on REV's
exported files and on this tree, old and new alternating (the order swapped every round), on
the same synthetic board (made once, by this tree). Per figure the medians of the rounds are
compared with the goals of issue 14 item 5. Wall-clock milliseconds: a quiet machine matters.
"""

from __future__ import annotations

import math
import shutil
import statistics
from collections.abc import Callable
from pathlib import Path

from editor.cli.bench_against import export_tree, run_in_tree

THIS_TREE = Path(__file__).resolve().parent.parent.parent
CHILD = THIS_TREE / "editor" / "gui" / "bench.py"
ENV = {"QT_QPA_PLATFORM": "offscreen"}
#: (key in the bench's JSON line, label, goal in ms or None)
FIGURES = (
    ("open_first_ms", "open, first time (read, scene, scan, first paint)", 2000.0),
    ("open_again_ms", "open again", None),
    ("edit_ui_ms", "an edit: UI takes input again, touched elements re-checked", 30.0),
    ("edit_checked_ms", "an edit: the full check's results on show", None),
    ("edit_during_check_ms", "an edit made while the previous edit's check runs", None),
    ("pan_fit_median_ms", "pan frame at fit", 16.0),
    ("pan_100%_median_ms", "pan frame at 100 %", None),
)


def _ms(value: float) -> float | None:
    return None if math.isnan(value) else round(value, 2)


def _median(runs: list[dict], key: str) -> float:
    values = [r[key] for r in runs if isinstance(r.get(key), int | float)
              and not math.isnan(r[key])]
    return statistics.median(values) if values else float("nan")


def compare(rev: str, fields: int = 10000, rounds: int = 3, runs: int = 3, frames: int = 40,
            progress: Callable[[str], None] | None = None) -> dict:
    """Alternate old and new for `rounds` rounds; a `BenchError` when a tree cannot run."""
    say = progress or (lambda _text: None)
    say(f"making (or finding) the synthetic board of {fields} fields")
    board = run_in_tree(THIS_TREE, CHILD, ["--fields", str(fields), "--runs", "2", "--frames",
                                           "2", "--json"], env=ENV)["board"]
    old_tree = export_tree(rev)
    results: dict[str, list[dict]] = {"old": [], "new": []}
    try:
        args = [board, "--runs", str(runs), "--frames", str(frames), "--json"]
        order = [("old", old_tree), ("new", THIS_TREE)]
        for r in range(rounds):
            for side, tree in order if r % 2 == 0 else order[::-1]:
                say(f"round {r + 1}/{rounds}: the editor ({side})")
                results[side].append(run_in_tree(tree, CHILD, args, env=ENV))
    finally:
        shutil.rmtree(old_tree, ignore_errors=True)
    new = results["new"][0]
    rows = []
    for key, label, goal in FIGURES:
        old_ms, new_ms = _median(results["old"], key), _median(results["new"], key)
        ratio = old_ms / new_ms if new_ms > 0 else float("nan")
        rows.append({"figure": key, "label": label, "old_ms": _ms(old_ms),
                     "new_ms": _ms(new_ms), "goal_ms": goal,
                     "ratio": None if math.isnan(ratio) else round(ratio, 1),
                     "met": None if goal is None or math.isnan(new_ms) else new_ms <= goal})
    return {"against": rev, "rounds": rounds, "board": board, "fields": new.get("fields"),
            "connections": new.get("connections"), "opens_per_round": runs,
            "frames": frames, "unit": "wall-clock ms (median of the rounds)", "rows": rows}


def table(result: dict) -> str:
    """The comparison as a text table: old, new, how many times faster, and the goal."""
    rev = result["against"]
    lines = [f"conquest bench --against {rev} --editor: {result['fields']} fields, "
             f"{result['connections']} connections; {result['unit']}, {result['rounds']} "
             "round(s), old and new alternating",
             f"{'':<58}{rev[:10]:>10}{'new':>10}{'faster':>8}  goal"]
    def ms(value: float | None) -> str:
        return "-" if value is None else f"{value:,.1f}"

    for row in result["rows"]:
        ratio = "" if row["ratio"] is None else f"{row['ratio']:g}x"
        goal = "" if row["goal_ms"] is None else (
            f"<= {row['goal_ms']:g} ms " + ("met" if row["met"] else "MISSED"))
        lines.append(f"{row['label']:<58}{ms(row['old_ms']):>10}{ms(row['new_ms']):>10}"
                     f"{ratio:>8}  {goal}")
    return "\n".join(lines)
