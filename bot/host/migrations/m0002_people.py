"""Posted messages, user preferences, results and reminder timers."""

SQL = """
CREATE TABLE posted_messages (
    game_id    INTEGER NOT NULL REFERENCES games (id),
    purpose    TEXT    NOT NULL,        -- what the message is for: 'lobby', 'board', 'panel', ...
    channel_id INTEGER NOT NULL,
    message_id INTEGER NOT NULL,
    version    INTEGER NOT NULL,        -- the game version the message shows
    posted_at  REAL    NOT NULL,
    PRIMARY KEY (game_id, purpose)
) WITHOUT ROWID;

CREATE TABLE user_prefs (
    user_id          INTEGER PRIMARY KEY,
    notify           TEXT    NOT NULL DEFAULT 'mention' CHECK (notify IN ('mention', 'dm', 'none')),
    reminder_seconds INTEGER NOT NULL DEFAULT 43200 CHECK (reminder_seconds >= 0),   -- 0: no reminders
    snooze_until     REAL,
    updated_at       REAL    NOT NULL
);

CREATE TABLE results (
    game_id    INTEGER NOT NULL REFERENCES games (id),
    seat       INTEGER NOT NULL,
    guild_id   INTEGER NOT NULL,
    user_id    INTEGER,                 -- NULL for an AI seat
    ai_level   TEXT,                    -- the AI that played the seat at the end, if any
    name       TEXT    NOT NULL,
    score      INTEGER NOT NULL,
    rank       INTEGER NOT NULL CHECK (rank >= 1),
    tiebreak   INTEGER NOT NULL,
    breakdown  TEXT    NOT NULL,        -- JSON: VP per source
    finished_at REAL   NOT NULL,
    PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;

CREATE TABLE timers (
    game_id INTEGER NOT NULL REFERENCES games (id),
    kind    TEXT    NOT NULL,           -- 'reminder'
    user_id INTEGER,                    -- whom the timer is about
    due_at  REAL    NOT NULL,
    version INTEGER NOT NULL,           -- the game version when the timer was set
    PRIMARY KEY (game_id, kind)
) WITHOUT ROWID;

CREATE INDEX timers_by_due ON timers (due_at);
"""
