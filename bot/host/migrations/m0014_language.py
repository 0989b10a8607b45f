"""A member's own language (issue 55 item 2, `/gah notify language:`): "en", "pl" or "de" for the bot's private
answers and DMs to them, NULL for none (their Discord client's language counts: `bot.host.language.reader_language`).
A column of `user_prefs` (NULL for every member before this step). SQLite and PostgreSQL both take this SQL."""

SQL = """
ALTER TABLE user_prefs ADD COLUMN language TEXT;  -- 'en', 'pl', 'de'; NULL: the client's language
"""
