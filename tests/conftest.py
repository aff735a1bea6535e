"""Shared test setup: headless Qt, and paths to the repository's data folders."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data"


@pytest.fixture
def repo_root() -> Path:
    return ROOT


@pytest.fixture
def test_data() -> Path:
    return DATA


@pytest.fixture(scope="session", autouse=True)
def _qt_application(qapp):
    """One QApplication for the whole run, created before any test: code under test that only
    needs a QGuiApplication (the renderer) must not create that first, or every later widget
    aborts the interpreter ("Cannot create a QWidget without QApplication")."""
    return qapp
