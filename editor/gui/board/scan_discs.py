"""The printed field discs of a scan, measured for the canvas (the detector's disc finder).

Before the scale is calibrated (tool K) the canvas sizes its discs from the scan's own printed
circles, so a traced field covers the circle it was placed on: a few square samples of the scan
are handed to `editor.detect.discs.find_discs` and the typical radius of the discs found is the
field radius. Without the detect extra (OpenCV, numpy) nothing is measured and the canvas keeps
its size from the image's width.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRect
from PySide6.QtGui import QImage

#: side of each square sample (scan px; the whole scan when smaller) and their centres, as
#: shares of the scan's width and height
SAMPLE_SIDE = 640
SAMPLE_CENTRES = ((0.5, 0.5), (0.3, 0.3), (0.7, 0.7))
#: fewer discs than this on all samples: no measurement (a scan without printed circles)
MIN_DISCS = 6


def bgr_array(image: QImage) -> Any:
    """The image as a BGR numpy array (numpy comes with the detect extra)."""
    import numpy as np

    image = image.convertToFormat(QImage.Format.Format_BGR888)
    w, h, stride = image.width(), image.height(), image.bytesPerLine()
    data = np.frombuffer(image.constBits(), np.uint8, count=stride * h)
    return data.reshape(h, stride)[:, :w * 3].reshape(h, w, 3).copy()


#: measurements by file key (path, size, modification time): a scan reopened, or shown in
#: several windows, is measured once
_MEASURED: dict[tuple, float | None] = {}
_KEEP = 8


def printed_disc_radius(image: QImage | None, key: tuple | None = None) -> float | None:
    """The radius (scan px) of the field discs printed on the scan, or None when none are
    found or the detect extra is not installed; `key` names the file for the cache. Safe to
    call off the GUI thread."""
    if image is None or image.isNull():
        return None
    if key is not None and key in _MEASURED:
        return _MEASURED[key]
    radius = _measure(image)
    if key is not None:
        if len(_MEASURED) >= _KEEP:
            _MEASURED.pop(next(iter(_MEASURED)))
        _MEASURED[key] = radius
    return radius


def _measure(image: QImage) -> float | None:
    try:
        from editor.detect.discs import WorkImage, find_discs, typical_radius
    except ImportError:  # the detect extra is not installed
        return None
    w, h = image.width(), image.height()
    side = min(SAMPLE_SIDE, w, h)
    radii: list[float] = []
    seen: set[tuple[int, int]] = set()
    for fx, fy in SAMPLE_CENTRES:
        x0 = max(0, min(round(fx * w - side / 2), w - side))
        y0 = max(0, min(round(fy * h - side / 2), h - side))
        if (x0, y0) in seen:
            continue
        seen.add((x0, y0))
        crop = bgr_array(image.copy(QRect(x0, y0, side, side)))
        work = WorkImage.make(crop, None)
        discs, _ = find_discs(work)
        radii += [d.r / work.factor for d in discs]
    if len(radii) < MIN_DISCS:
        return None
    return typical_radius(radii)
