"""Regenerate the small boards of the worked-example scenarios (run from the project root:
`.venv/bin/python tests/scenarios/build_boards.py`). Each board is the abstract position of a
RULES.md section 5 example as a graph; see the scenario files for the pieces."""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # tests/: the `support` package

from support.gcworld import gc_board  # noqa: E402
from support.rulekit import make_board  # noqa: E402
from support.ruleworld import world_board  # noqa: E402

from editor.model import save_board  # noqa: E402


def ex1():
    """EX-1: X the scene; A-X, A-F; K-Y-X; W0-X where White's soldier comes from."""
    return make_board(land=["W0", "X", "A", "F", "K", "Y", "LW", "LB"],
                      roads=[("W0", "X"), ("A", "X"), ("A", "F"), ("K", "Y"), ("Y", "X")],
                      name="EX-1 recapture with elephant and rider")


def ex2():
    """EX-2: sea line a-f, g-h-b, a 7-step path p0..p6-a; land fields for reserves."""
    sea = ["a", "b", "c", "d", "e", "f", "g", "h"] + [f"p{i}" for i in range(7)]
    lanes = [("a", "b"), ("b", "c"), ("c", "d"), ("d", "e"), ("e", "f"), ("g", "h"), ("h", "b")]
    lanes += [(f"p{i}", f"p{i + 1}") for i in range(6)] + [("p6", "a")]
    return make_board(land=["LW"], sea=sea, lanes=lanes, name="EX-2 naval attack")


def ex3():
    """EX-3: sea path n0..n8 (m = n4, s = n8), West's ship on w0 with w0-w1-n4."""
    sea = [f"n{i}" for i in range(9)] + ["w0", "w1"]
    lanes = [(f"n{i}", f"n{i + 1}") for i in range(8)] + [("w0", "w1"), ("w1", "n4")]
    land = [f"pad_{s}_{i}" for s in ("south", "west", "north", "east") for i in range(2)]
    return make_board(land=land, sea=sea, lanes=lanes,
                      seats=["south", "west", "north", "east"], name="EX-3 chained captures")


def ex8():
    """EX-8 (Conquest pieces): numbered sea fields 516 (harbour) - 509 - c - d - e - f; a white
    ship 3 steps from 509; a white chariot 7 road steps from the quay linked to 516."""
    sea = ["s516", "s509", "c", "d", "e", "f", "w1", "w2", "w3"]
    lanes = [("s516", "s509"), ("s509", "c"), ("c", "d"), ("d", "e"), ("e", "f"),
             ("w3", "w2"), ("w2", "w1"), ("w1", "s509")]
    land = [f"r{i}" for i in range(8)]
    roads = [(f"r{i}", f"r{i + 1}") for i in range(7)]
    numbers = {"s516": 516, "s509": 509, "c": 502, "d": 495, "e": 488, "f": 481,
               "w1": 510, "w2": 511, "w3": 512}
    numbers.update({f"r{i}": 100 + i for i in range(8)})
    return make_board(land=land, sea=sea, harbours=["s516"], lanes=lanes, roads=roads,
                      links=[("s516", "r7")], numbers=numbers,
                      name="EX-8 puzzle line with Conquest pieces")


def perft1():
    """perft 'harbour-knight': land chain L0-L1-L2-L3-L4, branch L2-T, harbour H linked to L0,
    sea lanes H-S1-S2, reserve field R."""
    return make_board(land=["L0", "L1", "L2", "L3", "L4", "T", "R"], sea=["H", "S1", "S2"],
                      harbours=["H"], roads=[("L0", "L1"), ("L1", "L2"), ("L2", "L3"),
                                             ("L3", "L4"), ("L2", "T")],
                      lanes=[("H", "S1"), ("S1", "S2")], links=[("H", "L0")],
                      name="perft: knight, soldier and ship around a harbour")


def cp4cm():
    """EX-20 (CP-4CM): road a0-a1-...-a7 with centres 1 cm apart (100 px/cm), an unconnected
    field 'far' 3.5 cm from a0, a sea line h0-h1-h2-h3 (h0 a harbour linked to a0)."""
    land = [f"a{i}" for i in range(8)] + ["far"]
    roads = [(f"a{i}", f"a{i + 1}") for i in range(7)]
    sea = ["h0", "h1", "h2", "h3"]
    lanes = [("h0", "h1"), ("h1", "h2"), ("h2", "h3")]
    b = make_board(land=land, sea=sea, harbours=["h0"], roads=roads, lanes=lanes,
                   links=[("h0", "a0")], name="EX-20 catapult in centimetres")
    data = b.model_dump(mode="json", exclude_none=True)
    pos = {f"a{i}": (100.0 + 100.0 * i, 100.0) for i in range(8)}
    pos["far"] = (100.0, 450.0)
    pos.update({f"h{i}": (100.0 + 100.0 * i, 900.0) for i in range(4)})
    for f in data["fields"]:
        f["x"], f["y"] = pos[f["id"]]
    data["scale"] = {"px_per_cm": 100.0}
    return type(b).model_validate(data)


if __name__ == "__main__":
    out = HERE / "boards"
    out.mkdir(exist_ok=True)
    for name, board in [("ex1", ex1()), ("ex2", ex2()), ("ex3", ex3()), ("ex8", ex8()),
                        ("world", world_board()), ("perft1", perft1()),
                        ("gcworld", gc_board()), ("gcworld2", gc_board(["south", "north"])),
                        ("cp4cm", cp4cm())]:
        save_board(board, out / f"{name}.board.json", backup=False)
        print("wrote", out / f"{name}.board.json")
