"""Refusals cite a rule that is about what was refused (issue 15 item 5).

Every (reason code, rule ID) pair the engine can give -- the literal pairs in editor/engine,
editor/rules and the pairs `conquest why` answers in tests/cli/test_cli_why.py -- is checked
against the rule's text in the catalogue (docs/rules.md): the text must mention at least one
keyword of the code's subject.
"""

from __future__ import annotations

import importlib.util
import re

import pytest
from support.scenariokit import ROOT

from editor.engine import explain as X

CANDIDATES = (ROOT / "docs" / "rules.md",)  # the catalogue the product ships

# reason code -> words (lower case) of which the cited rule's text must contain at least one
KEYWORDS: dict[str, tuple[str, ...]] = {
    X.E_GAME_OVER: ("game ends", "end of the game", "terminal", "wins", "winner", "victor"),
    X.E_BAD_NOTATION: ("notation", "field id", "number", "response", "capture"),
    X.E_NO_SUCH_PIECE: ("piece", "respon", "recapture", "soldier", "catapult"),
    X.E_NOT_YOUR_PIECE: ("own pieces", "his pieces", "partner", "his own", "his turn"),
    X.E_RESPONSE_PENDING: ("respon",),
    X.E_NO_WINDOW: ("respon",),
    X.E_RESPONSE_WRONG_TARGET: ("respon", "captur"),
    X.E_RESPONSE_OUT_OF_REACH: ("respon", "steps", "target set"),
    X.E_RESPONSE_NOT_NECESSARY: ("respon", "necessary"),
    X.E_FROZEN: ("frozen", "freez"),
    X.E_NO_AP: ("ap", "action point", "costs"),
    X.E_RANGE_EXCEEDED: ("range", "steps per turn"),
    X.E_NOT_CONNECTED: ("connect",),
    X.E_NO_PATH: ("connect", "path", "field"),
    X.E_WRONG_TERRAIN: ("land", "sea", "wilderness", "region", "terrain"),
    X.E_EDGE_FORBIDS_PIECE: ("bridge", "passage", "cross"),
    X.E_EDGE_FORBIDS_LOADED: ("loaded", "unloaded", "carry", "cargo"),
    X.E_ONE_WAY: ("one way", "one-way", "toward", "direction"),
    X.E_PATH_BLOCKED: ("occupied", "pass", "block", "empty fields"),
    X.E_KNIGHT_JUMPS_ENEMY: ("knight", "jump", "pass over"),
    X.E_FIELD_OCCUPIED: ("occupied", "one piece", "field"),
    X.E_GRAIL_FORBIDDEN: ("grail",),
    X.E_CASTLE_FORBIDDEN: ("capital", "castle"),
    X.E_CANNOT_CARRY: ("board", "carry", "aboard", "fit"),
    X.E_CARRIER_FULL: ("carry", "capacity", "rider", "aboard", "at most"),
    X.E_CARRIER_TO_CARRIER: ("mount", "carrier", "board"),
    X.E_CANNOT_CAPTURE: ("captur", "board enemy"),
    X.E_OWN_PIECE: ("partner", "own piece", "enemy"),
    X.E_VULNERABLE_RISK: ("unprotected", "vulnerab"),
    X.E_NOT_AVAILABLE: ("draw", "resign", "build", "drawbridge", "catapult", "move", "mount",
                        "siege", "camel"),
    X.E_RESTING: ("built", "build", "rest"),
    X.E_DRAWBRIDGE_UP: ("drawbridge",),
    X.E_SIEGE_OWN_CASTLE: ("siege", "own castle"),
    X.E_WILD_CAMEL: ("without a rider", "wild camel", "riderless"),
    X.E_NO_TARGET: ("target", "shoot", "fire", "hit", "shot"),
    X.E_SHOT_USED: ("once", "one shot", "per turn", "shot"),
    X.E_CANNOT_BUILD: ("build",),
    X.E_BUILD_LIMIT: ("at most", "limit", "in play"),
    X.E_DRAWBRIDGE: ("drawbridge",),
    X.E_CANNOT_PUSH: ("push", "camel"),
    X.E_CANNOT_DISMOUNT: ("dismount",),
}

PAIR_RE = re.compile(r'Reason\(X\.(E_[A-Z_]+),\s*"([A-Z][A-Z0-9-]+)"'
                     r'|\("(E_[A-Z_]+)",\s*"([A-Z][A-Z0-9-]+)"')


def _catalogue() -> dict[str, str]:
    path = next((p for p in CANDIDATES if p.is_file()), None)
    if path is None:
        pytest.skip("RULES.md (the rules catalogue) is not next to the repository")
    rules: dict[str, str] = {}
    current = None
    for line in path.read_text(encoding="utf-8").splitlines():
        m = re.match(r"^#+\s+([A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*-\d+)\s+[—-]", line)
        if m:
            current = m.group(1)
            rules[current] = line
        elif line.startswith("#"):
            current = None
        elif current:
            rules[current] += "\n" + line
    return rules


def _source_pairs() -> set[tuple[str, str]]:
    pairs = set()
    for f in [*(ROOT / "editor" / "engine").glob("*.py"),
              *(ROOT / "editor" / "rules").glob("*.py")]:
        for m in PAIR_RE.finditer(f.read_text(encoding="utf-8")):
            pairs.add((m.group(1) or m.group(3), m.group(2) or m.group(4)))
    return pairs


def _why_pairs() -> set[tuple[str, str]]:
    """The (code, rule) answers of the `conquest why` cases in tests/cli/test_cli_why.py."""
    path = ROOT / "tests" / "cli" / "test_cli_why.py"
    spec = importlib.util.spec_from_file_location("_why_cases", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return ({(c[5], c[6]) for c in mod.ILLEGAL if c[6]} | {(c[4], c[5]) for c in mod.ITEM5})


def test_every_reason_code_has_keywords():
    assert set(KEYWORDS) == set(X.REASONS)


def test_the_source_pairs_are_found():
    """The scan is not empty: it sees the three item-5 refusals fixed in the engine."""
    pairs = _source_pairs()
    assert {("E_WILD_CAMEL", "PIECE-CAMEL-2"), ("E_OWN_PIECE", "TEAM-13"),
            ("E_CANNOT_DISMOUNT", "PIECE-CAMEL-8")} <= pairs


@pytest.mark.parametrize("source", ["engine", "why"])
def test_cited_rule_text_is_about_the_refusal(source):
    rules = _catalogue()
    pairs = _source_pairs() if source == "engine" else _why_pairs()
    wrong = []
    for code, rule in sorted(pairs):
        text = rules.get(rule)
        if text is None:
            wrong.append(f"{code} cites {rule}, which RULES.md does not have")
        elif not any(k in text.lower() for k in KEYWORDS[code]):
            wrong.append(f"{code} cites {rule}, whose text mentions none of {KEYWORDS[code]}")
    assert not wrong, "\n".join(wrong)


def test_a_wrong_citation_is_caught():
    """The check can fail: a camel refusal citing the soldier-elephant rule is not about camels."""
    rules = _catalogue()
    assert not any(k in rules["CAPT-2"].lower() for k in KEYWORDS[X.E_WILD_CAMEL])
    assert any(k in rules["PIECE-CAMEL-2"].lower() for k in KEYWORDS[X.E_WILD_CAMEL])
