"""The variant configurator (issue 10, item 2): real widgets, undo/redo, save, findings."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from editor.cli.main import main as cli
from editor.gui.modes import TraceMode, VariantMode
from editor.gui.shell.mode import Mode
from editor.model.variant import VARIANT_FORMAT

ROOT = Path(__file__).resolve().parents[3]


def configurator(window) -> VariantMode:
    mode = window.switcher.modes["variant"]
    assert window.switch_mode("variant")
    return mode


def spin_enter(qtbot, spin, value: int) -> None:
    """Type a number into a spin box and press Enter, as a user does."""
    spin.setFocus()
    spin.selectAll()
    qtbot.keyClicks(spin, str(value))
    qtbot.keyClick(spin, Qt.Key.Key_Return)


def change_three(qtbot, mode: VariantMode) -> None:
    """Two options (a check box and a combo box) and the soldier's range."""
    box = mode.form.editors["/options/allow_resignation"].box
    qtbot.mouseClick(box, Qt.MouseButton.LeftButton)
    combo = mode.form.editors["/options/catapult_castle_access"].combo
    combo.setFocus()
    qtbot.keyClick(combo, Qt.Key.Key_Down)
    mode.tabs.setCurrentIndex(1)
    spin_enter(qtbot, mode.pieces.editors["/pieces/soldier/range"].spin, 3)


def test_configure_undo_save_validate_reopen(make_window, qtbot, ui, tmp_path, capsys):
    w = make_window()
    mode = configurator(w)
    assert mode.open_ref("conquest-4p")
    assert mode.changes.changes == []
    change_three(qtbot, mode)
    assert {c.pointer: c.new for c in mode.changes.changes} == {
        "/options/allow_resignation": True,
        "/options/catapult_castle_access": "allowed_with_drawbridges",
        "/pieces/soldier/range": 3}
    assert mode.changes.tree.topLevelItemCount() == 3
    assert mode.changes.summary.text() == "3 changes"
    assert mode.stack.count() == 3 and mode.session.modified
    # undo and redo through the shell's Edit menu (the active mode's stack)
    w.menus.undo.trigger()
    assert len(mode.changes.changes) == 2
    assert mode.pieces.editors["/pieces/soldier/range"].spin.value() == 2
    w.menus.redo.trigger()
    assert len(mode.changes.changes) == 3
    assert mode.pieces.editors["/pieces/soldier/range"].spin.value() == 3
    # the origin column says which values this file sets
    row = mode.form.rows["/options/allow_resignation"]
    assert "this file" in row.text(3)
    assert mode.form.resets["/options/allow_resignation"].isEnabled()
    assert not mode.form.resets["/options/no_capture_rounds"].isEnabled()

    target = tmp_path / "house.variant.json"
    ui.save_path = str(target)
    assert mode.save()
    data = json.loads(target.read_text("utf-8"))
    assert data["extends"] == "conquest-4p"
    assert data["options"] == {"allow_resignation": True,
                               "catapult_castle_access": "allowed_with_drawbridges"}
    assert data["pieces"] == {"soldier": {"range": 3}}
    assert set(data) == {"format", "name", "extends", "options", "pieces"}
    assert not mode.session.modified
    capsys.readouterr()
    assert cli(["validate", str(target)]) == 0
    assert "0 error(s)" in capsys.readouterr().err

    mode.session.new("conquest-4p")  # something else, then the file again
    assert mode.open_path(str(target))
    assert len(mode.changes.changes) == 3
    assert mode.form.editors["/options/allow_resignation"].box.isChecked()
    assert mode.form.editors["/options/catapult_castle_access"].combo.currentData() == \
        "allowed_with_drawbridges"
    assert mode.pieces.editors["/pieces/soldier/range"].spin.value() == 3


def test_reset_to_inherited_and_merging_back(make_window, qtbot):
    w = make_window()
    mode = configurator(w)
    mode.open_ref("conquest-4p")
    spin = mode.form.editors["/options/no_capture_rounds"].spin
    start = spin.value()
    spin_enter(qtbot, spin, start + 1)
    spin_enter(qtbot, spin, start + 2)
    assert mode.stack.count() == 1  # one key's changes merge into one step
    spin_enter(qtbot, spin, start)
    assert mode.stack.count() == 0  # back at the start value: no step left
    spin_enter(qtbot, spin, start + 1)
    qtbot.mouseClick(mode.form.resets["/options/no_capture_rounds"], Qt.MouseButton.LeftButton)
    assert spin.value() == start and mode.changes.changes == []
    assert mode.session.doc.origin("/options/no_capture_rounds").kind != "file"


def test_refused_value_is_not_left_on_show(make_window, qtbot):
    w = make_window()
    mode = configurator(w)
    mode.open_ref("conquest-4p")
    cargo = mode.pieces.editors["/pieces/ship/carries"]
    before = cargo.line.text()
    cargo.line.setFocus()
    cargo.line.selectAll()
    qtbot.keyClicks(cargo.line, "soldier two")
    qtbot.keyClick(cargo.line, Qt.Key.Key_Return)
    assert cargo.line.text() == before
    assert mode.stack.count() == 0
    assert "Not taken" in cargo.line.toolTip()


def test_search_filters_by_name_rule_id_and_text(make_window, qtbot):
    mode = configurator(make_window())
    qtbot.keyClicks(mode.form.search, "CONF-3")
    shown = mode.form.visible_names()
    assert "catapult_fire_mode" in shown and "allow_resignation" not in shown
    mode.form.search.clear()
    qtbot.keyClicks(mode.form.search, "resign")
    assert mode.form.visible_names() == ["allow_resignation"]
    mode.form.search.clear()
    qtbot.keyClicks(mode.form.search, "TURN-2")
    assert "base_budget" in mode.form.visible_names()


def test_typo_house_rule_shows_finding_with_suggestion(make_window, qtbot, tmp_path):
    path = tmp_path / "typo.variant.json"
    path.write_text(json.dumps({"format": VARIANT_FORMAT, "name": "typo",
                                "extends": "conquest-4p",
                                "options": {"no_captur_rounds": 12}}), "utf-8")
    w = make_window()
    mode = configurator(w)
    assert mode.open_path(str(path))
    w.validation.refresh()
    typo = [f for f in w.validation.findings if "no_captur_rounds" in f.message]
    assert typo and "did you mean 'no_capture_rounds'" in typo[0].message
    row = w.validation.findings.index(typo[0])
    assert "did you mean" in w.validation.tree.topLevelItem(row).text(3)
    w.validation.activate_row(row)
    assert w.mode is mode
    assert mode.form.current_pointer() == "/options/no_capture_rounds"


def test_pair_check_against_board_without_castles(make_window, qtbot, tmp_path):
    from editor.model import load_board, save_board
    from editor.resources import shipped_file

    board = load_board(shipped_file("boards", "conquest-4p")).model
    board.castles = []
    path = tmp_path / "no-castles.board.json"
    save_board(board, path)
    w = make_window(str(path))
    mode = configurator(w)
    mode.open_ref("conquest-4p")
    w.validation.refresh()
    codes = [f.code for f in w.validation.findings]
    assert "PAIR_CASTLE_MISSING" in codes
    w.validation.activate_row(codes.index("PAIR_CASTLE_MISSING"))
    assert w.mode is w.trace  # a pair finding goes to the board


def test_test_play_needs_a_play_mode(make_window, qtbot):
    mode = configurator(make_window(modes=[TraceMode, VariantMode]))
    assert not mode.play_action.isEnabled()
    assert "No play mode" in mode.play_action.toolTip()


class FakePlay(Mode):
    name = "play"
    title = "&Play"

    def __init__(self, window) -> None:
        super().__init__(window)
        from PySide6.QtWidgets import QLabel

        self.central = QLabel("play")
        self.started = None

    def start_with_variant(self, doc) -> None:
        self.started = doc


def test_test_play_switches_to_play_mode(make_window, qtbot, ui, tmp_path):
    w = make_window(modes=[TraceMode, VariantMode, FakePlay])
    mode = configurator(w)
    mode.open_ref("conquest-2p")
    assert mode.play_action.isEnabled()
    ui.save_path = str(tmp_path / "house.variant.json")  # a game names a saved house rule
    mode.play_action.trigger()
    assert w.mode.name == "play"
    assert w.mode.started is mode.session.doc
    assert w.mode.started.path == ui.save_path
    assert [s.id for s in w.mode.started.variant.seats] == ["south", "north"]


def test_test_play_starts_a_game_with_the_house_rule(make_window, qtbot, ui, tmp_path):
    """The real play mode: the edited house rule (soldier range 3) is what the game plays."""
    from editor.resources import shipped_file

    w = make_window()
    assert w.files.open_path(str(shipped_file("boards", "conquest-4p")))
    mode = configurator(w)
    mode.open_ref("conquest-4p")
    mode.session.set("Soldier range", "/pieces/soldier/range", 3)
    ui.save_path = str(tmp_path / "short-legs.variant.json")
    mode.play_action.trigger()
    assert w.mode.name == "play"
    game = w.mode.session
    assert game is not None and game.source.variant == ui.save_path
    assert game.variant.pieces["soldier"].range == 3 and len(game.variant.seats) == 4


def test_package_open_and_export(make_window, qtbot, ui, tmp_path, capsys):
    package = tmp_path / "in.conquest"
    assert cli(["pack", "conquest-4p", "--variant", "conquest-4p", "-o", str(package)]) == 0
    w = make_window()
    assert w.files.open_path(str(package))
    assert w.mode is w.trace
    assert w.doc.board.fields and w.doc.path is None
    assert w.doc.missing_scan() is None  # the packed scan is shown
    mode = w.switcher.modes["variant"]
    assert mode.session.parent_ref == "conquest-4p"

    from editor.resources import shipped_file

    w.files.open_path(str(shipped_file("boards", "conquest-4p")))
    configurator(w)
    change_three(qtbot, mode)
    ui.save_path = str(tmp_path / "house.variant.json")
    assert mode.save()
    out = tmp_path / "out.conquest"
    ui.save_path = str(out)
    assert w.export_package(), ui.errors()
    capsys.readouterr()
    assert cli(["validate", str(out)]) == 0
    assert "0 error(s)" in capsys.readouterr().err


def test_broken_package_is_refused(make_window, ui, tmp_path):
    bad = tmp_path / "bad.conquest"
    bad.write_bytes(b"PK\x03\x04 not really a zip")
    w = make_window()
    assert not w.files.open_path(str(bad))
    assert ui.errors() and "Cannot open game package" in ui.errors()[0]


@pytest.mark.parametrize("variant", ["conquest-4p"])
def test_screenshot_of_the_configurator(qtbot, tmp_path, variant):
    from editor.gui.app import parse_args, run_screenshot

    out = tmp_path / "variant.png"
    args = parse_args(["--mode", "variant", "--variant", variant, "--screenshot", str(out)])
    assert run_screenshot(None, str(out), (1400, 900), args) == 0
    assert out.stat().st_size > 10_000
    QApplication.processEvents()
    bad = parse_args(["--variant", "no-such-variant", "--screenshot", str(tmp_path / "x.png")])
    assert run_screenshot(None, str(tmp_path / "x.png"), (1400, 900), bad) == 1
    assert not (tmp_path / "x.png").exists()


def test_closing_asks_about_unsaved_variant_changes(make_window, qtbot, ui):
    w = make_window()
    mode = configurator(w)
    mode.open_ref("conquest-4p")
    qtbot.mouseClick(mode.form.editors["/options/allow_resignation"].box,
                     Qt.MouseButton.LeftButton)
    ui.save_answer = "cancel"
    assert not w.close()
    assert ("save?", "my-conquest-4p (unsaved)") in ui.calls
    ui.save_answer = "discard"
    assert w.close()


def test_opening_a_package_asks_about_unsaved_variant_changes(make_window, qtbot, ui,
                                                             tmp_path):
    package = tmp_path / "in.conquest"
    assert cli(["pack", "conquest-4p", "--variant", "conquest-4p", "-o", str(package)]) == 0
    w = make_window()
    mode = configurator(w)
    mode.open_ref("conquest-2p")
    qtbot.mouseClick(mode.form.editors["/options/allow_resignation"].box,
                     Qt.MouseButton.LeftButton)
    ui.save_answer = "cancel"
    assert not w.files.open_path(str(package))
    assert ("save?", "my-conquest-2p (unsaved)") in ui.calls
    assert mode.session.parent_ref == "conquest-2p" and mode.session.modified
    ui.save_answer = "discard"
    assert w.files.open_path(str(package))
    assert mode.session.parent_ref == "conquest-4p" and not mode.session.modified


def test_new_house_rule_asks_for_the_parent(make_window, ui):
    mode = configurator(make_window())
    ui.item = "grand-conquest-2p"
    assert mode.new_dialog()
    assert mode.session.parent_ref == "grand-conquest-2p"
    assert mode.session.doc.variant is not None and mode.changes.changes == []


OLD_VARIANT = ROOT / "tests" / "compat" / "01c2b9e" / "copied-conquest-2p.variant.json"
OLD_PACKAGE = ROOT / "tests" / "compat" / "01c2b9e" / "conquest-2p.conquest"


@pytest.mark.parametrize("accept", [True, False])
def test_opening_an_older_variant_offers_to_migrate_it(make_window, ui, tmp_path,
                                                       accept: bool) -> None:
    """Issue 26: a conquest-variant/1 file is shown with its old meaning and the editor offers
    to rewrite it as the current version (with a backup)."""
    path = tmp_path / "old.variant.json"
    shutil.copy(OLD_VARIANT, path)
    ui.yes = accept
    w = make_window()
    mode = w.switcher.modes["variant"]
    assert mode.open_path(str(path))
    (question,) = [text for kind, text in ui.calls if kind == "question"]
    assert "conquest-variant/1" in question and "x_bridge_barred" in question
    assert mode.session.doc.variant.pieces["elephant"].x_bridge_barred
    written = json.loads(path.read_text())
    assert written["format"] == ("conquest-variant/2" if accept else "conquest-variant/1")
    assert (tmp_path / "old.variant.json.bak").exists() == accept


def test_damaged_package_gives_a_dialog_and_keeps_the_board(make_window, ui, tmp_path):
    from support.packagekit import SMALL_PACKAGE, damaged

    data, member = damaged(SMALL_PACKAGE.read_bytes(), "deflate")
    bad = tmp_path / "damaged.conquest"
    bad.write_bytes(data)
    w = make_window()
    board = w.doc.board
    assert not w.files.open_path(str(bad))
    (error,) = ui.errors()
    assert "Cannot open game package" in error and "PACKAGE_CORRUPT" in error and member in error
    assert w.doc.board is board


def test_older_package_opens_with_a_migration_note(make_window, ui):
    w = make_window()
    assert w.files.open_path(str(OLD_PACKAGE)), ui.errors()
    warnings = [text for kind, text in ui.calls if kind == "warning"]
    assert warnings and "FORMAT_MIGRATED" in warnings[0]
    assert w.switcher.modes["variant"].session.doc.variant.pieces["elephant"].x_bridge_barred
