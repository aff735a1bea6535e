"""AP tags of play-mode targets: a dense cluster gets its tags placed so that they neither
cover each other nor other targets' rings where a free corner exists (tag_layout)."""

from __future__ import annotations

import itertools

from editor.gui.play.tag_layout import CORNERS, place_tags, tag_rect, total_overlap

R = 10.0  # field radius


def test_a_lone_target_keeps_its_tag_below_right() -> None:
    assert place_tags([(100.0, 100.0)], [11.0], R, R) == [0]
    left, top, w, h = tag_rect(0, 11.0, R, R)
    assert left > 0 and top > 0 and (w, h) == (11.0, R)
    assert tag_rect(3, 11.0, R, R)[0] + 11.0 < 0 and tag_rect(3, 11.0, R, R)[1] + R < 0


def test_a_dense_row_of_targets_has_no_tags_on_top_of_each_other() -> None:
    """Targets 2.6 radii apart (fields touching): with every tag below right, each tag
    covers its right neighbour's ring; the layout frees all tags from each other."""
    centres = [(100.0 + 26.0 * i, 100.0) for i in range(6)]
    widths = [R * (0.55 * 2 + 0.5)] * 6  # two-character labels, as TargetItem sizes them
    default = [0] * 6
    corners = place_tags(centres, widths, R, R)
    tags, rings = total_overlap(centres, widths, R, R, corners)
    _d_tags, d_rings = total_overlap(centres, widths, R, R, default)
    assert d_rings > 0 and tags == 0 and rings < d_rings


def test_a_hexagonal_cluster_is_better_than_the_default_and_stable() -> None:
    centres = [(x * 26.0 + (13.0 if y % 2 else 0.0), y * 22.5)
               for x, y in itertools.product(range(5), range(4))]
    widths = [R * (0.55 * len(str(i % 12)) + 0.5) for i in range(len(centres))]
    corners = place_tags(centres, widths, R, R)
    assert all(0 <= c < len(CORNERS) for c in corners)
    tags, rings = total_overlap(centres, widths, R, R, corners)
    d_tags, d_rings = total_overlap(centres, widths, R, R, [0] * len(centres))
    assert 4 * tags + rings < 4 * d_tags + d_rings
    assert place_tags(centres, widths, R, R) == corners  # the same layout on every run


def test_a_tag_moves_off_a_piece_beside_its_target() -> None:
    """A piece right below-right of a lone target: the tag goes to the next free corner."""
    piece = (105.0, 105.0, 20.0, 20.0)
    assert place_tags([(100.0, 100.0)], [11.0], R, R, [piece]) == [1]
    assert place_tags([(100.0, 100.0)], [11.0], R, R, [(500.0, 500.0, 20.0, 20.0)]) == [0]
