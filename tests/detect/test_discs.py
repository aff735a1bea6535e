"""Field discs: the outline's outer radius, ponds that are no fields, bold blurred numbers."""

from __future__ import annotations

import cv2
import numpy as np

from editor.detect.discs import Disc, _apart, _outer_radius, _suppress, _text_disc

LAND, FILL, INK = (140, 190, 214), (226, 244, 250), (20, 30, 40)


def _lab(img: np.ndarray) -> np.ndarray:
    return cv2.cvtColor(img, cv2.COLOR_BGR2Lab)


def test_the_radius_is_the_outline_s_outer_edge() -> None:
    """Hough may lock on the inner edge of a thick outline; the field's radius (which the
    number reader crops by) is where the outline ends."""
    img = np.full((120, 120, 3), LAND, np.uint8)
    cv2.circle(img, (60, 60), 38, INK, -1, cv2.LINE_AA)
    cv2.circle(img, (60, 60), 32, FILL, -1, cv2.LINE_AA)
    lab = _lab(img)
    fill = tuple(float(v) for v in lab[60, 45])
    for hough in (32.0, 38.0):
        disc = Disc(60.0, 60.0, hough, False, fill, fill)
        assert abs(_outer_radius(lab, disc) - 38) <= 2.5


def test_a_pond_inside_its_shore_is_no_field() -> None:
    """A round pond ringed by its shore has an outline and a band unlike its middle, but its
    core is of one colour: no number, no field."""
    img = np.full((120, 120, 3), LAND, np.uint8)
    cv2.circle(img, (60, 60), 30, (60, 90, 120), -1, cv2.LINE_AA)      # shore
    cv2.circle(img, (60, 60), 15, (96, 52, 28), -1, cv2.LINE_AA)       # water
    assert _text_disc(_lab(img), 60.0, 60.0, 30.0) is None


def test_bold_blurred_digits_covering_most_of_the_core_are_a_field() -> None:
    """On a blurred photograph bold digits may cover three quarters of the core; the fill is
    then the colour of the band round them."""
    img = np.full((120, 120, 3), LAND, np.uint8)
    cv2.circle(img, (60, 60), 30, FILL, -1, cv2.LINE_AA)
    cv2.circle(img, (60, 60), 30, INK, 3, cv2.LINE_AA)
    cv2.putText(img, "48", (36, 72), cv2.FONT_HERSHEY_DUPLEX, 1.1, (30, 20, 150), 6,
                cv2.LINE_AA)
    img = cv2.GaussianBlur(img, (0, 0), 1.6)
    disc = _text_disc(_lab(img), 60.0, 60.0, 30.0)
    assert disc is not None
    assert abs(disc.fill[0] - _lab(np.array([[FILL]], np.uint8))[0, 0, 0]) < 20


def test_of_two_overlapping_discs_the_better_closed_one_is_the_field() -> None:
    """A circle through a field's edge and the bridge leaving it passes the text test; the
    field's own outline closes all round and wins, as printed fields never overlap. Fields
    2.2 radii apart both stay."""
    fill = (230.0, 128.0, 140.0)
    field = Disc(100.0, 100.0, 16.0, False, fill, fill, closed=1.0)
    edge = Disc(118.0, 107.0, 16.0, False, fill, fill, closed=0.72)
    neighbour = Disc(135.0, 100.0, 16.0, False, fill, fill, closed=0.9)
    assert _apart([edge, field], 16.0) == [field]
    assert len(_apart([field, neighbour], 16.0)) == 2


def test_a_tower_s_square_centre_beats_a_larger_circle_beside_it() -> None:
    """A circle through a tower's top edge and the arrow slit above it is larger than the
    tower; the square found from the tower's fill gives the field's centre."""
    fill = (120.0, 170.0, 150.0)
    tower = Disc(100.0, 100.0, 16.0, True, fill, fill)
    circle = Disc(100.0, 90.0, 18.0, False, fill, fill)
    assert _suppress([circle, tower], 16.0) == [tower]
