"""The service's errors. Every message is a sentence a player can read; the bot shows it as it is.

    ServiceError
    ├── NoGameHere      no such game, or no open game in this channel
    ├── GameNotActive   the game is in the lobby, finished or cancelled (for moves), or past the lobby (for lobby edits)
    ├── LobbyError      a lobby rule: full, already seated, too few seats, a bad option ...
    ├── NotHost         only the host (or a server manager, where allowed) may do this
    ├── NotSeated       the user holds no seat in the game
    ├── NotYourTurn     the user is seated but another seat must answer (or an AI plays their seat)
    ├── StaleVersion    the game moved on since the panel was drawn (two clicks at once: one wins)
    ├── IllegalMove     the engine refused the action (malformed or not legal now)
    └── NothingToUndo   no action of the user's current turn can be taken back
"""

from __future__ import annotations


class ServiceError(Exception):
    """Base of every error the service raises on purpose; `str(error)` is the player-facing sentence."""


class NoGameHere(ServiceError):
    """There is no such game, or no lobby or active game in this channel."""


class GameNotActive(ServiceError):
    """The game is not in the status the request needs (e.g. a move in a finished game)."""


class LobbyError(ServiceError):
    """A lobby rule was broken: the game is full, the user is already seated, a bad option, too few seats ..."""


class NotHost(ServiceError):
    """Only the host (or, where the request allows it, a server manager or the seat's owner) may do this."""


class NotSeated(ServiceError):
    """The user holds no seat in this game."""


class NotYourTurn(ServiceError):
    """The user is seated, but another seat must answer now (or an AI is playing the user's seat)."""


class StaleVersion(ServiceError):
    """The game changed since the caller looked at it; nothing was done.

    Attributes:
        current: the game's version now (for drawing a fresh panel).
    """

    def __init__(self, message: str, current: int | None = None) -> None:
        super().__init__(message)
        self.current = current


class IllegalMove(ServiceError):
    """The engine refused the action; the message is the engine's sentence (`engine.IllegalAction`)."""


class NothingToUndo(ServiceError):
    """None of the user's actions can be taken back now (another player, an AI, a die roll or a revealed
    card came in between, or the user has not acted this turn)."""
