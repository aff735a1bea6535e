"""Rewriting files of an older format version in the current one (`conquest migrate`, the
editor's offer on open): the steps are `editor.model.migrate`'s, the write is atomic and keeps
`NAME.bak`."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path

from editor.model.findings import Finding
from editor.model.io import FileTooLarge, atomic_write_text, read_limited
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
        return MigrationResult(shown, False, reason=f"not read: {exc}")
    tag = data.get("format") if isinstance(data, dict) else None
    target = next((t for t in targets if can_migrate(tag, t)), None)
    if target is None:
        why = "already current" if tag in targets else f"no migration for format {tag!r}"
        return MigrationResult(shown, False, tag if isinstance(tag, str) else None, reason=why)
    migrated, notes = migrate_data(data, target)
    text = json.dumps(migrated, indent=2, ensure_ascii=False) + "\n"
    atomic_write_text(Path(path), text, backup=True)
    return MigrationResult(shown, True, tag, target, notes)
