"""Issue 12 (hardening), editor: a board that claims a huge scan never makes the editor
allocate by the claimed size, and a refused scan says why (failures 5 and 12)."""

from __future__ import annotations

import resource
import struct
import zlib
from pathlib import Path

from editor.model import edit as E
from editor.model import save_board
from editor.model.board import Board, ScanImage


def bomb_header(path: Path, size: int) -> None:
    """A PNG header claiming size x size pixels (no real pixel data)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    path.write_bytes(b"\x89PNG\r\n\x1a\n"
                     + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0))
                     + chunk(b"IDAT", zlib.compress(b"\0" * 64)) + chunk(b"IEND", b""))


def board_claiming(folder: Path, scan: str, size: int = 30000) -> Path:
    board = Board(name="Huge", image=ScanImage(path=scan, width=size, height=size))
    E.add_field(board, 100, 100)
    path = folder / "huge.board.json"
    save_board(board, path)
    return path


def _rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def test_missing_huge_scan_gets_a_tiny_placeholder(make_window, tmp_path, ui) -> None:
    before = _rss_mb()
    w = make_window(str(board_claiming(tmp_path, "gone.png")))
    background = w.trace.scene.background
    assert background is not None
    assert (background.size.width(), background.size.height()) == (30000, 30000)
    assert background.levels[0].width() == 1  # drawn from one pixel, not 30000 x 30000
    assert _rss_mb() - before < 500  # the former placeholder took 3.6 GB
    w.validation.refresh()
    finding = next(f for f in w.validation.findings if f.code.startswith("SCAN_"))
    assert finding.code == "SCAN_MISSING" and "not found" in finding.message


def test_refused_scan_says_why(make_window, tmp_path, ui) -> None:
    bomb_header(tmp_path / "bomb.png", 30000)
    w = make_window(str(board_claiming(tmp_path, "bomb.png")))
    assert w.trace.scene.background.levels[0].width() == 1
    w.validation.refresh()
    finding = next(f for f in w.validation.findings if f.code.startswith("SCAN_"))
    assert finding.code == "SCAN_REFUSED"
    assert "30000 x 30000" in finding.message and "megapixels" in finding.message
    assert "not found" not in finding.message
    assert [k for k, _ in ui.calls] == ["warning"]
    assert "30000 x 30000" in ui.calls[0][1] and "too large" in ui.calls[0][1]


def test_scan_just_over_the_one_limit_is_too_large_not_missing(make_window, tmp_path, ui
                                                                ) -> None:
    """The editor and `conquest detect` share one limit (`editor.model.scan_limit`): a scan
    detection refuses is one the editor refuses, and both say it is too large, by how much."""
    bomb_header(tmp_path / "big.png", 8100)  # 65.6 megapixels, 1.6 over the limit
    w = make_window(str(board_claiming(tmp_path, "big.png", 8100)))
    w.validation.refresh()
    finding = next(f for f in w.validation.findings if f.code.startswith("SCAN_"))
    assert finding.code == "SCAN_REFUSED"
    assert "too large" in finding.message and "1.6 megapixels over" in finding.message
    assert "missing" not in finding.message and "not found" not in finding.message
