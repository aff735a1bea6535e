"""Help › User guide and Help › About: the guide (docs/guide, shipped in the wheel and the
bundle as editor/_data/guide) read offline in a window of its own, with its pictures."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QIcon, QImage, QTextDocument
from PySide6.QtWidgets import QDialog, QMessageBox, QTextBrowser, QVBoxLayout, QWidget

from editor import __version__
from editor.gui.shell import dialogs
from editor.i18n import _
from editor.resources import data_dir

GUIDE_START = "index.md"


def guide_start() -> QUrl:
    """The guide's first page as a local file URL."""
    return QUrl.fromLocalFile(str(data_dir("guide") / GUIDE_START))


def app_icon() -> QIcon:
    """The application's icon (editor/gui/conquest-workbench.svg)."""
    return QIcon(str(Path(__file__).resolve().parent.parent / "conquest-workbench.svg"))


class GuideBrowser(QTextBrowser):
    """A text browser whose pictures are scaled down to fit the page's width."""

    MAX_IMAGE_WIDTH = 840

    def loadResource(self, kind: int, url: QUrl) -> Any:
        data = super().loadResource(kind, url)
        if kind != QTextDocument.ResourceType.ImageResource.value or data is None:
            return data
        image = data if isinstance(data, QImage) else QImage.fromData(data)
        if image.width() <= self.MAX_IMAGE_WIDTH:
            return data
        return image.scaledToWidth(self.MAX_IMAGE_WIDTH,
                                   Qt.TransformationMode.SmoothTransformation)


class GuideWindow(QDialog):
    """The user guide: Markdown pages rendered by Qt, links between pages followed inside,
    links to the web opened in the browser; Back and Home with Alt+Left and Alt+Home."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("user_guide")
        self.setWindowTitle(_("Conquest Workbench — User guide"))
        self.browser = GuideBrowser(self)
        self.browser.setOpenExternalLinks(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.browser)
        self.browser.setSource(guide_start())
        self.resize(900, 760)


class HelpActions:
    """The window's Help menu: User guide (F1), About."""

    def __init__(self, window: QWidget) -> None:
        self.window = window
        self.guide: GuideWindow | None = None

    def show_guide(self) -> None:
        """Open the guide (one window, raised again when already open)."""
        if not (data_dir("guide") / GUIDE_START).is_file():
            dialogs.show_warning(self.window, _("User guide"), _(
                "The user guide is not installed with this copy of the workbench; reinstall "
                "it."))
            return
        if self.guide is None:
            self.guide = GuideWindow(self.window)
        self.guide.show()
        self.guide.raise_()

    def show_about(self) -> None:
        QMessageBox.about(
            self.window, _("About Conquest Workbench"),
            f"<b>Conquest Workbench {__version__}</b><p>" + _(
                "Digitise, configure and play-test point-to-point war-game boards: Conquest, "
                "Conquest Plus and Grand Conquest (after Donald Benge's game).") + "</p><p>" + _(
                "Help › User guide (F1) explains it task by task. MIT licence.") + "</p>")
