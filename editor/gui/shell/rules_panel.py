"""The rules one click away: the Rules dock (search the catalogue, read a rule) and the links
every rule ID shown in the workbench turns into.

`link_rules(text)` makes plain text into HTML whose rule IDs are `rule:ID` links; a widget that
shows it connects its `linkActivated`/`anchorClicked` to `MainWindow.show_rule`, which opens the
Rules dock at that rule: title, editions, text, UNCLEAR notes, source passages and the options
(CONF) that switch it (`editor.model.rulebook`).
"""

from __future__ import annotations

import html

from PySide6.QtCore import Qt, QUrl, Signal
from PySide6.QtWidgets import (
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QSplitter,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from editor.i18n import _
from editor.model.rulebook import RULE_ID, Catalogue, load_catalogue

SCHEME = "rule"


def link_rules(text: str) -> str:
    """HTML of plain `text` with every rule ID a `rule:ID` link (line breaks kept)."""
    out, last = [], 0
    for match in RULE_ID.finditer(text):
        out.append(html.escape(text[last:match.start()]))
        out.append(f"<a href='{SCHEME}:{match.group(0)}'>{match.group(0)}</a>")
        last = match.end()
    out.append(html.escape(text[last:]))
    return "".join(out).replace("\n", "<br>")


def rule_of_link(link: str | QUrl) -> str | None:
    """The rule ID of a `rule:ID` link, else None."""
    text = link.toString() if isinstance(link, QUrl) else link
    scheme, _sep, rule = text.partition(":")
    return rule if scheme == SCHEME and RULE_ID.fullmatch(rule) else None


def linkable_label(name: str, on_rule) -> QLabel:
    """A word-wrapped rich-text label whose rule links (mouse or Tab + Enter) call
    `on_rule(ID)`."""
    label = QLabel(wordWrap=True, objectName=name)
    label.setTextFormat(Qt.TextFormat.RichText)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
    label.setOpenExternalLinks(False)
    label.linkActivated.connect(lambda link: _follow(link, on_rule))
    return label


def _follow(link: str, on_rule) -> None:
    rule = rule_of_link(link)
    if rule is not None:
        on_rule(rule)


def rule_html(catalogue: Catalogue, rule_id: str) -> str:
    """A rule as the Rules dock shows it, with the IDs it cites as links."""
    return "<br>".join(
        f"<b>{link_rules(line)}</b>" if i == 0 else link_rules(line)
        for i, line in enumerate(catalogue.describe(rule_id).splitlines()))


class RulesPanel(QWidget):
    """Search box, matching rules, and the chosen rule's whole entry."""

    ruleShown = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.catalogue = load_catalogue()
        self.current: str | None = None
        self.search = QLineEdit(objectName="rules_search")
        self.search.setPlaceholderText(_("Rule ID (OBST-3) or words (x bridge)…"))
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self.apply_search)
        self.results = QListWidget(objectName="rules_results")
        self.results.currentItemChanged.connect(self._chosen)
        self.text = QTextBrowser(objectName="rules_text")
        self.text.setOpenLinks(False)
        self.text.anchorClicked.connect(lambda url: _follow(url.toString(), self.show_rule))
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.results)
        split.addWidget(self.text)
        split.setStretchFactor(0, 1)
        split.setStretchFactor(1, 4)  # the rule's text gets the room
        lay = QVBoxLayout(self)
        lay.setContentsMargins(2, 2, 2, 2)
        lay.addWidget(self.search)
        lay.addWidget(split, 1)
        self.apply_search("")

    def apply_search(self, words: str) -> None:
        """List the rules matching `words` (all of them for an empty search)."""
        rules = self.catalogue.search(words) if words.strip() else \
            list(self.catalogue.rules.values())
        self.results.blockSignals(True)
        self.results.clear()
        for rule in rules:
            item = QListWidgetItem(rule.heading)
            item.setData(Qt.ItemDataRole.UserRole, rule.id)
            self.results.addItem(item)
        self.results.blockSignals(False)
        if words.strip() and rules:
            self.results.setCurrentRow(0)

    def _chosen(self, item: QListWidgetItem | None, _old=None) -> None:
        if item is not None:
            self.show_rule(item.data(Qt.ItemDataRole.UserRole))

    def show_rule(self, rule_id: str) -> None:
        """Show one rule's entry (an unknown ID says so)."""
        self.current = rule_id
        self.text.setHtml(rule_html(self.catalogue, rule_id))
        for row in range(self.results.count()):  # the list follows, without re-showing
            item = self.results.item(row)
            if item.data(Qt.ItemDataRole.UserRole) == rule_id:
                self.results.blockSignals(True)
                self.results.setCurrentItem(item)
                self.results.blockSignals(False)
                self.results.scrollToItem(item)
                break
        self.ruleShown.emit(rule_id)
