"""Live language switching: the window's fixed texts put into the language just chosen.

Widgets are built with `_()` texts, so a widget does not remember which message it shows; the
catalogue does: a text shown in the old language is looked up in that language's catalogue
(translation -> English message, `reverse_catalogue`) and replaced by the message in the new
language. This covers the fixed wording of menus, actions, tool and status tips, dock and
toolbar titles, labels, buttons, check boxes, group boxes, tabs, placeholders and table headers,
everywhere in the window without a hook per widget. A text wrapped in simple markup
(`<b>House rule</b>`) keeps its markup, one padded with spaces its padding, an action's text
its shortcut after a tab.

What is computed (counts, names, values, a refusal) is not a message: each mode shows it again in
its `Mode.retranslate` hook, the shell its own (title, counts, status). Lists, trees and tables
hold data (seat ids, setups) besides words and are left to those hooks (their header labels are
fixed wording and are translated here); so is a combo box's item without data (its text may be
what the code reads), while an item with data is only words and is translated here.
"""

from __future__ import annotations

import re
from functools import cache

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QTranslator
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractButton,
    QComboBox,
    QDockWidget,
    QDoubleSpinBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QMenu,
    QSpinBox,
    QTableWidget,
    QTabWidget,
    QToolBar,
    QTreeWidget,
    QWidget,
)

from editor.i18n import LANGUAGES, _, catalogue

#: Qt's own catalogue in use (standard buttons, file dialogs, text boxes' context menus)
_qt_translator: QTranslator | None = None

#: markup around a message that is kept as it is: `<b>…</b>`, `<p>…</p>`, `<i>…</i>`
_WRAPPED = re.compile(r"^((?:<[a-z0-9]+(?: [^<>]*)?>)*)(.*?)((?:</[a-z0-9]+>)*)$", re.DOTALL)


def install_qt_translation(language: str) -> bool:
    """Qt's own words (the standard buttons Save, Discard, Cancel, the file dialogs, the
    context menu of a text box) in `language`, from the `qtbase_<language>.qm` catalogue
    PySide6 ships; English, or a copy without it, keeps Qt's English. True when installed."""
    global _qt_translator
    app = QCoreApplication.instance()
    if app is None:
        return False
    if _qt_translator is not None:
        app.removeTranslator(_qt_translator)
        _qt_translator = None
    if language == "en":
        return False
    translator = QTranslator(app)
    folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    if not translator.load(f"qtbase_{language}", folder):
        return False
    app.installTranslator(translator)
    _qt_translator = translator
    return True


@cache
def reverse_catalogue(language: str) -> dict[str, list[str]]:
    """A text as `language` shows it -> its English messages (English: every message to
    itself, read from the other languages' catalogues); a translation shared by several
    messages ("Aufstellung": "Setup" and "setup") lists them all."""
    if language == "en":
        return {m: [m] for lang in LANGUAGES if lang != "en"
                for m in getattr(catalogue(lang), "messages", {})}
    messages = getattr(catalogue(language), "messages", {})
    out: dict[str, list[str]] = {}
    for msgid, forms in messages.items():
        if forms and forms[0]:
            out.setdefault(forms[0], []).append(msgid)
    return out


def _message_of(text: str, old: str) -> str | None:
    """The English message `text` shows in language `old`; of several, the one written with
    the same case of its first letter ("Setup" for "Aufstellung" as a label)."""
    found = reverse_catalogue(old).get(text)
    if not found:
        return None
    upper = text[:1].isupper()
    return next((m for m in found if m[:1].isupper() == upper), found[0])


def translate_text(text: str, old: str) -> str | None:
    """`text`, shown in language `old`, in the current language; None when it is no message
    of the catalogue (a name, a count, a value)."""
    if not text:
        return None
    head, tab, tail = text.partition("\t")  # an action's "text\tshortcut"
    if tab:
        new = translate_text(head, old)
        return None if new is None else new + tab + tail
    core = text.strip()
    if core != text:  # a label padded with spaces keeps its padding
        new = translate_text(core, old)
        return None if new is None else text[:text.index(core)] + new + \
            text[text.index(core) + len(core):]
    msgid = _message_of(text, old)
    if msgid is not None:
        return _(msgid)
    match = _WRAPPED.match(text)
    if match and (match.group(1) or match.group(3)):
        inner = _message_of(match.group(2), old)
        if inner is not None:
            return match.group(1) + _(inner) + match.group(3)
    return None


def _swap(getter, setter, old: str) -> None:
    new = translate_text(getter(), old)
    if new is not None:
        setter(new)


def retranslate_tree(root: QWidget, old: str) -> None:
    """Put every fixed text under `root` (its child widgets and actions) from language `old`
    into the current one."""
    for action in root.findChildren(QAction):
        _swap(action.text, action.setText, old)
        _swap(action.statusTip, action.setStatusTip, old)
        _swap(action.toolTip, action.setToolTip, old)
    for widget in [root, *root.findChildren(QWidget)]:
        _retranslate_widget(widget, old)


def _retranslate_widget(w: QWidget, old: str) -> None:
    _swap(w.toolTip, w.setToolTip, old)
    if w.isWindow():  # a dialog the window keeps (the user guide, a game's result)
        _swap(w.windowTitle, w.setWindowTitle, old)
    if isinstance(w, QMenu):
        _swap(w.title, w.setTitle, old)
    elif isinstance(w, QDockWidget | QToolBar):
        _swap(w.windowTitle, w.setWindowTitle, old)
    elif isinstance(w, QLabel) or (isinstance(w, QAbstractButton) and w.text()):
        _swap(w.text, w.setText, old)
    elif isinstance(w, QGroupBox):
        _swap(w.title, w.setTitle, old)
    elif isinstance(w, QLineEdit):
        _swap(w.placeholderText, w.setPlaceholderText, old)
    elif isinstance(w, QSpinBox | QDoubleSpinBox):
        _swap(w.prefix, w.setPrefix, old)
        _swap(w.suffix, w.setSuffix, old)
        _swap(w.specialValueText, w.setSpecialValueText, old)
    elif isinstance(w, QComboBox) and not w.isEditable():
        _swap(w.placeholderText, w.setPlaceholderText, old)
        for i in range(w.count()):  # an item with data: its text is only what people read
            if w.itemData(i) is not None:
                _swap(lambda i=i: w.itemText(i), lambda t, i=i: w.setItemText(i, t), old)
    elif isinstance(w, QTabWidget):
        for i in range(w.count()):
            _swap(lambda i=i: w.tabText(i), lambda t, i=i: w.setTabText(i, t), old)
            _swap(lambda i=i: w.tabToolTip(i), lambda t, i=i: w.setTabToolTip(i, t), old)
    elif isinstance(w, QTreeWidget):
        header = w.headerItem()
        for col in range(w.columnCount()):
            _swap(lambda c=col: header.text(c), lambda t, c=col: header.setText(c, t), old)
    elif isinstance(w, QTableWidget):
        for col in range(w.columnCount()):
            item = w.horizontalHeaderItem(col)
            if item is not None:
                _swap(item.text, item.setText, old)
