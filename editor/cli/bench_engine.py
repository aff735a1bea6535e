"""`conquest bench --against REV`: the engine's playout speed against an old revision,
measured in one run.

REV's files are exported (`bench_against.export_tree`); `bench_engine_child.py` plays the same
seeded games in REV's tree and in this one, in both of this tree's engine forms (interpreted,
and compiled when built: `editor.engine.native`), the runs alternating for `rounds` rounds (the
order reversed every round). Per variant and mode ("playout": random actions; "selfplay": the
tree's `selfplay` with its invariant checks; "search": range-6 destination searches; "fixed":
random actions of one frozen policy that every tree plays alike, so that the engines are
compared on the same games, not only at the same rate) the medians of actions (searches) per
CPU second are printed, and each ratio is the median of the rounds' ratios (`round_ratios`: the
sides of a round run within seconds of each other, so a shared machine's drift between rounds
cancels). Each child plays `warmup` untimed actions first, so that the tables the
engine builds once when first needed are not charged to a short timed run. The C reference
search answers the same queries `C_REPEATS` times as often, those it covers (`_covered`): the
search children time these apart too, and the engine's quotient to the reference is taken on
them. This tree's forms must play the same
games: same action count and the same digest of the final position (playout), of the games'
outcomes (selfplay) or of the answers (search). REV plays the same games when its random policy
draws as this tree's does (not before the policy drew only the pieces it looks at, issue 24):
then only the rates compare, and the table says so.
"""

from __future__ import annotations

import functools
import shutil
import statistics
from collections.abc import Callable
from pathlib import Path

from editor.cli.bench_against import BenchError, export_tree, run_in_tree
from editor.cli.bench_engine_child import WARMUP, search_passes
from editor.engine.native import ENV, compiled_problem

CHILD = Path(__file__).with_name("bench_engine_child.py")
THIS_TREE = Path(__file__).resolve().parent.parent.parent
VARIANTS = ("conquest-4p", "grand-conquest-4p")
ACTIONS = 20000  # timed playout actions per child run (search: `search_passes(ACTIONS)`)
C_REPEATS = 10  # the C reference's passes over the queries, per pass of the engine's
MODES = {"playout": "playout", "fixed": "playout, one policy in both trees",
         "selfplay": "selfplay with invariant checks", "search": "range-6 searches"}


def _child_args(variant: str, mode: str, actions: int, games: int, max_turns: int,
                seed: int, warmup: int, covered: str = "") -> list[str]:
    return ["--variant", variant, "--mode", mode, "--actions", str(actions), "--games",
            str(games), "--max-turns", str(max_turns), "--seed", str(seed), "--warmup",
            str(warmup), *(["--covered", covered] if covered else [])]


def _run(tree: Path, args: list[str], form: str) -> dict:
    """One child run in engine form `form`; refused when the child imported another tree's
    `editor` or ran another form."""
    found = run_in_tree(tree, CHILD, args, env={ENV: form})
    if not Path(found["editor_path"]).resolve().is_relative_to(tree.resolve()):
        raise BenchError(f"the child ran {found['editor_path']}, not the tree {tree}")
    if tree == THIS_TREE and not found.get("engine", "").startswith(form):
        raise BenchError(f"the child ran the {found.get('engine')} engine, not {form}")
    return found


def _one_rate(run: dict) -> float:
    return run["actions"] / max(run["cpu_s"], 1e-9)


def _rate(runs: list[dict]) -> float:
    return statistics.median(_one_rate(r) for r in runs)


def round_ratios(runs: list[dict], old: list[dict]) -> list[float]:
    """Per round, a side's rate over old's in that round (the runs of a round follow each other
    within seconds, so a machine that speeds up or slows down between rounds cancels out)."""
    return [_one_rate(r) / _one_rate(o) for r, o in zip(runs, old, strict=True)]


def _row(variant: str, mode: str, runs: dict[str, list[dict]]) -> dict:
    """Medians over the rounds of one variant and mode per side ("old", "new" = this tree
    interpreted, "compiled" when built), the ratios to old (the median of the rounds' ratios,
    `round_ratios`, and each round's), the best round of each side (what it ran where the
    machine interfered least) and their ratios, and whether all played alike."""
    old, new = runs["old"], runs["new"]
    ours = [r for side, side_runs in runs.items() if side != "old" for r in side_runs]
    rates = {side: _rate(side_runs) for side, side_runs in runs.items()}
    compiled = rates.get("compiled")
    ratios = {side: round_ratios(side_runs, old) for side, side_runs in runs.items()
              if side != "old"}
    best = {side: max(_one_rate(r) for r in side_runs) for side, side_runs in runs.items()}

    def ratio(side: str) -> float | None:
        return round(statistics.median(ratios[side]), 2) if side in ratios else None

    return {"variant": variant, "mode": mode, "label": MODES[mode],
            "actions": new[0]["actions"], "old_actions": old[0]["actions"],
            "old_digest": old[0]["digest"], "new_digest": new[0]["digest"],
            "same_games": len({(r["actions"], r["digest"]) for r in ours}) == 1,
            "old_same_games": len({(r["actions"], r["digest"]) for r in [*old, *ours]}) == 1,
            "violations": sum(r["violations"] for side in runs.values() for r in side),
            "old_actions_per_cpu_s": round(rates["old"], 1),
            "new_actions_per_cpu_s": round(rates["new"], 1),
            "ratio": ratio("new"),
            "compiled_actions_per_cpu_s": None if compiled is None else round(compiled, 1),
            "compiled_ratio": ratio("compiled"),
            "round_ratios": {side: [round(x, 2) for x in xs] for side, xs in ratios.items()},
            "best_actions_per_cpu_s": {side: round(v, 1) for side, v in best.items()},
            "best_ratio": {side: round(best[side] / best["old"], 2) for side in ratios}}


@functools.cache
def _game(variant: str):
    """This tree's game of a shipped variant, loaded once per bench (None when it cannot be)."""
    from editor.rules.game_loader import load_game

    return load_game(None, variant).game


def _c_reference(variant: str, seed: int, repeats: int) -> dict | None:
    """The C reference search on the bench's queries (`bench_cref`), or None without a
    compiler. It answers them `C_REPEATS` times as often as the engine's children do, so that
    its timed span is not a few milliseconds."""
    from editor.cli import bench_cref

    game = _game(variant)
    return None if game is None else bench_cref.measure(game, seed, repeats)


def _covered(variant: str, seed: int) -> str:
    """The queries the C reference answers (`bench_cref.covered`) as the children's `--covered`
    ("" without a compiler: no reference, nothing to time apart)."""
    from editor.cli import bench_cref

    game = _game(variant)
    if game is None or bench_cref.load() is None:
        return ""
    return ",".join(map(str, bench_cref.covered(game, seed)))


def _covered_us(run: dict) -> float:
    """A search run's CPU µs per query on the queries the C reference answers (on all of them
    when it did not time those apart)."""
    if run.get("covered_queries"):
        return run["covered_cpu_s"] / run["covered_queries"] * 1e6
    return 1e6 / _one_rate(run)


def _c_row(row: dict, found: list[dict | None], runs: dict[str, list[dict]]) -> dict:
    """The C reference's figures for a search row: CPU µs per query (median of the rounds),
    the queries it covers, answers unlike the engine's, each form's µs on all the queries and on
    those the reference covers (medians), and the latter over the C reference's µs (the median
    of the rounds' quotients, each round's own C time: like with like)."""
    done = [f for f in found if f and f["us_per_query"] is not None]
    if not done:
        return {"c_reference_us": None}
    c_us = statistics.median(f["us_per_query"] for f in done)
    forms = {"interpreted": row["new_actions_per_cpu_s"],
             "compiled": row["compiled_actions_per_cpu_s"]}
    us = {k: 1e6 / v for k, v in forms.items() if v}
    sides = [(k, side) for k, side in (("interpreted", "new"), ("compiled", "compiled"))
             if side in runs]
    covered_us = {k: statistics.median(_covered_us(r) for r in runs[side]) for k, side in sides}
    over = {k: statistics.median(_covered_us(r) / f["us_per_query"]
                                 for r, f in zip(runs[side], found, strict=True)
                                 if f and f["us_per_query"] is not None)
            for k, side in sides}
    c_best = min(f["us_per_query"] for f in done)
    best = min((_covered_us(r) for r in runs.get("compiled", [])), default=None)
    return {"c_reference_us": round(c_us, 3), "c_reference_queries": done[0]["queries"],
            "c_reference_best_us": round(c_best, 3),
            "compiled_best_over_c": None if best is None else round(best / c_best, 1),
            "c_reference_disagreements": sum(f["disagreements"] for f in done),
            **{f"{k}_us": round(v, 3) for k, v in us.items()},
            **{f"{k}_covered_us": round(v, 3) for k, v in covered_us.items()},
            **{f"{k}_over_c": round(v, 1) for k, v in over.items()}}


def compare(rev: str, variants: tuple[str, ...] = VARIANTS, rounds: int = 3,
            actions: int = ACTIONS, games: int = 20, max_turns: int = 400, seed: int = 1,
            modes: tuple[str, ...] = tuple(MODES),
            progress: Callable[[str], None] | None = None, warmup: int = WARMUP) -> dict:
    """Alternate old, new interpreted and new compiled (when built) for `rounds` rounds, each
    child run after `warmup` untimed actions (`bench_engine_child.warm_up`); a `BenchError`
    when a tree cannot run."""
    old_tree = export_tree(rev)
    sides = [("old", old_tree, "interpreted"), ("new", THIS_TREE, "interpreted")]
    if compiled_problem() is None:
        sides.append(("compiled", THIS_TREE, "compiled"))
    cref: dict[str, list[dict | None]] = {}
    covered = {v: _covered(v, seed) for v in variants} if "search" in modes else {}
    try:
        runs: dict[tuple[str, str], dict[str, list[dict]]] = {}
        for r in range(rounds):
            for variant in variants:
                for mode in modes:
                    args = _child_args(variant, mode, actions, games, max_turns, seed,
                                       warmup, covered.get(variant, "") if mode == "search"
                                       else "")
                    for side, tree, form in sides if r % 2 == 0 else sides[::-1]:
                        if progress:
                            progress(f"round {r + 1}/{rounds}: {variant} {mode} ({side})")
                        runs.setdefault((variant, mode), {}).setdefault(side, []).append(
                            _run(tree, args, form))
                    if mode == "search":  # the C reference in the same round, where built
                        cref.setdefault(variant, []).append(
                            _c_reference(variant, seed, C_REPEATS * search_passes(actions)))
    finally:
        shutil.rmtree(old_tree, ignore_errors=True)
    rows = [_row(v, m, runs[(v, m)]) for v in variants for m in modes]
    for row in rows:
        if row["mode"] == "search":
            row.update(_c_row(row, cref[row["variant"]], runs[(row["variant"], "search")]))
    return {"against": rev, "rounds": rounds, "playout_actions": actions,
            "warmup_actions": warmup, "c_reference_repeats": C_REPEATS,
            "selfplay_games": games, "max_turns": max_turns, "seed": seed,
            "engine_forms": [form for side, _, form in sides[1:]],
            "unit": "actions (searches) per CPU second (median of the rounds; a ratio is the "
                    "median of the rounds' ratios)", "rows": rows}


def table(result: dict) -> str:
    """The comparison as a text table: old, new interpreted, new compiled (or "-" when not
    built) and their ratios to old, per variant and mode."""
    rev = result["against"]
    head = (f"conquest bench --against {rev}: {result['unit']}, {result['rounds']} round(s), "
            f"alternating, each run after {result.get('warmup_actions', 0)} untimed actions")
    lines = [head, f"{'variant':<20}{'mode':<33}{'actions':>8}{rev[:10]:>12}{'interpreted':>12}"
             f"{'ratio':>8}{'compiled':>12}{'ratio':>8}  same games"]
    for row in result["rows"]:
        comp, cratio = row["compiled_actions_per_cpu_s"], row["compiled_ratio"]
        lines.append(f"{row['variant']:<20}{row['label']:<33}{row['actions']:>8}"
                     f"{row['old_actions_per_cpu_s']:>12,.0f}{row['new_actions_per_cpu_s']:>12,.0f}"
                     f"{row['ratio']:>7.2f}x"
                     + (f"{comp:>12,.0f}{cratio:>7.2f}x" if comp is not None else
                        f"{'-':>12}{'-':>8}")
                     + f"  {'yes' if row['same_games'] else 'NO'}"
                     + (f" (and {rev[:10]})" if row["same_games"] and row["old_same_games"]
                        else ""))
        best, bratio = row["best_actions_per_cpu_s"], row["best_ratio"]
        lines.append(f"{'':<20}best of the rounds: {rev[:10]} {best['old']:,.0f}, interpreted "
                     f"{best['new']:,.0f} ({bratio['new']:.2f}x)"
                     + (f", compiled {best['compiled']:,.0f} ({bratio['compiled']:.2f}x)"
                        if "compiled" in best else "")
                     + (f"; compiled {row['compiled_best_over_c']}x the C reference's best "
                        f"({row['c_reference_best_us']} us)"
                        if row.get("compiled_best_over_c") else ""))
        if row.get("c_reference_us"):
            lines.append(f"{'':<20}C reference search {row['c_reference_us']} us per query "
                         f"on the {row['c_reference_queries']} queries it answers; on those, "
                         f"interpreted {row['interpreted_covered_us']} us "
                         f"({row['interpreted_over_c']}x), compiled "
                         f"{row.get('compiled_covered_us', '-')} us "
                         f"({row.get('compiled_over_c', '-')}x); "
                         f"{row['c_reference_disagreements']} answers differ")
    bad = [r for r in result["rows"] if not r["same_games"] or r["violations"]]
    for row in bad:
        lines.append(f"warning: {row['variant']} {row['mode']}: "
                     + ("the engine forms played different games" if not row["same_games"]
                        else f"{row['violations']} invariant violation(s)"))
    if any(r["same_games"] and not r.get("old_same_games", True) for r in result["rows"]):
        lines.append(f"note: {rev[:10]} plays other games (its random policy draws otherwise): "
                     "its rates compare, not its games")
    return "\n".join(lines)
