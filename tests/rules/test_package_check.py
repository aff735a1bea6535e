"""A package whose resolved variant is an overlay: PAIR_VARIANT is blamed on the variant's
"overlay" key in the package, not on the board at 1:1 (issue 26)."""

from __future__ import annotations

import json
from pathlib import Path

from support.packagekit import ROOT, SMALL_PACKAGE, with_member

from editor.rules.package_check import check_package


def test_overlay_as_the_package_variant_is_located_on_the_variant(tmp_path: Path) -> None:
    overlay = json.loads((ROOT / "variants" / "classic-recapture.variant.json").read_text())
    path = tmp_path / "o.conquest"
    path.write_bytes(with_member(SMALL_PACKAGE.read_bytes(), "resolved_variant",
                                 lambda _data: overlay))
    (finding,) = [f for f in check_package(path) if f.is_error]
    assert finding.code == "PAIR_VARIANT" and "overlay" in finding.message
    assert finding.path == f"{path}!variant/resolved.variant.json"
    assert finding.pointer == "/overlay" and (finding.line, finding.column) != (1, 1)
