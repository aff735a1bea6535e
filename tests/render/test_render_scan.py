"""Issue 12 (hardening): scans are read within a pixel limit taken from the image header, and
a scan that is not shown says why (missing, refused for its size, not decodable)."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

from PySide6.QtGui import QColor, QImage

from editor.render.painter import ensure_gui_application
from editor.render.scan import MAX_SCAN_PIXELS, read_scan


def png_header_only(path: Path, width: int, height: int) -> Path:
    """A PNG whose header claims width x height (a decompression bomb's header; the pixel
    data is a tiny stub, so nothing here costs memory)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr)
                     + chunk(b"IDAT", zlib.compress(b"\0" * 64)) + chunk(b"IEND", b""))
    return path


def test_image_over_the_pixel_limit_is_refused_from_its_header(tmp_path: Path) -> None:
    ensure_gui_application()
    path = png_header_only(tmp_path / "bomb.png", 30000, 30000)
    scan = read_scan(str(path))
    assert scan.image is None and scan.problem == "refused"
    assert "30000 x 30000" in scan.reason and "900.0 megapixels" in scan.reason
    assert "too large" in scan.reason and "836.0 megapixels over" in scan.reason
    assert f"{MAX_SCAN_PIXELS / 1e6:.0f} megapixels" in scan.reason


def test_missing_and_unreadable_scans_say_so(tmp_path: Path) -> None:
    ensure_gui_application()
    assert read_scan(str(tmp_path / "none.png")).problem == "missing"
    assert read_scan(str(tmp_path / ("x" * 300))).problem == "missing"
    junk = tmp_path / "junk.png"
    junk.write_bytes(b"not an image at all")
    scan = read_scan(str(junk))
    assert scan.problem == "unreadable" and "can read" in scan.reason


def test_scan_within_the_limit_is_read(tmp_path: Path) -> None:
    ensure_gui_application()
    image = QImage(40, 30, QImage.Format.Format_RGB32)
    image.fill(QColor("#123456"))
    path = tmp_path / "ok.png"
    image.save(str(path))
    scan = read_scan(str(path))
    assert scan.problem is None and scan.image is not None
    assert (scan.image.width(), scan.image.height()) == (40, 30)
    assert read_scan(str(path), max_pixels=1000).problem == "refused"
