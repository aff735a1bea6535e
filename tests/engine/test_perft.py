"""Step-count (perft) suite in the spirit of chess perft: tests/engine/perft.json.

Each reference position stores the number of legal actions at depth 1 (and 2 where affordable)
and, for small positions, the count after each root action ('divide'); a differing count prints
the per-root-action breakdown. Small positions are verified by hand (see 'verified'); positions
marked 'oracle' are recounted here by an independent generator built on networkx straight from
the board file (MOVE-1, MOVE-2, MOVE-4, MOVE-5, CAPT-2, OBST-1, OBST-3, GRAIL-2, RECAP-14).
"""

from __future__ import annotations

import json
from pathlib import Path

import networkx as nx
import pytest

from editor.engine.game import Game, State
from editor.model import load_board
from editor.model.scenario import Position
from editor.model.variant import resolve_variant
from editor.rules.notation import to_text
from editor.rules.scenario_run import build_position

HERE = Path(__file__).parent
SUITE = json.loads((HERE / "perft.json").read_text(encoding="utf-8"))


def _state(entry: dict) -> State:
    board = load_board(HERE / entry["board"]).model
    variant = resolve_variant(entry["variant"]).variant
    game = Game(board, variant)
    return build_position(game, Position.model_validate(entry["position"]))


def count(st: State, depth: int) -> int:
    if depth == 0 or st.terminal:
        return 1
    total = 0
    for a in st.legal_actions():
        st.apply(a, check=False)
        total += count(st, depth - 1)
        st.undo()
    return total


def divide(st: State, depth: int) -> dict[str, int]:
    out = {}
    for a in st.legal_actions():
        text = to_text(st, a)
        st.apply(a, check=False)
        out[text] = count(st, depth - 1)
        st.undo()
    return out


@pytest.mark.parametrize("entry", SUITE["positions"], ids=lambda e: e["name"])
def test_perft_counts(entry):
    """Engine counts equal the hand-verified / oracle counts of perft.json."""
    st = _state(entry)
    for depth, want in entry["depth"].items():
        if want is None:
            continue
        got = count(st, int(depth))
        if got != want:
            detail = divide(st, int(depth)) if int(depth) > 1 else [
                to_text(st, a) for a in st.legal_actions()]
            pytest.fail(f"{entry['name']} depth {depth}: engine {got}, expected {want}; "
                        f"breakdown: {detail}; expected breakdown: {entry.get('divide')}")
    if entry.get("divide"):
        assert divide(st, 2) == entry["divide"]


def oracle_count(entry: dict) -> int:
    """Independent count for positions without loaded carriers, knights, docked vessels or
    soldiers next to own carriers (no step-over)."""
    raw = json.loads((HERE / entry["board"]).read_text(encoding="utf-8"))
    variant = resolve_variant(entry["variant"]).variant
    terrain = {f["id"]: f["terrain"] for f in raw["fields"]}
    grail = set(raw.get("grail", {}).get("fields", []))
    seats = [s.id for s in variant.seats]
    pos = entry["position"]
    mover = pos["to_move"]
    nxt = seats[(seats.index(mover) + 1) % len(seats)]
    at = {p["field"]: p for p in pos["pieces"]}
    ranges = {str(k): v.range for k, v in variant.pieces.items()}
    matrix = {str(k): {str(x) for x in v} for k, v in variant.capture_matrix.items()}
    land_kinds = {"road", "bridge", "castle_access"}
    ap = variant.base_budget - pos.get("ap_spent", 0)
    total = 1  # end
    for p in pos["pieces"]:
        if p["owner"] != mover:
            continue
        t = p["piece"]
        sea = t in ("ship", "galleon")
        g = nx.DiGraph()
        for cn in raw["connections"]:
            a, b = cn["a"], cn["b"]
            if sea != (cn["kind"] == "sea_lane"):
                continue
            if not sea and cn["kind"] not in land_kinds:
                continue
            if t == "elephant" and cn.get("bridge_class") == "x_bridge":
                continue  # OBST-3
            pairs = [(a, b), (b, a)]
            if cn.get("one_way") and t in ("elephant", "chariot"):
                pairs = [(u, v) for u, v in pairs if v == cn["one_way"]["to"]]  # OBST-1
            g.add_edges_from(pairs)
        if p["field"] not in g:
            continue

        def ok(v, t=t, sea=sea):
            if terrain[v] != ("sea" if sea else "land"):
                return False
            return not (v in grail and t not in ("knight", "soldier"))  # GRAIL-2

        empty = [v for v in g.nodes if v not in at and ok(v)] + [p["field"]]
        maxd = min(ranges[t], ap)
        dist = nx.single_source_shortest_path_length(g.subgraph(empty), p["field"], cutoff=maxd)
        total += len(dist) - 1
        targets = set()
        mounts = set()
        for u, d in dist.items():
            if d + 1 > maxd:
                continue
            for v in g.successors(u):
                q = at.get(v)
                if (q and q["owner"] == mover and t == "soldier"
                        and q["piece"] in ("elephant", "chariot") and not q.get("cargo")):
                    mounts.add(v)  # PIECE-SOLDIER-3: mount an own, empty land carrier
                if q and q["owner"] != mover and q["piece"] in matrix[t] and \
                        terrain[v] == ("sea" if sea else "land"):
                    targets.add((v, d + 1))
        total += len(mounts)
        best = {}
        for v, d in targets:
            best[v] = min(d, best.get(v, 99))
        for v, d in best.items():
            total += 2 if at[v]["owner"] == nxt and d < ap else 1
    return total


@pytest.mark.parametrize("entry", [e for e in SUITE["positions"] if e.get("oracle")],
                         ids=lambda e: e["name"])
def test_perft_oracle_agrees(entry):
    """The independent networkx oracle and the engine count the same actions."""
    st = _state(entry)
    assert count(st, 1) == oracle_count(entry)
    if entry["depth"].get("1") is not None:
        assert oracle_count(entry) == entry["depth"]["1"]
