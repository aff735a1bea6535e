"""Validators for variant and scenario files, and the board/variant pair check.

Registered with `editor.check.validate` (which imports this module), so `conquest validate`
handles `*.variant.json` and `*.scenario.json`, and `conquest validate --board B --variant V`
calls `check_pair`.
"""

from __future__ import annotations

from pathlib import Path

from editor.check.validate import register_validator
from editor.model.board import Board, ConnectionKind
from editor.model.findings import Finding, Severity, define, pointer_join
from editor.model.scenario import SCENARIO_FORMAT, load_scenario
from editor.model.types import PieceType
from editor.model.variant import VARIANT_FORMAT, Variant, resolve_variant
from editor.rules import scenario_run

E, W = Severity.ERROR, Severity.WARNING

VARIANT_INCOMPLETE = define(
    "VARIANT_INCOMPLETE", E, "Variant lacks what a game needs",
    "A playable variant has at least two seats, piece types, a setup and victory conditions; "
    "add them or mark the file as an overlay (\"overlay\": true).", area="variant")
VARIANT_DUPLICATE = define(
    "VARIANT_DUPLICATE", E, "Duplicate seat or piece letter",
    "Give every seat once and every piece type its own letter.", area="variant")
VARIANT_UNKNOWN_TYPE = define(
    "VARIANT_UNKNOWN_TYPE", E, "Piece type not in play",
    "Carry tables, the capture matrix and type lists may name only piece types listed under "
    "'pieces'.", area="variant")
VARIANT_UNSUPPORTED = define(
    "VARIANT_UNSUPPORTED", W, "Rule not implemented by this engine yet",
    "The engine implements the Conquest editions (C2, C4, CT); Conquest Plus and Grand "
    "Conquest rules named here are not applied yet.", area="variant")
VARIANT_TEAMS = define(
    "VARIANT_TEAMS", E, "Team setup is inconsistent",
    "Team games need an even number of seats; custom teams list every seat exactly once.",
    area="variant")

PAIR_VARIANT = define(
    "PAIR_VARIANT", E, "Variant cannot be resolved",
    "Fix the variant file (see its own findings).", area="pair")
PAIR_SEAT_MISSING = define(
    "PAIR_SEAT_MISSING", E, "Board lacks a seat the variant uses",
    "Add the seat to the board, or use a variant for this board.", area="pair")
PAIR_SETUP_MISSING = define(
    "PAIR_SETUP_MISSING", E, "Board lacks the variant's setup",
    "Add a setup with this id to the board (BF-15), or set the variant's 'setup'.", area="pair")
PAIR_SETUP_SEATS = define(
    "PAIR_SETUP_SEATS", E, "Setup places pieces of seats the variant does not have",
    "Use a setup for the variant's seats (a board setup per seat count, BF-15), or a variant "
    "with these seats.", area="pair")
PAIR_SETUP_TERRAIN = define(
    "PAIR_SETUP_TERRAIN", E, "Setup places a piece in a region it may not enter",
    "Wilderness regions only hold the variant's wilderness types (WILD-2); move the piece to a "
    "field.", area="pair")
PAIR_SETUP_PIECE = define(
    "PAIR_SETUP_PIECE", E, "Setup places a piece the variant does not have",
    "Remove the placement or add the piece type to the variant.", area="pair")
PAIR_SETUP_CARGO = define(
    "PAIR_SETUP_CARGO", E, "Setup cargo the carrier cannot take",
    "Fix the cargo: see the variant's carry tables (CARRY-1, CARRY-2).", area="pair")
PAIR_SETUP_EMPTY_SEAT = define(
    "PAIR_SETUP_EMPTY_SEAT", W, "A seat has no pieces in the setup",
    "Add the seat's start pieces (SETUP-5, BF-15).", area="pair")
PAIR_CASTLE_MISSING = define(
    "PAIR_CASTLE_MISSING", E, "Seat without a capital",
    "Every seat has a five-field capital (CASTLE-1, BF-7); add a castle for the seat.",
    area="pair")
PAIR_NO_GRAIL = define(
    "PAIR_NO_GRAIL", W, "No grail on the board",
    "4-player Conquest needs the grail on the central island (GRAIL-1, BF-12).", area="pair")
PAIR_NO_ONE_WAY = define(
    "PAIR_NO_ONE_WAY", W, "No one-way passages on the board",
    "4-player Conquest has three V passages toward the grail (OBST-1, BF-6); mark them.",
    area="pair")
PAIR_NO_NARROW_BRIDGE = define(
    "PAIR_NO_NARROW_BRIDGE", W, "No narrow bridges on the board",
    "The variant's narrow_bridge_rule expects x_bridge / rope_bridge connections (OBST-3, "
    "OBST-4, BF-5).", area="pair")
PAIR_NO_HARBOUR = define(
    "PAIR_NO_HARBOUR", W, "Vessels but no harbour",
    "Land pieces board vessels only in harbours (CARRY-4, BF-2, BF-3); flag harbour fields and "
    "link them to land.", area="pair")
PAIR_PIECE_NOT_IMPLEMENTED = define(
    "PAIR_PIECE_NOT_IMPLEMENTED", W, "Setup uses a piece type the engine does not fully support",
    "Conquest Plus / Grand Conquest pieces move as plain pieces until their rules exist.",
    area="pair")

PAIR_NO_DRAWBRIDGES = define(
    "PAIR_NO_DRAWBRIDGES", E, "Castles without drawbridges",
    "Grand Conquest needs every tower access to cross a moat by a drawbridge (DRAW-1, BF-8): set "
    "'drawbridge' on the castle_access connections.", area="pair")
PAIR_NO_TOWER_RING = define(
    "PAIR_NO_TOWER_RING", W, "Castle towers not in a ring",
    "Catapults in towers fire at the two neighbouring towers (PIECE-CATAPULT-17, BF-9): list "
    "the five towers of each castle in ring order.", area="pair")
PAIR_NO_REGIONS = define(
    "PAIR_NO_REGIONS", E, "No wilderness regions",
    "Knights and camels use wilderness regions (WILD-1, BF-10): draw the regions, their stair "
    "fields and the wilderness paths.", area="pair")
PAIR_REGION_NO_STAIRS = define(
    "PAIR_REGION_NO_STAIRS", E, "Region without stair fields",
    "A region is entered only from its stair fields (WILD-3): link at least one.", area="pair")
PAIR_NO_ARROW_SLITS = define(
    "PAIR_NO_ARROW_SLITS", W, "No arrow slits",
    "The Grand Conquest catapult fires across the yellow arrow slits (PIECE-CATAPULT-12, "
    "BF-13); the board marks none.", area="pair")
PAIR_NO_CENTRAL_ISLAND = define(
    "PAIR_NO_CENTRAL_ISLAND", W, "No central island",
    "Nothing may be built on the central island (BUILD-3, BF-12): mark the grail's island with "
    "kind 'central'.", area="pair")
PAIR_NO_SCALE = define(
    "PAIR_NO_SCALE", E, "Board scale not calibrated",
    "The 4 cm catapult (PIECE-CATAPULT-4, BF-14) measures field centres in cm: calibrate the "
    "board's scale (px_per_cm).", area="pair")

#: option values whose rules this engine does not implement (the engine plays the default)
_UNSUPPORTED_OPTIONS = {
    ("galleon_catapult_land_targets", "any_adjacent"): "PIECE-CATAPULT-15",
}
_UNSUPPORTED_VICTORY: dict[str, str] = {}


def check_variant(v: Variant) -> list[Finding]:
    """Semantic checks of a resolved variant (pointers into the resolved object)."""
    out: list[Finding] = []
    types = {str(t) for t in v.pieces}
    if not v.overlay:
        parent = "or extend a complete variant (\"extends\": \"conquest-4p\"), "
        if len(v.seats) < 2:
            out.append(VARIANT_INCOMPLETE.at("a game needs at least two seats", "/seats", hint=(
                f"List the seats in turn order under \"seats\" (e.g. [{{\"id\": \"south\"}}, "
                f"{{\"id\": \"north\"}}]), {parent}or set \"overlay\": true.")))
        if not v.pieces:
            out.append(VARIANT_INCOMPLETE.at("no piece types", "/pieces", hint=(
                f"Describe each piece type under \"pieces\" (letter, range, terrain), {parent}"
                "or set \"overlay\": true.")))
        if not v.setup:
            out.append(VARIANT_INCOMPLETE.at("no setup named", "/setup", hint=(
                "Name the board setup the game starts from in \"setup\" (a setup id of the "
                "board, e.g. \"conquest\"), or set \"overlay\": true.")))
        if not v.victory:
            out.append(VARIANT_INCOMPLETE.at("no victory conditions", "/victory", hint=(
                f"Add conditions under \"victory\" (e.g. {{\"kind\": \"capital_occupation\", "
                f"\"rule\": \"WIN-1\"}}), {parent}or set \"overlay\": true.")))
    seen: set[str] = set()
    for i, s in enumerate(v.seats):
        if s.id in seen:
            out.append(VARIANT_DUPLICATE.at(f"seat '{s.id}' listed twice", f"/seats/{i}/id",
                                            hint=f"Remove seat {i + 1} ('{s.id}') or give it "
                                            "the id of the board seat meant."))
        seen.add(s.id)
    letters: dict[str, str] = {}
    for name, spec in v.pieces.items():
        if spec.letter in letters:
            free = sorted(set("ABCDEFGHIJKLMNOPQRSTUVWXYZ") - {p.letter for p in v.pieces.values()})
            out.append(VARIANT_DUPLICATE.at(
                f"letter {spec.letter} used by {letters[spec.letter]} and {name}",
                pointer_join("pieces", str(name), "letter"),
                hint=f"Give {name} a letter of its own, e.g. {', '.join(free[:3])}."))
        letters[spec.letter] = str(name)
        for t in spec.carries:
            if str(t) not in types:
                out.append(VARIANT_UNKNOWN_TYPE.at(
                    f"{name} carries '{t}', which is not in play",
                    pointer_join("pieces", str(name), "carries", str(t)),
                    hint=f"Add '{t}' under \"pieces\", or remove it from {name}'s carries."))
    for cap, targets in v.capture_matrix.items():
        for j, t in enumerate([cap, *targets]):
            if str(t) not in types:
                out.append(VARIANT_UNKNOWN_TYPE.at(
                    f"capture matrix names '{t}', which is not in play",
                    pointer_join("capture_matrix", str(cap)) + ("" if j == 0 else f"/{j - 1}"),
                    hint=f"Add '{t}' under \"pieces\", or remove it from the capture matrix "
                    f"({'the row' if j == 0 else 'the targets'} of {cap})."))
    if v.team_game:
        if len(v.seats) % 2:
            out.append(VARIANT_TEAMS.at(
                "a team game needs an even number of seats", "/seats",
                hint=f"The variant seats {len(v.seats)}: add or remove a seat, or set "
                "\"team_game\": false."))
        if v.options.team_pairing == "custom":
            listed = [s for team in v.teams for s in team]
            if sorted(listed) != sorted(s.id for s in v.seats):
                missing = sorted({s.id for s in v.seats} - set(listed))
                twice = sorted({s for s in listed if listed.count(s) > 1})
                out.append(VARIANT_TEAMS.at(
                    "custom teams must list every seat once", "/teams",
                    hint=f"Seats missing from \"teams\": {missing or 'none'}; listed more than "
                    f"once or unknown: {twice or sorted(set(listed) - {s.id for s in v.seats})}."))
    opts = v.options.model_dump()
    for (name, value), rule in _UNSUPPORTED_OPTIONS.items():
        if rule and opts.get(name) == value:
            out.append(VARIANT_UNSUPPORTED.at(
                f"option {name}={value} ({rule}) is not implemented; the engine plays the "
                "Conquest default", f"/options/{name}"))
    if v.options.wilderness_region_capacity != 1:
        out.append(VARIANT_UNSUPPORTED.at(
            "wilderness_region_capacity other than 1 (WILD-5) is not implemented; a region "
            "holds one piece", "/options/wilderness_region_capacity"))
    for i, cond in enumerate(v.victory):
        if cond.kind in _UNSUPPORTED_VICTORY:
            out.append(VARIANT_UNSUPPORTED.at(
                f"victory condition {cond.kind} ({_UNSUPPORTED_VICTORY[cond.kind]}) is not "
                "checked yet", f"/victory/{i}/kind"))
    for name, spec in v.pieces.items():
        if not spec.implemented:
            out.append(VARIANT_UNSUPPORTED.at(
                f"piece type {name}: special rules not implemented",
                pointer_join("pieces", str(name), "implemented")))
    return out


def validate_variant_file(path: str) -> list[Finding]:
    rv = resolve_variant(path if path.endswith(".json") else f"./{path}")
    if rv.variant is None:
        return rv.findings
    return rv.findings + [f.located(path) for f in check_variant(rv.variant)]


def validate_scenario_file(path: str) -> list[Finding]:
    result = load_scenario(path)
    if result.model is None:
        return result.findings
    ld = scenario_run.load(path)
    return ld.findings


register_validator(VARIANT_FORMAT, validate_variant_file)
register_validator(SCENARIO_FORMAT, validate_scenario_file)


def _carry_ok(v: Variant, carrier: str, cargo: list) -> str | None:
    spec = v.pieces.get(PieceType(carrier)) if carrier in {str(t) for t in v.pieces} else None
    if spec is None:
        return None
    kinds = {str(x.piece) for x in cargo}
    if len(kinds) > 1:
        return f"{carrier} carries one kind of cargo at a time (CARRY-2, CARRY-6)"
    for x in cargo:
        cap = spec.carries.get(x.piece, 0)
        if cap == 0:
            return f"{carrier} cannot carry {x.piece}"
        if len(cargo) > cap:
            return f"{carrier} carries at most {cap} {x.piece}"
        sub = _carry_ok(v, str(x.piece), x.cargo)
        if sub:
            return sub
    return None


def check_board_for_variant(board: Board, v: Variant) -> list[Finding]:
    """What the variant needs and the board lacks (pointers into the board)."""
    out: list[Finding] = []
    seats = {s.id for s in board.seats}
    for i, s in enumerate(v.seats):
        if s.id not in seats:
            out.append(PAIR_SEAT_MISSING.at(f"the variant seats '{s.id}', the board has "
                                            f"{sorted(seats)}", f"/seats/{i}"))
    castle_seats = {c.seat for c in board.castles}
    for s in v.seats:
        if s.id in seats and s.id not in castle_seats:
            out.append(PAIR_CASTLE_MISSING.at(f"seat '{s.id}' has no capital", "/castles"))
    setup = board.setup(v.setup) if v.setup else None
    if v.setup and setup is None:
        out.append(PAIR_SETUP_MISSING.at(
            f"the variant starts from setup '{v.setup}', the board has "
            f"{[s.id for s in board.setups]}", "/setups"))
    types = {str(t) for t in v.pieces}
    if setup is not None:
        si = board.setups.index(setup)
        used = set()
        variant_seats = {s.id for s in v.seats}
        foreign = sorted({pl.seat for pl in setup.placements} - variant_seats)
        if foreign:
            first = next(j for j, pl in enumerate(setup.placements) if pl.seat in foreign)
            out.append(PAIR_SETUP_SEATS.at(
                f"setup '{setup.id}' places pieces of {foreign}, which the variant does not "
                f"seat (it seats {[s.id for s in v.seats]})",
                f"/setups/{si}/placements/{first}"))
        region_ids = {r.id for r in board.regions}
        for j, pl in enumerate(setup.placements):
            ptr = f"/setups/{si}/placements/{j}"
            if pl.seat not in variant_seats:
                continue
            spec = v.pieces.get(pl.piece)
            # land / sea terrain is the board check's PLACEMENT_TERRAIN; regions depend on the
            # variant's wilderness types
            if spec is not None and pl.field in region_ids and not spec.wilderness:
                out.append(PAIR_SETUP_TERRAIN.at(
                    f"{pl.seat} {pl.piece} in region '{pl.field}': not a wilderness type of the "
                    "variant (WILD-2)", ptr))
            used.add(pl.seat)
            if str(pl.piece) not in types:
                out.append(PAIR_SETUP_PIECE.at(f"{pl.seat} {pl.piece} on {pl.field}: not a piece "
                                               "type of the variant", ptr))
                continue
            if not v.pieces[pl.piece].implemented:
                out.append(PAIR_PIECE_NOT_IMPLEMENTED.at(f"{pl.piece} on {pl.field}", ptr))
            why = _carry_ok(v, str(pl.piece), pl.cargo)
            if why:
                out.append(PAIR_SETUP_CARGO.at(f"{pl.seat} {pl.piece} on {pl.field}: {why}",
                                               ptr + "/cargo"))
        for s in v.seats:
            if s.id in seats and s.id not in used:
                out.append(PAIR_SETUP_EMPTY_SEAT.at(f"seat '{s.id}' has no start pieces",
                                                    f"/setups/{si}"))
        has_vessels = any(str(pl.piece) in ("ship", "galleon") for pl in setup.placements)
        if has_vessels and not any(f.harbour for f in board.fields):
            out.append(PAIR_NO_HARBOUR.at("the setup has vessels but no field is a harbour",
                                          "/fields"))
    if len(v.seats) >= 4 and board.grail is None:
        out.append(PAIR_NO_GRAIL.at("the variant's grail rules need a grail", "/grail"))
    if len(v.seats) >= 4 and v.options.one_way_passage_types and not any(
            c.one_way for c in board.connections):
        out.append(PAIR_NO_ONE_WAY.at("no connection has a one_way restriction", "/connections"))
    out.extend(_gc_features(board, v))
    wanted = "x_bridge" if v.options.narrow_bridge_rule == "x_no_elephants" else "rope_bridge"
    if len(v.seats) >= 4 and not any(
            c.kind == ConnectionKind.BRIDGE and c.bridge_class == wanted
            for c in board.connections):
        out.append(PAIR_NO_NARROW_BRIDGE.at(f"no bridge has bridge_class {wanted}",
                                            "/connections"))
    return out


def _gc_features(board: Board, v: Variant) -> list[Finding]:
    """Board features the Conquest Plus / Grand Conquest rules of the variant need."""
    out: list[Finding] = []
    opts = v.options
    kinds = {c.kind for c in v.victory}
    shooters = any(p.shoots for p in v.pieces.values())
    conns = board.connection_by_id()
    if "siege_in_tower" in kinds or (shooters
                                     and opts.catapult_castle_access == "allowed_with_drawbridges"):
        for ci, castle in enumerate(board.castles):
            if any(not (conns.get(t.access) and conns[t.access].drawbridge)
                   for t in castle.towers):
                out.append(PAIR_NO_DRAWBRIDGES.at(
                    f"castle '{castle.id}' has tower accesses without a drawbridge",
                    f"/castles/{ci}"))
    if shooters and opts.catapult_fire_mode == "adjacent_with_slits":
        for ci, castle in enumerate(board.castles):
            if len(castle.towers) < 3:
                out.append(PAIR_NO_TOWER_RING.at(
                    f"castle '{castle.id}' has {len(castle.towers)} towers", f"/castles/{ci}"))
        if opts.catapult_fire_via_arrow_slits and not board.arrow_slits:
            out.append(PAIR_NO_ARROW_SLITS.at("the board has no arrow slits", "/arrow_slits"))
    if shooters and opts.catapult_fire_mode == "radius_cm" and board.scale is None:
        out.append(PAIR_NO_SCALE.at("catapult_fire_mode radius_cm needs the board scale",
                                    "/scale"))
    if any(p.wilderness for p in v.pieces.values()):
        if not board.regions:
            out.append(PAIR_NO_REGIONS.at("the variant has wilderness pieces but the board no "
                                          "regions", "/regions"))
        for ri, r in enumerate(board.regions):
            if not r.stairs:
                out.append(PAIR_REGION_NO_STAIRS.at(f"region '{r.id}' has no stair fields",
                                                    f"/regions/{ri}/stairs"))
    if (any(p.build_limit is not None for p in v.pieces.values()) and board.grail is not None
            and not any(str(i.kind) == "central" for i in board.islands)):
        out.append(PAIR_NO_CENTRAL_ISLAND.at("no island has kind 'central'", "/islands"))
    return out


def check_pair(board_path: str, variant: str) -> list[Finding]:
    """`conquest validate --board B --variant V`: the board's own findings, the variant's
    findings, then what the pair lacks (never raises)."""
    from editor.check.validate import validate_board_file
    from editor.model import load_board
    from editor.model.variant import locate_variant

    out: list[Finding] = list(validate_board_file(board_path))
    rv = resolve_variant(variant, Path.cwd())
    if rv.variant is None:
        return [*out, PAIR_VARIANT.at(f"variant '{variant}' cannot be resolved").located(variant),
                *rv.findings]
    vpath = locate_variant(variant, Path.cwd())
    out.extend(rv.findings)
    out.extend(f.located(str(vpath) if vpath else variant) for f in check_variant(rv.variant))
    result = load_board(board_path)
    if result.model is None:
        return out
    return out + result.locate(check_board_for_variant(result.model, rv.variant))
