"""Issue 42 item 7 through the real bot and the stand-in: one click on a die offered with its first follow-up
("Strudel or cake - strength 2: Take 2 strudel") plays both legal actions, each logged as its own move; *Undo* right
after takes back the whole click, and the panel offers the same choice again."""

from __future__ import annotations

import random

from bot.host.service import GameService
from bot.host.storage import Storage
from tests.discord_standin import Message, StandIn

from .driver import Table, message_version
from .harness import BotProcess, World
from .test_full_game import set_seed


def compound_die(panel: Message) -> tuple[str, str, str] | None:
    """(select custom_id, value, label) of a die choice that comes with its follow-up, if the panel has one."""
    for select in panel.selects():
        for option in select.get("options", []):
            label = option["label"]
            if " - strength " in label and ": Take " in label:
                return select["custom_id"], option["value"], label
    return None


async def test_a_compound_click_plays_its_steps_and_undoes_as_one(standin: StandIn, world: World,
                                                                  bot: BotProcess) -> None:
    ann, bob = world.ann, world.bob
    table = Table(standin, world, {ann.id: ann, bob.id: bob}, random.Random(5), end_bias=0.9, bot=bot)
    lobby = await table.open_lobby(ann, [bob], [])
    await set_seed(bot.database, 1, ann.id, 5)
    post = await table.start(ann, lobby)
    found = None
    for _ in range(60):
        actor = table.on_turn(post)
        panel = await table.open_panel(actor, post)
        found = compound_die(panel)
        if found is not None:
            break
        post = await table.play_decisions(post, 1)
    assert found is not None, "no die with its follow-up was offered"
    custom_id, value, label = found
    before = message_version(panel)
    edits = panel.edit_count
    await table.pick(actor, panel, custom_id, value)
    await standin.wait_for(lambda: panel.edit_count > edits or None, what="the panel after the compound click")
    async with Storage(bot.database) as storage:
        moves = [m for m in await GameService(storage).history(1) if m.version > before]
    mine = [m.action for m in moves if m.actor == f"user:{actor.id}"]
    assert len(mine) >= 2 and mine[0].startswith("die ") and mine[1].startswith("take "), (label, mine)
    assert mine[1].split()[1] == label.rsplit(": Take ", 1)[1].split()[0], (label, mine)  # the amount clicked

    # Undo right after: the whole click, confirmed in the panel
    edits = panel.edit_count
    await table.click(actor, panel, label="Undo")
    await standin.wait_for(lambda: panel.edit_count > edits or None, what="the undo preview")
    # in the panel's words (issue 52 item 7): the die's label and its follow-up's, as the compound label joins them
    assert all(part in panel.content for part in label.split(": ", 1)), (label, panel.content)
    confirm = next(b for b in panel.buttons() if b["label"].startswith("Yes, undo"))
    assert confirm["label"] == f"Yes, undo {len(mine)} actions", confirm["label"]
    edits = panel.edit_count
    await table.click(actor, panel, custom_id=confirm["custom_id"])
    await standin.wait_for(lambda: panel.edit_count > edits or None, what="the panel after the undo")
    assert "Undone." in panel.content, panel.content
    again = compound_die(panel)
    assert again is not None and any(o["label"] == label for s in panel.selects() for o in s["options"]), label
    async with Storage(bot.database) as storage:
        history = await GameService(storage).history(1)
    assert all(m.undone for m in history if before < m.version and m.actor == f"user:{actor.id}"
               and m.kind == "action")
    standin.assert_no_violations()
