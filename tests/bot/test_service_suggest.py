"""The Suggest button's service part (issue 42 item 9): the expert's ranked moves for the user's own decision, legal
there, counted per seat; refused politely (changing nothing) for a game whose host turned suggestions off (a lobby
option kept with the game), for an Overbooking game, for a watcher and for a player with nothing to decide."""

from __future__ import annotations

import asyncio
import time

import pytest

from bot.games.gah.suggest_reasons import reason_text
from bot.host.service import GameNotActive, GameService, LobbyError, NotSeated
from bot.host.service.suggest import NO_SUGGESTIONS, SuggestionsUnavailable, suggestions_offered
from bot.host.service.thinking import Thinker
from bot.host.storage import Storage
from engine import legal_actions
from tests.bot.helpers import BOB, GUILD, HOST, lobby


async def test_a_suggestion_ranks_the_users_legal_moves_and_is_counted(service: GameService) -> None:
    game = await lobby(service, humans=2, seed=5)
    with pytest.raises(GameNotActive):
        await service.suggest(game.id, HOST)
    game = (await service.start(game.id, HOST)).game
    user = game.current_user
    assert user is not None
    seat = game.seat_of(user)
    assert seat is not None
    other = BOB if user == HOST else HOST
    version = game.version
    suggestion = await service.suggest(game.id, user)
    legal = legal_actions(game.state, seat.name)
    assert len(suggestion.moves) == 3 and all(move.action in legal for move in suggestion.moves)
    assert suggestion.moves[0].value >= suggestion.moves[1].value >= suggestion.moves[2].value
    assert all(reason_text(move.reason).endswith(".") for move in suggestion.moves)
    again = await service.suggest(game.id, user)
    assert again.moves == suggestion.moves, "the same state gives the same suggestion"
    with pytest.raises(SuggestionsUnavailable, match="no decision to make"):
        await service.suggest(game.id, other)
    with pytest.raises(NotSeated):
        await service.suggest(game.id, 999)
    # asking again for the same decision is answered from the first search, counted once (issue 51 item 2)
    assert await service.suggestions_asked(game.id) == {seat.position: 1}
    assert (await service.game(game.id)).version == version, "asking changes nothing in the game"


async def test_the_host_can_turn_suggestions_off_in_the_lobby(service: GameService) -> None:
    game = await lobby(service, humans=2, seed=5)
    with pytest.raises(LobbyError):
        await service.set_options(game.id, HOST, {NO_SUGGESTIONS: "maybe"})
    game = await service.set_options(game.id, HOST, {NO_SUGGESTIONS: True})
    game = (await service.start(game.id, HOST)).game
    assert game.options[NO_SUGGESTIONS] is True, "the option is stored with the started game"
    assert game.state is not None and not hasattr(game.state.config, NO_SUGGESTIONS)
    user = game.current_user
    assert user is not None
    with pytest.raises(SuggestionsUnavailable, match="turned suggestions off"):
        await service.suggest(game.id, user)
    assert await service.suggestions_asked(game.id) == {}
    async with service.storage.reading() as tx:
        stored = await tx.game(game.id)
    assert stored is not None and stored.config[NO_SUGGESTIONS] is True, "stored, so it survives a restart"


async def test_overbooking_has_no_suggestions(service: GameService) -> None:
    game = await service.create(guild_id=GUILD, channel_id=610, host_id=HOST, host_name="Ann",
                                options={"seed": 11}, kind="overbooking")
    await service.join(game.id, BOB, "Bob")
    game = (await service.start(game.id, HOST)).game
    user = game.current_user
    assert user is not None
    with pytest.raises(SuggestionsUnavailable, match="not available for Overbooking"):
        await service.suggest(game.id, user)
    assert await service.suggestions_asked(game.id) == {}


async def test_many_players_ask_at_once_in_the_process_pool_and_the_event_loop_goes_on(storage: Storage) -> None:
    """Four games' players (eight members) press Suggest at once: each gets its own legal suggestion from the AI
    process pool (one worker, so they take turns there, `bot.host.service.ai_fairness`), and meanwhile the event loop
    keeps
    answering (a ticker on it never waits long)."""
    thinker = Thinker(workers=1)
    service = GameService(storage, seed_source=lambda: 7, thinker=thinker)
    try:
        await thinker.warm()
        asked = []
        for channel in range(700, 704):  # four games of eight different members (a member has one search at a time)
            host = 800 + 2 * channel
            game = await service.create(guild_id=GUILD, channel_id=channel, host_id=host, host_name="Ann",
                                        options={"seed": channel})
            await service.join(game.id, host + 1, "Bob")
            game = (await service.start(game.id, host)).game
            assert game.current_user is not None
            asked.append((game, game.current_user))
        gaps: list[float] = []
        done = asyncio.Event()

        async def tick() -> None:
            last = time.monotonic()
            while not done.is_set():
                await asyncio.sleep(0.01)
                now = time.monotonic()
                gaps.append(now - last)
                last = now

        ticker = asyncio.create_task(tick())
        suggestions = await asyncio.gather(*(service.suggest(game.id, user) for game, user in asked))
        done.set()
        await ticker
        for (game, user), suggestion in zip(asked, suggestions, strict=True):
            seat = game.seat_of(user)
            assert seat is not None and suggestion.game_id == game.id
            assert all(move.action in legal_actions(game.state, seat.name) for move in suggestion.moves)
            assert await service.suggestions_asked(game.id) == {seat.position: 1}
        assert gaps and max(gaps) < 0.5, f"the event loop waited {max(gaps):.2f} s"
    finally:
        thinker.close()


def test_the_button_is_offered_only_where_suggestions_are() -> None:
    assert suggestions_offered("gah", {})
    assert not suggestions_offered("gah", {NO_SUGGESTIONS: True})
    assert suggestions_offered("gah", {NO_SUGGESTIONS: False})
    assert not suggestions_offered("overbooking", {})
