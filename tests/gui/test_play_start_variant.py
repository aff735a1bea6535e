"""Play's start panel preselects the variant the board says it is made for (Board.variants),
before the one named like the board file."""

from __future__ import annotations

from support.files import shipped_board, write_json


def test_play_preselects_the_boards_intended_variant(make_window, tmp_path) -> None:
    data = shipped_board("grand-conquest-2p")
    data["variants"] = ["no-such-variant", "grand-conquest-2p"]
    w = make_window(str(write_json(tmp_path / "my-island.board.json", data)))
    assert w.switch_mode("play")
    assert w.mode.start_panel.variant.currentText() == "grand-conquest-2p"


def test_without_intended_variants_the_board_file_name_decides(make_window, tmp_path) -> None:
    data = shipped_board("grand-conquest-2p")
    w = make_window(str(write_json(tmp_path / "grand-conquest-4p.board.json", data)))
    assert w.switch_mode("play")
    assert w.mode.start_panel.variant.currentText() == "grand-conquest-4p"
