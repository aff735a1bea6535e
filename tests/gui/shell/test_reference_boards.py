"""The shipped reference boards open in the editor with their scans and save back unchanged."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from editor.model import load_board

BOARDS = Path(__file__).resolve().parents[3] / "boards"
NAMES = ["conquest-2p", "conquest-4p", "grand-conquest-2p", "grand-conquest-4p"]


@pytest.mark.parametrize("name", NAMES)
def test_reference_board_opens_and_saves_byte_identical(name, make_window, tmp_path, ui) -> None:
    source = BOARDS / f"{name}.board.json"
    if not source.exists():
        pytest.skip(f"{source.name} is not there yet")
    board = load_board(source).model
    assert board is not None
    copy = tmp_path / source.name
    shutil.copy2(source, copy)
    if board.image is not None:
        scan = tmp_path / board.image.path
        scan.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source.parent / board.image.path, scan)
    w = make_window(str(copy))
    assert ui.calls == []
    assert w.trace.scene.scan_missing is None
    fields = sum(1 for k in w.trace.scene.items_by_key if k[0] == "field")
    assert fields == len(board.fields)
    w.validation.refresh()
    assert w.validation.counts()[0] == 0, [f.format_line() for f in w.validation.findings]
    assert w.files.write(str(copy))
    assert copy.read_bytes() == source.read_bytes()
