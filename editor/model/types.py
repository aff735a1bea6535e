"""Shared value types of the file formats: ids, coordinates, piece types.

Floats are rounded on validation to the precision the writer uses, so a model loaded from a
file, saved and loaded again compares equal (deterministic files, ARCHITECTURE principle 7).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StringConstraints

#: Decimal places kept for coordinates and other real numbers in every file format.
FLOAT_DECIMALS = 3
#: Largest coordinate magnitude accepted (image pixels); guards against absurd values (issue
#: 12). Coordinates are image pixels with the origin at the top left; a negative one is
#: harmless (a field off the scan: FIELD_OUTSIDE_IMAGE, a warning) and boards written before the
#: bound was tightened to 0 keep loading (issue 26, files keep their meaning).
MAX_COORD = 1_000_000.0
MIN_COORD = -MAX_COORD

Id = Annotated[
    str,
    StringConstraints(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9][A-Za-z0-9_.\-]*$"),
    Field(description="Stable identifier: letters, digits, '_', '.', '-'; starts alphanumeric."),
]


def _round(value: float) -> float:
    return round(value, FLOAT_DECIMALS) + 0.0  # "+ 0.0" turns -0.0 into 0.0


Coord = Annotated[
    float,
    Field(ge=MIN_COORD, le=MAX_COORD, allow_inf_nan=False),
    AfterValidator(_round),
]
#: Smallest positive value the writer can represent (anything smaller would round to 0).
MIN_POSITIVE = 10.0**-FLOAT_DECIMALS

PositiveReal = Annotated[
    float, Field(ge=MIN_POSITIVE, le=MAX_COORD, allow_inf_nan=False), AfterValidator(_round)
]


class StrictModel(BaseModel):
    """Base of every file-format model: unknown keys are errors, NaN/inf are rejected."""

    model_config = ConfigDict(
        extra="forbid",
        allow_inf_nan=False,
        validate_assignment=True,
        use_attribute_docstrings=True,
        populate_by_name=True,
    )


class PieceType(StrEnum):
    """Every piece type of Conquest, Conquest Plus and Grand Conquest."""

    SOLDIER = "soldier"
    ELEPHANT = "elephant"
    KNIGHT = "knight"
    CHARIOT = "chariot"
    CAMEL = "camel"
    SHIP = "ship"
    GALLEON = "galleon"
    CATAPULT = "catapult"
    SIEGE_TOWER = "siege_tower"
    SIEGE_ENGINE = "siege_engine"

    @property
    def is_vessel(self) -> bool:
        return self in (PieceType.SHIP, PieceType.GALLEON)


class Point(StrictModel):
    """A point in image pixels (origin top left, y downwards)."""

    x: Coord = Field(description="Horizontal position in image pixels.")
    y: Coord = Field(description="Vertical position in image pixels (downwards).")
