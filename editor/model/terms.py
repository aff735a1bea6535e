"""The rule books' words for pieces and seats, in the user's language (no Qt).

Piece types and seats are ids in the variant files (`siege_engine`, `north`); people read the
rule book's word for them: Elefant, Reiter, Belagerungsmaschine, Zugbrücke; elefante,
cavaliere, arma d'assedio, ponte levatoio. The German and Italian words are taken from the rule
books (the glossary heads each catalogue in editor/locale and docs/glossary.md). An id not
listed here is shown as it is written, with spaces for underscores.
"""

from __future__ import annotations

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
