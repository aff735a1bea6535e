"""`conquest` in German and Italian (issue 25): the findings, the help of every subcommand,
argparse's own words and the CLI's messages follow the system locale or `--language`; the
finding code, the severity, the location and the JSON fields stay as they are."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from support.boardkit import road, small_board

from editor.cli.main import SUBCOMMANDS, language_asked


@pytest.fixture
def locale(monkeypatch: pytest.MonkeyPatch):
    """`locale("de_DE.UTF-8")`: the system locale of the next `conquest` run."""

    def choose(lang: str) -> None:
        for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
            monkeypatch.delenv(name, raising=False)
        monkeypatch.setenv("LANG", lang)

    return choose


@pytest.fixture
def self_loop(board_file) -> Path:
    """A board with one finding: a road from 'a' to 'a' (CONNECTION_SELF_LOOP)."""
    board = small_board()
    board["connections"].append(road("r2", "a", "a"))
    return board_file(board)


def test_validate_prints_german_findings_with_the_code_unchanged(cli, locale, self_loop):
    locale("de_DE.UTF-8")
    run = cli("validate", self_loop)
    assert run.code == 1
    [line] = run.out.splitlines()
    assert line.startswith(f"{self_loop}:")
    assert " error CONNECTION_SELF_LOOP Weg 'r2' verbindet 'a' mit sich selbst " in line
    assert "(Abhilfe: Lösche die Verbindung" in line and line.endswith("[/connections/1]")
    assert "1 Datei(en) geprüft: 1 Fehler" in run.err


def test_validate_prints_italian_findings(cli, locale, self_loop):
    locale("it_IT.UTF-8")
    line = cli("validate", self_loop).out
    assert "error CONNECTION_SELF_LOOP strada 'r2' ha entrambi gli estremi su 'a'" in line
    assert "(rimedio: Elimina il collegamento" in line


def test_json_keeps_its_machine_readable_fields_in_another_language(cli, locale, self_loop):
    locale("de_DE.UTF-8")
    run = cli("validate", self_loop, "--format", "json")
    [finding] = json.loads(run.out)[0]["findings"]
    assert (finding["code"], finding["severity"], finding["pointer"], finding["element"]) == (
        "CONNECTION_SELF_LOOP", "error", "/connections/1", "r2")
    assert finding["message"] == "Weg 'r2' verbindet 'a' mit sich selbst"
    assert finding["hint"].startswith("Lösche die Verbindung")


def test_the_language_option_wins_over_the_locale(cli, locale, self_loop):
    locale("de_DE.UTF-8")
    assert "strada 'r2'" in cli("--language", "it", "validate", self_loop).out
    assert "road 'r2' joins 'a' to itself" in cli("--language=en", "validate", self_loop).out


def test_validate_help_in_italian_with_argparse_words(cli, locale):
    locale("it_IT.UTF-8")
    run = cli("validate", "--help")
    assert run.code == 0
    assert run.out.startswith("uso: conquest validate")
    assert "\nopzioni:\n" in run.out and "argomenti posizionali:" in run.out
    assert "mostra questo aiuto ed esci" in run.out
    assert "Controlla i file di plancia, variante e scenario" in run.out
    assert "formato di uscita (predefinito: text)" in run.out


@pytest.mark.parametrize("module", SUBCOMMANDS, ids=lambda m: m.NAME)
def test_every_subcommand_help_is_german(cli, module):
    """The summary and every option's help of each subcommand come from the catalogue."""
    run = cli("--language", "de", module.NAME, "--help")
    english = cli("--language", "en", module.NAME, "--help")
    assert run.code == english.code == 0
    assert run.out.startswith("Verwendung: conquest ") and "\nOptionen:\n" in run.out
    assert "diese Hilfe zeigen und beenden" in run.out
    english_lines = set(english.out.splitlines())
    shared = [line for line in run.out.splitlines()
              if line in english_lines and any(c.isalpha() for c in line)
              and not line.lstrip().startswith(("-", "conquest", "[", "{"))]
    # option names, metavars and usage lines may stay; sentences may not
    assert not [line for line in shared if len(line.split()) > 3], shared


def test_argparse_errors_are_translated(cli):
    run = cli("--language", "de", "validate", "--format", "xml", "b.board.json")
    assert run.code == 2
    assert "Fehler: Argument --format: ungültige Wahl: 'xml' (möglich: 'text', 'json')" in run.err


def test_cli_messages_are_translated(cli, tmp_path):
    missing = tmp_path / "missing.board.json"
    run = cli("--language", "it", "validate", missing)
    assert run.code == 2
    assert run.err.splitlines() == [
        f"conquest validate: impossibile leggere '{missing}': il file non esiste o non è "
        "leggibile", "0 file verificati: 0 errori, 0 avvisi"]


@pytest.mark.parametrize(("argv", "expected"), [
    (["--language", "de", "validate"], "de"), (["--language=it", "why"], "it"),
    (["validate", "--language", "fr"], None), (["validate", "--", "--language", "de"], None),
    (["--language"], None), ([], None)])
def test_the_language_is_read_before_parsing(argv, expected):
    assert language_asked(argv) == expected


def test_moves_names_the_seats_in_the_users_language(cli, repo_root):
    scenario = repo_root / "tests" / "scenarios" / "ex-09b-shared-grail.scenario.json"
    head = cli("--language", "de", "moves", scenario).out.splitlines()[0]
    assert head.startswith("# handelnd Süd, Süd am Zug, noch ")
    assert cli("--language", "it", "moves", scenario).out.splitlines()[-1].endswith(" azioni")


def test_options_lists_each_option_with_its_description_in_italian(cli, locale) -> None:
    """`conquest options` shows the option descriptions the configurator shows, translated;
    keys, values and rule IDs stay as they are."""
    locale("it_IT.UTF-8")
    run = cli("options", "--variant", "grand-conquest-4p")
    assert run.code == 0
    assert "allow_resignation: bool; predefinito false; in grand-conquest-4p: false" in run.out
    assert "Offri al giocatore di turno l'azione di arrendersi" in run.out
