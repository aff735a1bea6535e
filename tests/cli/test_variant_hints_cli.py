"""Variant findings carry fix hints specific to the case (names, values, suggestions), not one
sentence per code."""

from __future__ import annotations

import json

from editor.cli.main import main


def _findings(tmp_path, capsys, data: dict) -> dict[str, dict]:
    path = tmp_path / "house.variant.json"
    path.write_text(json.dumps({"format": "conquest-variant/2", **data}, indent=2),
                    encoding="utf-8")
    assert main(["validate", str(path), "--format", "json"]) == 1
    [report] = json.loads(capsys.readouterr().out)
    return {f["pointer"]: f for f in report["findings"]}


def test_semantic_variant_hints_name_the_case(tmp_path, capsys):
    """VARIANT_DUPLICATE / VARIANT_UNKNOWN_TYPE (CARRY-1, CAPT-2) / VARIANT_TEAMS (TEAM-1)."""
    found = _findings(tmp_path, capsys, {
        "extends": "conquest-4p",
        "pieces": {"knight": {"letter": "S"}, "ship": {"carries": {"camel": 1}}},
        "capture_matrix": {"soldier": ["soldier", "galleon", "catapult"]},
        "team_game": True, "teams": [["south", "north"], ["west", "west"]],
        "options": {"team_pairing": "custom"}})
    letter = found["/pieces/knight/letter"]
    assert letter["code"] == "VARIANT_DUPLICATE" and "Give knight a letter" in letter["hint"]
    carries = found["/pieces/ship/carries/camel"]
    assert "'camel'" in carries["hint"] and "ship's carries" in carries["hint"]
    teams = found["/teams"]
    assert "east" in teams["hint"] and "west" in teams["hint"]
    assert len({f["hint"] for f in found.values()}) == len(found)


def test_schema_hints_name_the_allowed_values(tmp_path, capsys):
    found = _findings(tmp_path, capsys, {
        "extends": "conquest-4p", "options": {"no_capture_rounds": 0, "catapult_fire_mode": "x"},
        "freeze_treshold": 3, "extends_": "y"})
    assert found["/options/no_capture_rounds"]["hint"] == (
        "'no_capture_rounds' takes int 1..1000 (default 4).")
    assert "connections|radius_cm|adjacent_with_slits" in found[
        "/options/catapult_fire_mode"]["hint"]
    assert found["/freeze_treshold"]["hint"] == "Rename 'freeze_treshold' to 'freeze_threshold'."
    assert "did you mean 'extends'" in found["/extends_"]["message"]
