"""A board names the variants it is made for; Trace runs the pair check against them with the
other findings (a board missing the drawbridges its Grand Conquest variant needs says so while
it is traced)."""

from __future__ import annotations

from support.files import shipped_board, write_json


def _board_without_drawbridges(tmp_path, variants: list[str]):
    data = shipped_board("grand-conquest-2p")
    data["variants"] = variants
    for c in data["connections"]:
        c.pop("drawbridge", None)
    data.pop("image", None)
    return write_json(tmp_path / "gc.board.json", data)


def _codes(w) -> list[str]:
    w.validation.refresh()
    return [f.code for f in w.validation.findings]


def test_missing_drawbridge_of_the_intended_variant_shows_in_trace(make_window,
                                                                   tmp_path) -> None:
    w = make_window(str(_board_without_drawbridges(tmp_path, ["grand-conquest-2p"])))
    assert "PAIR_NO_DRAWBRIDGES" in _codes(w)
    found = [f for f in w.validation.findings if f.code == "PAIR_NO_DRAWBRIDGES"]
    assert "for variant 'grand-conquest-2p'" in found[0].message


def test_a_board_made_for_no_variant_gets_no_pair_findings(make_window, tmp_path) -> None:
    w = make_window(str(_board_without_drawbridges(tmp_path, [])))
    assert not [c for c in _codes(w) if c.startswith("PAIR_")]


def test_an_unknown_intended_variant_is_a_finding(make_window, tmp_path) -> None:
    w = make_window(str(_board_without_drawbridges(tmp_path, ["no-such-variant"])))
    assert "PAIR_VARIANT" in _codes(w)


def test_the_designer_names_the_variants_in_the_inspector(make_window, qtbot,
                                                         tmp_path) -> None:
    """Board page, "Made for": typed names become the board's variants (one edit, saved),
    and the pair check against them shows at once; undo takes them back."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QLineEdit

    w = make_window(str(_board_without_drawbridges(tmp_path, [])))
    w.trace.inspector.show_keys([])
    made_for = w.trace.inspector.findChild(QLineEdit, "board_variants")
    assert made_for is not None and made_for.isVisibleTo(w.trace.inspector)
    made_for.setFocus()
    qtbot.keyClicks(made_for, "grand-conquest-2p, grand-conquest-2p")
    qtbot.keyClick(made_for, Qt.Key.Key_Return)
    assert w.doc.board.variants == ["grand-conquest-2p"]
    assert "PAIR_NO_DRAWBRIDGES" in _codes(w)
    w.doc.stack.undo()
    assert w.doc.board.variants == []
    assert not [c for c in _codes(w) if c.startswith("PAIR_")]
