"""Quiet hours per member (issue 53 item 4): a daily span of local time in the member's IANA time zone when no DM
and no reminder reaches them (`bot.host.quiet_hours`). A side table beside `user_prefs`: a member without a row has no
quiet hours (every member before this step). `CREATE TABLE IF NOT EXISTS` keeps the step safe to run on a database
that already has the table. SQLite and PostgreSQL both take this SQL."""

SQL = """
CREATE TABLE IF NOT EXISTS quiet_hours (
    user_id     INTEGER PRIMARY KEY,     -- a Discord user id, as in user_prefs
    quiet_start INTEGER,                 -- minutes after local midnight (0-1439), NULL: no span given
    quiet_end   INTEGER,                 -- the same; below quiet_start: across midnight
    time_zone   TEXT                     -- an IANA zone name ('Europe/Warsaw'), NULL: not given
);
"""
