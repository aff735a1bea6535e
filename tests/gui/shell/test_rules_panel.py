"""The rules one click away: a rule ID in an explanation, the status bar, the validation panel
or the variant form opens the Rules dock at that rule; the dock searches the catalogue.

Rules named: OBST-3 (an elephant refused on an X bridge).
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QContextMenuEvent
from PySide6.QtWidgets import QApplication
from support.guikit import EX1, Player
from support.scenariokit import write_scenario

from editor.gui.shell.rules_panel import link_rules, rule_of_link
from editor.model.rulebook import RULE_ID


def _refused_on_the_x_bridge(qtbot, make_window, tmp_path) -> Player:
    w = make_window()
    p = Player(qtbot, w)
    assert p.mode.open_scenario(str(write_scenario(tmp_path, EX1, name="rule")))
    p.click("g5_1")
    p.click("x1")
    assert p.mode.last_refusal.reason.rule == "OBST-3"
    return p


def _click_link(qtbot, label) -> None:
    """Move the mouse over the label until the cursor says "link" (a pointing hand), then click
    there: what a user does."""
    for y in range(2, label.height(), 4):
        for x in range(2, label.width(), 4):
            qtbot.mouseMove(label, QPoint(x, y))
            if label.cursor().shape() == Qt.CursorShape.PointingHandCursor:
                qtbot.mouseClick(label, Qt.MouseButton.LeftButton, pos=QPoint(x, y))
                QApplication.processEvents()
                return
    raise AssertionError(f"no link in {label.objectName()}: {label.text()}")


def test_clicking_the_rule_id_of_a_refusal_shows_the_rules_text(qtbot, make_window,
                                                                tmp_path) -> None:
    p = _refused_on_the_x_bridge(qtbot, make_window, tmp_path)
    w = p.w
    assert not w.rules_dock.isVisible()
    label = p.mode.turn_panel.refusal
    assert "href='rule:OBST-3'" in label.text()
    _click_link(qtbot, label)
    assert w.rules_dock.isVisible() and w.rules.current == "OBST-3"
    shown = w.rules.text.toPlainText()
    assert shown.startswith("OBST-3 — Conquest X bridges")
    assert "may not be crossed by elephants" in shown
    assert "[000] 9. Hindernisse" in shown and "narrow_bridge_rule (defined in CONF-16)" in shown


def test_the_status_bar_links_the_rule_of_its_message(qtbot, make_window, tmp_path) -> None:
    p = _refused_on_the_x_bridge(qtbot, make_window, tmp_path)
    label = p.w.rule_link_label
    assert label.isVisibleTo(p.w) and "rule:OBST-3" in label.text()
    _click_link(qtbot, label)
    assert p.w.rules.current == "OBST-3"
    p.w.show_message("nothing cited")
    assert not label.isVisibleTo(p.w)


def test_a_link_in_a_rule_opens_that_rule_and_search_finds_rules(qtbot, make_window) -> None:
    w = make_window()
    w.show_rule("OBST-3")
    links = RULE_ID.findall(w.rules.catalogue.describe("OBST-3"))
    browser = w.rules.text
    browser.setFocus()
    for _ in range(links.index("CONF-16") + 1):  # Tab walks the links of a text browser
        qtbot.keyClick(browser, Qt.Key.Key_Tab)
    qtbot.keyClick(browser, Qt.Key.Key_Return)
    assert w.rules.current == "CONF-16"
    assert "X bridges versus rope/plank bridges" in browser.toPlainText()
    qtbot.keyClicks(w.rules.search, "x bridge")
    ids = [w.rules.results.item(i).text().split(" — ")[0] for i in range(w.rules.results.count())]
    assert "OBST-3" in ids and "TURN-1" not in ids


def test_link_rules_escapes_text_and_links_each_id() -> None:
    html = link_rules("E_EDGE_FORBIDS_PIECE (OBST-3) <x>\nsee WIN-9")
    assert "&lt;x&gt;<br>" in html
    assert html.count("href='rule:") == 2
    assert rule_of_link("rule:WIN-9") == "WIN-9" and rule_of_link("http://x") is None


def test_a_findings_context_menu_opens_the_rule_it_cites(qtbot, make_window) -> None:
    """PAIR_SETUP_MISSING's fix cites BF-15: right click on the row, choose the rule."""
    from support.guikit import LEFT
    from support.scenariokit import WORLD

    w = make_window(str(WORLD))
    p = Player(qtbot, w)
    qtbot.mouseClick(p.mode.start_panel.start_button, LEFT)
    tree = w.validation.tree
    qtbot.waitUntil(lambda: any(f.code == "PAIR_SETUP_MISSING" for f in w.validation.findings))
    row = next(i for i, f in enumerate(w.validation.findings) if f.code == "PAIR_SETUP_MISSING")
    rect = tree.visualItemRect(tree.topLevelItem(row))
    event = QContextMenuEvent(QContextMenuEvent.Reason.Mouse, rect.center(),
                              tree.viewport().mapToGlobal(rect.center()))
    QApplication.sendEvent(tree.viewport(), event)  # what a right click sends
    menu = w.validation.menu
    assert menu is not None
    action = next(a for a in menu.actions() if a.text().startswith("Rule BF-15 — "))
    action.trigger()
    menu.close()
    assert w.rules.current == "BF-15" and w.rules_dock.isVisible()


def test_rule_ids_in_the_variant_forms_detail_are_links(qtbot, make_window) -> None:
    w = make_window()
    assert w.switch_mode("variant")
    mode = w.mode
    mode.form.focus("/options/narrow_bridge_rule")
    browser = mode.detail
    assert "href='rule:OBST-3'" in browser.toHtml().replace('"', "'")
    links = RULE_ID.findall(browser.toPlainText())
    browser.setFocus()
    for _ in range(links.index("OBST-3") + 1):
        qtbot.keyClick(browser, Qt.Key.Key_Tab)
    qtbot.keyClick(browser, Qt.Key.Key_Return)
    assert w.rules.current == "OBST-3"
