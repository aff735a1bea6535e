"""`conquest pack` and the commands that accept a game package (validate, moves, check,
selfplay, bench); tampered packages give findings, exit 1 and write nothing."""

from __future__ import annotations

import io
import json
import zipfile

import pytest

from editor.cli.main import main


@pytest.fixture
def packed(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["pack", "conquest-4p", "--variant", "conquest-4p", "--overlay",
                 "classic-recapture", "-o", "game.conquest"]) == 0
    return tmp_path / "game.conquest"


def test_pack_validate_selfplay_from_the_package(packed, capsys):
    capsys.readouterr()
    assert main(["validate", str(packed)]) == 0
    assert "0 error(s)" in capsys.readouterr().err
    assert main(["validate", str(packed.parent)]) == 0  # a folder: its packages too
    assert "1 file(s) checked: 0 error(s)" in capsys.readouterr().err
    assert main(["selfplay", "--board", str(packed), "--games", "1", "--max-turns", "20",
                 "--format", "json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["variant"] == "conquest-4p" and summary["invariant_violations"] == []
    assert main(["moves", str(packed), "--format", "json"]) == 0
    moves = json.loads(capsys.readouterr().out)
    assert moves["to_move"] == "south" and moves["actions"]
    assert main(["check", str(packed)]) == 0
    assert main(["selfplay", "--board", str(packed), "--overlay", "catapult-4cm"]) == 1
    assert "PACKAGE_OVERLAY" in capsys.readouterr().err
    assert main(["bench", "--board", str(packed), "--positions", "2", "--format", "json"]) == 0


def test_pack_refuses_a_pair_that_cannot_be_played(tmp_path, monkeypatch, capsys):
    """A 2-player board with the 4-player variant: PAIR_* findings, exit 1, no file."""
    monkeypatch.chdir(tmp_path)
    assert main(["pack", "conquest-2p", "--variant", "conquest-4p", "-o", "x.conquest"]) == 1
    assert "PAIR_" in capsys.readouterr().err and not (tmp_path / "x.conquest").exists()
    assert main(["pack", "no-such-board", "--variant", "conquest-4p", "-o", "x.conquest"]) == 2


def _tamper(packed, name: str, data: bytes) -> None:
    with zipfile.ZipFile(packed) as zf:
        members = [(i.filename, zf.read(i)) for i in zf.infolist()]
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as zf:
        for member, content in [*((m, c) for m, c in members if m != name), (name, data)]:
            zf.writestr(member, content)
    packed.write_bytes(buffer.getvalue())


@pytest.mark.parametrize("case, code", [
    ("traversal", "PACKAGE_UNSAFE_PATH"), ("checksum", "PACKAGE_CHECKSUM"),
    ("oversized", "PACKAGE_TOO_LARGE"), ("not-a-zip", "PACKAGE_NOT_ZIP"),
])
def test_tampered_packages_give_findings_and_exit_1(packed, capsys, case, code):
    if case == "traversal":
        _tamper(packed, "../../escaped.txt", b"x")
    elif case == "checksum":
        _tamper(packed, "variant/resolved.variant.json", b"{}")
    elif case == "oversized":
        _tamper(packed, "board/huge.png", b"\0" * (70 * 1024 * 1024))
    else:
        packed.write_bytes(b"this is not a zip")
    before = sorted(p.name for p in packed.parent.parent.rglob("*"))
    capsys.readouterr()
    for argv in (["validate", str(packed)], ["selfplay", "--board", str(packed)],
                 ["moves", str(packed)], ["check", str(packed)]):
        assert main(argv) == 1, argv
        out = capsys.readouterr()
        assert code in out.out + out.err and "Traceback" not in out.err
    assert sorted(p.name for p in packed.parent.parent.rglob("*")) == before
    assert not (packed.parent.parent / "escaped.txt").exists()
