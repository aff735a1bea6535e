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
