"""The dialogs' file filters in the user's language: the names are translated, the patterns
are kept (Qt filters by them)."""

from __future__ import annotations

from editor.gui.shell.dialogs import OPEN_FILTER, translated_filter
from editor.i18n import set_language


def test_file_filters_are_named_in_the_users_language() -> None:
    assert translated_filter(OPEN_FILTER) == OPEN_FILTER  # English: as written
    set_language("de")
    parts = translated_filter(OPEN_FILTER).split(";;")
    assert parts[0] == "Spielpläne und Spielpakete (*.board.json *.json *.conquest)"
    assert parts[-1] == "Alle Dateien (*)"
    set_language("it")
    assert translated_filter("Unknown (*.x)") == "Unknown (*.x)"  # not ours: unchanged
    assert translated_filter(OPEN_FILTER).split(";;")[-1] == "Tutti i file (*)"
