"""The staff draft through the real bot process: both players are pinged at once, pick at the same time (the
second pick comes from a panel drawn before the first pick, and counts, since that player's choices did not
change), and the game plays to its end.

It runs with raised per-channel message limits: its players make a decision on every newest post without waiting
for the next one, so the bot posts a turn post per decision, faster than Discord's 5 posts per 5 s per channel. Under
Discord's limits the final post came 35 s after the last click (51 posts queued; the driver waits 20 s) until the bot
coalesces turn posts that come faster than the channel takes them."""

from __future__ import annotations

import random

import pytest

from bot.host.service import GameService
from bot.host.storage import Storage
from tests.discord_standin import StandIn

from .driver import Table, game_version, is_final_post, parse_id
from .harness import RAISED_LIMITS, BotProcess, World
from .test_full_game import set_seed


@pytest.mark.parametrize("standin_config", [RAISED_LIMITS], indirect=True)  # see below
async def test_staff_draft_pings_everyone_who_picks(standin: StandIn, world: World, bot: BotProcess) -> None:
    ann, bob = world.ann, world.bob
    table = Table(standin, world, {ann.id: ann, bob.id: bob}, random.Random(4), bot=bot, simultaneous=True)
    lobby = await table.open_lobby(ann, [bob], ["random"])
    options = await table.answer(await table.click(ann, lobby, label="Options"))
    staff = next(s for s in options.selects() if any(o["value"] == "staff_start.draft" for o in s["options"]))
    await table.answer(await table.pick(ann, options, staff["custom_id"], "staff_start.draft"))
    await standin.wait_for(lambda: "draft" in str(lobby.embeds) or None, what="the lobby to show the draft")
    await set_seed(bot.database, 1, ann.id, 17)
    post = await table.start(ann, lobby)
    assert sorted(post.pings.user_ids) == sorted([ann.id, bob.id]), "both drafting players are pinged"
    assert "draft" in post.content.lower() or post.content.startswith("The game begins!")

    # both open their panels; ann picks first, then bob picks on the panel he opened before ann's pick
    ann_panel = await table.open_panel(ann, post)
    bob_panel = await table.open_panel(bob, post)
    assert "draft" in ann_panel.content.lower() and "draft" in bob_panel.content.lower(), ann_panel.content
    assert await table.play_panel(ann, ann_panel, max_decisions=1) is not None
    choice = table.choose(bob_panel)
    assert choice is not None
    kind, custom_id, value = choice
    drawn_at = parse_id(custom_id)[1]
    assert await game_version(bot.database) > drawn_at, "ann's pick moved the game on"
    edits = bob_panel.edit_count
    if kind == "pick":
        assert value is not None
        await table.pick(bob, bob_panel, custom_id, value)
    else:
        await table.click(bob, bob_panel, custom_id=custom_id)
    await standin.wait_for(lambda: bob_panel.edit_count > edits or None, what="bob's panel after his pick")
    assert "out of date" not in bob_panel.content, bob_panel.content
    async with Storage(bot.database) as storage:
        history = await GameService(storage).history(1)
    bob_picks = [m for m in history if m.actor == f"user:{bob.id}"]
    assert len(bob_picks) == 1 and bob_picks[0].version > drawn_at + 1, bob_picks

    # nobody clicks until the next draft round is posted, so that post cannot merge with a later pick: it asks
    # both players again and pings both
    second_round = await table.next_post(after_version=bob_picks[0].version - 1)
    assert sorted(second_round.pings.user_ids) == sorted([ann.id, bob.id]), "later draft rounds ping both again"

    final = await table.play_by_asking()
    assert is_final_post(final)
    standin.assert_no_violations()
