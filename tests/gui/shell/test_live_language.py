"""Live language switching (issue 25 build item 3): View > Language puts the open window into
the chosen language at once, keeping the board, its undo history and the active mode
(editor/gui/shell/retranslate.py, `MainWindow.change_language`, `Mode.retranslate`)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from support.scenariokit import ROOT

from editor.gui.shell.retranslate import translate_text
from editor.i18n import language
from editor.model import edit as E

BOARD = ROOT / "boards" / "conquest-2p.board.json"


def _menu_titles(window) -> list[str]:
    return [a.text() for a in window.menuBar().actions() if a.isVisible()]


def _choose(window, name: str) -> None:
    menu = window.menus.language
    next(a for a in menu.actions() if a.text() == name).trigger()


def test_a_text_is_put_into_the_new_language_through_the_old_ones_catalogue() -> None:
    from editor.i18n import set_language

    set_language("de")
    assert translate_text("&Datei", "en") is None  # not an English message
    assert translate_text("&File", "en") == "&Datei"
    assert translate_text("<b>Hausregel</b>", "it") is None
    set_language("it")
    assert translate_text("<b>Hausregel</b>", "de") == "<b>Regola della casa</b>"
    assert translate_text("12 Felder", "de") is None  # a count: the mode shows it again
    # "Aufstellung" translates "Setup" and "setup": the label keeps its capital
    assert translate_text("Aufstellung", "de") == "Schieramento"
    # a padded label keeps its padding, an action its shortcut after the tab
    assert translate_text(" Nummer ab: ", "de") == " Numero da: "
    assert translate_text("Vorgeschlagene übernehmen\tEnter", "de") is None
    assert translate_text("Gewählte Vorschläge übernehmen\tEnter", "de") == \
        "Accetta le proposte selezionate\tEnter"


def test_choosing_a_language_relabels_the_open_window_at_once(make_window) -> None:
    window = make_window(str(BOARD))
    assert _menu_titles(window)[:3] == ["&File", "&Edit", "&View"]
    _choose(window, "Deutsch")
    assert language() == "de"
    assert _menu_titles(window)[:3] == ["&Datei", "&Bearbeiten", "&Ansicht"]
    assert window.menus.language.title() == "&Sprache"
    assert window.validation_dock.windowTitle() == "Prüfung"
    assert "Deutsch" in window.last_message and "jetzt" in window.last_message
    # Qt's own words (standard buttons of the message boxes, file dialogs) follow
    assert QCoreApplication.translate("QPlatformTheme", "Cancel") == "Abbrechen"
    _choose(window, "Italiano")
    assert _menu_titles(window)[:3] == ["&File", "&Modifica", "&Visualizza"]
    _choose(window, "English")
    assert _menu_titles(window)[:3] == ["&File", "&Edit", "&View"]
    assert QCoreApplication.translate("QPlatformTheme", "Cancel") == "Cancel"


def test_the_document_and_its_undo_history_survive_a_language_change(make_window) -> None:
    window = make_window(str(BOARD))
    trace = window.mode
    window.doc.apply("Add castle", E.add_castle, "south")
    castles = len(window.doc.board.castles)
    _choose(window, "Italiano")
    assert window.mode is trace and window.doc.stack.count() == 1
    assert len(window.doc.board.castles) == castles and window.doc.modified
    # Undo is made again with the new prefix and still undoes the step made before
    assert window.menus.undo.text().startswith("&Annulla")
    assert window.menus.undo in window.menus.edit.actions()
    window.menus.undo.trigger()
    assert len(window.doc.board.castles) == castles - 1


def test_play_mode_follows_a_live_switch_with_a_game_running(make_window) -> None:
    from PySide6.QtWidgets import QLabel

    from editor.i18n import set_language

    set_language("de")
    window = make_window(str(BOARD))
    window.switch_mode("play")
    play = window.mode
    play.start_game()
    assert window.findChild(QLabel, "play_headline").text() == "Süd am Zug"
    _choose(window, "Italiano")
    assert window.findChild(QLabel, "play_headline").text() == "Tocca a Sud"
    assert play.session is not None and window.mode is play
    # items without data and composed items are relabelled by the mode's hook
    variant = play.start_panel.variant
    assert variant.itemText(variant.count() - 1) == "File di regole della casa…"
    people = {play.seats_panel.combos[0].itemText(i)
              for i in range(play.seats_panel.combos[0].count())}
    assert not any(t.startswith("Computer:") or t == "Mensch" for t in people)


def test_an_open_dialog_follows_a_live_switch(make_window) -> None:
    window = make_window()
    window.menus.help_actions.show_guide()
    guide = window.menus.help_actions.guide
    assert guide is not None and guide.windowTitle() == "Conquest Workbench — User guide"
    _choose(window, "Deutsch")
    assert guide.windowTitle() == "Conquest Workbench — Benutzerhandbuch"
