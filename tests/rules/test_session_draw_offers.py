"""WIN-4 agreed draw: a draw may be agreed at any time ([000] 7.1), so a second offer in the
same turn is legal by default; a variant may allow one offer per turn
(`draw_offer_once_per_turn`)."""

from __future__ import annotations

from editor.rules import session_io
from editor.rules.session import SessionSource


def _session(**options):
    session, findings = session_io.start_from_refs(
        None, SessionSource(variant="conquest-2p", options=options))
    assert session is not None, findings
    return session


def _offer_and_reject(session) -> None:
    assert session.play("offer draw").legal
    assert session.play("reject draw").legal


def test_a_second_draw_offer_in_the_same_turn_is_legal_by_default() -> None:
    """WIN-4: "jederzeit" — no source limits the offers."""
    s = _session()
    mover = s.turn().to_move
    _offer_and_reject(s)
    assert s.turn().to_move == mover  # still the same turn
    again = s.explain("offer draw")
    assert again.legal, again.reason
    _offer_and_reject(s)
    assert any(v.text == "offer draw" for v in s.general_actions())


def test_a_variant_may_limit_draw_offers_per_turn() -> None:
    s = _session(draw_offer_once_per_turn=True)
    _offer_and_reject(s)
    refused = s.explain("offer draw")
    assert not refused.legal
    assert refused.reason.rule == "WIN-4"
    assert "draw_offer_once_per_turn" in refused.reason.message
    assert not any(v.text == "offer draw" for v in s.general_actions())
    assert s.play("end").legal
    assert s.play("offer draw").legal  # the next turn may offer again
