"""The game service: everything between Discord and the engine, with no Discord code (tests call it directly).

    from bot.host.storage import Storage
    from bot.host.service import GameService

    async with Storage(settings.database) as storage:
        service = GameService(storage)
        await service.resume()                        # after a restart: AIs that must move, move
        lobby = await service.create(guild_id=g, channel_id=c, host_id=u, host_name="Ann")
        ...
        result = await service.act(game_id, user_id, "die 3", expected_version=panel_version)

Errors are `ServiceError` subclasses, or the engine's `NotYourTurn` (see `bot.host.service.errors`), whose message a
player can read; `PLAYER_ERRORS` names them all. The parts of the service are listed in `bot.host.service.core`.
"""

from bot.host.service.core import COLOURS, GameService, choices_fingerprint, clean_name, engine_version
from bot.host.service.errors import (
    PLAYER_ERRORS,
    GameBusy,
    GameNotActive,
    IllegalMove,
    LobbyError,
    MalformedMove,
    NoGameHere,
    NothingToUndo,
    NotHost,
    NotSeated,
    NotYourTurn,
    ServiceError,
    StaleVersion,
)
from bot.host.service.model import GameInfo, Move, ReplayCheck, SeatInfo, TurnResult, UndoPreview
from bot.host.service.replay import ReplayError, barrier_events, effective_actions, replay, skip_action, undoable

__all__ = [
    "COLOURS",
        "PLAYER_ERRORS",
    "GameBusy",
    "GameInfo",
    "GameNotActive",
    "GameService",
    "IllegalMove",
    "LobbyError",
    "MalformedMove",
    "Move",
    "NoGameHere",
    "NotHost",
    "NotSeated",
    "NotYourTurn",
    "NothingToUndo",
    "ReplayCheck",
    "ReplayError",
    "SeatInfo",
    "ServiceError",
    "StaleVersion",
    "TurnResult",
    "UndoPreview",
    "barrier_events",
    "choices_fingerprint",
    "clean_name",
    "effective_actions",
    "engine_version",
    "replay",
    "skip_action",
    "undoable",
]
