"""The action log's events are stored compressed (`bot.host.log_codec`). This migration lists the games whose log rows
were written before, as plain JSON; the bot rewrites them in the background after start (`bot.host.log_compaction`,
one game per transaction) and takes each game off the list when done. Rows still in plain JSON are read as before
meanwhile, so nothing waits for the rewrite."""

SQL = """
CREATE TABLE log_compaction (
    game_id INTEGER PRIMARY KEY          -- a game whose log rows may still hold plain-JSON events
);

INSERT INTO log_compaction (game_id) SELECT DISTINCT game_id FROM action_log;
"""
