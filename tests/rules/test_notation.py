"""Every parser that resolves a text to an action checks that the action is the one the text
describes (issue 21: `_parse_rshot` took another catapult's retaliation shot, RECAP-17). Over
seeded random games on every shipped variant: the notation of every legal action reads back as
that action, and a text with one field name changed never reads as a different legal action."""

from __future__ import annotations

import random
import re

import pytest
from support.replaykit import VARIANTS

from editor.engine.playout import random_action
from editor.rules.game_loader import load_game
from editor.rules.notation import exact_text, parse_action, parse_or_reason, to_text

_FIELD = re.compile(r"(?:(?<=[>*~#@])|(?<=[A-Z] )|(?<=\] )|(?<=raise )|(?<=lower ))"
                    r"[A-Za-z0-9][A-Za-z0-9_.\-]*")


def _fields(text: str) -> list[str]:
    return _FIELD.findall(text)


def _describes(text: str, st, action) -> bool:
    """Does `action` go where `text` says (every field, or start and end of a two-field move
    text, which reads as 'by a shortest path')?"""
    said, got = _fields(text), _fields(to_text(st, action, full_path=True))
    return said == got or (len(said) == 2 and len(got) > 2 and said == [got[0], got[-1]])


@pytest.mark.parametrize(("variant", "overlays"), VARIANTS,
                         ids=["+".join((v, *o)) for v, o in VARIANTS])
def test_notation_reads_back_and_mutated_names_never_name_another_action(variant, overlays):
    game = load_game(None, variant, overlays=overlays).game
    ids = game.compiled.node_ids
    rng = random.Random(f"audit/{variant}/{overlays}")
    st = game.initial_state()
    st.keep_undo = False
    checked = 0
    for step in range(40):
        if st.terminal:
            break
        legal = st.legal_actions()
        if step % 3 == 0 or st.window is not None:
            for a in rng.sample(legal, min(8, len(legal))):
                text = exact_text(st, a)
                assert parse_action(st, text) == (a, None), text
                names = _fields(text)
                if not names:
                    continue
                i = rng.randrange(len(names))
                mutated = text.replace(names[i], rng.choice(ids), 1)
                b, why = parse_or_reason(st, mutated)
                if why is None and b is not None:
                    assert b == a or _describes(mutated, st, b), (text, mutated, b)
                checked += 1
        st.apply(random_action(st, rng, capture_bias=0.9), check=False)
    assert checked > 0
