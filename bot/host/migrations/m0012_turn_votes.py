"""Votes on the player on turn (issue 53 item 3): a seated member proposes to skip the player on turn or to hand
their seat to an AI once that player's reminder has gone out; the other seated people vote on one public message
(`bot.host.vote_posts`). One row per game in `turn_votes` (the newest vote; one vote per turn, since a vote is for the
game
version it began at), one row per ballot in `turn_ballots` (its primary key gives each member one ballot, also when
several bot processes share the database). The vote's 24-hour end is a row of `timers` (kind 'vote'), so it
survives a restart. `IF NOT EXISTS` keeps the step safe to run twice. SQLite and PostgreSQL both take this SQL."""

SQL = """
CREATE TABLE IF NOT EXISTS turn_votes (
    game_id     INTEGER PRIMARY KEY,   -- one vote per game at a time (a new turn's vote replaces the last)
    version     INTEGER NOT NULL,      -- the game's version when the vote began: a move ends the vote
    action      TEXT NOT NULL,         -- 'skip' or 'ai'
    position    INTEGER NOT NULL,      -- the seat on turn the vote is about
    target_id   INTEGER NOT NULL,      -- the member who holds that seat
    started_by  INTEGER NOT NULL,      -- the member who began the vote (their ballot agrees)
    started_at  REAL NOT NULL,
    ends_at     REAL NOT NULL,         -- seconds since the epoch: the vote fails then if undecided
    status      TEXT NOT NULL,         -- 'open', 'passed', 'failed', 'expired', 'lapsed'
    message_id  INTEGER                -- the public vote message, once posted
);
CREATE TABLE IF NOT EXISTS turn_ballots (
    game_id     INTEGER NOT NULL,
    version     INTEGER NOT NULL,      -- the vote's version (`turn_votes.version`)
    user_id     INTEGER NOT NULL,
    agree       INTEGER NOT NULL,      -- 1 yes, 0 no
    PRIMARY KEY (game_id, version, user_id)
);
"""
