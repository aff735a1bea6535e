"""The text form of a recorded playthrough (tests/engine/data/playthroughs/*.txt): a header, then
per game one action per line, diffable in review as OpenSpiel's playthrough files are.

    variant conquest-4p
    overlays classic-recapture          (or "-")
    games 2

    game 1
      legal 27 actions, digest 3f2a9c0d11b4e6a7
      probe move 12 n.3>n.4 end -> E_NOT_YOUR_PIECE TURN-1
      probe shoot 40 w.152 -> legal
      probe build 7 n.9 knight -> E_NO_BUILD BUILD-2
    1. S s.37>s.36  key b9564e1aa533e0af
    2. D s.41>s.42  key 54163cd8759304a6
    result west,east | TEAM-6: no capture for the round limit   (winners "-" when none;
                                                                  "result none": unfinished)

`legal` (count and digest of the sorted legal actions) and the `probe` lines (a candidate action:
kind, piece, fields joined by ">", then "end" for a move or response that ends the turn, or the
piece type built; after "->" the reason code and rule ID of its explanation, or "legal") stand
before the action they were checked before. `parse` gives back the recording as data (each step
also carries the line it came from), `format_text` writes it; the two are exact inverses.
"""

from __future__ import annotations

import re

ACTION_LINE = re.compile(r"^(\d+)\. (.+)  key ([0-9a-f]+)$")
LEGAL_LINE = re.compile(r"^  legal (\d+) actions, digest ([0-9a-f]+)$")
PROBE_LINE = re.compile(r"^  probe (move|resp|shoot|build) (\d+) (\S+)(?: (\S+))? -> (.+)$")
NO_WINNER = "-"


def header(variant: str, overlays: list[str], games: int, regenerate: list[str]) -> list[str]:
    return [
        f"# Recorded playthrough of {variant}"
        f"{' with ' + ', '.join(overlays) if overlays else ''}: seeded random games replayed",
        "# by tests/engine/test_playthroughs.py (tests/support/playthrough.py records them;",
        "# the format is described in tests/support/playthrough_text.py).",
        *(f"# {line}" for line in regenerate),
        f"variant {variant}",
        f"overlays {' '.join(overlays) if overlays else '-'}",
        f"games {games}",
    ]


def _probe_line(probe: list, why: list | None) -> str:
    kind, pid, fields, extra = probe
    if kind in ("move", "resp"):
        tail = " end" if extra else ""
    elif kind == "build":
        tail = f" {extra}"
    else:
        tail = ""
    said = "legal" if why is None else f"{why[0]} {why[1]}"
    return f"  probe {kind} {pid} {'>'.join(fields)}{tail} -> {said}"


def _result_line(result: list | None) -> str:
    if result is None:
        return "result none"
    winners, reason = result
    return f"result {','.join(winners) if winners else NO_WINNER} | {reason}"


def format_text(data: dict, regenerate: list[str]) -> str:
    """The recording `data` ({variant, overlays, games: [{steps, result}]}) as text, with the
    lines `regenerate` (how to write it again) in the header."""
    lines = header(data["variant"], data["overlays"], len(data["games"]), regenerate)
    for gi, rec in enumerate(data["games"], start=1):
        lines += ["", f"game {gi}"]
        for si, step in enumerate(rec["steps"], start=1):
            if "legal" in step:
                lines.append(f"  legal {step['legal'][0]} actions, digest {step['legal'][1]}")
            lines += [_probe_line(p, why) for p, why in
                      zip(step.get("probes", []), step.get("explain", []), strict=True)]
            lines.append(f"{si}. {step['action']}  key {step['hash']}")
        lines.append(_result_line(rec["result"]))
    return "\n".join(lines) + "\n"


def _parse_probe(m: re.Match) -> tuple[list, list | None]:
    kind, pid, fields, extra, said = m.groups()
    if kind in ("move", "resp"):
        if extra not in (None, "end"):
            raise ValueError(f"a {kind} probe ends with 'end' or nothing, not {extra!r}")
        value: object = extra == "end"
    else:
        value = extra
    why = None if said == "legal" else said.split(" ")
    if why is not None and len(why) != 2:
        raise ValueError(f"an explanation is 'CODE RULE-ID' or 'legal', not {said!r}")
    return [kind, int(pid), fields.split(">"), value], why


def _parse_result(rest: str) -> list | None:
    if rest == "none":
        return None
    winners, sep, reason = rest.partition(" | ")
    if not sep:
        raise ValueError(f"a result is 'WINNERS | REASON' or 'none', not {rest!r}")
    return [[] if winners == NO_WINNER else winners.split(","), reason]


def parse(text: str, name: str = "playthrough") -> dict:
    """The recording written by `format_text`; each step also has "line" (its line number).
    A line it does not understand raises ValueError naming `name` and the line."""
    data: dict = {"variant": None, "overlays": [], "games": []}
    pending: dict = {}
    games = None
    for no, line in enumerate(text.splitlines(), start=1):
        try:
            games = _parse_line(data, pending, line, no, games)
        except (ValueError, IndexError) as e:
            raise ValueError(f"{name}:{no}: {e}: {line!r}") from None
    if games != len(data["games"]):
        raise ValueError(f"{name}: header says {games} games, the file has {len(data['games'])}")
    return data


def _parse_line(data: dict, pending: dict, line: str, no: int, games: int | None) -> int | None:
    if not line or line.startswith("#"):
        return games
    if m := ACTION_LINE.match(line):
        steps = data["games"][-1]["steps"]
        if int(m[1]) != len(steps) + 1:
            raise ValueError(f"step {m[1]} follows step {len(steps)}")
        steps.append({**pending, "action": m[2], "hash": m[3], "line": no})
        pending.clear()
    elif m := LEGAL_LINE.match(line):
        pending.update(legal=[int(m[1]), m[2]], probes=[], explain=[])
    elif m := PROBE_LINE.match(line):
        if "probes" not in pending:
            raise ValueError("a probe line comes after a legal line")
        probe, why = _parse_probe(m)
        pending["probes"].append(probe)
        pending["explain"].append(why)
    else:
        word, _, rest = line.partition(" ")
        if word == "variant":
            data["variant"] = rest
        elif word == "overlays":
            data["overlays"] = [] if rest == "-" else rest.split(" ")
        elif word == "games":
            return int(rest)
        elif word == "game" and rest == str(len(data["games"]) + 1):
            data["games"].append({"steps": [], "result": None})
        elif word == "result" and data["games"] and not pending:
            data["games"][-1]["result"] = _parse_result(rest)
        else:
            raise ValueError("not a playthrough line")
    return games
