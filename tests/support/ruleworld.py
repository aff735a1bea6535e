"""A small hand-made 4-seat test world and a tiny position DSL for rule tests.

Layout (all land unless noted):

    grid g{x}_{y}, x 0..5, y 0..3, roads between grid neighbours
    sea s0-s1-s2-s3-s4-s5-s6 (sea lanes); s0 and s3 are harbours linked to g0_0 and g3_0
    X bridge g5_1 = x1, road x1-x2                (OBST-3)
    normal bridge g5_2 = b1
    one-way road g5_3 -> v1 (toward the grail), roads v1-gr0..gr4 (grail fields)  (OBST-1)
    south capital st0..st4, accessed from g0_3..g4_3  (CASTLE-1)
    north capital nt0..nt4, accessed from h0..h4, road chain g5_0-h0-h1-h2-h3-h4
    west capital wt0..wt4 accessed from w0..w4 (chain b1-w0-..-w4)
    east capital et0..et4 accessed from e0..e4 (chain x2-e0-..-e4)

Pieces: "seat:SPEC@field" with SPEC a letter and optional bracketed cargo, e.g.
"south:E[SS]@g1_1" (elephant with two soldiers), "north:B[E[S]]@s3".
"""

from __future__ import annotations

import re

from editor.engine.game import Game, State
from editor.model.variant import resolve_variant
from editor.rules.notation import parse_or_reason

from .rulekit import make_board

SEATS4 = ["south", "west", "north", "east"]


def world_board(seats=SEATS4):
    land = [f"g{x}_{y}" for y in range(4) for x in range(6)]
    roads = []
    for y in range(4):
        for x in range(6):
            if x < 5:
                roads.append((f"g{x}_{y}", f"g{x + 1}_{y}"))
            if y < 3:
                roads.append((f"g{x}_{y}", f"g{x}_{y + 1}"))
    sea = [f"s{i}" for i in range(7)]
    lanes = [(f"s{i}", f"s{i + 1}") for i in range(6)]
    land += ["x1", "x2", "b1", "v1"] + [f"gr{i}" for i in range(5)]
    land += [f"pad_{seat}_{i}" for seat in seats for i in range(2)]  # isolated reserve fields
    roads += [("x1", "x2"), ("g5_3", "v1")] + [("v1", f"gr{i}") for i in range(5)]
    castles = {"south": [(f"st{i}", f"g{i}_3") for i in range(5)]}
    chains = {"north": ("h", "g5_0"), "west": ("w", "b1"), "east": ("e", "x2")}
    for seat, (p, root) in chains.items():
        land += [f"{p}{i}" for i in range(5)]
        roads.append((root, f"{p}0"))
        roads += [(f"{p}{i}", f"{p}{i + 1}") for i in range(4)]
        castles[seat] = [(f"{p[0] if p != 'h' else 'n'}t{i}", f"{p}{i}") for i in range(5)]
    return make_board(
        land=land, sea=sea, harbours=["s0", "s3"], roads=roads, lanes=lanes,
        links=[("s0", "g0_0"), ("s3", "g3_0")],
        bridges=[("g5_1", "x1", "x_bridge"), ("g5_2", "b1", "normal")],
        castles={k: v for k, v in castles.items() if k in seats},
        grail=[f"gr{i}" for i in range(5)], one_way=[("g5_3", "v1", "v1")],
        seats=list(seats), name="test world")


_TYPES = {"S": "soldier", "E": "elephant", "N": "knight", "C": "chariot", "B": "ship",
          "G": "galleon"}


def _parse_spec(spec: str, types: dict | None = None) -> tuple[str, list]:
    """'E[SS]' -> ('elephant', [('soldier', []), ('soldier', [])])."""
    pos = 0

    def one() -> tuple[str, list]:
        nonlocal pos
        letter = spec[pos]
        pos += 1
        cargo = []
        if pos < len(spec) and spec[pos] == "[":
            pos += 1
            while spec[pos] != "]":
                cargo.append(one())
            pos += 1
        return ((types or _TYPES)[letter], cargo)

    return one()


_VARIANT_CACHE: dict = {}


def make_state(pieces: list[str], to_move: str = "south", variant: str = "conquest-4p",
               turn: int | None = None, ap_spent: int = 0, overlays: tuple = (),
               options: dict | None = None, board=None, pad: bool = True) -> State:
    """A position; with pad=True every seat also gets two soldiers on isolated reserve fields
    (they never move and keep elimination rules from ending tiny test positions)."""
    key = (variant, overlays, tuple(sorted((options or {}).items())))
    if key not in _VARIANT_CACHE:
        rv = resolve_variant(variant, None, list(overlays), options)
        assert rv.variant is not None, rv.findings
        _VARIANT_CACHE[key] = rv.variant
    v = _VARIANT_CACHE[key]
    if board is None:
        board = world_board([s.id for s in v.seats])
    g = Game(board, v)
    st = g.empty_state()
    for text in pieces:
        m = re.match(r"^(\w+):([^@]+)@(.+)$", text)
        assert m, text
        seat, spec, fid = m.groups()
        steps = 0
        if "+" in fid:
            fid, used = fid.split("+")
            steps = int(used)
        letters = {g.compiled.letter[i]: name for i, name in enumerate(g.compiled.type_names)}
        t, cargo = _parse_spec(spec, letters)
        st.add_piece(seat, t, fid, cargo, steps=steps)
    if pad:
        for seat in g.compiled.seat_ids:
            for i in range(2):
                st.add_piece(seat, "soldier", f"pad_{seat}_{i}")
    si = g.compiled.seat_index[to_move]
    st.turn = g.seat_count + si if turn is None else turn
    st.ap_spent = ap_spent
    return st


def play(st: State, text: str) -> None:
    """Apply a legal action (fails the test with the engine's reason otherwise)."""
    a, why = parse_or_reason(st, text)
    assert why is None, f"{text}: {why}"
    st.apply(a)


def why(st: State, text: str):
    """The reason an action is refused (None when legal)."""
    _a, reason = parse_or_reason(st, text)
    return reason


def code(st: State, text: str) -> str | None:
    r = why(st, text)
    return None if r is None else r.code


def on(st: State, fid: str) -> str | None:
    """'seat:STACK' on a field, or None."""
    o = st.occ[st.compiled.node_index[fid]]
    return None if o < 0 else f"{st.compiled.seat_ids[st.owner[o]]}:{st.signature(o)}"


def dests(st: State, fid: str, letter: str | None = None) -> set[str]:
    """Destination fields of the legal moves of the piece(s) on fid."""
    c = st.compiled
    node = c.node_index[fid]
    pids = set(st.pieces_at(node))
    out = set()
    for a in st.legal_actions():
        if a[0] in ("move", "resp") and a[1] in pids and (
                letter is None or c.letter[st.ptype[a[1]]] == letter):
            out.add(c.node_ids[a[2][-1]])
    return out
