"""`report.html` and its PNG plots (matplotlib, Agg canvas: no GUI, no Qt).

Plots: win rate per seat with 95 % Wilson intervals (`winrate.png`), game length
(`length.png`), victory rules (`victory.png`), captures per field over the board's scan
(`captures.png`), and with a second variant the per-seat differences (`difference.png`).
"""

from __future__ import annotations

import html
import itertools
import math
import os
from dataclasses import dataclass, field
from pathlib import Path

from editor.balance.analysis import (
    Comparison,
    SideSummary,
    compare,
    compare_verdict,
    median,
    seat_verdict,
)
from editor.balance.victory import rule_label, victory_section
from editor.model.board import Board
from editor.model.io import atomic_write_text

REPORT_NAME = "report.html"
MAX_BACKGROUND_PX = 800  # the scan is shrunk to about the drawn size first (fast drawing)
SIDE_STYLE = {"A": {"hatch": "", "alpha": 0.9}, "B": {"hatch": "//", "alpha": 0.6}}


@dataclass
class SideData:
    """One side of the report: its summary and captures per field id."""

    summary: SideSummary
    captures: dict[str, int]
    title: str  # e.g. "conquest-4p" or "conquest-4p + classic-recapture"
    #: the variant's option values (the victory section shows those that switch a rule)
    options: dict[str, object] = field(default_factory=dict)


def _figure(width: float = 7.0, height: float = 4.0):
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fig = Figure(figsize=(width, height), dpi=110, layout="constrained")
    FigureCanvasAgg(fig)
    return fig


def _save(fig, path: Path) -> None:
    """Atomic PNG write (temporary file in the folder, then rename)."""
    tmp = path.with_name(f".{path.name}.tmp")
    fig.savefig(tmp, format="png")
    os.replace(tmp, path)


def _seat_colours(board: Board) -> dict[str, str]:
    return {s.id: s.colour for s in board.seats if getattr(s, "colour", None)}


def plot_winrate(sides: list[SideData], board: Board, path: Path) -> None:
    seats = sides[0].summary.seats
    colours = _seat_colours(board)
    fig = _figure()
    ax = fig.add_subplot()
    width = 0.8 / len(sides)
    for j, side in enumerate(sides):
        s = side.summary
        xs = [i + (j - (len(sides) - 1) / 2) * width for i in range(len(seats))]
        rates = [s.rate(seat) for seat in seats]
        ys = [r[0] for r in rates]
        err = [[max(0.0, r[0] - r[1]) for r in rates], [max(0.0, r[2] - r[0]) for r in rates]]
        ax.bar(xs, ys, width, yerr=err, capsize=4, edgecolor="black",
               color=[colours.get(seat, "#888888") for seat in seats],
               label=f"{s.label}: {side.title} ({s.games} games)", **SIDE_STYLE[s.label])
    fair = 1 / len(seats)
    ax.axhline(fair, color="grey", linestyle="--", linewidth=1, label=f"equal share {fair:.0%}")
    ax.set_xticks(range(len(seats)), seats)
    ax.set_ylabel("win rate (95 % Wilson CI)")
    ax.set_ylim(0, min(1.0, max(0.5, ax.get_ylim()[1])))
    ax.yaxis.set_major_formatter(lambda v, _p: f"{v:.0%}")
    ax.set_title("Win rate per seat (seats in turn order)")
    ax.legend(fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.1), ncol=2)
    _save(fig, path)


def plot_length(sides: list[SideData], path: Path) -> None:
    fig = _figure()
    ax = fig.add_subplot()
    top = max((max(s.summary.turns) for s in sides if s.summary.turns), default=1)
    bins = range(0, top + 10, max(1, math.ceil((top + 10) / 40)))
    for side in sides:
        s = side.summary
        ax.hist(s.turns, bins=bins, histtype="stepfilled" if s.label == "A" else "step",
                alpha=0.6 if s.label == "A" else 1.0, linewidth=1.5,
                label=f"{s.label}: {side.title} (median {median(s.turns):g} turns)")
    ax.set_xlabel("game length (turns)")
    ax.set_ylabel("games")
    ax.set_title("Game length")
    ax.legend(fontsize=8)
    _save(fig, path)


def plot_victory(sides: list[SideData], path: Path) -> None:
    rules = sorted({r for side in sides for r in side.summary.rules})
    fig = _figure(9.0, 1.2 + 0.45 * max(1, len(rules)) * len(sides))
    ax = fig.add_subplot()
    height = 0.8 / len(sides)
    for j, side in enumerate(sides):
        s = side.summary
        ys = [i + (j - (len(sides) - 1) / 2) * height for i in range(len(rules))]
        shares = [s.rules[r] / s.games if s.games else 0 for r in rules]
        bars = ax.barh(ys, shares, height, edgecolor="black",
                       label=f"{s.label}: {side.title}", **SIDE_STYLE[s.label])
        ax.bar_label(bars, [f"{s.rules[r]}" for r in rules], padding=3, fontsize=7)
    ax.set_yticks(range(len(rules)), [rule_label(r, width=48) for r in rules], fontsize=8)
    ax.invert_yaxis()
    ax.xaxis.set_major_formatter(lambda v, _p: f"{v:.0%}")
    ax.set_xlabel("share of games (count at the bar)")
    ax.set_title("How games were won (victory rules; 'cap' = turn cap)")
    ax.legend(fontsize=8)
    _save(fig, path)


def _background(board: Board, board_dir: Path | None):
    """The board's scan, shrunk, or None when the board has none (or it cannot be read)."""
    if board.image is None or board_dir is None:
        return None
    path = board_dir / board.image.path
    try:
        from PIL import Image

        with Image.open(path) as img:
            img.thumbnail((MAX_BACKGROUND_PX, MAX_BACKGROUND_PX))
            return img.convert("RGB").copy()
    except (OSError, ValueError, ImportError):
        return None


def plot_captures(sides: list[SideData], board: Board, board_dir: Path | None,
                  path: Path) -> None:
    """Captures per field drawn over the scan (or over the fields and connections when the
    board has no scan)."""
    xs = {f.id: f.x for f in board.fields}
    ys = {f.id: f.y for f in board.fields}
    x0, y0 = min(xs.values(), default=0) - 50, min(ys.values(), default=0) - 50
    width = max(xs.values(), default=1) + 50
    height = max(ys.values(), default=1) + 50
    bg = _background(board, board_dir)
    if bg is not None and board.image is not None:
        x0 = y0 = 0
        width, height = board.image.width, board.image.height
    fig = _figure(6.5 * len(sides), max(2.5, 6.5 * (height - y0) / max(width - x0, 1) + 0.6))
    top = max((max(s.captures.values(), default=0) for s in sides), default=0) or 1
    for j, side in enumerate(sides):
        ax = fig.add_subplot(1, len(sides), j + 1)
        if bg is not None:
            ax.imshow(bg, extent=(0, width, height, 0), alpha=0.55, interpolation="nearest")
        else:
            by_id = {f.id: f for f in board.fields}
            for con in board.connections:
                a, b = by_id.get(con.a), by_id.get(con.b)
                if a is not None and b is not None:
                    ax.plot([a.x, b.x], [a.y, b.y], color="#bbbbbb", linewidth=0.5)
            ax.scatter(list(xs.values()), list(ys.values()), s=2, color="#999999")
        items = sorted((n, f) for f, n in side.captures.items() if f in xs)
        sc = ax.scatter([xs[f] for _n, f in items], [ys[f] for _n, f in items],
                        c=[n for n, _f in items], s=[8 + 120 * (n / top) for n, _f in items],
                        cmap="inferno_r", vmin=0, vmax=top, alpha=0.85, edgecolors="none")
        ax.set_xlim(x0, width)
        ax.set_ylim(height, y0)
        ax.set_aspect("equal")
        ax.set_axis_off()
        total = sum(side.captures.values())
        ax.set_title(f"{side.summary.label}: {side.title}\n{total} captures in "
                     f"{side.summary.games} games", fontsize=9)
        fig.colorbar(sc, ax=ax, fraction=0.04, pad=0.01, label="captures on the field")
    _save(fig, path)


def signed_percent(ax):
    """Tick labels like "+1.5%": as many decimals as the tick spacing needs, so that ticks
    half a percent apart do not read "+1%", "+1%", "+2%", "+2%"."""
    def label(value: float, _pos) -> str:
        ticks = ax.yaxis.get_majorticklocs()
        step = min((abs(b - a) for a, b in itertools.pairwise(ticks) if b != a),
                   default=1.0)
        decimals = max(0, math.ceil(-math.log10(step * 100) - 1e-9))
        text = f"{value * 100:+.{decimals}f}%"
        return "0%" if float(text[:-1]) == 0 else text

    return label


def plot_difference(cmp: Comparison, a: SideData, b: SideData, path: Path) -> None:
    seats = list(cmp.seat_diffs)
    fig = _figure()
    ax = fig.add_subplot()
    ds = [cmp.seat_diffs[s] for s in seats]
    ax.errorbar(range(len(seats)), [d[0] for d in ds],
                yerr=[[max(0.0, d[0] - d[1]) for d in ds], [max(0.0, d[2] - d[0]) for d in ds]],
                fmt="o", capsize=5, color="black")
    ax.axhline(0, color="grey", linestyle="--", linewidth=1)
    ax.set_xticks(range(len(seats)), seats)
    ax.yaxis.set_major_formatter(signed_percent(ax))
    ax.set_ylabel(f"win rate B − A (95 % CI, {cmp.interval_name})")
    ax.set_title(f"B: {b.title}  against  A: {a.title}", fontsize=9)
    _save(fig, path)


def _table(headers: list[str], rows: list[list[str]]) -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>"
                   for row in rows)
    return f"<table><tr>{head}</tr>{body}</table>"


def _side_table(side: SideData) -> str:
    s = side.summary
    rows = []
    for seat in s.seats:
        r, lo, hi = s.rate(seat)
        rows.append([seat, str(s.wins[seat]), f"{r:.1%}", f"{lo:.1%} – {hi:.1%}"])
    rows.append(["no single winner (tie of all seats)", str(s.shared),
                 f"{s.shared / s.games:.1%}" if s.games else "–", ""])
    return _table(["seat", "wins", "win rate", "95 % CI (Wilson)"], rows)


_CSS = ("body{font-family:sans-serif;max-width:980px;margin:2em auto;color:#222}"
        "table{border-collapse:collapse;margin:0.5em 0}td,th{border:1px solid #ccc;"
        "padding:3px 8px;text-align:left}img{max-width:100%}.verdict{background:#f4f4ee;"
        "padding:0.6em 1em;border-left:4px solid #886}")


def write_report(folder: Path, board: Board, board_dir: Path | None, sides: list[SideData],
                 run_note: str, pairs: tuple[int, int] | None = None,
                 sections: list[str] | None = None) -> Path:
    """Draw the plots and write `report.html` into `folder`; returns the report's path.
    `sections` (HTML, e.g. `editor.balance.evaluation_report`) follow the game lengths."""
    plot_winrate(sides, board, folder / "winrate.png")
    plot_length(sides, folder / "length.png")
    plot_victory(sides, folder / "victory.png")
    plot_captures(sides, board, board_dir, folder / "captures.png")
    parts = [f"<h1>Balance report: {html.escape(sides[0].title)}</h1>",
             f"<p>{html.escape(run_note)}</p>", "<h2>Does seat order matter?</h2>"]
    for side in sides:
        parts.append(f"<h3>{side.summary.label}: {html.escape(side.title)}</h3>")
        parts.append(f"<p class='verdict'>{html.escape(seat_verdict(side.summary))}</p>")
        parts.append(_side_table(side))
    parts.append("<img src='winrate.png' alt='win rate per seat'>")
    if len(sides) == 2:
        a, b = sides
        cmp = compare(a.summary, b.summary)
        plot_difference(cmp, a, b, folder / "difference.png")
        parts.append(f"<h2>{html.escape(b.title)} against {html.escape(a.title)}</h2>")
        parts.extend(f"<p class='verdict'>{html.escape(line)}</p>"
                     for line in compare_verdict(a.summary, b.summary, cmp, pairs))
        parts.append(_table(["seat", "win rate A", "win rate B", "B − A",
                             f"95 % CI ({cmp.interval_name})"],
                            [[s, f"{a.summary.rate(s)[0]:.1%}", f"{b.summary.rate(s)[0]:.1%}",
                              f"{d:+.1%}", f"{lo:+.1%} to {hi:+.1%}"]
                             for s, (d, lo, hi) in cmp.seat_diffs.items()]))
        parts.append("<img src='difference.png' alt='win rate differences'>")
    parts.append("<h2>Game length</h2>")
    parts.append(_table(["side", "games", "median turns", "mean turns", "median actions"],
                        [[f"{s.summary.label}: {s.title}", str(s.summary.games),
                          f"{median(s.summary.turns):g}",
                          f"{sum(s.summary.turns) / max(1, s.summary.games):.1f}",
                          f"{median(s.summary.actions):g}"] for s in sides]))
    parts.append("<img src='length.png' alt='game length'>")
    parts.extend(sections or [])
    parts.append(victory_section(sides, [s.summary.ends for s in sides],
                                 [s.options for s in sides]))
    parts.append("<h2>Where pieces are captured</h2>")
    parts.append("<img src='captures.png' alt='captures per field'>")
    page = (f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>Balance report</title>"
            f"<style>{_CSS}</style></head><body>{''.join(parts)}</body></html>\n")
    out = folder / REPORT_NAME
    atomic_write_text(out, page, backup=False)
    return out
