"""Loading a scan: header checks before decoding; bad files are findings, never crashes."""

from __future__ import annotations

import struct
import zlib

import cv2
import numpy as np

from editor.detect.image import MAX_PIXELS, decode_scan, load_scan, read_header


def _png_header(width: int, height: int) -> bytes:
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    chunk = b"IHDR" + ihdr
    return (b"\x89PNG\r\n\x1a\n" + struct.pack(">I", len(ihdr)) + chunk
            + struct.pack(">I", zlib.crc32(chunk)))


def test_headers_of_png_jpeg_and_bmp_are_read_without_decoding() -> None:
    image = np.zeros((30, 50, 3), np.uint8)
    for ext, kind in ((".png", "png"), (".jpg", "jpeg"), (".bmp", "bmp")):
        ok, data = cv2.imencode(ext, image)
        assert ok
        header = read_header(data.tobytes())
        assert header is not None and (header.kind, header.width, header.height) == (kind, 50, 30)


def test_text_file_is_not_an_image(tmp_path) -> None:
    path = tmp_path / "notes.png"
    path.write_text("not an image at all")
    image, findings = load_scan(path)
    assert image is None
    assert [f.code for f in findings] == ["SCAN_NOT_IMAGE"]
    assert "notes.png" in findings[0].message


def test_huge_claimed_size_is_refused_before_decoding() -> None:
    """A 60-byte file claiming 100000 x 100000 px never reaches the decoder."""
    data = _png_header(100_000, 100_000) + b"\x00" * 16
    image, findings = decode_scan(data, "bomb.png")
    assert image is None
    assert [f.code for f in findings] == ["SCAN_TOO_LARGE"]
    assert "100000 x 100000" in findings[0].message
    assert MAX_PIXELS < 100_000 * 100_000


def test_truncated_png_is_a_finding() -> None:
    _, data = cv2.imencode(".png", np.full((40, 40, 3), 200, np.uint8))
    image, findings = decode_scan(data.tobytes()[:60], "cut.png")
    assert image is None
    assert [f.code for f in findings] == ["SCAN_NOT_IMAGE"]


def test_missing_file_is_a_finding(tmp_path) -> None:
    image, findings = load_scan(tmp_path / "nowhere.png")
    assert image is None and findings[0].code == "SCAN_NOT_IMAGE"
