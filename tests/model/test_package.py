"""Game packages (editor.model.package): building, reading, and refusing tampered packages
safely (paths, links, duplicates, sizes, zip bombs, checksums) without writing anything."""

from __future__ import annotations

import io
import json
import warnings
import zipfile
from pathlib import Path

import pytest

from editor.model import package as pkg
from editor.model.package import (
    build_package,
    is_package,
    open_game_source,
    read_package,
)
from editor.model.variant import resolve_variant
from editor.resources import shipped_file

BOARD = shipped_file("boards", "conquest-4p")


@pytest.fixture(scope="module")
def good() -> bytes:
    from editor.model import load_board

    rv = resolve_variant("conquest-4p", None, ["classic-recapture"])
    board = load_board(BOARD).model
    return build_package(BOARD, board, "conquest-4p", ["classic-recapture"], rv.chain,
                         rv.variant, "test")


def _members(data: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        return {i.filename: zf.read(i) for i in zf.infolist()}


def _zip(entries: list[tuple[str, bytes] | zipfile.ZipInfo | tuple[zipfile.ZipInfo, bytes]],
         ) -> bytes:
    buffer = io.BytesIO()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # zipfile warns about duplicate names
        with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as zf:
            for name, data in entries:
                zf.writestr(name, data)
    return buffer.getvalue()


def _codes(tmp_path: Path, data: bytes, name: str = "t.conquest") -> set[str]:
    path = tmp_path / name
    path.write_bytes(data)
    before = sorted(p.name for p in tmp_path.iterdir())
    contents = read_package(path)
    assert sorted(p.name for p in tmp_path.iterdir()) == before  # nothing written
    assert contents.board is None and contents.variant is None
    return {f.code for f in contents.findings}


def test_package_round_trip(tmp_path, good):
    path = tmp_path / "game.conquest"
    path.write_bytes(good)
    contents = read_package(path)
    assert contents.findings == []
    assert contents.board.name and contents.variant.name == "conquest-4p"
    # CONF-1 overlay (RECAP-7) was resolved into the packed variant
    assert contents.variant.options.recapture_moves_must_be_necessary is False
    roles = sorted(m.role for m in contents.manifest.members)
    assert roles == ["board", "resolved_variant", "scan", "variant", "variant"]
    assert [m.ref for m in contents.manifest.members if m.role == "variant"] == [
        "conquest-4p", "classic-recapture"]
    assert contents.manifest.created_by.startswith("conquest-workbench ")
    assert contents.scan.startswith(b"\x89PNG")
    board, variant, findings = open_game_source(path)
    assert findings == [] and board == contents.board and variant == contents.variant
    assert is_package(path)


def test_same_inputs_give_the_same_bytes(good):
    from editor.model import load_board

    rv = resolve_variant("conquest-4p", None, ["classic-recapture"])
    again = build_package(BOARD, load_board(BOARD).model, "conquest-4p", ["classic-recapture"],
                          rv.chain, rv.variant, "test")
    assert again == good


@pytest.mark.parametrize("name, reason", [
    ("../evil.txt", "leaves"), ("/tmp/evil.txt", "absolute"), ("a\\..\\evil", "backslash"),
    ("board/./x", "leaves"), ("C:evil", "absolute"),
])
def test_member_names_that_leave_the_package(tmp_path, good, name, reason):
    entries = [*_members(good).items(), (name, b"x")]
    path = tmp_path / "t.conquest"
    path.write_bytes(_zip(entries))
    contents = read_package(path)
    assert [f.code for f in contents.findings] == ["PACKAGE_UNSAFE_PATH"]
    assert reason in contents.findings[0].message
    assert not (tmp_path.parent / "evil.txt").exists()


def test_links_and_duplicates(tmp_path, good):
    link = zipfile.ZipInfo("board/link")
    link.external_attr = 0o120777 << 16
    assert _codes(tmp_path, _zip([*_members(good).items(), (link, b"/etc/passwd")])) == {
        "PACKAGE_UNSAFE_PATH"}
    dup = [*_members(good).items(), ("manifest.json", b"{}")]
    assert _codes(tmp_path, _zip(dup)) == {"PACKAGE_UNSAFE_PATH"}


def test_wrong_checksum_and_unlisted_members(tmp_path, good):
    members = _members(good)
    resolved = json.loads(members["variant/resolved.variant.json"])
    resolved["base_budget"] = 99
    members["variant/resolved.variant.json"] = json.dumps(resolved).encode()
    assert _codes(tmp_path, _zip(list(members.items()))) == {"PACKAGE_CHECKSUM"}
    extra = [*_members(good).items(), ("notes.txt", b"hello")]
    assert _codes(tmp_path, _zip(extra)) == {"PACKAGE_MEMBER"}
    no_manifest = [(k, v) for k, v in _members(good).items() if k != "manifest.json"]
    assert _codes(tmp_path, _zip(no_manifest)) == {"PACKAGE_MANIFEST"}


def test_sizes_are_capped_before_reading(tmp_path, good, monkeypatch):
    bomb = [*_members(good).items(), ("board/bomb.png", b"\0" * (8 * 1024 * 1024))]
    path = tmp_path / "bomb.conquest"
    path.write_bytes(_zip(bomb))
    contents = read_package(path)
    assert [f.code for f in contents.findings] == ["PACKAGE_TOO_LARGE"]
    assert "zip bomb" in contents.findings[0].message and contents.members == {}
    monkeypatch.setattr(pkg, "MAX_MEMBER_BYTES", 100_000)
    assert _codes(tmp_path, good) == {"PACKAGE_TOO_LARGE"}  # the board member is larger
    monkeypatch.undo()
    many = [(f"m{i}", b"") for i in range(pkg.MAX_MEMBERS + 1)]
    assert _codes(tmp_path, _zip(many)) == {"PACKAGE_TOO_LARGE"}


def test_not_a_zip_and_unreadable(tmp_path):
    assert _codes(tmp_path, b'{"format": "conquest-board/1"}') == {"PACKAGE_NOT_ZIP"}
    assert _codes(tmp_path, b"PK\x03\x04 truncated") == {"PACKAGE_NOT_ZIP"}
    missing = open_game_source(tmp_path / "none.conquest")
    assert missing.board is None and missing.findings[0].code == "FILE_UNREADABLE"


def test_bad_board_member_is_located_in_the_package(tmp_path, good):
    import hashlib

    members = _members(good)
    manifest = json.loads(members["manifest.json"])
    board_m = next(m for m in manifest["members"] if m["role"] == "board")
    data = b'{"format": "conquest-board/1", "nmae": "x"}'
    members[board_m["path"]] = data
    board_m.update(size=len(data), sha256=hashlib.sha256(data).hexdigest())
    members["manifest.json"] = json.dumps(manifest).encode()
    path = tmp_path / "t.conquest"
    path.write_bytes(_zip(list(members.items())))
    contents = read_package(path)
    assert contents.board is None and contents.findings
    assert all(f.path == f"{path}!{board_m['path']}" for f in contents.findings)
