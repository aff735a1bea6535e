"""The engine's side of `conquest bench --against REV`: one self-contained script that runs
unchanged against this tree and against an old one (`bench_against.run_in_tree` copies it out
and sets PYTHONPATH to the tree under test).

It plays seeded random games with the tree's own policy (`editor.engine.playout.random_action`,
which drew the same actions in every tree from 7e92724 until it drew only the pieces it looks at,
issue 24), or with `frozen_policy` (mode "fixed", and the positions of mode "search"), which
plays the same games in every tree, and prints one JSON line per run: actions played, CPU and
wall seconds, and a digest of the games, so the caller can check that both trees played the
same games. Only names that exist in 7e92724 too are used, or are looked up with their older
name beside them: the game loader (where each tree has it), `random_action`, `selfplay`, the
State fields ptype, owner, node, carrier, steps, turn, ap_spent, captured, terminal, window,
draw and keep_undo, and the calls `frozen_policy` makes.

    python bench_engine_child.py --variant conquest-4p --mode playout --actions 10000 --seed 1
    python bench_engine_child.py --variant conquest-4p --mode fixed --actions 10000 --seed 1
    python bench_engine_child.py --variant conquest-4p --mode selfplay --games 2 --seed 1
    python bench_engine_child.py --variant conquest-4p --mode search --seed 1

Before the timed run, `--warmup` actions (default `WARMUP`, 2000) are played untimed on a game
of their own (another seed, the mode's policy): the engine builds some tables when first needed
(the reach rows by steps, `Compiled.reach_levels`: 26 ms on conquest-4p, 41 ms on
grand-conquest-4p, in the first 2000 actions of every tree since 7e92724), a one-time cost that
a short timed run would otherwise charge to the rate, more so the faster the engine. The timed
games are the same with or without it.

The form of this tree's engine (compiled or interpreted) is the caller's CONQUEST_ENGINE.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time


def _playout():
    """The tree's playout module: `editor.engine.playout`, or `editor.rules.playout` in a revision
    from before the engine had its own package (this script runs in both)."""
    try:
        from editor.engine import playout
    except ImportError:
        from editor.rules import playout  # type: ignore[no-redef]
    return playout


def position_digest(st) -> str:
    """A hash of the pieces (type, owner, field, carrier, steps) and the turn counters."""
    data = [st.ptype, st.owner, st.node, st.carrier, st.steps,
            [st.turn, st.ap_spent, bool(st.terminal)], list(st.captured)]
    return hashlib.sha256(json.dumps(data).encode()).hexdigest()[:16]


def playout(game, actions: int, seed: int, choose=None) -> dict:
    """`actions` random actions from the start, a new game after each end (or turn 2000): the
    tree's own policy, or `choose(state, rng)` (mode "fixed": `frozen_policy`)."""
    random_action = choose or _playout().random_action
    rng = random.Random(seed)
    st = game.initial_state()
    st.keep_undo = False
    n = 0
    t0, c0 = time.perf_counter(), time.process_time()
    while n < actions:
        if st.terminal or st.turn > 2000:
            st = game.initial_state()
            st.keep_undo = False
        st.apply(random_action(st, rng), check=False)
        n += 1
    cpu, wall = time.process_time() - c0, time.perf_counter() - t0
    return {"actions": n, "cpu_s": cpu, "wall_s": wall, "digest": position_digest(st),
            "violations": 0}


WARMUP = 2000  # untimed actions before the timed run (`warm_up`)


def search_passes(actions: int) -> int:
    """The passes of mode "search" over its queries for `--actions` (one per 50 actions)."""
    return max(1, actions // 50)


def warm_up(game, actions: int, seed: int, choose=None) -> None:
    """`actions` untimed actions of the mode's policy (the tree's, or `choose`) on a game of
    their own, from another seed than the timed run's: what the engine builds once per game
    when first needed is built before the clock starts."""
    if actions > 0:
        playout(game, actions, seed + 1_000_003, choose)


def frozen_policy(st, rng, pl):
    """The random policy as 446e4f5 drew it (a shuffle of the whole movable list, then up to 8
    pieces), from the engine's public calls only, so that every tree plays the same games with
    it: the engines are then compared on identical work (mode "fixed"). `pl` is the tree's
    playout module (for its action constants)."""
    if st.window is not None or st.draw is not None:
        return rng.choice(st.legal_actions())
    left = st.ap_left()
    if left <= 0 or rng.random() < 0.05:
        return pl.A_END
    g = st.game if hasattr(st, "game") else st.g  # `g` and the names below: trees before 446e4f5
    if (g.has_shooters or g.has_builds or g.has_drawbridges or g.has_push) and \
            rng.random() < 0.15:
        if hasattr(st, "special_actions"):
            extra = st.special_actions(deferred=True)
        else:
            extra = [a for a in st.legal_actions()
                     if a[0] not in (pl.MOVE, "end", "resign", "offer_draw")]
        if extra:
            return rng.choice(extra)
    pieces = (st.movable if hasattr(st, "movable") else st._movable)(st.mover)
    rng.shuffle(pieces)
    fallback = None
    for pid in pieces[:8]:
        maxd = min(st.range_left(pid), left)
        if maxd <= 0:
            continue
        res = st.search(pid, maxd)
        if not res:
            continue
        caps = [r for r in res if r[2] == pl.K_CAPTURE]
        if caps and rng.random() < 0.8:
            return (pl.MOVE, pid, st.path_to(rng.choice(caps)[0]), rng.random() < 0.1)
        if fallback is None:
            fallback = (pl.MOVE, pid, st.path_to(rng.choice(res)[0]), False)
    return fallback or pl.A_END


def selfplay(game, games: int, seed: int, max_turns: int) -> dict:
    """The tree's `selfplay` with its invariant checks after every action."""
    run_games = _playout().selfplay
    t0, c0 = time.perf_counter(), time.process_time()
    rep = run_games(game, games, seed, max_turns, check=True)
    cpu, wall = time.process_time() - c0, time.perf_counter() - t0
    summary = [rep.games, rep.actions, rep.turns, sorted(rep.reasons.items()),
               sorted(rep.winners.items())]
    return {"actions": rep.actions, "cpu_s": cpu, "wall_s": wall,
            "digest": hashlib.sha256(json.dumps(summary).encode()).hexdigest()[:16],
            "violations": len(rep.violations)}


def sample_queries(game, seed: int, positions: int = 30) -> list:
    """(position, piece) pairs: every range-6 piece standing on a field, in positions from
    seeded random playouts of `frozen_policy` (no open response window): the same queries in
    every tree whose engine plays by the same rules."""
    pl = _playout()
    rng = random.Random(seed)
    c = getattr(game, "compiled", None) or game.c  # `c` before the rename
    queries: list = []
    st = game.initial_state()
    st.keep_undo = False
    while len(queries) < positions * 4:
        for _ in range(rng.randint(5, 40)):
            if st.terminal or st.turn > 400:
                st = game.initial_state()
                st.keep_undo = False
            st.apply(frozen_policy(st, rng, pl), check=False)
        if st.window is None and not st.terminal:
            snap = st.clone()
            queries.extend((snap, p) for p in range(len(snap.ptype)) if snap.node[p] >= 0
                           and snap.carrier[p] < 0 and c.range_[snap.ptype[p]] == 6)
    return queries


def _time_searches(queries: list, repeats: int) -> tuple[float, float]:
    """CPU and wall seconds of `repeats` passes of `State.search(pid, 6)` over `queries`."""
    t0, c0 = time.perf_counter(), time.process_time()
    for _ in range(repeats):
        for s, p in queries:
            s.search(p, 6)
    return time.process_time() - c0, time.perf_counter() - t0


def search(game, seed: int, repeats: int = 200, covered: list[int] | None = None) -> dict:
    """The range-6 destination search (`State.search(pid, 6)`) of `sample_queries`, `repeats`
    times over; `actions` counts the queries. With `covered` (indices into the queries: those
    the C reference answers), those are timed too, after the others (`covered_queries`,
    `covered_cpu_s`), so that the engine and the C reference are compared on the same ones."""
    queries = sample_queries(game, seed)
    answers = [sorted(s.search(p, 6)) for s, p in queries]
    cpu, wall = _time_searches(queries, repeats)
    out = {"actions": len(queries) * repeats, "cpu_s": cpu, "wall_s": wall,
           "digest": hashlib.sha256(json.dumps(answers).encode()).hexdigest()[:16],
           "violations": 0}
    if covered:
        subset = [queries[i] for i in covered]
        out.update(covered_queries=len(subset) * repeats,
                   covered_cpu_s=_time_searches(subset, repeats)[0])
    return out


def _engine_form() -> str:
    """Which engine form runs: `editor.engine.ENGINE`, or `editor.rules.ENGINE` in a revision from
    before the engine had its own package, else interpreted (revisions before the compiled form)."""
    try:
        import editor.engine as package
    except ImportError:
        import editor.rules as package
    return str(getattr(package, "ENGINE", None) or "interpreted")


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--variant", required=True)
    p.add_argument("--mode", choices=["playout", "fixed", "selfplay", "search"], required=True)
    p.add_argument("--actions", type=int, default=10000)
    p.add_argument("--games", type=int, default=2)
    p.add_argument("--max-turns", type=int, default=400)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--warmup", type=int, default=WARMUP)
    p.add_argument("--covered", default="", help="search: comma-separated query indices")
    args = p.parse_args(argv)
    import editor

    try:  # the one game loader; trees older than it loaded games in the command line layer
        from editor.rules.game_loader import load_game
    except ImportError:
        from editor.cli.selfplay import load_game as old_loader

        game, code = old_loader(None, args.variant)
    else:
        loaded = load_game(None, args.variant)
        game, code = loaded.game, loaded.usage or loaded.findings[:1]
    if game is None:
        print(json.dumps({"error": f"variant {args.variant} could not be loaded ({code})"}))
        return 1
    pl = _playout()
    frozen = lambda st, rng: frozen_policy(st, rng, pl)  # noqa: E731
    warm_up(game, args.warmup, args.seed, frozen if args.mode in ("fixed", "search") else None)
    if args.mode == "playout":
        out = playout(game, args.actions, args.seed)
    elif args.mode == "fixed":
        out = playout(game, args.actions, args.seed, choose=frozen)
    elif args.mode == "search":
        out = search(game, args.seed, repeats=search_passes(args.actions),
                     covered=[int(i) for i in args.covered.split(",") if i])
    else:
        out = selfplay(game, args.games, args.seed, args.max_turns)
    out.update(variant=args.variant, mode=args.mode, editor_path=editor.__file__,
               engine=_engine_form(), warmup=max(0, args.warmup))
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
