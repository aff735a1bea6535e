"""The options of a variant (RULES.md section 2.0): every switch the rules vary on, with the
catalogue's proposed default; `annotate_options` adds each option's description and its CONF
and rule IDs (`options_meta`). Part of the `conquest-variant/2` format (`editor.model.variant`).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field as F

from editor.model.options_meta import annotate_options
from editor.model.types import Id, PieceType, StrictModel

PT = PieceType

#: Most steps any range or step count of the rules may be (MOVE-5); the boards are far smaller.
MAX_STEPS = 100
Steps = Annotated[int, F(ge=0, le=MAX_STEPS)]

# ---- options (RULES.md section 2.0) --------------------------------------------------------


class Options(StrictModel):
    """Every switch of RULES.md section 2.0 (option index), with the catalogue's proposed default.

    Where the default differs per edition, the value here is the Conquest (C2/C4/CT) default and
    the description names the other editions' values; edition variant files set them.
    """

    all_frozen_winner: Literal["sole_mobile_player", "player_who_froze"] = F(
        default="sole_mobile_player",
        description="CONF-18, WIN-7: who wins when all players but one are frozen.")
    allow_resignation: bool = F(
        default=False, description="WIN-26 (rule-local): offer a resign action (GC: false).")
    camel_commandeer_is_capture: bool = F(
        default=True,
        description="CONF-32, CAPT-13: mounting an enemy riderless camel opens a response "
        "window and regenerates the soldier (GC).")
    camel_dismount_aboard_vessel: Literal["never", "own_camel_only"] = F(
        default="own_camel_only", description="CONF-31, PIECE-CAMEL-8 (GC; [003] 'never').")
    camel_dismount_region_to_stair_field: bool = F(
        default=True, description="CONF-30, PIECE-CAMEL-8 (GC; [003] false).")
    castle_penalty_per_field: int = F(
        default=4, ge=0, le=20,
        description="CONF-38, CASTLE-2, TURN-9: AP lost per own castle field held by an "
        "opponent.")
    catapult_castle_access: Literal["forbidden", "allowed_with_drawbridges"] = F(
        default="forbidden",
        description="CONF-8, PIECE-CATAPULT-6, CASTLE-5 (CP 'forbidden'; GC "
        "'allowed_with_drawbridges').")
    catapult_fire_mode: Literal["connections", "radius_cm", "adjacent_with_slits"] = F(
        default="connections",
        description="CONF-3, PIECE-CATAPULT-3/-4 (CP2/CP4 'connections', CP-4CM 'radius_cm', "
        "GC 'adjacent_with_slits').")
    catapult_fire_radius_cm: float = F(
        default=4.0, gt=0, le=100, description="CONF-3, PIECE-CATAPULT-4 (CP-4CM).")
    catapult_fire_range_fields: int = F(
        default=3, ge=0, le=20, description="CONF-3, PIECE-CATAPULT-3 (CP2/CP4).")
    catapult_fire_region_mountain_screen: bool = F(
        default=True, description="CONF-28, PIECE-CATAPULT-12 (GC).")
    catapult_fire_via_arrow_slits: bool = F(
        default=True, description="CONF-28, PIECE-CATAPULT-12 (GC).")
    catapult_galleon_max_steps: Steps | Literal["none"] = F(
        default=3,
        description="CONF-5, PIECE-GALLEON-3: steps of a catapult-laden galleon (CP 3, CP-4CM 2, "
        "GC 'none').")
    catapult_galleon_regen_steps: Steps | Literal["full"] = F(
        default=3,
        description="CONF-5, PIECE-GALLEON-4: steps after regeneration (CP 3, CP-4CM 2, GC "
        "'full').")
    catapult_may_seize: Literal["none", "empty_galleons", "empty_vessels"] = F(
        default="none",
        description="CONF-7, PIECE-CATAPULT-8/-16 (CP 'none', GC 'empty_galleons').")
    catapult_move_range: int = F(
        default=3, ge=0, le=20, description="CONF-4, PIECE-CATAPULT-1 (CP 3, CP-4CM 2, GC 2).")
    catapult_regular_shot_period: Literal["own_turn", "round"] = F(
        default="own_turn", description="CONF-36, PIECE-CATAPULT-11.")
    catapult_response_move_must_be_necessary: bool = F(
        default=False, description="CONF-6 (CP false, GC true).")
    catapult_response_requires_two_field_reach: bool = F(
        default=False, description="CONF-6, RECAP-19.")
    catapult_retaliation_limit: Literal["one_per_turn", "unlimited"] = F(
        default="one_per_turn",
        description="CONF-6, RECAP-18/-19 (CP 'one_per_turn', GC 'unlimited').")
    catapult_shot_answerable: bool = F(
        default=False, description="CONF-6, RECAP-20.")
    count_tiebreak: Literal["shared", "captured_then_shared"] = F(
        default="shared",
        description="CONF-13, WIN-18, WIN-23 (C 'shared', GC 'captured_then_shared').")
    draw_offer_once_per_turn: bool = F(
        default=False, description="WIN-4 (rule-local): at most one draw offer per turn; "
        "false: no limit ([000] 7.1: a draw may be agreed at any time).")
    drawbridge_lower_in_response: bool = F(
        default=False, description="CONF-33, RECAP-21 (GC).")
    drawbridge_owner_may_raise_occupied: bool = F(
        default=False, description="CONF-33 (GC).")
    elimination_scope: Literal["all_pieces", "land_pieces"] = F(
        default="all_pieces",
        description="CONF-11, WIN-6, WIN-12, VULN-1: what 'last two pieces', 'one piece left' "
        "and 'unprotected' count (C 'all_pieces', GC 'land_pieces').")
    frozen_exclusion: Literal["frozen_at_end", "frozen_during_last_round"] = F(
        default="frozen_at_end", description="CONF-19, FREEZE-4.")
    frozen_partner_pieces_usable: bool = F(
        default=True,
        description="FREEZE-6 (rule-local): a victim may respond with a frozen partner's pieces.")
    galleon_catapult_land_targets: Literal["slit_only", "harbour_link_or_slit",
                                           "any_adjacent"] = F(
        default="harbour_link_or_slit", description="CONF-29, PIECE-CATAPULT-15 (GC).")
    gc_start_ships: int = F(default=4, ge=0, le=20, description="CONF-27 (GC roster).")
    grail_entry_types: list[PieceType] = F(
        default_factory=lambda: [PT.KNIGHT, PT.SOLDIER],
        description="CONF-17, GRAIL-2/-3: piece types that may enter grail fields (C "
        "[knight, soldier]; CP4 adds siege_tower; GC [soldier, camel, knight]).")
    grail_penalty_per_field: int = F(
        default=4, ge=0, le=20,
        description="CONF-38, GRAIL-4: AP every opponent loses per grail field held.")
    knight_jump_partner_pieces: Literal["never", "grail_roads_only", "anywhere"] = F(
        default="never", description="CONF-25, TEAM-12 (CT 'never', GCT 'grail_roads_only').")
    last_action_capture_denies_response: bool = F(
        default=True,
        description="CONF-14, RECAP-14: a last-action capture against the next player opens no "
        "response window.")
    last_action_partner_response: bool = F(
        default=False,
        description="CONF-14, TEAM-14: after such a capture the victim may still respond with "
        "his partner's pieces (CT false, GCT true).")
    narrow_bridge_barred_types: list[PieceType] = F(
        default_factory=lambda: [PT.CATAPULT, PT.SIEGE_ENGINE],
        description="CONF-16: types barred from rope bridges under 'rope_unloaded_elephant'.")
    narrow_bridge_rule: Literal["x_no_elephants", "rope_unloaded_elephant"] = F(
        default="x_no_elephants",
        description="CONF-16, OBST-3, OBST-4: x_bridge connections bar elephants "
        "('x_no_elephants'), or rope_bridge connections carry elephants only unloaded and bar "
        "narrow_bridge_barred_types ('rope_unloaded_elephant').")
    new_piece_inactive_until: Literal["end_of_turn", "end_of_round"] = F(
        default="end_of_turn", description="CONF-35, BUILD-9 (GC).")
    no_capture_counter_from_start: bool = F(
        default=True, description="CONF-20: the no-capture count starts with the game.")
    no_capture_rounds: int = F(
        default=4, ge=1, le=1000,
        description="CONF-20, WIN-9, TEAM-5: rounds without capture that end a 4-player game.")
    no_capture_window: Literal["rounds_since_last_capture", "complete_rounds"] = F(
        default="rounds_since_last_capture", description="CONF-20, WIN-9, WIN-16.")
    one_way_passage_types: list[PieceType] = F(
        default_factory=lambda: [PT.ELEPHANT, PT.CHARIOT],
        description="CONF-15, OBST-1/-2: piece types bound by one-way passages whose "
        "'pieces' is null (C [elephant, chariot]; GC adds camel).")
    raised_drawbridge_blocks_own_pieces: bool = F(
        default=True, description="CONF-33, DRAW-3 (GC).")
    recapture_moves_must_be_necessary: bool = F(
        default=True,
        description="CONF-1, RECAP-6, RECAP-7: necessity test; false reproduces printed "
        "Conquest [000] (unload soldiers, then the carrier recaptures alone).")
    recapture_sequence_model: Literal["single_piece", "up_to_two_necessary_steps"] = F(
        default="single_piece",
        description="CONF-2, RECAP-4/-5 (C 'single_piece', GC 'up_to_two_necessary_steps').")
    rope_bridge_set: list[Id] | None = F(
        default=None,
        description="CONF-37: connection ids treated as rope bridges; null = every connection "
        "with bridge_class rope_bridge.")
    score_cargo_individually: bool = F(
        default=True, description="CONF-12, CAPT-11: every piece of a captured stack scores.")
    score_seized_vessel_as_captured: bool = F(
        default=False, description="CONF-12, WIN-17: a seized vessel also scores as captured.")
    siege_build_forbidden_start_fields: Literal["opponent", "all"] = F(
        default="opponent", description="CONF-34, BUILD-6 (GC).")
    siege_build_in_enemy_tower: bool = F(default=False, description="CONF-34 (GC).")
    siege_may_board_vessels: bool = F(default=False, description="CONF-9.")
    siege_may_enter_own_castle: bool = F(
        default=False, description="CONF-34, PIECE-SIEGE-14 (GC).")
    siege_narrow_bridge_block: bool = F(
        default=False, description="CONF-9 (CP false, GC true).")
    siege_seize_from_adjacent_tower: bool = F(
        default=True, description="CONF-9, PIECE-SIEGE-5, PIECE-SIEGE-10 (CP true, GC false).")
    siege_win_target: Literal["enemy_capital", "grail", "enemy_tower"] = F(
        default="enemy_capital",
        description="CONF-9 (CP2 'enemy_capital', CP4 'grail', GC 'enemy_tower').")
    team_elimination_rule: Literal["all_land_pieces", "last_two_land_pieces"] = F(
        default="all_land_pieces", description="CONF-23, TEAM-5, TEAM-6.")
    team_pairing: Literal["opposite_seats", "custom"] = F(
        default="opposite_seats",
        description="CONF-24, TEAM-1: partners sit opposite (seats two apart in turn order), or "
        "'custom' (the variant's 'teams').")
    two_player_timeout_rounds: int = F(
        default=10, ge=1, le=1000, description="CONF-10, WIN-3, WIN-22.")
    two_player_timeout_tiebreak: Literal["draw", "most_captured"] = F(
        default="draw", description="CONF-10, WIN-3, WIN-22 (C 'draw', GC2 'most_captured').")
    vessel_in_harbour_counts_as_ground: bool = F(
        default=True, description="CONF-26, CARRY-9.")
    vulnerability_in_team_games: bool = F(
        default=False, description="VULN-5 (rule-local).")
    vulnerable_loss_end_timing: Literal["immediately", "end_of_turn"] = F(
        default="immediately", description="CONF-22, VULN-2.")
    vulnerable_risky_captures_per_turn: int = F(
        default=1, ge=0, le=1, description="CONF-21, VULN-3.")
    wilderness_region_capacity: int = F(
        default=1, ge=1, le=64, description="WILD-5 (rule-local, GC).")


annotate_options(Options)  # descriptions, CONF and rule IDs of RULES.md 2.0 (options_meta)
