"""Game packages in the editor: File > Open of a `.conquest` file and File > Export game
package… (issue 10, item 4).

Opening reads the package safely (`open_game_source`: paths, sizes and checksums checked; every
problem is a finding shown to the user), unpacks its scan into a private temporary folder,
makes its board the document (an unsaved board: Save asks where, so the package is never
overwritten) and hands the package to every mode (`Mode.open_package`: the configurator opens
its variant). Exporting writes the board file, its scan, the variant chain and the resolved
variant (the first a mode offers, `Mode.variant_to_pack`), after the same checks as
`conquest pack`.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

from editor.gui.shell import dialogs
from editor.gui.shell.recovery import format_findings
from editor.gui.shell.wording import plural
from editor.i18n import _
from editor.model.io import atomic_write_bytes
from editor.model.migrate import FORMAT_MIGRATED
from editor.model.package import (
    PACKAGE_SUFFIX,
    PackageContents,
    build_package,
    open_game_source,
    read_package,
)
from editor.model.variant import Variant, resolve_variant, shipped_variant_names
from editor.model.variant_edit import VariantDocument


def _unpack(pkg: PackageContents, roles: tuple[str, ...]) -> Path:
    """Write the members of `roles` into a new temporary folder (by their file names, which
    the reader has checked); returns the folder."""
    folder = Path(tempfile.mkdtemp(prefix="conquest-package-"))
    for member in pkg.manifest.members if pkg.manifest else []:
        if member.role in roles:
            name = member.ref if member.role == "variant" and member.ref else \
                Path(member.path).name
            if member.role == "variant" and not name.endswith(".json"):
                name += ".variant.json"
            (folder / Path(name).name).write_bytes(pkg.members[member.path])
    return folder


def package_variant(pkg: PackageContents) -> VariantDocument:
    """The package's variant as a document: a house rule extending the shipped variant it
    names, or its own top file (unsaved, resolving against the unpacked chain), or else the
    resolved variant as a complete file."""
    manifest = pkg.manifest
    ref = manifest.variant if manifest else ""
    overlays = list(manifest.overlays) if manifest else []
    if ref in shipped_variant_names() and all(o in shipped_variant_names() for o in overlays):
        doc = VariantDocument.new(ref, name=f"my-{ref}")
        if overlays:
            doc.raw["overlays"] = overlays
        return doc
    folder = _unpack(pkg, ("variant",))
    top = folder / Path(ref).name
    if top.is_file():
        doc, _ = VariantDocument.open(top)
        if doc is not None and doc.variant is not None:
            doc.path = None  # Save asks where: never into the temporary folder
            return doc
    resolved = pkg.member("resolved_variant")
    raw: Any = json.loads(pkg.members[resolved.path]) if resolved else {}
    return VariantDocument(raw if isinstance(raw, dict) else {}, None, folder)


def open_package(window, path: str) -> bool:
    """File > Open of a game package: its board becomes the document, every mode is handed
    the package (the configurator opens its variant). The documents are replaced, so unsaved
    changes of the board and of every mode's own work are asked about first."""
    modes = list(window.switcher.modes.values())
    if not window.files.maybe_save() or not all(m.maybe_close() for m in modes):
        return False
    source = open_game_source(path)
    pkg = source.package
    errors = [f for f in source.findings if f.is_error]
    if errors or pkg is None or source.board is None or source.variant is None:
        count = plural(len(errors), "problem")
        dialogs.show_error(window, _("Cannot open game package"),
                           _("'{path}' could not be opened ({problems}): nothing was "
                             "unpacked.").format(path=path, problems=count),
                           format_findings(errors))
        return False
    notes = [f for f in source.findings if f.code == FORMAT_MIGRATED.code]
    if notes:
        dialogs.show_warning(window, _("Game package from an older version"), _(
            "'{path}' was written by an older version; its variant is read with the meaning it "
            "had then (details). 'conquest migrate' rewrites it in the current version.").format(
                path=path), format_findings(notes))
    scan = None
    if pkg.scan is not None:
        folder = _unpack(pkg, ("scan",))
        scan = str(folder / Path(pkg.member("scan").path).name)
    window.recovery.follow(None)
    window.doc.replace_board(source.board, None, scan_override=scan)
    for mode in modes:
        mode.open_package(pkg)
    window.switch_mode(window.switcher.home.name)
    window.show_message(_("Opened game package {name}: board '{board}', variant "
                          "'{variant}'").format(name=Path(path).name, board=source.board.name,
                                                variant=source.variant.name))
    return True


def _what_to_pack(window) -> tuple[str, list[str], Variant | None] | None:
    """(variant reference, overlays, resolved variant or None) of the game to pack: what the
    active mode offers (the game being played), else the first other mode's offer (the
    configurator's variant); None when no mode offers one or the user did not save it."""
    active = window.mode
    others = [m for m in window.switcher.modes.values() if m is not active]
    for mode in (active, *others):
        what = mode.variant_to_pack(mode is active)
        if what is not None:
            return what
    return None


def package_file_name(board_file: str, variant_name: str) -> str:
    """The suggested package name: the board's, plus the variant's when it differs (a house
    rule `house` on `conquest-4p` gives `conquest-4p-house.conquest`)."""
    board = Path(board_file).name.removesuffix(".board.json").removesuffix(".json")
    return board + (f"-{variant_name}" if variant_name and variant_name != board else "") \
        + PACKAGE_SUFFIX


def export_package(window) -> bool:
    """File > Export game package…: the board (saved first) with the variant being played in
    play mode, else the configurator's variant; the dialog and the message name both."""
    from editor.rules.package_check import check_source

    window.commit_typing()
    if (window.doc.path is None or window.doc.modified) and not window.files.save():
        return False
    what = _what_to_pack(window)
    if what is None:
        return False
    ref, overlays, played = what
    source = open_game_source(window.doc.path)
    rv = resolve_variant(ref, Path.cwd(), overlays or None)
    source.variant = played or rv.variant
    problems = [*source.findings, *rv.findings]
    if not problems and source.variant is not None:
        problems = [f for f in check_source(source) if f.is_error]
    if problems or source.variant is None or source.board is None:
        dialogs.show_error(window, _("Package not written"),
                           _("The board and variant have {errors}: fix them first.").format(
                               errors=plural(len(problems), "error")),
                           format_findings(problems))
        return False
    names = _("board '{board}', variant '{variant}'").format(
        board=source.board.name, variant=source.variant.name) + "".join(
        f" + {o}" for o in overlays)
    out = dialogs.get_save_path(window, _("Export game package: {names}").format(names=names),
                                dialogs.PACKAGE_FILTER,
                                package_file_name(window.doc.path, source.variant.name))
    if not out:
        return False
    if not out.endswith(PACKAGE_SUFFIX):
        out += PACKAGE_SUFFIX
    data = build_package(Path(window.doc.path), source.board, ref, overlays, rv.chain,
                         source.variant, Path(out).name.removesuffix(PACKAGE_SUFFIX))
    try:
        atomic_write_bytes(out, data)
    except OSError as exc:
        dialogs.show_error(window, _("Package not written"), f"'{out}': {exc.strerror or exc}")
        return False
    written = read_package(out)
    members = len(written.manifest.members) + 1 if written.manifest else 0
    window.show_message(_("Exported {path} ({names}; {size} bytes, {members})").format(
        path=out, names=names, size=len(data), members=plural(members, "member")))
    return True
