"""Recorded playthroughs (as OpenSpiel keeps them): seeded random games of every shipped variant
and overlay, written as action logs in engine notation with, after every action, the number and
digest of the legal actions, a hash of the position and the explanations of a few probe actions.

`test_rules_playthroughs.py` replays them; regenerate (only when a rule deliberately changes) with

    .venv/bin/python -m tests.rules.playthrough

The position hash is the engine's one position key (`editor.rules.position_key`): every field the
state declares as part of the position, never caches or undo history.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

from editor.rules.engine import Game, State
from editor.rules.game_loader import load_game
from editor.rules.notation import exact_text, parse_action, to_text
from editor.rules.playout import random_action
from editor.rules.position_key import position_key

DATA = Path(__file__).resolve().parents[1] / "rules" / "data" / "playthroughs"

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


def replay_problems(data: dict) -> list[str]:
    """Replay one recorded file; the list of the first differences found (empty when equal)."""
    game = shipped_game(data["variant"], tuple(data["overlays"]))
    problems: list[str] = []
    for gi, rec in enumerate(data["games"]):
        st = game.initial_state()
        for si, step in enumerate(rec["steps"]):
            where = f"game {gi} step {si} ({step['action']})"
            if "legal" in step and list(legal_digest(st)) != step["legal"]:
                problems.append(f"{where}: legal actions {legal_digest(st)} != {step['legal']}")
            got = [explain_code(st, probe_tuple(st, p)) for p in step.get("probes", [])]
            if got != step.get("explain", []):
                problems.append(f"{where}: probes {step['probes']} explain {got} != "
                                f"{step['explain']}")
            action, why = parse_action(st, step["action"])
            if action is None:
                problems.append(f"{where}: does not parse: {why}")
                break
            st.apply(action, check=True)
            if position_key(st) != step["hash"]:
                problems.append(f"{where}: position hash differs")
                break
            if problems:
                break
        if problems:
            break
        res = st.result()
        got_res = None if res is None else [list(res.winners), str(res.reason)]
        if got_res != rec["result"]:
            problems.append(f"game {gi}: result {got_res} != {rec['result']}")
    return problems


def main() -> None:
    DATA.mkdir(parents=True, exist_ok=True)
    for stem, variant, overlays, games, actions in CONFIGS:
        data = record(stem, variant, overlays, games, actions)
        (DATA / f"{stem}.json").write_text(json.dumps(data, separators=(",", ":")) + "\n",
                                           encoding="utf-8")
        print(stem, sum(len(g["steps"]) for g in data["games"]), "actions")


if __name__ == "__main__":
    main()
