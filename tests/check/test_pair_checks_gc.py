"""Pair check for Conquest Plus / Grand Conquest variants (`conquest validate --board B
--variant V`): the board features the rules need (BF-8..14) are reported as PAIR_* findings;
and the shipped variants (edition switches in files, not code)."""

from __future__ import annotations

from support.gcworld import gc_board
from support.rulekit import make_board
from support.ruleworld import make_state, on, play

from editor.check.pair_checks import check_board_for_variant
from editor.check.variant_checks import check_variant
from editor.model.variant import resolve_variant


def codes(board, name, overlays=()):
    v = resolve_variant(name, None, list(overlays)).variant
    return {f.code for f in check_board_for_variant(board, v)}


def test_pair_gc_features_on_a_conquest_board():
    """DRAW-1/BF-8 drawbridges, WILD-1/BF-10 regions, BF-13 arrow slits: a GC variant on a
    board without them reports the gaps; the GC world board has them."""
    from support.ruleworld import world_board
    got = codes(world_board(), "grand-conquest-4p")
    assert {"PAIR_NO_DRAWBRIDGES", "PAIR_NO_REGIONS", "PAIR_NO_ARROW_SLITS",
            "PAIR_NO_CENTRAL_ISLAND"} <= got
    ok = codes(gc_board(), "grand-conquest-4p")
    assert not ok & {"PAIR_NO_DRAWBRIDGES", "PAIR_NO_REGIONS", "PAIR_NO_ARROW_SLITS",
                     "PAIR_NO_CENTRAL_ISLAND", "PAIR_REGION_NO_STAIRS"}


def test_pair_4cm_needs_a_scale():
    """PIECE-CATAPULT-4, BF-14: the CP-4CM overlay needs a calibrated board scale."""
    b = make_board(land=["a", "b"], roads=[("a", "b")],
                   castles={"south": [("t0", "a")], "north": [("t1", "b")]})
    assert "PAIR_NO_SCALE" in codes(b, "conquest-plus-2p", ["catapult-4cm"])
    assert "PAIR_NO_SCALE" not in codes(b, "conquest-plus-2p")


def test_shipped_variants_resolve_without_unsupported_warnings():
    """Every new edition is a variant file (CP2, CP4, CP-4CM, GC4, GCT, GC2) without
    VARIANT_UNSUPPORTED findings: all their switches are implemented."""
    for name, overlays in [("conquest-plus-2p", ()), ("conquest-plus-4p", ()),
                           ("conquest-plus-4p", ("catapult-4cm",)), ("grand-conquest-4p", ()),
                           ("grand-conquest-team", ()), ("grand-conquest-2p", ())]:
        rv = resolve_variant(name, None, list(overlays))
        assert rv.variant is not None, rv.findings
        assert not [f for f in check_variant(rv.variant) if f.code == "VARIANT_UNSUPPORTED"]
    v = resolve_variant("grand-conquest-4p", None, None,
                        {"galleon_catapult_land_targets": "any_adjacent"}).variant
    assert any(f.code == "VARIANT_UNSUPPORTED" for f in check_variant(v))


def test_recap_13_vessel_retaken_by_partner_returns_to_victim():
    """RECAP-13 (team game): a seized vessel taken back in a response by the partner's land
    piece returns to the victim, not to the partner."""
    st = make_state(["west:N@g0_1", "south:B@s0", "north:E@g1_0"], to_move="west",
                    variant="conquest-team")
    play(st, "N g0_1>g0_0*s0")
    assert on(st, "s0") == "west:Bn" and st.actor == "south"
    play(st, "(E g1_0>g0_0*s0)")
    assert on(st, "s0") == "south:Be"
