"""`conquest validate` catches hand-edited boards whose references or derived flags are out of
step: a harbour flag no harbour link implies (BF-2, BF-3), a bridge over a missing sea lane
(MOVE-8); each finding names the element, exit 1."""

from __future__ import annotations

from support.boardkit import rich_board, run_cli, write_board


def test_harbour_flag_without_a_harbour_link_exits_1(tmp_path) -> None:
    data = rich_board()
    next(f for f in data["fields"] if f["id"] == "s2")["harbour"] = True
    run = run_cli("validate", write_board(tmp_path / "b.board.json", data))
    assert run.code == 1
    assert "HARBOUR_UNLINKED" in run.out and "'s2" in run.out


def test_bridge_over_a_missing_sea_lane_exits_1(tmp_path) -> None:
    data = rich_board()
    next(c for c in data["connections"] if c["id"] == "br1")["under_lane"] = "gone"
    run = run_cli("validate", write_board(tmp_path / "b.board.json", data))
    assert run.code == 1
    assert "DANGLING_REFERENCE" in run.out
    assert "bridge 'br1' refers to missing sea lane 'gone'" in run.out


def test_the_board_using_every_feature_validates(tmp_path) -> None:
    assert run_cli("validate", write_board(tmp_path / "b.board.json", rich_board())).code == 0
