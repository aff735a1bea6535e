"""The scenario file format `conquest-scenario/1` (pydantic v2 models, no Qt).

A scenario is a board (path relative to the scenario, or inline), a variant (name or path, plus
overlays and option overrides), a position ("start" or explicit pieces and turn state) and a list
of steps: an action in notation with its expected verdict (legal, or illegal with a reason code)
and optional facts expected afterwards. `conquest check` replays scenarios; the worked examples of
RULES.md section 5 live in tests/scenarios/.
"""

from __future__ import annotations

import os
from typing import Annotated, Literal

from pydantic import Field as F

from editor.model.board import Board, Cargo
from editor.model.io import LoadResult, load_document
from editor.model.schema import SchemaSpec, register
from editor.model.types import Id, PieceType, StrictModel

SCENARIO_FORMAT = "conquest-scenario/1"

#: Counts of a position and of expectations: action points, steps, captured pieces, legal
#: actions. Never negative; the upper bound is far above any game (issue 12).
Count = Annotated[int, F(ge=0, le=100_000)]


class VariantRef(StrictModel):
    """Which rules: a variant name or path (relative to the scenario) plus changes."""

    name: str = F(min_length=1, max_length=1024, description="Variant name or path.")
    overlays: list[str] = F(default_factory=list, description="Overlay variants to apply.")
    options: dict[str, object] = F(
        default_factory=dict, description="Option overrides (RULES.md 2.0 names).")


class PositionPiece(StrictModel):
    """One piece (stack) of a position."""

    owner: Id = F(description="Owning seat.")
    piece: PieceType = F(description="Piece type.")
    field: Id = F(description="Field it stands on.")
    cargo: list[Cargo] = F(default_factory=list, max_length=4, description="What it carries.")
    steps_used: int = F(default=0, ge=0, le=100,
                        description="Steps already used this turn (MOVE-5, TURN-5).")


class PendingResponse(StrictModel):
    """An open response window (RECAP-1): the capturer is the stack on `scene`."""

    victim: Id = F(description="Seat whose piece was captured.")
    scene: Id = F(description="Field of the capture.")
    end_turn_after: bool = F(
        default=False, description="The capture was the mover's last action (TURN-11).")
    partner_only: bool = F(
        default=False,
        description="TEAM-14: a last-action capture against the next player; he may answer "
        "only with his partner's pieces or catapult.")


class Position(StrictModel):
    """A position: pieces and the turn state."""

    pieces: list[PositionPiece] = F(default_factory=list, max_length=10_000,
                                    description="Pieces on the board.")
    to_move: Id = F(description="Seat whose turn it is.")
    turn: int | None = F(
        default=None, ge=0, le=1_000_000,
        description="Turns already played (opening budgets apply in the first round, TURN-7/8); "
        "null = the first turn of to_move in the second round.")
    ap_spent: int = F(default=0, ge=0, le=1000, description="AP spent this turn.")
    captured: dict[Id, Count] = F(default_factory=dict,
                                  description="Pieces each seat captured so far (CAPT-11).")
    turns_without_capture: int = F(default=0, ge=0, le=1_000_000,
                                   description="Turns since the last capture (WIN-9, CONF-20).")
    drawbridges_raised: dict[Id, Id] = F(
        default_factory=dict,
        description="Raised drawbridges: tower field -> seat that raised it (DRAW-2..4).")
    pending_response: PendingResponse | None = F(
        default=None, description="An open response window.")


class Expect(StrictModel):
    """Facts expected after a step (every key optional)."""

    ap_left: Count | None = F(default=None, description="AP left for the mover.")
    ap_spent: Count | None = F(default=None, description="AP spent this turn.")
    budget: dict[Id, Count] = F(default_factory=dict, description="Current budget per seat.")
    to_move: Id | None = F(default=None, description="Seat whose turn it is.")
    actor: Id | None = F(default=None, description="Seat that acts next.")
    pieces: dict[Id, str | None] = F(
        default_factory=dict,
        description="Field -> 'seat:STACK' (puzzle letters, e.g. 'south:Ess') or null for empty.")
    range_left: dict[Id, Count] = F(
        default_factory=dict, description="Field -> steps left of the top piece there.")
    captured: dict[Id, Count] = F(default_factory=dict, description="Pieces captured per seat.")
    frozen: list[Id] | None = F(default=None, description="Exactly these seats are frozen.")
    response_window: bool | None = F(default=None, description="A response window is open.")
    terminal: bool | None = F(default=None, description="The game is over.")
    winners: list[Id] | None = F(default=None, description="Winners (empty list = draw).")
    legal: list[str] = F(default_factory=list, description="Actions that must be legal now.")
    illegal: dict[str, str] = F(
        default_factory=dict, description="Action -> reason code it must be refused with.")
    legal_count: Count | None = F(default=None, description="Number of legal actions now.")


class Step(StrictModel):
    """One action and what must happen."""

    action: str = F(min_length=1, max_length=500, description="Action text.")
    notation: Literal["engine", "puzzle"] = F(
        default="engine", description="Engine notation or puzzle-book notation (5.9).")
    expect: Literal["legal", "illegal"] = F(default="legal", description="Expected verdict.")
    reason: str | None = F(default=None, description="Reason code expected when illegal.")
    rule: str | None = F(default=None, description="Rule ID expected with the reason.")
    note: str = F(default="", max_length=2000, description="Free text.")
    after: Expect | None = F(default=None, description="Facts expected afterwards.")


class Scenario(StrictModel):
    """A rules scenario: board, variant, position and steps with expectations."""

    format: Literal["conquest-scenario/1"] = F(
        default=SCENARIO_FORMAT, description="Format tag and version of this file.")
    name: str = F(max_length=200, description="Scenario name, e.g. 'EX-1 recapture'.")
    description: str = F(default="", max_length=20_000, description="What it shows.")
    rules: list[str] = F(default_factory=list, description="Rule IDs the scenario exercises.")
    board: str | Board = F(description="Board path (relative to this file) or inline board.")
    variant: str | VariantRef = F(description="Variant name/path, or a reference with changes.")
    setup: Id | None = F(default=None, description="Setup id for position 'start'.")
    position: Literal["start"] | Position = F(description="'start' or an explicit position.")
    expect_initial: Expect | None = F(default=None, description="Facts before the first step.")
    steps: list[Step] = F(default_factory=list, max_length=100_000, description="The steps.")


register(SchemaSpec("scenario.schema.json", lambda: Scenario, SCENARIO_FORMAT))


def load_scenario(path: str | os.PathLike[str]) -> LoadResult[Scenario]:
    return load_document(path, Scenario, SCENARIO_FORMAT)
