"""`conquest detect`: a draft file that validates, and findings (exit 1) for bad scans."""

from __future__ import annotations

import json

import cv2

from editor.cli.main import main
from editor.detect.synthetic import PRINT, draw_board
from editor.model import load_board


def test_detect_writes_a_draft_that_validates(tmp_path, synthetic_board, capsys) -> None:
    scan = tmp_path / "scans" / "my board.png"
    scan.parent.mkdir()
    cv2.imwrite(str(scan), draw_board(synthetic_board, PRINT, radius=18, island=1.5))
    out = tmp_path / "draft.board.json"
    assert main(["detect", str(scan), "--scale", "50", "-o", str(out)]) == 0
    assert "all unconfirmed" in capsys.readouterr().out
    loaded = load_board(out)
    assert loaded.model is not None and not loaded.findings
    board = loaded.model
    assert board.image is not None and board.image.path == "scans/my board.png"
    assert (board.image.width, board.image.height) == (synthetic_board.image.width,
                                                      synthetic_board.image.height)
    assert board.scale is not None and board.scale.px_per_cm == 50
    assert board.name == "my board"
    assert json.loads(out.read_text())["fields"][0]["unconfirmed"] is True
    assert main(["validate", str(out)]) == 0  # warnings only
    text = capsys.readouterr().out
    assert "UNCONFIRMED" in text and " error " not in text


def test_not_an_image_exits_1_with_a_finding(tmp_path, capsys) -> None:
    bad = tmp_path / "scan.png"
    bad.write_bytes(b"GIF89a not what it claims")
    assert main(["detect", str(bad), "-o", str(tmp_path / "d.board.json")]) == 1
    err = capsys.readouterr().err
    assert "SCAN_NOT_IMAGE" in err and "scan.png" in err
    assert not (tmp_path / "d.board.json").exists()


def test_usage_errors_exit_2(tmp_path, capsys) -> None:
    assert main(["detect", str(tmp_path / "missing.png"), "-o", str(tmp_path / "d.json")]) == 2
    assert main(["detect", str(tmp_path / "missing.png"), "--scale", "-3",
                 "-o", str(tmp_path / "d.json")]) == 2
    assert "--scale" in capsys.readouterr().err


def test_output_folder_is_made_like_balance_does(tmp_path, synthetic_board, capsys) -> None:
    scan = tmp_path / "scan.png"
    cv2.imwrite(str(scan), draw_board(synthetic_board, PRINT, radius=18, island=1.5))
    out = tmp_path / "drafts" / "new" / "draft.board.json"
    assert main(["detect", str(scan), "-o", str(out)]) == 0
    board = load_board(out).model
    assert board is not None and board.image.path == "../../scan.png"


def test_output_under_a_file_is_a_usage_error(tmp_path, capsys) -> None:
    (tmp_path / "taken").write_text("x")
    scan = tmp_path / "scan.png"
    scan.write_bytes(b"")
    assert main(["detect", str(scan), "-o", str(tmp_path / "taken" / "d.board.json")]) == 2
    assert "is a file, not a folder" in capsys.readouterr().err


def test_scan_over_the_one_limit_is_too_large(tmp_path, capsys) -> None:
    """`conquest detect` refuses what the editor refuses (`editor.model.scan_limit`), saying
    the scan is too large and by how much, not that it is missing."""
    import struct
    import zlib

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    scan = tmp_path / "big.png"
    scan.write_bytes(b"\x89PNG\r\n\x1a\n"
                     + chunk(b"IHDR", struct.pack(">IIBBBBB", 8100, 8100, 8, 2, 0, 0, 0))
                     + chunk(b"IDAT", zlib.compress(b"\0" * 64)) + chunk(b"IEND", b""))
    assert main(["detect", str(scan), "-o", str(tmp_path / "d.board.json")]) == 1
    out = capsys.readouterr()
    text = out.out + out.err
    assert "too large" in text and "1.6 megapixels over the limit of 64" in text
    assert "missing" not in text
