"""Short titles of the variant's fields, in the user's language (no Qt).

People read titles, not keys: the configurator shows each budget, option, piece property and
victory-condition column by a short title ("Rider may leave a camel in the wilderness onto the
stair field") with its key (`camel_dismount_region_to_stair_field`) second. The titles are
marked here and translated in editor/locale; a key without a title is shown as it is written,
with spaces for underscores. Some choices of a field have titles too (`CHOICE_TITLES`).
"""

from __future__ import annotations

from editor.i18n import N_, _

#: key (a top-level variant field, an option, a piece property or a victory-condition field)
#: -> its short English title
TITLES: dict[str, str] = {
    # top-level fields: the game and its budgets and costs
    "board": N_("Board"), "setup": N_("Setup"), "team_game": N_("Partnership game"),
    "base_budget": N_("Action points per turn"),
    "freeze_threshold": N_("Fields lost that freeze a player"),
    "vulnerability": N_("Unprotected-player rules apply"),
    "recapture_reach": N_("Steps a recapturing piece may make"),
    "shot_cost": N_("AP per catapult shot"), "build_cost": N_("AP per build"),
    "drawbridge_raise_cost": N_("AP to raise a drawbridge"),
    "drawbridge_lower_cost": N_("AP to lower a drawbridge"),
    "opening_budget": N_("Action points of the opening turn"),
    # options
    "all_frozen_winner": N_("Winner when all but one are frozen"),
    "allow_resignation": N_("Players may resign"),
    "camel_commandeer_is_capture": N_("Mounting an enemy camel counts as a capture"),
    "camel_dismount_aboard_vessel": N_("Rider may leave a camel aboard a vessel"),
    "camel_dismount_region_to_stair_field": N_(
        "Rider may leave a camel in the wilderness onto the stair field"),
    "castle_penalty_per_field": N_("AP lost per own castle field held by an enemy"),
    "catapult_castle_access": N_("Catapults may enter castles"),
    "catapult_fire_mode": N_("How catapult range is measured"),
    "catapult_fire_radius_cm": N_("Catapult range in centimetres"),
    "catapult_fire_range_fields": N_("Catapult range in steps"),
    "catapult_fire_region_mountain_screen": N_("Mountains shield the wilderness from shots"),
    "catapult_fire_via_arrow_slits": N_("Catapults fire through arrow slits"),
    "catapult_galleon_max_steps": N_("Steps of a galleon carrying a catapult"),
    "catapult_galleon_regen_steps": N_("Steps such a galleon regains after a capture"),
    "catapult_may_seize": N_("Vessels a catapult may seize"),
    "catapult_move_range": N_("Steps of a catapult per turn"),
    "catapult_regular_shot_period": N_("How often a catapult fires its regular shot"),
    "catapult_response_move_must_be_necessary": N_(
        "A responding catapult steps only when it must"),
    "catapult_response_requires_two_field_reach": N_(
        "A responding catapult must be within two steps"),
    "catapult_retaliation_limit": N_("Retaliation shots per catapult"),
    "catapult_shot_answerable": N_("A catapult shot may be answered"),
    "count_tiebreak": N_("How a tied count is broken"),
    "draw_offer_once_per_turn": N_("One draw offer per turn"),
    "drawbridge_lower_in_response": N_("A drawbridge may be lowered to recapture"),
    "drawbridge_owner_may_raise_occupied": N_(
        "The owner may raise the drawbridge of an occupied tower"),
    "elimination_scope": N_("Which pieces the elimination counts"),
    "frozen_exclusion": N_("Which frozen players cannot win"),
    "frozen_partner_pieces_usable": N_("A frozen partner's pieces may respond"),
    "galleon_catapult_land_targets": N_("Land fields a catapult on a galleon may hit"),
    "gc_start_ships": N_("Ships at the start"),
    "grail_entry_types": N_("Pieces that may enter the grail"),
    "grail_penalty_per_field": N_("AP every opponent loses per grail field held"),
    "knight_jump_partner_pieces": N_("Where knights may jump a partner's pieces"),
    "last_action_capture_denies_response": N_(
        "A capture with the last AP against the next player cannot be answered"),
    "last_action_partner_response": N_("After it the partner's pieces may still respond"),
    "narrow_bridge_barred_types": N_("Pieces barred from rope bridges"),
    "narrow_bridge_rule": N_("Narrow bridge rule"),
    "new_piece_inactive_until": N_("How long a new piece rests"),
    "no_capture_counter_from_start": N_("Rounds without a capture count from the start"),
    "no_capture_rounds": N_("Rounds without a capture that end a 4-player game"),
    "no_capture_window": N_("How rounds without a capture are counted"),
    "one_way_passage_types": N_("Pieces bound by one-way passages"),
    "raised_drawbridge_blocks_own_pieces": N_("A raised drawbridge also blocks its owner"),
    "recapture_moves_must_be_necessary": N_("Every recapture move must be necessary"),
    "recapture_sequence_model": N_("What a recapture may be"),
    "rope_bridge_set": N_("Connections that are rope bridges"),
    "score_cargo_individually": N_("Cargo of a captured stack scores"),
    "score_seized_vessel_as_captured": N_("A seized vessel scores as captured"),
    "siege_build_forbidden_start_fields": N_("Start fields where siege engines cannot be built"),
    "siege_build_in_enemy_tower": N_("Siege engines may be built in an enemy tower"),
    "siege_may_board_vessels": N_("Vessels may carry siege pieces"),
    "siege_may_enter_own_castle": N_("Siege engines may enter their own castle"),
    "siege_narrow_bridge_block": N_("Narrow bridges bar siege pieces"),
    "siege_seize_from_adjacent_tower": N_("A siege tower may be seized from an adjacent tower"),
    "siege_win_target": N_("Where a siege piece wins"),
    "team_elimination_rule": N_("How a team wins by elimination"),
    "team_pairing": N_("Who plays with whom"),
    "two_player_timeout_rounds": N_("Rounds without a capture that end a 2-player game"),
    "two_player_timeout_tiebreak": N_("Result of a 2-player game without captures"),
    "vessel_in_harbour_counts_as_ground": N_("A vessel in harbour counts as ground"),
    "vulnerability_in_team_games": N_("Unprotected-player rules in team games"),
    "vulnerable_loss_end_timing": N_("When an unprotected player's loss ends the game"),
    "vulnerable_risky_captures_per_turn": N_(
        "Answerable captures an unprotected player may make per turn"),
    "wilderness_region_capacity": N_("Pieces a wilderness region holds"),
    # piece properties
    "letter": N_("Letter"), "range": N_("Range"), "terrain": N_("Terrain"),
    "land_piece": N_("Land piece"), "carries": N_("Carries"),
    "jumps_own_pieces": N_("Jumps own pieces"), "regenerates": N_("Regenerates"),
    "implemented": N_("Implemented"), "wilderness": N_("Enters the wilderness"),
    "shoots": N_("Shoots"), "captures_only_with_rider": N_("Captures only with a rider"),
    "commandeerable": N_("Can be taken over"), "push_steps": N_("Push steps"),
    "shot_proof": N_("Proof against shots"), "siege": N_("Siege piece"),
    "build_limit": N_("Build limit"), "builds": N_("Builds"),
    "lowers_drawbridges": N_("Lowers drawbridges"), "immunity_rule": N_("Immunity rule"),
    "immunity_rule_for": N_("Immune against"), "seized_by_catapults": N_("Seized by catapults"),
    "castle_access_by_option": N_("Castle access by option"),
    "x_bridge_barred": N_("Barred from X bridges"),
    "rope_bridge_unloaded_only": N_("Crosses rope bridges only unloaded"),
    "build_place": N_("Where a built piece goes"),
    # victory conditions
    "kind": N_("Condition"), "rule": N_("Rule"), "rounds": N_("Rounds"), "decider": N_("Decider"),
}


#: choices of a field (victory conditions, deciders, terrains, where a built piece goes, the
#: options' choices) -> their short English title; the configurator shows the title with the
#: choice second
CHOICE_TITLES: dict[str, str] = {
    "capital_occupation": N_("Capital occupied"), "annihilation": N_("Annihilation"),
    "elimination": N_("Elimination"), "all_others_frozen": N_("All others frozen"),
    "one_piece_left": N_("One piece left"), "no_capture_limit": N_("Rounds without a capture"),
    "agreed_draw": N_("Agreed draw"), "team_elimination": N_("Team elimination"),
    "team_freeze": N_("Team frozen"),
    "team_no_capture_limit": N_("Team game: rounds without a capture"),
    "siege_in_capital": N_("Siege piece in the enemy capital"),
    "siege_in_grail": N_("Siege piece on the grail"),
    "siege_in_tower": N_("Siege piece in an enemy tower"),
    "enemy_capital": N_("Enemy capital"), "victory_points": N_("Victory points"),
    "land": N_("land"), "sea": N_("sea"),
    "under_builder": N_("Under the builder"), "adjacent_land": N_("Adjacent land field"),
    "harbour": N_("harbour"),
    # the options' choices
    "adjacent_with_slits": N_("Adjacent fields and arrow slits"), "all": N_("All"),
    "all_land_pieces": N_("All land pieces"), "all_pieces": N_("All pieces"),
    "allowed_with_drawbridges": N_("Allowed through drawbridges"),
    "any_adjacent": N_("Any adjacent field"), "anywhere": N_("Anywhere"),
    "captured_then_shared": N_("Most captured, then shared"),
    "complete_rounds": N_("Complete rounds"), "connections": N_("Along connections"),
    "custom": N_("As the variant's teams say"), "draw": N_("Draw"),
    "empty_galleons": N_("Empty galleons"), "empty_vessels": N_("Empty vessels"),
    "end_of_round": N_("To the end of the round"), "end_of_turn": N_("To the end of the turn"),
    "enemy_tower": N_("Enemy tower"), "forbidden": N_("Forbidden"),
    "frozen_at_end": N_("Frozen at the end"),
    "frozen_during_last_round": N_("Frozen during the last round"), "grail": N_("Grail"),
    "grail_roads_only": N_("Only on the roads to the grail"),
    "harbour_link_or_slit": N_("Harbour links or arrow slits"),
    "immediately": N_("Immediately"), "land_pieces": N_("Land pieces"),
    "last_two_land_pieces": N_("Last two land pieces"),
    "most_captured": N_("Most captured pieces"), "never": N_("Never"), "none": N_("None"),
    "one_per_turn": N_("One per turn"), "opponent": N_("Opponents'"),
    "opposite_seats": N_("Opposite seats"), "own_camel_only": N_("Own camel only"),
    "own_turn": N_("Once per own turn"),
    "player_who_froze": N_("The player who froze the others"), "radius_cm": N_("Radius in cm"),
    "rope_unloaded_elephant": N_("Rope bridges: elephants unloaded"),
    "round": N_("Once per round"), "rounds_since_last_capture": N_("Since the last capture"),
    "shared": N_("Shared"), "single_piece": N_("One piece"), "slit_only": N_("Arrow slits only"),
    "sole_mobile_player": N_("The one still mobile"), "unlimited": N_("Unlimited"),
    "up_to_two_necessary_steps": N_("Up to two necessary steps"),
    "x_no_elephants": N_("X bridges: no elephants"),
}


def choice_title(value: object) -> str | None:
    """The short title of a field's choice (`siege_in_tower`), in the current language; None
    for a choice without one."""
    known = CHOICE_TITLES.get(str(value))
    return _(known) if known else None


def title_of(key: str) -> str:
    """The short title of a field key (`no_capture_rounds`), in the current language."""
    known = TITLES.get(key)
    return _(known) if known else key.replace("_", " ")
