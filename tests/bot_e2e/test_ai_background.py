"""Issue 16 item 1 and issue 14 item 6: a strong AI never thinks inside a human's click. After *End turn* the
player's panel updates at once (saying the AI is thinking), the channel shows the bot typing, and the AI's own turn
post follows and pings the next human; a SIGKILL while the AI thinks loses nothing (the AI moves after the restart
and its post comes)."""

from __future__ import annotations

import random
import time
from pathlib import Path

from bot.host.service import GameService
from bot.host.storage import Storage
from tests.discord_standin import StandIn

from .driver import Table, is_final_post
from .harness import BotProcess, World
from .reporting import record_figures
from .test_full_game import set_seed

SEED = 1616


async def ai_moves(database: Path) -> list[str]:
    """The actors of the AI's logged moves (read through the service by the test process)."""
    async with Storage(database) as storage:
        return [m.actor for m in await GameService(storage).history(1) if m.actor.startswith("ai:")]


async def test_strong_ai_moves_after_the_click_and_posts_its_own_turn(
        standin: StandIn, world: World, make_bot: object, tmp_path: Path) -> None:
    bot: BotProcess = make_bot(GAH_AI_WORKERS="1")  # type: ignore[operator]
    await bot.start()
    table = Table(standin, world, {world.ann.id: world.ann, world.bob.id: world.bob}, random.Random(SEED),
                  end_bias=0.6, bot=bot)
    lobby = await table.open_lobby(world.ann, [world.bob], ["strong"])
    await set_seed(bot.database, 1, world.ann.id, SEED)
    post = await table.start(world.ann, lobby)

    started = time.monotonic()
    thinking_panels = 0
    restarted = False
    while table.decisions < 80 and thinking_panels < 3 and not is_final_post(post):
        actor = table.on_turn(post)
        panel = await table.open_panel(actor, post)
        last = await table.play_panel(actor, panel)
        assert last is not None, "a panel without choices"
        if "(AI) is thinking" in panel.content:
            thinking_panels += 1
            if not restarted:  # kill the bot while the AI thinks: after the restart the AI moves and posts
                restarted = True
                await bot.kill()
                await bot.start()
        post = await table.next_post(after_version=last)

    assert thinking_panels >= 1, "no panel said that the AI is thinking after the turn passed to it"
    assert restarted
    assert await ai_moves(bot.database), "the strong AI never moved"
    typing = [r for r in standin.requests if r.route.endswith("/typing") and r.status < 300]
    assert typing, "the channel never showed the bot typing while the AI thought"
    table.check_posts()  # every turn post pings the human on turn, in the game's order
    async with Storage(bot.database) as storage:
        check = await GameService(storage).check_replay(1)
    assert check.ok, check.detail
    assert max(table.latencies) < 3.0
    standin.assert_no_violations()
    record_figures(tmp_path, "ai_background", elapsed=time.monotonic() - started, decisions=table.decisions,
                   table=table)
