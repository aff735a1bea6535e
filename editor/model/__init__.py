"""File-format models (pydantic, no Qt): boards, and their reading and writing."""

from __future__ import annotations

import os

from editor.model.board import BOARD_FORMAT, Board
from editor.model.io import LoadResult, dump_document, load_document, parse_document, save_document


def load_board(path: str | os.PathLike[str]) -> LoadResult[Board]:
    """Read a board file; problems come back as findings, never as exceptions."""
    return load_document(path, Board, BOARD_FORMAT)


def parse_board(text: str, path: str | None = None) -> LoadResult[Board]:
    return parse_document(text, Board, BOARD_FORMAT, path)


def dump_board(board: Board) -> str:
    return dump_document(board)


def save_board(board: Board, path: str | os.PathLike[str], *, backup: bool = True) -> None:
    """Write a board atomically and deterministically (previous file kept as NAME.bak)."""
    save_document(board, path, backup=backup)


__all__ = ["BOARD_FORMAT", "Board", "LoadResult", "dump_board", "load_board", "parse_board",
           "save_board"]
