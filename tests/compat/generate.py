"""Write compatibility-corpus files with an OLD revision's own code (issue 26).

    git worktree add /tmp/old-REV REV
    PYTHONPATH=/tmp/old-REV python tests/compat/generate.py OUT_FOLDER

Uses only what that revision's `editor` offers (its board and scenario models and writers, its
variant resolver and dumper, its `conquest pack`), so each file is what that version wrote.
Revisions used (tests/compat/README.md): 01c2b9e (last before the piece flags of 50c3757) and
15d52fa (last before coordinates had to be non-negative).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

from editor.model import load_board, save_board
from editor.model.io import save_document
from editor.resources import data_dir

ROOT = Path(__import__("editor").__file__).resolve().parents[1]


def _bridge_board(out: Path) -> Path:
    """EX-1's board plus two fields joined by an X bridge and two by a rope bridge."""
    board = load_board(ROOT / "tests" / "scenarios" / "boards" / "ex1.board.json").model
    data = board.model_dump(mode="json", exclude_defaults=True)
    data["name"] = "bridges"
    data["seats"] += [{"id": "west", "name": "West", "colour": "#ff0000"},
                      {"id": "east", "name": "East", "colour": "#0000ff"}]
    for i, x in enumerate((100.0, 130.0, 160.0, 190.0)):
        data["fields"].append({"id": f"e{i}", "terrain": "land", "x": x, "y": 60.0})
    data.setdefault("connections", []).extend([
        {"id": "xb", "kind": "bridge", "a": "e0", "b": "e1", "bridge_class": "x_bridge"},
        {"id": "rb", "kind": "bridge", "a": "e2", "b": "e3", "bridge_class": "rope_bridge"}])
    path = out / "bridges.board.json"
    save_board(type(board).model_validate(data), path, backup=False)
    return path


def _scenario(out: Path, variant_file: str, piece: dict, action: str, reason: str,
              rule: str) -> None:
    from editor.model.scenario import Scenario

    seats = ["south", "north"] if "2p" in variant_file else ["south", "west", "north", "east"]
    pads = [{"owner": s, "piece": "soldier", "field": f}
            for s, f in zip(seats, ["W0", "X", "A", "F"], strict=False)]
    scenario = Scenario.model_validate({
        "name": f"{rule} with {variant_file}", "rules": [rule],
        "board": "bridges.board.json", "variant": variant_file,
        "position": {"to_move": "south", "pieces": [piece, *pads]},
        "steps": [{"action": action, "expect": "illegal", "reason": reason, "rule": rule}]})
    stem = variant_file.removesuffix(".variant.json")
    save_document(scenario, out / f"{rule.lower()}-{stem}.scenario.json", backup=False)


def flags_era(out: Path) -> None:
    """Variant copies, a board, scenarios and a package as written before 50c3757."""
    from editor.model.variant import dump_variant, resolve_variant

    _bridge_board(out)
    for name in ("conquest-2p", "conquest-4p"):
        shutil.copy(data_dir("variants") / f"{name}.variant.json",
                    out / f"copied-{name}.variant.json")
    resolved = resolve_variant("grand-conquest-4p").variant
    (out / "resolved-grand-conquest-4p.variant.json").write_text(dump_variant(resolved))
    elephant = {"owner": "south", "piece": "elephant", "field": "e0"}
    for name in ("conquest-2p", "conquest-4p"):
        _scenario(out, f"copied-{name}.variant.json", elephant, "E e0>e1",
                  "E_EDGE_FORBIDS_PIECE", "OBST-3")
    loaded = {**elephant, "field": "e2", "cargo": [{"piece": "soldier"}]}
    _scenario(out, "resolved-grand-conquest-4p.variant.json", loaded, "E e2>e3",
              "E_EDGE_FORBIDS_LOADED", "OBST-4")
    board = json.loads((data_dir("boards") / "conquest-2p.board.json").read_text())
    board.pop("image", None)  # no scan: a small package
    plain = out / "conquest-2p-noscan.board.json"
    plain.write_text(json.dumps(board))
    subprocess.run([sys.executable, "-m", "editor.cli.main", "pack", str(plain), "--variant",
                    "conquest-2p", "-o", str(out / "conquest-2p.conquest")], check=True)
    plain.unlink()


def coordinates_era(out: Path) -> None:
    """A board with a field at negative coordinates, accepted before 7bb75cd."""
    board = load_board(ROOT / "tests" / "scenarios" / "boards" / "ex1.board.json").model
    data = board.model_dump(mode="json", exclude_defaults=True)
    data["name"] = "negative coordinates"
    data["fields"][0].update(x=-12.5, y=-3.0)
    save_board(type(board).model_validate(data), out / "negative-coordinates.board.json",
               backup=False)


if __name__ == "__main__":
    target = Path(sys.argv[1])
    target.mkdir(parents=True, exist_ok=True)
    has_pack = (ROOT / "editor" / "cli" / "pack_cmd.py").is_file()
    (flags_era if has_pack else coordinates_era)(target)
