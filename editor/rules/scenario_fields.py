"""Scenario files may name fields by id or by printed number (BOARD-5; no Qt).

`with_field_ids` returns the scenario with every field reference (position pieces, the response
scene, raised drawbridges, engine-notation step actions and the expected facts) rewritten to field
ids, plus a problem for each ambiguous name (a number that is a field id and another field's
printed number, or printed on two fields). Unknown names are left alone for the usual checks to
report. Puzzle-notation steps name printed numbers already and are not touched.
"""

from __future__ import annotations

from editor.i18n import _
from editor.model.board import Board
from editor.model.names import FieldNames
from editor.model.scenario import Expect, Scenario


class _Rewriter:
    def __init__(self, board: Board) -> None:
        self.names = FieldNames(board)
        self.problems: list[tuple[str, str]] = []

    def field(self, name: str, pointer: str) -> str:
        got = self.names.resolve(name)
        if got.field is not None:
            return got.field
        if name in self.names.ids or (name.isdigit() and int(name) in self.names.by_number):
            self._ambiguous(_("field '{name}': {problem}; name the field by its id").format(
                name=name, problem=got.problem), pointer)
        return name

    def action(self, text: str, pointer: str) -> str:
        out, problems = self.names.translate(text)
        for p in problems:
            self._ambiguous(_("action {action!r}: {problem}; name the field by its id").format(
                action=text, problem=p), pointer)
        return out

    def _ambiguous(self, message: str, pointer: str) -> None:
        self.problems.append((message, pointer))

    def expect(self, exp: Expect, ptr: str) -> Expect:
        return exp.model_copy(update={
            "pieces": {self.field(k, f"{ptr}/pieces"): v for k, v in exp.pieces.items()},
            "range_left": {self.field(k, f"{ptr}/range_left"): v
                           for k, v in exp.range_left.items()},
            "legal": [self.action(t, f"{ptr}/legal/{i}") for i, t in enumerate(exp.legal)],
            "illegal": {self.action(t, f"{ptr}/illegal"): c for t, c in exp.illegal.items()},
        })


def with_field_ids(scn: Scenario, board: Board) -> tuple[Scenario, list[tuple[str, str]]]:
    """The scenario with field ids everywhere, and the ambiguous names as (message, JSON
    pointer) pairs for the caller's finding."""
    rw = _Rewriter(board)
    update: dict[str, object] = {}
    if scn.position != "start":
        pos = scn.position
        pieces = [p.model_copy(update={"field": rw.field(p.field, f"/position/pieces/{i}/field")})
                  for i, p in enumerate(pos.pieces)]
        pending = pos.pending_response
        if pending is not None:
            pending = pending.model_copy(update={
                "scene": rw.field(pending.scene, "/position/pending_response/scene")})
        raised = {rw.field(k, "/position/drawbridges_raised"): v
                  for k, v in pos.drawbridges_raised.items()}
        update["position"] = pos.model_copy(update={
            "pieces": pieces, "pending_response": pending, "drawbridges_raised": raised})
    if scn.expect_initial is not None:
        update["expect_initial"] = rw.expect(scn.expect_initial, "/expect_initial")
    steps = []
    for i, step in enumerate(scn.steps):
        ptr = f"/steps/{i}"
        changes: dict[str, object] = {}
        if step.notation == "engine":
            changes["action"] = rw.action(step.action, ptr + "/action")
        if step.after is not None:
            changes["after"] = rw.expect(step.after, ptr + "/after")
        steps.append(step.model_copy(update=changes) if changes else step)
    update["steps"] = steps
    return scn.model_copy(update=update), rw.problems
