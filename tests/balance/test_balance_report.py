"""report.html and its plots, for a board without a scan (fields drawn by matplotlib)."""

from __future__ import annotations

from pathlib import Path

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


def test_difference_ticks_half_a_percent_apart_read_differently() -> None:
    """Ticks 0.5 % apart got "+1%", "+1%", "+2%" labels; now as many decimals as the spacing
    needs, with a sign, and a plain 0%."""
    from matplotlib.figure import Figure

    from editor.balance.report import signed_percent

    ax = Figure().add_subplot()
    ax.set_ylim(-0.016, 0.021)
    ax.set_yticks([-0.015, -0.01, -0.005, 0.0, 0.005, 0.01, 0.015, 0.02])
    label = signed_percent(ax)
    texts = [label(v, i) for i, v in enumerate(ax.get_yticks())]
    assert texts == ["-1.5%", "-1.0%", "-0.5%", "0%", "+0.5%", "+1.0%", "+1.5%", "+2.0%"]
    ax.set_yticks([-0.1, 0.0, 0.1])
    assert [label(v, i) for i, v in enumerate(ax.get_yticks())] == ["-10%", "0%", "+10%"]
