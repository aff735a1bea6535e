"""`conquest why`: legal and illegal actions of every reason-code family (editor/engine/explain.py).

Each case is a small position on the rule-test worlds (tests/scenarios/boards/world.board.json
for Conquest, gcworld.board.json for Grand Conquest) written as a scenario; `conquest why` must
answer legal with kind, AP cost and path (exit 0) or illegal with the reason code and rule ID
(exit 1). Rule IDs named in the cases: MOVE-1..5, PIECE-KNIGHT-3/-4, OBST-1/-3/-4, GRAIL-2,
CASTLE-5, DRAW-2/-3, PIECE-SIEGE-14, CARRY-1, PIECE-SOLDIER-4, CAPT-5, PIECE-ELEPHANT-2, TEAM-2,
VULN-3, RECAP-1/-3/-4/-6, TURN-1/-9, FREEZE-2, WIN-4/-24, PIECE-CATAPULT-2/-11, BUILD-1..4/-9,
PIECE-CAMEL-3/-5, BOARD-5.
"""

from __future__ import annotations

import json

import pytest
from support.scenariokit import GCWORLD, ROOT, WORLD, write_scenario

from editor.cli.main import main
from editor.engine import explain as X

FAMILIES: dict[str, set[str]] = {
    "reading": {X.E_BAD_NOTATION, X.E_NO_SUCH_PIECE},
    "turn": {X.E_GAME_OVER, X.E_NOT_YOUR_PIECE, X.E_FROZEN, X.E_NO_AP, X.E_NOT_AVAILABLE},
    "response": {X.E_RESPONSE_PENDING, X.E_NO_WINDOW, X.E_RESPONSE_WRONG_TARGET,
                 X.E_RESPONSE_OUT_OF_REACH, X.E_RESPONSE_NOT_NECESSARY},
    "movement": {X.E_RANGE_EXCEEDED, X.E_NOT_CONNECTED, X.E_NO_PATH, X.E_WRONG_TERRAIN,
                 X.E_PATH_BLOCKED, X.E_KNIGHT_JUMPS_ENEMY, X.E_FIELD_OCCUPIED},
    "passage": {X.E_EDGE_FORBIDS_PIECE, X.E_EDGE_FORBIDS_LOADED, X.E_ONE_WAY,
                X.E_GRAIL_FORBIDDEN, X.E_CASTLE_FORBIDDEN, X.E_DRAWBRIDGE_UP,
                X.E_SIEGE_OWN_CASTLE},
    "carrying": {X.E_CANNOT_CARRY, X.E_CARRIER_FULL, X.E_CARRIER_TO_CARRIER,
                 X.E_CANNOT_DISMOUNT},
    "capture": {X.E_CANNOT_CAPTURE, X.E_OWN_PIECE, X.E_VULNERABLE_RISK, X.E_WILD_CAMEL},
    "catapult": {X.E_NO_TARGET, X.E_SHOT_USED},
    "building": {X.E_CANNOT_BUILD, X.E_BUILD_LIMIT, X.E_RESTING},
    "drawbridge": {X.E_DRAWBRIDGE},
    "camel push": {X.E_CANNOT_PUSH},
}

GC = {"board": GCWORLD, "variant": "grand-conquest-4p"}
GCT = {"board": GCWORLD, "variant": "grand-conquest-team"}
WINDOW = {"to_move": "north", "pending_response": {"victim": "south", "scene": "g1_1"}}
OTHER_PADS = [f"{s}:S@pad_{s}_{i}" for s in ("west", "north", "east") for i in range(2)]

# (family, case id, pieces, scenario keys, action, reason code, rule ID)
ILLEGAL = [
    ("reading", "unreadable", ["south:E@g0_1"], {}, "hello there", X.E_BAD_NOTATION, ""),
    ("reading", "no-such-piece", ["south:E@g0_1"], {}, "N g0_1>g1_1", X.E_NO_SUCH_PIECE, ""),
    ("turn", "not-yours", ["north:S@g3_3"], {}, "S g3_3>g3_2", X.E_NOT_YOUR_PIECE, "TURN-1"),
    ("turn", "no-ap", ["south:E@g0_1"], {"ap_spent": 19}, "E g0_1>g2_1", X.E_NO_AP, "TURN-9"),
    ("turn", "frozen", ["west:S@g0_0", "north:S@gr0", "north:S@gr1", "east:S@wt0",
                        "east:S@wt1", "east:S@wt2"], {"to_move": "west"}, "S g0_0>g1_0",
     X.E_FROZEN, "FREEZE-2"),
    ("turn", "no-draw-offer-in-4p", ["south:E@g0_1"], {}, "offer draw", X.E_NOT_AVAILABLE,
     "WIN-4"),
    ("turn", "game-over", ["south:S@g0_1", "north:S@g3_3", "north:S@g4_3"],
     {"pads": False, "variant": {"name": "conquest-2p", "options": {"allow_resignation": True}},
      "steps": [{"action": "resign"}]}, "S g0_1>g1_1", X.E_GAME_OVER, "WIN-24"),
    ("response", "no-window", ["south:E@g0_1"], {}, "decline", X.E_NO_WINDOW, "RECAP-1"),
    ("response", "pending", ["north:S@g1_1", "south:E@g1_2", "south:N@g5_1"], WINDOW,
     "N g5_1>g5_2", X.E_RESPONSE_PENDING, "RECAP-1"),
    ("response", "wrong-target", ["north:S@g1_1", "south:E@g1_2", "north:S@g2_2"], WINDOW,
     "(E g1_2*g2_2)", X.E_RESPONSE_WRONG_TARGET, "RECAP-3"),
    ("response", "out-of-reach", ["north:S@g1_1", "south:E@g1_2", "south:N@g5_1"], WINDOW,
     "(N g5_1*g1_1)", X.E_RESPONSE_OUT_OF_REACH, "RECAP-4"),
    ("movement", "not-connected", ["south:S@g0_1"], {}, "S g0_1>g1_2>g2_2",
     X.E_NOT_CONNECTED, "MOVE-1"),
    ("movement", "range", ["south:S@g0_0"], {}, "S g0_0>g3_0", X.E_RANGE_EXCEEDED, "MOVE-5"),
    ("movement", "terrain", ["south:S@g0_1"], {}, "S g0_1>g0_0>s0", X.E_WRONG_TERRAIN,
     "MOVE-2"),
    ("movement", "blocked", ["south:S@g0_1", "north:S@g1_1"], {}, "S g0_1>g1_1>g2_1",
     X.E_PATH_BLOCKED, "MOVE-4"),
    ("movement", "occupied", ["south:N@g0_1", "south:S@g1_1"], {}, "N g0_1>g1_1",
     X.E_FIELD_OCCUPIED, "PIECE-KNIGHT-4"),
    ("movement", "knight-jumps-enemy", ["south:N@g0_1", "north:S@g1_1"], {},
     "N g0_1>g1_1>g2_1", X.E_KNIGHT_JUMPS_ENEMY, "PIECE-KNIGHT-3"),
    ("movement", "no-path", ["south:N@g0_1"], {}, "N g0_1>pad_north_0", X.E_NO_PATH, "MOVE-1"),
    ("passage", "x-bridge", ["south:E@g5_1"], {}, "E g5_1>x1", X.E_EDGE_FORBIDS_PIECE, "OBST-3"),
    ("passage", "one-way", ["south:E@v1"], {}, "E v1>g5_3", X.E_ONE_WAY, "OBST-1"),
    ("passage", "grail", ["south:E@v1"], {}, "E v1>gr0", X.E_GRAIL_FORBIDDEN, "GRAIL-2"),
    ("passage", "rope-bridge-loaded", ["south:E[S]@g5_1"], GC, "E g5_1>x1",
     X.E_EDGE_FORBIDS_LOADED, "OBST-4"),
    ("passage", "catapult-capital", ["south:K@h0"], {"variant": "conquest-plus-4p"},
     "K h0>nt0", X.E_CASTLE_FORBIDDEN, "CASTLE-5"),
    ("passage", "drawbridge-up", ["south:S@g0_3"], {**GC, "drawbridges_raised": {"st0": "south"}},
     "S g0_3>st0", X.E_DRAWBRIDGE_UP, "DRAW-3"),
    ("passage", "siege-own-castle", ["south:T@g0_3"], GC, "T g0_3>st0", X.E_SIEGE_OWN_CASTLE,
     "PIECE-SIEGE-14"),
    ("carrying", "full", ["south:S@g0_1", "south:E[SS]@g1_1"], {}, "S g0_1>g1_1",
     X.E_CARRIER_FULL, "CARRY-1"),
    ("carrying", "carrier-to-carrier", ["south:E[S]@g0_1", "south:E@g1_1"], {}, "S g0_1>g1_1",
     X.E_CARRIER_TO_CARRIER, "PIECE-SOLDIER-4"),
    ("capture", "matrix", ["south:S@g0_1", "north:E@g1_1"], {}, "S g0_1*g1_1",
     X.E_CANNOT_CAPTURE, "PIECE-ELEPHANT-2"),
    ("capture", "partner", ["south:S@g0_1", "north:S@g1_1"], {"variant": "conquest-team"},
     "S g0_1*g1_1", X.E_OWN_PIECE, "TEAM-2"),
    ("capture", "unprotected-risk",
     ["south:S@g0_1", "south:S@g3_1", "north:S@g1_1", "north:S@g2_1", "north:S@g4_1",
      "north:S@g5_1", *OTHER_PADS],
     {"pads": False, "steps": [{"action": "S g0_1*g1_1"}, {"action": "decline"}]},
     "S g3_1*g4_1", X.E_VULNERABLE_RISK, "VULN-3"),
    ("catapult", "no-target", ["south:K@g0_0"], GC, "K g0_0#g1_0", X.E_NO_TARGET,
     "PIECE-CATAPULT-5"),
    ("catapult", "shot-used", ["south:K@g0_0", "north:S@g1_0", "north:S@g0_1"],
     {**GC, "steps": [{"action": "K g0_0#g1_0"}]}, "K g0_0#g0_1", X.E_SHOT_USED,
     "PIECE-CATAPULT-11"),
    ("building", "central-island", ["south:S@v1"], {**GC, "turn": 4}, "S v1+K@g5_3",
     X.E_CANNOT_BUILD, "BUILD-3"),
    ("building", "limit", ["south:S@g1_0", "south:K@g4_0", "south:K@g5_0"], {**GC, "turn": 4},
     "S g1_0+K@g2_0", X.E_BUILD_LIMIT, "BUILD-4"),
    ("building", "resting", ["south:S@g1_0"],
     {**GC, "turn": 4, "steps": [{"action": "S g1_0+K@g2_0"}]}, "S g1_0>g1_1", X.E_RESTING,
     "BUILD-9"),
    ("drawbridge", "enemy-tower", ["south:S@g0_0"], GC, "raise nt0", X.E_DRAWBRIDGE, "DRAW-2"),
    ("camel push", "own-camel", ["south:S@g0_0", "south:D@g1_1"], GC, "push D g1_1>g2_1",
     X.E_CANNOT_PUSH, "PIECE-CAMEL-5"),
]

# (family, case id, pieces, scenario keys, action, kind, AP cost, path)
LEGAL = [
    ("reading", "printed-form", ["south:E@g0_1"], {}, "E g0_1>g2_1", "move", 2,
     "g0_1 > g1_1 > g2_1"),
    ("turn", "end", ["south:E@g0_1"], {}, "end", "end", 0, None),
    ("response", "recapture", ["north:S@g1_1", "south:E@g1_2"], WINDOW, "(E g1_2*g1_1)",
     "response", 0, "g1_2 > g1_1"),
    ("response", "decline", ["north:S@g1_1", "south:E@g1_2"], WINDOW, "decline", "decline", 0,
     None),
    ("movement", "move", ["south:S@g0_1"], {}, "S g0_1>g1_1", "move", 1, "g0_1 > g1_1"),
    ("passage", "soldier-on-x-bridge", ["south:S@g5_1"], {}, "S g5_1>x1", "move", 1,
     "g5_1 > x1"),
    ("passage", "one-way-toward-grail", ["south:E@g5_3"], {}, "E g5_3>v1", "move", 1,
     "g5_3 > v1"),
    ("carrying", "mount", ["south:S@g0_1", "south:E@g1_1"], {}, "S g0_1>g1_1", "mount", 1,
     "g0_1 > g1_1"),
    ("carrying", "embark", ["south:S@g0_0", "south:B@s0"], {}, "S g0_0>s0", "embark", 1,
     "g0_0 > s0"),
    ("carrying", "dismount-to-stair", ["south:D[S]@R1"], GC, "S R1>g2_1", "dismount", 1,
     "R1 > g2_1"),
    ("capture", "capture", ["south:S@g0_1", "north:S@g1_1"], {}, "S g0_1*g1_1", "capture", 1,
     "g0_1 > g1_1"),
    ("capture", "boarding", ["south:E@g0_0", "north:B@s0"], {}, "E g0_0*s0", "boarding", 1,
     "g0_0 > s0"),
    ("catapult", "shot", ["south:K@g0_0", "north:S@g1_0"], GC, "K g0_0#g1_0", "shot", 1, None),
    ("building", "build", ["south:S@g1_0"], {**GC, "turn": 4}, "S g1_0+K@g2_0", "build", 10,
     None),
    ("drawbridge", "raise", ["south:S@g0_0"], GC, "raise st0", "raise", 2, None),
    ("camel push", "push", ["south:S@g0_0", "north:D@g1_1"], GC, "push D g1_1>g2_1", "push", 1,
     "g1_1 > g2_1"),
    ("camel push", "take-over", ["south:S@g0_1", "north:D@g1_1"], GC, "S g0_1~g1_1",
     "take_over", 1, "g0_1 > g1_1"),
]

#: Codes no case reaches yet. E_CANNOT_CARRY: every land piece of the shipped variants can ride
#: the enemy vessels it may capture. E_CANNOT_DISMOUNT and E_WILD_CAMEL: issue 15 item 5 (the
#: engine cites another code today; see the strict xfail cases below).
UNREACHED = {X.E_CANNOT_CARRY, X.E_CANNOT_DISMOUNT, X.E_WILD_CAMEL}


def _why(tmp_path, capsys, pieces, keys, action, *extra):
    keys = dict(keys)
    path = write_scenario(tmp_path, pieces, **keys)
    code = main(["why", str(path), action, *extra])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_every_reason_code_belongs_to_one_family():
    seen = [c for codes in FAMILIES.values() for c in codes]
    assert len(seen) == len(set(seen))
    assert set(seen) == set(X.REASONS)


def test_every_family_has_legal_and_illegal_cases_and_every_code_a_case():
    assert {c[0] for c in ILLEGAL} == set(FAMILIES) == {c[0] for c in LEGAL}
    covered = {c[5] for c in ILLEGAL} | {X.E_RESPONSE_NOT_NECESSARY}  # EX-1 test below
    assert covered == set(X.REASONS) - UNREACHED
    for family, _id, *_rest, code, _rule in ILLEGAL:
        assert code in FAMILIES[family]


@pytest.mark.parametrize("family,case,pieces,keys,action,code,rule", ILLEGAL,
                         ids=[f"{c[0]}:{c[1]}" for c in ILLEGAL])
def test_illegal(tmp_path, capsys, family, case, pieces, keys, action, code, rule):
    status, out, err = _why(tmp_path, capsys, pieces, keys, action)
    assert status == (2 if code == X.E_BAD_NOTATION else 1), out + err  # unreadable: input
    assert out.startswith(f"illegal: {code} ({rule}): " if rule else f"illegal: {code}: ")
    assert len(out.split(": ", 2)[2].strip()) > 10  # a message naming pieces or fields


@pytest.mark.parametrize("family,case,pieces,keys,action,kind,cost,path", LEGAL,
                         ids=[f"{c[0]}:{c[1]}" for c in LEGAL])
def test_legal(tmp_path, capsys, family, case, pieces, keys, action, kind, cost, path):
    status, out, err = _why(tmp_path, capsys, pieces, keys, action)
    assert status == 0, out + err
    assert out.startswith("legal: ")
    assert f"({kind}, {cost} AP" in out
    if path:
        assert f"path {path}" in out
    else:
        assert "path" not in out


ITEM5 = [
    ("riderless camel captures", ["south:D@g0_1", "north:S@g1_1"], GC, "D g0_1*g1_1",
     "E_WILD_CAMEL", "PIECE-CAMEL-2"),
    ("partner's chariot away from the grail front", ["south:S@g0_1", "north:C@g1_1"], GCT,
     "S g0_1>g1_1", "E_OWN_PIECE", "TEAM-13"),
    ("German camel dismount reading", ["south:D[S]@R1"],
     {**GC, "variant": {"name": "grand-conquest-4p",
                        "options": {"camel_dismount_region_to_stair_field": False}}},
     "S R1>g2_1", "E_CANNOT_DISMOUNT", "PIECE-CAMEL-8"),
]


@pytest.mark.parametrize("case,pieces,keys,action,code,rule", ITEM5, ids=[c[0] for c in ITEM5])
def test_refusals_cite_the_most_specific_rule(tmp_path, capsys, case, pieces, keys, action, code,
                                              rule):
    status, out, _err = _why(tmp_path, capsys, pieces, keys, action)
    assert status == 1
    assert out.startswith(f"illegal: {code} ({rule}): ")


def test_response_not_necessary_after_the_scenario_steps(capsys):
    """RECAP-6 on EX-1: `--steps 1` stops in the response window."""
    ex1 = ROOT / "tests" / "scenarios" / "ex-01-recapture.scenario.json"
    assert main(["why", "--steps", "1", str(ex1), "(S A>F, E A*X)"]) == 1
    assert capsys.readouterr().out.startswith(
        f"illegal: {X.E_RESPONSE_NOT_NECESSARY} (RECAP-6): ")
    # options may also stand between the scenario and the action
    assert main(["why", str(ex1), "--steps", "1", "(S A>F, E A*X)"]) == 1
    assert capsys.readouterr().out.startswith(
        f"illegal: {X.E_RESPONSE_NOT_NECESSARY} (RECAP-6): ")
    assert main(["why", str(ex1), "decline"]) == 1  # after both steps: the window is closed
    assert capsys.readouterr().out.startswith(f"illegal: {X.E_NO_WINDOW} ")


def test_start_position_of_board_and_variant_and_printed_numbers(capsys):
    """`--variant` asks about the start position; fields by id or printed number (BOARD-5)."""
    assert main(["why", "--variant", "conquest-4p", "N s.L24>s.L23"]) == 0
    by_id = capsys.readouterr().out
    assert main(["why", "--variant", "conquest-4p", "N 24>23"]) == 0
    assert capsys.readouterr().out == by_id == (
        "legal: N 24>23 (move, 1 AP of 5 left, path 24 > 23)\n")
    assert main(["why", "--variant", "conquest-4p", "--board", "conquest-4p", "--format",
                 "json", "E s.L37>c.front"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["legal"] is False and data["reason"]["code"] == X.E_PATH_BLOCKED
    assert data["reason"]["rule"] == "MOVE-4" and data["actor"] == "south"


def test_ambiguous_printed_number_is_refused(tmp_path, capsys):
    board = json.loads(WORLD.read_text(encoding="utf-8"))
    for f in board["fields"]:
        if f["id"] in ("g1_1", "g3_3"):
            f["number"] = 7
        if f["id"] == "g2_1":
            f["number"] = 8
    (tmp_path / "numbered.board.json").write_text(json.dumps(board), encoding="utf-8")
    path = write_scenario(tmp_path, ["south:S@g0_1"], board=tmp_path / "numbered.board.json")
    assert main(["why", str(path), "S g0_1>8"]) == 0  # 8 is printed on g2_1 only
    assert capsys.readouterr().out.startswith(
        "legal: S g0_1>8 (move, 2 AP of 20 left, path g0_1 > g1_1 > 8)")  # g1_1: 7 twice
    assert main(["why", str(path), "S g0_1>7"]) == 2  # the input is wrong, not the move
    out = capsys.readouterr().out
    assert out.startswith(f"illegal: {X.E_BAD_NOTATION} (BOARD-5): ")
    assert "g1_1" in out and "g3_3" in out


def test_usage_and_unreadable_inputs_exit_2(tmp_path, capsys):
    assert main(["why", str(tmp_path / "missing.scenario.json"), "end"]) == 2
    assert "cannot read" in capsys.readouterr().err
    assert main(["why", "only-one-argument"]) == 2
    capsys.readouterr()
    assert main(["why", str(tmp_path / "s.json"), "--steps", "1", "end", "--no-such"]) == 2
    assert "unrecognized arguments: end --no-such" in capsys.readouterr().err
    assert main(["validate", "a.board.json", "--format", "text", "stray"]) == 2
    assert "unrecognized arguments: stray" in capsys.readouterr().err
    assert main(["why", "--variant", "no-such-variant", "end"]) == 2
    assert "VARIANT_NOT_FOUND" in capsys.readouterr().err
    bad = tmp_path / "bad.scenario.json"
    bad.write_text('{"format": "conquest-scenario/1", "name": 3}', encoding="utf-8")
    assert main(["why", str(bad), "end"]) == 2
    assert "bad.scenario.json:1:" in capsys.readouterr().err  # its findings are printed
    stuck = write_scenario(tmp_path, ["south:S@g0_1"], steps=[{"action": "S g0_1>g3_1"}],
                           name="stuck")
    assert main(["why", str(stuck), "end"]) == 2
    assert "step 1" in capsys.readouterr().err
    assert main(["why", "--steps", "0", str(stuck), "end"]) == 0


def test_puzzle_book_notation(capsys):
    """RULES.md 5.9 / BOARD-5: `--puzzle` reads the booklets' notation (EX-8 first step)."""
    ex8 = ROOT / "tests" / "scenarios" / "ex-08-puzzle-notation.scenario.json"
    assert main(["why", "--steps", "0", "--puzzle", str(ex8), "B-509 3"]) == 0
    assert capsys.readouterr().out.startswith("legal: ")
    assert main(["why", "--steps", "0", "--puzzle", str(ex8), "B-509 9"]) == 1
    assert capsys.readouterr().out.startswith("illegal: ")


def test_a_retaliation_shot_names_its_catapult(capsys):
    """RECAP-17 (issue 21): the text names the catapult on g0_0, which cannot shoot; `why`
    answers illegal with the reason instead of taking the other catapult's shot."""
    path = ROOT / "tests" / "scenarios" / "ex-21-gc4-retaliation-names-its-catapult.scenario.json"
    assert main(["why", str(path), "--steps", "1", "(K g0_0#g2_0)"]) == 1
    out = capsys.readouterr().out
    assert out.startswith("illegal: E_NO_TARGET (RECAP-17)") and "g0_0" in out
    assert main(["why", str(path), "--steps", "1", "(K g3_0#g2_0)"]) == 0


def test_moves_takes_a_printed_number_and_prints_printed_numbers(capsys, tmp_path):
    """ARCHITECTURE.md 11, BOARD-5: `moves --piece 96` on conquest-4p lists the actions of the
    stack on the field printed 96, every field by its printed number."""
    path = tmp_path / "start.scenario.json"
    path.write_text(json.dumps({"format": "conquest-scenario/1", "name": "start",
                                "board": "conquest-4p", "variant": "conquest-4p",
                                "position": "start", "steps": []}), encoding="utf-8")
    assert main(["moves", str(path), "--piece", "96"]) == 0
    lines = capsys.readouterr().out.splitlines()[1:-1]
    assert lines and all(line.startswith("S 96>") for line in lines)
    assert not any("s." in line for line in lines)


def test_why_help_names_both_forms_and_every_option(capsys):
    assert main(["why", "--help"]) == 0
    text = capsys.readouterr().out
    assert "conquest why [options] SCENARIO ACTION" in text
    assert "--variant VARIANT [--board BOARD] ACTION" in text
    assert "SCENARIO ACTION [SCENARIO ACTION ...]" not in text
    for option in ("--overlay", "--option", "--format"):
        line = next(x for x in text.splitlines() if x.strip().startswith(option))
        following = text[text.index(line):].split("\n", 2)
        assert len(" ".join(following[:2]).split()) > 3, option  # a help text, not bare


def test_moves_and_balance_help_state_formats_and_defaults(capsys):
    assert main(["moves", "--help"]) == 0
    assert "json: an object" in capsys.readouterr().out
    assert main(["balance", "--help"]) == 0
    assert "default 1)" in capsys.readouterr().out.split("  --workers K", 1)[1][:200]
