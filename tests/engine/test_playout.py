"""The faster playout keeps legality and the random games (issue 14 item 3).

`State.special_actions` equals the non-move part of `legal_actions`; the reach masks used to skip
searches are supersets of every search (MOVE-1); `random_action` draws exactly the actions the
plain policy (search every sampled piece, filter `legal_actions`) draws; `InvariantWatch` checks
what an action touched and still catches a broken state (MOVE-3, CARRY-1/2, CAPT-11).
"""

from __future__ import annotations

import random

import pytest

from editor.engine.game import A_END, K_CAPTURE, MOVE
from editor.engine.playout import InvariantError, InvariantWatch, random_action
from editor.engine.position_key import position_key
from editor.rules.game_loader import load_game

VARIANTS = ["conquest-4p", "conquest-team", "conquest-plus-4p", "grand-conquest-4p",
            "grand-conquest-team", "grand-conquest-2p"]
_GAMES: dict = {}


def game(name):
    if name not in _GAMES:
        _GAMES[name] = load_game(None, name).game
    return _GAMES[name]


def plain_random_action(st, rng, end_prob=0.05, capture_bias=0.8):
    """The policy before the speed-up: every sampled piece searched, specials filtered from
    all legal actions."""
    if st.window is not None or st.draw is not None:
        return rng.choice(st.legal_actions())
    left = st.ap_left()
    if left <= 0 or rng.random() < end_prob:
        return A_END
    g = st.game
    if (g.has_shooters or g.has_builds or g.has_drawbridges or g.has_push) and \
            rng.random() < 0.15:
        extra = [a for a in st.legal_actions()
                 if a[0] not in (MOVE, "end", "resign", "offer_draw")]
        if extra:
            return rng.choice(extra)
    pieces = st.movable(st.mover)
    fallback = None
    for i in range(min(8, len(pieces))):  # a partial Fisher-Yates shuffle, one draw per piece
        j = i + (rng.randrange(len(pieces) - i) if len(pieces) - i > 1 else 0)
        pieces[i], pieces[j] = pieces[j], pieces[i]
        pid = pieces[i]
        maxd = min(st.range_left(pid), left)
        if maxd <= 0:
            continue
        res = st.search(pid, maxd)
        if not res:
            continue
        caps = [r for r in res if r[2] == K_CAPTURE]
        if caps and rng.random() < capture_bias:
            return (MOVE, pid, st.path_to(rng.choice(caps)[0]), rng.random() < 0.1)
        if fallback is None:
            fallback = (MOVE, pid, st.path_to(rng.choice(res)[0]), False)
    return fallback or A_END


def _positions(name, count, seed=3):
    g = game(name)
    rng = random.Random(seed)
    st = g.initial_state()
    st.keep_undo = False
    for _ in range(count):
        if st.terminal:
            st = g.initial_state()
            st.keep_undo = False
        yield st
        st.apply(random_action(st, rng), check=False)


@pytest.mark.parametrize("variant", VARIANTS)
def test_special_actions_are_the_non_moves_of_legal_actions(variant):
    """PIECE-CAMEL-3, PIECE-SIEGE-5, PIECE-CATAPULT-2, BUILD-1, DRAW-2, PIECE-CAMEL-5."""
    seen = 0
    for st in _positions(variant, 300):
        want = [a for a in st.legal_actions()
                if a[0] not in (MOVE, "end", "resign", "offer_draw", "accept_draw",
                                "reject_draw", "respond", "decline")]
        if st.window is None and st.draw is None:
            assert st.special_actions() == want
            deferred = st.special_actions(deferred=True)  # pushes find their path when taken
            assert len(deferred) == len(want) and list(deferred) == want
            seen += len(want)
    if variant.startswith("grand"):
        assert seen > 0  # the comparison saw shots, builds, rides or pushes


@pytest.mark.parametrize("variant", VARIANTS)
def test_reach_masks_cover_every_search(variant):
    """MOVE-1: a search never finds a field beyond its connection table's reach."""
    for st in _positions(variant, 150):
        c = st.compiled
        for pid in st.movable(st.mover):
            maxd = min(st.range_left(pid), st.ap_left())
            if maxd <= 0:
                continue
            found = 0
            for v, _d, _k in st.search(pid, maxd):
                found |= 1 << v
            t, u = st.ptype[pid], st.node[pid]
            assert found & ~c.reach_mask(u, maxd, t, bool(st.cargo[pid])) == 0
            assert found & ~c.reach_mask(u, maxd) == 0


@pytest.mark.parametrize("variant", ["conquest-4p", "grand-conquest-4p", "grand-conquest-team"])
def test_random_action_draws_what_the_plain_policy_draws(variant):
    g = game(variant)
    fast, plain = g.initial_state(), g.initial_state()
    fast.keep_undo = plain.keep_undo = False
    r1, r2 = random.Random(11), random.Random(11)
    for _ in range(600):
        if fast.terminal:
            break
        a, b = random_action(fast, r1), plain_random_action(plain, r2)
        assert a == b
        fast.apply(a, check=False)
        plain.apply(b, check=False)
    assert position_key(fast) == position_key(plain)


def _play_until_a_move(st, watch, rng) -> tuple:
    """Play random actions (the watch looking after each) up to and including a move; the
    move is returned, not yet looked at by the watch."""
    a = random_action(st, rng)
    while a[0] != MOVE:
        st.apply(a, check=False)
        watch.after(st)
        a = random_action(st, rng)
    st.apply(a, check=False)
    return a


def test_invariant_watch_checks_the_touched_pieces():
    """MOVE-3: the moved piece's field must hold it; the watch sees it without a full check."""
    g = game("conquest-4p")
    rng = random.Random(5)
    st = g.initial_state()
    st.keep_undo = False
    watch = InvariantWatch(st, len(st.ptype), full_every=10_000)
    for _ in range(30):
        st.apply(random_action(st, rng), check=False)
        watch.after(st)
    a = _play_until_a_move(st, watch, rng)
    st.occ[st.node[a[1]]] = -1  # break the field the piece moved to
    with pytest.raises(InvariantError):
        watch.after(st)


def plain_movable(st, s):
    """`State.movable` as it was before the roster cache (outside team games)."""
    out, seen = [], set()
    turn = st.turn
    for pid in range(len(st.owner)):
        if st.node[pid] < 0 or st.owner[pid] != s or st.resting.get(pid, -1) >= turn:
            continue
        ca = st.carrier[pid]
        if ca >= 0:
            key = (ca, st.ptype[pid], st.steps[pid])
            if key in seen:
                continue
            seen.add(key)
        out.append(pid)
    out.sort(key=lambda p: (p if st.carrier[p] < 0 else st.carrier[p], st.carrier[p] >= 0,
                            -st.steps[p], p))
    return out


def plain_penalty_fields(st, s):
    """CASTLE-2, GRAIL-4: the fields counted one by one."""
    team = st.compiled.team_of
    held = [f for f in (*st.compiled.castle_fields[s], *st.compiled.grail_fields)
            if st.occ[f] >= 0 and team[st.owner[st.occ[f]]] != team[s]]
    castles = set(st.compiled.castle_fields[s])
    return sum(f in castles for f in held), sum(f not in castles for f in held)


@pytest.mark.parametrize("variant", VARIANTS)
def test_masks_and_rosters_follow_every_action_and_undo(variant):
    """MOVE-3: the top-piece masks equal the fields after every action and every undo; the
    cached rosters give the movable pieces a fresh count gives (BUILD-9 resting included);
    penalty fields and frozen seats from the masks equal a field-by-field count (CASTLE-2,
    GRAIL-4, FREEZE-1)."""
    from editor.engine.playout import _check_top_masks

    g = game(variant)
    st = g.initial_state()
    rng = random.Random(8)
    for i in range(400):
        if st.terminal:
            st = g.initial_state()
        st.apply(random_action(st, rng), check=False)
        if i % 5 == 0 and not st.terminal:
            st.undo()
            _check_top_masks(st)
            st.apply(random_action(st, rng), check=False)
        _check_top_masks(st)
        for s in range(g.seat_count):
            assert st.penalty_fields(s) == plain_penalty_fields(st, s)
            if not g.variant.team_game:
                assert st.movable(s) == plain_movable(st, s)
        assert st.frozen_seats() == [st.is_frozen(s) for s in range(g.seat_count)]
    clone = st.clone()
    _check_top_masks(clone)
    assert clone.movable(clone.mover) == st.movable(st.mover)


def test_invariant_watch_catches_a_broken_top_piece_mask():
    g = game("conquest-4p")
    st = g.initial_state()
    st.keep_undo = False
    rng = random.Random(2)
    watch = InvariantWatch(st, len(st.ptype), full_every=10_000)
    a = _play_until_a_move(st, watch, rng)
    st.top_seat[st.owner[a[1]]] &= ~(1 << st.node[a[1]])  # forget the piece on its new field
    with pytest.raises(InvariantError, match="mask"):
        watch.after(st)


class CountingRandom(random.Random):
    """A generator that counts its getrandbits calls."""

    calls = 0

    def getrandbits(self, k):
        self.calls += 1
        return super().getrandbits(k)


def test_the_policy_draws_only_the_pieces_it_looks_at():
    """Issue 24 item 3: a piece drawn is one random number (none when one is left), not a
    shuffle of the whole movable list; the draws are `randrange`'s, so uniform."""
    from editor.engine.playout import _draw_piece

    a, b = CountingRandom(9), random.Random(9)
    for n in (1, 2, 5, 25, 1500):
        x, y = list(range(n)), list(range(n))
        for i in range(min(3, n)):
            a.calls = 0
            j = i + (b.randrange(n - i) if n - i > 1 else 0)
            y[i], y[j] = y[j], y[i]
            assert _draw_piece(x, i, n, a.getrandbits) == y[i]
            assert x == y and a.getstate() == b.getstate()
            assert (a.calls == 0) == (n - i == 1)  # nothing drawn when one piece is left
    counts = [0] * 5
    rng = random.Random(4)
    for _ in range(5000):
        counts[_draw_piece([0, 1, 2, 3, 4], 0, 5, rng.getrandbits)] += 1
    assert all(900 < c < 1100 for c in counts)  # uniform over the five


def test_the_policy_draws_fewer_numbers_than_a_shuffle():
    """Issue 24 item 3: on the start position of C4 (25+ movable pieces) an action costs a
    handful of random numbers, not one per movable piece."""
    st = game("conquest-4p").initial_state()
    st.keep_undo = False
    rng = CountingRandom(3)
    pieces = len(st.movable(st.mover))
    used = []
    for _ in range(40):
        rng.calls = 0
        random_action(st, rng)
        used.append(rng.calls)
    assert pieces > 20 and max(used) < pieces


def test_below_draws_the_numbers_rng_choice_draws():
    """The policy's `_below(rng.getrandbits, n)` is `rng.choice` over n items: same numbers,
    same state of the generator afterwards (so `selfplay --log` stays the same game), a draw
    even for n=1."""
    from editor.engine.playout import _below

    for n in (1, 2, 3, 7, 255, 1023, 1024, 1500):
        a, b = random.Random(n), random.Random(n)
        assert [_below(a.getrandbits, n) for _ in range(200)] == [
            b.choice(range(n)) for _ in range(200)]
        assert a.getstate() == b.getstate()
