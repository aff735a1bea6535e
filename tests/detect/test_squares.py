"""Tower fields (CASTLE-1, BF-7) whose bold number cuts their square fill into pieces."""

from __future__ import annotations

import cv2
import numpy as np

from editor.detect.discs import WorkImage, _flat_regions, find_discs
from editor.detect.squares import split_squares

LAND, FILL, INK = (120, 170, 200), (235, 245, 250), (20, 20, 20)


def _number(img: np.ndarray, text: str, x: int, y: int, width: float) -> None:
    """`text` centred at (x, y), bold, about `width` pixels wide."""
    font = cv2.FONT_HERSHEY_DUPLEX
    scale = width / cv2.getTextSize(text, font, 1.0, 4)[0][0]
    (w, h), _ = cv2.getTextSize(text, font, scale, 4)
    cv2.putText(img, text, (x - w // 2, y + h // 2), font, scale, INK, 4, cv2.LINE_AA)


def _scan(number_width: float) -> tuple[np.ndarray, tuple[int, int]]:
    """Land with five numbered discs and one tower whose number is `number_width` of its
    side; returns the scan and the tower's centre."""
    img = np.full((360, 560, 3), LAND, np.uint8)
    for k, (x, y) in enumerate([(70, 80), (190, 80), (310, 80), (430, 80), (70, 260)]):
        cv2.circle(img, (x, y), 36, FILL, -1, cv2.LINE_AA)
        cv2.circle(img, (x, y), 36, INK, 3, cv2.LINE_AA)
        _number(img, str(20 + k), x, y, 34)
    tower = (300, 250)
    side = 64
    cv2.rectangle(img, (tower[0] - side // 2, tower[1] - side // 2),
                  (tower[0] + side // 2, tower[1] + side // 2), FILL, -1)
    cv2.rectangle(img, (tower[0] - side // 2, tower[1] - side // 2),
                  (tower[0] + side // 2, tower[1] + side // 2), INK, 3)
    _number(img, "388", *tower, number_width * side)
    return img, tower


def test_a_tower_whose_number_splits_its_fill_is_found() -> None:
    """CASTLE-1: a bold number spanning the square leaves its fill in pieces above and below
    it; joined, they are a square of field size with the number in its middle."""
    img, (tx, ty) = _scan(0.95)
    work = WorkImage(img, cv2.cvtColor(img, cv2.COLOR_BGR2Lab), 1.0)
    labels, stats = _flat_regions(work)
    assert labels[ty - 24, tx] != labels[ty + 24, tx]     # the fill is in pieces
    found = split_squares(labels, stats, work.lab, 33.0)
    assert len(found) == 1
    x, y, _ = found[0]
    assert abs(x - tx) < 4 and abs(y - ty) < 4


def test_find_discs_keeps_the_split_tower_as_a_square() -> None:
    img, (tx, ty) = _scan(0.95)
    discs, _ = find_discs(WorkImage.make(img, None), img)
    squares = [d for d in discs if d.square]
    assert len(discs) == 6 and len(squares) == 1
    assert abs(squares[0].x - tx) < 4 and abs(squares[0].y - ty) < 4


def test_discs_and_plain_land_are_not_towers() -> None:
    """Split disc fills are round (their hull does not fill its box); land is no field."""
    img = np.full((200, 300, 3), LAND, np.uint8)
    for x in (80, 220):
        cv2.circle(img, (x, 100), 36, FILL, -1, cv2.LINE_AA)
        cv2.circle(img, (x, 100), 36, INK, 3, cv2.LINE_AA)
        _number(img, "888", x, 100, 66)
    work = WorkImage(img, cv2.cvtColor(img, cv2.COLOR_BGR2Lab), 1.0)
    assert split_squares(*_flat_regions(work), work.lab, 33.0) == []
