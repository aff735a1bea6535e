"""Issue 12, failure 3: any finding that knows its file and JSON pointer is printed at its
line:column, whichever check made it (validate_file applies the locator to all of them)."""

from __future__ import annotations

from pathlib import Path

from editor.check.validate import validate_file
from editor.model.io import SCHEMA as PROBE
from editor.model.io import locate_in_files


def test_pointer_findings_are_located_in_their_file(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    path.write_text('{\n  "a": {\n    "b": [1, 2, {"c": 3}]\n  }\n}\n')
    found = locate_in_files([
        PROBE.at("deep", "/a/b/2/c").located(str(path)),
        PROBE.at("missing key", "/a/zz").located(str(path)),
        PROBE.at("kept", "/a", line=9, column=9).located(str(path)),
        PROBE.at("no such file", "/a").located(str(tmp_path / "none.json")),
    ])
    assert [(f.line, f.column) for f in found] == [(3, 18), (2, 3), (9, 9), (None, None)]


def test_variant_check_findings_carry_line_and_column(tmp_path: Path) -> None:
    path = tmp_path / "v.variant.json"
    path.write_text('{\n  "format": "conquest-variant/2",\n  "name": "v",\n'
                    '  "extends": "conquest-2p",\n'
                    '  "seats": [{"id": "south"}, {"id": "south"}]\n}\n')
    findings = validate_file(path)
    duplicate = next(f for f in findings if f.code == "VARIANT_DUPLICATE")
    assert (duplicate.line, duplicate.column) == (5, 31)
    assert duplicate.format_line().startswith(f"{path}:5:31: error VARIANT_DUPLICATE ")
