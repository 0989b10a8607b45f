"""`python -m bot.host.migrate_db SOURCE DESTINATION`: copy the bot's database (e.g. an SQLite file into PostgreSQL),
verify every game by replaying its log, and report the counts.

    python -m bot.host.migrate_db sqlite:///gah.sqlite3 postgresql://gah@db.example:5432/gah

Stop the bot first (changes made during the copy would be missed). The source is brought to the latest schema
(as the bot does when it starts); the destination is created or migrated, and must hold no rows yet. Every row the
bot decodes (a game's config and state, a log row's events) is checked before anything is written: a row that does
not decode refuses the copy, with each problem listed by game id. Every table is copied in one destination
transaction (nothing is left half-copied), then the destination is checked: the row count of every table equals
the source's, every game row equals its source row, and every started game's stored state equals the replay of its
log (`GameService.check_replay`).

Exit codes: 0 copied and verified; 1 copied, but a check failed (listed); 2 nothing copied (bad arguments, an
unreachable database, a destination that is not empty, or source rows that do not decode, listed).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sqlite3
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field

from bot.host.log_codec import decode_events
from bot.host.service import GameService
from bot.host.storage import Storage, StorageError, parse_database_url, redact

TABLES = (
    ("games", "id"),
    ("game_kinds", "game_id"),
    ("seats", "game_id, position"),
    ("action_log", "game_id, seq"),
    ("posted_messages", "game_id, purpose"),
    ("user_prefs", "user_id"),
    ("quiet_hours", "user_id"),
    ("away", "user_id"),
    ("channel_settings", "channel_id"),
    ("results", "game_id, seat"),
    ("suggestions", "game_id, seat"),
    ("timers", "game_id, kind"),
    ("heartbeats", "owner"),
    ("turn_votes", "game_id"),
    ("turn_ballots", "game_id, version, user_id"),
    ("open_seats", "game_id, position"),
    ("seat_takeovers", "game_id, position, user_id"),
)
"""Every table of the schema with its key, in an order that keeps the foreign keys satisfied."""


class CopyRefused(Exception):
    """Nothing was copied: the destination is not empty, the schemas differ, or source rows do not decode
    (`problems` lists them, each naming its game)."""

    def __init__(self, message: str, problems: Sequence[str] = ()) -> None:
        super().__init__(message)
        self.problems = list(problems)


@dataclass
class Report:
    """What a copy did: rows per table, and the games checked by replay with the problems found."""

    rows: dict[str, int] = field(default_factory=dict)
    games_checked: int = 0
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """Whether every check passed."""
        return not self.problems

    def lines(self) -> list[str]:
        """The report as text lines."""
        lines = [f"{table}: {count} rows copied" for table, count in self.rows.items()]
        lines.append(f"replay: {self.games_checked} games checked, {self.games_checked - self._replay_failures} "
                     f"match their log")
        lines += [f"problem: {problem}" for problem in self.problems]
        lines.append("verified: the copy is complete" if self.ok else "NOT verified: see the problems above")
        return lines

    @property
    def _replay_failures(self) -> int:
        return sum(problem.startswith("game ") and "replay" in problem for problem in self.problems)


async def copy_database(source: Storage, destination: Storage, *, replay: bool = True) -> Report:
    """Copy every row of `source` into the empty `destination` (both open and migrated) and verify the copy (row
    counts, game rows, and with `replay` every game's replay; a benchmark that copies thousands of games may skip
    the replays).

    Raises:
        CopyRefused: the destination already holds rows, the schemas differ, or source rows do not decode.
        sqlite3.Error: a database failed (nothing was copied if it happened before the commit).
    """
    undecodable = await unreadable_rows(source)
    if undecodable:
        raise CopyRefused(f"{len(undecodable)} row(s) of the source do not decode; repair or delete them in the "
                          "source, then copy again", undecodable)
    if await source.schema_version() != await destination.schema_version():
        raise CopyRefused("the source and destination schemas differ; run the same version of the bot on both")
    async with destination.reading() as tx:
        for table, _ in TABLES:
            if await tx.fetchone(f"SELECT 1 AS found FROM {table} LIMIT 1") is not None:
                raise CopyRefused(f"the destination is not empty (its table {table} has rows)")
    report = Report()
    async with source.reading() as read, destination.transaction() as write:
        for table, key in TABLES:
            rows = await read.fetchall(f"SELECT * FROM {table} ORDER BY {key}")
            report.rows[table] = len(rows)
            if rows:
                columns = list(rows[0].keys())
                await write.insert_rows(table, columns, [tuple(row[column] for column in columns) for row in rows])
    await destination.after_copy()
    await verify(source, destination, report, replay=replay)
    return report


async def unreadable_rows(source: Storage) -> list[str]:
    """Every row of `source` that the bot could not read, one sentence each naming its game: a config that is not
    a JSON object, a state that is not JSON, log events that do not decode (`bot.host.log_codec`)."""
    problems: list[str] = []
    async with source.reading() as tx:
        for row in await tx.fetchall("SELECT id, config, state FROM games ORDER BY id"):
            problems += [f"game {row['id']}: its {column} {fault}"
                         for column, fault in (("config", _json_fault(row["config"], dict)),
                                               ("state", _json_fault(row["state"], dict, optional=True)))
                         if fault]
        for row in await tx.fetchall("SELECT game_id, seq, events FROM action_log ORDER BY game_id, seq"):
            try:
                decode_events(row["events"])
            except (ValueError, TypeError, AttributeError, RecursionError) as error:
                problems.append(f"game {row['game_id']}: the events of log entry {row['seq']} do not decode "
                                f"({str(error)[:100]})")
    return problems


def _json_fault(text: object, kind: type, *, optional: bool = False) -> str | None:
    """Why `text` is not JSON of `kind` (None when it is, or when it is NULL and `optional`)."""
    if text is None and optional:
        return None
    try:
        value = json.loads(text)  # type: ignore[arg-type]
    except (TypeError, ValueError, RecursionError) as error:
        return f"is not JSON ({str(error)[:100]})"
    return None if isinstance(value, kind) else f"is JSON but not an {'object' if kind is dict else kind.__name__}"


async def verify(source: Storage, destination: Storage, report: Report, *, replay: bool = True) -> None:
    """Compare row counts and game rows, and (with `replay`) replay every game of `destination`; problems go into
    `report`."""
    async with source.reading() as old, destination.reading() as new:
        for table, _ in TABLES:
            counted = [await tx.fetchone(f"SELECT COUNT(*) AS n FROM {table}") for tx in (old, new)]
            before, after = (int(row["n"]) for row in counted)
            if before != after:
                report.problems.append(f"{table}: {before} rows in the source, {after} in the destination")
        source_games = {game.id: game for game in await old.games()}
        copied_games = await new.games()
    checker = GameService(destination)
    for game in copied_games:
        if source_games.get(game.id) != game:
            report.problems.append(f"game {game.id}: the copied row differs from the source row")
        if not replay:
            continue
        try:
            check = await checker.check_replay(game.id)
        except Exception as error:  # a copied row the checks before the copy passed; report it, do not crash
            report.games_checked += 1
            report.problems.append(f"game {game.id}: the replay does not match (it failed: {error!r:.200})")
            continue
        report.games_checked += 1
        if not check.ok:
            report.problems.append(f"game {game.id}: the replay does not match ({check.detail})")


async def run(source_url: str, destination_url: str) -> tuple[int, list[str]]:
    """Copy and verify; returns the exit code and the report lines."""
    if parse_database_url(source_url) == parse_database_url(destination_url):
        return 2, ["the source and the destination are the same database"]
    source, destination = Storage(source_url), Storage(destination_url)
    try:
        await source.open()
        await destination.open()
        report = await copy_database(source, destination)
    except CopyRefused as error:
        return 2, [f"nothing copied: {error}"] + [f"problem: {problem}" for problem in error.problems]
    except (StorageError, sqlite3.Error) as error:
        return 2, [f"nothing copied: {error}"]
    finally:
        await source.close()
        await destination.close()
    head = [f"copied {redact(source_url)} -> {redact(destination_url)}"]
    return (0 if report.ok else 1), head + report.lines()


def main(argv: Sequence[str] | None = None) -> int:
    """The command line; returns the exit code."""
    parser = argparse.ArgumentParser(
        prog="python -m bot.host.migrate_db",
        description="Copy the bot's database (e.g. SQLite to PostgreSQL), verify every game by replay, report counts.",
    )
    parser.add_argument("source", help="the database to copy: sqlite:///gah.sqlite3, a file path, or postgresql://...")
    parser.add_argument("destination", help="an empty (or new) database: postgresql://user@host:port/db, or sqlite:///")
    args = parser.parse_args(argv)
    try:
        parse_database_url(args.source)
        parse_database_url(args.destination)
    except ValueError as error:
        parser.error(str(error))
    code, lines = asyncio.run(run(args.source, args.destination))
    print("\n".join(lines), file=sys.stderr if code == 2 else sys.stdout)
    return code


if __name__ == "__main__":
    sys.exit(main())
