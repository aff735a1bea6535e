"""Every line style a printed board uses: dashed, dotted and curved lanes in light or dark
colours over sea, thin and thick roads (the Pillow styles of `editor.detect.styles`, on their
tuning seeds; the bench scores them on other seeds and boards)."""

from __future__ import annotations

import numpy as np
import pytest

from editor.detect import detect_board
from editor.detect.lines import line_profile
from editor.detect.score import score
from editor.detect.styles import STYLES, TUNING_SEEDS, draw_styled
from editor.model.board import ConnectionKind


@pytest.mark.parametrize("style", STYLES, ids=lambda s: s.name.split()[0])
def test_lanes_of_every_style_are_found(synthetic_board, style) -> None:
    scan, truth = draw_styled(synthetic_board, style, TUNING_SEEDS[0], field_spacing=80)
    draft = detect_board(scan).board
    assert draft is not None
    s = score(truth, draft)
    assert s.field_recall >= 0.95 and s.field_precision >= 0.95
    # a small dense board (80 px apart, short dashed lanes): the bench holds the 95 % goals
    assert s.kind_recall(ConnectionKind.SEA_LANE) >= 0.7
    assert s.kind_precision(ConnectionKind.SEA_LANE) >= 0.9
    assert s.connection_precision >= 0.9


def test_a_curved_line_is_seen_along_its_bend_not_along_its_chord() -> None:
    lab = np.full((200, 300, 3), (200, 128, 128), np.float32)
    p, q = np.array([50.0, 100.0]), np.array([250.0, 100.0])
    s = np.linspace(0, 1, 400)
    xs = 50 + 200 * s
    ys = 100 + 4 * 0.15 * 200 * s * (1 - s)             # bent 0.15 lengths to one side
    for x, y in zip(xs, ys, strict=True):
        lab[round(y) - 1:round(y) + 2, round(x)] = (40, 128, 128)
    straight, _, _ = line_profile(lab, p, q, 20.0, None)
    bent, _, _ = line_profile(lab, p, q, 20.0, None, bend=0.15)
    assert straight.mean() < 0.2 and bent.mean() > 0.9
