"""Damaged game packages are findings that name the member, never exceptions (issue 26):
corrupt deflate streams, LZMA and bzip2 members, unknown zip versions and methods."""

from __future__ import annotations

import tempfile
import zipfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st
from support.packagekit import SMALL_PACKAGE, damaged, members, zipped

from editor.model.findings import CODES
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
    path = tmp_path / "l.conquest"
    path.write_bytes(zipped(members(SMALL_PACKAGE.read_bytes()), zipfile.ZIP_LZMA))
    contents = read_package(path)
    assert contents.findings == [] and contents.board is not None


_METHODS = [zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED, zipfile.ZIP_BZIP2, zipfile.ZIP_LZMA]


@seed(26)
@settings(max_examples=120, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(method=st.sampled_from(_METHODS),
       flips=st.lists(st.tuples(st.floats(0, 1), st.integers(1, 255)), min_size=1, max_size=6),
       directory=st.one_of(st.none(), st.tuples(st.sampled_from([4, 6, 8, 10]),
                                                st.integers(0, 255))))
def test_corrupted_streams_methods_and_versions_are_findings(method: int, flips: list,
                                                            directory: tuple | None) -> None:
    """Random damage to the compressed streams of packages in every zip method, and random
    version / flag / method bytes in the central directory: findings, never an exception."""
    data = bytearray(zipped(members(SMALL_PACKAGE.read_bytes()), method))
    for where, mask in flips:
        data[int(where * (len(data) - 1))] ^= mask
    if directory is not None:
        offset, value = directory
        at = data.find(b"PK\x01\x02")
        data[at + offset] = value
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "f.conquest"
        path.write_bytes(bytes(data))
        contents = read_package(path)
    assert all(f.code in CODES and f.path for f in contents.findings)
    assert contents.findings or contents.board is not None
