"""Help menu: the user guide (docs/guide) read offline in the application, and About."""

from __future__ import annotations

import re

from PySide6.QtCore import QUrl
from PySide6.QtGui import QImage, QTextDocument

from editor.gui import guide_shots
from editor.resources import data_dir

GUIDE = data_dir("guide")
LINK = re.compile(r"\]\(([^)#\s]+)")


def _pages() -> list:
    return sorted(GUIDE.glob("*.md"))


def test_help_is_the_last_menu_and_opens_the_guide(make_window, qtbot) -> None:
    w = make_window()
    titles = [a.text() for a in w.menuBar().actions()]
    assert titles[-1] == "&Help", titles
    guide_action = next(a for a in w.menus.help.actions() if a.text() == "&User guide")
    guide_action.trigger()
    guide = w.menus.help_actions.guide
    qtbot.waitExposed(guide)
    assert guide.browser.source().toLocalFile().endswith("index.md")
    assert "Board designer" in guide.browser.toPlainText()
    guide.browser.setSource(QUrl.fromLocalFile(str(GUIDE / "tester.md")))
    assert "Ask why a move is refused" in guide.browser.toPlainText()
    picture = guide.browser.loadResource(QTextDocument.ResourceType.ImageResource.value,
                                         QUrl.fromLocalFile(str(GUIDE / "img/trace-board.png")))
    assert picture.width() == guide.browser.MAX_IMAGE_WIDTH  # scaled down to fit the page
    guide_action.trigger()  # a second time: the same window, raised
    assert w.menus.help_actions.guide is guide


def test_every_link_and_picture_of_the_guide_is_there() -> None:
    assert [p.name for p in _pages()][:1] and (GUIDE / "index.md").is_file()
    for page in _pages():
        for target in LINK.findall(page.read_text(encoding="utf-8")):
            if "://" not in target:
                assert (GUIDE / target).is_file(), f"{page.name}: broken link {target}"


def test_the_guide_shows_exactly_the_pictures_make_docs_takes() -> None:
    used = {t for p in _pages() for t in LINK.findall(p.read_text(encoding="utf-8"))
            if t.startswith("img/")}
    taken = {f"img/{shot.name}.png" for shot in guide_shots.SHOTS}
    on_disk = {f"img/{p.name}" for p in (GUIDE / "img").iterdir()}
    assert used == taken == on_disk
    assert sum((GUIDE / name).stat().st_size for name in on_disk) < 1_000_000


def test_a_guide_picture_is_taken_by_the_editor_itself(tmp_path) -> None:
    shot = next(s for s in guide_shots.SHOTS if s.mode == "variant")
    out = tmp_path / f"{shot.name}.png"
    assert guide_shots.take(shot, out) == 0
    image = QImage(str(out))
    assert (image.width(), image.height()) == guide_shots.SIZE
    assert image.colorCount() <= guide_shots.COLOURS  # stored with a palette: small files


def test_about_names_the_program_and_its_version(make_window, monkeypatch) -> None:
    from PySide6.QtWidgets import QMessageBox

    from editor import __version__

    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "about", lambda _p, title, text: shown.append(text))
    w = make_window()
    next(a for a in w.menus.help.actions() if a.text().startswith("&About")).trigger()
    assert len(shown) == 1 and f"Conquest Workbench {__version__}" in shown[0]
