"""Tool tips of the scene's items (no Qt): what an element is, its id and printed number, and its
restrictions spelled out ("barred: elephant; ships pass under")."""

from __future__ import annotations

from editor.i18n import N_, _
from editor.model.board import Board, Connection, ConnectionKind, Field, Terrain
from editor.model.names import FieldNames
from editor.model.terms import piece_name

#: connection kinds as the history and the tips name them (marked; shown with `_()`)
KIND_NAMES = {
    ConnectionKind.ROAD: N_("road"),
    ConnectionKind.SEA_LANE: N_("sea lane"),
    ConnectionKind.HARBOUR_LINK: N_("harbour link"),
    ConnectionKind.BRIDGE: N_("bridge"),
    ConnectionKind.CASTLE_ACCESS: N_("castle access"),
    ConnectionKind.WILDERNESS_PATH: N_("wilderness path"),
}
#: printed bridge markings (`BridgeClass`)
BRIDGE_CLASSES = {"normal": N_("normal"), "x_bridge": N_("x bridge"),
                  "rope_bridge": N_("rope bridge")}
#: element kinds (`editor.model.refs.KINDS` nouns) in the user's language
NOUNS = {"field": N_("field"), "connection": N_("connection"), "region": N_("region"),
         "arrow slit": N_("arrow slit"), "castle": N_("castle"), "seat": N_("seat"),
         "setup": N_("setup"), "island": N_("island")}


def noun(english: str) -> str:
    """An element kind's noun in the user's language."""
    return _(NOUNS[english]) if english in NOUNS else english


def kind_name(kind: ConnectionKind) -> str:
    """'road', 'Straße', 'strada'."""
    return _(KIND_NAMES[kind]) if kind in KIND_NAMES else str(kind)


def _pieces(values) -> str:
    return ", ".join(piece_name(getattr(v, "value", str(v))) for v in values)


def _terrain_field(terrain: Terrain, shown: object) -> str:
    text = _("land field {name}") if terrain == Terrain.LAND else _("sea field {name}")
    return text.format(name=shown)


def field_name(field: Field) -> str:
    """'land field 12' (printed number) or 'land field f3' (no number)."""
    return _terrain_field(field.terrain, field.number if field.number is not None else field.id)


def node_name(board: Board, node: str, names: FieldNames | None = None) -> str:
    """A connection end as people read it (`FieldNames.label`); a region by its id."""
    names = names or FieldNames(board)
    return names.label(node) if node in names.ids else node


def field_label(board: Board, field: Field, names: FieldNames | None = None) -> str:
    """'land field 12' as the history and the inspector name a field (`FieldNames.label`)."""
    return _terrain_field(field.terrain, (names or FieldNames(board)).label(field.id))


#: the tooltip line of an element the detector proposed (Edit > Detect from scan)
PROPOSED_TIP = N_("proposed from the scan: Enter accepts, Delete rejects")


def field_tip(field: Field, decor: dict, names: FieldNames | None = None) -> str:
    """The field by its printed number (`FieldNames.name`: `37`, `37/south` where the number is
    repeated), then its id as a detail (programs and files use it), then what it is."""
    name = names.name(field.id) if names is not None else str(
        field.number if field.number is not None else field.id)
    title = _terrain_field(field.terrain, name)
    lines = [title[:1].upper() + title[1:], _id_detail(field, name)]
    if field.unconfirmed:
        lines.append(_(PROPOSED_TIP))
    if field.label:
        lines.append(_("label: {label}").format(label=field.label))
    if field.harbour:
        lines.append(_("harbour"))
    if field.island:
        lines.append(_("island: {island}").format(island=field.island))
    if decor.get("tower"):
        lines.append(_("tower {n} of a castle").format(n=decor["tower"][1] + 1))
    if decor.get("grail"):
        lines.append(_("grail field"))
    if decor.get("front"):
        lines.append(_("in front of the grail"))
    if decor.get("stair"):
        lines.append(_("stair into a wilderness region"))
    if decor.get("start"):
        lines.append(_("start field: {piece}").format(piece=piece_name(decor["start"][1])))
    return "\n".join(lines)


def _id_detail(field: Field, name: str) -> str:
    """The tooltip's id line: 'id s.36 (formerly s.L36)'; for a field without a number, that
    it has none."""
    text = f"id {field.id}"
    if field.former_ids:
        text += " " + _("(formerly {ids})").format(ids=", ".join(field.former_ids))
    if field.number is None:
        return text + "; " + _("no printed number")
    if name == field.id != str(field.number):  # the number does not say which field alone
        return text + "; " + _("printed number {number}, which names another field too").format(
            number=field.number)
    return text


def restrictions(c: Connection, names: FieldNames | None = None) -> list[str]:
    """Every restriction of a connection in words (its ends by printed number with `names`)."""
    out = []
    if c.bridge_class is not None:
        value = getattr(c.bridge_class, "value", str(c.bridge_class))
        out.append(_(BRIDGE_CLASSES[value]) if value in BRIDGE_CLASSES else
                   value.replace("_", " "))
    if c.barred:
        out.append(_("barred: {pieces}").format(pieces=_pieces(c.barred)))
    if c.only_unloaded:
        out.append(_("only unloaded: {pieces}").format(pieces=_pieces(c.only_unloaded)))
    if c.one_way is not None:
        who = _pieces(c.one_way.pieces) if getattr(c.one_way, "pieces", None) else \
            _("everyone")
        to = names.name(c.one_way.to) if names is not None else c.one_way.to
        out.append(_("one way to {field} for {pieces}").format(field=to, pieces=who))
    if c.under_lane:
        out.append(_("ships pass under (sea lane {lane})").format(lane=c.under_lane))
    if c.drawbridge:
        out.append(_("drawbridge"))
    if c.crossing:
        out.append(_("crosses by a bridge") if c.crossing == "bridge" else
                   _("crosses by an underpass"))
    return out


def connection_name(board: Board, c: Connection, names: FieldNames | None = None) -> str:
    """'bridge c28 (3 - 4)'."""
    names = names or FieldNames(board)
    return (f"{kind_name(c.kind)} {c.id} "
            f"({node_name(board, c.a, names)} - {node_name(board, c.b, names)})")


def connection_tip(board: Board, c: Connection, names: FieldNames | None = None) -> str:
    names = names or FieldNames(board)
    rest = restrictions(c, names)
    name = connection_name(board, c, names)
    return name[0].upper() + name[1:] + ("\n" + "; ".join(rest) if rest else "") + (
        "\n" + _(PROPOSED_TIP) if c.unconfirmed else "")


def slit_tip(board: Board, slit) -> str:
    return _("Arrow slit {id} ({a} - {b}): fire only").format(
        id=slit.id, a=node_name(board, slit.a), b=node_name(board, slit.b))


def region_tip(region, names: FieldNames | None = None) -> str:
    """A region, its stair and border fields by printed number (with `names`)."""
    name = names.name if names is not None else str
    parts = [_("Wilderness region {name} (id {id})").format(name=region.name or region.id,
                                                             id=region.id)]
    if region.stairs:
        parts.append(_("stairs: {fields}").format(fields=", ".join(map(name, region.stairs))))
    if region.borders:
        parts.append(_("borders: {fields}").format(fields=", ".join(
            name(b.field) + (" " + _("(screened)") if b.screened else "")
            for b in region.borders)))
    return "\n".join(parts)
