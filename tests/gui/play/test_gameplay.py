"""Play mode tells the truth where the eye is (issue 21 items 2-5): a second click on the
selected stack keeps it, a hovered field's tool tip says why not, opening another board with no
game shows that board, and the validation panel lists what keeps a game from starting.

Rules named: OBST-3 (no elephant over an X bridge), the PAIR_* findings of a board that lacks
what the variant needs.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent
from PySide6.QtGui import QHelpEvent
from PySide6.QtWidgets import QApplication, QToolTip
from support.guikit import EX1, LEFT, Player
from support.scenariokit import ROOT, WORLD, write_scenario

C4_BOARD = ROOT / "boards" / "conquest-4p.board.json"


def _open(qtbot, make_window, path) -> Player:
    w = make_window()
    p = Player(qtbot, w)
    assert p.mode.open_scenario(str(path))
    return p


def test_clicking_the_selected_stack_again_keeps_it_and_its_targets(qtbot, make_window,
                                                                    tmp_path) -> None:
    p = _open(qtbot, make_window, write_scenario(tmp_path, EX1, name="again"))
    p.click("g5_1")
    targets = set(p.mode.groups)
    assert targets
    p.click("g5_1")
    assert p.mode.selected == "g5_1" and set(p.mode.groups) == targets
    assert set(p.mode.scene.markers) == targets
    assert "no legal action" not in p.w.last_message
    assert f"{len(targets)} target field(s)" in p.w.last_message


def test_a_hovered_fields_tool_tip_names_the_field_and_why_not(qtbot, make_window,
                                                              tmp_path) -> None:
    p = _open(qtbot, make_window, write_scenario(tmp_path, EX1, name="tip"))
    p.click("g5_1")
    assert "OBST-3" in p.hover("x1")
    pos = p.at("x1")
    event = QHelpEvent(QEvent.Type.ToolTip, pos, p.view.viewport().mapToGlobal(pos))
    QApplication.sendEvent(p.view.viewport(), event)
    QApplication.processEvents()
    tip = QToolTip.text()
    QToolTip.hideText()
    assert "field x1" in tip.splitlines()[0]  # the field's own lines (x1 has no number)
    assert "E_EDGE_FORBIDS_PIECE (OBST-3)" in tip


def test_opening_another_board_with_no_game_shows_it_at_once(qtbot, make_window) -> None:
    w = make_window(str(WORLD))
    p = Player(qtbot, w)
    qtbot.mouseClick(p.mode.start_panel.start_button, LEFT)
    assert p.session is None and p.mode.start_panel.findings.count() >= 1
    assert w.files.open_path(str(C4_BOARD))
    QApplication.processEvents()
    shown = {f.id for f in p.mode.scene.board.fields}
    assert shown == {f.id for f in w.doc.board.fields}
    assert not p.mode.start_panel.findings.isVisibleTo(w)
    assert p.mode.start_panel.findings.count() == 0


def test_validation_panel_lists_the_findings_that_block_the_game(qtbot, make_window) -> None:
    w = make_window(str(WORLD))
    p = Player(qtbot, w)
    qtbot.mouseClick(p.mode.start_panel.start_button, LEFT)
    assert p.session is None
    qtbot.waitUntil(lambda: any(f.code.startswith("PAIR_") for f in w.validation.findings))
    blocking = [p.mode.start_panel.findings.item(i).text().split(":")[0]
                for i in range(p.mode.start_panel.findings.count())]
    listed = [f.code for f in w.validation.findings]
    assert all(code in listed for code in blocking)
    w.switch_mode("trace")
    qtbot.waitUntil(lambda: not any(f.code.startswith("PAIR_") for f in w.validation.findings))


def test_export_packs_the_variant_being_played_and_names_it(qtbot, make_window, tmp_path, ui):
    """A house rule played in play mode is what File > Export game package packs; the dialog
    names board and variant, the suggested name has the variant's, the manifest no path."""
    import json
    import zipfile

    from editor.gui.shell.packages import package_file_name
    from editor.model.package import read_package

    rule = tmp_path / "house.variant.json"
    rule.write_text(json.dumps({"format": "conquest-variant/1", "name": "house",
                                "extends": "conquest-4p",
                                "options": {"castle_penalty_per_field": 2}}), encoding="utf-8")
    w = make_window(str(C4_BOARD))
    p = Player(qtbot, w)
    p.mode.start_panel.set_house_rule(str(rule))
    qtbot.mouseClick(p.mode.start_panel.start_button, LEFT)
    assert p.session is not None and p.session.variant.name == "house"
    out = tmp_path / "out.conquest"
    ui.save_path = str(out)
    w.menus.export_package.trigger()
    assert not ui.errors()
    caption = next(text for kind, text in ui.calls if kind == "save")
    assert "variant 'house'" in caption and "board '" in caption
    pkg = read_package(out)
    assert pkg.variant.name == "house" and pkg.variant.options.castle_penalty_per_field == 2
    assert pkg.manifest.variant == "house.variant.json"
    with zipfile.ZipFile(out) as zf:
        assert str(tmp_path) not in zf.read("manifest.json").decode("utf-8")
    assert "house" in w.last_message and "Exported" in w.last_message
    assert package_file_name(str(C4_BOARD), "house") == "conquest-4p-house.conquest"
    assert package_file_name(str(C4_BOARD), "conquest-4p") == "conquest-4p.conquest"
