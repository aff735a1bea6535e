"""The evaluation sections of `report.html`: Ludii's metric table per side and the skill
sensitivity with its plots (`skill.png`: the stronger agent's win rate per seat against par;
`leads.png`: lead changes and the point the winner took the lead for good). See
`editor.balance.metrics` for what the numbers mean."""

from __future__ import annotations

import html
from pathlib import Path

from editor.balance.metrics import Metric, Skill, format_metric, seat_rates
from editor.balance.report import _figure, _save, _table


def metrics_html(tables: list[tuple[str, list[Metric]]]) -> str:
    """One metric table with a column per side."""
    names = [m.name for m in tables[0][1]]
    meanings = {m.name: m.meaning for m in tables[0][1]}
    rows = [[name, *(format_metric(next(m for m in ms if m.name == name))
                     for _t, ms in tables), meanings[name]] for name in names]
    return ("<h2>Evaluation metrics (as Ludii's)</h2>"
            + _table(["metric", *(t for t, _m in tables), "meaning"], rows))


def plot_skill(skill: Skill, seats: list[str], path: Path) -> None:
    rates = seat_rates(skill.strong, seats)
    fig = _figure(7.0, 3.6)
    ax = fig.add_subplot()
    xs = range(len(rates))
    ys = [r[1] for r in rates]
    err = [[r[1] - r[2] for r in rates], [r[3] - r[1] for r in rates]]
    ax.bar(xs, ys, 0.6, yerr=err, capsize=4, color="#6a8", edgecolor="black",
           label=f"{skill.strong.name} against {skill.weak.name}")
    ax.axhline(skill.strong.par, color="grey", linestyle="--", linewidth=1,
               label=f"par {skill.strong.par:.0%} (equal strength)")
    ax.set_xticks(list(xs), [r[0] for r in rates])
    ax.set_ylim(0, 1)
    ax.yaxis.set_major_formatter(lambda v, _p: f"{v:.0%}")
    ax.set_ylabel("win rate (95 % Wilson CI)")
    ax.set_title("Skill sensitivity: the stronger agent's win rate in each seat")
    ax.legend(fontsize=8)
    _save(fig, path)


def plot_leads(per_game: dict[str, list[float]], path: Path) -> None:
    fig = _figure(7.0, 3.2)
    left, right = fig.subplots(1, 2)
    left.hist(per_game.get("lead_changes", []), bins=20, color="#88a", edgecolor="black")
    left.set_xlabel("lead changes per game")
    left.set_ylabel("games")
    right.hist(per_game.get("decided_at", []), bins=20, range=(0, 1), color="#a88",
               edgecolor="black")
    right.set_xlabel("when the winner took the lead for good")
    right.xaxis.set_major_formatter(lambda v, _p: f"{v:.0%}")
    from matplotlib.ticker import MaxNLocator

    for ax in (left, right):
        ax.yaxis.set_major_locator(MaxNLocator(integer=True))  # games are counted
    fig.suptitle("How the lead moved (agents' evaluation after every turn)", fontsize=10)
    _save(fig, path)


def skill_html(skill: Skill, seats: list[str], folder: Path) -> str:
    plot_skill(skill, seats, folder / "skill.png")
    rows = [[seat, f"{p:.0%}", f"{lo:.0%} – {hi:.0%}"]
            for seat, p, lo, hi in seat_rates(skill.strong, seats)]
    return ("<h2>Does the variant reward skill?</h2>"
            f"<p class='verdict'>{html.escape(skill.verdict())}</p>"
            + _table(["seat of the stronger agent", "win rate", "95 % CI (Wilson)"], rows)
            + "<img src='skill.png' alt='skill sensitivity per seat'>")


def evaluation_sections(folder: Path, tables: list[tuple[str, list[Metric]]],
                        per_game: dict[str, list[float]], skill: Skill | None,
                        seats: list[str]) -> list[str]:
    """The HTML sections (plots written into `folder`)."""
    parts = [metrics_html(tables)]
    if per_game.get("lead_changes"):
        plot_leads(per_game, folder / "leads.png")
        parts.append("<img src='leads.png' alt='lead changes and decisiveness'>")
    if skill is not None:
        parts.append(skill_html(skill, seats, folder))
    return parts
