"""The *Suggest* button's service part (issue 42, item 9): what the expert AI would play in the user's place.

`Suggestions.suggest` checks that the game offers suggestions (a game whose `GameKind.suggestions` is True and whose
host did not turn them off with the lobby option `NO_SUGGESTIONS`) and that the user has a decision to make, counts
the ask in the `suggestions` table (for `/gah stats`: games played with suggestions), and lets the expert's search
rank the user's moves in the AI process pool (`bot.host.service.thinking.Thinker.suggest`), waiting for the game's turn
at a worker in the AI pool's lowest lane (`bot.host.service.ai_fairness.SUGGESTION`: only when no AI seat's decision
waits), so the event loop never waits for it and many players may ask at once. The search reads only the user's
`player_view`.

*Suggest* is cheap to abuse (issue 51 item 2): identical requests (game, version, seat) share one search; a member
has one search at a time (a second click for the same decision joins it, `SuggestionRequest.joined`; one for
another decision is refused until the first is answered, except that a search of the same game still waiting for a
worker, for a decision that has gone, is dropped for the new one); the latest answers are kept
(`bot.host.service.suggest_desk.RECENT_SUGGESTIONS`), so asking again for a decision just answered costs no search (nor
another count); a search whose decision is no longer
current, or whose every asker can no longer be answered (`deliver_by`), is dropped before it starts; and a seat an
AI plays gets no suggestion.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

from bot.host.kinds import kind_named
from bot.host.service.ai_seats import ai_seed
from bot.host.service.errors import N_, GameNotActive, NotSeated, ServiceError
from bot.host.service.queries import game_version
from bot.host.service.suggest_desk import (
    Search,
    SearchKey,
    Suggestion,
    SuggestionRequest,
    SuggestionUndeliverable,
)
from bot.host.service.unit import ServiceBase, game_info, load

NO_SUGGESTIONS = "no_suggestions"
"""The lobby option (a bot option kept with the game's config, `bot.host.service.rules.host_options`) that turns the
*Suggest* button off: True when the host turned suggestions off."""

SUGGESTIONS_OFF = N_("The host turned suggestions off for this game, so there is no *Suggest* button.")
NOT_YOUR_DECISION = N_("You have no decision to make right now, so there is nothing to suggest.")
AI_PLAYS_YOUR_SEAT = N_("An AI plays your seat now (you handed it over), so there is nothing to suggest. "
                        "`/{command} takeback` gives the seat back to you.")
MOVED_ON = N_("The game moved on before I could think about that decision, so I dropped it. Press *Suggest* on "
              "your new panel.")
STILL_THINKING = N_("I am still thinking about this decision for you; the suggestion will appear here.")
BUSY_WITH_ANOTHER = N_("I am still thinking about your last *Suggest*. Please wait for that answer, then ask "
                       "again.")

log = logging.getLogger(__name__)


class SuggestionsUnavailable(ServiceError):
    """Suggestions are not offered for this game or this user now; `str(error)` says why."""


def suggestions_offered(kind: str, options: dict[str, Any]) -> bool:
    """Whether a game of `kind` with these lobby options offers the *Suggest* button."""
    return kind_named(kind).suggestions and not options.get(NO_SUGGESTIONS, False)


class Suggestions(ServiceBase):
    """The suggestion part of `GameService`."""

    async def suggest(self, game_id: int, user_id: int) -> Suggestion:
        """The expert's ranked moves for the user's pending decision in the game as it is now; counts the ask
        (`ask_suggestion`, then its result).

        Raises:
            NoGameHere, GameNotActive, NotSeated, SuggestionsUnavailable: as `ask_suggestion` and
                `SuggestionRequest.result`.
        """
        return await (await self.ask_suggestion(game_id, user_id)).result()

    async def ask_suggestion(self, game_id: int, user_id: int, *, deliver_by: float | None = None
                             ) -> SuggestionRequest:
        """Ask for the expert's ranked moves for the user's pending decision in the game as it is now: join the
        search for the same (game, version, seat) if one is under way, else start one (counting the ask). Returns
        at once; the search waits for a worker in the AI pool's suggestion lane.

        Args:
            deliver_by: when (`time.monotonic`) the answer can no longer be delivered (the interaction's token
                expires); None: no limit. A search none of whose askers can be answered is dropped before it starts.

        Raises:
            NoGameHere: no such game.
            GameNotActive: the game is not running.
            NotSeated: the user has no seat in the game.
            SuggestionsUnavailable: the game offers no suggestions (its kind, or the host turned them off), an AI
                plays the user's seat, the user has no decision to make now, or the user's search for another
                decision is already thinking (`BUSY_WITH_ANOTHER`).
        """
        desk = self.suggest_desk
        limit = float("inf") if deliver_by is None else deliver_by
        known = desk.member_keys.get(user_id)
        if known is not None and known[0] == game_id:  # a repeated click: one small read, no state parsed
            async with self.storage.reading() as tx:
                version = await game_version(tx, game_id)
            if known[1] == version and (repeated := self._again(known, user_id, limit)) is not None:
                return repeated
        async with self.storage.reading() as tx:
            row, seats = await load(tx, game_id)
        info = game_info(row, seats)
        kind = kind_named(info.kind)
        if info.status != "active" or info.state is None or info.state.is_over:
            raise GameNotActive(N_("This game is not running, so there is nothing to suggest."))
        if not kind.suggestions:
            raise SuggestionsUnavailable(N_("Suggestions are not available for {title}."), title=kind.title)
        if info.options.get(NO_SUGGESTIONS, False):
            raise SuggestionsUnavailable(SUGGESTIONS_OFF)
        seat = info.seat_of(user_id)
        if seat is None:
            raise NotSeated(N_("You are not playing in this game, so there is nothing to suggest."))
        if seat.ai_controlled:
            raise SuggestionsUnavailable(AI_PLAYS_YOUR_SEAT, command=kind.command)
        state = info.state
        index = state.player_index(seat.name)
        if not kind.legal_actions(state, seat.name):
            raise SuggestionsUnavailable(NOT_YOUR_DECISION)
        key = (game_id, info.version, index)
        if len(desk.member_keys) > 10_000:
            desk.member_keys.clear()  # only a shortcut for repeated clicks: cheap to forget
        desk.member_keys[user_id] = key
        repeated = self._again(key, user_id, limit)
        if repeated is not None:
            return repeated
        running = desk.by_member.get(user_id)
        if running is not None and running.key != key and not (running.task and running.task.done()):
            if running.started or running.key[0] != game_id:
                raise SuggestionsUnavailable(BUSY_WITH_ANOTHER)
            self._leave(running, user_id)  # it waits for a decision of this game's past: the new one replaces it
        search = Search(key, {user_id}, limit)
        desk.searches[key] = desk.by_member[user_id] = search
        search.task = asyncio.create_task(self._search(search, row.guild_id, state, seat.position),
                                          name=f"gah-suggest-{game_id}")
        search.task.add_done_callback(lambda done: self._forget(search, done))
        return SuggestionRequest(search, joined=False)

    def _again(self, key: SearchKey, user_id: int, limit: float) -> SuggestionRequest | None:
        """A request for `key` answered without a new search: by a search for it under way (joined), or by its
        answer of a moment ago; None if there is neither."""
        desk = self.suggest_desk
        shared = desk.searches.get(key)
        if shared is not None:
            shared.members.add(user_id)
            shared.deliver_by = max(shared.deliver_by, limit)
            desk.by_member[user_id] = shared
            return SuggestionRequest(shared, joined=True)
        answered = desk.answered(key, user_id)
        return None if answered is None else SuggestionRequest(answered, joined=False)

    async def _search(self, search: Search, server: int, state: Any, position: int) -> Suggestion:
        """Count the ask, wait for a worker in the suggestion lane, check the decision is still current and someone
        can still be told, then search."""
        game_id, version, index = search.key
        async with self.storage.transaction() as tx:
            await tx.note_suggestion(game_id, position)
        async with self.ai_turns.turn(game_id, urgent=True, server=server, suggestion=True):
            search.started = True
            if search.dropped:
                raise SuggestionsUnavailable(MOVED_ON)
            async with self.storage.reading() as tx:
                current = await game_version(tx, game_id)
            if current != version:
                log.info("Game %d: a suggestion for version %d dropped before it started (the game is at %s)",
                         game_id, version, current)
                raise SuggestionsUnavailable(MOVED_ON)
            if time.monotonic() > search.deliver_by:
                raise SuggestionUndeliverable
            moves = await self.thinker.suggest(state, index, ai_seed(state, position))
        return Suggestion(game_id, version, index, state, tuple(moves))

    def _leave(self, search: Search, user_id: int) -> None:
        """The member no longer waits for `search` (not yet started); a search nobody waits for is dropped."""
        search.members.discard(user_id)
        if self.suggest_desk.by_member.get(user_id) is search:
            del self.suggest_desk.by_member[user_id]
        if not search.members:
            search.dropped = True
            if self.suggest_desk.searches.get(search.key) is search:
                del self.suggest_desk.searches[search.key]

    def _forget(self, search: Search, done: asyncio.Task[Suggestion]) -> None:
        """A search ended: forget it, and read its exception so that an answer nobody waited for logs nothing."""
        desk = self.suggest_desk
        if desk.searches.get(search.key) is search:
            del desk.searches[search.key]
        for member in search.members:
            if desk.by_member.get(member) is search:
                del desk.by_member[member]
        if not done.cancelled() and done.exception() is None:  # reading the exception keeps asyncio quiet
            desk.remember(done.result())

    async def suggestions_asked(self, game_id: int) -> dict[int, int]:
        """How many suggestions each seat (by position) of the game asked for; seats that asked none are left
        out."""
        async with self.storage.reading() as tx:
            return await tx.suggestions(game_id)
