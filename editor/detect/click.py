"""Read the number printed in the field disc under a click (Trace's field tools).

The discs on a crop round the click are found by the detector's own disc finder (`discs`),
so the field size is measured, not guessed; the disc holding the click is read by the same
reader and the same cleaning as `detect_board` (`digits`).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from editor.detect.digits import DigitReader, clean_crops
from editor.detect.discs import WorkImage, find_discs

#: The crop round a click, in radius hints: wide enough to hold a few discs to measure.
CROP_RADII = 6.0


@dataclass(frozen=True)
class ClickReading:
    """The field under a click: its centre and radius (image pixels), the number read (None
    when none could be read) and why not (`problem`); the click itself when no disc holds
    it."""

    x: float
    y: float
    r: float
    number: int | None
    problem: str = ""


def read_number_at(image: np.ndarray, x: float, y: float, radius_hint: float,
                   reader: DigitReader | None = None) -> ClickReading:
    """The field disc under (x, y) on a BGR image and the number printed in it.

    `radius_hint` (about a field's radius) only sizes the crop that is searched."""
    h, w = image.shape[:2]
    half = int(CROP_RADII * max(radius_hint, 4.0)) + 2
    x0, y0 = max(0, int(x) - half), max(0, int(y) - half)
    crop = image[y0:min(h, int(y) + half + 1), x0:min(w, int(x) + half + 1)]
    if crop.size == 0:
        return ClickReading(x, y, radius_hint, None, "the click is outside the scan")
    discs, radius = find_discs(WorkImage.make(np.ascontiguousarray(crop), None))
    near = [d for d in discs if np.hypot(d.x + x0 - x, d.y + y0 - y) < 1.1 * radius]
    if not near:
        return ClickReading(x, y, radius_hint, None, "no printed field disc was found under "
                            "the click")
    disc = min(near, key=lambda d: np.hypot(d.x + x0 - x, d.y + y0 - y))
    centre = (disc.x + x0, disc.y + y0, radius)
    reader = reader or DigitReader.bundled()
    if reader is None:
        return ClickReading(*centre, None, "the digit reader is not installed "
                            "(pip install -e '.[detect]')")
    reading = reader.read_fields([clean_crops(crop, disc.x, disc.y, radius)])[0]
    if reading.number is None:
        return ClickReading(*centre, None, "the number in the disc under the click could not "
                            "be read")
    return ClickReading(*centre, reading.number)
