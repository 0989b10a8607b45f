"""The games the bot hosts, a package each (`gah`, `overbooking`): `bot.host.kinds.discover` finds every package here
with a `kind` module that gives `KIND`, and the host names none of them.

A game kept elsewhere joins by being a `bot/games/<name>/` folder in a directory on the Python path (the standard
`pkgutil.extend_path`), with no host file edited: tests/toy_games/ holds such a third game.
"""

from pkgutil import extend_path

__path__ = extend_path(__path__, __name__)
