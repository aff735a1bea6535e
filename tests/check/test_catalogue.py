"""The finding-code catalogue is complete: every module of `editor/` that defines codes is
imported by `conquest docs` (`editor.cli.docs_cmd.PRODUCERS`, no module names in strings), so
`docs/findings.md` lists every code (`conquest docs --check`, tests/model/test_schema.py)."""

from __future__ import annotations

import ast
from pathlib import Path

from editor.check.catalogue import render_markdown
from editor.cli.docs_cmd import PRODUCERS, all_codes
from editor.model.findings import CODES, Severity, define

EDITOR = Path(__file__).resolve().parents[2] / "editor"


def _defines_codes(path: Path) -> bool:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
            if name == "define":
                return True
    return False


def test_every_module_that_defines_codes_is_a_producer() -> None:
    producers = {m.__name__ for m in PRODUCERS}
    defining = set()
    for path in sorted(EDITOR.rglob("*.py")):
        rel = path.relative_to(EDITOR.parent).with_suffix("")
        name = ".".join(rel.parts).removesuffix(".__init__")
        if name != "editor.model.findings" and _defines_codes(path):
            defining.add(name)
    assert defining, "no module defines codes: the scan is broken"
    missing = sorted(defining - producers)
    assert not missing, f"add to PRODUCERS in editor/cli/docs_cmd.py: {missing}"
    assert not producers - defining, f"PRODUCERS that define no code: {producers - defining}"


def test_every_code_is_in_the_generated_table() -> None:
    table = render_markdown(all_codes())
    assert {c.code for c in all_codes()} == set(CODES)
    for code in CODES:
        assert f"| `{code}` |" in table, code
    areas = {c.area for c in all_codes()}
    assert {"board", "file", "variant", "pair", "scenario", "rules", "editor"} <= areas


def test_the_table_lists_the_codes_it_is_given() -> None:
    code = define("ZZ_TEST_ONLY", Severity.WARNING, "A code for this test", "Nothing to fix.",
                  area="test")
    try:
        table = render_markdown([code])
        row = "| `ZZ_TEST_ONLY` | test | warning | A code for this test | Nothing to fix. |"
        assert row in table
        assert "DUPLICATE_ID" not in table
    finally:
        CODES.pop("ZZ_TEST_ONLY")
