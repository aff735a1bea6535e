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
