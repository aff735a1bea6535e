"""House-rule editing without Qt (editor.model.variant_edit): what the configurator's GUI test
will do, through the model API: edits, resolution, origins, diff, minimal save, undo/redo."""

from __future__ import annotations

import json

import pytest

from editor.cli.main import main
from editor.model.edit import EditError
from editor.model.variant import Options, resolve_variant
from editor.model.variant_edit import (
    MISSING,
    EditHistory,
    VariantDocument,
    add_victory,
    diff_variants,
    remove_victory,
    reset_option,
    set_budget,
    set_extends,
    set_option,
    set_overlays,
    set_penalty,
    set_piece,
)


def _three_changes(doc: VariantDocument, history: EditHistory) -> None:
    """Two options (CONF-1 RECAP-6, CONF-20 WIN-9) and a soldier's range (MOVE-5)."""
    history.push(set_option(doc, "recapture_moves_must_be_necessary", False))
    history.push(set_option(doc, "no_capture_rounds", 6))
    history.push(set_piece(doc, "soldier", "range", 3))


def test_house_rule_round_trip(tmp_path, capsys):
    """conquest-4p as parent, three changes, diff, save (extends + 3 overrides), validate with
    0 errors, reload shows the same."""
    doc = VariantDocument.new("conquest-4p", base=tmp_path)
    history = EditHistory()
    _three_changes(doc, history)
    assert doc.findings == [] and doc.variant is not None
    changes = {c.pointer: (c.old, c.new) for c in doc.changes()}
    assert changes == {"/options/recapture_moves_must_be_necessary": (True, False),
                       "/options/no_capture_rounds": (4, 6),
                       "/pieces/soldier/range": (2, 3)}
    target = tmp_path / "house.variant.json"
    doc.save(target)
    saved = json.loads(target.read_text(encoding="utf-8"))
    assert saved == {"format": "conquest-variant/2", "extends": "conquest-4p",
                     "pieces": {"soldier": {"range": 3}},
                     "options": {"no_capture_rounds": 6,
                                 "recapture_moves_must_be_necessary": False}}
    assert main(["validate", str(target)]) == 0
    assert "0 error(s)" in capsys.readouterr().err
    again, findings = VariantDocument.open(target)
    assert findings == [] and again is not None
    assert again.changes() == doc.changes()
    assert again.to_text() == target.read_text(encoding="utf-8")  # deterministic


def test_undo_redo_and_resolution_after_each_edit(tmp_path):
    doc = VariantDocument.new("conquest-4p", base=tmp_path)
    history = EditHistory()
    _three_changes(doc, history)
    assert doc.variant.pieces["soldier"].range == 3
    assert history.undo()
    assert doc.variant.pieces["soldier"].range == 2 and len(doc.changes()) == 2
    assert history.undo() and history.undo() and not history.undo()
    assert doc.changes() == [] and doc.raw == {"format": "conquest-variant/2",
                                               "extends": "conquest-4p"}
    assert history.redo() and history.redo() and history.redo() and not history.redo()
    assert doc.variant.options.no_capture_rounds == 6 and len(doc.changes()) == 3


def test_consecutive_changes_of_one_key_merge_and_vanish_at_the_start_value(tmp_path):
    """Like Tiled's ChangeValue: typing 7, 8, 9 is one undo step; back to 6 is no step."""
    doc = VariantDocument.new("conquest-4p", base=tmp_path)
    history = EditHistory()
    history.push(set_option(doc, "no_capture_rounds", 6))
    for value in (7, 8, 9):
        history.push(set_option(doc, "no_capture_rounds", value), merge_key="rounds")
    assert len(history.done) == 2 and doc.variant.options.no_capture_rounds == 9
    history.undo()
    assert doc.variant.options.no_capture_rounds == 6
    history.redo()
    history.push(set_option(doc, "no_capture_rounds", 6), merge_key="rounds2")
    history.push(set_option(doc, "no_capture_rounds", 9), merge_key="rounds2")
    assert len(history.done) == 2  # 9 -> 6 -> 9 merged back to nothing


def test_origin_parent_overlay_file_default(tmp_path):
    doc = VariantDocument.new("conquest-4p", base=tmp_path)
    set_overlays(doc, ["classic-recapture"])
    set_option(doc, "no_capture_rounds", 6)
    assert doc.origin("/options/no_capture_rounds").kind == "file"
    assert doc.origin("/options/recapture_moves_must_be_necessary") == (
        doc.origin("/options/recapture_moves_must_be_necessary").__class__(
            "overlay", "classic-recapture"))
    assert doc.origin("/pieces/soldier/range").kind == "parent"
    assert doc.origin("/options/allow_resignation").kind == "default"
    assert doc.variant.options.recapture_moves_must_be_necessary is False  # CONF-1 overlay
    reset_option(doc, "no_capture_rounds")
    assert doc.origin("/options/no_capture_rounds").kind in ("parent", "default")
    assert doc.variant.options.no_capture_rounds == 4


def test_budgets_penalties_victory_and_extends(tmp_path):
    """TURN-2/TURN-7 budgets, CASTLE-2/GRAIL-4/FREEZE-1 penalties, WIN-* conditions."""
    doc = VariantDocument.new("conquest-4p", base=tmp_path)
    set_budget(doc, 24)
    set_budget(doc, 12, seat="north")
    set_penalty(doc, "castle", 5)
    set_penalty(doc, "freeze", 4)
    n = len(doc.variant.victory)
    add_victory(doc, {"kind": "agreed_draw", "rule": "WIN-26"})
    assert len(doc.variant.victory) == n + 1
    remove_victory(doc, n)
    v = doc.variant
    assert v.base_budget == 24 and v.freeze_threshold == 4
    assert v.options.castle_penalty_per_field == 5
    assert next(s for s in v.seats if s.id == "north").opening_budget == 12
    saved = doc.minimal_data()
    assert "victory" not in saved  # back to the parent's list: not written
    assert saved["seats"][2]["opening_budget"] == 12
    with pytest.raises(EditError):
        set_budget(doc, 1, seat="nowhere")
    set_extends(doc, "conquest-2p")
    assert doc.variant is not None and doc.variant.setup == resolve_variant(
        "conquest-2p").variant.setup
    assert doc.origin("/seats").kind == "file" and doc.origin("/setup").kind == "parent"
    set_extends(doc, "no-such-parent")
    codes = {f.code for f in doc.findings}
    assert "VARIANT_NOT_FOUND" in codes
    assert any("did you mean" in f.hint.lower() or "shipped name" in f.hint
               for f in doc.findings)


def test_typo_in_a_house_rule_gives_the_suggestion(tmp_path):
    path = tmp_path / "typo.variant.json"
    path.write_text(json.dumps({
        "format": "conquest-variant/2", "extends": "conquest-4p",
        "options": {"recapture_moves_must_be_neccessary": False},
        "no_capture_rounds": 6}, indent=2), encoding="utf-8")
    doc, findings = VariantDocument.open(path)
    assert findings == [] and doc is not None
    by_pointer = {f.pointer: f for f in doc.findings}
    typo = by_pointer["/options/recapture_moves_must_be_neccessary"]
    assert "did you mean 'recapture_moves_must_be_necessary'" in typo.message
    assert typo.extra["suggestion"] == "recapture_moves_must_be_necessary"
    assert typo.path == str(path) and typo.line == 5
    moved = by_pointer["/no_capture_rounds"]
    assert "options" in moved.hint and moved.hint != typo.hint


def test_a_top_level_key_inside_options_is_told_to_move_out(tmp_path):
    """`freeze_threshold` (FREEZE-1) is a top-level key, not an option: misspelt inside
    "options", the finding names it and says where it belongs."""
    path = tmp_path / "misplaced.variant.json"
    path.write_text(json.dumps({"format": "conquest-variant/2", "extends": "conquest-4p",
                                "options": {"freeze_treshold": 3}}), encoding="utf-8")
    doc, _ = VariantDocument.open(path)
    (found,) = [f for f in doc.findings if f.pointer == "/options/freeze_treshold"]
    assert "top-level key 'freeze_threshold'" in found.message
    assert found.extra["move_to"] == "/freeze_threshold" and "top level" in found.hint


def test_diff_of_shipped_variants_and_model_metadata():
    a = resolve_variant("conquest-4p").variant
    b = resolve_variant("conquest-plus-4p").variant
    changes = diff_variants(a, b)
    pointers = {c.pointer for c in changes}
    assert "/pieces/catapult" in pointers and "/setup" in pointers
    assert all(c.pointer not in ("/name", "/description") for c in changes)
    only_b = next(c for c in changes if c.pointer == "/pieces/catapult")
    assert only_b.old is MISSING and only_b.new["letter"] == "K"
    for name, info in Options.model_fields.items():
        assert info.description and info.json_schema_extra["rules"], name


def test_field_metadata_for_a_generated_form():
    """What the configurator form reads: bounds, choices, defaults, IDs, for options and for
    other fields (a piece's range, MOVE-5)."""
    from editor.model.variant import Variant
    from editor.model.variant_fields import field_at, option_infos

    infos = {i.name: i for i in option_infos(Options)}
    radius = infos["catapult_fire_radius_cm"]
    assert (radius.minimum, radius.maximum, radius.exclusive_minimum) == (0, 100, True)
    assert infos["catapult_galleon_max_steps"].type == "int|choice"
    assert infos["catapult_galleon_max_steps"].allowed == ("none",)
    assert infos["rope_bridge_set"].type == "list|null"
    rng = field_at(Variant, "/pieces/soldier/range")
    assert (rng.type, rng.minimum, rng.maximum, rng.required) == ("int", 0, 100, True)
    assert "MOVE-5" in rng.description
    assert field_at(Variant, "/options/no_capture_rounds").conf == ("CONF-20",)
    assert field_at(Variant, "/pieces/wizard/range") is not None  # any key of the dict
    assert field_at(Variant, "/nothing/here") is None
