"""Number crops: digits that touch the field's outline stay, the outline goes."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from editor.detect.digits import DigitReader, _rim_ink, clean_crops

DATA = Path(__file__).resolve().parents[1] / "data"

PAPER, FILL, INK = (142, 192, 214), (222, 243, 250), (30, 58, 92)


#: The disc as the detector finds it: its centre a pixel off, its radius the outline's.
X, Y, R = 61.0, 59.0, 23.0


def _field_with_touching_one() -> np.ndarray:
    """A disc (radius 22, outline 3 px) whose outline a wide number touches: a "1" at the
    left whose serif foot runs into the outline (as Bookman's does), a "0" in the middle, a
    bar at the right."""
    img = np.full((120, 120, 3), PAPER, np.uint8)
    cv2.circle(img, (60, 60), 22, FILL, -1)
    cv2.circle(img, (60, 60), 21, INK, 3)
    cv2.rectangle(img, (44, 51), (47, 66), INK, -1)       # the 1's stem
    cv2.rectangle(img, (40, 64), (50, 67), INK, -1)       # its foot, on the outline
    cv2.ellipse(img, (58, 59), (5, 8), 0, 0, 360, INK, 3)
    cv2.rectangle(img, (68, 51), (71, 67), INK, -1)
    return img


def test_the_outline_is_rim_ink_and_the_digits_are_not() -> None:
    """The outline is found per direction though a digit's foot joins it and the centre
    is a pixel off; the digits stay."""
    img = _field_with_touching_one()
    h, w = img.shape[:2]
    fill = np.array(FILL)
    ink = np.abs(img.astype(int) - fill).sum(axis=2) > 60
    yy, xx = np.mgrid[0:h, 0:w]
    rho = np.hypot(xx - X, yy - Y) / R
    rim = _rim_ink(ink, rho, X, Y, R)
    assert rim[60, 81] and rim[39, 60] and rim[60, 39]    # the outline: right, top, left
    assert not rim[58, 45] and not rim[58, 70]            # the 1's stem, the bar


@pytest.mark.parametrize(("name", "x", "y", "r", "number"), [
    ("bookman-105.png", 30.5, 29.5, 22.7, 105),   # a designer's engraved scan
    ("bookman-624.png", 40.5, 39.6, 31.5, 624),   # the parchment bench style
])
def test_bookman_numbers_touching_the_outline_read_whole(name, x, y, r, number) -> None:
    """Numbers set in URW Bookman reach the outline: the leading "1" was lost with the ring
    ("105" read "5"), and the bowl of a "6" that follows the outline must stay ("624", not
    "324"). Centre and radius as the detector found them."""
    reader = DigitReader.bundled()
    if reader is None:
        pytest.skip("the detect extra is not installed")
    img = cv2.imread(str(DATA / "scans" / name))
    assert reader.read_fields([clean_crops(img, x, y, r)])[0].number == number
