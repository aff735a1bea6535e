"""`conquest moves SCENARIO`: the legal actions (with AP cost) in a scenario's position."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from editor.cli.exits import EXIT_FINDINGS, EXIT_OK, EXIT_USAGE
from editor.engine.game import MOVE, RESP
from editor.i18n import N_, _, ngettext
from editor.model.names import FieldNames
from editor.model.terms import seat_label
from editor.rules import scenario_run
from editor.rules.notation import exact_text, parse_or_reason, parse_puzzle

NAME = "moves"
HELP = N_("List the legal actions and their AP cost in a scenario's position (after its steps).")


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("scenario", metavar="SCENARIO",
                   help=_("a *.scenario.json file, or a game package (*.conquest): its start "
                          "position"))
    p.add_argument("--piece", metavar="FIELD", help=_("only actions of the stack on this field "
                                                      "(its printed number or its id)"))
    p.add_argument("--steps", type=int, default=None, metavar="N",
                   help=_("replay only the first N steps (default: all legal steps)"))
    p.add_argument("--full-path", action="store_true", help=_("print whole paths"))
    p.add_argument("--format", choices=["text", "json"], default="text",
                   help=_("text: one action per line (default); json: an object with who acts, "
                          "AP left and the actions (notation, AP cost, path)"))


def _start(args: argparse.Namespace) -> tuple[object | None, list, int]:
    """(state, steps to replay, exit code): a scenario's position, or a package's start."""
    from editor.model.package import is_package

    if is_package(args.scenario):
        from editor.cli.game_args import game_or_exit

        game, code = game_or_exit(args.scenario, None)
        return (game.initial_state() if game else None), [], code or EXIT_OK
    ld = scenario_run.load(args.scenario)
    for f in ld.findings:
        print(f.format_line(), file=sys.stderr)
    if ld.state is None:
        return None, [], EXIT_FINDINGS
    steps = ld.scenario.steps if args.steps is None else ld.scenario.steps[: args.steps]
    return ld.state, steps, EXIT_OK


def run(args: argparse.Namespace) -> int:
    if not Path(args.scenario).is_file():
        print(_("conquest moves: cannot read '{path}'").format(path=args.scenario),
              file=sys.stderr)
        return EXIT_USAGE
    st, steps, code = _start(args)
    if st is None:
        return code
    for step in steps:
        if step.expect != "legal":
            continue
        if step.notation == "puzzle":
            a, why = parse_puzzle(st, step.action)
            why = why or (st.explain(a) if a else None)
        else:
            a, why = parse_or_reason(st, step.action)
        if why is not None:
            print(_("conquest moves: step {step} is illegal: {why}").format(
                step=repr(step.action), why=why), file=sys.stderr)
            return EXIT_FINDINGS
        st.apply(a)
    c = st.game.compiled
    names = FieldNames(c.board)
    want = None
    if args.piece:
        got = names.resolve(args.piece)
        if got.field is None:
            print(_("conquest moves: --piece: {problem}").format(problem=got.problem),
                file=sys.stderr)
            return EXIT_USAGE
        want = set(st.pieces_at(c.node_index[got.field]))
    rows = []
    for a in st.legal_actions():
        if want is not None and (a[0] not in (MOVE, RESP) or a[1] not in want):
            continue
        cost = st.action_cost(a)
        text = exact_text(st, a, args.full_path)
        rows.append({"action": text, "shown": names.show(text), "ap": cost,
                     "path": [c.node_ids[v] for v in a[2]] if a[0] in (MOVE, RESP) else None})
    head = {"actor": st.actor, "to_move": c.seat_ids[st.mover], "ap_left": st.ap_left(),
            "response_window": st.response_window() is not None,
            "terminal": st.is_terminal(),
            "actions": rows}
    if args.format == "json":
        print(json.dumps(head, indent=2, ensure_ascii=False))
    else:
        print(_("# actor {actor}, {seat} to move, {ap} AP left").format(
            actor=seat_label(head["actor"], c.board.seats) if head["actor"] else "-",
            seat=seat_label(head["to_move"], c.board.seats), ap=head["ap_left"])
              + (_(", response window open") if head["response_window"] else "")
              + (_(", game over") if st.is_terminal() else ""))
        for r in rows:
            print(f"{r['shown']:<40} " + _("{cost} AP").format(cost=r["ap"]))
        print(ngettext("# {n} action", "# {n} actions", len(rows)).format(n=len(rows)))
    return EXIT_OK
