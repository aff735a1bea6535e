"""The rule-variant file format `conquest-variant/2` (pydantic v2 models, no Qt).

A variant holds every number and switch the rules vary on (ARCHITECTURE principle 2): seats and
turn order, budgets, piece types (range, terrain, what they carry), the capture matrix,
recapture parameters, penalties, the freeze threshold, the victory conditions, the setup and
default board, and every option of RULES.md section 2.0 (`Options`).

A variant may `extends` another variant (a name looked up in `variants/`, or a path relative to
the file) and apply `overlays` (small variant files that only set a few values, e.g.
`classic-recapture`). Resolution merges the raw JSON objects (objects merge key by key, lists and
scalars replace) in the order parent, overlays, own keys, and validates the result again.
Missing parents and cycles are findings (`VARIANT_NOT_FOUND`, `VARIANT_CYCLE`), never exceptions.

Versions: `/2` moved four rules from piece names into piece flags (`PIECE_NAME_FLAGS`); a `/1`
file is read with the flags its piece names implied (`_from_version_1`, FORMAT_MIGRATED).
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Literal

from pydantic import Field as F
from pydantic import ValidationError

from editor.i18n import N_, _
from editor.model.findings import Finding, Severity, define
from editor.model.io import (
    SCHEMA,
    LoadResult,
    SourceMap,
    _pydantic_findings,
    load_document,
    read_limited,
)
from editor.model.migrate import Migration, can_migrate, migrate_data, register_migration
from editor.model.options import MAX_STEPS, Options
from editor.model.schema import SchemaSpec, register
from editor.model.terms import piece_name
from editor.model.types import Id, PieceType, StrictModel

VARIANT_FORMAT = "conquest-variant/2"
VARIANT_SUFFIX = ".variant.json"

VARIANT_NOT_FOUND = define(
    "VARIANT_NOT_FOUND", Severity.ERROR, "Variant not found",
    "Give an existing *.variant.json path (relative to the referring file) or the name of a "
    "shipped variant in variants/ (e.g. 'conquest-4p').", area="variant")
VARIANT_CYCLE = define(
    "VARIANT_CYCLE", Severity.ERROR, "Variants extend each other in a cycle",
    "Remove one 'extends' or 'overlays' reference so that the chain ends at a complete variant.",
    area="variant")
VARIANT_NOT_OVERLAY = define(
    "VARIANT_NOT_OVERLAY", Severity.ERROR, "Overlay entry is not an overlay",
    "List only overlay files (with \"overlay\": true, e.g. 'classic-recapture') as overlays; "
    "a complete variant is a parent: name it in 'extends'.", area="variant")

VARIANT_CHAIN_TOO_LONG = define(
    "VARIANT_CHAIN_TOO_LONG", Severity.ERROR, "Variant chain too long",
    "A variant extends a shipped variant directly or through a few files; shorten the chain "
    "of 'extends' / 'overlays' references (at most 32 files).", area="variant")

#: Most files one variant may be built from through 'extends' and 'overlays' (issue 12: a chain
#: thousands of files long exhausted the interpreter's stack).
MAX_CHAIN = 32

PT = PieceType

#: Most pieces of one type a carrier takes (CARRY-1): the printed games carry at most a few.
MAX_CARRY = 20

# ---- the variant -------------------------------------------------------------------------


class SeatSpec(StrictModel):
    """A seat taking part, in turn order (TURN-7, TURN-8, BF-17)."""

    id: Id = F(description="Seat id of the board.")
    opening_budget: int | None = F(
        default=None, ge=0, le=100,
        description="AP of this seat's first turn (TURN-7/8); null = base_budget.")


class PieceSpec(StrictModel):
    """One piece type's rules (MOVE-5, CARRY-1, CARRY-2, PIECE-*)."""

    letter: str = F(pattern=r"^[A-Z]$", description="Notation letter (RULES.md 5.9).")
    range: int = F(ge=0, le=MAX_STEPS, description="Maximum steps per turn (MOVE-5).")
    terrain: Literal["land", "sea"] = F(description="Where it stands (MOVE-2).")
    land_piece: bool = F(
        default=True, description="Counts as a land piece for victory conditions (WIN-27).")
    carries: dict[PieceType, Annotated[int, F(ge=0, le=MAX_CARRY)]] = F(
        default_factory=dict,
        description="Cargo types and the most of each it takes; a carrier holds one cargo type "
        "at a time (CARRY-1, CARRY-2, CARRY-6).")
    jumps_own_pieces: bool = F(
        default=False, description="May pass over own pieces (PIECE-KNIGHT-2).")
    regenerates: bool = F(
        default=True, description="Regains its range after a capture (CAPT-10).")
    implemented: bool = F(
        default=True,
        description="False for piece types whose special rules this engine does not implement "
        "yet (the pair check warns when a setup places them).")
    wilderness: bool = F(
        default=False,
        description="May enter wilderness regions (WILD-2: knights and camels; soldiers only "
        "riding a camel).")
    shoots: bool = F(
        default=False,
        description="Fires catapult shots (PIECE-CATAPULT-2/-11) instead of capturing by moving.")
    captures_only_with_rider: bool = F(
        default=False,
        description="Cannot capture or board enemy vessels without a rider (PIECE-CAMEL-2).")
    commandeerable: bool = F(
        default=False,
        description="An enemy soldier may mount it while it has no rider and control it "
        "(PIECE-CAMEL-3/-4).")
    push_steps: int = F(
        default=0, ge=0, le=10,
        description="Steps any other player may push it per turn while riderless, 1 AP each "
        "(PIECE-CAMEL-5).")
    shot_proof: bool = F(
        default=False,
        description="A catapult shot removes only its riders (PIECE-CATAPULT-5/-14, "
        "PIECE-SIEGE-6).")
    siege: bool = F(
        default=False,
        description="A siege piece (siege tower / siege engine): siege victories "
        "(WIN-5/-11/-13/-20), seizure (PIECE-SIEGE-5), storming (PIECE-SIEGE-13/-14).")
    build_limit: int | None = F(
        default=None, ge=0, le=100,
        description="Buildable by a foot soldier (BUILD-2) while fewer than this many are in "
        "play (BUILD-4, PIECE-SHIP-3, PIECE-GALLEON-5); null = never built.")
    builds: bool = F(
        default=False,
        description="Builds pieces while standing on foot on a land field (BUILD-1).")
    lowers_drawbridges: bool = F(
        default=False,
        description="Standing in an enemy tower it stormed, may lower its raised drawbridge "
        "(DRAW-5).")
    immunity_rule: str | None = F(
        default=None, pattern=r"^[A-Z][A-Z0-9]*(-[A-Z0-9]+)+$",
        description="Rule ID an explanation cites when a piece may not capture this type "
        "(e.g. PIECE-ELEPHANT-2 for the elephant).")
    immunity_rule_for: list[PieceType] = F(
        default_factory=list,
        description="Attacking types for which a refused direct capture of this type cites "
        "immunity_rule instead of CAPT-2 (the elephant: soldier).")
    seized_by_catapults: bool = F(
        default=False,
        description="A vessel a catapult may seize by boarding it when catapult_may_seize is "
        "not empty_vessels or none (CONF-7, PIECE-CATAPULT-8/-16; the galleon).")
    castle_access_by_option: bool = F(
        default=False,
        description="Kept out of castle fields when catapult_castle_access is forbidden "
        "(PIECE-CATAPULT-6, CASTLE-5; the catapult).")
    x_bridge_barred: bool = F(
        default=False,
        description="May not cross X bridges when narrow_bridge_rule is x_no_elephants (OBST-3; "
        "the elephant).")
    rope_bridge_unloaded_only: bool = F(
        default=False,
        description="Crosses rope bridges only unloaded when narrow_bridge_rule is "
        "rope_unloaded_elephant (OBST-4; the elephant).")
    build_place: Literal["under_builder", "adjacent_land", "harbour"] = F(
        default="under_builder",
        description="Where a built piece goes: under the builder, who rides it (BUILD-5, "
        "BUILD-6), on an empty adjacent land field (BUILD-7) or on an empty harbour linked "
        "to the builder's field (BUILD-8).")


class VictoryCondition(StrictModel):
    """One way a game ends (WIN-*, TEAM-5). Limits default to the options named."""

    kind: Literal[
        "capital_occupation", "annihilation", "elimination", "all_others_frozen",
        "one_piece_left", "no_capture_limit", "agreed_draw", "team_elimination",
        "team_freeze", "team_no_capture_limit", "siege_in_capital", "siege_in_grail",
        "siege_in_tower",
    ] = F(description="What is checked (see docs/rules-engine.md).")
    rule: str = F(default="", max_length=32, description="Rule ID, e.g. 'WIN-1'.")
    rounds: int | None = F(
        default=None, ge=1, le=1000,
        description="no_capture_limit: rounds (null = no_capture_rounds, or "
        "two_player_timeout_rounds with the 'enemy_capital' decider).")
    decider: Literal["enemy_capital", "victory_points"] = F(
        default="victory_points",
        description="no_capture_limit: who wins when the limit is reached (WIN-3 / WIN-9).")


class Variant(StrictModel):
    """A rule variant (RULES.md section 2): every number and switch the engine reads."""

    format: Literal["conquest-variant/2"] = F(
        default=VARIANT_FORMAT, description="Format tag and version of this file.")
    name: str = F(max_length=128, description="Variant name, e.g. 'conquest-4p'.")
    description: str = F(default="", max_length=10_000, description="What this variant is.")
    editions: list[str] = F(
        default_factory=list, description="Edition codes of RULES.md 0.2 it implements.")
    extends: str | None = F(
        default=None, max_length=1024,
        description="Parent variant: a shipped name or a path relative to this file.")
    overlays: list[str] = F(
        default_factory=list, max_length=MAX_CHAIN,
        description="Overlay variants applied after the parent, in order (names or paths).")
    overlay: bool = F(
        default=False,
        description="This file is an overlay (a few values, not a complete variant).")
    board: str | None = F(
        default=None, max_length=1024,
        description="Default board: a shipped board name (boards/NAME.board.json) or a path.")
    setup: Id | None = F(default=None, description="Setup id of the board to start from.")
    seats: list[SeatSpec] = F(
        default_factory=list, max_length=16, description="Seats in turn order (TURN-7/8).")
    teams: list[list[Id]] = F(
        default_factory=list,
        description="Teams (TEAM-1); empty = every seat for himself, or derived by "
        "options.team_pairing when 'team_game' is true.")
    team_game: bool = F(default=False, description="Partnership game (CT, GCT).")
    base_budget: int = F(default=20, ge=0, le=1000, description="AP per turn (TURN-2).")
    freeze_threshold: int = F(
        default=5, ge=1, le=100,
        description="Penalty fields held by opponents that freeze a player (FREEZE-1).")
    vulnerability: bool = F(
        default=False,
        description="The unprotected-player rules VULN-1 to VULN-4 apply (C4; team games only "
        "with options.vulnerability_in_team_games, VULN-5).")
    recapture_reach: int = F(
        default=2, ge=0, le=10, description="Steps a recapturing piece may make (RECAP-4).")
    pieces: dict[PieceType, PieceSpec] = F(
        default_factory=dict, description="The piece types in play and their rules.")
    capture_matrix: dict[PieceType, list[PieceType]] = F(
        default_factory=dict,
        description="Capturer type -> the enemy types it may capture (CAPT-2, CAPT-3); vessels "
        "listed for land pieces are taken by boarding in harbour (CAPT-5).")
    victory: list[VictoryCondition] = F(
        default_factory=list, description="Victory conditions (WIN-*, TEAM-5).")
    shot_cost: int = F(default=1, ge=0, le=20,
                       description="AP per catapult shot (PIECE-CATAPULT-2/-11).")
    build_cost: int = F(default=10, ge=0, le=100, description="AP per build (BUILD-1).")
    drawbridge_raise_cost: int = F(default=2, ge=0, le=20,
                                   description="AP to raise a drawbridge (DRAW-2).")
    drawbridge_lower_cost: int = F(
        default=1, ge=0, le=20,
        description="AP for a soldier in a stormed tower to lower its drawbridge (DRAW-5).")
    options: Options = F(default_factory=Options, description="RULES.md 2.0 switches.")


register(SchemaSpec("variant.schema.json", lambda: Variant, VARIANT_FORMAT))


# ---- versions --------------------------------------------------------------------------------

#: The rules `conquest-variant/1` tied to piece names and `/2` to piece flags (commit 50c3757):
#: piece name -> the flags that now carry its rule, with the rule's words for the finding.
PIECE_NAME_FLAGS: dict[str, dict[str, str]] = {
    "elephant": {
        "x_bridge_barred": N_("may not cross X bridges under narrow_bridge_rule x_no_elephants "
                              "(OBST-3)"),
        "rope_bridge_unloaded_only": N_("crosses rope bridges only unloaded under "
                                        "narrow_bridge_rule rope_unloaded_elephant (OBST-4)")},
    "galleon": {
        "seized_by_catapults": N_("may be seized by catapults under catapult_may_seize "
                                  "(CONF-7)")},
    "catapult": {
        "castle_access_by_option": N_("is kept out of castles when catapult_castle_access is "
                                      "forbidden (PIECE-CATAPULT-6)")},
}


def _from_version_1(raw: dict) -> list[str]:
    """conquest-variant/1 -> /2: a piece this file defines under one of the names of
    `PIECE_NAME_FLAGS` gets the flags its name implied, unless the file sets them."""
    assumed: list[str] = []
    pieces = raw.get("pieces")
    if not isinstance(pieces, dict):
        return assumed
    for name, flags in PIECE_NAME_FLAGS.items():
        spec = pieces.get(name)
        if not isinstance(spec, dict):
            continue
        for flag, rule in flags.items():
            if flag not in spec:
                spec[flag] = True
                assumed.append(_("the {piece} {rule}, as version 1 did by its name "
                                 "(pieces.{name}.{flag}: true)").format(
                    piece=piece_name(name), name=name, rule=_(rule), flag=flag))
    return assumed


register_migration(Migration("conquest-variant/1", VARIANT_FORMAT, _from_version_1))


# ---- resolution ------------------------------------------------------------------------------


def variants_dir() -> Path:
    from editor.resources import data_dir

    return data_dir("variants")


def locate_variant(ref: str, base: Path | None = None) -> Path | None:
    """The file a variant reference names: a path (relative to `base`) or a shipped name."""
    from editor.resources import locate

    return locate("variants", ref, base)


def _merge(parent: dict, child: dict) -> dict:
    out = dict(parent)
    for key, value in child.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = _merge(out[key], value)
        else:
            out[key] = value
    return out


@dataclass
class ResolvedVariant:
    """A resolved variant (None when it could not be built), the findings and the file chain."""

    variant: Variant | None
    findings: list[Finding] = field(default_factory=list)
    chain: list[str] = field(default_factory=list)
    raw: dict | None = None


def _is_partial(raw: dict) -> bool:
    """A child (with a parent) or an overlay may leave required keys to the files it merges
    with; only the merged result must be complete."""
    return bool(raw.get("extends")) or raw.get("overlay") is True


def _load_raw(path: Path, findings: list[Finding]) -> tuple[dict, SourceMap] | None:
    """The file's JSON object and its source map, or None (with findings) when it is unusable.

    A complete variant is validated on its own; a child or overlay file may be partial, so only
    its unknown keys and wrong types are reported here (at its own location) and the merged
    result is validated by the caller.
    """
    result: LoadResult[Variant] = load_document(path, Variant, VARIANT_FORMAT)
    raw, source = result.data, result.source  # parsed once: never a second, unguarded parse
    if result.model is not None and isinstance(raw, dict) and source is not None:
        findings.extend(result.findings)  # a migrated older version's note
        return raw, source
    if not isinstance(raw, dict) or not _is_partial(raw) or source is None:
        findings.extend(with_suggestions(result.findings))
        return None
    kept = [f for f in with_suggestions(result.findings)
            if not (f.code == SCHEMA.code and f.extra.get("schema_error") == "missing")]
    findings.extend(kept)
    if any(f.severity == Severity.ERROR for f in kept):
        return None
    return raw, source


def _ref_finding(code_finding: Finding, source: SourceMap | None, where: str) -> Finding:
    """A finding about an 'extends' / 'overlays' entry, located on that entry."""
    if source is None:
        return code_finding.located(where)
    return source.locate(code_finding, where)


def _resolve_raw(path: Path, findings: list[Finding], stack: list[Path],
                 chain: list[str]) -> dict | None:
    loaded = _load_raw(path, findings)
    if loaded is None:
        return None
    raw, source = loaded
    real = path.resolve()
    chain.append(str(path))
    stack = [*stack, real]
    return _resolve_refs(raw, path.parent, findings, stack, chain, source, str(path))


def _resolve_refs(raw: dict, base: Path | None, findings: list[Finding], stack: list[Path],
                  chain: list[str], source: SourceMap | None, where: str,
                  ) -> dict | None:
    """Merge the parent and overlays named in `raw`, then raw's own keys."""
    merged: dict = {}
    refs: list[tuple[str, str]] = []
    if raw.get("extends"):
        refs.append(("/extends", raw["extends"]))
    overlays = raw.get("overlays", [])
    if isinstance(overlays, list):
        refs.extend((f"/overlays/{i}", ref) for i, ref in enumerate(overlays))
    ok = True
    for pointer, ref in refs:
        if len(stack) >= MAX_CHAIN:
            findings.append(_ref_finding(VARIANT_CHAIN_TOO_LONG.at(
                _("variant '{ref}' would be file {number} of the chain; at most {limit} "
                  "files may be combined").format(
                    ref=ref, number=len(stack) + 1, limit=MAX_CHAIN), pointer), source, where))
            return None
        target = locate_variant(str(ref), base)
        if target is None:
            findings.append(_ref_finding(VARIANT_NOT_FOUND.at(
                _("variant '{ref}' not found (searched {base} and {variants_dir})").format(
                    ref=ref, base=base, variants_dir=variants_dir()),
                pointer, hint=not_found_hint(str(ref), base)), source, where))
            ok = False
            continue
        if target.resolve() in stack:
            cycle = " -> ".join(p.name for p in [*stack, target.resolve()])
            findings.append(_ref_finding(VARIANT_CYCLE.at(
                _("variant chain forms a cycle: {cycle}").format(cycle=cycle), pointer,
                hint=_("Remove the reference to '{ref}' at {pointer} in {file}, or make "
                       "'{target}' extend a complete variant instead of this one.").format(
                         ref=ref, pointer=pointer, file=Path(where).name, target=target.name)),
                source, where))
            ok = False
            continue
        sub = _resolve_raw(target, findings, stack, chain)
        if sub is None:
            ok = False
            continue
        if pointer != "/extends":  # an overlay contributes only its values
            if sub.get("overlay") is not True:
                findings.append(_ref_finding(VARIANT_NOT_OVERLAY.at(
                    _("'{ref}' is a complete variant, not an overlay (its file does not set "
                      "\"overlay\": true)").format(ref=ref), pointer,
                    hint=_("Name '{ref}' in \"extends\" instead of \"overlays\" (a file has one "
                           "parent), or list an overlay such as 'classic-recapture'.").format(
                             ref=ref)),
                    source, where))
                ok = False
                continue
            sub = {k: v for k, v in sub.items() if k not in ("name", "description", "overlay")}
        merged = _merge(merged, sub)
    if not ok:
        return None
    own = {k: v for k, v in raw.items() if k not in ("extends", "overlays")}
    merged = _merge(merged, own)
    if raw.get("extends") and "overlay" not in raw:
        merged["overlay"] = False
    return merged


def resolve_variant_data(raw: dict, base: Path | None, where: str = "<inline>",
                         ) -> ResolvedVariant:
    """Resolve an in-memory variant object (e.g. from a scenario) against files under `base`."""
    findings: list[Finding] = []
    chain: list[str] = []
    if can_migrate(raw.get("format"), VARIANT_FORMAT):
        raw, notes = migrate_data(raw, VARIANT_FORMAT)
        findings.extend(f.located(where) for f in notes)
    merged = _resolve_refs(raw, base, findings, [], chain, None, where)
    if merged is None:
        return ResolvedVariant(None, findings, chain)
    merged.setdefault("format", VARIANT_FORMAT)
    return _validate_merged(merged, findings, chain, where)


def _has_pointer(data: object, pointer: str) -> bool:
    for part in [p.replace("~1", "/").replace("~0", "~") for p in pointer.split("/")[1:]]:
        if isinstance(data, dict) and part in data:
            data = data[part]
        elif isinstance(data, list) and part.isdigit() and int(part) < len(data):
            data = data[int(part)]
        else:
            return False
    return True


def _blame(finding: Finding, chain: list[str], where: str) -> Finding:
    """Locate a finding of the merged variant in the file that holds the bad value: the first
    file of the chain (the referring file before its parents) whose JSON has the pointer."""
    if finding.pointer:
        for name in chain:
            try:
                text = read_limited(name).decode("utf-8-sig")
                data = json.loads(text)
            except (OSError, ValueError, RecursionError, MemoryError):
                continue
            except Exception:  # FileTooLarge: that file is reported on its own
                continue
            if _has_pointer(data, finding.pointer):
                return SourceMap(text).locate(finding, name)
    return finding.located(where)


def _validate_merged(merged: dict, findings: list[Finding], chain: list[str],
                     where: str) -> ResolvedVariant:
    try:
        variant = Variant.model_validate(merged)
    except ValidationError as exc:
        findings.extend(_blame(f, chain, where)
                        for f in with_suggestions(_pydantic_findings(exc)))
        return ResolvedVariant(None, findings, chain, merged)
    except (ValueError, TypeError) as exc:
        findings.append(SCHEMA.at(_("cannot build the variant: "
                                    "{exc}").format(exc=exc)).located(where))
        return ResolvedVariant(None, findings, chain, merged)
    variant = variant.model_copy(update={"extends": None, "overlays": []})
    return ResolvedVariant(variant, findings, chain, merged)


def resolve_variant(ref: str | os.PathLike[str], base: Path | None = None,
                    overlays: list[str] | None = None,
                    options: dict | None = None) -> ResolvedVariant:
    """Resolve a variant by name or path, plus extra overlays and option overrides.

    Never raises for bad input: problems are findings (with the file they come from).
    """
    ref = str(ref)
    path = locate_variant(ref, base)
    if path is None:
        return ResolvedVariant(None, [VARIANT_NOT_FOUND.at(
            _("variant '{ref}' not found: no such file and no shipped variant of that name in "
              "{variants_dir}").format(ref=ref, variants_dir=variants_dir()),
                  hint=not_found_hint(ref, base)).located(ref)])
    findings: list[Finding] = []
    chain: list[str] = []
    merged = _resolve_raw(path, findings, [], chain)
    if merged is None:
        return ResolvedVariant(None, findings, chain)
    for ref2 in overlays or []:
        target = locate_variant(ref2, base)
        if target is None:
            findings.append(VARIANT_NOT_FOUND.at(
                _("overlay '{ref}' not found").format(ref=ref2), hint=not_found_hint(ref2,
                    base)).located(ref2))
            return ResolvedVariant(None, findings, chain)
        sub = _resolve_raw(target, findings, [], chain)
        if sub is None:
            return ResolvedVariant(None, findings, chain)
        if sub.get("overlay") is not True:
            findings.append(VARIANT_NOT_OVERLAY.at(
                _("overlay '{ref}' is a complete variant, not an overlay (its file does not set"
                  " \"overlay\": true)").format(ref=ref2), "/overlay").located(str(target)))
            return ResolvedVariant(None, findings, chain)
        merged = _merge(merged, {k: v for k, v in sub.items()
                                 if k not in ("name", "description", "overlay")})
    if options:
        try:
            Options.model_validate(options)
        except ValidationError as exc:
            findings.extend(f.located(f"--option {f.pointer.lstrip('/').split('/')[0]}")
                            for f in with_suggestions(_pydantic_findings(exc), "/options"))
            return ResolvedVariant(None, findings, chain)
        merged = _merge(merged, {"options": options})
    return _validate_merged(merged, findings, chain, str(path))


def shipped_variant_names() -> list[str]:
    """Names of the variants in variants/ (sorted)."""
    return sorted(p.name.removesuffix(VARIANT_SUFFIX)
                  for p in variants_dir().glob(f"*{VARIANT_SUFFIX}"))


def not_found_hint(ref: str, base: Path | None) -> str:
    """Fix hint for a reference that names no variant (closest name; variant_fields)."""
    from editor.model.variant_fields import reference_hint

    return reference_hint(ref, base, shipped_variant_names(), VARIANT_SUFFIX)


def with_suggestions(findings: list[Finding], prefix: str = "") -> list[Finding]:
    """Unknown keys with "did you mean ...?" and top-level options told to move (variant_fields).
    """
    from editor.model.variant_fields import suggest_findings

    return suggest_findings(findings, Variant, Options, prefix)


def dump_variant(variant: Variant) -> str:
    """The resolved variant as deterministic JSON (every value spelled out)."""
    data = variant.model_dump(mode="json")
    data = {"format": data.pop("format"), **data}
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"
