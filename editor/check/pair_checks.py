"""The pair check: what a variant needs of a board and the board lacks (PAIR_* codes of area
"pair": seats, capitals, the setup and its pieces and cargo, and the features the Conquest Plus /
Grand Conquest rules use).

`check_board_for_variant(board, variant)` returns findings with JSON pointers into the board;
`check_pair(board_path, variant)` is `conquest validate --board B --variant V`: the board's own
findings, the variant's, then the pair's, each located in its file.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from editor.check.validate import validate_board_file
from editor.check.variant_checks import check_variant
from editor.i18n import _, ngettext
from editor.model import load_board
from editor.model.board import Board, ConnectionKind, Placement, Setup
from editor.model.findings import Finding, Severity, define
from editor.model.names import FieldNames
from editor.model.terms import piece_name, seat_label
from editor.model.types import PieceType
from editor.model.variant import Variant, locate_variant, resolve_variant

E, W = Severity.ERROR, Severity.WARNING

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
PAIR_GRAIL_TEAM = define(
    "PAIR_GRAIL_TEAM", E, "Grail without the front field or roads a partnership game needs",
    "Partners mount each other's elephants and chariots only on the field in front of the "
    "grail (TEAM-13) and knights pass partners only on the grail roads (TEAM-12, BF-12): set the "
    "grail's 'front' and 'roads'.", area="pair")
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


def _listed(noun: str, ids) -> str:
    """Ids in plain words: "setups 'a' and 'b'", "seat 'south'", "no setups" (`noun`: "setup"
    or "seat")."""
    ids = [f"'{x}'" for x in ids]
    if not ids:
        return _("no setups") if noun == "setup" else _("no seats")
    shown = ids[0] if len(ids) == 1 else _("{items} and {last}").format(
        items=", ".join(ids[:-1]), last=ids[-1])
    if noun == "setup":
        return ngettext("setup {ids}", "setups {ids}", len(ids)).format(ids=shown)
    return ngettext("seat {ids}", "seats {ids}", len(ids)).format(ids=shown)


def _carry_ok(v: Variant, carrier: str, cargo: list) -> str | None:
    spec = v.pieces.get(PieceType(carrier)) if carrier in {str(t) for t in v.pieces} else None
    if spec is None:
        return None
    kinds = {str(x.piece) for x in cargo}
    if len(kinds) > 1:
        return _("{carrier} carries one kind of cargo at a time (CARRY-2, CARRY-6)").format(
            carrier=piece_name(carrier))
    for x in cargo:
        cap = spec.carries.get(x.piece, 0)
        if cap == 0:
            return _("{carrier} cannot carry {cargo}").format(
                carrier=piece_name(carrier), cargo=piece_name(str(x.piece)))
        if len(cargo) > cap:
            return _("{carrier} carries at most {n} {cargo}").format(
                carrier=piece_name(carrier), n=cap, cargo=piece_name(str(x.piece)))
        sub = _carry_ok(v, str(x.piece), x.cargo)
        if sub:
            return sub
    return None


def check_board_for_variant(board: Board, v: Variant) -> list[Finding]:
    """What the variant needs and the board lacks (pointers into the board)."""
    out = _seat_findings(board, v)
    setup = board.setup(v.setup) if v.setup else None
    if v.setup and setup is None:
        out.append(PAIR_SETUP_MISSING.at(
            _("the variant starts from setup '{setup}', the board has {listed}").format(
                setup=v.setup, listed=_listed('setup', [s.id for s in board.setups])), "/setups"))
    if setup is not None:
        out.extend(_setup_findings(board, setup, v))
    if len(v.seats) >= 4 and board.grail is None:
        out.append(PAIR_NO_GRAIL.at(_("the variant's grail rules need a grail"), "/grail"))
    if len(v.seats) >= 4 and v.options.one_way_passage_types and not any(
            c.one_way for c in board.connections):
        out.append(PAIR_NO_ONE_WAY.at(_("no connection has a one_way restriction"), "/connections"))
    out.extend(_gc_features(board, v))
    out.extend(_team_grail(board, v))
    wanted = "x_bridge" if v.options.narrow_bridge_rule == "x_no_elephants" else "rope_bridge"
    if len(v.seats) >= 4 and not any(
            c.kind == ConnectionKind.BRIDGE and c.bridge_class == wanted
            for c in board.connections):
        out.append(PAIR_NO_NARROW_BRIDGE.at(_("no bridge has bridge_class {wanted}").format(
                                                wanted=wanted),
                                            "/connections"))
    return out


def _seat_findings(board: Board, v: Variant) -> list[Finding]:
    """Every seat of the variant is on the board and has a capital (BF-7, BF-17)."""
    out: list[Finding] = []
    seats = {s.id for s in board.seats}
    for i, s in enumerate(v.seats):
        if s.id not in seats:
            out.append(PAIR_SEAT_MISSING.at(_("the variant seats '{seat}', the board has "
                                              "{listed}").format(
                                                seat=s.id, listed=_listed('seat', sorted(seats))),
                                                f"/seats/{i}"))
    castle_seats = {c.seat for c in board.castles}
    for s in v.seats:
        if s.id in seats and s.id not in castle_seats:
            out.append(PAIR_CASTLE_MISSING.at(_("seat '{seat}' has no capital").format(
                                                  seat=s.id), "/castles"))
    return out


def _setup_findings(board: Board, setup: Setup, v: Variant) -> list[Finding]:
    """The variant's setup on this board: its seats, pieces, cargo and harbours (BF-15)."""
    out: list[Finding] = []
    si = board.setups.index(setup)
    variant_seats = {s.id for s in v.seats}
    foreign = sorted({pl.seat for pl in setup.placements} - variant_seats)
    if foreign:
        first = next(j for j, pl in enumerate(setup.placements) if pl.seat in foreign)
        out.append(PAIR_SETUP_SEATS.at(
            _("setup '{setup}' places pieces of {listed}, which the variant does not seat (it "
              "seats {seated})").format(setup=setup.id, listed=_listed("seat", foreign),
                seated=_listed("seat", [s.id for s in v.seats])),
            f"/setups/{si}/placements/{first}"))
    used = set()
    names = FieldNames(board)
    for j, pl in enumerate(setup.placements):
        if pl.seat in variant_seats:
            used.add(pl.seat)
            out.extend(_placement_findings(board, pl, v, f"/setups/{si}/placements/{j}",
                                           names.name(pl.field)))
    seats = {s.id for s in board.seats}
    for s in v.seats:
        if s.id in seats and s.id not in used:
            out.append(PAIR_SETUP_EMPTY_SEAT.at(_("seat '{seat}' has no start pieces").format(
                                                    seat=s.id),
                                                f"/setups/{si}"))
    vessels = {str(t) for t, spec in v.pieces.items() if spec.terrain == "sea"}
    has_vessels = any(str(pl.piece) in vessels for pl in setup.placements)
    if has_vessels and not any(f.harbour for f in board.fields):
        out.append(PAIR_NO_HARBOUR.at(_("the setup has vessels but no field is a harbour"),
                                      "/fields"))
    return out


def _placement_findings(board: Board, pl: Placement, v: Variant, ptr: str,
                        where: str) -> list[Finding]:
    """One start piece of a seat the variant has: a type in play, allowed in its region
    (WILD-2), with cargo its carrier takes (CARRY-1, CARRY-2). `where`: its field as people
    read it (the printed number)."""
    out: list[Finding] = []
    spec = v.pieces.get(pl.piece)
    # land / sea terrain is the board check's PLACEMENT_TERRAIN; regions depend on the
    # variant's wilderness types
    who = {"seat": seat_label(pl.seat, board.seats), "piece": piece_name(str(pl.piece)),
           "where": where, "field": pl.field}
    if spec is not None and not spec.wilderness and any(r.id == pl.field
                                                        for r in board.regions):
        out.append(PAIR_SETUP_TERRAIN.at(
            _("{seat} {piece} in region '{field}': not a wilderness type of the variant "
              "(WILD-2)").format(**who), ptr))
    if spec is None:
        out.append(PAIR_SETUP_PIECE.at(
            _("{seat} {piece} on {where}: not a piece type of the variant").format(**who), ptr))
        return out
    if not spec.implemented:
        out.append(PAIR_PIECE_NOT_IMPLEMENTED.at(_("{piece} on {where}").format(**who), ptr))
    why = _carry_ok(v, str(pl.piece), pl.cargo)
    if why:
        out.append(PAIR_SETUP_CARGO.at(_("{seat} {piece} on {where}: {why}").format(
            why=why, **who), ptr + "/cargo"))
    return out


def _team_grail(board: Board, v: Variant) -> list[Finding]:
    """PAIR_GRAIL_TEAM: a partnership game reads the grail's front field (TEAM-13) and, when
    knights pass partners on the grail roads, its roads (TEAM-12)."""
    g = board.grail
    if not v.team_game or g is None:
        return []
    roads = v.options.knight_jump_partner_pieces == "grail_roads_only" and not g.roads
    if g.front and not roads:
        return []
    message = (_("the partnership game needs the grail's roads") if g.front else
               _("the partnership game needs the grail's front field and roads") if roads else
               _("the partnership game needs the grail's front field"))
    return [PAIR_GRAIL_TEAM.at(message, "/grail")]


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
                    _("castle '{castle}' has tower accesses without a drawbridge").format(
                        castle=castle.id),
                    f"/castles/{ci}"))
    if shooters and opts.catapult_fire_mode == "adjacent_with_slits":
        for ci, castle in enumerate(board.castles):
            if len(castle.towers) < 3:
                out.append(PAIR_NO_TOWER_RING.at(
                    _("castle '{castle}' has {n} towers").format(
                        castle=castle.id, n=len(castle.towers)), f"/castles/{ci}"))
        if opts.catapult_fire_via_arrow_slits and not board.arrow_slits:
            out.append(PAIR_NO_ARROW_SLITS.at(_("the board has no arrow slits"), "/arrow_slits"))
    if shooters and opts.catapult_fire_mode == "radius_cm" and board.scale is None:
        out.append(PAIR_NO_SCALE.at(_("catapult_fire_mode radius_cm needs the board scale"),
                                    "/scale"))
    if any(p.wilderness for p in v.pieces.values()):
        if not board.regions:
            out.append(PAIR_NO_REGIONS.at(_("the variant has wilderness pieces but the board no "
                                            "regions"), "/regions"))
        for ri, r in enumerate(board.regions):
            if not r.stairs:
                out.append(PAIR_REGION_NO_STAIRS.at(_("region '{region}' has no stair "
                                                      "fields").format(region=r.id),
                                                    f"/regions/{ri}/stairs"))
    if (any(p.build_limit is not None for p in v.pieces.values()) and board.grail is not None
            and not any(str(i.kind) == "central" for i in board.islands)):
        out.append(PAIR_NO_CENTRAL_ISLAND.at(_("no island has kind 'central'"), "/islands"))
    return out


def check_pair(board_path: str, variant: str) -> list[Finding]:
    """`conquest validate --board B --variant V`: the board's own findings, the variant's
    findings, then what the pair lacks (never raises)."""
    out: list[Finding] = list(validate_board_file(board_path))
    rv = resolve_variant(variant, Path.cwd())
    if rv.variant is None:
        return [*out, PAIR_VARIANT.at(_("variant '{variant}' cannot be resolved").format(
                                          variant=variant)).located(variant),
                *rv.findings]
    vpath = locate_variant(variant, Path.cwd())
    out.extend(rv.findings)
    out.extend(f.located(str(vpath) if vpath else variant) for f in check_variant(rv.variant))
    result = load_board(board_path)
    if result.model is None:
        return out
    return out + result.locate(check_board_for_variant(result.model, rv.variant))


def check_intended_variants(board: Board, base: Path | None,
                            resolve=resolve_variant) -> list[Finding]:
    """The pair check against every variant the board names in `variants` (relative to the
    board's folder `base`): what each needs and the board lacks, the variant named in the
    message; a name that resolves to no variant is PAIR_VARIANT at /variants/i. `resolve`
    (ref, base) -> ResolvedVariant may be a caching wrapper of `resolve_variant`."""
    out: list[Finding] = []
    for i, ref in enumerate(board.variants):
        variant = resolve(ref, base).variant
        if variant is None:
            out.append(PAIR_VARIANT.at(_("the board is made for variant '{ref}', which cannot be"
                                         " resolved").format(ref=ref), f"/variants/{i}"))
            continue
        out.extend(replace(f, message=_("for variant '{ref}': {message}").format(
                       ref=ref, message=f.message))
                   for f in check_board_for_variant(board, variant))
    return out
