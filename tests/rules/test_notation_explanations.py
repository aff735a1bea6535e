"""Explanations of refused actions fit the case: notation errors cite no turn rule, a shot
names what stands there, actions outside the variant are not available."""

from __future__ import annotations

import pytest

from editor.rules.game_loader import load_game
from editor.rules.notation import parse_or_reason


@pytest.fixture(scope="module")
def c2():
    return load_game(None, "conquest-2p").game


@pytest.fixture(scope="module")
def gc2():
    return load_game(None, "grand-conquest-2p").game


def test_notation_reasons_cite_no_turn_rule(c2):
    st = c2.initial_state()
    _a, why = parse_or_reason(st, "E s.F1>nosuch")
    assert why.code == "E_BAD_NOTATION" and why.rule == "" and "TURN-1" not in str(why)
    _a, why = parse_or_reason(st, "E s.F1>s.F3")
    assert why.code == "E_NO_SUCH_PIECE" and why.rule == ""
    assert "no elephant on 35 (a soldier stands there)" in why.message


def test_shot_names_what_stands_there(gc2):
    st = gc2.empty_state()
    st.add_piece("south", "soldier", "s.L46")
    st.add_piece("north", "soldier", "s.L47")
    st.turn = 2
    _a, why = parse_or_reason(st, "K s.L46#s.L47")
    assert why.code == "E_NO_SUCH_PIECE"
    assert why.message == "no catapult on 153 (a soldier stands there)"


def test_raise_and_build_outside_the_variant_are_not_available(c2):
    st = c2.initial_state()
    tower = next(t.field for c in st.compiled.board.castles for t in c.towers)
    for text, rule in ((f"raise {tower}", "DRAW-1"), ("S s.F1+K@s.F3", "BUILD-1")):
        _a, why = parse_or_reason(st, text)
        assert why.code == "E_NOT_AVAILABLE" and why.rule == rule, (text, why)
    _a, why = parse_or_reason(st, "S s.F1+K@s.F3")
    assert "building is not part of this variant" in why.message
