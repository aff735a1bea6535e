"""The German and Italian catalogues match the code (editor/i18n_catalogues.py), and the
translation mechanism (editor/i18n.py) picks the language and falls back to English.

The check itself is tested on a small tree in tmp_path: a message added without translation,
a stale catalogue entry and placeholders that differ each make it fail.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from editor import i18n
from editor.i18n_catalogues import extract, messages_of, placeholders, problems, update


def test_every_marked_message_is_translated_in_german_and_italian() -> None:
    found = problems()
    assert not found, ("run `python -m editor.i18n_catalogues` and translate the new messages "
                       "in editor/locale/{de,it}/messages.po:\n" + "\n".join(found[:40]))


# ---- the check on a small tree ---------------------------------------------------------------

CODE = '''
from editor.i18n import N_, _, ngettext
from editor.model.findings import define
TITLE = N_("Board")
CODE = define("NO_SCAN", "error", "A title (not translated)", "Add the scan")
def f(n):
    print(_("Save the board first"))
    print(ngettext("{n} field", "{n} fields", n).format(n=n))
    print(_(TITLE))  # not a literal: not a message
'''


def _tree(tmp_path: Path, code: str = CODE) -> tuple[Path, Path]:
    src = tmp_path / "editor"
    src.mkdir()
    (src / "mod.py").write_text(code, encoding="utf-8")
    return src, tmp_path / "locale"


def _translate(locale: Path, lang: str, pairs: dict[str, str | list[str]]) -> None:
    """Fill in translations as a translator would (plural messages: `msgid` + "s")."""
    path = locale / lang / "messages.po"
    text = path.read_text(encoding="utf-8")
    for msgid, msgstr in pairs.items():
        if isinstance(msgstr, list):
            head = f'msgid "{msgid}"\nmsgid_plural "{msgid}s"\n'
            old = head + 'msgstr[0] ""\nmsgstr[1] ""'
            new = head + f'msgstr[0] "{msgstr[0]}"\nmsgstr[1] "{msgstr[1]}"'
        else:
            old, new = f'msgid "{msgid}"\nmsgstr ""', f'msgid "{msgid}"\nmsgstr "{msgstr}"'
        assert old in text
        text = text.replace(old, new)
    path.write_text(text, encoding="utf-8")


def _translated_tree(tmp_path: Path) -> tuple[Path, Path]:
    src, locale = _tree(tmp_path)
    update(src, locale)
    _translate(locale, "de", {"Board": "Spielplan", "Add the scan": "Scan hinzufügen",
                              "Save the board first": "Erst speichern",
                              "{n} field": ["{n} Feld", "{n} Felder"]})
    _translate(locale, "it", {"Board": "Plancia", "Add the scan": "Aggiungi la scansione",
                              "Save the board first": "Prima salva",
                              "{n} field": ["{n} casella", "{n} caselle"]})
    return src, locale


def test_extraction_reads_the_markers_and_the_findings_hints_and_only_literals() -> None:
    found = messages_of(CODE, "mod.py")
    assert [(m.msgid, m.plural) for m in found] == [
        ("Board", None), ("Add the scan", None), ("Save the board first", None),
        ("{n} field", "{n} fields")]


def test_a_fully_translated_tree_passes(tmp_path: Path) -> None:
    src, locale = _translated_tree(tmp_path)
    assert problems(src, locale) == []


def test_a_message_added_without_translation_fails_the_check(tmp_path: Path) -> None:
    src, locale = _translated_tree(tmp_path)
    (src / "more.py").write_text('from editor.i18n import _\n_("Open a scan")\n',
                                 encoding="utf-8")
    found = problems(src, locale)
    assert any("de: no translation of 'Open a scan'" in p for p in found)
    assert any("it: no translation of 'Open a scan'" in p for p in found)
    update(src, locale)  # merged in: still untranslated, the old translations kept
    found = problems(src, locale)
    assert len(found) == 2 and all("Open a scan" in p for p in found)
    assert 'msgstr "Spielplan"' in (locale / "de" / "messages.po").read_text(encoding="utf-8")


def test_a_stale_message_fails_the_check_and_update_drops_it(tmp_path: Path) -> None:
    src, locale = _translated_tree(tmp_path)
    (src / "mod.py").write_text(CODE.replace('_("Save the board first")', '_("Save it")'),
                                encoding="utf-8")
    found = problems(src, locale)
    assert "de: stale message 'Save the board first' (no longer in the code)" in found
    update(src, locale)
    assert "Save the board first" not in (locale / "it" / "messages.po").read_text(
        encoding="utf-8")


def test_different_placeholders_fail_the_check(tmp_path: Path) -> None:
    src, locale = _translated_tree(tmp_path)
    path = locale / "it" / "messages.po"
    path.write_text(path.read_text(encoding="utf-8").replace("{n} caselle", "{m} caselle"),
                    encoding="utf-8")
    found = problems(src, locale)
    assert len(found) == 1 and found[0].startswith("it: placeholders differ in '{n} field'")


def test_placeholders_ignore_escaped_braces() -> None:
    assert placeholders("{{literal}} {who} on {field}") == ["{field}", "{who}"]


def test_the_real_code_marks_the_refusals_and_the_menus() -> None:
    code = extract()
    assert "{who} cannot capture {other}" in code  # an engine refusal (CAPT-2)
    assert "&File" in code and "Refused: {action}" in code


# ---- the mechanism ---------------------------------------------------------------------------

@pytest.mark.parametrize(("env", "expected"), [
    ({"LANG": "de_DE.UTF-8"}, "de"), ({"LANG": "it_IT.UTF-8"}, "it"),
    ({"LANGUAGE": "it:en", "LANG": "de_DE.UTF-8"}, "it"), ({"LC_ALL": "C"}, "en"),
    ({"LANG": "fr_FR.UTF-8"}, "en"), ({}, "en")])
def test_the_language_follows_the_locale(env: dict[str, str], expected: str) -> None:
    assert i18n.system_language(env) == expected


def test_a_chosen_language_translates_and_english_is_the_fallback() -> None:
    i18n.set_language("de")
    assert i18n._("&File") == "&Datei"
    assert i18n.ngettext("{winners} wins ({rule})", "{winners} win ({rule})", 2) == \
        "{winners} gewinnen ({rule})"
    assert i18n._("a message nobody translated") == "a message nobody translated"
    i18n.set_language("it")
    assert i18n._("elephant") == "elefante"
    i18n.set_language("en")
    assert i18n._("&File") == "&File"


def test_every_shipped_piece_type_and_seat_has_a_rule_book_word(repo_root: Path) -> None:
    """editor/model/terms.py names every piece type of the shipped variants and every seat of
    the shipped boards (else a refusal would show the raw id, e.g. `siege_engine`)."""

    from editor.model.terms import PIECE_NAMES, SEAT_NAMES

    types, seats = set(), set()
    for path in (repo_root / "variants").glob("*.variant.json"):
        types |= set(json.loads(path.read_text(encoding="utf-8")).get("pieces", {}))
    for path in (repo_root / "boards").glob("*.board.json"):
        seats |= {s["id"] for s in json.loads(path.read_text(encoding="utf-8")).get("seats", [])}
    assert types and types <= set(PIECE_NAMES), types - set(PIECE_NAMES)
    assert seats and seats <= set(SEAT_NAMES), seats - set(SEAT_NAMES)
    i18n.set_language("de")
    from editor.model.terms import piece_name, seat_name

    assert [piece_name(t) for t in ("knight", "siege_engine", "chariot")] == [
        "Reiter", "Belagerungsmaschine", "Streitwagen"]
    assert seat_name("south") == "Süd"


# ---- findings: translated at their cause ------------------------------------------------------

def _finding_calls_with_plain_text(root: Path) -> list[str]:
    """`CODE.at(f"...")` or `CODE.at("...")` (and `hint=` likewise) below `root`, outside the
    GUI: a finding message that the catalogues cannot hold."""
    import ast

    found = []
    for path in sorted(root.rglob("*.py")):
        if "gui" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr == "at" and node.args):
                continue
            texts = [node.args[0], *(k.value for k in node.keywords if k.arg == "hint")]
            if any(isinstance(t, ast.JoinedStr) or (isinstance(t, ast.Constant)
                                                    and isinstance(t.value, str))
                   for t in texts):
                found.append(f"{path.relative_to(root.parent)}:{node.lineno}")
    return found


def test_every_finding_message_is_marked_where_it_is_made(repo_root: Path) -> None:
    """A finding's message (and a hint given at the call) is `_("...").format(...)` at its
    cause, so `conquest validate` and the Validation dock show it in the user's language."""
    assert _finding_calls_with_plain_text(repo_root / "editor") == []


def test_the_finding_check_sees_plain_text(tmp_path: Path) -> None:
    src = tmp_path / "editor"
    src.mkdir()
    (src / "mod.py").write_text(
        'X.at(f"field {f} is wrong", "/f")\nX.at(_("ok"), hint="Fix it.")\n'
        'X.at(_("field {f}").format(f=1))\n', encoding="utf-8")
    assert _finding_calls_with_plain_text(src) == ["editor/mod.py:1", "editor/mod.py:2"]


# ---- argparse's texts, seat names ---------------------------------------------------------------

def test_printf_placeholders_of_argparse_texts_are_checked(tmp_path: Path) -> None:
    assert placeholders("%(prog)s: error: %(message)s\n") == ["%(message)s", "%(prog)s"]
    assert placeholders("95 %% of %s") == ["%s"]
    src, locale = _tree(tmp_path, 'from editor.i18n import N_\nN_("unrecognized arguments: %s")\n')
    update(src, locale)
    _translate(locale, "de", {"unrecognized arguments: %s": "unbekannte Argumente"})
    _translate(locale, "it", {"unrecognized arguments: %s": "argomenti non riconosciuti: %s"})
    assert problems(src, locale) == [
        "de: placeholders differ in 'unrecognized arguments: %s' (editor/mod.py:2): "
        "'unbekannte Argumente'"]


def test_argparse_speaks_the_current_language() -> None:
    import argparse

    from editor.i18n_argparse import install

    install()
    i18n.set_language("it")
    parser = argparse.ArgumentParser(prog="x")
    assert parser.format_help().startswith("uso: x [-h]")
    assert "mostra questo aiuto ed esci" in parser.format_help()
    i18n.set_language("en")
    assert argparse.ArgumentParser(prog="x").format_usage() == "usage: x [-h]\n"
    i18n.set_language("de")
    from editor.i18n_argparse import expected_arguments

    assert expected_arguments(2) % 2 == "2 Argumente erwartet"


class _Seat:
    def __init__(self, id: str, name: str) -> None:
        self.id, self.name = id, name


@pytest.mark.parametrize(("name", "german"), [
    ("South", "Süd"), ("", "Süd"), ("south", "Süd"), ("Red Kingdom", "Red Kingdom")])
def test_a_seat_is_shown_by_the_boards_name_else_the_rule_books_word(name, german) -> None:
    from editor.model.terms import seat_label

    i18n.set_language("de")
    assert seat_label("south", [_Seat("south", name)]) == german
    assert seat_label("south") == "Süd"
    assert seat_label("dragon_lords", [_Seat("dragon_lords", "Dragon lords")]) == "Dragon lords"


def test_the_descriptions_of_described_models_are_messages(tmp_path) -> None:
    """The configurator shows option and field descriptions translated, so the extractor
    reads them from the modules DESCRIBED names (and only there)."""
    from editor.i18n_catalogues import DESCRIBED

    source = 'X = F(default=1, description="AP per turn (TURN-2).")\nY = _m("Who wins.", "", "")\n'
    found = {m.msgid for m in messages_of(source, "editor/model/variant.py")}
    assert found == {"AP per turn (TURN-2)."}
    found = {m.msgid for m in messages_of(source, "editor/model/options_meta.py")}
    assert found == {"Who wins."}
    assert not messages_of(source, "editor/model/other.py")
    assert set(DESCRIBED) == {"editor/model/board.py", "editor/model/variant.py",
                              "editor/model/options_meta.py"}
