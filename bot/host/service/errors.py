"""The service's errors. Every message is a sentence a player can read; the bot shows it as it is.

    Exception
    ├── ServiceError
    │   ├── NoGameHere      no such game, or no open game in this channel
    │   ├── GameNotActive   the game is in the lobby, finished or cancelled (for moves), or past the lobby
    │   ├── GameBusy        another change of the game (a long chain of AI moves) held it past the lock timeout
    │   ├── LobbyError      a lobby rule: full, already seated, too few seats, a bad option ...
    │   ├── NotHost         only the host (or a server manager, where allowed) may do this
    │   ├── NotSeated       the user holds no seat in the game
    │   ├── StaleVersion    the game moved on since the panel was drawn (two clicks at once: one wins)
    │   ├── NothingToUndo   no action of the user's current turn can be taken back
    │   └── IllegalMove     the engine refused the action: not legal now  (also an engine.IllegalAction)
    │       └── MalformedMove   the text reads as no action at all      (also an engine.MalformedAction)
    └── engine.IllegalAction
        └── engine.NotYourTurn  the user is seated but another seat must answer (or an AI plays their seat)

`NotYourTurn` is the engine's own class (one class, raised by the engine and by the service's seat check), so
it is not a `ServiceError`: catch `PLAYER_ERRORS` for "anything a player caused, with a sentence for them".
The three refusals of a move stay distinct: `MalformedMove` (a forged or garbled choice), `IllegalMove` (a real
action that is not possible now) and `NotYourTurn` (someone else must answer).
"""

from __future__ import annotations

from typing import TypeVar

from engine.core.actions import IllegalAction, MalformedAction, NotYourTurn
from render.core.lang import N_  # marks a sentence for the catalogs; the bot says it in the reader's language

__all__ = [
    "N_",
    "PLAYER_ERRORS",
    "GameBusy",
    "GameNotActive",
    "IllegalMove",
    "LobbyError",
    "MalformedMove",
    "Nn_",
    "NoGameHere",
    "NotHost",
    "NotSeated",
    "NotYourTurn",
    "NothingToUndo",
    "Said",
    "ServiceError",
    "StaleVersion",
    "counted",
    "worded",
]

E = TypeVar("E", bound=Exception)


def Nn_(singular: str, plural: str, /) -> tuple[str, str]:
    """Marks a refusal's two English forms for the catalogs as one plural entry (babel.cfg's keyword `Nn_:1,2`);
    `counted` says the form its count needs, in the reader's language."""
    return singular, plural


class Said(str):
    """A value of a refusal that is itself a marked sentence (`N_`): `bot.host.language.refusal_text` says it in the
    reader's language too, not only the template around it (its own placeholders filled from the refusal's other
    values)."""

    __slots__ = ()


def english(values: dict[str, object]) -> dict[str, object]:
    """A refusal's values for its English sentence: a `Said` value with its placeholders filled from the others."""
    plain = {name: value for name, value in values.items() if not isinstance(value, Said)}
    return {name: value.format(**plain) if isinstance(value, Said) and plain else value
            for name, value in values.items()}


def counted(error_type: type[E], forms: tuple[str, str], count: int, /, **values: object) -> E:
    """An error of `error_type` whose English sentence is the form of `forms` (`Nn_(singular, plural)`) for `count`,
    with `{count}` and `values` filled in; it keeps both forms, so that the bot says it in the reader's language with
    that language's plural rules (Polish has three forms)."""
    singular, plural = forms
    form = singular if count == 1 else plural
    error = error_type(form.format(**english({"count": count, **values})))
    error.template = singular  # type: ignore[attr-defined]
    error.plural = plural  # type: ignore[attr-defined]
    error.values = {"count": count, **values}  # type: ignore[attr-defined]
    return error


def worded(error_type: type[E], template: str, /, **values: object) -> E:
    """An error of `error_type` whose English sentence is `template` filled with `values`, keeping both so that the
    bot can say it in the reader's language (for the engine's `NotYourTurn`, which is not a `ServiceError`)."""
    error = error_type(template.format(**english(values)) if values else template)
    error.template = template  # type: ignore[attr-defined]
    error.values = values  # type: ignore[attr-defined]
    return error


class ServiceError(Exception):
    """Base of every error the service raises on purpose but `NotYourTurn`; `str(error)` is the player's sentence in
    English. A sentence marked for the catalogs (`N_`) with named placeholders (`values`) keeps its `template`, so the
    bot says it in the reader's language (`bot.host.language.refusal_text`)."""

    def __init__(self, message: str = "", /, **values: object) -> None:
        super().__init__(message.format(**english(values)) if values else message)
        self.template = message
        self.values = values


class NoGameHere(ServiceError):
    """There is no such game, or no lobby or active game in this channel."""


class GameNotActive(ServiceError):
    """The game is not in the status the request needs (e.g. a move in a finished game)."""


class GameBusy(ServiceError):
    """Another change of the same game held its lock longer than the service's lock timeout (a long chain of AI
    moves, usually); nothing was done and the user may simply try again."""


class LobbyError(ServiceError):
    """A lobby rule was broken: the game is full, the user is already seated, a bad option, too few seats ..."""


class NotHost(ServiceError):
    """Only the host (or, where the request allows it, a server manager or the seat's owner) may do this."""


class NotSeated(ServiceError):
    """The user holds no seat in this game."""


class StaleVersion(ServiceError):
    """The game changed since the caller looked at it; nothing was done.

    Attributes:
        current: the game's version now (for drawing a fresh panel).
    """

    def __init__(self, message: str, current: int | None = None, /, **values: object) -> None:
        super().__init__(message, **values)
        self.current = current


class IllegalMove(ServiceError, IllegalAction):
    """The engine refused the action as not possible now; the message is the engine's sentence
    (`engine.IllegalAction`)."""


class MalformedMove(IllegalMove, MalformedAction):
    """The action text does not read as any action at all (`engine.MalformedAction`): a forged or damaged choice."""


class NothingToUndo(ServiceError):
    """None of the user's actions can be taken back now (another player, an AI, a die roll or a revealed
    card came in between, or the user has not acted this turn)."""


PLAYER_ERRORS: tuple[type[Exception], ...] = (ServiceError, IllegalAction)
"""Every error a player can cause: answer it with `str(error)`; anything else is a bug."""
