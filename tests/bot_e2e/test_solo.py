"""A solo game against Leopold ("Dinner for One"): the host starts a lobby alone and plays it to the end by clicks."""

from __future__ import annotations

import random

from bot.host.service import GameService
from bot.host.storage import Storage
from tests.discord_standin import StandIn

from .driver import Table, is_final_post
from .harness import BotProcess, World
from .test_full_game import set_seed
from .words_check import SentTexts, assert_words_read_well


async def test_solo_game_by_clicks(standin: StandIn, world: World, bot: BotProcess) -> None:
    ann = world.ann
    sent = SentTexts.attach(standin)
    table = Table(standin, world, {ann.id: ann}, random.Random(9), bot=bot)
    lobby = await table.open_lobby(ann, [], [])
    assert "alone plays solo against Leopold" in str(lobby.embeds)
    options = await table.answer(await table.click(ann, lobby, label="Options"))
    difficulty = next(s for s in options.selects() if any(o["value"] == "solo_difficulty.hard" for o in s["options"]))
    await table.answer(await table.pick(ann, options, difficulty["custom_id"], "solo_difficulty.hard"))
    await set_seed(bot.database, 1, ann.id, 9)
    first = await table.start(ann, lobby)
    final = await table.play_game(first)
    assert is_final_post(final) and "Leopold" in final.content, final.content
    for label in ("Hotels", "Score", "Log"):
        answer = await table.answer(await table.click(world.watcher, table.posts()[-2], label=label))
        assert answer.ephemeral_for == world.watcher.id
    async with Storage(bot.database) as storage:
        service = GameService(storage)
        finished = await service.game(1)
        assert finished.status == "finished"
        assert finished.state is not None and finished.state.config.solo_difficulty == "hard"
        assert (await service.check_replay(1)).ok
        moves = await service.history(1)
    standin.assert_no_violations()
    assert_words_read_well(sent, moves)
