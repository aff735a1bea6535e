"""The play session (editor/rules/session.py, session_io.py): positions, targets, explanations,
history, scenarios written and replayed (issue 15 item 1).

Rules named: TURN-7/8/9 (budgets), CASTLE-2 (capital penalty), FREEZE-1, RECAP-1 (response
window), WIN-4 (draw offers), OBST-1 (one-way passage refused directly, reachable by a detour),
OBST-3, PIECE-CATAPULT-2, BUILD-1, DRAW-2, BOARD-5 (printed numbers), WIN-26.
"""

from __future__ import annotations

import json
import random

import pytest
from support.scenariokit import GCWORLD, ROOT, WORLD, write_scenario

from editor.model import load_board
from editor.rules import scenario_run, session_io
from editor.rules.action_view import Kind
from editor.rules.session import Played, PlaySession, Refused, SessionSource

SCENARIOS = ROOT / "tests" / "scenarios"
WINDOW = {"to_move": "north", "pending_response": {"victim": "south", "scene": "g1_1"}}


def _start(variant: str = "conquest-4p", board: str | None = None) -> PlaySession:
    session, findings = session_io.start_from_refs(board, SessionSource(variant=variant))
    assert session is not None, findings
    return session


def _load(path) -> PlaySession:
    session, findings = session_io.load(path)
    assert session is not None, findings
    return session


@pytest.fixture(scope="module")
def c4() -> PlaySession:
    return _start()


def test_start_position_turn_and_budgets_turn_7(c4):
    """TURN-7: opening budgets 5, 10, 15, 20 in the first round."""
    turn = c4.turn()
    assert (turn.to_move, turn.actor, turn.role, turn.ap_left) == ("south", "south", "mover", 5)
    assert [(b.seat, b.budget, b.frozen) for b in turn.budgets] == [
        ("south", 5, False), ("west", 10, False), ("north", 15, False), ("east", 20, False)]
    assert len(c4.stacks()) == 104 and turn.scene is None and not turn.terminal
    assert c4.result() is None


def test_targets_grouped_by_field_with_cost_path_and_kind(c4):
    """Every option of a group goes to its field, costs its path length and is legal."""
    field = next(s.field for s in c4.stacks() if c4.targets(s.field))
    groups = c4.targets(field)
    assert [g.cost for g in groups] == sorted(g.cost for g in groups)
    assert len({g.field for g in groups}) == len(groups)
    for g in groups:
        for o in g.options:
            assert o.source == field and o.target == g.field and o.path[-1] == g.field
            assert o.path[0] == field and o.cost == len(o.path) - 1 and o.kind is Kind.MOVE
            assert c4.explain(o.full).legal
    all_of = {o.full for g in groups for o in g.options}
    assert all_of == {v.full for v in c4.legal() if v.source == field}


def test_the_board_document_is_never_changed_by_play(tmp_path):
    board = load_board(WORLD).model
    before = board.model_dump()
    scn = write_scenario(tmp_path, ["south:S@g0_1"])
    session = _load(scn)
    session.play("S g0_1>g1_1")
    assert board.model_dump() == before
    fresh = PlaySession(load_board(ROOT / "boards" / "conquest-4p.board.json").model,
                        _start().variant)
    assert fresh.board is not _start().board


def test_response_window_actor_is_the_victim_recap_1(tmp_path):
    session = _load(write_scenario(tmp_path, ["north:S@g1_1", "south:E@g1_2"], **WINDOW))
    turn = session.turn()
    assert (turn.to_move, turn.actor, turn.role, turn.scene) == ("north", "south", "victim",
                                                                 "g1_1")
    assert turn.capturer.owner == "north" and turn.capturer.letters == "S"
    assert [v.kind for v in session.general_actions()] == [Kind.DECLINE]
    [group] = [g for g in session.targets("g1_2") if g.field == "g1_1"]
    assert group.kinds == {Kind.RESPONSE} and group.cost == 0
    session.play("decline")
    assert session.turn().role == "mover" and session.turn().actor == "north"


def test_draw_offer_actor_is_the_opponent_win_4():
    session = _start("conquest-2p")
    assert session.play("offer draw").legal
    turn = session.turn()
    assert turn.role == "draw_offer" and turn.actor != turn.to_move
    assert {v.kind for v in session.general_actions()} == {Kind.ACCEPT_DRAW, Kind.REJECT_DRAW}
    assert session.play("accept draw").legal
    result = session.result()
    assert result.winners == () and result.rule == "WIN-4"


def test_budget_explains_capital_penalty_and_freeze():
    """CASTLE-2: west loses 4 AP per capital field held; FREEZE-1 freezes at the threshold."""
    penalised = _load(SCENARIOS / "ex-09a-capital-penalty.scenario.json").turn()
    west = next(b for b in penalised.budgets if b.seat == "west")
    assert west.budget == 8 and west.penalty == 12 and west.castle_fields_lost == 3
    assert "CASTLE-2" in str(west) and penalised.ap_left == 8
    frozen = _load(SCENARIOS / "ex-09c-frozen.scenario.json")
    west = next(b for b in frozen.turn().budgets if b.seat == "west")
    assert west.frozen and west.budget == 0 and "FREEZE-1" in str(west)


def test_explain_names_code_rule_pieces_and_fields_obst_3(tmp_path):
    session = _load(write_scenario(tmp_path, ["south:E@g5_1"]))
    verdict = session.explain("E g5_1>x1")
    assert not verdict.legal
    assert (verdict.reason.code, verdict.reason.rule) == ("E_EDGE_FORBIDS_PIECE", "OBST-3")
    assert "elephant" in verdict.reason.message and "x1" in verdict.reason.message
    assert str(verdict).startswith("illegal: E_EDGE_FORBIDS_PIECE (OBST-3): ")
    assert session.play("E g5_1>x1").reason == verdict.reason
    assert session.history == []  # a refusal changes nothing unless recorded


def test_one_way_refused_directly_but_reachable_by_a_detour_obst_1(tmp_path):
    data = json.loads(WORLD.read_text(encoding="utf-8"))
    data["connections"].append({"id": "detour", "kind": "road", "a": "v1", "b": "g4_2"})
    board = tmp_path / "detour.board.json"
    board.write_text(json.dumps(data), encoding="utf-8")
    session = _load(write_scenario(tmp_path, ["south:E@v1"], board=board))
    why = session.explain_target("v1", "g5_3")
    assert why.options and why.options[0].path == ("v1", "g4_2", "g5_2", "g5_3")
    assert why.direct is not None and why.direct.reason.code == "E_ONE_WAY"
    text = str(why)
    assert "E_ONE_WAY (OBST-1)" in text and "reachable: E v1>g4_2>g5_2>g5_3 (3 AP)" in text
    plain = session.explain_target("v1", "pad_south_0")
    assert not plain.options and plain.direct is not None and not plain.direct.legal


def test_kinds_of_grand_conquest_targets(tmp_path):
    """PIECE-CATAPULT-2 shots, BUILD-1 builds and DRAW-2 drawbridges are kinds of their own."""
    session = _load(write_scenario(
        tmp_path, ["south:K@g0_0", "north:S@g1_0", "south:S@g2_0", "north:D@g3_1"],
        board=GCWORLD, variant="grand-conquest-4p", turn=4))
    kinds = {o.kind for g in session.targets("g0_0") for o in g.options}
    assert Kind.SHOT in kinds and Kind.MOVE in kinds
    shot = next(o for g in session.targets("g0_0") for o in g.options if o.kind is Kind.SHOT)
    assert shot.target == "g1_0" and shot.path == () and shot.cost == 1 and shot.is_attack
    builds = [o for g in session.targets("g2_0") for o in g.options if o.kind is Kind.BUILD]
    assert builds and all(o.cost == 10 for o in builds)
    assert any(v.kind is Kind.PUSH for v in session.actions_of("g3_1"))
    assert any(v.kind is Kind.RAISE for v in session.legal())


def test_history_undo_redo_and_recorded_refusals(tmp_path):
    session = _load(write_scenario(tmp_path, ["south:S@g0_1", "south:E@g3_1"]))
    start = session.position_key()
    assert session.play("S g0_1>g1_1").legal
    after_one = session.position_key()
    refusal = session.play("E g3_1>g4_1>g5_1>x1")
    session.record(refusal)
    assert session.play("E g3_1>g4_1").legal
    assert [type(e) for e in session.history] == [Played, Refused, Played]
    assert session.undo() and session.position_key() == after_one and session.can_redo()
    assert session.undo() and session.position_key() == start and not session.can_undo()
    assert session.history == [] and len(session.pending) == 3
    session.goto(2)
    assert len(session.played) == 2 and isinstance(session.history[1], Refused)
    assert session.history[1].reason.code == "E_EDGE_FORBIDS_PIECE"
    session.goto(1)
    assert session.position_key() == after_one
    log = session.log()
    assert [(r.future, r.played, r.refused is not None) for r in log] == [
        (False, 1, False), (False, 1, True), (True, 2, False)]
    assert log[0].text == "S g0_1>g1_1" and log[0].actor == "south"
    session.play("end")  # a new action drops the redo steps
    assert not session.can_redo()


def test_saved_game_passes_check_and_replays_to_the_same_hash(tmp_path):
    """A found bug becomes a regression test: played actions are legal steps, recorded
    refusals illegal steps with their reason code."""
    session = _start()
    session.play_random_turns(6, seed=11)
    refusal = session.explain("E s.L37>c.front")
    session.record(refusal)
    session.play_random_turns(2, seed=12)
    out = tmp_path / "found.scenario.json"
    written = session_io.save(session, out, name="found")
    assert scenario_run.run(out) == []
    steps = written.steps
    assert len(steps) == len(session.history)
    assert sum(s.expect == "illegal" for s in steps) == 1
    assert next(s for s in steps if s.expect == "illegal").reason == refusal.reason.code
    replay = _load(out)
    assert replay.goto(len(session.played)) == len(session.played)
    assert replay.position_key() == session.position_key()
    replay.goto(0)
    assert replay.position_key() == _start().position_key()


def test_saved_scenario_of_a_loaded_position_keeps_references(tmp_path):
    session = _load(SCENARIOS / "ex-01-recapture.scenario.json")
    session.goto(2)
    out = tmp_path / "sub" / "copy.scenario.json"
    out.parent.mkdir()
    scn = session_io.save(session, out)
    assert scn.position != "start" and scn.name.startswith("EX-1")
    assert scn.board.startswith("../") and scenario_run.run(out) == []
    assert [s.action for s in scn.steps] == [e.text for e in session.history]


def test_stepping_a_puzzle_scenario_to_its_end_win_result():
    """EX-8 in puzzle-book notation: step forward and back, then the winner and rule."""
    session = _load(SCENARIOS / "ex-08-puzzle-notation.scenario.json")
    assert len(session.pending) == 6
    assert session.redo().legal and session.history[0].puzzle is not None
    assert session.goto(6) == 6 and session.turn().terminal
    result = session.result()
    assert result.winners == ("south",) and result.rule and result.rule.startswith("WIN-")
    ld = scenario_run.load(SCENARIOS / "ex-08-puzzle-notation.scenario.json")
    from editor.rules.notation import parse_puzzle
    for step in ld.scenario.steps:
        ld.state.apply(parse_puzzle(ld.state, step.action)[0])
    from editor.engine.position_key import position_key
    assert session.position_key() == position_key(ld.state)
    assert session.goto(0) == 0 and session.turn().actor == "south"


def test_random_turns_are_seeded():
    a, b, c = _start(), _start(), _start()
    n = a.play_random_turns(8, seed=5)
    assert n > 0 and b.play_random_turns(8, seed=5) == n
    assert a.position_key() == b.position_key()
    assert a.turn().turn >= 8 or a.turn().terminal
    c.play_random_turns(8, seed=6)
    assert [e.text for e in c.played] != [e.text for e in a.played]
    assert a.random_move(random.Random(1)) is not None


def test_a_board_lacking_what_the_variant_needs_starts_no_game():
    board = load_board(WORLD).model  # no setup named by conquest-4p
    session, findings = session_io.start(board, SessionSource(variant="conquest-4p"))
    assert session is None and findings
    assert all(f.code.startswith("PAIR_") for f in findings)
    assert any("setup" in f.message for f in findings)


def test_scenario_fields_by_printed_number_board_5(tmp_path):
    data = json.loads(WORLD.read_text(encoding="utf-8"))
    numbers = {"g0_1": 101, "g1_1": 102, "g2_1": 103, "g3_3": 103}
    for f in data["fields"]:
        if f["id"] in numbers:
            f["number"] = numbers[f["id"]]
    board = tmp_path / "numbered.board.json"
    board.write_text(json.dumps(data), encoding="utf-8")
    good = write_scenario(tmp_path, ["south:S@101"], board=board, name="good",
                          steps=[{"action": "S 101>102", "after": {"pieces": {"102": "south:S"}}}])
    assert scenario_run.run(good) == []
    assert _load(good).pending[0].text == "S g0_1>g1_1"
    bad = write_scenario(tmp_path, ["south:S@103"], board=board, name="bad")
    findings = scenario_run.run(bad)
    assert [f.code for f in findings] == ["SCENARIO_POSITION"]
    assert "g2_1" in findings[0].message and "/position/pieces/0/field" in findings[0].pointer


def test_house_rule_file_overlay_and_options_are_named_in_the_saved_scenario(tmp_path):
    house = tmp_path / "rules" / "house.variant.json"
    house.parent.mkdir()
    house.write_text(json.dumps({"format": "conquest-variant/2", "name": "house",
                                 "extends": "conquest-4p", "base_budget": 12}), encoding="utf-8")
    source = SessionSource(variant=str(house), overlays=("classic-recapture",),
                           options={"allow_resignation": True})
    session, findings = session_io.start_from_refs(None, source)
    assert session is not None, findings
    assert session.variant.base_budget == 12 and session.variant.options.allow_resignation
    session.play_random_turns(4, seed=3)
    out = tmp_path / "games" / "house-game.scenario.json"
    out.parent.mkdir()
    scn = session_io.save(session, out)
    assert scn.variant.name == "../rules/house.variant.json"
    assert scn.variant.overlays == ["classic-recapture"] and scn.board == "conquest-4p"
    assert scn.variant.options == {"allow_resignation": True}
    assert scenario_run.run(out) == []
    assert session.play("resign").legal


def test_listed_view_of_an_identical_riders_action_move_1(tmp_path):
    """MOVE-1: the engine lists one of two identical riders per destination; an agent's action
    made by the other rider is played as the listed one (its description but the piece)."""
    session = _load(write_scenario(tmp_path, ["south:E[SS]@g1_1"]))
    st = session.state
    listed = next(v for v in session.actions_of("g1_1") if v.kind is Kind.DISMOUNT)
    riders = st.cargo[st.carrier[listed.action[1]]]
    other = next(p for p in riders if p != listed.action[1])
    assert session.listed((listed.action[0], other, *listed.action[2:])) is listed
    assert session.listed(listed.action) is listed
    assert session.listed(("move", other, (0, 0), False)) is None
