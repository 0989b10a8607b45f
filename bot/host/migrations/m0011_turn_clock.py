"""The turn clock and away mode (issue 53 items 2 and 6).

`heartbeats`: when each bot process last ran (one row per process, `bot.host.reminders.claim_owner`, written at every
pass of the timer loop), so that time spent while the whole bot was down does not count against a player's turn
clock: at start the newest row says how long the bot was down (`bot.host.service.clock_timer.after_downtime`). The
clock's deadlines themselves are ordinary `timers` rows (kind 'clock').

`away`: a member who is away until a moment, whose turns the AIs play in every game meanwhile
(`bot.host.service.away`).

`CREATE TABLE IF NOT EXISTS` keeps the step safe to run twice. SQLite and PostgreSQL both take this SQL."""

SQL = """
CREATE TABLE IF NOT EXISTS heartbeats (
    owner   TEXT PRIMARY KEY,            -- 'host:pid' of a bot process
    seen_at REAL NOT NULL                -- its wall clock at its latest pass, seconds since the epoch
);

CREATE TABLE IF NOT EXISTS away (
    user_id INTEGER PRIMARY KEY,         -- a Discord user id
    until   REAL NOT NULL                -- when the away time ends, seconds since the epoch
);
"""
