"""When a game ended, and indexes for stats, leaderboards and per-server game lists."""

SQL = """
ALTER TABLE games ADD COLUMN finished_at REAL;
UPDATE games SET finished_at = updated_at WHERE status IN ('finished', 'cancelled');

CREATE INDEX results_by_user ON results (user_id) WHERE user_id IS NOT NULL;
CREATE INDEX results_by_guild ON results (guild_id, user_id);
CREATE INDEX games_by_guild ON games (guild_id, status);
"""
