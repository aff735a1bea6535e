"""Atomic saves (ARCHITECTURE principle 7): temporary file, fsync, rename, `NAME.bak`.

Tests may run as root, where a read-only folder does not stop writes, so failures are simulated
by making `os.replace` / `os.fsync` raise.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from support.boardkit import board_text, rich_board, small_board

from editor.model import dump_board, parse_board, save_board
from editor.model import io as model_io
from editor.model.board import Board


def model(data: dict) -> Board:
    result = parse_board(board_text(data))
    assert result.model is not None
    return result.model


def renamed(name: str) -> Board:
    board = model(small_board())
    board.name = name
    return board


def listing(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def test_first_save_writes_file_without_backup(tmp_path: Path) -> None:
    target = tmp_path / "b.board.json"
    save_board(model(rich_board()), target)
    assert listing(tmp_path) == ["b.board.json"]
    assert target.read_text(encoding="utf-8") == dump_board(model(rich_board()))


def test_backup_keeps_previous_content(tmp_path: Path) -> None:
    target = tmp_path / "b.board.json"
    save_board(renamed("one"), target)
    first = target.read_bytes()
    save_board(renamed("two"), target)
    assert (tmp_path / "b.board.json.bak").read_bytes() == first
    assert b'"name": "two"' in target.read_bytes()
    save_board(renamed("three"), target)
    assert b'"name": "two"' in (tmp_path / "b.board.json.bak").read_bytes()
    assert listing(tmp_path) == ["b.board.json", "b.board.json.bak"]


def test_no_backup_when_asked(tmp_path: Path) -> None:
    target = tmp_path / "b.board.json"
    save_board(renamed("one"), target, backup=False)
    save_board(renamed("two"), target, backup=False)
    assert listing(tmp_path) == ["b.board.json"]


@pytest.mark.parametrize("failing", ["replace", "fsync"])
def test_failed_write_keeps_original_and_leaves_no_temp(
        failing: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "b.board.json"
    save_board(renamed("original"), target, backup=False)
    before = target.read_bytes()

    def boom(*args: object, **kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(model_io.os, failing, boom)
    with pytest.raises(OSError, match="No space left"):
        save_board(renamed("changed"), target)
    monkeypatch.undo()
    assert target.read_bytes() == before
    assert not [n for n in listing(tmp_path) if n.endswith(".tmp")], listing(tmp_path)
    assert set(listing(tmp_path)) <= {"b.board.json", "b.board.json.bak"}


def test_interrupted_write_leaves_no_temp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "b.board.json"

    def interrupt(*args: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(model_io.os, "fsync", interrupt)
    with pytest.raises(KeyboardInterrupt):
        save_board(renamed("x"), target)
    monkeypatch.undo()
    assert listing(tmp_path) == []


def test_unencodable_text_fails_before_touching_disk(tmp_path: Path) -> None:
    target = tmp_path / "b.board.json"
    target.write_text("previous", encoding="utf-8")
    with pytest.raises(UnicodeEncodeError):
        model_io.atomic_write_text(target, "lone surrogate \ud800")
    assert listing(tmp_path) == ["b.board.json"]
    assert target.read_text(encoding="utf-8") == "previous"


def test_save_keeps_file_permissions(tmp_path: Path) -> None:
    target = tmp_path / "b.board.json"
    target.write_text("{}", encoding="utf-8")
    target.chmod(0o640)
    save_board(renamed("x"), target)
    assert stat.S_IMODE(target.stat().st_mode) == 0o640


def test_new_file_gets_the_usual_permissions(tmp_path: Path) -> None:
    """Not mkstemp's 0o600: a saved board is readable like any other file (umask applies)."""
    old = os.umask(0o022)
    try:
        save_board(renamed("x"), tmp_path / "b.board.json")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "b.board.json").stat().st_mode) == 0o644


def test_save_in_current_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    save_board(renamed("here"), "b.board.json")
    save_board(renamed("again"), "b.board.json")
    assert listing(tmp_path) == ["b.board.json", "b.board.json.bak"]


def test_missing_folder_raises_oserror(tmp_path: Path) -> None:
    with pytest.raises(OSError):
        save_board(renamed("x"), tmp_path / "nope" / "b.board.json")
