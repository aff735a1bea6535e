"""Property tests over random positions from playouts (hypothesis): notation round trip,
explain() agrees with legal_actions(), undo restores, invariants hold (MOVE-3, CARRY-1,
CAPT-11, TURN-6)."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as hs

from editor.engine.explain import E_BAD_NOTATION
from editor.engine.game import MOVE, RESP, Game
from editor.engine.playout import check_invariants, random_action, selfplay
from editor.model.variant import resolve_variant
from editor.rules.notation import exact_text, parse_action, to_text
from editor.rules.synthetic import synthetic_board

GAMES = {
    name: Game(synthetic_board(seats), resolve_variant(name).variant)
    for name, seats in (("conquest-2p", ("south", "north")),
                        ("conquest-4p", ("south", "west", "north", "east")),
                        ("conquest-team", ("south", "west", "north", "east")))
}
SETTINGS = settings(max_examples=25, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def _position(name: str, seed: int, plies: int):
    game = GAMES[name]
    rng = random.Random(seed)
    st = game.initial_state()
    for _ in range(plies):
        if st.terminal:
            break
        st.apply(random_action(st, rng, capture_bias=0.9), check=False)
    return st, rng


@SETTINGS
@given(name=hs.sampled_from(sorted(GAMES)), seed=hs.integers(0, 10_000),
       plies=hs.integers(0, 120))
# two soldiers on one carrier with different steps: `S s3_5>s2_5` names either
@example(name="conquest-2p", seed=939, plies=113)
def test_notation_round_trip_over_legal_actions(name, seed, plies):
    """Every legal action's exact text (with the piece's number where its stack holds another
    of its letter) parses back to itself, in both path forms; the plain text parses back to it
    too, or is refused as ambiguous, never read as another action."""
    st, _ = _position(name, seed, plies)
    for a in st.legal_actions():
        for full in (False, True):
            text = exact_text(st, a, full_path=full)
            back, why = parse_action(st, text)
            assert why is None and back == a, (text, a, back)
            plain = to_text(st, a, full_path=full)
            back, why = parse_action(st, plain)
            assert back == a or (back is None and why.code == E_BAD_NOTATION), \
                (plain, a, back)


@SETTINGS
@given(name=hs.sampled_from(sorted(GAMES)), seed=hs.integers(0, 10_000),
       plies=hs.integers(0, 120))
def test_explain_agrees_with_legal_actions(name, seed, plies):
    """explain() is None for every legal action, and random candidate moves are legal exactly
    when an equivalent action (same piece kind, start, destination) is generated."""
    st, rng = _position(name, seed, plies)
    legal = st.legal_actions()
    for a in legal:
        assert st.explain(a) is None, (to_text(st, a), st.explain(a))
    keys = {(a[0], st.ptype[a[1]], st.carrier[a[1]], a[2][0], a[2][-1], a[3])
            for a in legal if a[0] in (MOVE, RESP)}
    kind = RESP if st.window is not None else MOVE
    extra = () if kind == RESP else False
    for _ in range(40):
        pid = rng.randrange(len(st.ptype))
        if st.node[pid] < 0:
            continue
        dest = rng.randrange(len(st.compiled.node_ids))
        if dest == st.node[pid]:
            continue
        a = st.normalize((kind, pid, (st.node[pid], dest), extra))
        ok = st.explain(a) is None
        key = (kind, st.ptype[pid], st.carrier[pid], st.node[pid], dest, extra)
        assert ok == (key in keys), (to_text(st, a), st.explain(a))


@SETTINGS
@given(name=hs.sampled_from(sorted(GAMES)), seed=hs.integers(0, 10_000),
       plies=hs.integers(0, 80))
def test_undo_restores_and_clone_is_independent(name, seed, plies):
    """apply + undo gives back the same state; a clone does not share mutable parts."""
    st, rng = _position(name, seed, plies)
    before = st.snapshot()
    twin = st.clone()
    for a in st.legal_actions()[:30]:
        st.apply(a)
        st.undo()
        assert st.snapshot() == before
    if not st.terminal:
        twin.apply(random_action(twin, rng), check=False)
        assert st.snapshot() == before


def test_selfplay_invariants_hold_on_every_variant():
    """A few random games per shipped variant: no invariant is ever violated."""
    for name, game in GAMES.items():
        rep = selfplay(game, games=3, seed=7, max_turns=120)
        assert rep.violations == [], (name, rep.violations)
        assert sum(rep.reasons.values()) == 3


def test_check_invariants_detects_a_broken_state():
    """The invariant checker itself catches two pieces on one field."""
    st = GAMES["conquest-2p"].initial_state()
    a, b = 0, 1
    st.node[b] = st.node[a]
    try:
        check_invariants(st, len(st.ptype))
    except AssertionError:
        return
    raise AssertionError("invariant violation not detected")


@SETTINGS
@given(text=hs.text(max_size=40))
def test_any_action_text_gives_an_action_or_a_reason(text):
    """Arbitrary text never raises: it parses (engine and puzzle notation) or gives a reason."""
    from editor.rules.notation import parse_or_reason, parse_puzzle

    st = GAMES["conquest-2p"].initial_state()
    a, why = parse_or_reason(st, text)
    assert a is not None or why is not None
    a2, why2 = parse_puzzle(st, text)
    assert a2 is not None or why2 is not None


def test_game_logs_replay_to_the_same_result():
    """A selfplay game log (engine notation, as `conquest selfplay --log` writes it) replays
    action by action to the same result; seed 11 has two soldiers of unlike steps aboard one
    carrier, written with their number in the stack."""
    from editor.cli.selfplay import log_text
    from editor.rules.notation import parse_or_reason

    game = GAMES["conquest-4p"]
    log: list = []
    selfplay(game, games=2, seed=11, max_turns=40, log=log, to_text=log_text)
    assert any("[" in text for record in log for text in record["actions"])
    for record in log:
        st = game.initial_state()
        for text in record["actions"]:
            a, why = parse_or_reason(st, text)
            assert why is None, (text, why)
            st.apply(a)
        got = None if st.result_ is None else list(st.result_.winners)
        want = None if record["result"] is None else record["result"]["winners"]
        assert got == want
