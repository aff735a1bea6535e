"""Bounds the model keeps against hostile files (editor/model/variant.py, board, scenario and
the generated schema): nesting, extends chains and names past the limits, and values that make
no sense, are findings, never tracebacks. Reading limits and backups: test_io.py."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from editor.model.board import Board
from editor.model.io import is_file, load_document
from editor.model.variant import (
    MAX_CHAIN,
    VARIANT_CHAIN_TOO_LONG,
    VARIANT_NOT_FOUND,
    locate_variant,
    resolve_variant,
)

VARIANT = "conquest-variant/1"


def _variant(path: Path, **data: object) -> Path:
    path.write_text(json.dumps({"format": VARIANT, "name": path.stem, **data}))
    return path


# ---- 1. deep nesting ------------------------------------------------------------------------

@pytest.mark.parametrize("depth", [300, 5000])
def test_deeply_nested_options_are_a_located_finding(tmp_path: Path, depth: int) -> None:
    path = tmp_path / "deep.variant.json"
    path.write_text('{"format": "conquest-variant/1", "name": "d", "extends": "conquest-4p", '
                    '"options": ' + "[" * depth + "]" * depth + "}")
    rv = resolve_variant(str(path))
    assert rv.variant is None
    (finding,) = rv.findings
    assert finding.code == "SCHEMA" and "nested too deeply" in finding.message
    assert finding.path == str(path) and finding.line == 1 and finding.column


def test_extends_chain_longer_than_the_limit_is_a_finding(tmp_path: Path) -> None:
    n = 3 * MAX_CHAIN
    for i in range(n):
        parent = f"c{i + 1}.variant.json" if i < n - 1 else "conquest-4p"
        _variant(tmp_path / f"c{i}.variant.json", extends=parent)
    rv = resolve_variant(str(tmp_path / "c0.variant.json"))
    assert rv.variant is None
    assert [f.code for f in rv.findings] == [VARIANT_CHAIN_TOO_LONG.code]
    assert rv.findings[0].pointer == "/extends" and rv.findings[0].line == 1


def test_chain_within_the_limit_resolves(tmp_path: Path) -> None:
    n = MAX_CHAIN - 2
    for i in range(n):
        parent = f"c{i + 1}.variant.json" if i < n - 1 else "conquest-4p"
        _variant(tmp_path / f"c{i}.variant.json", extends=parent)
    assert resolve_variant(str(tmp_path / "c0.variant.json")).variant is not None


# ---- 2. names longer than the file system allows ------------------------------------------

@pytest.mark.parametrize("name", ["x" * 300, "a/" + "x" * 300 + ".json", "nul\0byte"])
def test_unlookupable_names_are_not_files(tmp_path: Path, name: str) -> None:
    assert not is_file(tmp_path / name)
    assert locate_variant(name, tmp_path) is None


def test_300_character_extends_is_variant_not_found(tmp_path: Path) -> None:
    path = _variant(tmp_path / "long.variant.json", extends="x" * 300)
    rv = resolve_variant(str(path))
    assert [f.code for f in rv.findings] == [VARIANT_NOT_FOUND.code]
    assert rv.findings[0].line == 1


# ---- 4. values that make no sense -----------------------------------------------------------

def _piece(**extra: object) -> dict:
    return {"letter": "G", "range": 3, "terrain": "sea", **extra}


@pytest.mark.parametrize("data", [
    {"pieces": {"galleon": _piece(carries={"soldier": -100000})}},
    {"pieces": {"galleon": _piece(carries={"soldier": 10**18})}},
    {"options": {"catapult_galleon_max_steps": -1}},
    {"options": {"catapult_galleon_regen_steps": -5}},
    {"options": {"catapult_galleon_max_steps": 10**9}},
], ids=["carries-negative", "carries-huge", "galleon-steps-negative", "regen-negative",
        "galleon-steps-huge"])
def test_variant_values_out_of_bounds_are_schema_findings(tmp_path: Path, data: dict) -> None:
    path = _variant(tmp_path / "v.variant.json", extends="conquest-plus-4p", **data)
    rv = resolve_variant(str(path))
    assert rv.variant is None
    assert {f.code for f in rv.findings} == {"SCHEMA"}
    assert all(f.path == str(path) and f.line and f.line > 0 for f in rv.findings)


@pytest.mark.parametrize("where", ["x", "y"])
def test_negative_field_coordinate_is_a_schema_finding(tmp_path: Path, where: str) -> None:
    field = {"id": "a", "terrain": "land", "x": 10, "y": 10, where: -0.5}
    path = tmp_path / "b.board.json"
    path.write_text(json.dumps({"format": "conquest-board/1", "name": "n", "fields": [field]}))
    result = load_document(path, Board, "conquest-board/1")
    (finding,) = result.findings
    assert finding.code == "SCHEMA" and finding.pointer == f"/fields/0/{where}"


def test_scenario_counts_are_never_negative() -> None:
    from pydantic import ValidationError

    from editor.model.scenario import Expect

    for key, value in [("ap_left", -1), ("budget", {"south": -3}), ("legal_count", -2),
                       ("captured", {"south": 10**12})]:
        with pytest.raises(ValidationError):
            Expect.model_validate({key: value})


def test_schema_carries_the_bounds(repo_root: Path) -> None:
    schema = json.loads((repo_root / "schema/variant.schema.json").read_text())
    defs = schema["$defs"]
    carries = defs["PieceSpec"]["properties"]["carries"]["additionalProperties"]
    assert (carries["minimum"], carries["maximum"]) == (0, 20)
    steps = defs["Options"]["properties"]["catapult_galleon_max_steps"]["anyOf"][0]
    assert (steps["minimum"], steps["maximum"]) == (0, 100)
    board = json.loads((repo_root / "schema/board.schema.json").read_text())
    assert board["$defs"]["Field"]["properties"]["x"]["minimum"] == 0
