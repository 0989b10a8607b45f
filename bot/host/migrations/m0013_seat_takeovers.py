"""Newcomers take AI seats (issue 53 item 5): the host opens an AI seat of a running game (`/gah seats`), a member who
does not play in it asks for it (*Take this seat* on the turn post) and the host confirms (or, for a seat opened
"without asking", takes it at once) (`bot.host.seat_posts`). `open_seats` holds the seats open now (with the game
version
they were opened at: a *Take this seat* button from before is out of date); `seat_takeovers` remembers who took
which seat in which round, so that the stats can say "joined in round N" (the results credit the seat's member at
the end, as for every seat). `IF NOT EXISTS` keeps the step safe to run twice. SQLite and PostgreSQL both take this
SQL."""

SQL = """
CREATE TABLE IF NOT EXISTS open_seats (
    game_id     INTEGER NOT NULL,
    position    INTEGER NOT NULL,      -- an AI seat (no member) of the running game
    version     INTEGER NOT NULL,      -- the game's version when the host opened it
    opened_by   INTEGER NOT NULL,
    opened_at   REAL NOT NULL,
    auto        INTEGER NOT NULL DEFAULT 0,  -- 1: a newcomer takes it without asking the host
    PRIMARY KEY (game_id, position)
);
CREATE TABLE IF NOT EXISTS seat_takeovers (
    game_id     INTEGER NOT NULL,
    position    INTEGER NOT NULL,
    user_id     INTEGER NOT NULL,      -- the member who took the seat
    round       INTEGER NOT NULL,      -- the game's round when they took it (0: during setup)
    taken_at    REAL NOT NULL,
    PRIMARY KEY (game_id, position, user_id)
);
"""
