"""Reason codes: why an action is illegal (ARCHITECTURE principle 5).

`State.explain(action)` returns None for a legal action, otherwise a `Reason` with a stable code
from this list, the rule ID and a message naming pieces and fields, e.g.
`E_EDGE_FORBIDS_PIECE (OBST-3): black elephant on s12 may not cross the bridge s12-w3`.
The codes are registered as findings of area "rules" so `docs/findings.md` lists them.
"""

from __future__ import annotations

from dataclasses import dataclass

from editor.model.findings import Severity, define


class ReasonCode(str):
    """A reason code (`E_...`): one of the closed set registered below (`REASONS`) and listed in
    docs/findings.md; compares equal to its text, so JSON and scenario files keep plain strings."""

    __slots__ = ()


@dataclass(frozen=True)
class Reason:
    """Why an action is illegal: a reason code, the rule ID (RULES.md) and a message naming the
    pieces and fields."""

    code: ReasonCode
    rule: str
    message: str

    def __post_init__(self) -> None:
        if not isinstance(self.code, ReasonCode):
            object.__setattr__(self, "code", ReasonCode(self.code))

    def __str__(self) -> str:
        if not self.rule:
            return f"{self.code}: {self.message}"
        return f"{self.code} ({self.rule}): {self.message}"


_E = Severity.ERROR
REASONS: dict[ReasonCode, str] = {}  # code -> title


def _code(code: str, title: str, hint: str) -> ReasonCode:
    define(code, _E, title, hint, area="rules")
    rc = ReasonCode(code)
    REASONS[rc] = title
    return rc


E_GAME_OVER = _code("E_GAME_OVER", "The game is over", "No action follows a terminal state "
                    "(WIN-24).")
E_BAD_NOTATION = _code("E_BAD_NOTATION", "Action text cannot be read",
                       "Write the action in the notation of docs/rules-engine.md.")
E_NO_SUCH_PIECE = _code("E_NO_SUCH_PIECE", "No such piece there",
                        "Name a piece letter that stands (or rides) on the given field.")
E_NOT_YOUR_PIECE = _code("E_NOT_YOUR_PIECE", "Not the actor's piece",
                         "Move only your own pieces (TURN-1), or in a response the victim's or "
                         "his partner's (RECAP-2, TEAM-3).")
E_RESPONSE_PENDING = _code("E_RESPONSE_PENDING", "A response window is open",
                           "The victim must respond or decline first (RECAP-1).")
E_NO_WINDOW = _code("E_NO_WINDOW", "No response window is open",
                    "Responses and 'decline' exist only right after a capture (RECAP-1).")
E_RESPONSE_WRONG_TARGET = _code("E_RESPONSE_WRONG_TARGET", "Response must take the capturer",
                                "A response captures the capturing stack on the scene (RECAP-3).")
E_RESPONSE_OUT_OF_REACH = _code("E_RESPONSE_OUT_OF_REACH", "Responding piece out of reach",
                                "Only a piece at most two steps from the scene may respond "
                                "(RECAP-4).")
E_RESPONSE_NOT_NECESSARY = _code("E_RESPONSE_NOT_NECESSARY", "Unnecessary response step",
                                 "Every step of a response must be necessary (RECAP-6).")
E_FROZEN = _code("E_FROZEN", "Player is frozen",
                 "A frozen player has no AP and cannot act or respond (FREEZE-2).")
E_NO_AP = _code("E_NO_AP", "Not enough action points",
                "The action costs more AP than the current budget leaves (TURN-6, TURN-9).")
E_RANGE_EXCEEDED = _code("E_RANGE_EXCEEDED", "Piece range exceeded",
                         "A piece moves at most its range per turn unless it regenerated "
                         "(MOVE-5, CAPT-10).")
E_NOT_CONNECTED = _code("E_NOT_CONNECTED", "Fields are not connected",
                        "Pieces move only along connections (MOVE-1).")
E_NO_PATH = _code("E_NO_PATH", "No path for this piece",
                  "No legal path leads there for this piece (MOVE-1, MOVE-9).")
E_WRONG_TERRAIN = _code("E_WRONG_TERRAIN", "Wrong terrain",
                        "Land pieces stand on land, vessels at sea (MOVE-2).")
E_EDGE_FORBIDS_PIECE = _code("E_EDGE_FORBIDS_PIECE", "Connection closed to this piece",
                             "X bridges bar elephants (OBST-3); barred types never cross.")
E_EDGE_FORBIDS_LOADED = _code("E_EDGE_FORBIDS_LOADED", "Connection only for unloaded pieces",
                              "Unload the piece first (OBST-4).")
E_ONE_WAY = _code("E_ONE_WAY", "One-way passage",
                  "Elephants and chariots use V passages only toward the grail (OBST-1).")
E_PATH_BLOCKED = _code("E_PATH_BLOCKED", "Path blocked",
                       "Pieces may not pass occupied fields (MOVE-4).")
E_KNIGHT_JUMPS_ENEMY = _code("E_KNIGHT_JUMPS_ENEMY", "Knight cannot pass an enemy",
                             "Knights jump only their owner's pieces (PIECE-KNIGHT-3).")
E_FIELD_OCCUPIED = _code("E_FIELD_OCCUPIED", "Field occupied by an own piece",
                         "A field holds one piece (MOVE-3, PIECE-KNIGHT-4).")
E_GRAIL_FORBIDDEN = _code("E_GRAIL_FORBIDDEN", "Piece may not enter the grail",
                          "Only the variant's grail_entry_types enter grail fields (GRAIL-2).")
E_CASTLE_FORBIDDEN = _code("E_CASTLE_FORBIDDEN", "Piece may not enter a capital",
                           "Catapults keep out of capitals (CASTLE-5).")
E_CANNOT_CARRY = _code("E_CANNOT_CARRY", "Boarder would not fit aboard the vessel",
                       "A land piece boards an enemy vessel only if it could ride it (CAPT-5, "
                       "CARRY-2).")
E_CARRIER_FULL = _code("E_CARRIER_FULL", "Carrier is full",
                       "Capacities: elephant 2 soldiers, chariot 1, vessels one load "
                       "(CARRY-1, CARRY-2).")
E_CARRIER_TO_CARRIER = _code("E_CARRIER_TO_CARRIER", "Mount only from the ground",
                             "Dismount to a free field first (PIECE-SOLDIER-4, CARRY-5, "
                             "CARRY-9).")
E_CANNOT_CAPTURE = _code("E_CANNOT_CAPTURE", "This piece cannot capture that one",
                         "See the capture matrix (CAPT-2): soldiers never take elephants, "
                         "vessels only vessels.")
E_OWN_PIECE = _code("E_OWN_PIECE", "Cannot capture own or partner's pieces",
                    "Captures take enemy pieces only (CAPT-4, TEAM-2).")
E_VULNERABLE_RISK = _code("E_VULNERABLE_RISK", "Unprotected player may not risk this capture",
                          "An unprotected player makes at most one answerable capture per turn "
                          "(VULN-3).")
E_NOT_AVAILABLE = _code("E_NOT_AVAILABLE", "Action not available now",
                        "The action is not part of this variant or not possible at this moment "
                        "(e.g. a draw offer outside a 2-player game, WIN-4).")
E_RESTING = _code("E_RESTING", "Piece rests after building",
                  "A builder and the piece it built do not move or fire until the turn ends "
                  "(BUILD-9, CONF-35).")
E_DRAWBRIDGE_UP = _code("E_DRAWBRIDGE_UP", "Drawbridge raised",
                        "Nobody crosses a raised drawbridge except a soldier storming from a "
                        "siege engine (DRAW-3, PIECE-SIEGE-13).")
E_SIEGE_OWN_CASTLE = _code("E_SIEGE_OWN_CASTLE", "Siege engine in its own castle",
                           "A siege engine may not enter a tower of its owner's castle "
                           "(PIECE-SIEGE-14, CONF-34).")
E_WILD_CAMEL = _code("E_WILD_CAMEL", "A riderless camel cannot capture",
                     "Mount a soldier first (PIECE-CAMEL-2).")
E_NO_TARGET = _code("E_NO_TARGET", "Nothing a catapult may hit there",
                    "A shot needs an enemy piece (or a raised enemy drawbridge) in the "
                    "catapult's fire set (PIECE-CATAPULT-3/-4/-5/-12/-14/-15/-17).")
E_SHOT_USED = _code("E_SHOT_USED", "Catapult already fired",
                    "One regular shot per catapult and turn (PIECE-CATAPULT-2/-11); in Conquest "
                    "Plus one response shot per opponent turn (RECAP-19).")
E_CANNOT_BUILD = _code("E_CANNOT_BUILD", "Cannot build this here",
                       "A soldier on foot on a land field builds for 10 AP, not on the central "
                       "island, in his own castle or on an opponent's start field (BUILD-1..8).")
E_BUILD_LIMIT = _code("E_BUILD_LIMIT", "Piece limit reached",
                      "At most 2 chariots, catapults, siege engines and galleons and 4 ships "
                      "in play (BUILD-4).")
E_DRAWBRIDGE = _code("E_DRAWBRIDGE", "Drawbridge cannot be operated",
                     "Raise a drawbridge of an own tower not held by an enemy or of an enemy "
                     "tower you hold (DRAW-2); a storming soldier lowers it (DRAW-5).")
E_CANNOT_PUSH = _code("E_CANNOT_PUSH", "Camel cannot be pushed",
                      "Only an opponent's riderless camel, at most 2 steps per turn, 1 AP each "
                      "(PIECE-CAMEL-5, TEAM-10).")
E_CANNOT_DISMOUNT = _code("E_CANNOT_DISMOUNT", "Rider may not dismount here",
                          "No dismounting in the wilderness except onto the linked stair field, "
                          "and not from a commandeered camel aboard a vessel (PIECE-CAMEL-8).")
