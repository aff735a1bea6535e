"""Variant files (extends, overlays, findings), schemas, scenario checking and the CLI
commands variant, validate --board/--variant, moves, check, selfplay, bench."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from editor.cli.main import main
from editor.model.schema import SCHEMAS, render
from editor.model.variant import Options, Variant, resolve_variant
from editor.resources import data_dir, shipped_file
from editor.rules import scenario_run
from editor.rules.synthetic import synthetic_board

ROOT = Path(__file__).resolve().parents[2]
SCEN = ROOT / "tests" / "scenarios"
RULES_MD = ROOT / "docs" / "rules.md"  # the catalogue the product ships


def _write(tmp: Path, name: str, data: dict) -> Path:
    p = tmp / name
    p.write_text(json.dumps({"format": "conquest-variant/2", **data}), encoding="utf-8")
    return p


def test_every_option_of_the_catalogue_is_in_the_options_model():
    """RULES.md 2.0 option index: every option exists with a description citing its entry."""
    fields = Options.model_fields
    if RULES_MD.is_file():
        text = RULES_MD.read_text(encoding="utf-8")
        index = text.split("### 2.0 Option index")[1].split("### 2.1")[0]
        names = re.findall(r"^\| `([a-z_]+)` \|", index, flags=re.M)
        assert names and set(names) <= set(fields)
    assert len(fields) >= 63
    assert all(f.description for f in fields.values())


@pytest.mark.parametrize("name", ["conquest-2p", "conquest-4p", "conquest-team"])
def test_shipped_variants_resolve_without_findings(name):
    """The shipped variants resolve and pass the semantic checks."""
    from editor.check.variant_checks import check_variant

    rv = resolve_variant(name)
    assert rv.variant is not None and rv.findings == []
    assert check_variant(rv.variant) == []


def test_extends_and_overlays_merge_in_order(tmp_path):
    """extends + overlays + own keys; the overlay of CONF-1 switches the necessity test."""
    child = _write(tmp_path, "child.variant.json", {
        "name": "child", "extends": "conquest-4p", "overlays": ["classic-recapture"],
        "options": {"no_capture_rounds": 6}})
    rv = resolve_variant(str(child))
    v = rv.variant
    assert rv.findings == [] and v.name == "child"
    assert v.options.recapture_moves_must_be_necessary is False
    assert v.options.no_capture_rounds == 6 and v.options.grail_entry_types
    assert [s.id for s in v.seats] == ["south", "west", "north", "east"]
    team = resolve_variant("conquest-team").variant
    assert team.team_game and team.pieces == resolve_variant("conquest-4p").variant.pieces


def test_missing_parent_and_cycles_are_findings(tmp_path):
    """VARIANT_NOT_FOUND and VARIANT_CYCLE are findings with the file, never exceptions."""
    a = _write(tmp_path, "a.variant.json", {"name": "a", "extends": "./b.variant.json"})
    _write(tmp_path, "b.variant.json", {"name": "b", "extends": "./a.variant.json"})
    rv = resolve_variant(str(a))
    assert rv.variant is None and "VARIANT_CYCLE" in {f.code for f in rv.findings}
    lost = _write(tmp_path, "lost.variant.json", {"name": "x", "extends": "no-such-variant"})
    rv = resolve_variant(str(lost))
    assert rv.variant is None and rv.findings[0].code == "VARIANT_NOT_FOUND"
    assert resolve_variant("no-such-variant").findings[0].code == "VARIANT_NOT_FOUND"
    bad = _write(tmp_path, "bad.variant.json", {"name": "x", "extends": "conquest-2p",
                                                "options": {"no_capture_rounds": "many"}})
    rv = resolve_variant(str(bad))
    assert rv.variant is None and rv.findings[0].code == "SCHEMA"
    assert rv.findings[0].line is not None


def test_generated_schemas_are_up_to_date():
    """schema/variant.schema.json and schema/scenario.schema.json match the models."""
    import editor.model.scenario  # noqa: F401  (registers its schema)

    for spec in SCHEMAS:
        if spec.filename in ("variant.schema.json", "scenario.schema.json"):
            assert (data_dir("schema") / spec.filename).read_text(encoding="utf-8") == \
                render(spec), f"run 'conquest schema' ({spec.filename} is stale)"
    assert Variant.model_json_schema()["properties"]["options"]


def test_cli_variant_prints_the_resolved_variant(capsys):
    assert main(["variant", "conquest-team", "--overlay", "classic-recapture"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["team_game"] and not data["options"]["recapture_moves_must_be_necessary"]
    assert main(["variant", "nope"]) == 2
    assert "VARIANT_NOT_FOUND" in capsys.readouterr().err


def test_cli_validate_pair_reports_missing_board_features(tmp_path, capsys):
    """validate --board --variant: PAIR_* findings for what the board lacks."""
    from editor.model import save_board

    board = tmp_path / "syn.board.json"
    save_board(synthetic_board(("south", "north")), board, backup=False)
    assert main(["validate", "--board", str(board), "--variant", "conquest-2p"]) == 0
    assert main(["validate", "--board", str(board), "--variant", "conquest-4p"]) == 1
    out = capsys.readouterr().out
    assert "PAIR_SEAT_MISSING" in out


def test_cli_validate_variant_and_scenario_files(capsys):
    files = [str(p) for p in sorted((ROOT / "variants").glob("*.json"))]
    files += [str(p) for p in sorted(SCEN.glob("*.scenario.json"))]
    assert main(["validate", *files]) == 0


@pytest.mark.parametrize("path", sorted(SCEN.glob("*.scenario.json")), ids=lambda p: p.name)
def test_worked_example_scenarios_pass(path):
    """EX-1, EX-2, EX-3, EX-8 (puzzle notation), EX-9, EX-10, EX-11, EX-15 replay cleanly."""
    assert scenario_run.run(path) == []


def test_cli_check_reports_failed_expectations_with_location(tmp_path, capsys):
    """conquest check: exit 1 and file:line:col of the failing step."""
    src = json.loads((SCEN / "ex-15-loaded-stacks.scenario.json").read_text())
    src["board"] = str(SCEN / "boards" / "world.board.json")
    src["steps"][0]["after"]["captured"]["south"] = 99
    src["steps"].append({"action": "E zz>yy"})
    p = tmp_path / "bad.scenario.json"
    p.write_text(json.dumps(src, indent=2), encoding="utf-8")
    assert main(["check", str(p)]) == 1
    out = capsys.readouterr().out
    assert re.search(r"bad\.scenario\.json:\d+:\d+: error SCENARIO_EXPECTATION", out)
    assert "SCENARIO_NOTATION" in out
    assert main(["check", str(SCEN)]) == 0
    assert main(["check", str(tmp_path / "missing.scenario.json")]) == 2


def test_cli_moves_lists_actions_with_cost(capsys):
    path = str(SCEN / "ex-01-recapture.scenario.json")
    assert main(["moves", path, "--steps", "0", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {"action": "S W0*X", "shown": "S W0*X", "ap": 1, "path": ["W0", "X"]} \
        in data["actions"]
    assert main(["moves", path, "--steps", "0", "--piece", "Y"]) == 0
    assert "S Y>" not in capsys.readouterr().out  # Y is boxed in by the black pieces
    assert main(["moves", path, "--piece", "nowhere"]) == 2


def test_cli_selfplay_and_bench_smoke(capsys):
    assert main(["selfplay", "--variant", "conquest-2p", "--games", "2", "--seed", "1",
                 "--max-turns", "60", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 2 and data["invariant_violations"] == []
    assert main(["selfplay", "--variant", "nope", "--games", "1"]) == 2
    assert main(["bench", "--positions", "3", "--format", "json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert {"destinations_range6_median_us", "start_legal_actions_median_ms",
            "playout_actions_per_second"} <= set(figures)


def test_bad_action_text_gives_reasons_not_tracebacks():
    """Unreadable notation, unknown fields and pieces give E_BAD_NOTATION / E_NO_SUCH_PIECE."""
    from support.ruleworld import make_state, why

    st = make_state(["south:S@g0_0"])
    assert why(st, "hello world").code == "E_BAD_NOTATION"
    assert why(st, "S nowhere>g0_1").code == "E_BAD_NOTATION"
    assert why(st, "E g0_0>g0_1").code == "E_NO_SUCH_PIECE"
    assert why(st, "decline").code == "E_NO_WINDOW"


@pytest.mark.parametrize("variant", ["conquest-2p", "conquest-4p", "conquest-team"])
def test_reference_boards_pair_and_play(variant):
    """BOARD-1 / BOARD-2: the shipped reference boards pair with the shipped variants and a
    short random game on them keeps every invariant."""
    from editor.check.pair_checks import check_board_for_variant
    from editor.engine.game import Game
    from editor.engine.playout import selfplay
    from editor.model import load_board

    v = resolve_variant(variant).variant
    path = shipped_file("boards", v.board)
    if not path.is_file():
        pytest.skip(f"reference board {v.board} not there yet")
    board = load_board(path).model
    assert [f for f in check_board_for_variant(board, v) if f.is_error] == []
    game = Game(board, v)
    st = game.initial_state()
    assert st.legal_actions() and st.actor == v.seats[0].id
    rep = selfplay(game, games=1, seed=3, max_turns=40)
    assert rep.violations == []


def test_selfplay_with_a_missing_board_is_a_usage_error(tmp_path, capsys):
    """A house-rule variant whose board cannot be found is reported (exit 2), never replaced by
    some other board behind the user's back."""
    variant = tmp_path / "house.variant.json"
    variant.write_text(json.dumps({"format": "conquest-variant/2", "name": "house",
                                   "extends": "conquest-4p", "board": "no-such-board"}))
    assert main(["selfplay", "--variant", str(variant), "--games", "1"]) == 2
    err = capsys.readouterr().err
    assert "no-such-board" in err and "--board" in err
    assert main(["bench", "--variant", str(variant)]) == 2
