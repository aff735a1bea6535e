"""Semantic checks of a resolved variant: completeness, duplicates, piece types in play, teams,
rules this engine does not implement yet (VARIANT_* codes of area "variant").

`check_variant(variant)` returns findings with JSON pointers into the resolved variant;
`validate_variant_file(path)` resolves a file (its `extends` and overlays report their own
findings, located in the file that has the problem) and locates the semantic findings in it.
"""

from __future__ import annotations

from editor.i18n import _
from editor.model.findings import Finding, Severity, define, pointer_join
from editor.model.variant import Variant, resolve_variant

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


#: option values whose rules this engine does not implement (the engine plays the default)
_UNSUPPORTED_OPTIONS = {
    ("galleon_catapult_land_targets", "any_adjacent"): "PIECE-CATAPULT-15",
}
_UNSUPPORTED_VICTORY: dict[str, str] = {}


def check_variant(v: Variant) -> list[Finding]:
    """Semantic checks of a resolved variant (pointers into the resolved object)."""
    return [*_completeness(v), *_duplicates(v), *_unknown_types(v), *_teams(v),
            *_unsupported(v)]


def _completeness(v: Variant) -> list[Finding]:
    """VARIANT_INCOMPLETE: what a playable (non-overlay) variant needs."""
    out: list[Finding] = []
    if v.overlay:
        return out
    parent = _("or extend a complete variant (\"extends\": \"conquest-4p\"), ")
    if len(v.seats) < 2:
        out.append(VARIANT_INCOMPLETE.at(_("a game needs at least two seats"), "/seats", hint=(
            _("List the seats in turn order under \"seats\" (e.g. [{{\"id\": \"south\"}}, "
              "{{\"id\": "
              "\"north\"}}]), {parent}or set \"overlay\": true.").format(parent=parent))))
    if not v.pieces:
        out.append(VARIANT_INCOMPLETE.at(_("no piece types"), "/pieces", hint=(
            _("Describe each piece type under \"pieces\" (letter, range, terrain), {parent}or set "
              "\"overlay\": true.").format(parent=parent))))
    if not v.setup:
        out.append(VARIANT_INCOMPLETE.at(_("no setup named"), "/setup", hint=(
            _("Name the board setup the game starts from in \"setup\" (a setup id of the board, "
              "e.g. \"conquest\"), or set \"overlay\": true."))))
    if not v.victory:
        out.append(VARIANT_INCOMPLETE.at(_("no victory conditions"), "/victory", hint=(
            _("Add conditions under \"victory\" (e.g. {{\"kind\": \"capital_occupation\", "
              "\"rule\": "
              "\"WIN-1\"}}), {parent}or set \"overlay\": true.").format(parent=parent))))
    return out


def _duplicates(v: Variant) -> list[Finding]:
    """VARIANT_DUPLICATE: a seat listed twice, a piece letter used twice."""
    out: list[Finding] = []
    seen: set[str] = set()
    for i, s in enumerate(v.seats):
        if s.id in seen:
            out.append(VARIANT_DUPLICATE.at(_("seat '{seat}' listed twice").format(seat=s.id),
                f"/seats/{i}/id",
                                            hint=_("Remove seat {number} ('{seat}') or give it "
                                                   "the id of the board seat meant.").format(
                                                     number=i + 1, seat=s.id)))
        seen.add(s.id)
    letters: dict[str, str] = {}
    for name, spec in v.pieces.items():
        if spec.letter in letters:
            free = sorted(set("ABCDEFGHIJKLMNOPQRSTUVWXYZ") - {p.letter for p in v.pieces.values()})
            out.append(VARIANT_DUPLICATE.at(
                _("letter {letter} used by {letters} and {name}").format(
                    letter=spec.letter, letters=letters[spec.letter], name=name),
                pointer_join("pieces", str(name), "letter"),
                hint=_("Give {name} a letter of its own, e.g. {free}.").format(
                         name=name, free=', '.join(free[:3]))))
        letters[spec.letter] = str(name)
    return out


def _unknown_types(v: Variant) -> list[Finding]:
    """VARIANT_UNKNOWN_TYPE: carry tables and the capture matrix name only types in play."""
    out: list[Finding] = []
    types = {str(t) for t in v.pieces}
    for name, spec in v.pieces.items():
        for t in spec.carries:
            if str(t) not in types:
                out.append(VARIANT_UNKNOWN_TYPE.at(
                    _("{name} carries '{type}', which is not in play").format(name=name, type=t),
                    pointer_join("pieces", str(name), "carries", str(t)),
                    hint=_("Add '{type}' under \"pieces\", or remove it from {name}'s "
                           "carries.").format(type=t, name=name)))
    for cap, targets in v.capture_matrix.items():
        for j, t in enumerate([cap, *targets]):
            if str(t) not in types:
                out.append(VARIANT_UNKNOWN_TYPE.at(
                    _("capture matrix names '{type}', which is not in play").format(type=t),
                    pointer_join("capture_matrix", str(cap)) + ("" if j == 0 else f"/{j - 1}"),
                    hint=(_("Add '{type}' under \"pieces\", or remove it from the capture "
                            "matrix (the row of {cap}).") if j == 0 else
                          _("Add '{type}' under \"pieces\", or remove it from the capture "
                            "matrix (the targets of {cap}).")).format(type=t, cap=cap)))
    return out


def _teams(v: Variant) -> list[Finding]:
    """VARIANT_TEAMS: an even number of seats; custom teams list every seat once."""
    out: list[Finding] = []
    if not v.team_game:
        return out
    if len(v.seats) % 2:
        out.append(VARIANT_TEAMS.at(
            _("a team game needs an even number of seats"), "/seats",
            hint=_("The variant seats {n_seats}: add or remove a seat, or set \"team_game\": "
                   "false.").format(n_seats=len(v.seats))))
    if v.options.team_pairing == "custom":
        listed = [s for team in v.teams for s in team]
        if sorted(listed) != sorted(s.id for s in v.seats):
            missing = sorted({s.id for s in v.seats} - set(listed))
            twice = sorted({s for s in listed if listed.count(s) > 1})
            out.append(VARIANT_TEAMS.at(
                _("custom teams must list every seat once"), "/teams",
                hint=_("Seats missing from \"teams\": {missing}; listed more than once or "
                       "unknown: {twice}.").format(missing=missing or _("none"),
                    twice=twice or sorted(set(listed) - {s.id for s in v.seats}))))
    return out


def _unsupported(v: Variant) -> list[Finding]:
    """VARIANT_UNSUPPORTED: option values, victory kinds and pieces the engine does not play."""
    out: list[Finding] = []
    opts = v.options.model_dump()
    for (name, value), rule in _UNSUPPORTED_OPTIONS.items():
        if rule and opts.get(name) == value:
            out.append(VARIANT_UNSUPPORTED.at(
                _("option {name}={value} ({rule}) is not implemented; the engine plays the "
                  "Conquest default").format(name=name, value=value, rule=rule),
                      f"/options/{name}"))
    if v.options.wilderness_region_capacity != 1:
        out.append(VARIANT_UNSUPPORTED.at(
            _("wilderness_region_capacity other than 1 (WILD-5) is not implemented; a region "
              "holds one piece"), "/options/wilderness_region_capacity"))
    for i, cond in enumerate(v.victory):
        if cond.kind in _UNSUPPORTED_VICTORY:
            out.append(VARIANT_UNSUPPORTED.at(
                _("victory condition {kind} ({rule}) is not checked yet").format(
                    kind=cond.kind, rule=_UNSUPPORTED_VICTORY[cond.kind]),
                    f"/victory/{i}/kind"))
    for name, spec in v.pieces.items():
        if not spec.implemented:
            out.append(VARIANT_UNSUPPORTED.at(
                _("piece type {name}: special rules not implemented").format(name=name),
                pointer_join("pieces", str(name), "implemented")))
    return out


def validate_variant_file(path: str) -> list[Finding]:
    rv = resolve_variant(path if path.endswith(".json") else f"./{path}")
    if rv.variant is None:
        return rv.findings
    return rv.findings + [f.located(path) for f in check_variant(rv.variant)]
