"""The destination search's bookkeeping (editor/engine/search.py): a field is marked when its
mark equals the search's stamp, so a state searched many times (stamps past the small-int
cache) answers as a fresh copy does, and so does a pickled one (the marks and parents are
scratch, made afresh); the (node, steps, kind) tuples come from the game's table
(`SearchTables.found_at`), MOVE-1..5 answers unchanged."""

from __future__ import annotations

import pickle
import random

from editor.engine.game import K_CAPTURE, K_MOUNT, K_MOVE, K_RIDE
from editor.engine.playout import random_action
from editor.rules.game_loader import load_game


def _positions(variant: str, count: int, seed: int) -> list:
    game = load_game(None, variant).game
    rng = random.Random(seed)
    st = game.initial_state()
    st.keep_undo = False
    out = []
    while len(out) < count:
        for _ in range(rng.randint(3, 30)):
            if st.terminal:
                st = game.initial_state()
                st.keep_undo = False
            st.apply(random_action(st, rng), check=False)
        if st.window is None and not st.terminal:
            out.append(st.clone())
    return out


def test_move_1_a_state_searched_many_times_answers_as_a_fresh_copy():
    """Past 256 searches the stamps are no longer shared small ints: every answer and every
    path (MOVE-1, MOVE-4, CAPT-1) is still the one a fresh copy of the position gives."""
    for st in _positions("grand-conquest-4p", 4, 5):
        pieces = [p for p in range(len(st.ptype)) if st.node[p] >= 0]
        for _ in range(300 // len(pieces) + 1):
            for p in pieces:
                st.search(p, 6)
        assert st._stamp > 300
        for p in pieces:
            found = st.search(p, 6)
            paths = [st.path_to(v) for v, _d, _k in found]
            fresh = st.clone()
            assert found == fresh.search(p, 6)
            assert paths == [fresh.path_to(v) for v, _d, _k in found]


def test_move_1_a_pickled_state_answers_as_the_original_and_keeps_its_undo_history():
    """Pickling leaves the search's scratch out (C arrays in the compiled engine) and makes it
    afresh: the copy's answers and paths (MOVE-1, MOVE-4, CAPT-1) are the original's, every
    other field (the undo history too) is kept, and undoing on the copy leaves the original."""
    st = _positions("conquest-4p", 1, 3)[0]
    st.keep_undo = True
    st.apply(random_action(st, random.Random(4)), check=False)
    for p in range(len(st.ptype)):
        st.search(p, 6)  # the original's stamp counts up: the copy starts afresh
    copy = pickle.loads(pickle.dumps(st))
    assert copy._stamp == 0 and len(copy._mark) == len(copy._parent) == len(st.compiled.node_ids)
    assert copy.snapshot() == st.snapshot() and len(copy._undo) == len(st._undo) == 1
    for p in range(len(st.ptype)):
        if st.node[p] >= 0:
            found = st.search(p, 6)
            assert copy.search(p, 6) == found
            ends = [v for v, _d, _k in found]
            assert [copy.path_to(v) for v in ends] == [st.path_to(v) for v in ends]
    before = st.snapshot()
    copy.undo()
    assert st.snapshot() == before and copy.snapshot() != before


def test_move_5_results_are_made_once_per_game_up_to_the_node_count():
    """Every (node, steps, kind) a search answers is the game's one tuple for it
    (`found_at(maxd)[d][kind][v]`, None until made); the table never grows past the node count
    (the deepest a search can go, whatever maxd is asked)."""
    states = _positions("conquest-4p", 3, 2)
    game = states[0].game
    nodes = len(game.compiled.node_ids)
    for st in states:
        for p in range(len(st.ptype)):
            if st.node[p] >= 0:
                for r in st.search(p, 6):
                    assert r is game.tables.found[r[1]][r[2]][r[0]]
    made = 0
    for d in range(1, 7):
        for kind in (K_MOVE, K_MOUNT, K_CAPTURE, K_RIDE):
            row = game.tables.found[d][kind]
            assert len(row) == nodes
            for v, x in enumerate(row):
                assert x is None or x == (v, d, kind)
                made += x is not None
    assert made > 50
    assert len(game.tables.found_at(10**9)) == nodes + 1
