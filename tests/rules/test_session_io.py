"""Saved games replay exactly: seeded games played in the play session with undo, redo,
recorded refusals and response windows, on every shipped variant, saved as scenarios and
replayed to the same position key (`support.replaykit`). The notation the session writes names
the acting piece whenever its letter could mean another (`S[2] ...`), and the reader refuses an
ambiguous text rather than guessing."""

from __future__ import annotations

import pytest
from support.replaykit import VARIANTS, round_trip

from editor.rules.game_loader import load_game
from editor.rules.notation import exact_text, parse_action


@pytest.mark.parametrize(("variant", "overlays"), VARIANTS,
                         ids=["+".join((v, *o)) for v, o in VARIANTS])
def test_saved_game_replays_to_the_same_position(variant, overlays, tmp_path):
    assert round_trip(variant, overlays, seed=11, actions=45, folder=tmp_path) == []


def _two_soldiers_on_an_elephant():
    game = load_game(None, "conquest-4p").game
    st = game.empty_state()
    st.add_piece("south", "elephant", "s.96", [("soldier", []), ("soldier", [])])
    north = next(f.id for f in game.board.fields if f.id.startswith("n.") and f.island)
    st.add_piece("north", "soldier", north)
    st.turn = game.seat_count + game.compiled.seat_index["south"]
    st.steps[2] = 1  # the second soldier has moved a step this turn: the two differ
    return st


def test_the_written_text_names_which_rider_moves():
    st = _two_soldiers_on_an_elephant()
    moves = [a for a in st.legal_actions() if a[0] == "move" and a[1] in (1, 2)]
    assert moves
    for a in moves:
        other = ("move", 3 - a[1], *a[2:])
        for b in (a, other):
            if st.explain(b) is None:
                text = exact_text(st, b)
                assert text.startswith(f"S[{b[1]}] "), text
                assert parse_action(st, text) == (b, None)


def test_an_ambiguous_text_is_refused_with_a_reason():
    st = _two_soldiers_on_an_elephant()
    a = next(a for a in st.legal_actions() if a[0] == "move" and a[1] in (1, 2))
    other = ("move", 3 - a[1], *a[2:])
    assert st.explain(other) is None  # either soldier could make it, with different outcomes
    plain = exact_text(st, a).replace(f"S[{a[1]}]", "S")
    got, why = parse_action(st, plain)
    assert got is None and why.code == "E_BAD_NOTATION" and "S[1]" in why.message


def test_session_texts_call_numbered_fields_by_their_number():
    """ARCHITECTURE.md 11: after seeded play with refusals, no log line, refusal or target
    explanation of the session shows the id of a field that has a printed number."""
    import random
    import re

    from support.replaykit import play

    from editor.rules import session_io
    from editor.rules.session import SessionSource

    session, _ = session_io.start(None, SessionSource(variant="conquest-plus-4p"))
    play(session, seed=5, actions=40)
    hidden = {fid for fid, name in session.names.names.items() if name != fid}
    texts = [row.text for row in session.log()]
    texts += [str(e.reason) for e in session.history if hasattr(e, "reason")]
    rng = random.Random(5)
    for stack in rng.sample(session.stacks(), 6):
        target = rng.choice(session.board.fields).id
        texts.append(str(session.explain_target(stack.field, target)))
    tokens = {t for text in texts for t in re.findall(r"[A-Za-z0-9][A-Za-z0-9_.\-]*", text)}
    assert texts and not tokens & hidden
