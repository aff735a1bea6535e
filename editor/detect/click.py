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


@dataclass(frozen=True)
class ClickReading:
    """The field under a click: its centre and radius (image pixels), the number read (None
    when none could be read) and why not (`problem`); the click itself and radius 0 when no
    printed disc holds it."""

    x: float
    y: float
    r: float
    number: int | None
    problem: str = ""


def read_number_at(image: np.ndarray, x: float, y: float,
                   reader: DigitReader | None = None) -> ClickReading:
    """The field disc under (x, y) on a BGR image and the number printed in it. The image is
    a crop round the click a few fields wide (the field size is measured on it)."""
    crop = np.ascontiguousarray(image)
    if crop.size == 0:
        return ClickReading(x, y, 0.0, None, "the click is outside the scan")
    discs, radius = find_discs(WorkImage.make(crop, None))
    near = [d for d in discs if np.hypot(d.x - x, d.y - y) < 1.1 * radius]
    if not near:
        return ClickReading(x, y, 0.0, None, "no printed field disc was found under "
                            "the click")
    disc = min(near, key=lambda d: np.hypot(d.x - x, d.y - y))
    centre = (disc.x, disc.y, radius)
    reader = reader or DigitReader.bundled()
    if reader is None:
        return ClickReading(*centre, None, "the digit reader is not installed "
                            "(pip install -e '.[detect]')")
    reading = reader.read_fields([clean_crops(crop, disc.x, disc.y, radius)])[0]
    if reading.number is None:
        return ClickReading(*centre, None, "the number in the disc under the click could not "
                            "be read")
    return ClickReading(*centre, reading.number)
