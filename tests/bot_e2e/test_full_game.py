"""Issue 6: a whole 3-player game played through the real bot process, every action a click on what it offered."""

from __future__ import annotations

import os
import random
import time
from pathlib import Path

from bot.host.service import GameService
from bot.host.storage import Storage
from tests.discord_standin import Message, StandIn

from .driver import Table
from .harness import BotProcess, World
from .reporting import record_figures
from .words_check import SentTexts, assert_words_read_well

SEED = int(os.environ.get("GAH_E2E_SEED", "20240611"))


async def set_seed(database: Path, game_id: int, host_id: int, seed: int) -> None:
    """Fix the game's seed before Start (a host option the lobby does not show), through the service."""
    async with Storage(database) as storage:
        await GameService(storage).set_options(game_id, host_id, {"seed": seed})


def options_field(lobby: Message) -> str:
    """The value of a lobby message's "Options" field."""
    return str(next(field["value"] for field in lobby.embeds[0]["fields"] if field["name"] == "Options"))


async def test_full_game_by_clicks(standin: StandIn, world: World, bot: BotProcess, tmp_path: Path) -> None:
    """`/gah new`, Join, "Add an AI player", Start, then two test players click through their ephemeral turn
    panels (random choices, fixed seed) until the final scoreboard. Every turn post carries board.png and
    hotel.png, a recap and exactly one ping: the player on turn."""
    started = time.monotonic()
    sent = SentTexts.attach(standin)
    table = Table(standin, world, {world.ann.id: world.ann, world.bob.id: world.bob}, random.Random(SEED),
                  undo_rate=0.03, bot=bot)
    lobby = await table.open_lobby(world.ann, [world.bob], ["random"])
    first_options = options_field(lobby)
    await set_seed(bot.database, 1, world.ann.id, SEED)
    first = await table.start(world.ann, lobby)
    assert first.content.startswith("The game begins!")
    final = await table.play_game(first)
    elapsed = time.monotonic() - started

    assert "Winner:" in final.content
    async with Storage(bot.database) as storage:
        service = GameService(storage)
        info = await service.game(1)
        assert info.status == "finished"
        check = await service.check_replay(1)
        assert check.ok, check.detail
        results = await service.results(1)
        moves = await service.history(1)
    assert len(results) == 3
    assert len(table.posts()) >= 20, "a turn post for every change of turn"
    standin.assert_no_violations()
    assert any(event.kind in ("emperor_reward", "emperor_penalty") for move in moves for event in move.events)
    assert_words_read_well(sent, moves)
    assert max(table.latencies) < 3.0
    # issue 52 item 9: a rematch lobby describes its options in the first lobby's words
    rematch = await table.answer(await table.click(world.bob, final, label="Rematch"))
    assert "lobby is open" in rematch.content, rematch.content
    again = await table.lobby_after(final)
    assert options_field(again) == first_options == "standard game", (options_field(again), first_options)
    record_figures(tmp_path, "full_game", elapsed=elapsed, decisions=table.decisions, table=table)
