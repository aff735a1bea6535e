"""Build small hand-made boards for rule tests.

`make_board(...)` takes compact lists (land fields, sea fields, roads, sea lanes, harbour links,
bridges, castles, grail) and returns a valid `conquest-board/1` Board: coordinates are laid out on
a grid, castle towers get their access connections, seats are created.
"""

from __future__ import annotations

from editor.model.board import Board

COLOURS = {"south": "#ffffff", "north": "#000000", "west": "#c8b48c", "east": "#7a4a20",
           "white": "#ffffff", "black": "#000000", "grey": "#888888"}


def make_board(*, land: list[str], sea: list[str] = (), harbours: list[str] = (),
               roads: list[tuple[str, str]] = (), lanes: list[tuple[str, str]] = (),
               links: list[tuple[str, str]] = (), bridges: list[tuple] = (),
               castles: dict[str, list[tuple[str, str]]] | None = None,
               grail: list[str] | None = None, one_way: list[tuple[str, str, str]] = (),
               seats: list[str] = ("south", "north"), numbers: dict[str, int] | None = None,
               setups: dict[str, list[dict]] | None = None, name: str = "test board") -> Board:
    """castles: seat -> [(tower field, front field)]; one_way: (a, b, to);
    bridges: (a, b) or (a, b, bridge_class)."""
    fields = []
    all_ids = list(land) + list(sea)
    for castle in (castles or {}).values():
        all_ids.extend(t for t, _f in castle if t not in all_ids)
    for i, fid in enumerate(all_ids):
        fields.append({"id": fid, "terrain": "sea" if fid in sea else "land",
                       "x": float(10 + 20 * (i % 40)), "y": float(10 + 20 * (i // 40)),
                       **({"harbour": True} if fid in harbours else {}),
                       **({"number": numbers[fid]} if numbers and fid in numbers else {})})
    conns = []
    ow = {frozenset((a, b)): to for a, b, to in one_way}

    def add(kind: str, a: str, b: str, **extra) -> str:
        cid = f"c{len(conns)}"
        to = ow.get(frozenset((a, b)))
        if to is not None:
            extra["one_way"] = {"to": to}
        conns.append({"id": cid, "kind": kind, "a": a, "b": b, **extra})
        return cid

    for a, b in roads:
        add("road", a, b)
    for a, b in lanes:
        add("sea_lane", a, b)
    for h, f in links:
        add("harbour_link", h, f)
    for br in bridges:
        a, b = br[0], br[1]
        add("bridge", a, b, bridge_class=br[2] if len(br) > 2 else "normal")
    castle_list = []
    for seat, towers in (castles or {}).items():
        tw = []
        for t, front in towers:
            cid = add("castle_access", front, t)
            tw.append({"field": t, "access": cid})
        castle_list.append({"id": f"castle-{seat}", "seat": seat, "towers": tw})
    data = {
        "format": "conquest-board/1", "name": name,
        "seats": [{"id": s, "name": s.title(), "colour": COLOURS.get(s, "#123456")}
                  for s in seats],
        "fields": fields, "connections": conns, "castles": castle_list,
        "setups": [{"id": k, "placements": v} for k, v in (setups or {}).items()],
    }
    if grail:
        data["grail"] = {"fields": grail}
    return Board.model_validate(data)
