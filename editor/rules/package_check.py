"""Findings of a game source (a package, or a board with a variant): reading, the board's own
checks, the variant's checks, the board/variant pair check, and that a game can start.

Listed in `editor.rules.validation.VALIDATORS` for packages, so `conquest validate GAME.conquest`,
`conquest check GAME.conquest` and the editor report the same findings.
"""

from __future__ import annotations

import os

from editor.check.board_checks import check_board
from editor.check.pair_checks import PAIR_VARIANT, check_board_for_variant
from editor.check.variant_checks import check_variant
from editor.engine.compiled import CompileError
from editor.i18n import _
from editor.model.findings import Finding
from editor.model.io import SourceMap
from editor.model.package import GameSource, open_game_source


def _board_locator(source: GameSource):
    """Locate findings with pointers into the board in the board's own text."""
    text = None
    pkg = source.package
    if pkg is not None and pkg.manifest is not None:
        member = pkg.member("board")
        text = pkg.members[member.path].decode("utf-8-sig") if member else None
    elif source.board_path:
        try:
            with open(source.board_path, encoding="utf-8-sig") as handle:
                text = handle.read()
        except (OSError, ValueError):
            text = None
    source_map = SourceMap(text) if text is not None else None

    def locate(f: Finding) -> Finding:
        if source_map is None:
            return f.located(source.board_path)
        return source_map.locate(f, source.board_path)

    return locate


def check_source(source: GameSource, *, start: bool = True) -> list[Finding]:
    """Semantic findings of a board and variant that were read without findings."""
    out: list[Finding] = []
    locate = _board_locator(source)
    if source.board is not None:
        out += [locate(f) for f in check_board(source.board)]
    where = source.board_path or "<variant>"
    if source.package is not None:
        where = f"{source.package.path}!{source.package.member('resolved_variant').path}"
    if source.variant is not None:
        out += [f.located(where) for f in check_variant(source.variant)]
    if source.board is None or source.variant is None:
        return out
    if source.variant.overlay:  # a few values, not a game: blame the variant, not the board
        return [*out, _overlay_finding(source, where)]
    out += [locate(f) for f in check_board_for_variant(source.board, source.variant)]
    if start and not any(f.is_error for f in out):
        from editor.engine.game import Game

        try:
            Game(source.board, source.variant).initial_state()
        except CompileError as exc:
            out.append(PAIR_VARIANT.at(_("board and variant do not fit: {exc}").format(exc=exc))
                       .located(source.board_path))
    return out


def _overlay_finding(source: GameSource, where: str) -> Finding:
    """PAIR_VARIANT for a variant that is an overlay, located on its "overlay" key (in the
    package's resolved variant member when there is one)."""
    finding = PAIR_VARIANT.at(
        _("the variant '{variant}' is an overlay (a few values on top of a variant), not a "
          "complete variant to play").format(variant=source.variant.name), "/overlay",
        hint=_("Name a complete variant (e.g. 'conquest-4p') and give the overlay as --overlay; "
               "for a package, pack it again that way."))
    pkg = source.package
    member = pkg.member("resolved_variant") if pkg is not None else None
    if member is None:
        return finding.located(where)
    text = pkg.members[member.path].decode("utf-8-sig", "replace")
    return SourceMap(text).locate(finding, where)


def check_package(path: str | os.PathLike[str]) -> list[Finding]:
    """Every finding of a game package (reading first: nothing else when it is unsafe; a
    migrated variant's note comes with the checks)."""
    source = open_game_source(path)
    if any(f.is_error for f in source.findings):
        return source.findings
    return source.findings + check_source(source)

