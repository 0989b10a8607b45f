"""Issue 39: Let's Waltz module 3 in the solo game through the real bot process. The host opens the lobby with
`/gah new opponent_entrance:` Sushi Resort, ticks Unique Hotels under *Options*, starts alone and plays by clicks
to the final post: the panel asks for one of three hotel entrances (no auction), and the posts name both
entrances; the log replays."""

from __future__ import annotations

import random

from bot.host.service import GameService
from bot.host.storage import Storage
from engine.gah.waltz.cards import entrances, solo_entrance_ids
from tests.discord_standin import StandIn

from .driver import is_final_post
from .harness import BotProcess, World
from .test_full_game import set_seed
from .test_waltz import WaltzTable, choose_modules, public_text


async def test_solo_game_with_unique_hotels_by_clicks(standin: StandIn, world: World, bot: BotProcess) -> None:
    ann = world.ann
    table = WaltzTable(standin, world, {ann.id: ann}, random.Random(23), end_bias=0.5, bot=bot)
    floor = standin.messages_in(table.channel)[-1] if standin.messages_in(table.channel) else None
    opened = await table.answer(await table.command(ann, "gah new", opponent_entrance="sushi_resort"))
    assert opened.ephemeral_for == ann.id and "lobby is open" in opened.content, opened.content
    lobby = await table.lobby_after(floor)
    assert "sushi_resort" in str(lobby.embeds), lobby.embeds  # the options line names the host's pick
    await choose_modules(table, ann, lobby, ["unique_hotels"])
    assert "alone plays solo against Leopold" in str(lobby.embeds)
    await set_seed(bot.database, 1, ann.id, 23)
    first = await table.start(ann, lobby)
    final = await table.play_game(first, max_decisions=3000)
    assert is_final_post(final) and "Leopold" in final.content, final.content
    assert any("choose your hotel entrance" in text for text in table.prompts), table.prompts
    async with Storage(bot.database) as storage:
        service = GameService(storage)
        info = await service.game(1)
        assert info.status == "finished" and info.state is not None
        state = info.state
        assert state.config.solo == "leopold" and state.config.modules == frozenset({"unique_hotels"})
        assert state.players[1].entrance == solo_entrance_ids()["sushi_resort"]
        assert (await service.check_replay(1)).ok
    posted = public_text(table)
    for player in state.players:
        assert player.entrance is not None and entrances()[player.entrance].name in posted, player.name
    assert "Sushi Resort" in posted
    standin.assert_no_violations()
