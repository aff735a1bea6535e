"""Fixtures for the reference-board tests: the shipped boards and the builder module."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from editor.model import load_board
from editor.model.board import Board

ROOT = Path(__file__).resolve().parents[2]
BOARDS = ROOT / "boards"
NAMES = ["conquest-2p", "conquest-4p", "grand-conquest-2p", "grand-conquest-4p"]


def load(name: str) -> Board:
    result = load_board(BOARDS / f"{name}.board.json")
    assert result.model is not None, [f.format_line() for f in result.findings]
    return result.model


@pytest.fixture(scope="session")
def reference_boards() -> dict[str, Board]:
    return {name: load(name) for name in NAMES}


@pytest.fixture(scope="session")
def builder() -> ModuleType:
    """boards/build_boards.py imported as a module (under a name of its own: tests/scenarios
    has another build_boards.py)."""
    name = "conquest_reference_board_builder"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, BOARDS / "build_boards.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
