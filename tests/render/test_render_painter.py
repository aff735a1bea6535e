"""Issue 12 (hardening), render: island triangles are linear in the number of fields and the
reference boards look the same."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from editor.model import load_board
from editor.model.board import Board, Field, Terrain
from editor.render.painter import TRIANGLE_NEIGHBOURS, _Painter, _under_discs


class _NoPainter:
    """`_land_triangles` needs no QPainter."""


def triangles(board: Board) -> set[tuple[tuple[float, float], ...]]:
    out = _Painter(_NoPainter(), board)._land_triangles()  # type: ignore[arg-type]
    return {tuple(sorted((p.x(), p.y()) for p in t)) for t in out}


def every_triangle(board: Board, cm: float) -> set[tuple[tuple[float, float], ...]]:
    """The triangles of the former quadratic-per-field search: every triple of land fields of
    one island closer than 3 cm pairwise (no sea check: the reference islands hold none)."""
    limit = 3 * cm
    land = [f for f in board.fields if f.terrain == Terrain.LAND]
    sea = [(f.x, f.y) for f in board.fields if f.terrain == Terrain.SEA]
    from editor.model.geometry import point_in_polygon

    def close(a: Field, b: Field) -> bool:
        return a.island == b.island and math.hypot(a.x - b.x, a.y - b.y) < limit

    out = set()
    for i, f in enumerate(land):
        near = [g for g in land[i + 1:] if close(f, g)]
        for j, g in enumerate(near):
            for h in near[j + 1:]:
                tri = [(f.x, f.y), (g.x, g.y), (h.x, h.y)]
                if close(g, h) and not any(point_in_polygon(w, tri) for w in sea
                                           if math.hypot(w[0] - f.x, w[1] - f.y) < limit):
                    out.add(tuple(sorted(tri)))
    return out


@pytest.mark.parametrize("name", ["conquest-4p", "grand-conquest-2p"])
def test_reference_islands_keep_every_visible_triangle(repo_root: Path, name: str) -> None:
    board = load_board(repo_root / "boards" / f"{name}.board.json").model
    cm = board.scale.px_per_cm if board.scale else 100.0
    kept, full = triangles(board), every_triangle(board, cm)
    assert kept <= full
    for tri in full - kept:  # only triangles hidden under the fields' discs are left out
        f, g, h = (Field(id=f"p{i}", terrain=Terrain.LAND, x=x, y=y)
                   for i, (x, y) in enumerate(tri))
        assert _under_discs(f, g, h, math.hypot(g.x - h.x, g.y - h.y), 0.95 * cm)


def dense(n: int, spacing: float) -> Board:
    side = math.ceil(math.sqrt(n))
    return Board(name="dense", fields=[
        Field(id=f"f{i}", terrain=Terrain.LAND, x=200 + spacing * (i % side),
              y=200 + spacing * (i // side)) for i in range(n)])


@pytest.mark.parametrize("spacing", [10.0, 100.0])
def test_triangles_grow_linearly_with_dense_fields(spacing: float) -> None:
    """Issue 12: 900 fields within 3 cm of each other made 252,000 triangles (drawn twice)."""
    small, large = len(triangles(dense(225, spacing))), len(triangles(dense(900, spacing)))
    per_field = TRIANGLE_NEIGHBOURS * (TRIANGLE_NEIGHBOURS - 1) // 2
    assert large <= 900 * per_field
    assert large <= 4 * small + 4 * per_field * 30  # four times the fields: about 4x, not 64x


def test_render_refuses_an_output_over_the_pixel_limit() -> None:
    """A board claiming a 30000 x 30000 scan is not drawn on a 3.6 GB image."""
    from editor.model.board import ScanImage
    from editor.render import RenderError, render_board_image

    board = dense(4, 100.0)
    board.image = ScanImage(path="scan.png", width=30000, height=30000)
    with pytest.raises(RenderError, match="100 million pixels"):
        render_board_image(board)
