"""Issue 12 (hardening), model layer: hostile files give findings, never tracebacks, and
memory and time never follow a size a file claims; saves never leave a broken backup."""

from __future__ import annotations

import errno
import json
from pathlib import Path

import pytest

from editor.model import io as model_io
from editor.model.board import Board
from editor.model.io import (
    FILE_TOO_LARGE,
    MAX_FILE_BYTES,
    SourceMap,
    atomic_write_text,
    is_file,
    load_document,
)
from editor.model.variant import (
    MAX_CHAIN,
    VARIANT_CHAIN_TOO_LONG,
    VARIANT_NOT_FOUND,
    locate_variant,
    resolve_variant,
)

VARIANT = "conquest-variant/2"


def _variant(path: Path, **data: object) -> Path:
    path.write_text(json.dumps({"format": VARIANT, "name": path.stem, **data}))
    return path


# ---- 1. deep nesting ------------------------------------------------------------------------

@pytest.mark.parametrize("depth", [300, 5000])
def test_deeply_nested_options_are_a_located_finding(tmp_path: Path, depth: int) -> None:
    path = tmp_path / "deep.variant.json"
    path.write_text('{"format": "conquest-variant/2", "name": "d", "extends": "conquest-4p", '
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


def test_300_character_path_is_file_unreadable(tmp_path: Path) -> None:
    result = load_document(tmp_path / ("x" * 300), Board, "conquest-board/1")
    assert [f.code for f in result.findings] == ["FILE_UNREADABLE"]


# ---- 5. file size limit and the locator ---------------------------------------------------

def test_file_above_the_limit_is_not_read(tmp_path: Path) -> None:
    path = tmp_path / "big.board.json"
    with open(path, "wb") as handle:
        handle.truncate(MAX_FILE_BYTES + 1)  # sparse: costs no disk
    result = load_document(path, Board, "conquest-board/1")
    assert [f.code for f in result.findings] == [FILE_TOO_LARGE.code]
    assert result.findings[0].path == str(path)


def test_locator_does_not_parse_what_it_skips() -> None:
    """An unknown key holding many numbers (the 198 MB board of issue 12, scaled down) is
    located without building a map of every value: the scan of the key's value stops at
    strings and brackets only."""
    junk = ",".join(["1234567890"] * 200_000)
    text = '{\n  "format": "conquest-board/1",\n  "junk": [' + junk + '],\n  "name": "n"\n}'
    source = SourceMap(text)
    assert source.position("/junk") == (3, 3)
    assert source.position("/name") == (4, 3)
    assert source.position("/junk/3") == (3, 12 + 3 * 11)
    assert source.position("/missing/deeper") == (1, 1)


@pytest.mark.parametrize("name", ["conquest-4p.board.json", "grand-conquest-4p.board.json"])
def test_locator_agrees_with_json_source_map(repo_root: Path, name: str) -> None:
    import json_source_map

    text = (repo_root / "boards" / name).read_text(encoding="utf-8")
    text = json.dumps(json.loads(text), indent=1, ensure_ascii=False)  # other layout too
    source = SourceMap(text)
    for pointer, entry in json_source_map.calculate(text).items():
        loc = entry.key_start or entry.value_start
        assert source.position(pointer) == (loc.line + 1, loc.column + 1), pointer


# ---- 7. no broken backup --------------------------------------------------------------------

def _full_disk_copy(src: object, dst: object, **_: object) -> None:
    """shutil.copy2 that writes part of the file, then finds the disk full."""
    Path(dst).write_bytes(Path(src).read_bytes()[:7])  # type: ignore[arg-type]
    raise OSError(errno.ENOSPC, "No space left on device")


@pytest.mark.parametrize("had_backup", [False, True])
def test_full_disk_during_backup_leaves_no_broken_backup(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, had_backup: bool) -> None:
    target = tmp_path / "b.board.json"
    target.write_text("original\n")
    bak = tmp_path / "b.board.json.bak"
    if had_backup:
        bak.write_text("older\n")
    monkeypatch.setattr(model_io.shutil, "copy2", _full_disk_copy)
    with pytest.raises(OSError) as caught:
        atomic_write_text(target, "new\n")
    monkeypatch.undo()
    assert caught.value.errno == errno.ENOSPC
    assert target.read_text() == "original\n"
    expected = ["b.board.json", "b.board.json.bak"] if had_backup else ["b.board.json"]
    assert sorted(p.name for p in tmp_path.iterdir()) == expected
    if had_backup:
        assert bak.read_text() == "older\n"


def test_backup_is_complete_after_a_save(tmp_path: Path) -> None:
    target = tmp_path / "b.board.json"
    target.write_text("first\n" * 5000)
    atomic_write_text(target, "second\n")
    assert (tmp_path / "b.board.json.bak").read_text() == "first\n" * 5000


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
def test_negative_field_coordinate_loads_and_is_outside_the_scan(tmp_path: Path, where: str,
                                                                ) -> None:
    """Boards with negative coordinates loaded before the bound was tightened and keep loading
    (issue 26); a field off the scan is a warning, a coordinate beyond the magnitude bound a
    SCHEMA error."""
    from editor.check.board_checks import check_board

    field = {"id": "a", "terrain": "land", "x": 10, "y": 10, where: -0.5}
    path = tmp_path / "b.board.json"
    path.write_text(json.dumps({"format": "conquest-board/1", "name": "n", "fields": [field],
                                "image": {"path": "s.png", "width": 100, "height": 100}}))
    result = load_document(path, Board, "conquest-board/1")
    assert result.findings == [] and result.model is not None
    (outside,) = [f for f in check_board(result.model) if f.code == "FIELD_OUTSIDE_IMAGE"]
    assert outside.severity == "warning"
    field[where] = -2_000_000
    path.write_text(json.dumps({"format": "conquest-board/1", "name": "n", "fields": [field]}))
    (finding,) = load_document(path, Board, "conquest-board/1").findings
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
    assert board["$defs"]["Field"]["properties"]["x"]["minimum"] == -1_000_000  # issue 26
