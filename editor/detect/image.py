"""Load a scan safely: the header is checked before any pixel is decoded.

A file that is not a PNG, JPEG or BMP image, or whose header claims more than `MAX_PIXELS`
pixels, is a finding; memory use never follows a size the file claims.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from editor.detect.codes import SCAN_NOT_IMAGE, SCAN_TOO_LARGE
from editor.i18n import _
from editor.model.findings import Finding
from editor.model.scan_limit import MAX_SCAN_PIXELS, scan_too_large

#: Largest scan accepted: the one limit of the editor, detection and rendering.
MAX_PIXELS = MAX_SCAN_PIXELS
#: Largest file read at all (bytes); a compressed scan of MAX_PIXELS is far smaller.
MAX_FILE_BYTES = 400 * 1024 * 1024

_JPEG_SOF = {0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF}


@dataclass(frozen=True)
class Header:
    kind: str
    width: int
    height: int


def _png(data: bytes) -> Header | None:
    if data[:8] != b"\x89PNG\r\n\x1a\n" or len(data) < 24 or data[12:16] != b"IHDR":
        return None
    w, h = struct.unpack(">II", data[16:24])
    return Header("png", w, h)


def _bmp(data: bytes) -> Header | None:
    if data[:2] != b"BM" or len(data) < 26:
        return None
    w, h = struct.unpack("<ii", data[18:26])
    return Header("bmp", abs(w), abs(h))


def _jpeg(data: bytes) -> Header | None:
    if data[:2] != b"\xff\xd8":
        return None
    i = 2
    while i + 4 <= len(data):
        if data[i] != 0xFF:
            return None
        marker = data[i + 1]
        if marker == 0xFF:
            i += 1
            continue
        if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7:
            i += 2
            continue
        (length,) = struct.unpack(">H", data[i + 2:i + 4])
        if marker in _JPEG_SOF and i + 9 <= len(data):
            h, w = struct.unpack(">HH", data[i + 5:i + 9])
            return Header("jpeg", w, h)
        if length < 2:
            return None
        i += 2 + length
    return None


def read_header(data: bytes) -> Header | None:
    """Format and pixel size from the first bytes of a PNG, JPEG or BMP file, else None."""
    for parse in (_png, _jpeg, _bmp):
        header = parse(data)
        if header is not None:
            return header
    return None


def decode_scan(data: bytes, name: str = "<scan>") -> tuple[np.ndarray | None, list[Finding]]:
    """Decode image bytes to a BGR array after checking the header; findings instead of errors."""
    header = read_header(data[:1 << 20])
    if header is None or header.width < 1 or header.height < 1:
        return None, [SCAN_NOT_IMAGE.at(_("'{name}' is not a PNG, JPEG or BMP image").format(
                                            name=name),
                                        element=name)]
    too_large = scan_too_large(header.width, header.height)
    if too_large:
        return None, [SCAN_TOO_LARGE.at(
            _("'{name}': {problem}").format(name=name, problem=too_large), element=name,
            hint=_("Scale the scan down to at most {limit:.0f} megapixels (about 100 px per cm "
                   "is plenty) or crop it.").format(limit=MAX_PIXELS / 1e6))]
    import cv2

    image = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
    if image is None or image.shape[0] != header.height or image.shape[1] != header.width:
        return None, [SCAN_NOT_IMAGE.at(
            _("'{name}' looks like a {kind} file but its pixels cannot be decoded (truncated or"
              " damaged)").format(name=name, kind=header.kind.upper()), element=name,
            hint=_("Export the scan again as PNG or JPEG."))]
    return image, []


def load_scan(path: str | Path) -> tuple[np.ndarray | None, list[Finding]]:
    """Read and decode a scan file; an unreadable or oversized file is a finding."""
    p = Path(path)
    try:
        size = p.stat().st_size
        if size > MAX_FILE_BYTES:
            return None, [SCAN_TOO_LARGE.at(
                _("'{path}' is {size:.0f} MiB; the limit is {limit} MiB").format(
                    path=p, size=size / 2**20, limit=MAX_FILE_BYTES // 2**20),
                element=str(p))]
        data = p.read_bytes()
    except OSError as exc:
        return None, [SCAN_NOT_IMAGE.at(_("'{path}' cannot be read: {value}").format(
                                            path=p, value=exc.strerror or exc),
                                        element=str(p), hint=_("Check the path and permissions."))]
    return decode_scan(data, str(p))
