"""Format versions and migrations: files keep their meaning (ARCHITECTURE principle 10).

A change that alters what an existing file means bumps its format version (`conquest-variant/1`
-> `/2`). The module that owns a format registers a `Migration` from each older version to the
next; reading a file of an older version (`editor.model.io.parse_document`) migrates its JSON to
the current version before validation and reports `FORMAT_MIGRATED` (a warning) saying what was
assumed. `conquest migrate FILE...` and the editor rewrite such files (`migrate_file`:
`editor.model.migrate_files`: atomically, the old file kept as `NAME.bak`).
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass

from editor.i18n import _
from editor.model.findings import Finding, Severity, define

FORMAT_MIGRATED = define(
    "FORMAT_MIGRATED", Severity.WARNING, "File written in an older format version",
    "The file was read as the current version with the meaning it had when written; run "
    "'conquest migrate FILE' to rewrite it in the current version (the old file is kept as "
    "FILE.bak).", area="variant")


@dataclass(frozen=True)
class Migration:
    """One step from format tag `source` to `target`: `apply` changes the JSON object in
    place and returns what it assumed, in words (empty when the meaning needed nothing)."""

    source: str
    target: str
    apply: Callable[[dict], list[str]]


_STEPS: dict[str, Migration] = {}


def register_migration(step: Migration) -> None:
    """Register a migration step (at import time of the module that owns the format)."""
    known = _STEPS.get(step.source)
    if known is not None and known != step:
        raise ValueError(f"two migrations from {step.source}")
    _STEPS[step.source] = step


def _chain(tag: str, target: str) -> list[Migration] | None:
    """The steps from `tag` to `target`, or None when there is no path."""
    steps: list[Migration] = []
    while tag != target:
        step = _STEPS.get(tag)
        if step is None or len(steps) > len(_STEPS):
            return None
        steps.append(step)
        tag = step.target
    return steps


def can_migrate(tag: object, target: str) -> bool:
    """Whether a file tagged `tag` is an older version of `target`."""
    return isinstance(tag, str) and tag != target and bool(_chain(tag, target))


def current_tag(tag: str) -> str:
    """The newest version a tag migrates to (the tag itself when none)."""
    seen = 0
    while tag in _STEPS and seen <= len(_STEPS):
        tag, seen = _STEPS[tag].target, seen + 1
    return tag


def migrate_data(data: dict, target: str) -> tuple[dict, list[Finding]]:
    """A migrated deep copy of a JSON object tagged with an older version of `target`, and a
    FORMAT_MIGRATED finding (at /format) for each step that assumed something."""
    steps = _chain(str(data.get("format")), target) or []
    out = copy.deepcopy(data)
    findings: list[Finding] = []
    for step in steps:
        assumed = step.apply(out)
        out["format"] = step.target
        if assumed:  # a file the step did not touch means the same in both versions
            findings.append(FORMAT_MIGRATED.at(
                _("written as {source}, read as {target}; assumed {what}").format(
                    source=step.source, target=step.target, what="; ".join(assumed)),
                "/format"))
    return out, findings
