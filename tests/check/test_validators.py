"""`validate_file` dispatches on the format tag through a table of validators passed by the
caller: the check layer's own table judges boards and variants fully and scenarios by their
structure; the rules layer's table (`editor.rules.validation.VALIDATORS`, what `conquest
validate` uses) adds the scenario checks that build the game."""

from __future__ import annotations

import json

from support.files import BOARDS, write_json

from editor.check.validate import VALIDATORS, known_suffixes, validate_file
from editor.model.board import BOARD_FORMAT
from editor.model.package import PACKAGE_FORMAT
from editor.model.scenario import SCENARIO_FORMAT
from editor.model.variant import VARIANT_FORMAT
from editor.rules import validation


def _scenario(tmp_path, **extra):
    return write_json(tmp_path / "s.scenario.json", {
        "format": "conquest-scenario/1", "name": "x",
        "board": str(BOARDS / "conquest-4p.board.json"), "variant": "conquest-4p",
        "position": "start", **extra})


def test_the_check_layer_table_covers_the_four_formats() -> None:
    assert set(VALIDATORS) == {BOARD_FORMAT, VARIANT_FORMAT, SCENARIO_FORMAT, PACKAGE_FORMAT}
    assert known_suffixes() == [".board.json", ".variant.json", ".scenario.json", ".conquest"]
    assert set(validation.VALIDATORS) == set(VALIDATORS)
    assert validation.VALIDATORS[BOARD_FORMAT] is VALIDATORS[BOARD_FORMAT]


def test_scenario_structure_here_and_the_game_in_the_rules_layer(tmp_path) -> None:
    """A setup the board lacks needs the engine to notice (SCENARIO_POSITION); a structural
    error is found by both tables."""
    path = _scenario(tmp_path, setup="nosuch")
    assert validate_file(path) == []
    codes = [f.code for f in validate_file(path, validation.VALIDATORS)]
    assert codes == ["SCENARIO_POSITION"]
    broken = _scenario(tmp_path, position=7)
    structural = validate_file(broken)
    assert structural and {f.code for f in structural} == {"SCHEMA"}
    assert validate_file(broken, validation.VALIDATORS) == structural


def test_a_file_without_a_known_tag_is_judged_by_its_name(tmp_path) -> None:
    path = tmp_path / "v.variant.json"
    path.write_text(json.dumps({"format": "nonsense", "name": "v"}), encoding="utf-8")
    (f,) = validate_file(path)
    assert f.code == "FORMAT_TAG" and "conquest-variant/2" in f.message
