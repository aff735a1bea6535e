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
    S a1~a2            soldier takes over the riderless enemy camel / siege tower on a2
                       (PIECE-CAMEL-3, PIECE-SIEGE-5)
    K a1#x4            catapult on a1 shoots at x4 (PIECE-CATAPULT-2/-11, DRAW-6)
    (K a1#x4)          retaliation shot (RECAP-17/-19); (G s1>s2, K s2#x4) after one step
    (B s1>h, E h*x4)   two-step response (RECAP-5): the ship docks, the elephant recaptures
    S a1+K@b2          soldier on a1 builds a catapult on b2 (BUILD-7); S a1+C@a1 under itself
    raise t1 | lower t1                                 drawbridge of tower t1 (DRAW-2, DRAW-5)
    push D a1>a2       push an opponent's riderless camel (PIECE-CAMEL-5)
    resign             (only with allow_resignation, WIN-26)

The piece letter picks the piece among the stack on the start field (carrier or cargo). Where
more than one piece of that letter is in the stack, a number in brackets says which, counted in
stack order (carrier first): `S[2] s12>s11` (the second soldier on s12). Without the number a
text that more than one of them could make, with different outcomes, is refused as ambiguous;
pieces alike in every respect (owner, steps, cargo) are interchangeable and the first is used.
`exact_text` writes the number whenever it is needed, so a saved game replays exactly.

Puzzle-book notation (RULES.md 5.9) is parsed by `parse_puzzle`: `B-509 3`, `Ds x G516 8`,
`B x Bc 1`, `(Bes x B)`, `RR`, `S Ω D`, `K Δ Ge`, `K Δ 110`, `S Π K 414`, `S153 Π T`,
`110R`, `S110L`, `D/S` (foreign cargo after `/`). Fields are printed numbers; the text is matched
against the legal actions of the state (piece letters with cargo, target stack, destination, AP
used).
"""

from __future__ import annotations

import re

from editor.engine import explain as X
from editor.engine.catapults import SHOT_RE
from editor.engine.explain import Reason
from editor.engine.game import (
    A_ACCEPT,
    A_DECLINE,
    A_END,
    A_OFFER,
    A_REJECT,
    A_RESIGN,
    ACTIONS,
    BUILD,
    LOWER,
    MOVE,
    RAISE,
    RESP,
    RIDE,
    RSHOT,
    SHOOT,
    State,
)
from editor.engine.textform import FIELD, HOP_RE, Parsed, no_piece, node_of, pick_piece
from editor.engine.view import Piece

_WORDS = {
    "decline": A_DECLINE, "rr": A_DECLINE, "end": A_END, "offer draw": A_OFFER,
    "accept draw": A_ACCEPT, "reject draw": A_REJECT, "resign": A_RESIGN,
}
_MOVE_RE = re.compile(rf"^([A-Z])\s*({FIELD})((?:\s*[>*]\s*{FIELD})+)\s*(!)?$")
#: the kinds' own text forms (drawbridges, shots, builds, pushes, rides: forms that exclude
#: each other, so their order does not matter)
_SPECIAL_PARSERS = [row.parse for row in ACTIONS.values() if row.parse is not None]
#: a piece letter with its number in the stack: `S[2]`
_WHICH = re.compile(r"(?<![A-Za-z0-9_.\-])([A-Z])\[(\d+)\]")
#: what two pieces of one stack must share to be interchangeable (`_alike`)
_ALIKE = ("owner", "kind", "steps", "original_owner", "shot", "response_shot", "resting",
          "pushed")
#: kinds whose second element is the acting piece (the one a number in brackets picks)
_ACTING = frozenset(k for k, row in ACTIONS.items() if row.acting)


def to_text(st: State, a: tuple, full_path: bool = False) -> str:
    """Engine notation of an action in state `st` (before it is applied): the `text` of the
    action's kind (editor.engine.game.ACTIONS)."""
    return ACTIONS[a[0]].text(st, a, full_path)


def parse_action(st: State, text: str) -> tuple[tuple | None, Reason | None]:
    """Parse engine notation. Returns (action, None) — the action may still be illegal, ask
    `st.explain` — or (None, reason) when the text names nothing or is ambiguous."""
    raw = text.strip()
    marks = _WHICH.findall(raw)
    if len(marks) > 1:
        return None, Reason(X.E_BAD_NOTATION, "", f"{raw!r}: only the acting piece takes a "
                            "number in brackets")
    a, why = _parse_plain(st, _WHICH.sub(r"\1", raw))
    if a is None or a[0] not in _ACTING:
        return a, why
    if marks:
        return _pick_numbered(st, a, marks[0][0], int(marks[0][1]))
    ambiguous = _ambiguity(st, a)
    return (None, ambiguous) if ambiguous else (a, why)


def _parse_plain(st: State, raw: str) -> tuple[tuple | None, Reason | None]:
    """`parse_action` of a text without piece numbers."""
    word = re.sub(r"\s+", " ", raw.lower())
    if word in _WORDS:
        return _WORDS[word], None
    special = _parse_special(st, raw)
    if special is not None:
        return special
    if raw.startswith("(") and raw.endswith(")"):
        parts = [p.strip() for p in raw[1:-1].split(",")]
        last = parts[-1]
        if "#" in last:  # retaliation shot (RECAP-17/-19)
            return _parse_rshot(st, parts)
        if len(parts) > 1 and st.game.two_step:
            hit = _match_two_step(st, parts)
            if hit is not None:
                return hit, None
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


def exact_text(st: State, a: tuple, full_path: bool = True) -> str:
    """Engine notation that reads back as exactly `a` in `st`: `to_text`, with the acting
    piece's number in brackets whenever its stack holds another piece of its letter (issue:
    two soldiers riding one elephant, `S[2] n.L63>n.L40`)."""
    text = to_text(st, a, full_path)
    if a[0] not in _ACTING:
        return text
    pid = a[1]
    piece = st.piece(pid)
    letter = piece.letter
    same = pick_piece(st, letter, piece.node)
    if len(same) < 2 or pid not in same:
        return text
    start = text.rfind(",") + 1 if "," in text else int(text.startswith("("))
    pos = start + len(text[start:]) - len(text[start:].lstrip())
    if text.startswith("push ", pos):
        pos += len("push ")
    if text[pos:pos + 1] != letter:
        return text
    return f"{text[:pos + 1]}[{same.index(pid) + 1}]{text[pos + 1:]}"


def _with_piece(st: State, a: tuple, pid: int) -> tuple:
    """The action `a` made by another piece of the same stack (a legal one where the text's
    destination form allows it)."""
    old = a[1]
    rest = a[2:]
    if a[0] == RSHOT:
        rest = (tuple((pid if q == old else q, w) for q, w in a[2]), a[3])
    b = (a[0], pid, *rest)
    if a[0] in (MOVE, RESP) and not st.is_terminal():
        ends = [x for x in st.legal_actions() if x[0] == a[0] and x[1] == pid
                and x[2][-1] == a[2][-1] and x[3] == a[3]]
        exact = [x for x in ends if x[2] == a[2]]
        if exact or (ends and len(a[2]) == 2):
            return (exact or ends)[0]
    return b


def _pick_numbered(st: State, a: tuple, letter: str, k: int
                   ) -> tuple[tuple | None, Reason | None]:
    """`S[2] ...`: the action made by the k-th piece of the letter in the acting stack."""
    piece = _on_board(st, a[1])
    if piece is None:
        return a, None
    if piece.letter != letter:
        return None, Reason(X.E_BAD_NOTATION, "", f"the number in brackets goes with the "
                            f"acting piece's letter {piece.letter}, not {letter}")
    same = pick_piece(st, letter, piece.node)
    if not 1 <= k <= len(same):
        return None, Reason(X.E_NO_SUCH_PIECE, "", f"no {piece.kind} number "
                            f"{k} on {st.field_name(piece.node)}: {len(same)} stand there")
    return (a if same[k - 1] == piece.id else _with_piece(st, a, same[k - 1])), None


def _on_board(st: State, pid: int) -> Piece | None:
    """The piece with this id when it stands on the board (None: no such piece, captured)."""
    if not 0 <= pid < st.piece_count():
        return None
    piece = st.piece(pid)
    return piece if piece.on_board else None


def _alike(st: State, p: int, q: int) -> bool:
    """Two pieces no rule tells apart (owner, type, steps, take-over, this turn's flags, no
    cargo): swapping them changes nothing that matters."""
    a, b = st.piece(p), st.piece(q)
    return not a.cargo and not b.cargo and all(getattr(a, f) == getattr(b, f) for f in _ALIKE)


def _ambiguity(st: State, a: tuple) -> Reason | None:
    """Why a text without a piece number is ambiguous: another piece of the letter in the
    stack, not alike the one read, could make the action as well (None: it is not)."""
    pid = a[1]
    piece = None if st.is_terminal() else _on_board(st, pid)
    if piece is None:
        return None
    letter = piece.letter
    same = pick_piece(st, letter, piece.node)
    others = [q for q in same if q != pid and not _alike(st, pid, q)
              and st.explain(st.normalize(_with_piece(st, a, q))) is None]
    if not others:
        return None
    return Reason(X.E_BAD_NOTATION, "", f"{len(same)} pieces {letter} stand on "
                  f"{st.field_name(piece.node)} and more than one could do this: say which, "
                  f"counted from the carrier, e.g. {letter}[1] or {letter}[2]")


def _parse_special(st: State, raw: str) -> Parsed | None:
    """The kinds' own text forms (drawbridges, shots, builds, pushes, rides; None when the text
    is none of these): each kind's `ActionKind.parse`, in a fixed order."""
    for parse in _SPECIAL_PARSERS:
        hit = parse(st, raw)
        if hit is not None:
            return hit
    return None


def _parse_rshot(st: State, parts: list[str]) -> tuple[tuple | None, Reason | None]:
    m = SHOT_RE.match(parts[-1])
    if not m:
        return None, Reason(X.E_BAD_NOTATION, "RECAP-17", f"cannot read {parts[-1]!r}")
    at, dst = node_of(st, m.group(2)), node_of(st, m.group(3))
    pre = []
    for part in parts[:-1]:
        mm = _MOVE_RE.match(part)
        if not mm:
            return None, Reason(X.E_BAD_NOTATION, "RECAP-17", f"cannot read {part!r}")
        names = [mm.group(2)] + [h[1] for h in HOP_RE.findall(mm.group(3))]
        src, w = node_of(st, names[0]), node_of(st, names[-1])
        cands = pick_piece(st, mm.group(1), src) if src is not None else []
        if not cands or w is None:
            return None, Reason(X.E_NO_SUCH_PIECE, "RECAP-17", f"no such piece: {part!r}")
        pre.append((cands[0], w))
    letter = m.group(1)
    for a in st.legal_actions():  # the shot the text describes: piece, field, steps, target
        if a[0] == RSHOT and a[3] == dst and tuple(a[2]) == tuple(pre) and \
                st.piece(a[1]).letter == letter and \
                (a[2][0][1] if a[2] else st.piece(a[1]).node) == at:
            return a, None
    src = pre[0][0] if pre else None
    cands = (pick_piece(st, letter, at) if at is not None else []) or (
        [x for x in st.pieces_at(st.piece(src).node) if st.piece(x).letter == letter]
        if src is not None else [])
    if not cands:
        return None, Reason(X.E_NO_SUCH_PIECE, "RECAP-17", f"no such catapult: {parts[-1]!r}")
    return (RSHOT, cands[0], tuple(pre), dst), None


def _match_two_step(st: State, parts: list[str]) -> tuple | None:
    """RECAP-5: '(B s1>h, E h*x4)' against the generated two-step responses."""
    if len(parts) != 2:
        return None
    m1, m2 = _MOVE_RE.match(parts[0]), _MOVE_RE.match(parts[1])
    if not m1 or not m2:
        return None
    c = st.game.compiled
    n1 = [m1.group(2)] + [h[1] for h in HOP_RE.findall(m1.group(3))]
    n2 = [m2.group(2)] + [h[1] for h in HOP_RE.findall(m2.group(3))]
    if any(x not in c.node_index for x in n1 + n2):
        return None
    src, w = c.node_index[n1[0]], c.node_index[n1[-1]]
    at, dst = c.node_index[n2[0]], c.node_index[n2[-1]]
    for a in st.legal_actions():
        if a[0] != RESP or len(a[3]) != 1:
            continue
        p, pw = a[3][0]
        if (st.piece(p).node == src and pw == w and st.piece(p).letter == m1.group(1)
                and st.piece(a[1]).letter == m2.group(1) and a[2][0] == at
                and a[2][-1] == dst):
            return a
    return None


def _parse_move(st: State, text: str, response: bool,
                unloads: tuple = ()) -> tuple[tuple | None, Reason | None]:
    m = _MOVE_RE.match(text.strip())
    if not m:
        return None, Reason(X.E_BAD_NOTATION, "",
                            f"cannot read {text!r}: expected e.g. 'E s12>s14', 'N s3*w7', "
                            "'(E a1*x4)', 'decline' or 'end'")
    c = st.game.compiled
    letter, start, hops, bang = m.group(1), m.group(2), m.group(3), bool(m.group(4))
    if letter not in c.letter_to_type:
        return None, Reason(X.E_BAD_NOTATION, "", f"unknown piece letter {letter!r}")
    names = [start] + [h[1] for h in HOP_RE.findall(hops)]
    nodes = []
    for name in names:
        if name not in c.node_index:
            return None, Reason(X.E_BAD_NOTATION, "", f"unknown field {name!r}")
        nodes.append(c.node_index[name])
    cands = pick_piece(st, letter, nodes[0])
    if not cands and response and unloads:  # RECAP-5: the piece is there after the first step
        probe = st.clone()
        for r, v in unloads:
            probe.relocate(r, v)
        cands = pick_piece(probe, letter, nodes[0])
    if not cands:
        return None, no_piece(st, letter, nodes[0])
    kind = RESP if response else MOVE
    last = unloads if response else bang
    legal = st.legal_actions() if not st.is_terminal() else []
    for a in legal:
        if a[0] != kind or a[1] not in cands or a[3] != last:
            continue
        if len(nodes) == 2 and a[2][-1] == nodes[-1]:
            return a, None
        if tuple(nodes) == a[2]:
            return a, None
    actor = st.actor_index
    cands.sort(key=lambda p: (st.piece(p).seat != actor, -st.range_left(p)))
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


def puzzle_signature(st: State, pid: int) -> str:
    """RULES.md 5.9 letters with `/` for foreign cargo, seen from the carrier's (original)
    owner: 'D/S' an opponent's camel ridden by one's soldier, 'Gs/S' a galleon with an own and
    a partner's soldier, 'G/N' a knight aboard the partner's galleon."""
    carrier = st.piece(pid)
    base = carrier.original_owner or carrier.owner
    own, foreign = [], []
    stack = list(carrier.cargo)
    while stack:
        x = st.piece(stack.pop(0))
        if x.owner == base:
            own.append(x.letter.lower())
        else:
            foreign.append(x.letter)
        stack[0:0] = x.cargo
    sig = carrier.letter + "".join(own)
    return sig + ("/" + "".join(foreign) if foreign else "")


def _sig_ok(st: State, pid: int, written: str) -> bool:
    if "/" in written:
        return puzzle_signature(st, pid) == written
    return _sig_match(st.signature(pid), written)


_PUZ_SPECIAL = re.compile(
    r"^(?P<resp>\()?\s*(?:(?P<tower>\d+)(?P<rl>[RL])|(?P<mover>[A-Z][a-z]*(?:/[A-Z]+)?)"
    r"(?P<from>\d+)?\s*(?:(?P<lower>L)|(?P<op>[ΩΔΠ])\s*(?P<target>[A-Z][a-z]*(?:/[A-Z]+)?)?"
    r"\s*(?P<tnum>\d+)?))\s*(?P<ap>\d+)?\s*\)?\s*\*?$")


def _parse_puzzle_special(st: State, raw: str) -> tuple[tuple | None, Reason | None] | None:
    """Ω ride a foreign camel, Δ catapult shot, Π build, 110R / 110L / S110L drawbridges."""
    m = _PUZ_SPECIAL.match(raw)
    if not m:
        return None
    c = st.game.compiled
    matches = []
    legal = st.legal_actions()
    if m.group("tower") or m.group("lower"):
        num = m.group("tower") or m.group("from")
        node = c.number_to_node.get(int(num)) if num else None
        kind = RAISE if m.group("rl") == "R" else LOWER
        matches = [a for a in legal if a[0] == kind and (node is None or a[1] == node)]
    else:
        op = m.group("op")
        written = m.group("mover")
        want_from = c.number_to_node.get(int(m.group("from"))) if m.group("from") else None
        tnode = c.number_to_node.get(int(m.group("tnum"))) if m.group("tnum") else None
        tsig = m.group("target") or ""
        for a in legal:
            if op == "Ω" and a[0] == RIDE:
                pid, dest = a[1], a[2][-1]
                o = st.top_piece(dest)
                if (_sig_ok(st, pid, written) and (want_from is None or a[2][0] == want_from)
                        and (not tsig or _sig_match(st.signature(o), tsig))
                        and (tnode is None or dest == tnode)):
                    matches.append(a)
            elif op == "Δ" and a[0] in (SHOOT, RSHOT):
                pid = a[1]
                target = a[2] if a[0] == SHOOT else a[3]
                src = st.piece(pid).node if a[0] == SHOOT or not a[2] else a[2][0][1]
                o = st.top_piece(target)
                if not _sig_ok(st, pid, written) and not (
                        (ca := st.piece(pid).carrier) is not None and _sig_ok(st, ca, written)):
                    continue
                if want_from not in (None, src, st.piece(pid).node):
                    continue
                if tnode is not None and target != tnode:
                    continue
                if tsig and (o is None or not _sig_match(st.signature(o), tsig)):
                    continue
                if bool(m.group("resp")) != (a[0] == RSHOT):
                    continue
                matches.append(a)
            elif op == "Π" and a[0] == BUILD:
                pid, t, v = a[1], a[2], a[3]
                if not _sig_ok(st, pid, written) or (want_from is not None
                                                     and st.piece(pid).node != want_from):
                    continue
                if tsig and c.letter[t] != tsig[0]:
                    continue
                if tnode is not None and v != tnode:
                    continue
                matches.append(a)
    return _one_match(matches, raw)


def _one_match(matches: list[tuple], text: str) -> tuple[tuple | None, Reason | None]:
    """The single legal action a puzzle-book text names, or why there is none or several
    (BOARD-5: printed numbers identify the fields)."""
    if len(matches) == 1:
        return matches[0], None
    if not matches:
        return None, Reason(X.E_NO_PATH, "BOARD-5", f"no legal action matches {text!r}")
    return None, Reason(X.E_BAD_NOTATION, "BOARD-5",
                        f"{text!r} is ambiguous: {len(matches)} legal actions match")


def parse_puzzle(st: State, text: str) -> tuple[tuple | None, Reason | None]:
    """Match a puzzle-book action against the legal actions of `st` (BF-19, EX-8)."""
    raw = text.strip().rstrip(",")
    if raw.upper() in ("RR", "(RR)"):
        return A_DECLINE, None
    special = _parse_puzzle_special(st, raw)
    if special is not None:
        return special
    m = _PUZ.match(raw)
    if not m:
        return None, Reason(X.E_BAD_NOTATION, "BOARD-5", f"cannot read puzzle notation {text!r}")
    c = st.game.compiled
    _kind, owner, _node, _top = st.columns()
    mover_sig = m.group("mover")
    want_from = c.number_to_node.get(int(m.group("from"))) if m.group("from") else None
    if m.group("dash"):
        dest = c.number_to_node.get(int(m.group("to")))
        if dest is None:
            return None, Reason(X.E_BAD_NOTATION, "BOARD-5",
                                f"no field numbered {m.group('to')} on this board")
    else:
        dest = c.number_to_node.get(int(m.group("tnum"))) if m.group("tnum") else None
    target_sig = m.group("target") or ""
    ap = int(m.group("ap")) if m.group("ap") else None
    is_resp = bool(m.group("resp"))
    matches = []
    for a in st.legal_actions():
        if a[0] not in (MOVE, RESP) or (a[0] == RESP) != is_resp or (a[0] == MOVE and a[3]):
            continue
        pid, path = a[1], a[2]
        if not _sig_ok(st, pid, mover_sig):
            continue
        if want_from is not None and path[0] != want_from:
            continue
        v = path[-1]
        o = st.top_piece(v)
        capture = o is not None and c.team_of[owner[o]] != c.team_of[owner[pid]]
        if m.group("x") and not capture:
            continue
        if m.group("dash") and capture:
            continue
        if dest is not None and v != dest:
            continue
        if target_sig and (o is None or not _sig_ok(st, o, target_sig)):
            continue
        if ap is not None and not is_resp and len(path) - 1 != ap:
            continue
        matches.append(a)
    return _one_match(matches, text)
