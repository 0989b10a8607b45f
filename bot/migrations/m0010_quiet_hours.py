"""Quiet hours per member (issue 53 item 4): a daily span of local time in the member's IANA time zone when no DM
and no reminder reaches them (`bot.quiet_hours`). NULL columns: no quiet hours (every member before this step).
SQLite and PostgreSQL both take this SQL."""

SQL = """
ALTER TABLE user_prefs ADD COLUMN quiet_start INTEGER;   -- minutes after local midnight (0-1439), NULL: none
ALTER TABLE user_prefs ADD COLUMN quiet_end INTEGER;     -- the same; below quiet_start: across midnight
ALTER TABLE user_prefs ADD COLUMN time_zone TEXT;        -- an IANA zone name ('Europe/Warsaw'), NULL: not given
"""
