"""Translations (no Qt): one mechanism for every layer, the GUI included.

Messages are written in English in the code and marked with `_()` (or `ngettext()` for counts);
the catalogues are gettext `.po` files, `editor/locale/<language>/*.po` (every file of a language's
folder is read, so a part of the product may keep its own file). They are read as text when a
language is chosen, so no compiled `.mo` file is built or shipped.

    from editor.i18n import _, ngettext
    print(_("Save the board first"))
    print(ngettext("{n} field", "{n} fields", n).format(n=n))

The language follows the system locale (LANGUAGE, LC_ALL, LC_MESSAGES, LANG, as gettext reads
them) unless `set_language` chose one (the GUI's Language menu, `conquest --language`).
English is the source language: a message without a translation is shown in English.
"""

from __future__ import annotations

import ast
import gettext
import os
from pathlib import Path

#: The languages the product ships, English (the source) first.
LANGUAGES: tuple[str, ...] = ("en", "de", "it")
#: Their names, each in its own language (for the Language menu).
LANGUAGE_NAMES: dict[str, str] = {"en": "English", "de": "Deutsch", "it": "Italiano"}
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
_ENV = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")

_current: gettext.NullTranslations = gettext.NullTranslations()
_language = "en"


def system_language(environ: dict[str, str] | None = None) -> str:
    """The shipped language the environment asks for first (`de_DE.UTF-8` -> "de"), else "en"."""
    env = os.environ if environ is None else environ
    for name in _ENV:
        value = env.get(name, "")
        for part in value.split(":"):
            code = part.split(".")[0].split("@")[0].split("_")[0].lower()
            if code in LANGUAGES:
                return code
            if code == "c" or code == "posix":
                return "en"
    return "en"


class Catalogue(gettext.NullTranslations):
    """The messages of one language, read from its `.po` files (plural rule: n != 1, which
    is English's, German's and Italian's)."""

    def __init__(self, messages: dict[str, list[str]]) -> None:
        super().__init__()
        self.messages = messages

    def gettext(self, message: str) -> str:
        found = self.messages.get(message)
        return found[0] if found and found[0] else message

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        found = self.messages.get(msgid1)
        index = 0 if n == 1 else 1
        if found and len(found) > index and found[index]:
            return found[index]
        return msgid1 if n == 1 else msgid2


def read_po(path: Path) -> dict[str, list[str]]:
    """msgid -> its translations (one, or one per plural form) of a `.po` file; fuzzy entries
    and untranslated ones are left out, the header entry too."""
    return {e.msgid: e.msgstr for e in parse_po(path.read_text(encoding="utf-8"))
            if e.msgid and not e.fuzzy and any(e.msgstr)}


class PoEntry:
    """One entry of a `.po` file."""

    def __init__(self) -> None:
        self.msgid = ""
        self.msgid_plural: str | None = None
        self.msgstr: list[str] = []
        self.fuzzy = False
        self.comments: list[str] = []


def parse_po(text: str) -> list[PoEntry]:
    """The entries of a `.po` file's text (msgctxt is not used by this product)."""
    entries: list[PoEntry] = []
    entry = PoEntry()
    field: tuple[str, int] | None = None

    def finish() -> None:
        nonlocal entry, field
        if field is not None:
            entries.append(entry)
        entry, field = PoEntry(), None

    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            finish()
        elif line.startswith("#"):
            if field is not None:
                finish()
            entry.comments.append(line)
            entry.fuzzy = entry.fuzzy or (line.startswith("#,") and "fuzzy" in line)
        elif line.startswith('"') and field is not None:
            _append(entry, field, ast.literal_eval(line))
        else:
            keyword, _sep, rest = line.partition(" ")
            field = _field(keyword)
            if field[0] == "msgid" and entry.msgstr:
                finish()
                field = _field(keyword)
            _append(entry, field, ast.literal_eval(rest.strip()))
    finish()
    return entries


def _field(keyword: str) -> tuple[str, int]:
    if keyword.startswith("msgstr["):
        return ("msgstr", int(keyword[7:-1]))
    return (keyword, 0)


def _append(entry: PoEntry, field: tuple[str, int], text: str) -> None:
    name, index = field
    if name == "msgid":
        entry.msgid += text
    elif name == "msgid_plural":
        entry.msgid_plural = (entry.msgid_plural or "") + text
    elif name == "msgstr":
        while len(entry.msgstr) <= index:
            entry.msgstr.append("")
        entry.msgstr[index] += text


def catalogue(language: str, locale_dir: Path = LOCALE_DIR) -> gettext.NullTranslations:
    """The translations of `language` (English, or a language without catalogues: none)."""
    folder = locale_dir / language
    if language == "en" or not folder.is_dir():
        return gettext.NullTranslations()
    messages: dict[str, list[str]] = {}
    for path in sorted(folder.glob("*.po")):
        messages.update(read_po(path))
    return Catalogue(messages)


def set_language(language: str | None = None) -> str:
    """Use `language` ("en", "de", "it"; None: the system's) from now on; returns the one chosen."""
    global _current, _language
    chosen = language if language in LANGUAGES else system_language()
    _current, _language = catalogue(chosen), chosen
    return chosen


def language() -> str:
    """The language messages are shown in now."""
    return _language


def _(message: str) -> str:
    """`message` in the current language."""
    return _current.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural message for `n`, in the current language."""
    return _current.ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Mark a message for translation where it is defined (tables, constants); translate it with
    `_()` where it is shown."""
    return message


set_language(None)
