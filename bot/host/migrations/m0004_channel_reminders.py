"""Reminder intervals belong to channels (set by a game's host); users keep only an on/off switch.

Issue 6 asks for "the channel's reminder interval (default 12 h, set by the host)". Until this migration each
user had an interval of their own; it becomes `reminders` (1 when the old interval was not 0), and the interval
itself moves to `channel_settings` (a channel without a row uses the default, 12 hours).
"""

SQL = """
CREATE TABLE channel_settings (
    channel_id       INTEGER PRIMARY KEY,
    guild_id         INTEGER NOT NULL,
    reminder_seconds INTEGER NOT NULL CHECK (reminder_seconds >= 0),   -- 0: no reminders in this channel
    updated_by       INTEGER NOT NULL,                                 -- the user who set it
    updated_at       REAL    NOT NULL
);

ALTER TABLE user_prefs ADD COLUMN reminders INTEGER NOT NULL DEFAULT 1 CHECK (reminders IN (0, 1));
UPDATE user_prefs SET reminders = (reminder_seconds > 0);
ALTER TABLE user_prefs DROP COLUMN reminder_seconds;
"""

# PostgreSQL: a comparison is a boolean there, not 0 or 1.
POSTGRESQL = """
CREATE TABLE channel_settings (
    channel_id       BIGINT PRIMARY KEY,
    guild_id         BIGINT NOT NULL,
    reminder_seconds BIGINT NOT NULL CHECK (reminder_seconds >= 0),
    updated_by       BIGINT NOT NULL,
    updated_at       DOUBLE PRECISION NOT NULL
);

ALTER TABLE user_prefs ADD COLUMN reminders BIGINT NOT NULL DEFAULT 1 CHECK (reminders IN (0, 1));
UPDATE user_prefs SET reminders = CASE WHEN reminder_seconds > 0 THEN 1 ELSE 0 END;
ALTER TABLE user_prefs DROP COLUMN reminder_seconds;
"""
