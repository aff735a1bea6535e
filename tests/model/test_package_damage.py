"""Damaged game packages are findings that name the member, never exceptions (issue 26):
corrupt deflate streams, LZMA and bzip2 members, unknown zip versions and methods."""

from __future__ import annotations

from pathlib import Path

import pytest
from support.packagekit import SMALL_PACKAGE, damaged

from editor.model.package import read_package


@pytest.mark.parametrize("kind", ["deflate", "lzma", "bzip2", "version", "method"])
def test_damaged_package_is_a_corrupt_finding_naming_the_member(tmp_path: Path,
                                                                kind: str) -> None:
    data, member = damaged(SMALL_PACKAGE.read_bytes(), kind)
    path = tmp_path / "d.conquest"
    path.write_bytes(data)
    contents = read_package(path)
    assert contents.board is None and contents.variant is None
    corrupt = [f for f in contents.findings if f.code == "PACKAGE_CORRUPT"]
    assert corrupt, [f.format_line() for f in contents.findings]
    assert any(f"member '{member}'" in f.message for f in corrupt), corrupt[0].message
    assert all(f.path == str(path) for f in corrupt)


def test_a_sound_lzma_package_reads(tmp_path: Path) -> None:
    from support.packagekit import members, zipped

    path = tmp_path / "l.conquest"
    path.write_bytes(zipped(members(SMALL_PACKAGE.read_bytes()), 14))  # 14: ZIP_LZMA
    contents = read_package(path)
    assert contents.findings == [] and contents.board is not None
