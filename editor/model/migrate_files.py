"""Rewriting files of an older format version in the current one (`conquest migrate`, the
editor's offer on open): the steps are `editor.model.migrate`'s, the write is atomic and keeps
`NAME.bak`."""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from pathlib import Path

from editor.i18n import _
from editor.model.findings import Finding
from editor.model.io import FileTooLarge, atomic_write_bytes, atomic_write_text, read_limited
from editor.model.migrate import can_migrate, migrate_data


@dataclass
class MigrationResult:
    """What `migrate_file` did to one file: `changed` when it was rewritten, else `reason`."""

    path: str
    changed: bool
    source: str | None = None
    target: str | None = None
    notes: list[Finding] | None = None
    reason: str = ""


def migrate_file(path: str | os.PathLike[str], targets: list[str]) -> MigrationResult:
    """Rewrite a JSON file of an older format version in the current one (`targets`: the
    current tags), atomically and keeping `NAME.bak`. A file already current, of another
    format or unreadable is left alone, with the reason."""
    shown = str(path)
    try:
        data = json.loads(read_limited(path).decode("utf-8-sig"))
    except (OSError, ValueError, RecursionError, FileTooLarge) as exc:
        return MigrationResult(shown, False, reason=_("not read: {error}").format(error=exc))
    tag = data.get("format") if isinstance(data, dict) else None
    target = next((t for t in targets if can_migrate(tag, t)), None)
    if target is None:
        why = (_("already current") if tag in targets
               else _("no migration for format {tag!r}").format(tag=tag))
        return MigrationResult(shown, False, tag if isinstance(tag, str) else None, reason=why)
    migrated, notes = migrate_data(data, target)
    text = json.dumps(migrated, indent=2, ensure_ascii=False) + "\n"
    atomic_write_text(Path(path), text, backup=True)
    return MigrationResult(shown, True, tag, target, notes)


def migrate_package(path: str | os.PathLike[str], variant_format: str) -> MigrationResult:
    """Rewrite a game package whose variant members are of an older version: each migrated,
    the manifest's sizes, checksums and format tags updated, the zip written atomically with
    the old package kept as `NAME.bak`. A damaged package is left alone, with the reason."""
    from editor.model.package import read_package, zip_package

    shown = str(path)
    pkg = read_package(path)
    errors = [f for f in pkg.findings if f.is_error]
    if errors or pkg.manifest is None:
        return MigrationResult(shown, False, reason="not read: " + (
            errors[0].message if errors else "no manifest"))
    members, data, notes, source = [], [], [], None
    for member in pkg.manifest.members:
        raw = pkg.members[member.path]
        if member.format is not None and can_migrate(member.format, variant_format):
            source = member.format
            migrated, found = migrate_data(json.loads(raw.decode("utf-8-sig")), variant_format)
            notes += [f.located(f"{shown}!{member.path}") for f in found]
            raw = (json.dumps(migrated, indent=2, ensure_ascii=False) + "\n").encode("utf-8")
            member = member.model_copy(update={
                "format": variant_format, "size": len(raw),
                "sha256": hashlib.sha256(raw).hexdigest()})
        members.append(member)
        data.append(raw)
    if source is None:
        return MigrationResult(shown, False, reason="already current")
    manifest = pkg.manifest.model_copy(update={"members": members})
    atomic_write_bytes(path, zip_package(manifest, data), backup=True)
    return MigrationResult(shown, True, source, variant_format, notes)
