"""The window layout across two window lifetimes with one real settings file (issue 21 item 1):
every mode's docks and toolbars come back after a restart, whichever mode was active before
the restart; a dock the user closed in a mode stays closed."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

from editor.gui.modes import MODES


def _shown(window, widget) -> bool:
    QApplication.processEvents()
    return widget.isVisibleTo(window)


def _restart(make_window, tmp_path):
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    return make_window(settings=settings, restore_layout=True)


@pytest.mark.parametrize("mode_name", [m.name for m in MODES])
def test_every_mode_has_its_docks_and_toolbars_after_a_restart(make_window, tmp_path,
                                                               mode_name) -> None:
    first = make_window()
    assert first.switch_mode(mode_name)
    assert first.close()  # closing goes back to the home mode, then saves the layout
    again = _restart(make_window, tmp_path)
    assert again.switch_mode(mode_name)
    mode = again.mode
    for panel in (*mode.docks, *mode.toolbars):
        assert _shown(again, panel), f"{mode_name}: {panel.objectName()} hidden after restart"
        assert panel.toggleViewAction().isChecked()


def test_a_dock_the_user_closed_stays_closed_after_a_restart(make_window, tmp_path) -> None:
    first = make_window()
    assert first.switch_mode("play")
    first.mode.log_dock.close()
    assert first.close()
    again = _restart(make_window, tmp_path)
    assert again.switch_mode("play")
    assert not _shown(again, again.mode.log_dock)
    assert _shown(again, again.mode.start_dock) and _shown(again, again.mode.turn_dock)
    assert _shown(again, again.mode.toolbars[0])
