"""Trace's field tools read the number printed under the click on the scan (the detector's
digit reader): the field gets that number and its id from it; a disc whose number cannot be
read is said so, in the status bar and the validation panel."""

from __future__ import annotations

import cv2
import pytest

from editor.detect.image import load_scan
from editor.model import load_board
from editor.resources import data_dir

pytest.importorskip("onnxruntime")

#: a part of the conquest-2p bench scan: (x0, y0, x1, y1)
WINDOW = (600, 900, 1500, 1600)


@pytest.fixture
def bench_crop(tmp_path):
    image, _ = load_scan(data_dir("boards") / "scans" / "conquest-2p.png")
    board = load_board(data_dir("boards") / "conquest-2p.board.json").model
    x0, y0, x1, y1 = WINDOW
    path = tmp_path / "scan.png"
    cv2.imwrite(str(path), image[y0:y1, x0:x1])
    inside = [f for f in board.fields if x0 + 80 < f.x < x1 - 80 and y0 + 80 < f.y < y1 - 80
              and f.number is not None]
    return path, [(f.x - x0, f.y - y0, f.number) for f in inside]


def test_fields_placed_on_printed_discs_get_the_printed_number_and_id(make_window, drive,
                                                                       bench_crop) -> None:
    path, discs = bench_crop
    w = make_window()
    assert w.files.new_from_scan(str(path))
    ui = drive(w)
    ui.one_to_one()
    w.trace.set_tool("land")
    placed = discs[:5]
    assert len(placed) == 5
    for x, y, _ in placed:
        ui.click(round(x + 6), round(y - 4))   # a little off the centre, as a hand clicks
    fields = w.doc.board.fields
    assert [f.number for f in fields] == [n for _, _, n in placed]
    assert [f.id for f in fields] == [str(n) for _, _, n in placed]
    for f, (x, y, _) in zip(fields, placed, strict=True):
        assert abs(f.x - x) < 4 and abs(f.y - y) < 4   # snapped to the printed disc's centre


def test_a_field_whose_number_cannot_be_read_says_so(make_window, drive, bench_crop) -> None:
    path, discs = bench_crop
    image = cv2.imread(str(path))
    x, y, _ = discs[0]
    fill = image[round(y), round(x) - 25].tolist()          # the disc's fill, left of the digits
    cv2.rectangle(image, (round(x) - 20, round(y) - 16), (round(x) + 20, round(y) + 16), fill, -1)
    cv2.line(image, (round(x) - 14, round(y)), (round(x) + 14, round(y)), (40, 40, 40), 4)
    cv2.imwrite(str(path), image)                             # a dash where the number was
    w = make_window()
    assert w.files.new_from_scan(str(path))
    ui = drive(w)
    ui.one_to_one()
    w.trace.set_tool("land")
    ui.click(round(x), round(y))
    (field,) = w.doc.board.fields
    assert field.number is None
    assert "could not be read" in w.statusBar().currentMessage()
    w.validation.refresh()
    unread = [f for f in w.validation.findings if f.code == "SCAN_NUMBER_UNREAD"]
    assert [f.element for f in unread] == [field.id]


def test_where_no_disc_is_printed_the_next_free_number_is_used(make_window, drive,
                                                               bench_crop) -> None:
    path, _ = bench_crop
    w = make_window()
    assert w.files.new_from_scan(str(path))
    ui = drive(w)
    ui.one_to_one()
    w.trace.set_tool("sea")
    ui.click(20, 20)   # open sea in the corner: no printed disc there
    (field,) = w.doc.board.fields
    assert (field.number, field.id) == (1, "1")
