"""The report's "How games were won" section: each victory rule by ID with its title, how many
games it ended and when, and the rule itself (text and the option values of the variant
played) so that a peak such as "WIN-9 around turn 15" explains itself: WIN-9 ends a game after
`no_capture_rounds` rounds without a capture, which random play reaches at a fixed turn.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass

from editor.model.rulebook import Catalogue, load_catalogue

#: the rule of a game stopped by --max-turns (no rule of the catalogue)
CAP = "cap"


@dataclass(frozen=True)
class RuleEnds:
    """When the games one rule ended did end (turn numbers)."""

    rule: str
    turns: tuple[int, ...]

    @property
    def middle(self) -> tuple[int, int]:
        """The middle half of the ending turns (lower and upper quartile)."""
        ordered = sorted(self.turns)
        n = len(ordered)
        return ordered[(n - 1) // 4], ordered[3 * (n - 1) // 4]

    @property
    def peak(self) -> int:
        """The most common ending turn (the earliest of equals)."""
        return max(sorted(set(self.turns)), key=self.turns.count)


def rule_ends(outcomes: dict[int, tuple[str, int]]) -> list[RuleEnds]:
    """Per rule, the turns its games ended at; `outcomes` is game -> (rule, turns)."""
    by_rule: dict[str, list[int]] = {}
    for rule, turns in outcomes.values():
        by_rule.setdefault(rule, []).append(turns)
    return [RuleEnds(rule, tuple(turns)) for rule, turns in sorted(by_rule.items())]


def rule_label(rule: str, catalogue: Catalogue | None = None, width: int = 0) -> str:
    """'WIN-9 — Conquest 4-player: no-capture limit' (shortened to `width` when given)."""
    if rule == CAP:
        text = "cap — stopped by the turn cap (--max-turns)"
    else:
        text = (catalogue or load_catalogue()).title(rule)
    return text if not width or len(text) <= width else text[:width - 1] + "…"


def _option_values(rule_id: str, catalogue: Catalogue, options: dict[str, object],
                   seats: int) -> str:
    """The values of the options that switch a rule; a count of rounds also in turns (a
    round is one turn of every seat, TURN-10), which is where such a rule strikes."""
    rule = catalogue.get(rule_id)
    names = [o.name for o in rule.options] if rule else []
    values = []
    for name in (n for n in names if n in options):
        value = options[name]
        text = f"{name} = {value!r}"
        if name.endswith("_rounds") and isinstance(value, int) and seats:
            text += f" ({value} rounds × {seats} seats = {value * seats} turns)"
        values.append(text)
    return "; ".join(values)


def peak_note(ends: RuleEnds) -> str:
    """'3 of 4 games ended at turn 15' when one turn ends at least three games and a third of a
    rule's games (a rule that strikes at a fixed count), else '' (one game of two at a turn is
    no peak)."""
    count = ends.turns.count(ends.peak)
    if count < 3 or count * 3 < len(ends.turns):
        return ""
    return f"{count} of {len(ends.turns)} games ended at turn {ends.peak}"


def _rule_entry(rule_id: str, catalogue: Catalogue, options: dict[str, object],
                seats: int = 0) -> str:
    rule = catalogue.get(rule_id)
    if rule is None:
        return ""
    switches = _option_values(rule_id, catalogue, options, seats)
    sources = "; ".join(catalogue.sources_of(rule))
    editions = ", ".join(rule.editions)
    return (f"<div class='rule' id='rule-{html.escape(rule_id)}'><h3>"
            f"{html.escape(rule.heading)}</h3>"
            + (f"<p class='source'>Editions: {html.escape(editions)}</p>" if editions else "")
            + f"<p>{html.escape(rule.text or ' '.join(rule.body))}</p>"
            + (f"<p>In this run: <code>{html.escape(switches)}</code></p>" if switches else "")
            + (f"<p class='source'>Sources: {html.escape(sources)}</p>" if sources else "")
            + "</div>")


def victory_section(sides: Sequence, outcomes: Sequence[dict[int, tuple[str, int]]],
                    options: Sequence[dict[str, object]]) -> str:
    """The HTML of "How games were won" for the report's sides (each with `.summary` and
    `.title`), their games' (rule, turns) and the option values of each side's variant."""
    catalogue = load_catalogue()
    parts = ["<h2>How games were won</h2><p>Each victory rule of the rules catalogue with "
             "its title; the turns are when its games ended (a rule that ends games at a "
             "fixed count, such as a no-capture limit, shows as a peak). Click an ID for the "
             "rule.</p>"]
    cited: dict[str, tuple[dict[str, object], int]] = {}
    for side, ends_of, opts in zip(sides, outcomes, options, strict=True):
        games = side.summary.games
        rows, notes = [], []
        for ends in rule_ends(ends_of):
            note = peak_note(ends)
            if note and ends.rule != CAP:
                notes.append(f"<li><a href='#rule-{html.escape(ends.rule)}'>"
                             f"{html.escape(ends.rule)}</a>: {html.escape(note)}: the rule "
                             "strikes at a fixed count; see its text and this run's values "
                             "below.</li>")
            low, high = ends.middle
            name = html.escape(rule_label(ends.rule, catalogue))
            link = (f"<a href='#rule-{html.escape(ends.rule)}'>{name}</a>"
                    if catalogue.get(ends.rule) else name)
            rows.append(f"<tr><td>{link}</td><td>{len(ends.turns)}</td>"
                        f"<td>{len(ends.turns) / games:.0%}</td><td>{ends.peak}</td>"
                        f"<td>{low} – {high}</td></tr>" if games else "")
            cited.setdefault(ends.rule, (opts, len(side.summary.seats)))
        parts.append(f"<h3>{html.escape(side.summary.label)}: {html.escape(side.title)}</h3>"
                     "<table><tr><th>rule</th><th>games</th><th>share</th><th>most common "
                     "end turn</th><th>middle half of end turns</th></tr>"
                     + "".join(rows) + "</table>"
                     + (f"<ul>{''.join(notes)}</ul>" if notes else ""))
    parts.append("<img src='victory.png' alt='victory rules'>")
    entries = [_rule_entry(r, catalogue, o, n) for r, (o, n) in cited.items()]
    if any(entries):
        parts.append("<h3>The rules that ended games</h3>" + "".join(entries))
    return "".join(parts)
