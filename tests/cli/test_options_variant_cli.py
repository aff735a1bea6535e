"""`conquest options` (RULES.md 2.0 option index) and `conquest variant diff A B`."""

from __future__ import annotations

import json

from editor.cli.main import main
from editor.model.variant import Options


def test_options_lists_every_field_of_the_model_with_description(capsys):
    assert main(["options"]) == 0
    out = capsys.readouterr().out.splitlines()
    heads = [line for line in out if not line.startswith("    ")]
    names = [line.split(":", 1)[0] for line in heads]
    assert names == list(Options.model_fields)
    for line, (name, info) in zip(heads, Options.model_fields.items(), strict=True):
        ids = info.json_schema_extra["rules"]
        assert ids and all(i in line for i in ids), name
        assert f"    {info.description}" in out


def test_options_json_with_variant_values(capsys):
    """Grand Conquest switches CONF-3 to adjacent_with_slits; the listing shows it."""
    assert main(["options", "--variant", "grand-conquest-4p", "--format", "json"]) == 0
    rows = {r["name"]: r for r in json.loads(capsys.readouterr().out)}
    assert set(rows) == set(Options.model_fields)
    fire = rows["catapult_fire_mode"]
    assert fire["value"] == "adjacent_with_slits" and fire["default"] == "connections"
    assert fire["allowed"] == ["connections", "radius_cm", "adjacent_with_slits"]
    assert fire["conf"] == ["CONF-3"] and "PIECE-CATAPULT-3" in fire["rules"]
    rounds = rows["no_capture_rounds"]
    assert (rounds["type"], rounds["minimum"], rounds["maximum"]) == ("int", 1, 1000)
    assert all(r["description"] and r["rules"] for r in rows.values())
    assert main(["options", "--variant", "no-such"]) == 2


def test_variant_diff_lists_differences_with_both_values(capsys):
    assert main(["variant", "diff", "conquest-4p", "conquest-plus-4p", "--format", "json"]) == 0
    rows = {r["pointer"]: r for r in json.loads(capsys.readouterr().out)}
    assert rows["/options/siege_win_target"]["a"] == "enemy_capital"
    assert rows["/options/siege_win_target"]["b"] == "grail"
    assert rows["/pieces/siege_tower"]["only_in"] == "b"
    assert "/name" not in rows
    assert main(["variant", "diff", "conquest-4p", "conquest-4p",
                 "--overlay", "classic-recapture"]) == 0
    text = capsys.readouterr().out
    assert text.strip() == "/options/recapture_moves_must_be_necessary: true -> false"
    assert main(["variant", "diff", "conquest-4p"]) == 2
    assert main(["variant", "diff", "conquest-4p", "conquest4p"]) == 2
    assert "did you mean 'conquest-4p'" in capsys.readouterr().err.lower()


def test_variant_diff_text_is_one_short_line_per_key(capsys):
    assert main(["variant", "diff", "conquest-2p", "grand-conquest-2p"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert '/pieces/camel/letter: (absent) -> "D"' in lines        # an added piece, key by key
    assert not [line for line in lines if line.startswith("/pieces/camel:")]
    assert '/capture_matrix/elephant: added "camel", "catapult", "siege_engine"' in lines
    assert max(len(line) for line in lines) <= 130, max(lines, key=len)
