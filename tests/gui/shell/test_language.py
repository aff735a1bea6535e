"""German and Italian in the GUI (issue 25 build item 3): the window built in the language
chosen (editor.i18n), View > Language saved in the settings, and a headless picture of play
mode with a refusal in the language of the locale (`LANG=de_DE.UTF-8`)."""

from __future__ import annotations

import os
import subprocess
import sys

from PySide6.QtWidgets import QLabel, QPushButton
from support.scenariokit import ROOT

from editor.gui.shell.settings import LANGUAGE_KEY, saved_language
from editor.i18n import set_language

BOARD = ROOT / "boards" / "conquest-2p.board.json"
#: a refusal at the start of conquest-2p: the elephant on s.L43 is walled in (MOVE-4)
REFUSED = "E s.L43>s.L50"


def _menu_titles(window) -> list[str]:
    return [a.text() for a in window.menuBar().actions()]


def test_the_window_is_built_in_the_chosen_language(make_window) -> None:
    set_language("de")
    window = make_window(str(BOARD))
    assert _menu_titles(window)[:3] == ["&Datei", "&Bearbeiten", "&Ansicht"]
    window.switch_mode("play")
    play = window.mode
    play.start_game()
    play.show_refusal(play.session.explain(REFUSED))
    refusal = play.turn_panel.refusal.text()
    assert "Abgelehnt" in refusal and "E_PATH_BLOCKED" in refusal
    assert "jeder Weg von Elefant (Süd)" in refusal  # the piece named by the rule book's word
    assert window.findChild(QPushButton, "end_turn").text() == "Zug &beenden"
    assert window.findChild(QLabel, "play_headline").text() == "Süd am Zug"


def test_play_mode_in_italian(make_window) -> None:
    set_language("it")
    window = make_window(str(BOARD))
    window.switch_mode("play")
    play = window.mode
    play.start_game()
    play.show_refusal(play.session.explain(REFUSED))
    assert "ogni percorso di elefante (Sud)" in play.turn_panel.refusal.text()
    assert window.findChild(QLabel, "play_headline").text() == "Tocca a Sud"


def test_the_language_menu_saves_the_choice_for_the_next_start(make_window) -> None:
    window = make_window()
    menu = window.menus.language
    texts = [a.text() for a in menu.actions()]
    assert texts[1:] == ["English", "Deutsch", "Italiano"] and texts[0].startswith("System")
    assert menu.actions()[0].isChecked()  # nothing chosen yet: the system's
    menu.actions()[3].trigger()  # Italiano
    assert window.settings.value(LANGUAGE_KEY) == "it" and saved_language(window.settings) == "it"
    assert "Italiano" in window.last_message
    menu.actions()[0].trigger()  # back to the system's language
    assert saved_language(window.settings) is None
    again = make_window()
    assert again.menus.language.actions()[0].isChecked()


def test_a_screenshot_of_a_refusal_follows_the_locale(tmp_path) -> None:
    """The Done-when picture: `LANG=de_DE.UTF-8 conquest-editor --screenshot` of play mode with
    a refusal (`--attempt`) is in German."""
    env = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    env.update(LANG="de_DE.UTF-8", QT_QPA_PLATFORM="offscreen",
               CONQUEST_EDITOR_RECOVERY_DIR=str(tmp_path / "recovery"))
    script = ("import sys\nfrom PySide6.QtWidgets import QLabel\nfrom editor.gui import app\n"
              "take = app.screenshot\n"
              "def shot(window, out):\n"
              "    print(window.findChild(QLabel, 'play_refusal').text())\n"
              "    return take(window, out)\n"
              "app.screenshot = shot\n"
              "sys.exit(app.main(sys.argv[1:]))\n")
    out = tmp_path / "refusal.png"
    done = subprocess.run([sys.executable, "-c", script, "--screenshot", str(out), str(BOARD),
                           "--mode", "play", "--variant", "conquest-2p", "--select", "s.L43",
                           "--attempt", REFUSED], capture_output=True, text=True, env=env,
                          timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    assert "Abgelehnt: E 66&gt;46" in done.stdout and "ist versperrt" in done.stdout, done.stdout
    assert out.read_bytes()[:4] == b"\x89PNG"
