"""The rule books' words for pieces and seats, in the user's language (no Qt).

Piece types and seats are ids in the variant files (`siege_engine`, `north`); people read the
rule book's word for them: Elefant, Reiter, Belagerungsmaschine, Zugbrücke; elefante,
cavaliere, arma d'assedio, ponte levatoio. The German and Italian words are taken from the rule
books (the glossary heads each catalogue in editor/locale and docs/glossary.md). An id not
listed here is shown as it is written, with spaces for underscores. The board's own words
(connection kinds, land and sea fields, element nouns) are here too, for the findings; a seat
is shown by the board's name for it where that is a name of its own (`seat_label`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from editor.i18n import N_, _

#: piece type id -> its English name (marked; the catalogues hold the rule books' words)
PIECE_NAMES: dict[str, str] = {
    "soldier": N_("soldier"), "elephant": N_("elephant"), "knight": N_("knight"),
    "chariot": N_("chariot"), "ship": N_("ship"), "galleon": N_("galleon"),
    "camel": N_("camel"), "catapult": N_("catapult"), "siege_tower": N_("siege tower"),
    "siege_engine": N_("siege engine"),
}

#: seat id -> its English name (the compass points of the boards)
SEAT_NAMES: dict[str, str] = {
    "north": N_("north"), "south": N_("south"), "east": N_("east"), "west": N_("west"),
}


def piece_name(type_id: str) -> str:
    """The rule book's word for a piece type, in the current language."""
    known = PIECE_NAMES.get(type_id)
    return _(known) if known else type_id.replace("_", " ")


def seat_name(seat_id: str) -> str:
    """A seat's name (its compass point), in the current language."""
    known = SEAT_NAMES.get(seat_id)
    return _(known) if known else seat_id.replace("_", " ")

#: action kind (editor.rules.action_view.Kind's value) -> its English name
KIND_NAMES: dict[str, str] = {
    "move": N_("move"), "mount": N_("mount"), "embark": N_("embark"),
    "dismount": N_("dismount"), "capture": N_("capture"), "boarding": N_("boarding"),
    "response": N_("response"), "take_over": N_("take over"), "shot": N_("shot"),
    "retaliation_shot": N_("retaliation shot"), "build": N_("build"), "raise": N_("raise"),
    "lower": N_("lower"), "push": N_("push"), "decline": N_("decline"), "end": N_("end"),
    "offer_draw": N_("offer draw"), "accept_draw": N_("accept draw"),
    "reject_draw": N_("reject draw"), "resign": N_("resign"),
}


def kind_name(kind: str) -> str:
    """An action kind's name (`retaliation_shot` -> "retaliation shot"), in the current
    language."""
    known = KIND_NAMES.get(str(kind))
    return _(known) if known else str(kind).replace("_", " ")


#: connection kind (editor.model.board.ConnectionKind's value) -> its English name
CONNECTION_NAMES: dict[str, str] = {
    "road": N_("road"), "sea_lane": N_("sea lane"), "harbour_link": N_("harbour link"),
    "bridge": N_("bridge"), "castle_access": N_("castle access"),
    "wilderness_path": N_("wilderness path"),
}

#: terrain (editor.model.board.Terrain's value) -> a field of that terrain, in English
FIELD_KIND_NAMES: dict[str, str] = {"land": N_("land field"), "sea": N_("sea field")}


def connection_name(kind: object) -> str:
    """A connection kind's name (`sea_lane` -> "sea lane"), in the current language."""
    key = str(getattr(kind, "value", kind))
    known = CONNECTION_NAMES.get(key)
    return _(known) if known else key.replace("_", " ")


def field_kind_name(terrain: object) -> str:
    """"land field" or "sea field" for a terrain, in the current language."""
    key = str(getattr(terrain, "value", terrain))
    known = FIELD_KIND_NAMES.get(key)
    return _(known) if known else _("{terrain} field").format(terrain=key)


#: board element noun (editor.model.refs.Kind.noun) -> its English name
ELEMENT_NAMES: dict[str, str] = {
    "field": N_("field"), "connection": N_("connection"), "region": N_("region"),
    "arrow slit": N_("arrow slit"), "castle": N_("castle"), "seat": N_("seat"),
    "setup": N_("setup"), "island": N_("island"), "field or region": N_("field or region"),
}


def element_name(noun: str) -> str:
    """A board element's noun (`arrow slit`, or a connection kind such as `sea_lane`), in the
    current language."""
    known = ELEMENT_NAMES.get(noun)
    return _(known) if known else connection_name(noun)


def seat_label(seat_id: str, seats: Iterable[Any] = ()) -> str:
    """The name people read for a seat: the board's own name for it (`seats`: the board's, with
    `id` and `name`), or the rule books' word in the current language where the board has none
    of its own (no name, or only the id spelled out: "South" for `south`)."""
    own = next((str(getattr(s, "name", "") or "") for s in seats if s.id == seat_id), "")
    spelled_out = own.strip().lower() == seat_id.replace("_", " ").lower()
    if own and not (spelled_out and seat_id in SEAT_NAMES):
        return own
    return seat_name(seat_id)
