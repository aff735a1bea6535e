"""Fixtures of the foundation tests (issue 2): board files in tmp_path, the CLI in-process."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from boardkit import CliRun, run_cli, write_board  # noqa: E402


@pytest.fixture
def cli() -> Callable[..., CliRun]:
    """`cli("validate", path)` runs the command in-process: CliRun(code, out, err)."""
    return run_cli


@pytest.fixture
def board_file(tmp_path: Path) -> Callable[..., Path]:
    """`board_file(data, name="b.board.json")` writes a board dict and returns its path."""

    def write(data: object, name: str = "b.board.json") -> Path:
        return write_board(tmp_path / name, data)

    return write
