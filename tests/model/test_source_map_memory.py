"""The finding locator (`SourceMap`) works in memory proportional to the file, never to the
length of its longest string (issue 26: a 15-million-character label took 1.9 GB)."""

from __future__ import annotations

import json
import tracemalloc

import pytest

from editor.model.io import SourceMap


def _peak_while_locating(text: str, pointer: str) -> tuple[int, tuple[int, int] | None]:
    tracemalloc.start()
    try:
        tracemalloc.reset_peak()
        position = SourceMap(text).position(pointer)
        return tracemalloc.get_traced_memory()[1], position
    finally:
        tracemalloc.stop()


@pytest.mark.parametrize("filler", ["x", "\\n", 'a\\"'])
def test_locating_past_a_long_string_needs_no_memory_per_character(filler: str) -> None:
    long = filler * (120_000 // len(filler))
    text = '{"fields": [{"id": "a", "label": "' + long + '", "x": 1}, {"id": "b", "x": [2]}]}'
    peak, position = _peak_while_locating(text, "/fields/1/x")
    assert position == (1, text.index('"x": [2]') + 1)
    assert peak < 100_000, f"{peak} bytes traced to locate past a {len(long)}-character string"


def test_strings_with_escaped_quotes_and_backslashes_are_skipped_whole() -> None:
    data = {"a": 'say \\"[{\\\\', "b": ["\\\\", '"', "]"], "c": 3}
    text = json.dumps(data)
    source = SourceMap(text)
    assert source.position("/c") == (1, text.index('"c"') + 1)
    assert source.position("/b/2") == (1, text.index('"]"') + 1)
