"""Mutations of board, variant and scenario files for the property tests (structural and
textual). `mutated_files()` draws boards; `mutated_documents(VARIANT_BASES)` and
`mutated_documents(SCENARIO_BASES)` draw the other formats the same way."""

from __future__ import annotations

import copy
import json
from collections import Counter
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from .boardkit import castle_board, grail_board, region_board, rich_board, small_board

BASES = [small_board(), castle_board(), grail_board(), region_board(), rich_board()]
ROOT = Path(__file__).resolve().parents[2]


def _json(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def _scenario(name: str) -> dict:
    """A shipped example scenario with its board as an absolute path (the mutated copy is
    written elsewhere)."""
    data = _json(ROOT / "tests" / "scenarios" / name)
    if isinstance(data.get("board"), str):
        data["board"] = str(ROOT / "tests" / "scenarios" / data["board"])
    return data


VARIANT_BASES = [
    _json(ROOT / "variants" / "conquest-2p.variant.json"),
    _json(ROOT / "variants" / "classic-recapture.variant.json"),
    {"format": "conquest-variant/2", "name": "house", "extends": "conquest-4p",
     "overlays": ["classic-recapture"], "base_budget": 18,
     "options": {"castle_penalty_per_field": 3, "grail_entry_types": ["knight"]},
     "pieces": {"galleon": {"letter": "G", "range": 3, "terrain": "sea",
                            "carries": {"soldier": 2}}}},
]
SCENARIO_BASES = [_scenario(n) for n in ("ex-01-recapture.scenario.json",
                                         "ex-02a-naval-attack.scenario.json",
                                         "ex-09a-capital-penalty.scenario.json")]
DEEP = "@@deep@@"

#: Every kind of damage the strategies apply, counted as it is applied: a fuzz test checks that
#: its examples covered every kind (`missing_kinds`), so fewer examples still mean every class
#: of bad input.
APPLIED: Counter[str] = Counter()
TREE_OPS = ("replace", "delete", "unknown", "duplicate", "nest", "dangle")
BYTE_OPS = ("truncate", "byte", "nan", "digits", "surrogate", "flip", "bom")
_VALUES = {
    "null": st.none(), "bool": st.booleans(), "empty": st.just(""), "dangling-id": st.just("zz"),
    "terrain-id": st.just("t1"), "terrain-name": st.just("land"),
    "big-int": st.integers(-(2**70), 2**70),
    "edge-int": st.sampled_from([0, -1, 2**31, 2**63, 10**30, -(10**30)]),
    "float": st.floats(allow_nan=False, allow_infinity=False),
    "edge-float": st.sampled_from([1e308, -1e308, 1e-320, 0.5, 1000000.0005]),
    "text": st.text(max_size=30), "long-text": st.just("x" * 5000),
    "int-list": st.lists(st.integers(), max_size=3), "empty-object": st.just({}),
    "stray-object": st.just({"id": "zz"}), "nested-lists": st.just([[[[[[[[[[]]]]]]]]]]),
}
VALUE_KINDS = tuple(f"value:{name}" for name in _VALUES)


def _kind_of(name: str) -> st.SearchStrategy:
    # drawn values get mutated later: never share them
    return _VALUES[name].map(lambda v: (f"value:{name}", copy.deepcopy(v)))


_KINDED = st.one_of(*(_kind_of(name) for name in _VALUES))
NASTY = _KINDED.map(lambda kv: kv[1])


def missing_kinds(before: Counter[str], *, byte_ops: bool = True) -> list[str]:
    """The kinds of damage not applied since `before` (a copy of APPLIED)."""
    kinds = (*TREE_OPS, *VALUE_KINDS, *(BYTE_OPS if byte_ops else ()))
    return [k for k in kinds if APPLIED[k] <= before[k]]


def _paths(node: Any, here: tuple = ()) -> list[tuple]:
    out = [here]
    if isinstance(node, dict):
        for k, v in node.items():
            out.extend(_paths(v, (*here, k)))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out.extend(_paths(v, (*here, i)))
    return out


def _get(node: Any, path: tuple) -> Any:
    for p in path:
        node = node[p]
    return node


def _value(draw: Any, values: st.SearchStrategy | None) -> Any:
    if values is not None:
        return draw(values)
    kind, value = draw(_KINDED)
    APPLIED[kind] += 1
    return value


def mutate_tree(data: Any, draw: Any, values: st.SearchStrategy | None = None) -> Any:
    """One structural mutation of the JSON tree (returns the new root). `values`: what a
    replaced or unknown member holds (default: NASTY, each value's kind counted in APPLIED)."""
    paths = _paths(data)
    path = draw(st.sampled_from(paths))
    op = draw(st.sampled_from(TREE_OPS))
    if not path:
        if op != "replace":
            return data
        APPLIED[op] += 1
        return _value(draw, values)
    parent, key = _get(data, path[:-1]), path[-1]
    if op == "replace":
        parent[key] = _value(draw, values)
    elif op == "delete":
        del parent[key]
    elif op == "unknown" and isinstance(parent, dict):
        name = draw(st.sampled_from(["colour", "extra", "x", "format", "Name"]))
        parent[name] = _value(draw, values)
    elif op == "duplicate" and isinstance(parent, list):
        parent.insert(key, json.loads(json.dumps(parent[key])))
    elif op == "nest":
        depth = draw(st.sampled_from([3, 60, 150, 400, 2500]))
        if depth > 150:  # too deep for json.dumps: spliced into the text (see mutated_files)
            parent[key] = f"{DEEP}{depth}"
        else:
            value = parent[key]
            for _ in range(depth):
                value = [value]
            parent[key] = value
    elif op == "dangle" and isinstance(parent[key], str):
        parent[key] = draw(st.sampled_from([
            "zz", "t1", "a", "r1", "south", "g1", "w1", "conquest-4p", "classic-recapture",
            "x" * 300, "a/" + "x" * 300 + ".json", "nul\0byte", "../variants/conquest-2p"]))
    else:
        return data  # the op does not apply here: nothing changed
    APPLIED[op] += 1
    return data


def mutate_bytes(raw: bytes, draw: Any) -> bytes:
    """One textual mutation of the serialised file (counted in APPLIED when it changed it)."""
    op = draw(st.sampled_from([*BYTE_OPS, "none"]))
    out = _mutated_bytes(raw, op, draw)
    if out != raw:
        APPLIED[op] += 1
    return out


def _mutated_bytes(raw: bytes, op: str, draw: Any) -> bytes:
    at = draw(st.integers(0, max(len(raw) - 1, 0)))
    if op == "truncate":
        return raw[:at]
    if op == "byte":
        return raw[:at] + draw(st.sampled_from([b"\xff", b"\xc3", b"\x80", b"\xed\xa0\x80",
                                                b"\x00"])) + raw[at:]
    if op == "nan":
        token = draw(st.sampled_from([b"NaN", b"Infinity", b"-Infinity"]))
        return raw.replace(b": 10", b": " + token, 1) if b": 10" in raw else token
    if op == "digits":
        return raw.replace(b": 1", b": 1" + b"7" * 5000, 1)
    if op == "surrogate":  # an id and a name, else the first string member (variants)
        out = raw.replace(b'"a"', b'"\\ud800a"', 1).replace(b'"Small"', b'"\\udc00"', 1)
        return out if out != raw else raw.replace(b': "', b': "\\ud800', 1)
    if op == "flip" and raw:
        return raw[:at] + bytes([raw[at] ^ draw(st.integers(1, 255))]) + raw[at + 1:]
    if op == "bom":
        return b"\xef\xbb\xbf" + raw
    return raw


@st.composite
def mutated_documents(draw: Any, bases: list) -> bytes:
    """A mutated copy of one of `bases` (JSON objects), serialised."""
    data = json.loads(json.dumps(draw(st.sampled_from(bases))))
    for _ in range(draw(st.integers(1, 3))):
        data = mutate_tree(data, draw)
    raw = json.dumps(data, indent=draw(st.sampled_from([None, 2])),
                     ensure_ascii=draw(st.booleans())).encode("utf-8", "surrogatepass")
    for depth in (400, 2500):
        raw = raw.replace(f'"{DEEP}{depth}"'.encode(), b"[" * depth + b"]" * depth)
    if draw(st.booleans()):
        raw = mutate_bytes(raw, draw)
    return raw


def mutated_files() -> st.SearchStrategy[bytes]:
    """Mutated board files."""
    return mutated_documents(BASES)
