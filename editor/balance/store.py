"""The game store of a balance run: one DuckDB file, `DIR/balance.duckdb`.

Tables (compare two runs with SQL: `ATTACH 'a/balance.duckdb' AS a; ATTACH 'b/...' AS b`):

* `runs`: one row per label (`A` = --variant, `B` = --vs): variant name and hash, board name and
  hash, seed, policy, turn cap and seat order. A store belongs to these; a run with other
  values is refused (BALANCE_STORE_MISMATCH), so results of different rules never mix.
* `games`: one row per finished game: label, game index, game seed, variant and hash, winners,
  victory rule ID, reason, actions, turns, number of captures.
* `captures`: one row per capture: label, game, action index, turn, capturing seat, victim
  seat, victim piece type and field id.
* `seat_agents`: the agent that played each seat of each game (`editor.balance.play.lineup_of`).
* `turn_times`: per game, the seconds each turn's mover took to choose its actions, by agent.
* `game_metrics`: per game, the measurements of `editor.balance.measure_game` (name, value).

Each chunk of games is appended in one transaction, so an interrupted run keeps every finished
game and a new run plays only the missing ones.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from pathlib import Path

from editor.i18n import _
from editor.model.findings import Finding, Severity, define

STORE_NAME = "balance.duckdb"

BALANCE_STORE_MISMATCH = define(
    "BALANCE_STORE_MISMATCH", Severity.ERROR,
    "The output folder holds games of a different balance run",
    "give another output folder (-o), or the same variant, board, options, seed, policy and "
    "turn cap as the stored run", area="balance")
BALANCE_STORE_UNREADABLE = define(
    "BALANCE_STORE_UNREADABLE", Severity.ERROR,
    "The balance store cannot be opened",
    "remove or move the file, or make sure no other balance run is writing to this folder",
    area="balance")

_SCHEMA = [
    """CREATE TABLE IF NOT EXISTS runs (
        label VARCHAR PRIMARY KEY, variant VARCHAR, variant_hash VARCHAR, board VARCHAR,
        board_hash VARCHAR, seed BIGINT, policy VARCHAR, max_turns INTEGER, seats VARCHAR[])""",
    """CREATE TABLE IF NOT EXISTS games (
        label VARCHAR, game INTEGER, seed BIGINT, variant VARCHAR, variant_hash VARCHAR,
        winners VARCHAR[], rule VARCHAR, reason VARCHAR, actions INTEGER, turns INTEGER,
        captures INTEGER, PRIMARY KEY (label, game))""",
    """CREATE TABLE IF NOT EXISTS captures (
        label VARCHAR, game INTEGER, action INTEGER, turn INTEGER, by_seat VARCHAR,
        victim_seat VARCHAR, piece VARCHAR, field VARCHAR)""",
    """CREATE TABLE IF NOT EXISTS seat_agents (
        label VARCHAR, game INTEGER, seat VARCHAR, agent VARCHAR)""",
    """CREATE TABLE IF NOT EXISTS turn_times (
        label VARCHAR, game INTEGER, agent VARCHAR, seconds DOUBLE)""",
    """CREATE TABLE IF NOT EXISTS game_metrics (
        label VARCHAR, game INTEGER, name VARCHAR, value DOUBLE)""",
]


@dataclass(frozen=True)
class RunMeta:
    """What a stored run belongs to; two runs with equal metas give equal games."""

    label: str
    variant: str
    variant_hash: str
    board: str
    board_hash: str
    seed: int
    policy: str
    max_turns: int
    seats: tuple[str, ...]


class StoreError(Exception):
    def __init__(self, finding: Finding) -> None:
        super().__init__(finding.message)
        self.finding = finding


class Store:
    """The DuckDB store of one output folder (single writer: the parent process)."""

    def __init__(self, folder: Path) -> None:
        import duckdb

        self.path = Path(folder) / STORE_NAME
        try:
            self.con = duckdb.connect(str(self.path))
            for statement in _SCHEMA:
                self.con.execute(statement)
        except duckdb.Error as exc:
            raise StoreError(BALANCE_STORE_UNREADABLE.at(
                _("cannot open the balance store: {error}").format(error=str(exc).splitlines()[0]),
                element=str(self.path)).located(str(self.path))) from None

    def close(self) -> None:
        self.con.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ---- runs -----------------------------------------------------------------------------

    def bind(self, meta: RunMeta) -> None:
        """Record `meta` for its label, or raise StoreError when the label holds another run."""
        row = self.con.execute(
            "SELECT variant, variant_hash, board, board_hash, seed, policy, max_turns, seats "
            "FROM runs WHERE label = ?", [meta.label]).fetchone()
        if row is None:
            d = asdict(meta)
            d["seats"] = list(meta.seats)
            self.con.execute("INSERT INTO runs VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                             [d[k] for k in ("label", "variant", "variant_hash", "board",
                                             "board_hash", "seed", "policy", "max_turns",
                                             "seats")])
            return
        stored = RunMeta(meta.label, row[0], row[1], row[2], row[3], row[4], row[5], row[6],
                         tuple(row[7]))
        diffs = [f"{name} {getattr(stored, name)!r} (now {getattr(meta, name)!r})"
                 for name in ("variant", "variant_hash", "board", "board_hash", "seed",
                              "policy", "max_turns")
                 if getattr(stored, name) != getattr(meta, name)]
        if diffs:
            which = "--variant" if meta.label == "A" else "--vs"
            raise StoreError(BALANCE_STORE_MISMATCH.at(
                f"the store holds games of another run for {which}: stored "
                + ", ".join(diffs), element=str(self.path)).located(str(self.path)))

    # ---- games ----------------------------------------------------------------------------

    def done(self, label: str) -> set[int]:
        rows = self.con.execute("SELECT game FROM games WHERE label = ?", [label]).fetchall()
        return {r[0] for r in rows}

    def append(self, meta: RunMeta, records: list[dict]) -> None:
        """Store finished games and their captures in one transaction."""
        if not records:
            return
        games = [[meta.label] * len(records), [r["index"] for r in records],
                 [r["seed"] for r in records], [meta.variant] * len(records),
                 [meta.variant_hash] * len(records), [r["winners"] for r in records],
                 [r["rule"] for r in records], [r["reason"] for r in records],
                 [r["actions"] for r in records], [r["turns"] for r in records],
                 [len(r["captures"]) for r in records]]
        caps = [(meta.label, r["index"], c["action"], c["turn"], c["by"], c["victim"],
                 c["piece"], c["field"]) for r in records for c in r["captures"]]
        con = self.con
        con.execute("BEGIN TRANSACTION")
        try:
            con.execute(
                "INSERT OR IGNORE INTO games SELECT unnest(?::VARCHAR[]), unnest(?::INTEGER[]), "
                "unnest(?::BIGINT[]), unnest(?::VARCHAR[]), unnest(?::VARCHAR[]), "
                "unnest(?::VARCHAR[][], max_depth := 1), unnest(?::VARCHAR[]), "
                "unnest(?::VARCHAR[]), unnest(?::INTEGER[]), unnest(?::INTEGER[]), "
                "unnest(?::INTEGER[])", games)
            if caps:
                con.execute(
                    "INSERT INTO captures SELECT unnest(?::VARCHAR[]), unnest(?::INTEGER[]), "
                    "unnest(?::INTEGER[]), unnest(?::INTEGER[]), unnest(?::VARCHAR[]), "
                    "unnest(?::VARCHAR[]), unnest(?::VARCHAR[]), unnest(?::VARCHAR[])",
                    [list(col) for col in zip(*caps, strict=True)])
            self._append_extras(meta, records)
            con.execute("COMMIT")
        except BaseException:
            con.execute("ROLLBACK")
            raise

    def _append_extras(self, meta: RunMeta, records: list[dict]) -> None:
        """Seat agents, turn times and game metrics of `records` (inside append's
        transaction)."""
        tables = {
            "seat_agents": [(meta.label, r["index"], seat, agent) for r in records
                            for seat, agent in zip(meta.seats, r.get("agents", []),
                                                   strict=False)],
            "turn_times": [(meta.label, r["index"], agent, seconds) for r in records
                           for agent, seconds in r.get("turn_times", [])],
            "game_metrics": [(meta.label, r["index"], name, value) for r in records
                             for name, value in r.get("metrics", {}).items()],
        }
        types = {"seat_agents": ("VARCHAR", "INTEGER", "VARCHAR", "VARCHAR"),
                 "turn_times": ("VARCHAR", "INTEGER", "VARCHAR", "DOUBLE"),
                 "game_metrics": ("VARCHAR", "INTEGER", "VARCHAR", "DOUBLE")}
        for table, rows in tables.items():
            if rows:
                cols = ", ".join(f"unnest(?::{t}[])" for t in types[table])
                self.con.execute(f"INSERT INTO {table} SELECT {cols}",
                                 [list(col) for col in zip(*rows, strict=True)])

    def seat_agents(self, label: str, limit: int) -> dict[int, dict[str, str]]:
        """Per game (index < limit): seat id -> agent."""
        out: dict[int, dict[str, str]] = {}
        for game, seat, agent in self.con.execute(
                "SELECT game, seat, agent FROM seat_agents WHERE label = ? AND game < ?",
                [label, limit]).fetchall():
            out.setdefault(game, {})[seat] = agent
        return out

    def turn_times(self, label: str, limit: int) -> dict[str, list[float]]:
        """Seconds per turn by agent over the games with index < limit."""
        out: dict[str, list[float]] = {}
        for agent, seconds in self.con.execute(
                "SELECT agent, seconds FROM turn_times WHERE label = ? AND game < ? "
                "ORDER BY game", [label, limit]).fetchall():
            out.setdefault(agent, []).append(seconds)
        return out

    def metrics(self, label: str, limit: int) -> dict[str, list[float]]:
        """Every game metric's values over the games with index < limit."""
        out: dict[str, list[float]] = {}
        for name, value in self.con.execute(
                "SELECT name, value FROM game_metrics WHERE label = ? AND game < ? "
                "ORDER BY game", [label, limit]).fetchall():
            out.setdefault(name, []).append(value)
        return out

    def games(self, label: str, limit: int) -> list[dict]:
        """The stored games with index < limit, in index order."""
        cur = self.con.execute(
            "SELECT game, seed, winners, rule, reason, actions, turns, captures FROM games "
            "WHERE label = ? AND game < ? ORDER BY game", [label, limit])
        names = [d[0] for d in cur.description]
        return [dict(zip(names, row, strict=True)) for row in cur.fetchall()]

    def capture_fields(self, label: str, limit: int) -> dict[str, int]:
        """Captures per field id over the games with index < limit."""
        rows = self.con.execute(
            "SELECT field, count(*) FROM captures WHERE label = ? AND game < ? GROUP BY field",
            [label, limit]).fetchall()
        return {f: n for f, n in rows}

    def identical_pairs(self, limit: int) -> tuple[int, int]:
        """(games of A and B with the same index that went exactly alike, pairs compared):
        both sides play the same seeds, so a rule that never comes into play leaves every
        pair identical."""
        row = self.con.execute(
            "SELECT count(*) FILTER (WHERE a.winners = b.winners AND a.actions = b.actions "
            "AND a.turns = b.turns AND a.captures = b.captures AND a.reason = b.reason), "
            "count(*) FROM games a JOIN games b USING (game) "
            "WHERE a.label = 'A' AND b.label = 'B' AND game < ?", [limit]).fetchone()
        return int(row[0]), int(row[1])
