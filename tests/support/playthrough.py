"""Recorded playthroughs (as OpenSpiel keeps them): seeded random games of every shipped variant
and overlay, written as text (`playthrough_text.py`: one action per line in engine notation with
the position key after it; at checked positions the number and digest of the legal actions and
the explanations of a few probe actions on their own lines).

`tests/engine/test_playthroughs.py` replays them; regenerate (only when a rule deliberately
changes) with

    make playthroughs
    cd tests && PYTHONPATH=.. ../.venv/bin/python -m support.playthrough [OUT_DIR]   (the same)

The position hash is the engine's one position key (`editor.engine.position_key`): every field the
state declares as part of the position, never caches or undo history.
"""

from __future__ import annotations

import hashlib
import random
import sys
from pathlib import Path

from editor.engine.game import Game, State
from editor.engine.playout import random_action
from editor.engine.position_key import position_key
from editor.rules.game_loader import load_game
from editor.rules.notation import exact_text, parse_action, to_text
from support.playthrough_text import format_text, parse

DATA = Path(__file__).resolve().parents[1] / "engine" / "data" / "playthroughs"
REGENERATE = [
    "Regenerate only for a deliberate rule change:  make playthroughs",
    "  (the same from tests/:  PYTHONPATH=.. ../.venv/bin/python -m support.playthrough)",
]

# (file stem, variant, overlays, games, actions per game)
CONFIGS: list[tuple[str, str, tuple[str, ...], int, int]] = [
    ("conquest-2p", "conquest-2p", (), 2, 300),
    ("conquest-4p", "conquest-4p", (), 2, 300),
    ("conquest-team", "conquest-team", (), 2, 300),
    ("conquest-4p+classic-recapture", "conquest-4p", ("classic-recapture",), 2, 300),
    ("conquest-plus-2p", "conquest-plus-2p", (), 2, 300),
    ("conquest-plus-4p", "conquest-plus-4p", (), 2, 300),
    ("conquest-plus-4p+catapult-4cm", "conquest-plus-4p", ("catapult-4cm",), 2, 300),
    ("grand-conquest-2p", "grand-conquest-2p", (), 2, 200),
    ("grand-conquest-4p", "grand-conquest-4p", (), 2, 200),
    ("grand-conquest-team", "grand-conquest-team", (), 2, 200),
]

PROBES = 4  # probe actions explained per checked position
CHECK_EVERY = 12


def shipped_game(variant: str, overlays: tuple[str, ...]) -> Game:
    """The shipped variant (with overlays) on its board, by the one game loader."""
    loaded = load_game(None, variant, overlays=overlays)
    assert loaded.game is not None, (variant, loaded.findings, loaded.usage)
    return loaded.game


def _digest(text: str) -> str:
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:16]


def legal_digest(st: State) -> tuple[int, str]:
    texts = sorted(to_text(st, a, full_path=True) for a in st.legal_actions())
    return len(texts), _digest("\n".join(texts))


def probe_actions(st: State, rng: random.Random) -> list[list]:
    """A few candidate actions, mostly illegal: random walks of the actor's pieces (and random
    shots and builds where the variant has them), as [kind, pid, [field ids], extra]."""
    c = st.compiled
    out: list[list] = []
    pids = [p for p in range(len(st.ptype)) if st.node[p] >= 0]
    for _ in range(PROBES):
        pid = rng.choice(pids)
        r = rng.random()
        if r < 0.2 and _game(st).has_shooters:
            out.append(["shoot", pid, [nodes_of(c, rng.randrange(len(c.node_ids)))], None])
            continue
        if r < 0.3 and _game(st).has_builds:
            out.append(["build", pid, [nodes_of(c, rng.randrange(len(c.node_ids)))],
                        c.type_names[rng.randrange(len(c.type_names))]])
            continue
        path = [st.node[pid]]
        for _ in range(rng.randint(1, 3)):
            nxt = sorted(c.any_adj[path[-1]])
            if not nxt:
                break
            path.append(rng.choice(nxt))
        out.append(["resp" if st.window is not None else "move", pid,
                    [nodes_of(c, v) for v in path], rng.random() < 0.2])
    return out


def _game(st: State) -> Game:
    return st.game


def nodes_of(c, v: int) -> str:
    return c.node_ids[v]


def probe_tuple(st: State, probe: list) -> tuple:
    kind, pid, fields, extra = probe
    idx = st.compiled.node_index
    vs = tuple(idx[f] for f in fields)
    if kind == "shoot":
        return ("shoot", pid, vs[0])
    if kind == "build":
        return ("build", pid, st.compiled.type_index[extra], vs[0])
    if kind == "resp":
        return ("resp", pid, vs, ())
    return ("move", pid, vs, bool(extra))


def explain_code(st: State, action: tuple) -> list | None:
    why = st.explain(action)
    return None if why is None else [str(why.code), why.rule]


def _checked(st: State, index: int) -> bool:
    """Which positions get the (costly) legal-action digest and probes: every CHECK_EVERY-th,
    and every open response window or draw offer."""
    return index % CHECK_EVERY == 0 or st.window is not None or st.draw is not None


def record(stem: str, variant: str, overlays: tuple[str, ...], games: int,
           actions: int) -> dict:
    game = shipped_game(variant, overlays)
    out = {"variant": variant, "overlays": list(overlays), "games": []}
    for gi in range(games):
        rng = random.Random(f"{stem}/{gi}")
        st = game.initial_state()
        st.keep_undo = False
        steps = []
        while not st.terminal and len(steps) < actions:
            step: dict = {}
            if _checked(st, len(steps)):
                count, digest = legal_digest(st)
                probes = probe_actions(st, rng)
                step.update(legal=[count, digest], probes=probes,
                            explain=[explain_code(st, probe_tuple(st, p)) for p in probes])
            a = random_action(st, rng, end_prob=0.02, capture_bias=0.95)
            step["action"] = exact_text(st, a)
            st.apply(a, check=True)
            step["hash"] = position_key(st)
            steps.append(step)
        res = st.result()
        out["games"].append({"steps": steps, "result": None if res is None else [
            list(res.winners), str(res.reason)]})
    return out


def load(stem: str) -> dict:
    """The recording `stem` read from its text file (steps carry their line numbers)."""
    path = DATA / f"{stem}.txt"
    return parse(path.read_text(encoding="utf-8"), path.name)


def replay_problems(data: dict, name: str = "playthrough") -> list[str]:
    """Replay one recording; the list of the first differences found (empty when equal), each
    naming the file and line, the game, the step and its action."""
    game = shipped_game(data["variant"], tuple(data["overlays"]))
    problems: list[str] = []
    for gi, rec in enumerate(data["games"], start=1):
        st = game.initial_state()
        for si, step in enumerate(rec["steps"], start=1):
            where = f"{name}:{step.get('line', '?')}: game {gi} step {si} ({step['action']})"
            problems += _step_problems(st, step, where)
            if problems:
                break
        if problems:
            break
        res = st.result()
        got_res = None if res is None else [list(res.winners), str(res.reason)]
        if got_res != rec["result"]:
            problems.append(f"{name}: game {gi}: result {got_res} != recorded {rec['result']}")
    return problems


def _step_problems(st: State, step: dict, where: str) -> list[str]:
    """Check the recorded expectations before `step`, apply its action (to `st`), check the
    position key after it."""
    problems: list[str] = []
    if "legal" in step and list(legal_digest(st)) != step["legal"]:
        problems.append(f"{where}: legal actions {list(legal_digest(st))} != recorded "
                        f"{step['legal']}")
    for probe, said in zip(step.get("probes", []), step.get("explain", []), strict=True):
        got = explain_code(st, probe_tuple(st, probe))
        if got != said:
            problems.append(f"{where}: probe {probe} explained {got} != recorded {said}")
    action, why = parse_action(st, step["action"])
    if action is None:
        return [*problems, f"{where}: does not parse: {why}"]
    st.apply(action, check=True)
    if position_key(st) != step["hash"]:
        problems.append(f"{where}: position key {position_key(st)} after it != recorded "
                        f"{step['hash']}")
    return problems


def main(argv: list[str]) -> None:
    """Record every configuration into `argv[0]` (default: the recorded playthroughs)."""
    out = Path(argv[0]) if argv else DATA
    out.mkdir(parents=True, exist_ok=True)
    for stem, variant, overlays, games, actions in CONFIGS:
        data = record(stem, variant, overlays, games, actions)
        (out / f"{stem}.txt").write_text(format_text(data, REGENERATE), encoding="utf-8")
        print(stem, sum(len(g["steps"]) for g in data["games"]), "actions")


if __name__ == "__main__":
    main(sys.argv[1:])
