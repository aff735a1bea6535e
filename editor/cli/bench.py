"""`conquest bench`: the engine's speed figures (medians), measured in one run.

The networkx comparison times search against search: the graph of a piece type is filtered
once per position (occupied fields removed, raised drawbridges closed), that filtering is timed
and shown separately, and each query is one networkx BFS on the filtered graph. The old figure
(a filtered subgraph view rebuilt for every query, so mostly view overhead) is kept, labelled
as such. With `--balance-games N` (what `make bench` runs) the balance throughput with 1 and K
worker processes is printed side by side, with the cost of a greedy move against a random one.
With `--against REV` it measures instead this tree's random playout speed against git revision
REV's, old and new alternating in one run (editor.cli.bench_engine).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from typing import TYPE_CHECKING

from editor.cli.exits import EXIT_FINDINGS, EXIT_OK, EXIT_USAGE
from editor.cli.game_args import game_or_exit
from editor.i18n import N_, _

if TYPE_CHECKING:
    from editor.engine.game import State

NAME = "bench"
HELP = (N_("Measure legal destinations of range-6 pieces (vs networkx), all legal actions in the "
           "start position, random playout speed, selecting a stack in test play, and optionally "
           "balance throughput; with --against REV the playout speed against an old revision."))


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--board", metavar="BOARD",
                   help=_("board or game package (default: the variant's board)"))
    p.add_argument("--variant", default=None, metavar="VARIANT",
                   help=_("variant (default: the package's, else conquest-4p)"))
    p.add_argument("--overlay", action="append", default=[], metavar="NAME|PATH",
                   help=_("overlay variant to apply (e.g. catapult-4cm)"))
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--positions", type=int, default=40, help=_("sampled positions"))
    p.add_argument("--balance-games", type=int, default=0, metavar="N",
                   help=_("also measure conquest balance: N games with 1 and with K workers"))
    p.add_argument("--workers", type=int, default=None, metavar="K",
                   help=_("worker processes for the balance figure (default: CPU count, >= 2)"))
    p.add_argument("--format", choices=["text", "json"], default="text")
    g = p.add_argument_group(_("against an old revision (playout speed, old and new alternating)"))
    g.add_argument("--against", metavar="REV",
                   help=_("compare the random playout speed with git revision REV (e.g. 7e92724) "
                          "on conquest-4p and grand-conquest-4p (or --variant)"))
    g.add_argument("--rounds", type=int, default=3, help=_("alternating old/new rounds (medians)"))
    g.add_argument("--actions", type=int, default=None, help=_("playout actions per run"))
    g.add_argument("--warmup", type=int, default=None,
                   help=_("untimed actions before each timed run (tables built once)"))
    g.add_argument("--games", type=int, default=20, help=_("selfplay games per run"))
    g.add_argument("--max-turns", type=int, default=400, help=_("selfplay turn cap per game"))
    g.add_argument("--editor", action="store_true",
                   help=_("compare the editor on a large synthetic board instead (open, edit, "
                          "pan; wall-clock ms against the goals)"))
    g.add_argument("--fields", type=int, default=10000,
                   help=_("fields of the synthetic board with --editor (made once, then cached)"))


def _sample_positions(game, seed: int, positions: int) -> list[State]:
    from editor.engine.playout import random_action

    rng = random.Random(seed)
    states = []
    st = game.initial_state()
    st.set_undo(False)
    while len(states) < positions:
        if st.is_terminal() or st.turn > 400:
            st = game.initial_state()
            st.set_undo(False)
        for _step in range(rng.randint(5, 40)):
            if st.is_terminal():
                break
            st.apply(random_action(st, rng), check=False)
        if not st.is_terminal() and st.response_window() is None:
            states.append(st.clone())
    return states


def _type_graph(game, t: int, loaded: bool):
    """The restriction-filtered adjacency of piece type t as a networkx DiGraph (no pieces)."""
    import networkx as nx

    c = game.compiled
    adj = (c.adj_loaded if loaded else c.adj_unloaded)[t]
    gr = nx.DiGraph()
    gr.add_nodes_from(v for v in range(len(c.node_ids)) if c.stand[t][v])
    gr.add_edges_from((u, v) for u in gr.nodes for v in adj[u] if c.stand[t][v])
    return gr


def networkx_filtered_once(game, seed: int = 1, positions: int = 40, repeats: int = 5) -> dict:
    """Our search against a networkx BFS on a graph filtered once per position."""
    import networkx as nx

    from editor.engine.playout import bridge_filter

    c = game.compiled
    graphs: dict = {}
    ours, theirs, filtering = [], [], []
    mismatch = 0
    for s in _sample_positions(game, seed, positions):
        filtered: dict = {}
        occ = s.columns().top
        raised = bool(s.progress().drawbridges_raised)
        for p in s.pieces():
            if p.carrier is not None or c.range_[p.kind_index] != 6:
                continue
            pid, t, loaded, start = p.id, p.kind_index, bool(p.cargo), p.node
            team = c.team_of[p.seat] if raised else -1
            key = (t, loaded, team)
            if key not in filtered:  # once per position and graph, timed on its own
                base = graphs.setdefault((t, loaded), _type_graph(game, t, loaded))
                t0 = time.perf_counter()
                # no edge into an occupied field: a BFS leaves its start but never enters or
                # passes another piece (MOVE-4), so one graph serves every piece of the type
                ok = bridge_filter(s, pid)  # DRAW-3: raised drawbridges close their accesses
                filtered[key] = nx.DiGraph(
                    (u, v) for u, v in base.edges if occ[v] < 0 and ok(u, v))
                filtered[key].add_nodes_from(base)
                filtering.append(time.perf_counter() - t0)
            h = filtered[key]
            t0 = time.perf_counter()
            for _repeat in range(repeats):
                res = s.search(pid, 6)
            ours.append((time.perf_counter() - t0) / repeats)
            t0 = time.perf_counter()
            for _repeat in range(repeats):
                found = nx.single_source_shortest_path_length(h, start, cutoff=6)
            theirs.append((time.perf_counter() - t0) / repeats)
            found.pop(start, None)
            if not c.jumps_own[t] and {v: d for v, d, k in res if k == 0} != found:
                mismatch += 1
    med_ours = statistics.median(ours) * 1e6 if ours else float("nan")
    med_nx = statistics.median(theirs) * 1e6 if theirs else float("nan")
    return {
        "networkx_filtered_once_median_us": round(med_nx, 2),
        "speedup_vs_networkx_filtered_once": round(med_nx / med_ours, 2) if ours else None,
        "networkx_filter_per_position_median_us": round(
            statistics.median(filtering) * 1e6, 1) if filtering else None,
        "networkx_filtered_once_disagreements": mismatch,
    }


def _balance_figures(game, games: int, workers: int) -> dict:
    from editor.balance.measure import policy_costs, throughput

    one, one_start = throughput(game, 1, games)
    many, many_start = throughput(game, workers, games)
    return {"balance_games": games, "balance_workers": workers,
            "balance_games_per_second_1_worker": round(one, 2),
            f"balance_games_per_second_{workers}_workers": round(many, 2),
            "balance_speedup": round(many / one, 2) if one else None,
            "balance_startup_s_1_worker": round(one_start, 2),
            f"balance_startup_s_{workers}_workers": round(many_start, 2),
            **policy_costs(game)}


def run_against(args: argparse.Namespace) -> int:
    """`--against REV`: this tree's playout speed (or with --editor the editor's figures)
    against REV's, in one run."""
    from editor.cli.bench_against import BenchError
    from editor.cli.bench_engine import VARIANTS, compare, table

    sizes = {k: v for k, v in (("actions", args.actions), ("warmup", args.warmup))
             if v is not None}  # else compare's defaults
    if min(args.rounds, sizes.get("actions", 1), args.games, args.max_turns) < 1:
        print(_("conquest bench: --rounds, --actions, --games and --max-turns must be positive"),
              file=sys.stderr)
        return EXIT_USAGE
    if sizes.get("warmup", 0) < 0:
        print(_("conquest bench: --warmup must not be negative"), file=sys.stderr)
        return EXIT_USAGE
    variants = (args.variant,) if args.variant else VARIANTS
    say = lambda text: print(text, file=sys.stderr, flush=True)  # noqa: E731
    try:
        if args.editor:
            from editor.cli import bench_editor

            if args.fields < 10:
                print(_("conquest bench: --fields must be at least 10"), file=sys.stderr)
                return EXIT_USAGE
            result = bench_editor.compare(args.against, args.fields, args.rounds, progress=say)
            print(json.dumps(result, indent=2) if args.format == "json"
                  else bench_editor.table(result))
            return EXIT_OK
        result = compare(args.against, variants, args.rounds, games=args.games,
                         max_turns=args.max_turns, seed=args.seed, progress=say, **sizes)
    except BenchError as exc:
        print(_("conquest bench: {exc}").format(exc=exc), file=sys.stderr)
        return EXIT_FINDINGS
    print(json.dumps(result, indent=2) if args.format == "json" else table(result))
    same = all(r["same_games"] and not r["violations"] for r in result["rows"])
    return EXIT_OK if same else EXIT_FINDINGS


def run(args: argparse.Namespace) -> int:
    from editor.engine.playout import bench
    from editor.model.package import is_package

    if args.against:
        return run_against(args)
    if args.balance_games < 0 or (args.workers is not None and args.workers < 1):
        print(_("conquest bench: --balance-games and --workers must be positive"),
              file=sys.stderr)
        return EXIT_USAGE
    packaged = bool(args.board) and is_package(args.board)
    variant = args.variant or (None if packaged else "conquest-4p")
    game, code = game_or_exit(args.board, variant, None, args.overlay)
    if game is None:
        return code
    from editor.engine import ENGINE

    figures = {"engine": ENGINE}
    figures.update(bench(game, seed=args.seed, positions=args.positions))
    # the old ratio timed a subgraph view rebuilt per query: overhead, not search
    figures["destinations_range6_networkx_view_per_query_median_us"] = figures.pop(
        "destinations_range6_networkx_median_us")
    figures["speedup_vs_networkx_view_per_query"] = figures.pop("speedup_vs_networkx")
    figures.update(networkx_filtered_once(game, args.seed, args.positions))
    from editor.rules.session import PlaySession
    from editor.rules.session_bench import bench_selection

    session = PlaySession(game.board, game.variant)
    figures.update(bench_selection(session, seed=args.seed, positions=min(args.positions, 20)))
    workers = args.workers or max(2, os.cpu_count() or 1)
    if args.balance_games:
        figures.update(_balance_figures(game, args.balance_games, workers))
    if args.format == "json":
        print(json.dumps(figures, indent=2))
        return EXIT_OK
    for k, v in figures.items():
        print(f"{k}: {v}")
    if args.balance_games:
        one = figures["balance_games_per_second_1_worker"]
        many = figures[f"balance_games_per_second_{workers}_workers"]
        print(_("balance throughput ({games} games, {variant}): 1 worker {one} games/s |"
                " {workers} workers {many} games/s ({speedup}x; after worker start-up {start_one}"
                " s | {start_many} s)").format(
                  games=args.balance_games, variant=game.variant.name, one=one,
                  workers=workers, many=many, speedup=figures['balance_speedup'],
                  start_one=figures['balance_startup_s_1_worker'],
                  start_many=figures[f'balance_startup_s_{workers}_workers']))
    return EXIT_OK
