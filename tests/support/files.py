"""Small JSON files in tests: the shipped boards as dicts, and variant files written to a
folder."""

from __future__ import annotations

import json
from pathlib import Path

from editor.resources import data_dir, shipped_file

BOARDS = data_dir("boards")


def shipped_board(name: str) -> dict:
    """The shipped board `boards/NAME.board.json` as a plain dict."""
    return json.loads(shipped_file("boards", name).read_text(encoding="utf-8"))


def write_json(path: Path, data: dict) -> Path:
    path.write_text(json.dumps(data, indent=1), encoding="utf-8")
    return path


def write_variant(tmp: Path, name: str, data: dict, text: str | None = None) -> Path:
    """`tmp/NAME.variant.json` with `data` (or the exact `text`, for line:column tests)."""
    p = tmp / f"{name}.variant.json"
    p.write_text(text or json.dumps({"format": "conquest-variant/1", "name": name, **data},
                                    indent=1), encoding="utf-8")
    return p
