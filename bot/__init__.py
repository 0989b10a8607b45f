"""The bot: `bot.host` (the Discord side, storage, the game service, shared views) and `bot.games` (each game's
kind, presenter, panels and words). `python -m bot` starts it.

The package's path extends over every `bot/` folder on the Python path (`pkgutil.extend_path`), so that a game kept
elsewhere can join `bot.games` (see `bot/games/__init__.py`).
"""

from pkgutil import extend_path

__path__ = extend_path(__path__, __name__)
