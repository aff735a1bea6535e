"""Generator and explainer agree on the Conquest Plus and Grand Conquest reference boards: every
generated action (moves, rides, shots, builds, drawbridges, pushes, responses, retaliation
shots) explains as legal and its notation reads back to the same action (WIN-24, TURN-1);
random playouts keep the invariants (MOVE-3, CARRY-1, CARRY-2, CAPT-11, TURN-6, BUILD-11)."""

from __future__ import annotations

import random

import pytest

from editor.engine.playout import check_invariants, random_action, selfplay
from editor.rules.game_loader import load_game
from editor.rules.notation import exact_text, parse_or_reason, to_text

VARIANTS = ["conquest-plus-2p", "conquest-plus-4p", "grand-conquest-4p", "grand-conquest-team",
            "grand-conquest-2p"]
_GAMES: dict = {}


def game(name):
    if name not in _GAMES:
        _GAMES[name] = load_game(None, name).game
    return _GAMES[name]


@pytest.mark.parametrize("variant", VARIANTS)
def test_generated_actions_explain_legal_and_round_trip(variant):
    g = game(variant)
    rng = random.Random(7)
    st = g.initial_state()
    st.keep_undo = False
    total = len(st.ptype)
    for _ in range(250):
        if st.terminal:
            break
        acts = st.legal_actions()
        for a in rng.sample(acts, min(3, len(acts))):
            assert st.explain(a) is None, to_text(st, a)
            b, why = parse_or_reason(st, exact_text(st, a))
            assert why is None and b == a, exact_text(st, a)
        st.apply(random_action(st, rng), check=False)
        check_invariants(st, total)


@pytest.mark.parametrize("variant", VARIANTS)
def test_short_selfplay_keeps_invariants(variant):
    rep = selfplay(game(variant), games=2, seed=3, max_turns=60)
    assert rep.violations == []
