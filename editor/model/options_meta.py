"""What each variant option means: a one-line description, its CONF entry and its rule IDs.

The table follows RULES.md section 2.0 (option index: "Defined in" and "Referenced by rules");
where the index names no rule, the rules the option's conflict entry switches are given.
`annotate_options` writes the table into the pydantic `Options` model (field `description` and
`json_schema_extra = {"conf": [...], "rules": [...]}`), so the JSON schema, `conquest options`
and the editor's variant form all read one source.
"""

from __future__ import annotations

from typing import Any, NamedTuple


class OptionMeta(NamedTuple):
    """Description and IDs of one option (RULES.md 2.0)."""

    description: str
    conf: tuple[str, ...]
    rules: tuple[str, ...]


def _ids(text: str) -> tuple[str, ...]:
    return tuple(x.strip() for x in text.split(",") if x.strip())


def _m(description: str, conf: str, rules: str) -> OptionMeta:
    return OptionMeta(description, _ids(conf), _ids(rules))


OPTION_META: dict[str, OptionMeta] = {
    "all_frozen_winner": _m(
        "Who wins when all players but one are frozen: the one still mobile, or the player "
        "who froze the others.", "CONF-18", "WIN-7"),
    "allow_resignation": _m(
        "Offer a resign action to the player to move (GC: false).", "", "WIN-26"),
    "camel_commandeer_is_capture": _m(
        "Mounting an enemy riderless camel counts as a capture: it opens a response window and "
        "regenerates the soldier (GC).", "CONF-32", "CAPT-13"),
    "camel_dismount_aboard_vessel": _m(
        "Whether a soldier may dismount from a camel aboard a vessel ('never' per [003]).",
        "CONF-31", "PIECE-CAMEL-8"),
    "camel_dismount_region_to_stair_field": _m(
        "Whether a camel rider may dismount from a wilderness region onto a stair field "
        "([003]: false).", "CONF-30", "PIECE-CAMEL-8"),
    "castle_penalty_per_field": _m(
        "Action points a player loses per own castle field held by an opponent.",
        "CONF-38", "CASTLE-2, TURN-9"),
    "catapult_castle_access": _m(
        "Whether catapults may enter castles (CP 'forbidden'; GC 'allowed_with_drawbridges').",
        "CONF-8", "PIECE-CATAPULT-6, CASTLE-5"),
    "catapult_fire_mode": _m(
        "How catapult range is measured: along connections, by a radius in cm, or adjacent "
        "fields plus arrow slits (CP 'connections', CP-4CM 'radius_cm', GC "
        "'adjacent_with_slits').", "CONF-3", "PIECE-CATAPULT-3, PIECE-CATAPULT-4"),
    "catapult_fire_radius_cm": _m(
        "Fire radius in centimetres on the printed board when catapult_fire_mode is "
        "'radius_cm' (CP-4CM).", "CONF-3", "PIECE-CATAPULT-4"),
    "catapult_fire_range_fields": _m(
        "Fire range in connection steps when catapult_fire_mode is 'connections' (CP2/CP4).",
        "CONF-3", "PIECE-CATAPULT-3"),
    "catapult_fire_region_mountain_screen": _m(
        "Mountains screen wilderness regions from catapult fire (GC).",
        "CONF-28", "PIECE-CATAPULT-12"),
    "catapult_fire_via_arrow_slits": _m(
        "Catapults may fire across the yellow arrow slits between unconnected fields (GC).",
        "CONF-28", "PIECE-CATAPULT-12"),
    "catapult_galleon_max_steps": _m(
        "Steps a galleon carrying a catapult may make (CP 3, CP-4CM 2, GC 'none' = its full "
        "range).", "CONF-5", "PIECE-GALLEON-3"),
    "catapult_galleon_regen_steps": _m(
        "Steps a catapult-laden galleon regains after a capture (CP 3, CP-4CM 2, GC 'full').",
        "CONF-5", "PIECE-GALLEON-4"),
    "catapult_may_seize": _m(
        "Which enemy vessels a catapult may seize (CP 'none', GC 'empty_galleons').",
        "CONF-7", "PIECE-CATAPULT-8, PIECE-CATAPULT-16"),
    "catapult_move_range": _m(
        "Steps a catapult may move per turn (CP 3, CP-4CM 2, GC 2).",
        "CONF-4", "PIECE-CATAPULT-1"),
    "catapult_regular_shot_period": _m(
        "A catapult's regular shot is allowed once per own turn or once per round.",
        "CONF-36", "PIECE-CATAPULT-11"),
    "catapult_response_move_must_be_necessary": _m(
        "A responding catapult may move its one step only when it could not fire otherwise "
        "(CP false, GC true).", "CONF-6", "RECAP-18"),
    "catapult_response_requires_two_field_reach": _m(
        "A responding catapult must be within two steps of the capture scene.",
        "CONF-6", "RECAP-19"),
    "catapult_retaliation_limit": _m(
        "Response shots per catapult during an opponent's turn (CP 'one_per_turn', GC "
        "'unlimited').", "CONF-6", "RECAP-18, RECAP-19"),
    "catapult_shot_answerable": _m(
        "A catapult shot opens a response window for its victim.", "CONF-6", "RECAP-20"),
    "count_tiebreak": _m(
        "How a tie in the final count is broken (C 'shared', GC 'captured_then_shared').",
        "CONF-13", "WIN-18, WIN-23"),
    "draw_offer_once_per_turn": _m(
        "At most one draw offer per turn (against offer spam); false: no limit, as the rules "
        "say a draw may be agreed at any time.", "", "WIN-4"),
    "drawbridge_lower_in_response": _m(
        "A drawbridge may be lowered to make a recapture (GC).", "CONF-33", "RECAP-21"),
    "drawbridge_owner_may_raise_occupied": _m(
        "The owner may raise the drawbridge of an own tower an enemy occupies (GC).",
        "CONF-33", "DRAW-2"),
    "elimination_scope": _m(
        "What 'last two pieces', 'one piece left' and 'unprotected' count (C 'all_pieces', GC "
        "'land_pieces').", "CONF-11", "VULN-1, WIN-6, WIN-12"),
    "frozen_exclusion": _m(
        "Which frozen players are barred from winning: frozen at the end, or frozen at any "
        "time during the last round.", "CONF-19", "FREEZE-4"),
    "frozen_partner_pieces_usable": _m(
        "A victim may respond with a frozen partner's pieces (team games).", "", "FREEZE-6"),
    "galleon_catapult_land_targets": _m(
        "Land fields a galleon-mounted catapult may hit: through arrow slits only, harbour "
        "links or slits, or any adjacent field (GC).", "CONF-29", "PIECE-CATAPULT-15"),
    "gc_start_ships": _m(
        "Ships each player starts with in Grand Conquest.", "CONF-27", "BUILD-8"),
    "grail_entry_types": _m(
        "Piece types that may enter grail fields (C [knight, soldier]; CP4 adds siege_tower; "
        "GC [soldier, camel, knight]).", "CONF-17", "GRAIL-2, GRAIL-3"),
    "grail_penalty_per_field": _m(
        "Action points every opponent loses per grail field a player holds.",
        "CONF-38", "GRAIL-4"),
    "knight_jump_partner_pieces": _m(
        "Where knights may jump over a partner's pieces (CT 'never', GCT 'grail_roads_only').",
        "CONF-25", "TEAM-12"),
    "last_action_capture_denies_response": _m(
        "A capture with the last action point against the next player opens no response "
        "window.", "CONF-14", "RECAP-14"),
    "last_action_partner_response": _m(
        "After such a last-action capture the victim may still respond with his partner's "
        "pieces (CT false, GCT true).", "CONF-14", "TEAM-14"),
    "narrow_bridge_barred_types": _m(
        "Piece types barred from rope bridges when narrow_bridge_rule is "
        "'rope_unloaded_elephant'.", "CONF-16", "OBST-4"),
    "narrow_bridge_rule": _m(
        "X bridges bar elephants ('x_no_elephants'), or rope bridges carry elephants only "
        "unloaded and bar narrow_bridge_barred_types ('rope_unloaded_elephant').",
        "CONF-16", "OBST-3, OBST-4, OBST-5"),
    "new_piece_inactive_until": _m(
        "How long a newly built piece rests: to the end of the turn or of the round (GC).",
        "CONF-35", "BUILD-9"),
    "no_capture_counter_from_start": _m(
        "The no-capture count starts with the game (not only after the first capture).",
        "CONF-20", "WIN-9"),
    "no_capture_rounds": _m(
        "Rounds without a capture that end a 4-player game.", "CONF-20", "WIN-9, TEAM-5"),
    "no_capture_window": _m(
        "How rounds without a capture are counted: since the last capture, or complete "
        "rounds.", "CONF-20", "WIN-9, WIN-16"),
    "one_way_passage_types": _m(
        "Piece types bound by one-way passages that name no types (C [elephant, chariot]; GC "
        "adds camel).", "CONF-15", "OBST-1, OBST-2"),
    "raised_drawbridge_blocks_own_pieces": _m(
        "A raised drawbridge also blocks its owner's pieces (GC).", "CONF-33", "DRAW-3"),
    "recapture_moves_must_be_necessary": _m(
        "Every move of a recapture must be necessary; false reproduces printed Conquest "
        "[000] (unload soldiers, then the carrier recaptures alone).",
        "CONF-1", "RECAP-6, RECAP-7"),
    "recapture_sequence_model": _m(
        "A recapture is one piece's move, or up to two necessary steps (C 'single_piece', GC "
        "'up_to_two_necessary_steps').", "CONF-2", "RECAP-4, RECAP-5"),
    "rope_bridge_set": _m(
        "Connection ids treated as rope bridges; null = every connection with bridge_class "
        "rope_bridge.", "CONF-37", "OBST-4"),
    "score_cargo_individually": _m(
        "Every piece of a captured stack scores, cargo included.", "CONF-12", "CAPT-11"),
    "score_seized_vessel_as_captured": _m(
        "A seized vessel also scores as captured (besides as an own piece).",
        "CONF-12", "WIN-17"),
    "siege_build_forbidden_start_fields": _m(
        "Start fields where siege engines may not be built: opponents' or all (GC).",
        "CONF-34", "BUILD-6"),
    "siege_build_in_enemy_tower": _m(
        "Siege engines may be built inside an enemy tower (GC).", "CONF-34", "BUILD-6"),
    "siege_may_board_vessels": _m(
        "Siege towers and engines may be carried by vessels.", "CONF-9", "PIECE-SIEGE-1"),
    "siege_may_enter_own_castle": _m(
        "Siege engines may move into their own castle (GC).", "CONF-34", "PIECE-SIEGE-14"),
    "siege_narrow_bridge_block": _m(
        "Narrow bridges bar siege pieces (CP false, GC true).", "CONF-9", "OBST-5"),
    "siege_seize_from_adjacent_tower": _m(
        "Soldiers may seize an unmanned enemy siege tower from an adjacent own tower (CP true, "
        "GC false).", "CONF-9", "PIECE-SIEGE-5, PIECE-SIEGE-10"),
    "siege_win_target": _m(
        "Where a siege piece wins the game (CP2 'enemy_capital', CP4 'grail', GC "
        "'enemy_tower').", "CONF-9", "WIN-11"),
    "team_elimination_rule": _m(
        "A team wins by eliminating all land pieces of one opponent, or his last two land "
        "pieces.", "CONF-23", "TEAM-5, TEAM-6"),
    "team_pairing": _m(
        "Partners sit opposite (seats two apart in turn order), or 'custom' (the variant's "
        "'teams').", "CONF-24", "TEAM-1"),
    "two_player_timeout_rounds": _m(
        "Rounds without a capture that end a 2-player game.", "CONF-10", "WIN-3, WIN-22"),
    "two_player_timeout_tiebreak": _m(
        "Result of a 2-player game ended by the no-capture limit (C 'draw', GC2 "
        "'most_captured').", "CONF-10", "WIN-3, WIN-22"),
    "vessel_in_harbour_counts_as_ground": _m(
        "A vessel in harbour counts as ground for unloading and boarding.",
        "CONF-26", "CARRY-9"),
    "vulnerability_in_team_games": _m(
        "The unprotected-player rules also apply in team games.", "", "VULN-5"),
    "vulnerable_loss_end_timing": _m(
        "When an unprotected player's loss ends the game: immediately or at the end of the "
        "turn.", "CONF-22", "VULN-2"),
    "vulnerable_risky_captures_per_turn": _m(
        "Answerable captures an unprotected player may make per turn ([002]: 0).",
        "CONF-21", "VULN-3"),
    "wilderness_region_capacity": _m(
        "Pieces a wilderness region holds at once (GC).", "", "WILD-5"),
}


def annotate_options(model: Any) -> None:
    """Write the table into the `Options` model's fields (description and json_schema_extra).

    Call before models that contain `Options` are defined, so their schemas include it. An
    option missing from the table keeps its own description (a test keeps the two in step).
    """
    fields = model.model_fields
    for name, meta in OPTION_META.items():
        info = fields.get(name)
        if info is None:
            continue
        info.description = meta.description
        info.json_schema_extra = {"conf": list(meta.conf), "rules": list(meta.rules)}
    model.model_rebuild(force=True)
