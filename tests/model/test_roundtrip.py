"""Round trip (ARCHITECTURE principle 7): load -> save -> load gives an equal model, and a
second save is byte-identical; with floats, unicode labels, nested cargo and region polygons."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.boardkit import (
    FORMAT,
    Board,
    bare_board,
    board_text,
    castle_board,
    grail_board,
    region_board,
    rich_board,
    small_board,
)

from editor.model import dump_board, load_board, parse_board, save_board
from editor.model.board import Board as BoardModel
from editor.model.types import FLOAT_DECIMALS, MAX_COORD, MIN_COORD

BUILDERS = [bare_board, small_board, castle_board, grail_board, region_board, rich_board]


def parsed(text: str) -> BoardModel:
    result = parse_board(text)
    assert result.findings == [], [f.format_line() for f in result.findings]
    assert result.model is not None
    return result.model


@pytest.mark.parametrize("build", BUILDERS, ids=lambda b: b.__name__)
def test_load_save_load_is_equal_and_second_save_identical(
        build: Callable[[], Board], tmp_path: Path) -> None:
    src = tmp_path / "src.board.json"
    src.write_text(board_text(build()), encoding="utf-8")
    first = load_board(src).model
    out = tmp_path / "out.board.json"
    save_board(first, out)
    again = load_board(out)
    assert again.findings == []
    assert again.model == first
    saved = out.read_bytes()
    save_board(again.model, out)
    assert out.read_bytes() == saved
    assert saved.endswith(b"\n") and not saved.endswith(b"\n\n")
    assert saved.decode("utf-8").splitlines()[1] == f'  "format": "{FORMAT}",'


def test_fixture_files_are_in_canonical_form(test_data: Path) -> None:
    """The writer's output is the canonical form: saving a fixture changes nothing."""
    for path in sorted((test_data / "boards").glob("*.board.json")):
        text = path.read_text(encoding="utf-8")
        assert dump_board(parsed(text)) == text, path


def test_unicode_is_written_as_utf8_not_escaped() -> None:
    text = dump_board(parsed(board_text(rich_board())))
    assert "Südinsel" in text and "日本語" in text and "⚓" in text
    assert "\\u" not in text


def test_key_and_default_order_do_not_matter() -> None:
    """The writer uses the model's key order and omits defaults, whatever the input did."""
    data = rich_board()
    shuffled = dict(reversed(list(data.items())))
    shuffled["fields"] = [dict(reversed(list(f.items()))) | {"harbour": f.get("harbour", False)}
                          for f in data["fields"]]
    assert dump_board(parsed(json.dumps(shuffled))) == dump_board(parsed(json.dumps(data)))
    assert '"harbour": false' not in dump_board(parsed(json.dumps(shuffled)))


@pytest.mark.parametrize(("given_", "stored"), [
    (1, 1.0), (0.1 + 0.2, 0.3), (12.34549, 12.345), (-0.0, 0.0), (0.0004, 0.0),
    (999999.9996, 1000000.0),
    (1e-300, 0.0), (123456.7891, 123456.789),
])
def test_floats_are_rounded_to_the_file_precision(given_: float, stored: float) -> None:
    data = small_board()
    data["fields"][0]["x"] = given_
    model = parsed(json.dumps(data))
    assert model.fields[0].x == stored
    assert json.loads(dump_board(model))["fields"][0]["x"] == stored


def test_tiny_positive_scale_is_rejected_not_rounded_to_zero() -> None:
    """px_per_cm 0.0001 would be saved as 0.0 (a file that no longer loads, and a division by
    zero in the checks): the smallest accepted value is 0.001."""
    data = small_board()
    data["scale"] = {"px_per_cm": 0.0001}
    result = parse_board(json.dumps(data))
    assert result.model is None
    assert [f.pointer for f in result.findings] == ["/scale/px_per_cm"]
    data["scale"] = {"px_per_cm": 0.001}
    assert parsed(json.dumps(data)).scale.px_per_cm == 0.001


# ---- property: any structurally valid board round-trips --------------------------------------

ids = st.from_regex(r"\A[A-Za-z0-9][A-Za-z0-9_.\-]{0,11}\Z")
coords = st.floats(min_value=MIN_COORD, max_value=MAX_COORD, allow_nan=False,
                   allow_infinity=False)
texts = st.text(st.characters(exclude_categories=("Cs",)), max_size=40)
pieces = st.sampled_from(["soldier", "elephant", "knight", "chariot", "camel", "ship", "galleon",
                          "catapult", "siege_tower", "siege_engine"])
points = st.builds(lambda x, y: {"x": x, "y": y}, coords, coords)
cargo = st.recursive(
    st.builds(lambda p: {"piece": p}, pieces),
    lambda inner: st.builds(lambda p, c: {"piece": p, "cargo": c}, pieces,
                            st.lists(inner, max_size=3)),
    max_leaves=8,
)
fields = st.builds(
    lambda i, t, x, y, n, label, harbour: {"id": i, "terrain": t, "x": x, "y": y,
                                           "number": n, "label": label, "harbour": harbour},
    ids, st.sampled_from(["land", "sea"]), coords, coords,
    st.none() | st.integers(0, 99_999), texts, st.booleans())
regions = st.builds(
    lambda i, name, poly, stairs: {"id": i, "name": name, "polygon": poly, "stairs": stairs},
    ids, texts, st.lists(points, max_size=8), st.lists(ids, max_size=3))
placements = st.builds(
    lambda s, f, p, c: {"seat": s, "field": f, "piece": p, "cargo": c},
    ids, ids, pieces, st.lists(cargo, max_size=3))
boards = st.builds(
    lambda name, desc, fs, rs, ps, px: {
        "format": FORMAT, "name": name, "description": desc, "fields": fs, "regions": rs,
        "setups": [{"id": "s", "name": name, "placements": ps}],
        **({"scale": {"px_per_cm": px}} if px else {})},
    texts, texts, st.lists(fields, max_size=6), st.lists(regions, max_size=2),
    st.lists(placements, max_size=3),
    st.none() | st.floats(min_value=0.001, max_value=MAX_COORD))


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards)
def test_any_valid_board_round_trips(data: Board) -> None:
    model = parsed(json.dumps(data, ensure_ascii=False))
    text = dump_board(model)
    again = parsed(text)
    assert again == model
    assert dump_board(again) == text
    for f in again.fields:
        assert f.x == round(f.x, FLOAT_DECIMALS) and f.y == round(f.y, FLOAT_DECIMALS)


@settings(max_examples=50, deadline=None)
@given(st.randoms(use_true_random=False))
def test_element_order_is_kept(rnd: random.Random) -> None:
    data = rich_board()
    rnd.shuffle(data["fields"])
    rnd.shuffle(data["connections"])
    model = parsed(json.dumps(data))
    assert [f.id for f in model.fields] == [f["id"] for f in data["fields"]]
    assert [c["id"] for c in json.loads(dump_board(model))["connections"]] == [
        c["id"] for c in data["connections"]]


# ---- property: the semantic checks take any structurally valid board ---------------------------

few_ids = st.sampled_from(["a", "b", "c", "d", "r", "s", "k"])
small = st.floats(min_value=0, max_value=150, allow_nan=False)
graph_boards = st.fixed_dictionaries({
    "format": st.just(FORMAT),
    "name": st.just("G"),
    "fields": st.lists(st.builds(
        lambda i, t, x, y, n, h, isl: {"id": i, "terrain": t, "x": x, "y": y, "number": n,
                                       "harbour": h, "island": isl},
        few_ids, st.sampled_from(["land", "sea"]), small, small,
        st.none() | st.integers(0, 3), st.booleans(), st.none() | few_ids), max_size=7),
    "connections": st.lists(st.builds(
        lambda i, k, a, b, one, under, draw, cross, bc: {
            "id": i, "kind": k, "a": a, "b": b, "one_way": one, "under_lane": under,
            "drawbridge": draw, "crossing": cross, "bridge_class": bc},
        st.from_regex(r"\Ac[0-9]\Z"), st.sampled_from(
            ["road", "sea_lane", "harbour_link", "bridge", "castle_access", "wilderness_path"]),
        few_ids, few_ids, st.none() | st.builds(lambda t: {"to": t}, few_ids),
        st.none() | st.from_regex(r"\Ac[0-9]\Z"), st.booleans(),
        st.none() | st.sampled_from(["bridge", "underpass"]),
        st.none() | st.sampled_from(["normal", "x_bridge", "rope_bridge"])), max_size=8),
    "castles": st.lists(st.builds(
        lambda i, seat, towers: {"id": i, "seat": seat, "towers": towers},
        few_ids, few_ids, st.lists(st.builds(lambda f, a: {"field": f, "access": a}, few_ids,
                                             st.from_regex(r"\Ac[0-9]\Z")), max_size=6)),
        max_size=2),
    "grail": st.none() | st.builds(lambda fs, front: {"fields": fs, "front": front},
                                   st.lists(few_ids, max_size=6), st.none() | few_ids),
    "regions": st.lists(st.builds(
        lambda i, poly, stairs: {"id": i, "polygon": poly, "stairs": stairs},
        few_ids, st.lists(st.builds(lambda x, y: {"x": x, "y": y}, small, small), max_size=5),
        st.lists(few_ids, max_size=2)), max_size=2),
    "arrow_slits": st.lists(st.builds(lambda i, a, b: {"id": i, "a": a, "b": b},
                                      few_ids, few_ids, few_ids), max_size=2),
    "setups": st.lists(st.builds(lambda ps: {"id": "s", "placements": ps}, st.lists(
        st.builds(lambda seat, f, p: {"seat": seat, "field": f, "piece": p},
                  few_ids, few_ids, pieces), max_size=4)), max_size=2),
    "image": st.none() | st.builds(lambda w, h: {"path": "i.png", "width": w, "height": h},
                                   st.integers(1, 200), st.integers(1, 200)),
    "scale": st.none() | st.builds(
        lambda px, d, bx: {"px_per_cm": px, "calibration": {
            "a": {"x": 0, "y": 0}, "b": {"x": bx, "y": 0}, "distance_cm": d}},
        st.floats(0.001, 100), st.floats(0.001, 100), small),
})


@settings(max_examples=250, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(graph_boards)
def test_checks_take_any_valid_board(data: Board) -> None:
    from editor.check.board_checks import check_board
    from editor.model.findings import CODES

    data = {k: v for k, v in data.items() if v is not None}
    result = parse_board(json.dumps(data))
    assert result.model is not None, [f.format_line() for f in result.findings]
    findings = result.locate(check_board(result.model))
    for f in findings:
        assert f.code in CODES and f.pointer and f.line is not None
    assert findings == result.locate(check_board(parsed(dump_board(result.model))))


def test_intended_variants_are_optional_and_round_trip(tmp_path):
    from editor.model import load_board, save_board
    from editor.model.board import Board

    plain = tmp_path / "plain.board.json"
    save_board(Board(name="old"), plain)
    assert "variants" not in plain.read_text()          # older boards keep their bytes
    named = tmp_path / "named.board.json"
    save_board(Board(name="new", variants=["grand-conquest-2p"]), named)
    assert load_board(named).model.variants == ["grand-conquest-2p"]
