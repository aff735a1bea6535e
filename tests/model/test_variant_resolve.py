"""Resolving variant files (extends, overlays, house rules): overlays that are complete
variants, partial piece overrides, VARIANT_NOT_FOUND / VARIANT_CYCLE located on the entry, and
override errors blamed on the file with the bad value."""

from __future__ import annotations

from support.files import write_variant

from editor.model.variant import resolve_variant


def test_complete_variant_in_overlays_list_is_located(tmp_path):
    p = write_variant(tmp_path, "mix", {}, text='{"format": "conquest-variant/2", "name": "mix",\n'
                 ' "extends": "conquest-4p",\n "overlays": ["classic-recapture", "conquest-2p"]}')
    rv = resolve_variant(str(p))
    assert rv.variant is None
    (f,) = [f for f in rv.findings if f.code == "VARIANT_NOT_OVERLAY"]
    assert f.path == str(p) and f.pointer == "/overlays/1" and f.line == 3


def test_house_rule_may_override_one_piece_key(tmp_path):
    p = write_variant(tmp_path, "hr", {"extends": "conquest-4p",
                                       "pieces": {"soldier": {"range": 3}}})
    rv = resolve_variant(str(p))
    assert rv.findings == []
    assert rv.variant.pieces["soldier"].range == 3
    assert rv.variant.pieces["soldier"].letter == "S"


def test_child_unknown_key_and_wrong_type_at_the_childs_location(tmp_path):
    p = write_variant(tmp_path, "hr", {}, text='{"format": "conquest-variant/2", "name": "hr",\n'
                 ' "extends": "conquest-4p",\n "pieces": {"soldier": {"rnage": 3}},\n'
                 ' "base_budget": "x"}')
    rv = resolve_variant(str(p))
    assert rv.variant is None
    by_ptr = {f.pointer: f for f in rv.findings}
    assert by_ptr["/pieces/soldier/rnage"].path == str(p)
    assert by_ptr["/pieces/soldier/rnage"].line == 3
    assert by_ptr["/base_budget"].line == 4
    assert not any("required key" in f.message for f in rv.findings)


def test_new_piece_type_in_a_child_must_still_be_complete(tmp_path):
    p = write_variant(tmp_path, "hr", {"extends": "conquest-4p",
                                  "pieces": {"camel": {"range": 3}}})
    rv = resolve_variant(str(p))
    assert rv.variant is None
    assert any("letter" in f.message and f.pointer == "/pieces/camel" for f in rv.findings)


def test_not_found_and_cycle_are_located_on_the_entry(tmp_path):
    z = write_variant(tmp_path, "z", {}, text='{"format": "conquest-variant/2", "name": "z",\n'
                 '  "extends": "nosuch"}')
    (f,) = resolve_variant(str(z)).findings
    assert (f.code, f.path, f.pointer, f.line, f.column) == (
        "VARIANT_NOT_FOUND", str(z), "/extends", 2, 3)
    write_variant(tmp_path, "x", {}, text='{"format": "conquest-variant/2", "name": "x",\n'
             '  "extends": "y.variant.json"}')
    y = write_variant(tmp_path, "y", {}, text='{"format": "conquest-variant/2", "name": "y",\n\n'
                 '  "extends": "x.variant.json"}')
    cyc = [f for f in resolve_variant(str(tmp_path / "x.variant.json")).findings
           if f.code == "VARIANT_CYCLE"]
    assert len(cyc) == 1 and cyc[0].path == str(y) and cyc[0].line == 3
    o = write_variant(tmp_path, "o", {}, text='{"format": "conquest-variant/2", "name": "o",\n'
                 '  "extends": "conquest-4p",\n  "overlays": ["nosuch-overlay"]}')
    (f,) = resolve_variant(str(o)).findings
    assert (f.pointer, f.line) == ("/overlays/0", 3)


def test_override_error_blames_the_file_with_the_bad_value(tmp_path):
    p = write_variant(tmp_path, "hr", {}, text='{"format": "conquest-variant/2", "name": "hr",\n'
                 ' "extends": "conquest-4p",\n "options": {"no_capture_rounds": 0}}')
    rv = resolve_variant(str(p))
    (f,) = rv.findings
    assert f.path == str(p) and f.line == 3 and f.pointer == "/options/no_capture_rounds"
