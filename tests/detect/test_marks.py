"""One-way marks (BF-6, OBST-1, OBST-2): V shapes across a road pointing the way it may be
taken, proposed on the road by the detector."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from editor.detect.marks import one_way_end

R = 20.0
GROUND, INK = (200, 190, 140), (40, 40, 40)


def _road(vees: int = 0, towards: int = 1, angle: float = 30.0,
          size: float = 0.6, length: float = 240.0, pen: int = 3) -> tuple[np.ndarray, ...]:
    """A Lab image of a road from p to q, oblique, with `vees` Vs pointing to q (towards=1)
    or to p (-1)."""
    img = np.full((260, 360, 3), GROUND, np.uint8)
    a = np.radians(angle)
    p = np.array([60.0, 200.0])
    q = p + length * np.array([np.cos(a), -np.sin(a)])
    cv2.line(img, tuple(map(int, p)), tuple(map(int, q)), INK, 3, cv2.LINE_AA)
    u = (q - p) / length * towards
    n = np.array([-u[1], u[0]])
    for k in range(vees):
        tip = (p + q) / 2 + u * (k - (vees - 1) / 2) * size * R
        for side in (1, -1):
            arm = tip - u * size * R + side * n * size * R
            cv2.line(img, tuple(map(int, arm)), tuple(map(int, tip)), INK, pen, cv2.LINE_AA)
    return cv2.cvtColor(img, cv2.COLOR_BGR2Lab), p, q


@pytest.mark.parametrize("vees", [1, 2, 3])
def test_vees_point_the_way_of_a_one_way_road(vees) -> None:
    lab, p, q = _road(vees, towards=1)
    assert one_way_end(lab, p, q, R) == 1
    assert one_way_end(lab, q, p, R) == -1
    lab, p, q = _road(vees, towards=-1)
    assert one_way_end(lab, p, q, R) == -1


def test_a_plain_road_or_a_crossing_line_is_no_mark() -> None:
    lab, p, q = _road(0)
    assert one_way_end(lab, p, q, R) == 0
    img = cv2.cvtColor(lab, cv2.COLOR_Lab2BGR)
    mid, d = (p + q) / 2, (q - p) / 240
    n = np.array([-d[1], d[0]])
    cv2.line(img, tuple(map(int, mid - 60 * n)), tuple(map(int, mid + 60 * n)), INK, 3)
    assert one_way_end(cv2.cvtColor(img, cv2.COLOR_BGR2Lab), p, q, R) == 0


def test_roads_fanning_out_from_a_field_are_no_mark() -> None:
    """Neighbouring roads leaving a field at small angles on both sides look like the arms of
    a V near the field; their ink runs on into the disc, a V's does not."""
    img = np.full((260, 360, 3), GROUND, np.uint8)
    p, q = np.array([40.0, 130.0]), np.array([300.0, 130.0])
    for deg in (-25, 0, 25):
        a = np.radians(deg)
        end = p + 260 * np.array([np.cos(a), np.sin(a)])
        cv2.line(img, tuple(map(int, p)), tuple(map(int, end)), INK, 3, cv2.LINE_AA)
    cv2.circle(img, tuple(map(int, p)), int(R), (250, 250, 250), -1)
    assert one_way_end(cv2.cvtColor(img, cv2.COLOR_BGR2Lab), p, q, R) == 0


def test_large_vees_on_a_short_road_are_a_mark() -> None:
    """Vs reaching well aside fill much of the band round a short road; it is still no bar
    (ink aside along most of the road)."""
    lab, p, q = _road(2, towards=1, size=1.1, length=4.6 * R, angle=0.0, pen=6)
    assert one_way_end(lab, p, q, R) == 1
