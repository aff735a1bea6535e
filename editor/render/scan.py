"""Reading a scan image with a documented size limit (issue 12).

The image header is read first (`QImageReader.size()`); an image above `MAX_SCAN_PIXELS` is
refused without decoding it, so memory never follows a size a file claims. A refusal or a
failed decode comes back with the reason, never as a plain "not found".
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PySide6.QtGui import QImage, QImageReader

from editor.model.scan_limit import MAX_SCAN_PIXELS, scan_too_large

__all__ = ["MAX_SCAN_PIXELS", "ScanRead", "probe_scan", "read_scan"]


@dataclass(frozen=True)
class ScanRead:
    """The decoded image, or None with `problem` saying why: 'missing' (no such file),
    'refused' (over the pixel limit) or 'unreadable' (not an image Qt decodes), and `reason`
    in words."""

    image: QImage | None
    problem: str | None = None
    reason: str = ""


def probe_scan(path: str, max_pixels: int = MAX_SCAN_PIXELS) -> ScanRead | None:
    """Why the scan at `path` would not be shown, from its header alone (nothing decoded):
    a ScanRead with `problem` 'missing', 'refused' or 'unreadable', or None when it looks fine."""
    try:
        exists = Path(path).is_file()
    except (OSError, ValueError):
        exists = False
    if not exists:
        return ScanRead(None, "missing", "no such file")
    reader = QImageReader(path)
    size = reader.size()
    too_large = scan_too_large(size.width(), size.height(), max_pixels) \
        if size.isValid() else None
    if too_large:
        return ScanRead(None, "refused", too_large)
    if not reader.canRead():
        return ScanRead(None, "unreadable",
                        f"not an image the editor can read ({reader.errorString()})")
    return None


def read_scan(path: str, max_pixels: int = MAX_SCAN_PIXELS) -> ScanRead:
    """Read the scan at `path` within the pixel limit; never raises for a bad file."""
    problem = probe_scan(path, max_pixels)
    if problem is not None:
        return problem
    reader = QImageReader(path)
    image = reader.read()
    if image.isNull():
        return ScanRead(None, "unreadable",
                        f"not an image the editor can read ({reader.errorString()})")
    return ScanRead(image)
