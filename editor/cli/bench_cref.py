"""The C reference of the range-6 destination search for `conquest bench --against`: the same
queries as the bench's search mode (`bench_engine_child.sample_queries`), answered by
`bench_cref.c` over flat arrays, its answers checked against the engine's and its CPU time per
query measured inside C. Built with the C compiler (CC, else cc) into a temporary folder; where
none is present there is no reference (`load` returns None).
"""

from __future__ import annotations

import ctypes
import os
import shlex
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

from editor.cli.bench_engine_child import sample_queries

SOURCE = Path(__file__).with_name("bench_cref.c")
# the node classes of bench_cref.c, in its order
EMPTY_STAND, EMPTY_NO_STAND, OWN_MOUNT, OWN_JUMP, OWN_BLOCK, ENEMY_CAPTURE, ENEMY_RIDE, \
    ENEMY_BLOCK = range(8)
_LIB: list = []  # the loaded library, once


def load() -> ctypes.CDLL | None:
    """The compiled reference, or None without a working C compiler."""
    if _LIB:
        return _LIB[0]
    cc = shlex.split(os.environ.get("CC") or "cc")
    if not cc or shutil.which(cc[0]) is None:
        return None
    folder = Path(tempfile.mkdtemp(prefix="conquest-cref-"))
    lib = folder / "bench_cref.so"
    made = subprocess.run([*cc, "-O2", "-shared", "-fPIC", str(SOURCE), "-o", str(lib)],
                          capture_output=True, check=False)
    if made.returncode != 0:
        return None
    _LIB.append(ctypes.CDLL(str(lib)))
    return _LIB[0]


def _classes(st, pid: int) -> bytes | None:
    """What the engine's search decides per node for piece pid (None: a query the reference
    does not cover: raised drawbridges, siege pieces at home, team games)."""
    g = st.game
    c, p = g.compiled, st.piece(pid)
    t = p.kind_index
    _adj, stand, jumps, siege_home, _nodes = g.tables.by_type[t][1 if p.cargo else 0]
    if st.progress().drawbridges_raised or siege_home or g.variant.team_game:
        return None
    me, u = p.seat, p.node
    _kind, owner, _node, top = st.columns()
    out = bytearray(len(c.node_ids))
    for v, o in enumerate(top):
        if o < 0:
            out[v] = EMPTY_STAND if stand[v] else EMPTY_NO_STAND
        elif owner[o] == me:
            out[v] = (OWN_MOUNT if st.fits(o, t) else OWN_JUMP if jumps and stand[v]
                      else OWN_BLOCK)
        elif (stand[v] or c.is_sea[v]) and st.can_capture(pid, o):
            out[v] = ENEMY_CAPTURE
        else:
            out[v] = ENEMY_RIDE if st.can_take_over(pid, o, u, False) else ENEMY_BLOCK
    return bytes(out)


def covered(game, seed: int) -> list[int]:
    """The indices of the bench's queries (`sample_queries`) that the reference answers: the
    engine is timed on these too, for a quotient of like with like."""
    return [i for i, (st, pid) in enumerate(sample_queries(game, seed))
            if _classes(st, pid) is not None]


def _ints(values: list[int]) -> ctypes.Array:
    return (ctypes.c_int * max(1, len(values)))(*values)


def measure(game, seed: int, repeats: int) -> dict | None:
    """CPU microseconds per query of the C reference over the covered queries, how many, and
    how many answers differ from the engine's; None without a compiler."""
    lib = load()
    if lib is None:
        return None
    c = game.compiled
    n = len(c.node_ids)
    tables: dict[int, int] = {}
    starts_all: list[int] = []
    adj_all: list[int] = []
    rows: list[tuple] = []
    for st, pid in sample_queries(game, seed):
        cls = _classes(st, pid)
        if cls is None:
            continue
        p = st.piece(pid)
        adj = game.tables.by_type[p.kind_index][1 if p.cargo else 0][0]
        if id(adj) not in tables:
            tables[id(adj)] = len(tables)
            for row in adj:
                starts_all.append(len(adj_all))
                adj_all.extend(row)
            starts_all.append(len(adj_all))
        ground_ok = game.tables.ground_ok
        rows.append((st, pid, cls, tables[id(adj)], int(bool(ground_ok))))
    nq = len(rows)
    if not nq:
        return {"queries": 0, "us_per_query": None, "disagreements": 0}
    counts, out = _ints([0] * nq), _ints([0] * (3 * n * nq))
    scratch = [_ints([0] * n) for _ in range(3)]
    args = (nq, n, _ints(starts_all), _ints(adj_all), _ints([r[3] for r in rows]),
            ctypes.create_string_buffer(b"".join(r[2] for r in rows), nq * n),
            ctypes.create_string_buffer(bytes(int(x) for x in c.is_sea), n),
            _ints([r[4] for r in rows]), _ints([st.piece(pid).node for st, pid, *_ in rows]),
            _ints([6] * nq))
    lib.search_batch(*args, 1, *scratch, counts, out)  # warm up and answers
    wrong = 0
    for q, (st, pid, *_) in enumerate(rows):
        base = 3 * n * q
        mine = sorted(tuple(out[base + 3 * i: base + 3 * i + 3]) for i in range(counts[q]))
        if mine != sorted(st.search(pid, 6)):
            wrong += 1
    c0 = time.process_time()
    lib.search_batch(*args, repeats, *scratch, counts, out)
    cpu = time.process_time() - c0
    return {"queries": nq, "us_per_query": cpu / (nq * repeats) * 1e6, "disagreements": wrong}
