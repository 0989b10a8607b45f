"""The *Suggest* button's service part (issue 42, item 9): what the expert AI would play in the user's place.

`Suggestions.suggest` checks that the game offers suggestions (a game whose `GameKind.suggestions` is True and whose
host did not turn them off with the lobby option `NO_SUGGESTIONS`) and that the user has a decision to make, counts
the ask in the `suggestions` table (for `/gah stats`: games played with suggestions), and lets the expert's search
rank the user's moves in the AI process pool (`bot.service.thinking.Thinker.suggest`), waiting for the game's turn
at a worker like an AI seat of a game with a person in it (`bot.service.ai_fairness`), so the event loop never waits
for it and many players may ask at once. The search reads only the user's `player_view`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.kinds import kind_named
from bot.service.ai_seats import ai_seed
from bot.service.errors import GameNotActive, NotSeated, ServiceError
from bot.service.unit import ServiceBase, game_info, load
from engine.ai.explain import RankedMove

NO_SUGGESTIONS = "no_suggestions"
"""The lobby option (a bot option kept with the game's config, `bot.service.rules.BOT_OPTIONS`) that turns the
*Suggest* button off: True when the host turned suggestions off."""

SUGGESTIONS_OFF = "The host turned suggestions off for this game, so there is no *Suggest* button."
NOT_YOUR_DECISION = "You have no decision to make right now, so there is nothing to suggest."


class SuggestionsUnavailable(ServiceError):
    """Suggestions are not offered for this game or this user now; `str(error)` says why."""


@dataclass(frozen=True)
class Suggestion:
    """The expert's advice to one user: the state it was computed for (the full state; show only what
    `player_view` of `seat` shows) and its ranked moves, best first."""

    game_id: int
    version: int
    seat: int
    """The user's seat index in the engine state."""
    state: Any
    moves: tuple[RankedMove, ...]


def suggestions_offered(kind: str, options: dict[str, Any]) -> bool:
    """Whether a game of `kind` with these lobby options offers the *Suggest* button."""
    return kind_named(kind).suggestions and not options.get(NO_SUGGESTIONS, False)


class Suggestions(ServiceBase):
    """The suggestion part of `GameService`."""

    async def suggest(self, game_id: int, user_id: int) -> Suggestion:
        """The expert's ranked moves for the user's pending decision in the game as it is now; counts the ask.

        Raises:
            NoGameHere: no such game.
            GameNotActive: the game is not running.
            NotSeated: the user has no seat in the game.
            SuggestionsUnavailable: the game offers no suggestions (its kind, or the host turned them off), or
                the user has no decision to make now.
        """
        async with self.storage.reading() as tx:
            row, seats = await load(tx, game_id)
        info = game_info(row, seats)
        if info.status != "active" or info.state is None or info.state.is_over:
            raise GameNotActive("This game is not running, so there is nothing to suggest.")
        if not kind_named(info.kind).suggestions:
            raise SuggestionsUnavailable(f"Suggestions are not available for {kind_named(info.kind).title}.")
        if info.options.get(NO_SUGGESTIONS, False):
            raise SuggestionsUnavailable(SUGGESTIONS_OFF)
        seat = info.seat_of(user_id)
        if seat is None:
            raise NotSeated("You are not playing in this game, so there is nothing to suggest.")
        state = info.state
        index = state.player_index(seat.name)
        if not kind_named(info.kind).legal_actions(state, seat.name):
            raise SuggestionsUnavailable(NOT_YOUR_DECISION)
        async with self.storage.transaction() as tx:
            await tx.note_suggestion(game_id, seat.position)
        async with self.ai_turns.turn(game_id, urgent=True):
            moves = await self.thinker.suggest(state, index, ai_seed(state, seat.position))
        return Suggestion(game_id, info.version, index, state, tuple(moves))

    async def suggestions_asked(self, game_id: int) -> dict[int, int]:
        """How many suggestions each seat (by position) of the game asked for; seats that asked none are left
        out."""
        async with self.storage.reading() as tx:
            return await tx.suggestions(game_id)
