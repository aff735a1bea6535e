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


def test_without_a_compiler_there_is_no_reference(monkeypatch) -> None:
    monkeypatch.setattr(bench_cref, "_LIB", [])
    monkeypatch.setenv("CC", "/no/such/cc")
    game = load_game(None, "conquest-4p").game
    assert bench_cref.measure(game, seed=3, repeats=1) is None
