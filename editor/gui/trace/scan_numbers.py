"""The number printed under a click on the scan shown in Trace (the detector's digit reader).

The pixels come from the scan the scene already shows (a crop of its pixmap); nothing is read
from disk again. Without the detect extra, or without a scan, there is nothing to read and the
field tools number fields as before.
"""

from __future__ import annotations

from PySide6.QtCore import QRect

from editor.gui.board.scan_discs import bgr_array
from editor.gui.board.scene import BoardScene

#: The crop handed to the reader: this many field radii round the click, at least
#: `CROP_SHARE` of the scan's long side and `CROP_MIN` px (the disc size is measured on it,
#: so it must hold a few discs even before the scale is calibrated).
CROP_RADII, CROP_SHARE, CROP_MIN = 7, 0.06, 160


def read_number_under(scene: BoardScene, x: float, y: float):
    """A `ClickReading` (editor.detect.click) for the disc under (x, y) on the scan, or None
    when no scan is shown or the detect extra is not installed."""
    if scene.background is None:
        return None
    try:
        from editor.detect.click import read_number_at
    except ImportError:  # OpenCV missing: the detect extra is not installed
        return None
    pixmap = scene.background.levels[0]
    half = int(max(CROP_RADII * scene.radius, CROP_MIN,
                   CROP_SHARE * max(pixmap.width(), pixmap.height())))
    if not (0 <= x < pixmap.width() and 0 <= y < pixmap.height()):
        return None
    # moved inside the scan rather than cut at its edge: the crop keeps a few discs
    x0 = max(0, min(int(x) - half, pixmap.width() - 2 * half - 1))
    y0 = max(0, min(int(y) - half, pixmap.height() - 2 * half - 1))
    rect = QRect(x0, y0, 2 * half + 1, 2 * half + 1) & pixmap.rect()
    crop = bgr_array(pixmap.copy(rect).toImage())
    reading = read_number_at(crop, x - rect.x(), y - rect.y())
    return type(reading)(reading.x + rect.x(), reading.y + rect.y(), reading.r, reading.number,
                         reading.problem)
