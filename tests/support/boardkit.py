"""Builders for small board files in tests (plain dicts, written as JSON).

Import with `from support.boardkit import ...` (tests/ is on `sys.path`: see
tests/support/__init__.py).

    data = small_board()                     # two land fields and a road, no findings
    data["connections"].append(road("r2", "a", "zz"))
    path = write_board(tmp_path / "x.board.json", data)

`rich_board()` uses every board feature (BF-1 to BF-19) and is clean: no findings at all.
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

FORMAT = "conquest-board/1"

Board = dict[str, Any]


def land(fid: str, x: float, y: float, **extra: Any) -> dict:
    return {"id": fid, "terrain": "land", "x": x, "y": y, **extra}


def sea(fid: str, x: float, y: float, **extra: Any) -> dict:
    return {"id": fid, "terrain": "sea", "x": x, "y": y, **extra}


def conn(cid: str, kind: str, a: str, b: str, **extra: Any) -> dict:
    return {"id": cid, "kind": kind, "a": a, "b": b, **extra}


def road(cid: str, a: str, b: str, **extra: Any) -> dict:
    return conn(cid, "road", a, b, **extra)


def lane(cid: str, a: str, b: str, **extra: Any) -> dict:
    return conn(cid, "sea_lane", a, b, **extra)


def square(x: float, y: float, size: float) -> list[dict]:
    """A square outline (clockwise in image coordinates) with its top-left corner at x, y."""
    return [{"x": x, "y": y}, {"x": x + size, "y": y}, {"x": x + size, "y": y + size},
            {"x": x, "y": y + size}]


def bare_board(**extra: Any) -> Board:
    """The smallest valid board: format tag and name."""
    return {"format": FORMAT, "name": "Bare", **extra}


def small_board() -> Board:
    """Two land fields joined by a road: the base most trigger boards extend."""
    return {
        "format": FORMAT,
        "name": "Small",
        "fields": [land("a", 10, 10), land("b", 60, 10)],
        "connections": [road("r1", "a", "b")],
    }


def castle_board(towers: int = 5) -> Board:
    """A seat with a castle: towers t1.. each with a castle access to front field f1..; the
    front fields form a chain of roads."""
    n = max(towers, 1)
    fields = [land(f"t{i}", 100 + 40 * i, 100) for i in range(1, n + 1)]
    fields += [land(f"f{i}", 100 + 40 * i, 160) for i in range(1, n + 1)]
    connections = [conn(f"c{i}", "castle_access", f"t{i}", f"f{i}") for i in range(1, n + 1)]
    connections += [road(f"rf{i}", f"f{i}", f"f{i + 1}") for i in range(1, n)]
    return {
        "format": FORMAT,
        "name": "Castle",
        "seats": [{"id": "south", "name": "South", "colour": "#cc2200"}],
        "fields": fields,
        "connections": connections,
        "castles": [{"id": "k1", "seat": "south",
                     "towers": [{"field": f"t{i}", "access": f"c{i}"}
                                for i in range(1, towers + 1)]}],
    }


def grail_board() -> Board:
    """Five grail fields around a front field, a road from 'x' to the front and one from 'y'
    to 'x' (so 'y' is two steps from the grail, 'x' one)."""
    fields = [land(f"g{i}", 100 + 30 * i, 100) for i in range(1, 6)]
    fields += [land("gf", 190, 150), land("x", 190, 200), land("y", 190, 250)]
    connections = [road(f"rg{i}", f"g{i}", "gf") for i in range(1, 6)]
    connections += [road("rx", "x", "gf"), road("ry", "y", "x")]
    return {
        "format": FORMAT,
        "name": "Grail",
        "fields": fields,
        "connections": connections,
        "grail": {"fields": [f"g{i}" for i in range(1, 6)], "front": "gf",
                  "roads": [f"rg{i}" for i in range(1, 6)]},
    }


def region_board() -> Board:
    """A wilderness region 100x100 px at (300, 300) with stair 's' 10 px above its top edge,
    reached by a road from 'a'."""
    return {
        "format": FORMAT,
        "name": "Region",
        "fields": [land("a", 350, 200), land("s", 350, 290)],
        "connections": [road("r1", "a", "s")],
        "regions": [{"id": "w1", "polygon": square(300, 300, 100), "stairs": ["s"]}],
    }


def rich_board() -> Board:
    """A clean board using every feature of the format (no findings)."""
    towers = [land(f"t{i}", 100 + 40 * i, 100.125, number=i, label=f"Turm {i}")
              for i in range(1, 6)]
    fronts = [land(f"f{i}", 100 + 40 * i, 160.5, number=10 + i, island="south")
              for i in range(1, 6)]
    grail = [land(f"g{i}", 500 + 30 * i, 100, island="centre", label="Gral ✠")
             for i in range(1, 6)]
    return {
        "format": FORMAT,
        "name": "Rich test board — Südinsel",
        "side": "grand-conquest-4p",
        "description": "Every board feature once.\nZweite Zeile: äöü ß, 日本語.",
        "image": {"path": "scans/rich.png", "width": 1000, "height": 800},
        "scale": {"px_per_cm": 10.0,
                  "calibration": {"a": {"x": 0, "y": 0}, "b": {"x": 100.0, "y": 0},
                                  "distance_cm": 10}},
        "seats": [{"id": "south", "name": "Süd", "colour": "#CC2200", "main_island": "south"},
                  {"id": "north", "name": "North", "colour": "#0044aa"}],
        "islands": [{"id": "south", "name": "Südinsel", "kind": "main"},
                    {"id": "centre", "name": "Grail island", "kind": "central"},
                    {"id": "rock", "kind": "small"}],
        "fields": [
            *towers, *fronts, *grail,
            land("gf", 590, 160, island="centre", number=99),
            sea("s1", 140, 260, harbour=True, label="Hafen ⚓"),
            sea("s2", 240, 260),
            land("st1", 350, 290.25, island="south"),
            land("st2", 550, 290, island="south"),
            land("b1", 650, 350, island="rock"),
        ],
        "connections": [
            *[conn(f"c{i}", "castle_access", f"t{i}", f"f{i}", drawbridge=True)
              for i in range(1, 6)],
            *[road(f"rf{i}", f"f{i}", f"f{i + 1}") for i in range(1, 5)],
            *[road(f"rg{i}", f"g{i}", "gf") for i in range(1, 6)],
            conn("br1", "bridge", "f5", "gf", bridge_class="rope_bridge", under_lane="l1",
                 only_unloaded=["elephant"], barred=["catapult", "siege_engine"],
                 one_way={"to": "gf", "pieces": ["elephant", "chariot", "camel"]}),
            conn("br2", "bridge", "gf", "b1", bridge_class="x_bridge"),
            lane("l1", "s1", "s2"),
            conn("h1", "harbour_link", "s1", "f1"),
            road("rs1", "f3", "st1"),
            road("rs2", "f4", "st2"),
            conn("w1", "wilderness_path", "r1", "r2", crossing="bridge"),
        ],
        "castles": [{"id": "k1", "seat": "south", "moat": True,
                     "towers": [{"field": f"t{i}", "access": f"c{i}"} for i in range(1, 6)]}],
        "grail": {"fields": [f"g{i}" for i in range(1, 6)], "front": "gf",
                  "roads": [f"rg{i}" for i in range(1, 6)]},
        "regions": [
            {"id": "r1", "name": "Wald", "colour": "#336633", "island": "south",
             "polygon": square(300, 300, 100), "stairs": ["st1"],
             "borders": [{"field": "st1"}, {"field": "f3", "screened": True}], "capacity": 3},
            {"id": "r2", "name": "Steppe", "island": "south",
             "polygon": [{"x": 500, "y": 300}, {"x": 600.5, "y": 300},
                         {"x": 550.25, "y": 390.75}],
             "stairs": ["st2"]},
        ],
        "arrow_slits": [{"id": "a1", "a": "t1", "b": "t2"}],
        "setups": [
            {"id": "conquest", "name": "Conquest start",
             "placements": [
                 {"seat": "south", "field": "t1", "piece": "knight"},
                 {"seat": "south", "field": "f2", "piece": "soldier"},
                 {"seat": "south", "field": "s1", "piece": "galleon",
                  "cargo": [{"piece": "elephant", "cargo": [{"piece": "soldier"}]},
                            {"piece": "catapult"}]},
             ]},
            {"id": "empty"},
        ],
    }


def clone(data: Board) -> Board:
    return copy.deepcopy(data)


def board_text(data: Any) -> str:
    """The JSON text the builders write (2-space indent, one key per line)."""
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def write_board(path: Path, data: Any) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(board_text(data), encoding="utf-8")
    return path


@dataclass
class CliRun:
    code: int
    out: str
    err: str


def run_cli(*argv: object) -> CliRun:
    """Run `conquest ARGV...` in-process and capture what it prints."""
    from editor.cli.main import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main([str(a) for a in argv])
    return CliRun(code, out.getvalue(), err.getvalue())
