"""The one way to load a game (no Qt): board, variant, overlays, options and setup -> a `Game`,
or the findings that prevent it.

The board is a board file, a shipped board name, a game package (`*.conquest`, with its own
variant unless one is given) or a board model already in memory (the editor's document; it is
copied, so play never changes what is being edited). Without a board the variant's board is
used. Every CLI command, the play session, balance runs and the test support load games here;
names of shipped files are resolved by `editor.resources.locate` alone. Scenario files compose
the same parts with pointers into the scenario (`editor.rules.scenario_run`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from editor.check.pair_checks import PAIR_VARIANT
from editor.engine.compiled import CompileError
from editor.engine.game import Game
from editor.i18n import _
from editor.model import load_board
from editor.model.board import Board
from editor.model.findings import Finding
from editor.model.package import GameSource, is_package, open_game_source
from editor.model.variant import locate_variant, resolve_variant
from editor.resources import data_dir, locate
from editor.rules.package_check import check_source


@dataclass
class LoadedGame:
    """A game ready to start, or why not: `findings` (problems inside the files) or `usage` (a
    reference that names no file: the command line's exit 2)."""

    game: Game | None
    findings: list[Finding] = field(default_factory=list)
    board_path: str | None = None
    usage: str | None = None


def load_game(board: str | Board | None, variant: str | None = None, *,
              overlays: list[str] | tuple[str, ...] = (), options: dict | None = None,
              setup: str | None = None, base: Path | None = None,
              board_path: str | None = None) -> LoadedGame:
    """Load a game; see the module docstring. `base` is the folder relative references are
    read from (default: the current folder); `board_path` locates findings of a board model."""
    if isinstance(board, str) and is_package(board):
        source = open_game_source(board, variant, list(overlays) or None, options)
    else:
        source, usage = _files_source(board, variant, list(overlays), options, base)
        if usage is not None:
            return LoadedGame(None, source.findings, usage=usage)
        if board_path and source.board_path is None:
            source.board_path = board_path
    if setup is not None and source.variant is not None:
        source.variant = source.variant.model_copy(update={"setup": setup})
    found = [f for f in source.findings if f.is_error]
    if not found and (source.board is None or source.variant is None):
        found = list(source.findings)
    if not found:
        found = [f for f in check_source(source, start=False) if f.is_error]
    if found or source.board is None or source.variant is None:
        return LoadedGame(None, found, source.board_path)
    try:
        game = Game(source.board, source.variant, setup=setup)
        game.initial_state()
    except CompileError as exc:
        return LoadedGame(None, [PAIR_VARIANT.at(
            _("board and variant do not fit: {exc} (run conquest validate --board "
              "--variant)").format(exc=exc))
            .located(source.board_path)], source.board_path)
    return LoadedGame(game, [], source.board_path)


def _files_source(board: str | Board | None, variant: str | None, overlays: list[str],
                  options: dict | None, base: Path | None) -> tuple[GameSource, str | None]:
    """The board and variant read from files (or the board model given), and a usage problem
    when a reference names no file."""
    source = GameSource(None, None)
    if not variant:
        return source, _("give a variant (or a game package as the board)")
    rv = resolve_variant(variant, base, overlays or None, options or None)
    source.findings += rv.findings
    if rv.variant is None:
        missing = [r for r in (variant, *overlays) if locate_variant(str(r), base) is None]
        return source, _("variant '{ref}' not found: no such file and no shipped variant of "
                         "that name").format(ref=missing[0]) if missing else None
    source.variant = rv.variant
    if isinstance(board, Board):
        source.board = board.model_copy(deep=True)
        return source, None
    ref = board or rv.variant.board
    if not ref:
        return source, _("variant '{variant}' names no board: give one (--board)").format(
            variant=variant)
    path = locate("boards", ref, base)
    if path is None:
        return source, _("board '{ref}' of variant '{variant}' not found: give a board file "
                         "(--board), or a shipped board name from {folder}").format(
            ref=ref, variant=variant, folder=data_dir("boards"))
    result = load_board(path)
    source.board, source.board_path = result.model, str(path)
    source.findings += result.findings
    return source, None
