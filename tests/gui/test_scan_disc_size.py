"""Before the scale is calibrated, Trace sizes its discs from the circles printed on the scan
(the detector's disc finder, `editor.gui.board.scan_discs`) and the status bar asks for the
calibration (K); once calibrated, the scale sizes them (0.9 cm printed circles)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

pytest.importorskip("cv2")


def _scan(path, r: int, w: int = 1600, h: int = 1200) -> None:
    """Numbered light discs of radius r with a dark outline over green land."""
    img = np.full((h, w, 3), (120, 170, 90), np.uint8)
    n = 1
    for y in range(80, h - 60, 110):
        for x in range(80 + (y // 110 % 2) * 50, w - 60, 120):
            cv2.circle(img, (x, y), r, (235, 235, 225), -1, cv2.LINE_AA)
            cv2.circle(img, (x, y), r, (30, 30, 30), 2, cv2.LINE_AA)
            text = str(n)
            n += 1
            (tw, th), _ = cv2.getTextSize(text, cv2.FONT_HERSHEY_SIMPLEX, r / 44, 1)
            cv2.putText(img, text, (x - tw // 2, y + th // 2), cv2.FONT_HERSHEY_SIMPLEX, r / 44,
                        (20, 20, 20), 1, cv2.LINE_AA)
    cv2.imwrite(str(path), img)


@pytest.mark.parametrize("printed", [15, 30])
def test_discs_take_the_size_of_the_printed_circles_until_calibrated(make_window, drive, ui,
                                                                     tmp_path, printed) -> None:
    path = tmp_path / "scan.png"
    _scan(path, printed)
    w = make_window()
    assert w.files.new_from_scan(str(path))
    scene = w.trace.scene
    assert scene.scan_radius == pytest.approx(printed, rel=0.2)
    assert scene.radius == pytest.approx(printed, rel=0.2)   # not 1600 / 120 = 13.3
    prompt = w.trace.scale_label
    assert not prompt.isHidden() and "press K to calibrate" in prompt.text()
    assert f"radius {scene.scan_radius:.0f} px" in prompt.text()

    d = drive(w)
    d.one_to_one()
    ui.number = 10.0                        # the two points are 300 px = 10 cm apart
    w.trace.set_tool("scale")
    d.click(100, 400)
    d.click(400, 400)
    assert w.doc.board.scale.px_per_cm == 30
    assert scene.radius == pytest.approx(0.45 * 30)
    assert prompt.isHidden()


def test_a_scan_without_printed_circles_keeps_the_size_from_its_width(make_window,
                                                                      tmp_path) -> None:
    path = tmp_path / "blank.png"
    cv2.imwrite(str(path), np.full((1200, 1600, 3), 200, np.uint8))
    w = make_window()
    assert w.files.new_from_scan(str(path))
    assert w.trace.scene.scan_radius is None
    assert w.trace.scene.radius == pytest.approx(1600 / 120)
    assert w.trace.scale_label.text().strip() == "Scale not calibrated: press K to calibrate"
