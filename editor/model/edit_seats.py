"""Edits of seats and what belongs to them (no Qt): castles and towers, setups and start
pieces, the grail, islands; and the one cascade the reference table cannot say by itself: a
deleted tower access is replaced or the tower leaves its castle (`repoint_tower_access`).
"""

from __future__ import annotations

from collections.abc import Sequence

from editor.model.board import (
    Board,
    Castle,
    Connection,
    ConnectionKind,
    Grail,
    Island,
    IslandKind,
    Placement,
    Seat,
    Setup,
    Tower,
)
from editor.model.edit_base import (
    EditError,
    Recorder,
    castle_of,
    connection_between,
    connections_of,
    find,
    fresh_id,
    need,
    node_ids,
    operation,
    remove_where,
    unique_id,
)
from editor.model.types import PieceType

# ---- castles, grail, islands ------------------------------------------------------------


@operation
def add_castle(rec: Recorder, board: Board, seat: str, *, ident: str | None = None,
               moat: bool = False) -> None:
    taken = {c.id for c in board.castles}
    if ident is None:
        ident = seat if seat not in taken else unique_id(taken, f"{seat}-castle")
    elif ident in taken:
        raise EditError(f"castle id '{ident}' is already used")
    rec.insert(board, "castles", None, Castle(id=ident, seat=seat, towers=[], moat=moat))
    rec.touch("castle", ident)
    rec.edit.created.append(("castle", ident))


def _check_castle_fields(board: Board, towers: Sequence[tuple[str, str]]) -> None:
    """Refuse, with the reason, a ring that cannot be a castle (CASTLE-1)."""
    by_id = board.field_by_id()
    seen: set[str] = set()
    for i, (tower, front) in enumerate(towers, 1):
        for fid in (tower, front):
            if fid not in by_id:
                raise EditError(f"tower {i}: no field '{fid}'")
        if tower == front:
            raise EditError(f"tower {i}: the field in front of a tower must be another field")
        if tower in seen:
            raise EditError(f"field '{tower}' is already tower "
                            f"{[t for t, _ in towers].index(tower) + 1} of this castle")
        seen.add(tower)
        current = castle_of(board, tower)
        if current is not None:
            raise EditError(f"field '{tower}' is already tower {current[1] + 1} of castle "
                            f"'{current[0].id}'")
    fronts = {f for _, f in towers}
    if fronts & seen:
        raise EditError(f"field '{sorted(fronts & seen)[0]}' cannot be both a tower and the "
                        "field in front of a tower (towers share no edge, CASTLE-1)")


@operation
def build_castle(rec: Recorder, board: Board, seat: str,
                 towers: Sequence[tuple[str, str]], *, moat: bool = False) -> None:
    """A seat's castle in one edit (CASTLE-1): `towers` lists (tower field, field in front)
    in ring order; each tower's access is the connection to the field in front (a castle
    access is added where there is none). The seat's empty castle is filled, else a new one."""
    need(board.seats, seat, "seat")
    if not towers:
        raise EditError("click the tower fields first")
    if len(towers) > 16:
        raise EditError("a castle has at most 16 towers")
    _check_castle_fields(board, towers)
    castle = next((c for c in board.castles if c.seat == seat), None)
    if castle is not None and castle.towers:
        raise EditError(f"seat '{seat}' already has castle '{castle.id}' with "
                        f"{len(castle.towers)} towers; delete it or edit its towers")
    if castle is None:
        taken = {c.id for c in board.castles}
        ident = seat if seat not in taken else unique_id(taken, f"{seat}-castle")
        castle = Castle(id=ident, seat=seat, towers=[], moat=moat)
        rec.insert(board, "castles", None, castle)
        rec.edit.created.append(("castle", ident))
    for tower, front in towers:
        conn = connection_between(board, tower, front)
        if conn is None:
            conn = Connection(id=fresh_id(board, {c.id for c in board.connections}, "c"),
                              kind=ConnectionKind.CASTLE_ACCESS, a=front, b=tower)
            rec.insert(board, "connections", None, conn)
            rec.touch("connection", conn.id)
        rec.insert(castle, "towers", None, Tower(field=tower, access=conn.id))
        rec.touch("field", tower)
    rec.touch("castle", castle.id)


def _access_for(board: Board, fid: str) -> str:
    conns = connections_of(board, fid)
    if not conns:
        raise EditError(f"connect field '{fid}' to the field in front of the tower first "
                        "(its access)")
    preferred = [c for c in conns if c.kind == ConnectionKind.CASTLE_ACCESS]
    return (preferred or conns)[0].id


@operation
def assign_tower(rec: Recorder, board: Board, field_id: str, castle_id: str | None,
                 index: int | None = None) -> None:
    """Make a field tower `index` (ring order) of a castle, or no tower when castle_id is None.

    The tower's access is the field's castle-access connection (else its only connection).
    """
    need(board.fields, field_id, "field")
    current = castle_of(board, field_id)
    access = None
    if current is not None:
        castle, i = current
        access = castle.towers[i].access
        rec.remove(castle, "towers", castle.towers[i])
        rec.touch("castle", castle.id)
    if castle_id is not None:
        castle = need(board.castles, castle_id, "castle")
        if access is None or not any(c.id == access for c in connections_of(board, field_id)):
            access = _access_for(board, field_id)
        if len(castle.towers) >= 16:
            raise EditError(f"castle '{castle_id}' has too many towers")
        rec.insert(castle, "towers", index, Tower(field=field_id, access=access))
        rec.touch("castle", castle.id)
    rec.touch("field", field_id)


@operation
def set_tower_access(rec: Recorder, board: Board, field_id: str, conn_id: str) -> None:
    """Choose which connection of a tower field is its access (CASTLE-1)."""
    current = castle_of(board, field_id)
    if current is None:
        raise EditError(f"field '{field_id}' is not a tower; choose its castle first")
    conn = need(board.connections, conn_id, "connection")
    if field_id not in (conn.a, conn.b):
        raise EditError(f"connection '{conn_id}' does not touch field '{field_id}'; a tower's "
                        "access joins it to the field in front of it")
    castle, i = current
    rec.set(castle.towers[i], "access", conn_id)
    rec.touch("castle", castle.id)
    rec.touch("field", field_id)


@operation
def set_grail_fields(rec: Recorder, board: Board, field_ids: Sequence[str]) -> None:
    """The grail fields as a list (the inspector's Grail fields box and its Pick button)."""
    fields = board.field_by_id()
    for fid in field_ids:
        if fid not in fields:
            raise EditError(f"no field '{fid}'")
    grail = _grail(rec, board)
    old = set(grail.fields)
    rec.set(grail, "fields", list(dict.fromkeys(field_ids)))
    for fid in old ^ set(field_ids):
        rec.touch("field", fid)
    rec.touch("board", "grail")


def repoint_tower_access(rec: Recorder, board: Board, gone: set[str]) -> None:
    """Connection -> tower access cascade (CASTLE-1): a tower whose access connection is gone
    takes another connection of its field as its access (a castle access first); with none
    left it leaves its castle, since a tower cannot be entered without an access."""
    for castle in board.castles:
        orphans = []
        for tower in castle.towers:
            if tower.access not in gone:
                continue
            left = [c for c in connections_of(board, tower.field) if c.id not in gone]
            preferred = [c for c in left if c.kind == ConnectionKind.CASTLE_ACCESS]
            if left:
                rec.set(tower, "access", (preferred or left)[0].id)
            else:
                orphans.append(tower)
            rec.touch("castle", castle.id)
            rec.touch("field", tower.field)
        if orphans:
            remove_where(rec, castle, "towers", lambda t, o=orphans: any(t is x for x in o))


def _grail(rec: Recorder, board: Board) -> Grail:
    if board.grail is None:
        rec.set(board, "grail", Grail(fields=[]))
    return board.grail


@operation
def set_grail_flag(rec: Recorder, board: Board, field_ids: Sequence[str], on: bool) -> None:
    """Add fields to the grail fields or remove them."""
    for fid in field_ids:
        need(board.fields, fid, "field")
        if on:
            g = _grail(rec, board)
            if fid not in g.fields:
                if len(g.fields) >= 16:
                    raise EditError("the grail has too many fields")
                rec.set(g, "fields", [*g.fields, fid])
        elif board.grail is not None and fid in board.grail.fields:
            rec.set(board.grail, "fields", [x for x in board.grail.fields if x != fid])
        rec.touch("field", fid)
    rec.touch("board", "grail")


@operation
def set_grail_front(rec: Recorder, board: Board, field_id: str | None) -> None:
    g = _grail(rec, board)
    old = g.front
    rec.set(g, "front", field_id)
    for f in (old, field_id):
        if f:
            rec.touch("field", f)
    rec.touch("board", "grail")


@operation
def set_grail_road(rec: Recorder, board: Board, conn_ids: Sequence[str], on: bool) -> None:
    g = _grail(rec, board)
    roads = list(g.roads)
    for cid in conn_ids:
        need(board.connections, cid, "connection")
        if on and cid not in roads:
            roads.append(cid)
        elif not on and cid in roads:
            roads.remove(cid)
        rec.touch("connection", cid)
    rec.set(g, "roads", roads)
    rec.touch("board", "grail")


@operation
def add_island(rec: Recorder, board: Board, ident: str, name: str = "",
               kind: IslandKind | str = IslandKind.SMALL) -> None:
    if find(board.islands, ident) is not None:
        raise EditError(f"island id '{ident}' is already used")
    rec.insert(board, "islands", None, Island(id=ident, name=name, kind=IslandKind(kind)))
    rec.touch("island", ident)
    rec.edit.created.append(("island", ident))


@operation
def set_central_flag(rec: Recorder, board: Board, field_ids: Sequence[str], on: bool) -> None:
    """Put fields on the central island (created as 'central' if missing) or take them off."""
    central = next((i for i in board.islands if i.kind == IslandKind.CENTRAL), None)
    if on and central is None:
        ident = unique_id({i.id for i in board.islands}, "central") \
            if find(board.islands, "central") else "central"
        central = Island(id=ident, name="Central island", kind=IslandKind.CENTRAL)
        rec.insert(board, "islands", None, central)
        rec.touch("island", ident)
    for fid in field_ids:
        f = need(board.fields, fid, "field")
        if on:
            rec.set(f, "island", central.id)
        elif central is not None and f.island == central.id:
            rec.set(f, "island", None)
        rec.touch("field", fid)


# ---- seats, setups, start pieces -------------------------------------------------------


DEFAULT_SEATS = {
    "south": ("South", "#c0392b"), "west": ("West", "#27ae60"),
    "north": ("North", "#2c6fbb"), "east": ("East", "#d4a017"),
}


@operation
def add_seat(rec: Recorder, board: Board, ident: str, name: str | None = None,
             colour: str | None = None) -> None:
    if find(board.seats, ident) is not None:
        raise EditError(f"seat '{ident}' already exists")
    dname, dcol = DEFAULT_SEATS.get(ident, (ident.title(), "#888888"))
    rec.insert(board, "seats", None,
               Seat(id=ident, name=name if name is not None else dname, colour=colour or dcol))
    rec.touch("seat", ident)
    rec.edit.created.append(("seat", ident))


@operation
def add_setup(rec: Recorder, board: Board, ident: str, name: str = "") -> None:
    if find(board.setups, ident) is not None:
        raise EditError(f"setup '{ident}' already exists")
    rec.insert(board, "setups", None, Setup(id=ident, name=name))
    rec.touch("setup", ident)
    rec.edit.created.append(("setup", ident))


@operation
def place_piece(rec: Recorder, board: Board, setup_id: str, seat: str, field_id: str,
                piece: PieceType | str | None) -> None:
    """Place a start piece on a field (replacing what the setup had there); None removes it."""
    setup = need(board.setups, setup_id, "setup")
    if field_id not in node_ids(board):
        raise EditError(f"no field '{field_id}'")
    old = next((p for p in setup.placements if p.field == field_id), None)
    index = None
    if old is not None:
        index = next(i for i, p in enumerate(setup.placements) if p is old)
        rec.remove(setup, "placements", old)
    if piece is not None:
        rec.insert(setup, "placements", index,
                   Placement(seat=seat, field=field_id, piece=PieceType(piece)))
    rec.touch("setup", setup_id)
    rec.touch("field", field_id)


@operation
def add_cargo(rec: Recorder, board: Board, setup_id: str, field_id: str,
              piece: PieceType | str) -> None:
    """Put a piece aboard the start piece on a field (e.g. soldiers on a ship)."""
    from editor.model.board import Cargo

    setup = need(board.setups, setup_id, "setup")
    carrier = next((p for p in setup.placements if p.field == field_id), None)
    if carrier is None:
        raise EditError(f"no start piece on '{field_id}' to carry the {PieceType(piece).value}")
    if len(carrier.cargo) >= 4:
        raise EditError(f"the {carrier.piece.value} on '{field_id}' carries 4 pieces already")
    rec.set(carrier, "cargo", [*carrier.cargo, Cargo(piece=PieceType(piece))])
    rec.touch("setup", setup_id)
    rec.touch("field", field_id)
