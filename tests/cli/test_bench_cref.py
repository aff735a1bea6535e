"""The C reference of the range-6 search (`editor/cli/bench_cref.c`) answers exactly what the
engine's search answers (MOVE-1..5, PIECE-KNIGHT-2, CAPT-1): a reference measured against the
engine must be one. No speed is asserted."""

from __future__ import annotations

import pytest

from editor.cli import bench_cref
from editor.rules.game_loader import load_game


@pytest.mark.skipif(bench_cref.load() is None, reason="no C compiler")
@pytest.mark.parametrize("variant", ["conquest-4p", "conquest-plus-4p", "grand-conquest-4p"])
def test_the_c_reference_gives_the_engines_answers(variant: str) -> None:
    game = load_game(None, variant).game
    found = bench_cref.measure(game, seed=3, repeats=1)
    assert found["queries"] > 20 and found["disagreements"] == 0
    assert found["us_per_query"] > 0


@pytest.mark.skipif(bench_cref.load() is None, reason="no C compiler")
def test_the_covered_queries_are_the_ones_the_reference_answers() -> None:
    """`covered` names the queries `measure` answers (the engine is timed on the same ones):
    all of them on conquest-4p, none with a raised drawbridge or a siege piece at home on
    grand-conquest-4p."""
    from editor.cli.bench_engine_child import sample_queries

    for variant, some_left_out in (("conquest-4p", False), ("grand-conquest-4p", True)):
        game = load_game(None, variant).game
        covered = bench_cref.covered(game, 3)
        assert len(covered) == bench_cref.measure(game, seed=3, repeats=1)["queries"]
        assert (len(covered) < len(sample_queries(game, 3))) == some_left_out
        queries = sample_queries(game, 3)
        for i in set(range(len(queries))) - set(covered):
            st, pid = queries[i]
            piece = st.piece(pid)
            siege_home = game.tables.by_type[piece.kind_index][1 if piece.cargo else 0][3]
            assert st.progress().drawbridges_raised or siege_home


def test_without_a_compiler_there_is_no_reference(monkeypatch) -> None:
    monkeypatch.setattr(bench_cref, "_LIB", [])
    monkeypatch.setenv("CC", "/no/such/cc")
    game = load_game(None, "conquest-4p").game
    assert bench_cref.measure(game, seed=3, repeats=1) is None
