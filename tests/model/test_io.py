"""Reading and writing model files (editor/model/io.py) against hostile files: a path longer
than the file system allows and a file above the size limit are findings, the locator does not
parse what it skips, and a save never leaves a broken backup (issue 12)."""

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
    load_document,
)


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
