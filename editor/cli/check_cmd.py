"""`conquest check SCENARIO...`: replay scenarios and report every failed expectation."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from editor.cli.exits import EXIT_FINDINGS, EXIT_OK, EXIT_USAGE
from editor.i18n import N_, _
from editor.model.findings import has_errors
from editor.model.io import is_file, locate_in_files
from editor.rules import scenario_run

NAME = "check"
HELP = N_("Replay scenario files; print each failed expectation with file:line:col (exit 1). "
          "A game package (*.conquest) is checked as a whole: contents, pair check, start "
          "position.")


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("paths", nargs="+", metavar="SCENARIO",
                   help=_("*.scenario.json files or folders holding them"))
    p.add_argument("--format", choices=["text", "json"], default="text")


def _expand(paths: list[str]) -> list[str]:
    out = []
    for p in paths:
        path = Path(p)
        if path.is_dir():
            out.extend(str(x) for x in sorted(path.rglob("*.scenario.json")))
        else:
            out.append(p)
    return out


def _check_one(path: str) -> list:
    from editor.model.package import is_package

    if is_package(path):
        from editor.rules.package_check import check_package

        return [f for f in check_package(path) if f.is_error]
    return scenario_run.run(path)


def run(args: argparse.Namespace) -> int:
    files = _expand(args.paths)
    missing = [p for p in files if not is_file(p)]
    for p in missing:
        print(_("conquest check: cannot read '{path}'").format(path=p), file=sys.stderr)
    if missing or not files:
        if not files:
            print(_("conquest check: no scenario files found"), file=sys.stderr)
        return EXIT_USAGE
    report = {p: locate_in_files(_check_one(p)) for p in files}
    if args.format == "json":
        print(json.dumps([{"path": p, "findings": [f.to_dict() for f in fs]}
                          for p, fs in report.items()], indent=2, ensure_ascii=False))
    else:
        for fs in report.values():
            for f in fs:
                print(f.format_line())
        failed = sum(1 for fs in report.values() if has_errors(fs))
        print(_("{n} scenario(s) checked: {passed} passed, {failed} failed").format(
            n=len(files), passed=len(files) - failed, failed=failed), file=sys.stderr)
    return EXIT_FINDINGS if any(has_errors(fs) for fs in report.values()) else EXIT_OK
