"""The configurator in German and Italian (issue 25 build item 3): tabs, toolbar, "(unset)",
the History's start, option titles with the key second, descriptions and the Changes view in
the user's language; switching the language live re-labels them (`VariantMode.retranslate`)."""

from __future__ import annotations

from PySide6.QtWidgets import QTabWidget, QToolBar

from editor.gui.variant.form import COL_IDS, COL_NAME
from editor.i18n import set_language


def _tabs(window) -> list[str]:
    tabs = window.findChild(QTabWidget, "variant_tabs")
    return [tabs.tabText(i) for i in range(tabs.count())]


def _toolbar(window) -> list[str]:
    bar = window.findChild(QToolBar, "variant_toolbar")
    return [a.text() for a in bar.actions() if not a.isSeparator()]


def test_the_configurator_speaks_german(make_window) -> None:
    set_language("de")
    window = make_window()
    window.switch_mode("variant")
    assert _tabs(window) == ["Optionen && Regeln", "Figuren", "Sieg", "Zusätze", "Änderungen"]
    assert _toolbar(window)[0] == "&Neue Hausregel…"
    assert window.history.emptyLabel() == "<Variante geöffnet>"
    form = window.variant.form
    row = form.rows["/base_budget"]
    assert row.text(COL_NAME) == "Aktionspunkte pro Zug"
    assert row.text(COL_IDS).startswith("base_budget")  # the key second
    assert row.toolTip(COL_NAME) == "AP pro Zug (TURN-2)."  # the description translated
    unset = [e.spin.specialValueText() for e in form.editors.values() if hasattr(e, "spin")
             and e.word is None and e.has_word]
    assert unset and set(unset) == {"— (nicht gesetzt)"}
    assert window.variant.changes.summary.text() == "0 Änderungen"


def test_live_switch_relabels_the_configurator_and_keeps_its_edits(make_window) -> None:
    window = make_window()
    window.switch_mode("variant")
    variant = window.variant
    variant.form.commit("/base_budget", 17)
    assert _tabs(window)[1] == "Pieces"
    next(a for a in window.menus.language.actions() if a.text() == "Italiano").trigger()
    assert _tabs(window) == ["Opzioni && regole", "Unità", "Vittoria", "Aggiunte", "Modifiche"]
    assert variant.form.rows["/base_budget"].text(COL_NAME) == "Mosse per turno"
    assert variant.session.doc.value("/base_budget") == 17 and variant.stack.count() == 1
    assert variant.changes.summary.text() == "1 modifica"
    assert window.history.emptyLabel() == "<variante aperta>"
    piece_rows = [variant.pieces.table.verticalHeaderItem(r).text()
                  for r in range(variant.pieces.table.rowCount())]
    assert "elefante" in piece_rows and "elephant" not in piece_rows


def test_victory_conditions_show_a_title_with_the_key_second(make_window) -> None:
    set_language("de")
    window = make_window()
    window.switch_mode("variant")
    victory = window.variant.victory
    kinds = [e for p, e in victory.editors.items() if p.endswith("/kind")]
    assert kinds, "the default variant has victory conditions"
    texts = {kinds[0].combo.itemText(i) for i in range(kinds[0].combo.count())}
    assert "Belagerungsfigur in einem gegnerischen Turm (siege_in_tower)" in texts
    assert kinds[0].combo.currentData() in {kinds[0].combo.itemData(i)
                                            for i in range(kinds[0].combo.count())}
