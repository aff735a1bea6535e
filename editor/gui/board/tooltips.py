"""Tool tips of the scene's items (no Qt): what an element is, its id and printed number, and its
restrictions spelled out ("barred: elephant; ships pass under")."""

from __future__ import annotations

from editor.model.board import Board, Connection, ConnectionKind, Field
from editor.model.names import FieldNames

KIND_NAMES = {
    ConnectionKind.ROAD: "road",
    ConnectionKind.SEA_LANE: "sea lane",
    ConnectionKind.HARBOUR_LINK: "harbour link",
    ConnectionKind.BRIDGE: "bridge",
    ConnectionKind.CASTLE_ACCESS: "castle access",
    ConnectionKind.WILDERNESS_PATH: "wilderness path",
}


def _pieces(values) -> str:
    return ", ".join(getattr(v, "value", str(v)).replace("_", " ") for v in values)


def field_name(field: Field) -> str:
    """'land field 12' (printed number) or 'land field f3' (no number)."""
    shown = field.number if field.number is not None else field.id
    return f"{field.terrain.value} field {shown}"


def node_name(board: Board, node: str, names: FieldNames | None = None) -> str:
    """A connection end as people read it (`FieldNames.label`); a region by its id."""
    names = names or FieldNames(board)
    return names.label(node) if node in names.ids else node


def field_label(board: Board, field: Field, names: FieldNames | None = None) -> str:
    """'land field 12' as the history and the inspector name a field (`FieldNames.label`)."""
    return f"{field.terrain.value} field {(names or FieldNames(board)).label(field.id)}"


#: the tooltip line of an element the detector proposed (Edit > Detect from scan)
PROPOSED_TIP = "proposed from the scan: Enter accepts, Delete rejects"


def field_tip(field: Field, decor: dict, names: FieldNames | None = None) -> str:
    """The field by its printed number (`FieldNames.name`: `37`, `37/south` where the number is
    repeated), then its id as a detail (programs and files use it), then what it is."""
    name = names.name(field.id) if names is not None else field_name(field).split()[-1]
    lines = [f"{field.terrain.value.capitalize()} field {name}", _id_detail(field, name)]
    if field.unconfirmed:
        lines.append(PROPOSED_TIP)
    if field.label:
        lines.append(f"label: {field.label}")
    if field.harbour:
        lines.append("harbour")
    if field.island:
        lines.append(f"island: {field.island}")
    if decor.get("tower"):
        lines.append(f"tower {decor['tower'][1] + 1} of a castle")
    if decor.get("grail"):
        lines.append("grail field")
    if decor.get("front"):
        lines.append("in front of the grail")
    if decor.get("stair"):
        lines.append("stair into a wilderness region")
    if decor.get("start"):
        lines.append(f"start field: {decor['start'][1].replace('_', ' ')}")
    return "\n".join(lines)


def _id_detail(field: Field, name: str) -> str:
    """The tooltip's id line: 'id s.36 (formerly s.L36)'; for a field without a number, that
    it has none."""
    text = f"id {field.id}"
    if field.former_ids:
        text += f" (formerly {', '.join(field.former_ids)})"
    if field.number is None:
        return text + "; no printed number"
    if name == field.id != str(field.number):  # the number does not say which field alone
        return text + f"; printed number {field.number}, which names another field too"
    return text


def restrictions(c: Connection, names: FieldNames | None = None) -> list[str]:
    """Every restriction of a connection in words (its ends by printed number with `names`)."""
    out = []
    if c.bridge_class is not None:
        out.append(c.bridge_class.value.replace("_", " ") if hasattr(c.bridge_class, "value")
                   else str(c.bridge_class).replace("_", " "))
    if c.barred:
        out.append(f"barred: {_pieces(c.barred)}")
    if c.only_unloaded:
        out.append(f"only unloaded: {_pieces(c.only_unloaded)}")
    if c.one_way is not None:
        who = _pieces(c.one_way.pieces) if getattr(c.one_way, "pieces", None) else "everyone"
        to = names.name(c.one_way.to) if names is not None else c.one_way.to
        out.append(f"one way to {to} for {who}")
    if c.under_lane:
        out.append(f"ships pass under (sea lane {c.under_lane})")
    if c.drawbridge:
        out.append("drawbridge")
    if c.crossing:
        out.append(f"crosses by {'a bridge' if c.crossing == 'bridge' else 'an underpass'}")
    return out


def connection_name(board: Board, c: Connection, names: FieldNames | None = None) -> str:
    """'bridge c28 (3 - 4)'."""
    names = names or FieldNames(board)
    return (f"{KIND_NAMES.get(c.kind, str(c.kind))} {c.id} "
            f"({node_name(board, c.a, names)} - {node_name(board, c.b, names)})")


def connection_tip(board: Board, c: Connection, names: FieldNames | None = None) -> str:
    names = names or FieldNames(board)
    rest = restrictions(c, names)
    name = connection_name(board, c, names)
    return name[0].upper() + name[1:] + ("\n" + "; ".join(rest) if rest else "") + (
        "\n" + PROPOSED_TIP if c.unconfirmed else "")


def slit_tip(board: Board, slit) -> str:
    return (f"Arrow slit {slit.id} ({node_name(board, slit.a)} - {node_name(board, slit.b)}): "
            "fire only")


def region_tip(region, names: FieldNames | None = None) -> str:
    """A region, its stair and border fields by printed number (with `names`)."""
    name = names.name if names is not None else str
    parts = [f"Wilderness region {region.name or region.id} (id {region.id})"]
    if region.stairs:
        parts.append(f"stairs: {', '.join(map(name, region.stairs))}")
    if region.borders:
        parts.append("borders: " + ", ".join(
            name(b.field) + (" (screened)" if b.screened else "") for b in region.borders))
    return "\n".join(parts)
