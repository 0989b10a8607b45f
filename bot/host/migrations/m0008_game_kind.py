"""Which game a stored game is: the bot hosts several games (issue 18). A side table, so that every game stored
before (and every row nobody wrote a kind for) stays a Grand Austria Hotel game: a game without a row here is
'gah'; `bot.host.kinds` names the others ('overbooking'). `CREATE TABLE IF NOT EXISTS` keeps the step safe to run on a
database that already has the table. SQLite and PostgreSQL both take this SQL."""

SQL = """
CREATE TABLE IF NOT EXISTS game_kinds (
    game_id INTEGER PRIMARY KEY REFERENCES games (id),
    kind    TEXT NOT NULL                -- 'overbooking' (a game without a row is 'gah')
);
"""
