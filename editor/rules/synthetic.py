"""A synthetic Conquest-like board for benchmarks and playouts when no reference board exists.

`synthetic_board(seats)` builds, per seat, a 10x8 main island with a five-tower capital and a
3x12 sea strip (three harbours), joins neighbouring islands by bridges (South-West and North-East
are X bridges), links the sea strips into a ring and, with four seats, adds a central island with
five grail fields behind three one-way (V) passages. About 530 fields and 104 pieces for four
seats — the size of the printed 4-player board — with a setup named "conquest".
"""

from __future__ import annotations

from editor.model.board import Board

_COLOURS = {"south": "#ffffff", "west": "#c8b48c", "north": "#202020", "east": "#7a4a20"}


class _Builder:
    """Collects fields, connections, castles and placements as board-file dicts."""

    def __init__(self) -> None:
        self.fields: list[dict] = []
        self.conns: list[dict] = []
        self.castles: list[dict] = []
        self.placements: list[dict] = []

    def field(self, fid: str, terrain: str, x: float, y: float, **extra) -> None:
        self.fields.append({"id": fid, "terrain": terrain, "x": x, "y": y, **extra})

    def conn(self, kind: str, a: str, b: str, **extra) -> str:
        cid = f"k{len(self.conns)}"
        self.conns.append({"id": cid, "kind": kind, "a": a, "b": b, **extra})
        return cid

    def place(self, seat: str, fid: str, piece: str) -> None:
        self.placements.append({"seat": seat, "field": fid, "piece": piece})


def _island(b: _Builder, i: int, seat: str) -> None:
    """A seat's 10x8 main island, five-tower capital, 3x12 sea strip and its pieces."""
    ox, oy = 400.0 * i, 0.0
    g = lambda x, y, p=seat[0]: f"{p}{x}_{y}"  # noqa: E731
    s = lambda x, y, p=seat[0]: f"{p}s{x}_{y}"  # noqa: E731
    for y in range(8):
        for x in range(10):
            b.field(g(x, y), "land", ox + 20 * x + 20, oy + 20 * y + 100)
            if x:
                b.conn("road", g(x - 1, y), g(x, y))
            if y:
                b.conn("road", g(x, y - 1), g(x, y))
    towers = []
    for k, x in enumerate((1, 3, 5, 7, 9)):
        t = f"{seat[0]}t{k}"
        b.field(t, "land", ox + 20 * x + 20, oy + 280)
        towers.append({"field": t, "access": b.conn("castle_access", g(x, 7), t)})
    b.castles.append({"id": f"capital-{seat}", "seat": seat, "towers": towers})
    for y in range(3):
        for x in range(12):
            harbour = y == 2 and x in (2, 5, 8)
            b.field(s(x, y), "sea", ox + 20 * x + 10, oy + 20 * y + 20,
                    **({"harbour": True} if harbour else {}))
            if x:
                b.conn("sea_lane", s(x - 1, y), s(x, y))
            if y:
                b.conn("sea_lane", s(x, y - 1), s(x, y))
    for x in (2, 5, 8):
        b.conn("harbour_link", s(x, 2), g(x, 0))
    for x in range(10):
        b.place(seat, g(x, 6), "soldier")
    for x in (1, 3, 5, 7):
        b.place(seat, g(x, 5), "elephant")
    for x in (2, 4, 6, 8):
        b.place(seat, g(x, 5), "knight")
    for x in (0, 9):
        b.place(seat, g(x, 5), "chariot")
    for x in (0, 3, 6, 9):
        b.place(seat, s(x, 1), "ship")
    for x in (4, 7):
        b.place(seat, s(x, 0), "galleon")


def _central_island(b: _Builder, seats: tuple[str, ...]) -> dict:
    """The central island with five grail fields behind three one-way (V) passages."""
    for y in range(6):
        for x in range(6):
            b.field(f"c{x}_{y}", "land", 700 + 20 * x, 400 + 20 * y)
            if x:
                b.conn("road", f"c{x - 1}_{y}", f"c{x}_{y}")
            if y:
                b.conn("road", f"c{x}_{y - 1}", f"c{x}_{y}")
    b.field("gf", "land", 760, 540)
    for a, to in (("c1_5", "gf"), ("c3_5", "gf"), ("c5_5", "gf")):
        b.conn("road", a, to, one_way={"to": to})
    gfields = []
    for k in range(5):
        gid = f"grail{k}"
        b.field(gid, "land", 720 + 20 * k, 580)
        b.conn("road", "gf", gid)
        gfields.append(gid)
    for i, seat in enumerate(seats):
        b.conn("bridge", f"{seat[0]}5_0", ("c0_0", "c5_0", "c5_5", "c0_5")[i % 4]
               if i % 4 != 2 else "c5_0", bridge_class="normal")
    return {"fields": gfields, "front": "gf"}


def synthetic_board(seats: tuple[str, ...] = ("south", "west", "north", "east")) -> Board:
    b = _Builder()
    for i, seat in enumerate(seats):
        _island(b, i, seat)
    n = len(seats)
    for i in range(n if n > 2 else 1):
        a, c = seats[i], seats[(i + 1) % n]
        cls = "x_bridge" if {a, c} in ({"south", "west"}, {"north", "east"}) else "normal"
        b.conn("bridge", f"{a[0]}9_3", f"{c[0]}0_3", bridge_class=cls)
        for y in range(3):
            b.conn("sea_lane", f"{a[0]}s11_{y}", f"{c[0]}s0_{y}")
    grail = _central_island(b, seats) if n >= 4 else None
    data = {
        "format": "conquest-board/1", "name": f"synthetic {n}-player board",
        "seats": [{"id": s, "name": s.title(), "colour": _COLOURS.get(s, "#888888")}
                  for s in seats],
        "fields": b.fields, "connections": b.conns, "castles": b.castles,
        "setups": [{"id": "conquest", "name": "Conquest", "placements": b.placements}],
    }
    if grail:
        data["grail"] = grail
    return Board.model_validate(data)
