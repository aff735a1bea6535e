"""Start play sessions from files and save them as `conquest-scenario/1` files (no Qt).

`start` checks a board and a resolved variant against each other first, so a board that lacks
what the variant needs (setup, seats, castles, grail) starts no game: the pair findings come back
instead, each naming what to add. `load` opens a scenario with its steps waiting to be replayed
(`PlaySession.redo` / `goto`). `to_scenario` / `save` write the game: every played action as an
expected-legal step (engine notation with the whole path, so it replays exactly) and every
recorded refusal as an expected-illegal step with its reason code; fields are written by
printed number where that names one field, and a piece by its number in the stack where its
letter alone could mean another (`S[2] 63>40`).
"""

from __future__ import annotations

import os
from pathlib import Path

from editor.check.pair_checks import PAIR_VARIANT
from editor.model.board import Board
from editor.model.findings import Finding
from editor.model.io import save_document
from editor.model.scenario import Scenario, Step, VariantRef
from editor.resources import locate, shipped_name
from editor.rules import scenario_run
from editor.rules.game_loader import load_game
from editor.rules.session import Pending, Played, PlaySession, SessionSource


def start(board: Board | str | None, source: SessionSource, setup: str | None = None
          ) -> tuple[PlaySession | None, list[Finding]]:
    """A session at the start position of `board` (a board model, a board file or shipped
    board name, or None: the variant's board) under the variant `source` names (with its
    overlays and option overrides), or the findings that prevent it; loaded by the one game
    loader (`editor.rules.game_loader`)."""
    loaded = load_game(board, source.variant, overlays=source.overlays,
                       options=dict(source.options), setup=setup,
                       base=Path(source.base) if source.base else None,
                       board_path=source.board_path)
    if loaded.game is None:
        usage = [PAIR_VARIANT.at(loaded.usage)] if loaded.usage else []
        return None, loaded.findings + usage
    if not isinstance(board, Board):
        source.board_path = loaded.board_path
    return PlaySession(loaded.game.board, loaded.game.variant, setup=setup, game=loaded.game,
                       source=source), []


def start_from_refs(board_ref: str | None, source: SessionSource, setup: str | None = None
                    ) -> tuple[PlaySession | None, list[Finding]]:
    """`start` with the board given as a file or shipped board name (default: the variant's
    board)."""
    return start(board_ref, source, setup)


def load(path: str | os.PathLike[str]) -> tuple[PlaySession | None, list[Finding]]:
    """A session at a scenario's position with all its steps pending (step with `redo`)."""
    ld = scenario_run.load(path)
    if ld.state is None or ld.scenario is None:
        return None, ld.findings
    scn = ld.scenario
    base = Path(path).parent
    ref = scn.variant if isinstance(scn.variant, VariantRef) else VariantRef(name=scn.variant)
    board_path = None
    if isinstance(scn.board, str):
        found = locate("boards", scn.board, base)
        board_path = str(found) if found is not None else None
    source = SessionSource(board_path=board_path, variant=ref.name, overlays=tuple(ref.overlays),
                           options=dict(ref.options), base=str(base), name=scn.name,
                           description=scn.description, rules=tuple(scn.rules))
    session = PlaySession(ld.game.board, ld.game.variant, setup=scn.setup,
                          position=None if scn.position == "start" else scn.position,
                          state=ld.state, game=ld.game, source=source)
    session.pending = [Pending(s.action, s.notation, s.expect, s.reason) for s in scn.steps]
    return session, []


def _rebased(ref: str, base: Path | None, out_dir: Path, folder: str) -> str:
    """A board or variant reference as seen from `out_dir` (shipped names stay names)."""
    located = locate(folder, ref, base)
    if located is None:
        return ref
    shipped = shipped_name(folder, located)
    if shipped is not None:
        return shipped
    return Path(os.path.relpath(located.resolve(), out_dir.resolve())).as_posix()


def to_scenario(session: PlaySession, path: str | os.PathLike[str], name: str = "",
                description: str = "") -> Scenario:
    """The game as a scenario to be written at `path` (references relative to its folder)."""
    src = session.source
    out_dir = Path(path).parent
    base = Path(src.base) if src.base else None
    board: str | Board = session.board
    if src.board_path:
        board = _rebased(src.board_path, None, out_dir, "boards")
    variant = VariantRef(name=_rebased(src.variant, base, out_dir, "variants"),
                         overlays=[_rebased(o, base, out_dir, "variants")
                                   for o in src.overlays], options=dict(src.options))
    steps = []  # fields by printed number where it names one field (BOARD-5)
    for e in session.history:
        if isinstance(e, Played):
            steps.append(Step(action=session.show(e.text)))
        else:
            steps.append(Step(action=session.show(e.text), expect="illegal",
                              reason=e.reason.code, note=f"refused: {e.reason}"))
    return Scenario(
        name=name or src.name or f"test play on {session.board.name}",
        description=description or src.description, rules=list(src.rules), board=board,
        variant=variant if (variant.overlays or variant.options) else variant.name,
        setup=session.setup, position=session.position or "start", steps=steps)


def save(session: PlaySession, path: str | os.PathLike[str], name: str = "",
         description: str = "") -> Scenario:
    """Write the game as a scenario file (atomically); returns what was written."""
    scn = to_scenario(session, path, name, description)
    save_document(scn, path)
    return scn
