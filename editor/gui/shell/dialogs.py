"""Every modal dialog the editor opens, behind plain module functions.

Tests replace these functions (monkeypatch) so no modal dialog ever blocks a test run; the
window calls them as `dialogs.NAME(...)` so a patched function is picked up.
"""

from __future__ import annotations

from PySide6.QtWidgets import QFileDialog, QInputDialog, QMessageBox, QWidget

from editor.i18n import N_, _

#: the names of the file filters below (a filter is shown with its name translated)
FILTER_NAMES = (N_("Conquest boards"), N_("Conquest variants"), N_("Game packages"),
                N_("Boards and game packages"), N_("Images"), N_("All files"),
                N_("Conquest scenarios"))
BOARD_FILTER = "Conquest boards (*.board.json *.json);;All files (*)"
VARIANT_FILTER = "Conquest variants (*.variant.json *.json);;All files (*)"
PACKAGE_FILTER = "Game packages (*.conquest);;All files (*)"
OPEN_FILTER = ("Boards and game packages (*.board.json *.json *.conquest);;"
               "Conquest boards (*.board.json *.json);;Game packages (*.conquest);;All files (*)")
IMAGE_FILTER = "Images (*.png *.jpg *.jpeg *.bmp *.tif *.tiff *.webp);;All files (*)"


def translated_filter(file_filter: str) -> str:
    """'Conquest boards (*.board.json);;All files (*)' with each name in the user's
    language (the patterns stay)."""
    parts = []
    for part in file_filter.split(";;"):
        name, paren, patterns = part.partition(" (")
        parts.append(f"{_(name) if name in FILTER_NAMES else name}{paren}{patterns}")
    return ";;".join(parts)


def show_error(parent: QWidget | None, title: str, text: str, details: str = "") -> None:
    box = QMessageBox(QMessageBox.Icon.Critical, title, text, QMessageBox.StandardButton.Ok,
                      parent)
    if details:
        box.setDetailedText(details)
    box.exec()


def show_warning(parent: QWidget | None, title: str, text: str, details: str = "") -> None:
    box = QMessageBox(QMessageBox.Icon.Warning, title, text, QMessageBox.StandardButton.Ok,
                      parent)
    if details:
        box.setDetailedText(details)
    box.exec()


def ask_yes_no(parent: QWidget | None, title: str, text: str) -> bool:
    answer = QMessageBox.question(parent, title, text)
    return answer == QMessageBox.StandardButton.Yes


def ask_save_changes(parent: QWidget | None, name: str) -> str:
    """'save', 'discard' or 'cancel'."""
    buttons = (QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
               | QMessageBox.StandardButton.Cancel)
    answer = QMessageBox.warning(parent, _("Unsaved changes"),
                                 _("{name} has unsaved changes. Save them?").format(name=name),
                                 buttons)
    return {QMessageBox.StandardButton.Save: "save",
            QMessageBox.StandardButton.Discard: "discard"}.get(answer, "cancel")


def get_open_path(parent: QWidget | None, caption: str, file_filter: str = BOARD_FILTER,
                  folder: str = "") -> str | None:
    path, _chosen = QFileDialog.getOpenFileName(parent, caption, folder,
                                                translated_filter(file_filter))
    return path or None


def get_save_path(parent: QWidget | None, caption: str, file_filter: str = BOARD_FILTER,
                  folder: str = "") -> str | None:
    path, _chosen = QFileDialog.getSaveFileName(parent, caption, folder,
                                                translated_filter(file_filter))
    return path or None


def get_float(parent: QWidget | None, title: str, label: str, value: float = 10.0,
              minimum: float = 0.01, maximum: float = 1000.0) -> float | None:
    number, ok = QInputDialog.getDouble(parent, title, label, value, minimum, maximum, 2)
    return number if ok else None


def get_text(parent: QWidget | None, title: str, label: str, text: str = "") -> str | None:
    value, ok = QInputDialog.getText(parent, title, label, text=text)
    return value if ok else None


def get_item(parent: QWidget | None, title: str, label: str, items: list[str],
             current: int = 0) -> str | None:
    """One of `items` (a non-editable choice), or None when cancelled."""
    value, ok = QInputDialog.getItem(parent, title, label, items, current, False)
    return value if ok else None


def choice_box(parent: QWidget | None, kind: str, title: str, text: str,
               choices: list[tuple[str, str]],
               details: str = "") -> tuple[QMessageBox, dict]:
    """The message box of `ask_choice` (not shown) and its buttons' keys."""
    box = QMessageBox(QMessageBox.Icon.Question, title, text, QMessageBox.StandardButton.NoButton,
                      parent)
    box.setObjectName(f"ask_{kind}")
    if details:
        box.setDetailedText(details)
    buttons = {}
    for i, (key, label) in enumerate(choices):
        last = i == len(choices) - 1 and i > 0
        role = QMessageBox.ButtonRole.RejectRole if last else QMessageBox.ButtonRole.AcceptRole
        button = box.addButton(label, role)
        buttons[button] = key
        if i == 0:
            box.setDefaultButton(button)
        if last:
            box.setEscapeButton(button)
    return box, buttons


def ask_choice(parent: QWidget | None, kind: str, title: str, text: str,
               choices: list[tuple[str, str]], details: str = "") -> str:
    """Ask the user to pick one of `choices` ((key, button label); the first is the default,
    the last is what Esc picks); returns the chosen key. `kind` names the question for tests
    ('locked', 'lock-lost', 'changed-on-disk', 'overwrite-changed')."""
    box, buttons = choice_box(parent, kind, title, text, choices, details)
    box.exec()
    return buttons.get(box.clickedButton(), choices[-1][0])
