"""`conquest bench --against REV`: the engine's playout speed against an old revision,
measured in one run.

REV's files are exported (`bench_against.export_tree`); `bench_engine_child.py` plays the same
seeded games in REV's tree and in this one, old and new alternating for `rounds` rounds (the
order swapped every round). Per variant and mode ("playout": random actions; "selfplay": the
tree's `selfplay` with its invariant checks) the medians of actions per CPU second are compared.
Both trees must play the same games: same action count and the same digest of the final
position (playout) or of the games' outcomes (selfplay).
"""

from __future__ import annotations

import shutil
import statistics
from collections.abc import Callable
from pathlib import Path

from editor.cli.bench_against import BenchError, export_tree, run_in_tree

CHILD = Path(__file__).with_name("bench_engine_child.py")
THIS_TREE = Path(__file__).resolve().parent.parent.parent
VARIANTS = ("conquest-4p", "grand-conquest-4p")
MODES = {"playout": "playout", "selfplay": "selfplay with invariant checks"}


def _child_args(variant: str, mode: str, actions: int, games: int, max_turns: int,
                seed: int) -> list[str]:
    return ["--variant", variant, "--mode", mode, "--actions", str(actions), "--games",
            str(games), "--max-turns", str(max_turns), "--seed", str(seed)]


def _run(tree: Path, args: list[str]) -> dict:
    """One child run; refused when the child imported another tree's `editor`."""
    found = run_in_tree(tree, CHILD, args)
    if not Path(found["editor_path"]).resolve().is_relative_to(tree.resolve()):
        raise BenchError(f"the child ran {found['editor_path']}, not the tree {tree}")
    return found


def _row(variant: str, mode: str, old: list[dict], new: list[dict]) -> dict:
    """Medians over the rounds of one variant and mode, and whether the games were the same."""
    def rate(runs: list[dict]) -> float:
        return statistics.median(r["actions"] / max(r["cpu_s"], 1e-9) for r in runs)

    old_rate, new_rate = rate(old), rate(new)
    games = {(r["actions"], r["digest"]) for r in old + new}
    return {"variant": variant, "mode": mode, "label": MODES[mode],
            "actions": new[0]["actions"], "old_actions": old[0]["actions"],
            "old_digest": old[0]["digest"], "new_digest": new[0]["digest"],
            "same_games": len(games) == 1,
            "violations": sum(r["violations"] for r in old + new),
            "old_actions_per_cpu_s": round(old_rate, 1),
            "new_actions_per_cpu_s": round(new_rate, 1),
            "ratio": round(new_rate / old_rate, 2) if old_rate else None}


def compare(rev: str, variants: tuple[str, ...] = VARIANTS, rounds: int = 3,
            actions: int = 10000, games: int = 20, max_turns: int = 400, seed: int = 1,
            modes: tuple[str, ...] = tuple(MODES),
            progress: Callable[[str], None] | None = None) -> dict:
    """Alternate old and new for `rounds` rounds; a `BenchError` when a tree cannot run."""
    old_tree = export_tree(rev)
    try:
        runs: dict[tuple[str, str, str], list[dict]] = {}
        for r in range(rounds):
            for variant in variants:
                for mode in modes:
                    args = _child_args(variant, mode, actions, games, max_turns, seed)
                    order = [("old", old_tree), ("new", THIS_TREE)]
                    for side, tree in order if r % 2 == 0 else order[::-1]:
                        if progress:
                            progress(f"round {r + 1}/{rounds}: {variant} {mode} ({side})")
                        runs.setdefault((variant, mode, side), []).append(
                            _run(tree, args))
    finally:
        shutil.rmtree(old_tree, ignore_errors=True)
    rows = [_row(v, m, runs[(v, m, "old")], runs[(v, m, "new")])
            for v in variants for m in modes]
    return {"against": rev, "rounds": rounds, "playout_actions": actions,
            "selfplay_games": games, "max_turns": max_turns, "seed": seed,
            "unit": "actions per CPU second (median of the rounds)", "rows": rows}


def table(result: dict) -> str:
    """The comparison as a text table: old, new and ratio per variant and mode."""
    rev = result["against"]
    head = (f"conquest bench --against {rev}: {result['unit']}, {result['rounds']} round(s), "
            "old and new alternating")
    lines = [head, f"{'variant':<20}{'mode':<33}{'actions':>8}{rev[:10]:>12}{'new':>12}"
             f"{'ratio':>8}  same games"]
    for row in result["rows"]:
        lines.append(f"{row['variant']:<20}{row['label']:<33}{row['actions']:>8}"
                     f"{row['old_actions_per_cpu_s']:>12,.0f}{row['new_actions_per_cpu_s']:>12,.0f}"
                     f"{row['ratio']:>7.2f}x  {'yes' if row['same_games'] else 'NO'}")
    bad = [r for r in result["rows"] if not r["same_games"] or r["violations"]]
    for row in bad:
        lines.append(f"warning: {row['variant']} {row['mode']}: "
                     + ("the trees played different games" if not row["same_games"] else
                        f"{row['violations']} invariant violation(s)"))
    return "\n".join(lines)
