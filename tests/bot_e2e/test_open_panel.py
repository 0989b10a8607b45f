"""Issue 52 item 1: the turn panel stays open where the player left it. When the turn comes back to a player (after
another person's turn, or after an AI's), the bot shows the new turn in the panel they last used, so they play on
without pressing *Take my turn* on the post; a player who has no open panel still opens one from the post."""

from __future__ import annotations

import random

from tests.discord_standin import StandIn

from .driver import Table, is_final_post
from .harness import BotProcess, World
from .test_full_game import set_seed


async def test_the_panel_shows_the_next_turn_without_take_my_turn(standin: StandIn, world: World,
                                                                   bot: BotProcess) -> None:
    ann, bob = world.ann, world.bob
    table = Table(standin, world, {ann.id: ann, bob.id: bob}, random.Random(52), end_bias=0.8, bot=bot,
                  keep_panels=True)
    lobby = await table.open_lobby(ann, [bob], ["greedy"])  # an AI between the two: its moves redraw too
    await set_seed(bot.database, 1, ann.id, 52)
    post = await table.start(ann, lobby)
    turns = {ann.id: 0, bob.id: 0}
    for _ in range(8):
        if is_final_post(post):
            break
        actor = table.on_turn(post)
        if turns[actor.id]:  # on main: the panel still says "Done. It is ...'s turn now." and has no choices
            panel = await table.redrawn_panel(actor, post, timeout=20)
            assert panel is not None, (actor.user.username, table.panels[actor.id].content)
            assert "out of date" not in panel.content
        else:
            panel = await table.open_panel(actor, post)
        turns[actor.id] += 1
        last = await table.play_panel(actor, panel)
        assert last is not None
        post = await table.next_post(after_version=last)
    opened = [c for c in table.clicks if c.verb == "turn"]
    assert len(opened) == 2 and min(turns.values()) >= 2, (len(opened), turns)  # once each, at their first turn
    standin.assert_no_violations()
