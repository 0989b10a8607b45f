"""Which seats asked for a suggestion (issue 42, item 9: the *Suggest* button shows what the expert AI would play):
one row per game and seat that asked, with how many times, so that `/gah stats` can mark the games a player
played with suggestions. A side table: games stored before it (and seats that never asked) have no row.
`CREATE TABLE IF NOT EXISTS` keeps the step safe to run on a database that already has the table. SQLite and
PostgreSQL both take this SQL."""

SQL = """
CREATE TABLE IF NOT EXISTS suggestions (
    game_id INTEGER NOT NULL REFERENCES games (id),
    seat    INTEGER NOT NULL,            -- the seat's position, as in seats.position
    asked   INTEGER NOT NULL,            -- how many suggestions the seat asked for
    PRIMARY KEY (game_id, seat)
);
"""
