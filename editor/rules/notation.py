"""Action notation: a short text form for every action, parsed and printed round-trip.

Engine notation (field ids of the board; see docs/rules-engine.md):

    E s12>s14          elephant on s12 moves (or mounts/boards) to s14 by a shortest path
    E s12>s13>s14      ... along this exact path
    N s3*w7            knight on s3 captures on w7 (also boarding an enemy vessel, CAPT-5)
    S s12>s11          a soldier riding the elephant on s12 dismounts to s11
    N s3*w7!           capture and end the turn at once (TURN-11, RECAP-14)
    (E a1*x4)          response: the victim's elephant recaptures on x4 (RECAP-1)
    (S a1>f2, E a1*x4) classic response: unload, then recapture (RECAP-7; option-dependent)
    decline | RR       decline the response          end      end the turn
    offer draw | accept draw | reject draw             (WIN-4, 2-player Conquest)

The piece letter picks the piece among the stack on the start field (carrier or cargo);
identical riders are interchangeable (the one with least range left is used).

Puzzle-book notation (RULES.md 5.9) is parsed by `parse_puzzle`: `B-509 3`, `Ds x G516 8`,
`B x Bc 1`, `(Bes x B)`, `RR`. Fields are printed numbers; the text is matched against the
legal actions of the state (piece letters with cargo, target stack, destination, AP used).
"""

from __future__ import annotations

import re

from editor.rules import explain as X
from editor.rules.engine import (
    A_ACCEPT,
    A_DECLINE,
    A_END,
    A_OFFER,
    A_REJECT,
    ACCEPT_DRAW,
    DECLINE,
    END,
    MOVE,
    OFFER_DRAW,
    REJECT_DRAW,
    RESP,
    State,
)
from editor.rules.explain import Reason

_WORDS = {
    "decline": A_DECLINE, "rr": A_DECLINE, "end": A_END, "offer draw": A_OFFER,
    "accept draw": A_ACCEPT, "reject draw": A_REJECT,
}
_FIELD = r"[A-Za-z0-9][A-Za-z0-9_.\-]*"
_MOVE_RE = re.compile(rf"^([A-Z])\s*({_FIELD})((?:\s*[>*]\s*{_FIELD})+)\s*(!)?$")
_HOP_RE = re.compile(rf"\s*([>*])\s*({_FIELD})")


def to_text(st: State, a: tuple, full_path: bool = False) -> str:
    """Engine notation of an action in state `st` (before it is applied)."""
    kind = a[0]
    if kind == DECLINE:
        return "decline"
    if kind == END:
        return "end"
    if kind == OFFER_DRAW:
        return "offer draw"
    if kind == ACCEPT_DRAW:
        return "accept draw"
    if kind == REJECT_DRAW:
        return "reject draw"
    c = st.c
    pid, path = a[1], a[2]
    if kind == MOVE:
        return _move_text(st, pid, path, full_path) + ("!" if a[3] else "")
    parts = [f"{c.letter[st.ptype[r]]} {c.node_ids[st.node[r]]}>{c.node_ids[v]}"
             for r, v in a[3]]
    parts.append(_move_text(st, pid, path, full_path, capture=True))
    return "(" + ", ".join(parts) + ")"


def _move_text(st: State, pid: int, path: tuple[int, ...], full: bool,
               capture: bool | None = None) -> str:
    c = st.c
    dest = path[-1]
    if capture is None:
        o = st.occ[dest]
        capture = o >= 0 and c.team_of[st.owner[o]] != c.team_of[st.owner[pid]]
    nodes = path if full else (path[0], dest)
    text = f"{c.letter[st.ptype[pid]]} {c.node_ids[nodes[0]]}"
    for i, v in enumerate(nodes[1:], 1):
        sep = "*" if capture and i == len(nodes) - 1 else ">"
        text += f"{sep}{c.node_ids[v]}"
    return text


def _pick_piece(st: State, letter: str, node: int, prefer: set[int]) -> list[int]:
    c = st.c
    t = c.letter_to_type.get(letter)
    return [p for p in st.pieces_at(node) if st.ptype[p] == t] if t is not None else []


def parse_action(st: State, text: str) -> tuple[tuple | None, Reason | None]:
    """Parse engine notation. Returns (action, None) — the action may still be illegal, ask
    `st.explain` — or (None, reason) when the text names nothing."""
    raw = text.strip()
    word = re.sub(r"\s+", " ", raw.lower())
    if word in _WORDS:
        return _WORDS[word], None
    if raw.startswith("(") and raw.endswith(")"):
        parts = [p.strip() for p in raw[1:-1].split(",")]
        unloads = []
        for part in parts[:-1]:
            act, why = _parse_move(st, part, response=False)
            if act is None:
                return None, why
            if len(act[2]) != 2:
                return None, Reason(X.E_BAD_NOTATION, "RECAP-7",
                                    f"an unload is one dismount step: {part!r}")
            unloads.append((act[1], act[2][-1]))
        act, why = _parse_move(st, parts[-1], response=True, unloads=tuple(unloads))
        return act, why
    return _parse_move(st, raw, response=False)


def _parse_move(st: State, text: str, response: bool,
                unloads: tuple = ()) -> tuple[tuple | None, Reason | None]:
    m = _MOVE_RE.match(text.strip())
    if not m:
        return None, Reason(X.E_BAD_NOTATION, "TURN-1",
                            f"cannot read {text!r}: expected e.g. 'E s12>s14', 'N s3*w7', "
                            "'(E a1*x4)', 'decline' or 'end'")
    c = st.c
    letter, start, hops, bang = m.group(1), m.group(2), m.group(3), bool(m.group(4))
    if letter not in c.letter_to_type:
        return None, Reason(X.E_BAD_NOTATION, "TURN-1", f"unknown piece letter {letter!r}")
    names = [start] + [h[1] for h in _HOP_RE.findall(hops)]
    nodes = []
    for name in names:
        if name not in c.node_index:
            return None, Reason(X.E_BAD_NOTATION, "TURN-1", f"unknown field {name!r}")
        nodes.append(c.node_index[name])
    cands = _pick_piece(st, letter, nodes[0], set())
    if not cands:
        return None, Reason(X.E_NO_SUCH_PIECE, "TURN-1",
                            f"no {c.type_names[c.letter_to_type[letter]]} on {start}")
    kind = RESP if response else MOVE
    last = unloads if response else bang
    legal = st.legal_actions() if not st.terminal else []
    for a in legal:
        if a[0] != kind or a[1] not in cands or a[3] != last:
            continue
        if len(nodes) == 2 and a[2][-1] == nodes[-1]:
            return a, None
        if tuple(nodes) == a[2]:
            return a, None
    actor = st.actor_index
    cands.sort(key=lambda p: (st.owner[p] != actor, -st.range_left(p)))
    return (kind, cands[0], tuple(nodes), last), None


def parse_or_reason(st: State, text: str) -> tuple[tuple | None, Reason | None]:
    """Parse and explain: (legal action, None) or (action or None, reason)."""
    a, why = parse_action(st, text)
    if a is None:
        return None, why
    a = st.normalize(a)
    why = st.explain(a)
    return a, why


# ---- puzzle-book notation (RULES.md 5.9) ---------------------------------------------------

_PUZ = re.compile(
    r"^(?P<resp>\()?\s*(?P<mover>[A-Z][a-z]*(?:/[A-Z][a-z]*)?)(?P<from>\d+)?\s*"
    r"(?:(?P<dash>-)\s*(?P<to>\d+)|(?P<x>x)\s*(?P<target>[A-Z][a-z]*(?:/[A-Z][a-z]*)?)?"
    r"(?P<tnum>\d+)?)\s*(?P<ap>\d+)?\s*\)?\s*\*?$")


def _sig_match(actual: str, written: str) -> bool:
    """Puzzle letters match exactly; a bare capital letter leaves the cargo unspecified."""
    return actual == written or (len(written) == 1 and actual[0] == written)


def parse_puzzle(st: State, text: str) -> tuple[tuple | None, Reason | None]:
    """Match a puzzle-book action against the legal actions of `st` (BF-19, EX-8)."""
    raw = text.strip().rstrip(",")
    if raw.upper() in ("RR", "(RR)"):
        return A_DECLINE, None
    m = _PUZ.match(raw)
    if not m:
        return None, Reason(X.E_BAD_NOTATION, "BOARD-5", f"cannot read puzzle notation {text!r}")
    c = st.c
    mover_sig = m.group("mover").replace("/", "")
    want_from = c.number_to_node.get(int(m.group("from"))) if m.group("from") else None
    if m.group("dash"):
        dest = c.number_to_node.get(int(m.group("to")))
        if dest is None:
            return None, Reason(X.E_BAD_NOTATION, "BOARD-5",
                                f"no field numbered {m.group('to')} on this board")
    else:
        dest = c.number_to_node.get(int(m.group("tnum"))) if m.group("tnum") else None
    target_sig = (m.group("target") or "").replace("/", "")
    ap = int(m.group("ap")) if m.group("ap") else None
    is_resp = bool(m.group("resp"))
    matches = []
    for a in st.legal_actions():
        if a[0] not in (MOVE, RESP) or (a[0] == RESP) != is_resp or (a[0] == MOVE and a[3]):
            continue
        pid, path = a[1], a[2]
        if not _sig_match(st.signature(pid), mover_sig):
            continue
        if want_from is not None and path[0] != want_from:
            continue
        v = path[-1]
        o = st.occ[v]
        capture = o >= 0 and c.team_of[st.owner[o]] != c.team_of[st.owner[pid]]
        if m.group("x") and not capture:
            continue
        if m.group("dash") and capture:
            continue
        if dest is not None and v != dest:
            continue
        if target_sig and not _sig_match(st.signature(o), target_sig):
            continue
        if ap is not None and not is_resp and len(path) - 1 != ap:
            continue
        matches.append(a)
    if len(matches) == 1:
        return matches[0], None
    if not matches:
        return None, Reason(X.E_NO_PATH, "BOARD-5", f"no legal action matches {text!r}")
    return None, Reason(X.E_BAD_NOTATION, "BOARD-5",
                        f"{text!r} is ambiguous: {len(matches)} legal actions match")
