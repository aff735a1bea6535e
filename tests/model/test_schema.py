"""The generated JSON Schema is the language-neutral contract (ARCHITECTURE principle 1).

It is up to date (`conquest schema --check`, `conquest docs --check`), documents every property,
accepts every board file of the repository with a plain JSON Schema validator (no pydantic), and
rejects structural errors on its own. Board files meant to be invalid must live in a folder named
`invalid` to be left out of the repository-wide check.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.boardkit import FORMAT, Board, rich_board, run_cli, small_board
from support.mutations import BASES, DEEP, NASTY, mutate_tree

from editor.model import parse_board, scenario, variant
from editor.model.schema import DIALECT, SCHEMAS, generate, render

SCHEMA_PROVIDERS = (variant, scenario)  # imported: their schemas are registered

ROOT = Path(__file__).resolve().parents[2]
SCHEMA_FILE = ROOT / "schema" / "board.schema.json"


@pytest.fixture(scope="module")
def validator() -> jsonschema.Draft202012Validator:
    schema = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def errors(validator: jsonschema.Draft202012Validator, data: Any) -> list[str]:
    return [f"{e.json_path}: {e.message}" for e in validator.iter_errors(data)]


# ---- up to date ----------------------------------------------------------------------------


def test_schema_check_passes() -> None:
    run = run_cli("schema", "--check")
    assert run.code == 0, run.err


def test_docs_check_passes() -> None:
    run = run_cli("docs", "--check")
    assert run.code == 0, run.err


@pytest.mark.parametrize("spec", [s for s in SCHEMAS if s.filename == "board.schema.json"],
                         ids=lambda s: s.filename)
def test_board_schema_file_is_current(spec: Any) -> None:
    """The board schema alone (independent of formats other layers add)."""
    assert SCHEMA_FILE.read_text(encoding="utf-8") == render(spec)


def test_schema_check_fails_on_stale_file(tmp_path: Path) -> None:
    assert run_cli("schema", "--out", tmp_path).code == 0
    target = tmp_path / "board.schema.json"
    assert run_cli("schema", "--check", "--out", tmp_path).code == 0
    target.write_text(target.read_text(encoding="utf-8").replace("Field id", "Feld id"),
                      encoding="utf-8")
    run = run_cli("schema", "--check", "--out", tmp_path)
    assert run.code == 1 and "out of date" in run.err


def test_docs_check_fails_on_stale_file(tmp_path: Path) -> None:
    out = tmp_path / "findings.md"
    assert run_cli("docs", "--check", "--out", out).code == 1  # missing
    assert run_cli("docs", "--out", out).code == 0
    assert run_cli("docs", "--check", "--out", out).code == 0
    assert "`DANGLING_REFERENCE`" in out.read_text(encoding="utf-8")


# ---- the schema document -------------------------------------------------------------------


def test_schema_header() -> None:
    schema = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    assert schema["$schema"] == DIALECT
    assert schema["$id"] == f"urn:conquest-workbench:schema:{FORMAT}"
    assert schema["required"][0] == "format"
    assert schema["properties"]["format"]["const"] == FORMAT


def _properties(node: Any, where: str = "") -> Iterator[tuple[str, dict]]:
    if isinstance(node, dict):
        for name, prop in node.get("properties", {}).items():
            yield f"{where}/properties/{name}", prop
        for key, value in node.items():
            yield from _properties(value, f"{where}/{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _properties(value, f"{where}/{i}")


@pytest.mark.parametrize("spec", SCHEMAS, ids=lambda s: s.filename)
def test_every_property_has_a_description(spec: Any) -> None:
    schema = generate(spec)
    props = list(_properties(schema))
    assert len(props) >= 10  # the traversal finds properties (the package manifest has 14)
    undocumented = [where for where, prop in props if not str(prop.get("description", "")).strip()]
    assert undocumented == []
    bare = [name for name, d in schema.get("$defs", {}).items() if not d.get("description")]
    assert bare == []


# ---- every board file of the repository validates with plain jsonschema ----------------------


def repository_boards() -> list[Path]:
    found = [p for folder in ("tests", "boards") for p in (ROOT / folder).glob("**/*.board.json")]
    return sorted(p for p in found if "invalid" not in p.relative_to(ROOT).parts)


def test_fixture_boards_exist() -> None:
    assert {p.name for p in repository_boards()} >= {"minimal.board.json", "rich.board.json"}


@pytest.mark.parametrize("path", repository_boards(), ids=lambda p: str(p.relative_to(ROOT)))
def test_repository_board_matches_schema(path: Path,
                                         validator: jsonschema.Draft202012Validator) -> None:
    assert errors(validator, json.loads(path.read_text(encoding="utf-8"))) == []


# ---- the schema alone rejects structural errors -------------------------------------------------


def _without(key: str) -> Callable[[Board], Any]:
    return lambda d: d.pop(key)


STRUCTURAL = {
    "wrong type": lambda d: d["fields"][0].update(x="ten"),
    "wrong type (list)": lambda d: d.update(fields={"a": 1}),
    "unknown key": lambda d: d["fields"][0].update(colour="#ffffff"),
    "unknown top-level key": lambda d: d.update(version=2),
    "bad enum": lambda d: d["fields"][0].update(terrain="lava"),
    "bad enum (piece)": lambda d: d["setups"][0]["placements"][0].update(piece="dragon"),
    "bad enum (nested cargo)": lambda d: d["setups"][0]["placements"][2]["cargo"][0]["cargo"][
        0].update(piece="dragon"),
    "missing required key": _without("name"),
    "missing required nested key": lambda d: d["connections"][0].pop("kind"),
    "missing format tag": _without("format"),
    "incorrect format tag": lambda d: d.update(format="conquest-board/2"),
    "bad id": lambda d: d["fields"][0].update(id="-x"),
    "bad colour": lambda d: d["seats"][0].update(colour="red"),
    "negative size": lambda d: d["image"].update(width=-5),
    "null where not allowed": lambda d: d.update(name=None),
    "too many cargo": lambda d: d["setups"][0]["placements"][2]["cargo"].extend(
        [{"piece": "soldier"}] * 4),
    "zero scale": lambda d: d["scale"].update(px_per_cm=0),
    "huge coordinate": lambda d: d["fields"][0].update(y=1e9),
}


@pytest.mark.parametrize("name", list(STRUCTURAL))
def test_schema_rejects_structural_error(name: str,
                                         validator: jsonschema.Draft202012Validator) -> None:
    data = rich_board()
    assert errors(validator, data) == []
    STRUCTURAL[name](data)
    assert errors(validator, data), f"schema accepts {name}"
    # ...and the loader agrees
    result = parse_board(json.dumps(data))
    assert result.model is None and result.findings


def test_small_board_fixture_matches_schema(validator: jsonschema.Draft202012Validator) -> None:
    assert errors(validator, small_board()) == []


def _quirk(value: Any) -> bool:
    """Values where plain JSON Schema is knowingly more lenient than the loader: integral
    floats for integers (2020-12 counts 5.0 as an integer), and a trailing newline (Python's
    `re` lets `$` match before it)."""
    if isinstance(value, float):
        return value.is_integer()
    if isinstance(value, str):
        return value.endswith("\n")
    if isinstance(value, list | dict):
        items = value.values() if isinstance(value, dict) else value
        return any(_quirk(v) for v in items)
    return False


@settings(max_examples=300, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(data=st.data())
def test_schema_and_loader_agree(data: st.DataObject,
                                 validator: jsonschema.Draft202012Validator) -> None:
    """A plain JSON Schema validator and the loader accept and reject the same documents."""
    doc = json.loads(json.dumps(data.draw(st.sampled_from(BASES))))
    for _ in range(data.draw(st.integers(1, 2))):
        doc = mutate_tree(doc, data.draw, NASTY.filter(lambda v: not _quirk(v)))
    text = json.dumps(doc)
    if DEEP in text:
        return
    schema_ok = not errors(validator, doc)
    result = parse_board(text)
    assert schema_ok == (result.model is not None), (
        errors(validator, doc)[:3], [f.format_line() for f in result.findings][:3])
