"""report.html and its plots, for a board without a scan (fields drawn by matplotlib)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "rules"))

from support.ruleworld import world_board

from editor.balance.analysis import summarise
from editor.balance.report import SideData, write_report

SEATS = ["south", "west", "north", "east"]


def _side(label: str, title: str, shift: int) -> SideData:
    games = [{"winners": [SEATS[(i + shift) % 4]], "turns": 20 + i % 7, "actions": 100,
              "rule": "WIN-8" if i % 3 else "WIN-1"} for i in range(40)]
    return SideData(summarise(label, title, SEATS, games), {"g1_1": 5, "gr0": 12}, title)


def test_report_without_scan_draws_every_plot(tmp_path: Path) -> None:
    board = world_board()
    assert board.image is None
    report = write_report(tmp_path, board, None, [_side("A", "c4", 0), _side("B", "c4 + x", 1)],
                          "note <b>", pairs=(3, 40))
    for name in ("winrate.png", "length.png", "victory.png", "captures.png", "difference.png"):
        data = (tmp_path / name).read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 5000, name
    page = report.read_text(encoding="utf-8")
    assert "note &lt;b&gt;" in page  # escaped
    assert "37 of 40 games (92%) took a different course" in page
    assert page.count("<img ") == 5
    assert not list(tmp_path.glob(".*.tmp"))
