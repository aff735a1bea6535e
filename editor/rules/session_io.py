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

from editor.check.pair_checks import PAIR_VARIANT, check_board_for_variant
from editor.model.board import Board
from editor.model.findings import Finding
from editor.model.io import save_document
from editor.model.scenario import Scenario, Step, VariantRef
from editor.model.variant import locate_variant, resolve_variant, variants_dir
from editor.resources import data_dir
from editor.rules import scenario_run
from editor.rules.compiled import CompileError
from editor.rules.session import Pending, Played, PlaySession, SessionSource


def start(board: Board, source: SessionSource, setup: str | None = None
          ) -> tuple[PlaySession | None, list[Finding]]:
    """A session at the start position of `board` under the variant `source` names (with its
    overlays and option overrides), or the findings that prevent it."""
    base = Path(source.base) if source.base else None
    rv = resolve_variant(source.variant, base, list(source.overlays) or None,
                         dict(source.options) or None)
    if rv.variant is None:
        return None, rv.findings
    variant = rv.variant
    if setup is not None:
        variant = variant.model_copy(update={"setup": setup})
    errors = [f for f in check_board_for_variant(board, variant) if f.is_error]
    if source.board_path:
        errors = [f.located(source.board_path) for f in errors]
    if errors:
        return None, errors
    try:
        return PlaySession(board, variant, setup=setup, source=source), []
    except CompileError as exc:
        return None, [PAIR_VARIANT.at(f"board and variant do not fit: {exc}")]


def start_from_refs(board_ref: str | None, source: SessionSource, setup: str | None = None
                    ) -> tuple[PlaySession | None, list[Finding]]:
    """Like `start`, with the board given as a file or shipped board name (default: the
    variant's board)."""
    if board_ref is None:
        base = Path(source.base) if source.base else None
        rv = resolve_variant(source.variant, base)
        if rv.variant is None:
            return None, rv.findings
        board_ref = rv.variant.board
        if board_ref is None:
            return None, [PAIR_VARIANT.at(f"variant '{source.variant}' names no board: give "
                                          "one with --board")]
    board, findings = scenario_run.resolve_board(board_ref, Path.cwd())
    if board is None:
        return None, findings
    path = Path(board_ref)
    if not path.is_file():
        path = data_dir("boards") / f"{board_ref}.board.json"
    source.board_path = str(path)
    return start(board, source, setup)


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
        board_path = str(_board_file(scn.board, base))
    source = SessionSource(board_path=board_path, variant=ref.name, overlays=tuple(ref.overlays),
                           options=dict(ref.options), base=str(base), name=scn.name,
                           description=scn.description, rules=tuple(scn.rules))
    session = PlaySession(ld.game.board, ld.game.variant, setup=scn.setup,
                          position=None if scn.position == "start" else scn.position,
                          state=ld.state, game=ld.game, source=source)
    session.pending = [Pending(s.action, s.notation, s.expect, s.reason) for s in scn.steps]
    return session, []


def _board_file(ref: str, base: Path) -> Path:
    p = Path(ref)
    if not p.is_absolute():
        p = base / p
    if not p.is_file() and "/" not in ref and not ref.endswith(".json"):
        p = data_dir("boards") / f"{ref}.board.json"
    return p


def _rebased(ref: str, base: Path | None, out_dir: Path, shipped_dir: Path) -> str:
    """A board or variant reference as seen from `out_dir` (shipped names stay names)."""
    located = locate_variant(ref, base) if shipped_dir == variants_dir() else Path(ref)
    if located is None:
        return ref
    located = Path(located).resolve()
    if located.parent == shipped_dir.resolve():
        return located.name.split(".")[0]
    return Path(os.path.relpath(located, out_dir.resolve())).as_posix()


def to_scenario(session: PlaySession, path: str | os.PathLike[str], name: str = "",
                description: str = "") -> Scenario:
    """The game as a scenario to be written at `path` (references relative to its folder)."""
    src = session.source
    out_dir = Path(path).parent
    base = Path(src.base) if src.base else None
    board: str | Board = session.board
    if src.board_path:
        board = _rebased(src.board_path, None, out_dir, data_dir("boards"))
    variant = VariantRef(name=_rebased(src.variant, base, out_dir, variants_dir()),
                         overlays=[_rebased(o, base, out_dir, variants_dir())
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
