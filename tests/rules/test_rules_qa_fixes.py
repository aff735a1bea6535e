"""QA fixes of the simulator / variant / scenario layer: board/variant mismatches in the CLI
(no CompileError), the pair check including the board's and variant's own findings, overlays
that are complete variants, partial house-rule pieces, located VARIANT_NOT_FOUND/CYCLE, option
typos blamed on the scenario, impossible scenario positions, and fitting explanations."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from editor.cli.main import main
from editor.cli.selfplay import load_game
from editor.model.variant import resolve_variant
from editor.resources import data_dir
from editor.rules import scenario_run
from editor.rules.notation import parse_or_reason
from editor.rules.validation import check_pair

BOARDS = data_dir("boards")


def _board(name: str) -> dict:
    return json.loads((BOARDS / f"{name}.board.json").read_text(encoding="utf-8"))


def _write(path: Path, data: dict) -> Path:
    path.write_text(json.dumps(data, indent=1), encoding="utf-8")
    return path


def _variant(tmp: Path, name: str, data: dict, text: str | None = None) -> Path:
    p = tmp / f"{name}.variant.json"
    p.write_text(text or json.dumps({"format": "conquest-variant/1", "name": name, **data},
                                    indent=1), encoding="utf-8")
    return p


# ---- 1: board without the variant's setup ------------------------------------------------

@pytest.mark.parametrize("cmd,variant,board", [
    ("selfplay", "conquest-4p", "grand-conquest-4p"),
    ("bench", "conquest-4p", "grand-conquest-4p"),
    ("selfplay", "conquest-2p", "grand-conquest-2p"),
    ("selfplay", "grand-conquest-2p", "conquest-2p"),
    ("bench", "conquest-plus-4p", "grand-conquest-4p"),
])
def test_selfplay_and_bench_report_missing_setup_as_findings(capsys, cmd, variant, board):
    """A board lacking what the variant needs: pair findings located in the board, exit 1,
    no traceback."""
    path = str(BOARDS / f"{board}.board.json")
    extra = ["--games", "1"] if cmd == "selfplay" else ["--positions", "2"]
    code = main([cmd, "--variant", variant, "--board", path, *extra])
    err = capsys.readouterr().err
    assert code == 1
    assert "Traceback" not in err and "CompileError" not in err
    assert f"{board}.board.json:" in err and " error PAIR_" in err
    if variant != "grand-conquest-2p":
        assert "PAIR_SETUP_MISSING" in err and "the board has ['grand-conquest']" in err


def test_exit_codes_usage_versus_content(tmp_path, capsys):
    """Exit 2 for unreadable references, 1 for content errors (invalid / missing parent)."""
    assert main(["selfplay", "--variant", "nosuch", "--games", "1"]) == 2
    assert main(["selfplay", "--variant", "conquest-4p", "--board", str(tmp_path / "x.json"),
                 "--games", "1"]) == 2
    bad = _variant(tmp_path, "bad", {"extends": "conquest-4p", "base_budget": "many"})
    orphan = _variant(tmp_path, "orphan", {"extends": "nosuch-parent"})
    for ref in (bad, orphan):
        assert main(["selfplay", "--variant", str(ref), "--games", "1"]) == 1
        assert main(["bench", "--variant", str(ref), "--positions", "1"]) == 1
        assert main(["variant", str(ref)]) == 1
    assert main(["variant", "nosuch"]) == 2
    capsys.readouterr()


def test_scenario_with_missing_setup_is_a_finding(tmp_path):
    """moves/check: a board without the setup is a located finding, never a CompileError;
    a bad 'setup' points at /setup and lists the available setups."""
    scn = _write(tmp_path / "a.scenario.json", {
        "format": "conquest-scenario/1", "name": "x",
        "board": str(BOARDS / "grand-conquest-4p.board.json"), "variant": "conquest-4p",
        "position": "start"})
    fs = scenario_run.run(scn)
    assert [f.code for f in fs] == ["SCENARIO_POSITION"]
    assert "grand-conquest" in fs[0].message
    scn2 = _write(tmp_path / "b.scenario.json", {
        "format": "conquest-scenario/1", "name": "x",
        "board": str(BOARDS / "conquest-4p.board.json"), "variant": "conquest-4p",
        "setup": "nosuch", "position": "start"})
    fs = scenario_run.run(scn2)
    assert [f.code for f in fs] == ["SCENARIO_POSITION"]
    assert fs[0].pointer == "/setup" and fs[0].line is not None
    assert "'conquest'" in fs[0].message and "'conquest-plus'" in fs[0].message
    assert main(["moves", str(scn)]) == 1
    assert main(["check", str(scn2)]) == 1


# ---- 2: the pair check includes the board's and variant's own findings -------------------

def _broken_boards() -> dict[str, dict]:
    b = _board("conquest-4p")
    out = {}
    d = copy.deepcopy(b)
    used = {c["a"] for c in d["connections"] if c["kind"] == "road"}
    gone = next(f["id"] for f in d["fields"] if f["id"] in used)
    d["fields"] = [f for f in d["fields"] if f["id"] != gone]
    out["deleted field"] = d
    d = copy.deepcopy(b)
    d["connections"].append({"id": "qa.tt", "kind": "road", "a": "s.T1", "b": "s.T2"})
    out["towers connected"] = d
    d = copy.deepcopy(b)
    setup = next(s for s in d["setups"] if s["id"] == "conquest")
    taken = {p["field"] for p in setup["placements"]}
    land = next(f["id"] for f in d["fields"] if f["terrain"] == "land" and f["id"] not in taken)
    next(p for p in setup["placements"] if p["piece"] == "ship")["field"] = land
    out["ship on land"] = d
    d = copy.deepcopy(b)
    next(f for f in d["fields"] if f.get("harbour")).pop("harbour")
    out["harbour flag removed"] = d
    d = copy.deepcopy(b)
    d["fields"].append(copy.deepcopy(d["fields"][3]))
    out["duplicate id"] = d
    d = copy.deepcopy(b)
    d["setups"][0]["placements"][0]["field"] = "nosuch.field"
    out["setup at missing field"] = d
    return out


@pytest.mark.parametrize("case", sorted(_broken_boards()))
def test_pair_check_includes_the_boards_own_findings(tmp_path, case):
    path = _write(tmp_path / "b.board.json", _broken_boards()[case])
    fs = check_pair(str(path), "conquest-4p")
    errors = [f for f in fs if f.is_error]
    assert errors, case
    assert all(f.path == str(path) and f.line is not None for f in errors)


def test_pair_check_reference_pairs_pass_and_foreign_seats_fail():
    assert not [f for f in check_pair(str(BOARDS / "conquest-4p.board.json"), "conquest-4p")
                if f.is_error]
    fs = check_pair(str(BOARDS / "conquest-4p.board.json"), "conquest-2p")
    seats = [f for f in fs if f.code == "PAIR_SETUP_SEATS"]
    assert len(seats) == 1 and seats[0].is_error
    assert "east" in seats[0].message and "west" in seats[0].message
    assert seats[0].pointer.startswith("/setups/") and seats[0].line is not None


def test_pair_check_includes_the_variants_findings(tmp_path):
    v = _variant(tmp_path, "v", {"extends": "conquest-4p",
                                 "options": {"wilderness_region_capacity": 2}})
    fs = check_pair(str(BOARDS / "conquest-4p.board.json"), str(v))
    assert any(f.code == "VARIANT_UNSUPPORTED" and f.path == str(v) for f in fs)


# ---- 3: a complete variant is no overlay -------------------------------------------------

def test_complete_variant_as_cli_overlay_is_an_error(capsys):
    assert main(["variant", "conquest-4p", "--overlay", "conquest-2p"]) == 1
    out = capsys.readouterr()
    assert out.out == "" and "VARIANT_NOT_OVERLAY" in out.err
    assert "conquest-2p.variant.json" in out.err
    assert main(["variant", "conquest-plus-4p", "--overlay", "catapult-4cm"]) == 0
    capsys.readouterr()


def test_complete_variant_in_overlays_list_is_located(tmp_path):
    p = _variant(tmp_path, "mix", {}, text='{"format": "conquest-variant/1", "name": "mix",\n'
                 ' "extends": "conquest-4p",\n "overlays": ["classic-recapture", "conquest-2p"]}')
    rv = resolve_variant(str(p))
    assert rv.variant is None
    (f,) = [f for f in rv.findings if f.code == "VARIANT_NOT_OVERLAY"]
    assert f.path == str(p) and f.pointer == "/overlays/1" and f.line == 3


# ---- 6: partial piece overrides ----------------------------------------------------------

def test_house_rule_may_override_one_piece_key(tmp_path):
    p = _variant(tmp_path, "hr", {"extends": "conquest-4p", "pieces": {"soldier": {"range": 3}}})
    rv = resolve_variant(str(p))
    assert rv.findings == []
    assert rv.variant.pieces["soldier"].range == 3
    assert rv.variant.pieces["soldier"].letter == "S"


def test_child_unknown_key_and_wrong_type_at_the_childs_location(tmp_path):
    p = _variant(tmp_path, "hr", {}, text='{"format": "conquest-variant/1", "name": "hr",\n'
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
    p = _variant(tmp_path, "hr", {"extends": "conquest-4p",
                                  "pieces": {"camel": {"range": 3}}})
    rv = resolve_variant(str(p))
    assert rv.variant is None
    assert any("letter" in f.message and f.pointer == "/pieces/camel" for f in rv.findings)


# ---- 7: VARIANT_NOT_FOUND / VARIANT_CYCLE located on the entry ---------------------------

def test_not_found_and_cycle_are_located_on_the_entry(tmp_path):
    z = _variant(tmp_path, "z", {}, text='{"format": "conquest-variant/1", "name": "z",\n'
                 '  "extends": "nosuch"}')
    (f,) = resolve_variant(str(z)).findings
    assert (f.code, f.path, f.pointer, f.line, f.column) == (
        "VARIANT_NOT_FOUND", str(z), "/extends", 2, 3)
    _variant(tmp_path, "x", {}, text='{"format": "conquest-variant/1", "name": "x",\n'
             '  "extends": "y.variant.json"}')
    y = _variant(tmp_path, "y", {}, text='{"format": "conquest-variant/1", "name": "y",\n\n'
                 '  "extends": "x.variant.json"}')
    cyc = [f for f in resolve_variant(str(tmp_path / "x.variant.json")).findings
           if f.code == "VARIANT_CYCLE"]
    assert len(cyc) == 1 and cyc[0].path == str(y) and cyc[0].line == 3
    o = _variant(tmp_path, "o", {}, text='{"format": "conquest-variant/1", "name": "o",\n'
                 '  "extends": "conquest-4p",\n  "overlays": ["nosuch-overlay"]}')
    (f,) = resolve_variant(str(o)).findings
    assert (f.pointer, f.line) == ("/overlays/0", 3)


# ---- 4: option typos blamed on the scenario ----------------------------------------------

def test_scenario_option_typo_is_located_in_the_scenario(tmp_path):
    text = json.dumps({
        "format": "conquest-scenario/1", "name": "x",
        "board": str(BOARDS / "conquest-4p.board.json"),
        "variant": {"name": "conquest-4p",
                    "options": {"one_way_pasage_types": ["elephant"]}},
        "position": "start"}, indent=1)
    scn = tmp_path / "t.scenario.json"
    scn.write_text(text, encoding="utf-8")
    fs = scenario_run.run(scn)
    assert len(fs) == 1
    f = fs[0]
    assert f.path == str(scn) and f.pointer == "/variant/options/one_way_pasage_types"
    line = next(i for i, x in enumerate(text.splitlines(), 1) if "pasage" in x)
    assert f.line == line and "variants/" not in f.message


def test_cli_option_typo_is_blamed_on_the_option(capsys):
    assert main(["variant", "conquest-4p", "--option", "one_way_pasage_types=[]"]) == 1
    err = capsys.readouterr().err
    assert "--option one_way_pasage_types" in err and "conquest-4p.variant.json" not in err


def test_override_error_blames_the_file_with_the_bad_value(tmp_path):
    p = _variant(tmp_path, "hr", {}, text='{"format": "conquest-variant/1", "name": "hr",\n'
                 ' "extends": "conquest-4p",\n "options": {"no_capture_rounds": 0}}')
    rv = resolve_variant(str(p))
    (f,) = rv.findings
    assert f.path == str(p) and f.line == 3 and f.pointer == "/options/no_capture_rounds"


# ---- 5: impossible positions -------------------------------------------------------------

def _position_scenario(tmp: Path, pieces: list[dict]) -> Path:
    return _write(tmp / "p.scenario.json", {
        "format": "conquest-scenario/1", "name": "x",
        "board": str(BOARDS / "conquest-4p.board.json"), "variant": "conquest-4p",
        "position": {"to_move": "south", "pieces": [
            {"owner": "south", "piece": "soldier", "field": "s.F1"}, *pieces]}})


def _fields(terrain: str) -> list[str]:
    return [f["id"] for f in _board("conquest-4p")["fields"] if f["terrain"] == terrain]


@pytest.mark.parametrize("piece,terrain,word", [
    ("ship", "land", "land field"), ("elephant", "sea", "sea field")])
def test_position_terrain(tmp_path, piece, terrain, word):
    field = next(f for f in _fields(terrain) if f != "s.F1")
    fs = scenario_run.run(_position_scenario(
        tmp_path, [{"owner": "north", "piece": piece, "field": field}]))
    assert [f.code for f in fs] == ["SCENARIO_POSITION"]
    assert fs[0].pointer == "/position/pieces/1" and word in fs[0].message


def test_position_cargo_on_sea_and_capacity(tmp_path):
    sea = _fields("sea")[0]
    ok = scenario_run.load(_position_scenario(tmp_path, [
        {"owner": "north", "piece": "ship", "field": sea,
         "cargo": [{"piece": "elephant"}]}]))
    assert ok.state is not None, ok.findings
    fs = scenario_run.run(_position_scenario(tmp_path, [
        {"owner": "north", "piece": "ship", "field": sea,
         "cargo": [{"piece": "elephant"}, {"piece": "elephant"}, {"piece": "elephant"}]}]))
    assert [f.code for f in fs] == ["SCENARIO_POSITION"]
    assert fs[0].pointer == "/position/pieces/1" and "carry" in fs[0].message


def test_position_region_only_for_wilderness_types(tmp_path):
    board = _board("grand-conquest-4p")
    region = board["regions"][0]["id"]
    scn = _write(tmp_path / "r.scenario.json", {
        "format": "conquest-scenario/1", "name": "x",
        "board": str(BOARDS / "grand-conquest-4p.board.json"), "variant": "grand-conquest-4p",
        "position": {"to_move": "south", "pieces": [
            {"owner": "south", "piece": "elephant", "field": region}]}})
    fs = scenario_run.run(scn)
    assert [f.code for f in fs] == ["SCENARIO_POSITION"]
    assert fs[0].pointer == "/position/pieces/0" and "WILD-2" in fs[0].message


# ---- 8: explanations ---------------------------------------------------------------------

@pytest.fixture(scope="module")
def c2():
    return load_game(None, "conquest-2p")[0]


@pytest.fixture(scope="module")
def gc2():
    return load_game(None, "grand-conquest-2p")[0]


def test_notation_reasons_cite_no_turn_rule(c2):
    st = c2.initial_state()
    _a, why = parse_or_reason(st, "E s.F1>nosuch")
    assert why.code == "E_BAD_NOTATION" and why.rule == "" and "TURN-1" not in str(why)
    _a, why = parse_or_reason(st, "E s.F1>s.F3")
    assert why.code == "E_NO_SUCH_PIECE" and why.rule == ""
    assert "no elephant on s.F1 (a soldier stands there)" in why.message


def test_shot_names_what_stands_there(gc2):
    st = gc2.empty_state()
    st.add_piece("south", "soldier", "s.L46")
    st.add_piece("north", "soldier", "s.L47")
    st.turn = 2
    _a, why = parse_or_reason(st, "K s.L46#s.L47")
    assert why.code == "E_NO_SUCH_PIECE"
    assert why.message == "no catapult on s.L46 (a soldier stands there)"


def test_raise_and_build_outside_the_variant_are_not_available(c2):
    st = c2.initial_state()
    tower = next(f for f in st.compiled.node_ids if ".T" in f)
    for text, rule in ((f"raise {tower}", "DRAW-1"), ("S s.F1+K@s.F3", "BUILD-1")):
        _a, why = parse_or_reason(st, text)
        assert why.code == "E_NOT_AVAILABLE" and why.rule == rule, (text, why)
    _a, why = parse_or_reason(st, "S s.F1+K@s.F3")
    assert "building is not part of this variant" in why.message


def test_scenario_notation_hint_fits_a_missing_piece(tmp_path):
    scn = _write(tmp_path / "n.scenario.json", {
        "format": "conquest-scenario/1", "name": "x",
        "board": str(BOARDS / "conquest-2p.board.json"), "variant": "conquest-2p",
        "position": "start", "steps": [{"action": "E s.F1>s.F3"}]})
    (f,) = scenario_run.run(scn)
    assert f.code == "SCENARIO_NOTATION"
    assert "Write the action in the notation" not in f.hint and "no piece" in f.hint
