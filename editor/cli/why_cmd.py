"""`conquest why SCENARIO "ACTION"`: is an action legal here, and if not, why.

The position is the scenario's after its steps (or the first N with `--steps`), or the start
position of `--board B --variant V [--setup S]`. Prints `legal:` with the kind, AP cost and path,
or `illegal:` with the reason code, rule ID and message. Fields may be named by id or by printed
number. Exit 0 legal, 1 illegal, 2 usage, unreadable input (its findings are printed) or an
action whose notation cannot be read (E_BAD_NOTATION: the input is wrong, not the move).
"""

from __future__ import annotations

import argparse
import json
import sys

from editor.cli.exits import EXIT_FINDINGS, EXIT_OK, EXIT_USAGE
from editor.cli.variant_cmd import parse_options
from editor.engine.explain import E_BAD_NOTATION
from editor.i18n import N_, _
from editor.model.terms import kind_name

NAME = "why"
HELP = (N_("Say whether an action is legal in a scenario's position (after its steps) or at the "
           "start of a board and variant, with its AP cost and path, or why not (reason code, "
           "rule ID, message)."))


#: `why SCEN --steps 1 ACTION` as well as `why --steps 1 SCEN ACTION` (see cli.main).
INTERMIXED = "inputs"


USAGE = ("conquest why [options] SCENARIO ACTION\n"
         "       conquest why [options] --variant VARIANT [--board BOARD] ACTION")


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.usage = USAGE
    p.add_argument("inputs", nargs="+", metavar="SCENARIO ACTION",
                   help=_("a *.scenario.json file and an action in engine notation (with "
                          "--variant: the action alone)"))
    p.add_argument("--steps", type=int, default=None, metavar="N",
                   help=_("replay only the first N steps of the scenario"))
    p.add_argument("--board", metavar="BOARD",
                   help=_("board file or shipped board name (with --variant; default: the "
                          "variant's board)"))
    p.add_argument("--variant", metavar="VARIANT",
                   help=_("variant name or file: ask about the start position instead"))
    p.add_argument("--overlay", action="append", default=[], metavar="NAME|PATH",
                   help=_("with --variant: an overlay applied to the variant (repeatable)"))
    p.add_argument("--option", action="append", default=[], metavar="KEY=JSON",
                   help=_("with --variant: an option override, e.g. no_capture_rounds=6 "
                          "(repeatable)"))
    p.add_argument("--setup", metavar="SETUP", help=_("setup id of the board"))
    p.add_argument("--puzzle", action="store_true",
                   help=_("the action is in puzzle-book notation (RULES.md 5.9)"))
    p.add_argument("--format", choices=["text", "json"], default="text",
                   help=_("text: one line (default); json: an object with the verdict, kind, "
                          "AP cost, path and reason"))


def _usage(message: str) -> int:
    print(f"conquest why: {message}", file=sys.stderr)
    return EXIT_USAGE


def _session(args: argparse.Namespace):
    """(session, None) or (None, exit code) after printing why."""
    from pathlib import Path

    from editor.rules import session_io
    from editor.rules.session import SessionSource

    if args.variant:
        options = parse_options(args.option)
        if options is None:
            return None, EXIT_USAGE
        source = SessionSource(variant=args.variant, overlays=tuple(args.overlay),
                               options=options)
        session, findings = session_io.start_from_refs(args.board, source, args.setup)
    else:
        path = args.inputs[0]
        if not Path(path).is_file():
            return None, _usage(_("cannot read '{path}'").format(path=path))
        session, findings = session_io.load(path)
    for f in findings:
        print(f.format_line(), file=sys.stderr)
    if session is None:
        return None, EXIT_USAGE
    if not args.variant:
        want = len(session.pending) if args.steps is None else args.steps
        for i in range(min(want, len(session.pending))):
            before, step = len(session.history), session.pending[0]
            verdict = session.redo()
            if len(session.history) == before:
                print(_("conquest why: {scenario}: step {number} {text!r} (expected {expect}) does"
                        " not replay: {verdict} (run conquest check on it, or stop before it "
                        "with --steps)").format(
                          scenario=args.inputs[0], number=i + 1, text=step.text,
                          expect=step.expect, verdict=verdict), file=sys.stderr)
                return None, EXIT_USAGE
    return session, None


def run(args: argparse.Namespace) -> int:
    want = 1 if args.variant else 2
    if len(args.inputs) != want:
        return _usage(_('give SCENARIO "ACTION", or --variant V [--board B] "ACTION"')
                      if want == 2 else _('with --variant give the action alone: "ACTION"'))
    if args.steps is not None and (args.steps < 0 or args.variant):
        return _usage(_("--steps takes a number >= 0 and a scenario"))
    if args.board and not args.variant:
        return _usage(_("--board needs --variant (a scenario names its own board)"))
    session, code = _session(args)
    if session is None:
        return code
    text = args.inputs[-1]
    verdict = session.explain(text, "puzzle" if args.puzzle else "engine")
    turn = session.turn()
    if args.format == "json":
        v, r = verdict.view, verdict.reason
        print(json.dumps({
            "action": text, "read_as": verdict.text, "shown": verdict.shown,
            "legal": verdict.legal,
            "actor": turn.actor, "ap_left": turn.ap_left,
            "kind": str(v.kind) if v else None, "notation": v.full if v else None,
            "ap_cost": v.cost if v else None, "path": list(v.path) if v else None,
            "reason": None if r is None else {"code": r.code, "rule": r.rule,
                                              "message": r.message},
        }, indent=2, ensure_ascii=False))
    else:
        print(_text(session, verdict, turn))
    if verdict.reason is not None and verdict.reason.code == E_BAD_NOTATION:
        print(_("conquest why: the action cannot be read (engine notation such as "
                "'E s12>s14'; `conquest moves SCENARIO` lists what can be played)"),
              file=sys.stderr)
        return EXIT_USAGE
    return EXIT_OK if verdict.legal else EXIT_FINDINGS


def _text(session, verdict, turn) -> str:
    """The verdict as people read it: fields by printed number (ARCHITECTURE.md 11)."""
    if not verdict.legal:
        return _("illegal: {reason}").format(reason=verdict.reason)
    v = verdict.view
    path = " > ".join(session.names.name(f) for f in v.path)
    if turn.role == "mover":
        text = (_("legal: {action} ({kind}, {cost} AP of {left} left, path {path})")
                if len(v.path) > 1 else _("legal: {action} ({kind}, {cost} AP of {left} left)"))
    else:
        text = (_("legal: {action} ({kind}, {cost} AP, path {path})") if len(v.path) > 1
                else _("legal: {action} ({kind}, {cost} AP)"))
    return text.format(action=session.show(v.text), kind=kind_name(v.kind), cost=v.cost,
                       left=turn.ap_left, path=path)
