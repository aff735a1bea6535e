"""Bench scan styles: fonts by name with fallbacks, towers in their own colours."""

from __future__ import annotations

import numpy as np
from PIL import ImageFont

from editor.detect.styles import PARCHMENT, UNTUNED, _font, draw_styled


def test_the_first_font_found_of_a_style_s_alternatives_is_used() -> None:
    font = _font("NoSuchFont-Bold.otf|DejaVuSans-Bold.ttf", 20)
    assert isinstance(font, ImageFont.FreeTypeFont)
    assert font.getname()[0] == "DejaVu Sans"


def test_parchment_towers_are_red_squares_with_light_numbers(synthetic_board) -> None:
    """The towers of the engraved parchment (CASTLE-1) are drawn in the style's tower fill,
    other fields in theirs."""
    board = synthetic_board.model_copy(deep=True)
    tower = board.fields[9]
    from editor.model.board import Castle, Tower

    board.castles = [Castle(id="c", seat="s", towers=[Tower(field=tower.id, access="x")])]
    scan, truth = draw_styled(board, PARCHMENT, 11, field_spacing=80)
    f = truth.field_by_id()[tower.id]
    corner = scan[round(f.y) - 12, round(f.x) - 12][::-1]      # BGR to RGB, inside the square
    assert np.abs(corner.astype(int) - PARCHMENT.tower_fill).sum() < 60


def test_the_untuned_styles_are_not_among_the_tuned_ones() -> None:
    from editor.detect.styles import STYLES

    assert UNTUNED and not set(UNTUNED) & set(STYLES)
