"""The rule-test world of ruleworld.py, extended with the Grand Conquest board features.

Added to `world_board`: every castle access crosses a moat by a drawbridge (DRAW-1), castles in
ring order (BF-9); the X bridge g5_1-x1 becomes a rope bridge (OBST-4); wilderness regions R1
(stairs g1_1, g2_1; borders g1_1, g2_1, g3_1 screened)
and R2 (stair g4_2; border g4_2) joined by a wilderness path over a bridge (WILD-1..4); an
arrow slit g0_1 ~ g1_2 (BF-13); the central island v1 + grail fields (BUILD-3) with v1 the
field in front of the grail and v1-gr* the grail roads (TEAM-12, TEAM-13); north start fields
g2_2 and g3_2 (BUILD-3); a 4 cm scale (100 px/cm on a 20 px grid: neighbours 0.2 cm apart).
"""

from __future__ import annotations

from editor.model.board import Board

from .ruleworld import _TYPES, SEATS4, world_board

_TYPES.update({"D": "camel", "K": "catapult", "T": "siege_engine"})


def gc_board(seats=SEATS4, siege_tower: bool = False) -> Board:
    data = world_board(seats).model_dump(mode="json", exclude_none=True)
    for conn in data["connections"]:
        if conn["kind"] == "castle_access":
            conn["drawbridge"] = True
    for conn in data["connections"]:
        if conn.get("bridge_class") == "x_bridge":
            conn["bridge_class"] = "rope_bridge"  # OBST-4 (g5_1 - x1)
    for castle in data["castles"]:
        castle["moat"] = True
    central = {"v1", *(f"gr{i}" for i in range(5))}
    for f in data["fields"]:
        if f["id"] in central:
            f["island"] = "centre"
        elif f["terrain"] == "land":
            f["island"] = "main"
    data["islands"] = [{"id": "centre", "kind": "central"}, {"id": "main", "kind": "main"}]
    pos = {f["id"]: (f["x"], f["y"]) for f in data["fields"]}

    def poly(*fids):  # a small triangle just below the stair fields
        x = sum(pos[f][0] for f in fids) / len(fids)
        y = max(pos[f][1] for f in fids)
        return [{"x": x - 12, "y": y + 6}, {"x": x + 12, "y": y + 6}, {"x": x, "y": y + 18}]

    data["regions"] = [
        {"id": "R1", "polygon": poly("g1_1", "g2_1"), "stairs": ["g1_1", "g2_1"],
         "borders": [{"field": "g1_1"}, {"field": "g2_1"}, {"field": "g3_1", "screened": True}]},
        {"id": "R2", "polygon": poly("g4_2"), "stairs": ["g4_2"], "borders": [{"field": "g4_2"}]},
    ]
    data["connections"].append({"id": "wp1", "kind": "wilderness_path", "a": "R1", "b": "R2",
                                "crossing": "bridge"})
    data["arrow_slits"] = [{"id": "sl1", "a": "g0_1", "b": "g1_2"}]
    roads = [c["id"] for c in data["connections"]
             if c["kind"] == "road" and "v1" in (c["a"], c["b"]) and
             any(x.startswith("gr") for x in (c["a"], c["b"]))]
    data["grail"] = {"fields": [f"gr{i}" for i in range(5)], "front": "v1", "roads": roads}
    if "north" in seats:
        data["setups"] = [{"id": "start", "placements": [
            {"seat": "north", "field": "g2_2", "piece": "soldier"},
            {"seat": "north", "field": "g3_2", "piece": "soldier"}]}]
    data["scale"] = {"px_per_cm": 100.0}
    return Board.model_validate(data)
