"""Write small scenario files for command-line tests: a position on the rule-test worlds.

Pieces are "seat:SPEC@field", SPEC a letter with optional bracketed cargo, e.g.
"south:E[SS]@g1_1" (an elephant with two soldiers). Every seat also gets its two soldiers on
the isolated pad fields, so nobody is eliminated or unprotected by accident.
"""

from __future__ import annotations

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WORLD = ROOT / "tests" / "scenarios" / "boards" / "world.board.json"
GCWORLD = ROOT / "tests" / "scenarios" / "boards" / "gcworld.board.json"
SEATS4 = ("south", "west", "north", "east")
TYPES = {"S": "soldier", "E": "elephant", "N": "knight", "C": "chariot", "B": "ship",
         "G": "galleon", "D": "camel", "K": "catapult", "T": "siege_engine"}


def _parse(spec: str, i: int = 0) -> tuple[dict, int]:
    """One piece with its bracketed cargo from spec[i:]; returns (piece JSON, next index)."""
    out: dict = {"piece": TYPES[spec[i]]}
    i += 1
    if i < len(spec) and spec[i] == "[":
        cargo, i = [], i + 1
        while spec[i] != "]":
            item, i = _parse(spec, i)
            cargo.append(item)
        out["cargo"], i = cargo, i + 1
    return out, i


def piece(text: str) -> dict:
    seat, rest = text.split(":")
    spec, field = rest.split("@")
    return {"owner": seat, **_parse(spec)[0], "field": field}


def write_scenario(folder: Path, pieces: list[str], *, board: Path = WORLD,
                   variant: str | dict = "conquest-4p", to_move: str = "south",
                   steps: list[dict] | None = None, name: str = "why", pads: bool = True,
                   **position: object) -> Path:
    """A scenario file at `folder/name.scenario.json`; `position` adds keys such as ap_spent,
    pending_response or drawbridges_raised."""
    all_pieces = [piece(p) for p in pieces]
    if pads:
        all_pieces += [piece(f"{s}:S@pad_{s}_{i}") for s in SEATS4 for i in range(2)]
    data = {"format": "conquest-scenario/1", "name": name, "board": str(board),
            "variant": variant,
            "position": {"to_move": to_move, "pieces": all_pieces, **position},
            "steps": steps or []}
    path = folder / f"{name}.scenario.json"
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")
    return path
