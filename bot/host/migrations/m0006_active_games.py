"""Indexes for the start-up queries (`bot.host.service.queries`): the active games, and the games finished lately.

With them the bot finds at start the games whose channel has not heard of their latest version without reading
every stored game (issue 16: start-up must not grow with history). Partial indexes: SQLite and PostgreSQL both
take this SQL.
"""

SQL = """
CREATE INDEX games_active ON games (id) WHERE status = 'active';
CREATE INDEX games_recently_finished ON games (finished_at) WHERE status = 'finished';
"""
