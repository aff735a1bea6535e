"""Moats, drawbridges, forests and slits of the engraved parchment bench style."""

from __future__ import annotations

import math

import numpy as np
from PIL import Image

from editor.detect.ornaments import Ornaments, _castle_rings, draw_over, draw_under
from editor.model import load_board
from editor.resources import shipped_file

MOAT, PLANK = (70, 110, 150), (150, 100, 50)


def test_a_moat_rings_each_moated_castle_between_its_towers_and_their_fronts() -> None:
    """The ring passes outside every tower and inside every field in front of one, so the
    access roads cross it (CASTLE-1)."""
    board = load_board(shipped_file("boards", "grand-conquest-2p")).model
    fields = board.field_by_id()
    rings = _castle_rings(board)
    assert len(rings) == sum(1 for c in board.castles if c.moat) > 0
    for (x, y, ring), castle in zip(rings, [c for c in board.castles if c.moat], strict=True):
        towers = [fields[t.field] for t in castle.towers]
        assert all(math.hypot(f.x - x, f.y - y) < ring for f in towers)
        access = {c.id: c for c in board.connections}
        for t in castle.towers:
            c = access[t.access]
            front = fields[c.b if c.a == t.field else c.a]
            assert math.hypot(front.x - x, front.y - y) > ring


def test_moats_and_drawbridges_are_drawn_where_the_board_has_them() -> None:
    board = load_board(shipped_file("boards", "grand-conquest-2p")).model
    size = (board.image.width, board.image.height)
    img = Image.new("RGB", size, (214, 192, 142))
    orn = Ornaments(moat=MOAT, drawbridge=(PLANK, (60, 35, 15)))
    draw_under(img, board, orn, 30.0, np.random.default_rng(1))
    draw_over(img, board, orn, 30.0)
    pixels = np.asarray(img)
    x, y, ring = _castle_rings(board)[0]
    ring_pixels = [tuple(pixels[round(y + ring * math.sin(a)), round(x + ring * math.cos(a))])
                   for a in np.linspace(0, 2 * math.pi, 36, endpoint=False)]
    assert ring_pixels.count(MOAT) >= 27            # all round, but under the planks
    fields = board.field_by_id()
    bridge = next(c for c in board.connections if c.drawbridge)
    a, b = fields[bridge.a], fields[bridge.b]
    assert tuple(pixels[round((a.y + b.y) / 2), round((a.x + b.x) / 2)]) == PLANK
