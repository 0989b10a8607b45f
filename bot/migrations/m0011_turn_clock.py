"""The turn clock (issue 53 item 2): when each bot process last ran, so that time spent while the whole bot was down
does not count against a player's turn clock (`bot.service.clock`). One row per process (`bot.reminders.claim_owner`),
written at every pass of the timer loop; at start the newest row says how long the bot was down. The clock's
deadlines themselves are ordinary `timers` rows (kind 'clock'). `CREATE TABLE IF NOT EXISTS` keeps the step safe to
run twice. SQLite and PostgreSQL both take this SQL."""

SQL = """
CREATE TABLE IF NOT EXISTS heartbeats (
    owner   TEXT PRIMARY KEY,            -- 'host:pid' of a bot process
    seen_at REAL NOT NULL                -- its wall clock at its latest pass, seconds since the epoch
);
"""
