"""The board file format `conquest-board/1` (pydantic v2 models, no Qt).

One `Board` describes one printed board side: the graph of fields and connections, the
structures the rules need (castles, grail, islands, wilderness regions, arrow slits), seats and
named start setups, and the scan it was traced from. The JSON Schema in
`schema/board.schema.json` is generated from these classes (`conquest schema`).

Board features are those of `RULES.md` section 3 (BF-1 to BF-19); each class names the items it
expresses.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal

from pydantic import Field as F
from pydantic import StringConstraints

from editor.model.types import Coord, Id, PieceType, Point, PositiveReal, StrictModel

BOARD_FORMAT = "conquest-board/1"


class Terrain(StrEnum):
    """Land field or sea field (BF-1, BF-2)."""

    LAND = "land"
    SEA = "sea"


class ConnectionKind(StrEnum):
    """What a connection is on the printed map (BF-3, BF-4, BF-5, BF-7, BF-10)."""

    ROAD = "road"
    SEA_LANE = "sea_lane"
    HARBOUR_LINK = "harbour_link"
    BRIDGE = "bridge"
    CASTLE_ACCESS = "castle_access"
    WILDERNESS_PATH = "wilderness_path"


class BridgeClass(StrEnum):
    """Printed bridge marking (BF-5): the variant decides what each class restricts."""

    NORMAL = "normal"
    X_BRIDGE = "x_bridge"
    ROPE_BRIDGE = "rope_bridge"


class IslandKind(StrEnum):
    """Role of an island on the board (BF-18, BF-12)."""

    MAIN = "main"
    CENTRAL = "central"
    SMALL = "small"


class BoardSide(StrEnum):
    """Which physical board side a definition describes (BF-18)."""

    CONQUEST_2P = "conquest-2p"
    CONQUEST_4P = "conquest-4p"
    GRAND_CONQUEST_4P = "grand-conquest-4p"
    GRAND_CONQUEST_2P = "grand-conquest-2p"
    CUSTOM = "custom"


class ScanImage(StrictModel):
    """The scanned (or rendered) image the board was traced over."""

    path: str = F(
        min_length=1,
        max_length=1024,
        description="Image file path, relative to the board file (forward slashes).",
    )
    width: int = F(ge=1, le=200_000, description="Image width in pixels.")
    height: int = F(ge=1, le=200_000, description="Image height in pixels.")


class Calibration(StrictModel):
    """Two points on the scan a known distance apart, as measured by the designer."""

    a: Point = F(description="First calibration point (image pixels).")
    b: Point = F(description="Second calibration point (image pixels).")
    distance_cm: PositiveReal = F(description="Printed distance between a and b in cm.")


class Scale(StrictModel):
    """Image scale (BF-14): needed by the 4 cm catapult option (PIECE-CATAPULT-4)."""

    px_per_cm: PositiveReal = F(description="Image pixels per printed centimetre.")
    calibration: Calibration | None = F(
        default=None, description="The measurement px_per_cm was derived from, if any."
    )


class Seat(StrictModel):
    """A player's seat (BF-17): North, East, South, West, or the two seats of 2-player boards."""

    id: Id = F(description="Seat id, e.g. 'south'; referenced by castles, setups and variants.")
    name: str = F(max_length=64, description="Display name, e.g. 'South'.")
    colour: str = F(
        pattern=r"^#[0-9a-fA-F]{6}$", description="Display colour as #rrggbb."
    )
    main_island: Id | None = F(default=None, description="Id of the seat's main island.")


class Island(StrictModel):
    """An island (BF-18); fields name their island."""

    id: Id = F(description="Island id.")
    name: str = F(default="", max_length=64, description="Display name.")
    kind: IslandKind = F(
        default=IslandKind.SMALL,
        description="'main' (a seat's home island), 'central' (grail island, no building, "
        "BUILD-3) or 'small'.",
    )


class Field(StrictModel):
    """A node of the board graph on which one piece can stand (BF-1, BF-2)."""

    id: Id = F(description="Field id, stable across edits.")
    former_ids: list[Id] = F(
        default_factory=list, max_length=16,
        description="Ids the field had before a rename; they keep resolving wherever ids are "
        "read (scenarios, packages, house rules, notation, the command line).",
    )
    terrain: Terrain = F(description="'land' for land fields, 'sea' for sea fields.")
    x: Coord = F(description="Centre, horizontal, in image pixels.")
    y: Coord = F(description="Centre, vertical, in image pixels.")
    number: int | None = F(
        default=None,
        ge=0,
        le=99_999,
        description="Printed field number, used by puzzle-book notation (BOARD-5, BF-19).",
    )
    label: str = F(default="", max_length=128, description="Free text shown next to the field.")
    island: Id | None = F(
        default=None, description="Island the field belongs to (land fields; BF-18)."
    )
    harbour: bool = F(
        default=False,
        description="Sea field with an anchor mark: land pieces board and leave vessels here "
        "(BF-2, CARRY-4).",
    )
    unconfirmed: bool = F(
        default=False,
        description="Proposed by `conquest detect` and not yet confirmed by the designer; "
        "omitted (false) once accepted. Validation warns about every unconfirmed element.",
    )


class OneWay(StrictModel):
    """A passage that listed piece types may cross in one direction only (BF-6, OBST-1/2)."""

    to: Id = F(description="The end (field id) the bound piece types may move towards.")
    pieces: list[PieceType] | None = F(
        default=None,
        description="Piece types bound by the direction; null means the variant's "
        "one_way_passage_types (CONF-15).",
    )


class Connection(StrictModel):
    """An edge pieces move along (BF-3 to BF-8, BF-10).

    Roads, bridges and castle accesses join two land fields, sea lanes two sea fields, a harbour
    link a harbour sea field and a land field, and a wilderness path two regions.
    """

    id: Id = F(description="Connection id.")
    kind: ConnectionKind = F(description="What the connection is on the printed map.")
    a: Id = F(description="First end: a field id (a region id for wilderness paths).")
    b: Id = F(description="Second end: a field id (a region id for wilderness paths).")
    bridge_class: BridgeClass | None = F(
        default=None,
        description="For bridges: printed marking; x_bridge and rope_bridge restrictions come "
        "from the variant (OBST-3, OBST-4).",
    )
    barred: list[PieceType] = F(
        default_factory=list,
        description="Piece types that may never cross, in addition to the variant's rules.",
    )
    only_unloaded: list[PieceType] = F(
        default_factory=list,
        description="Piece types that may cross only while carrying nothing (e.g. elephants on "
        "rope bridges).",
    )
    one_way: OneWay | None = F(
        default=None, description="One-way restriction for some piece types (V passages)."
    )
    under_lane: Id | None = F(
        default=None,
        description="For bridges: id of the sea lane passing beneath, if the board draws one "
        "(MOVE-8).",
    )
    drawbridge: bool = F(
        default=False,
        description="For castle accesses: the access crosses a moat by a drawbridge (DRAW-1).",
    )
    crossing: Literal["bridge", "underpass"] | None = F(
        default=None,
        description="For wilderness paths: whether the path crosses over a bridge or through "
        "an underpass (WILD-1).",
    )
    unconfirmed: bool = F(
        default=False,
        description="Proposed by `conquest detect` and not yet confirmed by the designer; "
        "omitted (false) once accepted. Validation warns about every unconfirmed element.",
    )


class Tower(StrictModel):
    """One of the five fields of a capital or castle (BF-7, BF-9)."""

    field: Id = F(description="The tower's (castle) field.")
    access: Id = F(
        description="Id of the single connection into the tower; its other end is the field "
        "in front of the tower."
    )


class Castle(StrictModel):
    """A seat's capital (Conquest) or castle (Grand Conquest) of five towers (CASTLE-1)."""

    id: Id = F(description="Castle id.")
    seat: Id = F(description="Owning seat.")
    towers: list[Tower] = F(
        max_length=16,
        description="The five towers in ring order: each tower's fire neighbours are the ones "
        "before and after it, cyclically (PIECE-CATAPULT-17).",
    )
    moat: bool = F(default=False, description="The castle lies in a moat (Grand Conquest).")


class Grail(StrictModel):
    """The grail / Missions on the central island (BF-12, GRAIL-1)."""

    fields: list[Id] = F(max_length=16, description="The five red grail fields.")
    front: Id | None = F(
        default=None,
        description="The central field directly in front of the grail fields (TEAM-13).",
    )
    roads: list[Id] = F(
        default_factory=list,
        description="Connection ids of the roads leading to the grail (TEAM-12).",
    )


class RegionBorder(StrictModel):
    """A land field bordering a wilderness region, for catapult fire (BF-11)."""

    field: Id = F(description="The bordering land field.")
    screened: bool = F(
        default=False,
        description="Mountains screen the region completely from this field (no fire).",
    )


class Region(StrictModel):
    """A wilderness region (BF-10): one node for knights and camels (WILD-1)."""

    id: Id = F(description="Region id (shares the id space with fields).")
    name: str = F(default="", max_length=64, description="Display name.")
    colour: str = F(
        default="#8fbf6a",
        pattern=r"^#[0-9a-fA-F]{6}$",
        description="Display colour as #rrggbb.",
    )
    island: Id | None = F(default=None, description="Island the region lies on.")
    polygon: list[Point] = F(
        max_length=4096,
        description="Outline in image pixels, at least three points, not self-intersecting.",
    )
    stairs: list[Id] = F(
        default_factory=list,
        description="Stair fields linked to this region: the only way in and out (WILD-3).",
    )
    borders: list[RegionBorder] = F(
        default_factory=list,
        description="Land fields bordering the region and whether mountains screen them.",
    )
    capacity: int | None = F(
        default=None,
        ge=1,
        le=64,
        description="Pieces the region holds; null means the variant's "
        "wilderness_region_capacity (WILD-5).",
    )
    unconfirmed: bool = F(
        default=False,
        description="Proposed by `conquest detect` and not yet confirmed by the designer; "
        "omitted (false) once accepted. Validation warns about every unconfirmed element.",
    )


class ArrowSlit(StrictModel):
    """A yellow arrow-slit mark: a fire-only line between unconnected fields (BF-13)."""

    id: Id = F(description="Arrow slit id.")
    a: Id = F(description="First field.")
    b: Id = F(description="Second field.")


class Cargo(StrictModel):
    """A piece carried by another piece (CARRY-1, CARRY-2)."""

    piece: PieceType = F(description="Piece type of the carried piece.")
    cargo: list[Cargo] = F(
        default_factory=list, max_length=4, description="What this carried piece carries."
    )


class Placement(StrictModel):
    """One start piece: a seat's piece type on a start field, with its cargo (BF-15, BF-16)."""

    seat: Id = F(description="Owning seat.")
    field: Id = F(description="Start field.")
    piece: PieceType = F(description="Piece type placed.")
    cargo: list[Cargo] = F(default_factory=list, max_length=4, description="Initial cargo.")


class Setup(StrictModel):
    """A named start position, e.g. 'conquest' and 'conquest-plus' on one board."""

    id: Id = F(description="Setup id, referenced by variants.")
    name: str = F(default="", max_length=128, description="Display name.")
    placements: list[Placement] = F(
        default_factory=list, max_length=10_000, description="The start pieces of every seat."
    )


class Board(StrictModel):
    """A board definition: one printed board side as a graph (RULES.md section 3)."""

    format: Literal["conquest-board/1"] = F(
        default=BOARD_FORMAT, description="Format tag and version of this file."
    )
    name: str = F(max_length=128, description="Display name of the board.")
    side: BoardSide = F(
        default=BoardSide.CUSTOM, description="Which printed board side this describes."
    )
    description: str = F(default="", max_length=10_000, description="Notes for designers.")
    variants: list[Annotated[str, StringConstraints(min_length=1, max_length=256)]] = F(
        default_factory=list, max_length=16,
        description="The variants the board is made for: shipped variant names or paths "
        "relative to the board file. The editor runs the pair check against each while "
        "tracing. Optional; older boards name none.")
    image: ScanImage | None = F(default=None, description="The scan the board is traced over.")
    scale: Scale | None = F(default=None, description="Image scale in pixels per centimetre.")
    seats: list[Seat] = F(default_factory=list, max_length=16, description="Player seats.")
    islands: list[Island] = F(default_factory=list, max_length=256, description="Islands.")
    fields: list[Field] = F(default_factory=list, max_length=20_000, description="All fields.")
    connections: list[Connection] = F(
        default_factory=list, max_length=100_000, description="All connections."
    )
    castles: list[Castle] = F(
        default_factory=list, max_length=16, description="Capitals / castles."
    )
    grail: Grail | None = F(default=None, description="The grail, on 4-player boards.")
    regions: list[Region] = F(
        default_factory=list, max_length=2_000, description="Wilderness regions (GC)."
    )
    arrow_slits: list[ArrowSlit] = F(
        default_factory=list, max_length=10_000, description="Arrow-slit fire lines (GC)."
    )
    setups: list[Setup] = F(
        default_factory=list, max_length=64, description="Named start positions."
    )

    # ---- lookups (not serialised) -------------------------------------------------------

    def field_by_id(self) -> dict[str, Field]:
        return {f.id: f for f in self.fields}

    def region_by_id(self) -> dict[str, Region]:
        return {r.id: r for r in self.regions}

    def connection_by_id(self) -> dict[str, Connection]:
        return {c.id: c for c in self.connections}

    def setup(self, setup_id: str) -> Setup | None:
        return next((s for s in self.setups if s.id == setup_id), None)

    def px_to_cm(self, px: float) -> float | None:
        """Convert a pixel distance to printed centimetres, or None without a scale."""
        return px / self.scale.px_per_cm if self.scale else None


Cargo.model_rebuild()
