"""`conquest migrate FILE...`: rewrite files of an older format version in the current one.

Each file is read, migrated step by step (`editor.model.migrate`; for example a
`conquest-variant/1` file gets the piece flags its piece names implied) and written back
atomically, the old file kept as `FILE.bak`. What was assumed is printed as FORMAT_MIGRATED
notes. A file already current is left alone. A game package gets its variant members migrated
and its manifest's checksums updated (every package is also migrated whenever it is read).
"""

from __future__ import annotations

import argparse
import sys

from editor.cli.exits import EXIT_OK, EXIT_USAGE
from editor.i18n import N_, _
from editor.model.package import is_package
from editor.model.schema import SCHEMAS

NAME = "migrate"
HELP = (N_("Rewrite board, variant and scenario files and game packages of an older format "
           "version in the current one (atomically; the old file is kept as FILE.bak)."))


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("files", nargs="+", metavar="FILE", help=_("files to migrate in place"))


def run(args: argparse.Namespace) -> int:
    from editor.check.validate import VALIDATORS  # registers every format and its migrations
    from editor.model.migrate_files import migrate_file, migrate_package
    from editor.model.variant import VARIANT_FORMAT

    current = [spec.format_tag for spec in SCHEMAS if spec.format_tag in VALIDATORS]
    unusable = 0
    for path in args.files:
        if is_package(path):
            result = migrate_package(path, VARIANT_FORMAT)
        else:
            result = migrate_file(path, current)
        if not result.changed:
            unusable += result.reason.startswith("not read")
            print(_("{path}: not changed: {reason}").format(path=path, reason=result.reason),
                file=sys.stderr)
            continue
        for note in result.notes or []:
            print((note if note.path else note.located(path)).format_line())
        print(_("{path}: migrated {source} -> {target} (old file kept as {path}.bak)").format(
                  path=path, source=result.source, target=result.target), file=sys.stderr)
    return EXIT_USAGE if unusable else EXIT_OK
