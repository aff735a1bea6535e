"""Small synthetic boards for the detector tests: two islands in a sea, drawn by the tests."""

from __future__ import annotations

import math

import numpy as np
import pytest

from editor.model.board import Board, Connection, ConnectionKind, Field, ScanImage, Terrain

SPACING = 80.0


def small_board() -> Board:
    """About 40 fields: a west island (land), an east island, sea fields around and between,
    roads, sea lanes, one harbour link and one bridge; numbers 1..n (some two/three digits)."""
    rng = np.random.default_rng(7)
    fields: list[Field] = []
    grid: dict[tuple[int, int], str] = {}
    numbers = iter([*range(1, 36), 101, 117, 205, 318, 426, 539, 640, 777, 88, 99, 45, 56, 63])
    for row in range(6):
        for col in range(8):
            land = (1 <= row <= 4) and (col in (1, 2) or col in (5, 6))
            x = 60 + col * SPACING + rng.uniform(-8, 8) + (SPACING / 2 if row % 2 else 0)
            y = 60 + row * SPACING * math.sqrt(3) / 2 + rng.uniform(-6, 6)
            fid = f"{'L' if land else 'S'}{row}{col}"
            grid[(row, col)] = fid
            fields.append(Field(id=fid, terrain=Terrain.LAND if land else Terrain.SEA,
                                x=round(x, 1), y=round(y, 1), number=next(numbers)))
    by_id = {f.id: f for f in fields}
    conns: list[Connection] = []

    def join(a: str, b: str, kind: ConnectionKind) -> None:
        conns.append(Connection(id=f"c{len(conns) + 1}", kind=kind, a=a, b=b))

    for (row, col), fid in grid.items():
        for dr, dc in ((0, 1), (1, 0), (1, 1 if row % 2 else -1)):
            other = grid.get((row + dr, col + dc))
            if other is None:
                continue
            ta, tb = by_id[fid].terrain, by_id[other].terrain
            if ta == tb == Terrain.LAND:
                join(fid, other, ConnectionKind.ROAD)
            elif ta == tb == Terrain.SEA and (row + col) % 3:
                join(fid, other, ConnectionKind.SEA_LANE)
    harbour = grid[(0, 2)]
    fields[[f.id for f in fields].index(harbour)] = by_id[harbour].model_copy(
        update={"harbour": True})
    join(harbour, grid[(1, 2)], ConnectionKind.HARBOUR_LINK)
    join(grid[(3, 2)], grid[(3, 5)], ConnectionKind.BRIDGE)
    width = round(max(f.x for f in fields) + 70)
    height = round(max(f.y for f in fields) + 70)
    return Board(name="synthetic", image=ScanImage(path="scan.png", width=width, height=height),
                 fields=fields, connections=conns)


@pytest.fixture(scope="module")
def synthetic_board() -> Board:
    return small_board()
