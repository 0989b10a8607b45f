"""Issue 52 item 5: pinged, you see your own hotel.

- the post that pings a player shows *their* hotel (the turn picture's description names it), not the last mover's;
- the panel that player opens from it begins with a "Since your last turn" line naming every die the others took
  since that player's last turn, and who took it;
- in a solo game the panel after each of the player's turns tells Leopold's turns (and the Emperor scoring's effect)
  in that line, not "Your second turn in a row" (kept for two turns in a row with nothing between).
"""

from __future__ import annotations

import itertools
import random

from bot.host.service import GameService
from bot.host.storage import Storage
from tests.discord_standin import StandIn

from .driver import Table, is_final_post, message_version
from .harness import BotProcess, World
from .test_full_game import set_seed
from .test_turn_posts import shown_hotel
from .words_check import SentTexts

SINCE = "**Since your last turn:**"
TURN_ENDS = ("end_turn", "pass")


async def dice_taken_since_last_turn(bot: BotProcess, name: str, version: int) -> list[tuple[str, int]] | None:
    """(player, action space) of every die others took after `name`'s last end of turn (or pass) up to
    `version`, from the stored log; None if `name` has not ended a turn yet."""
    async with Storage(bot.database) as storage:
        history = await GameService(storage).history(1)
    events = [event for move in history if not move.undone and move.version <= version for event in move.events]
    ends = [k for k, event in enumerate(events) if event.player == name and event.kind in TURN_ENDS]
    if not ends:
        return None
    return [(str(event.player), int(event.data["space"])) for event in events[ends[-1] + 1:]
            if event.kind == "die" and event.player not in (name, None) and 1 <= int(event.data["space"]) <= 6]


async def test_pinged_player_sees_own_hotel_and_what_others_did(standin: StandIn, world: World,
                                                                bot: BotProcess) -> None:
    """ann, bob and a greedy AI play three rounds by clicks: every post that pings one of them shows that player's
    hotel, and the panel opened from it begins with the dice the others took since that player's last turn."""
    ann, bob = world.ann, world.bob
    table = Table(standin, world, {ann.id: ann, bob.id: bob}, random.Random(5), bot=bot)
    lobby = await table.open_lobby(ann, [bob], ["greedy"])
    await set_seed(bot.database, 1, ann.id, 5)
    post = await table.start(ann, lobby)
    checked = 0
    while not is_final_post(post) and checked < 14:
        actor = table.on_turn(post)
        name = actor.user.username
        pinged = table.pinged_players(post)
        panel = await table.open_panel(actor, post)
        if pinged == [actor]:
            assert shown_hotel(post) == name, (name, post.attachments[0].description, post.content)
            taken = await dice_taken_since_last_turn(bot, name, message_version(post))
            if taken is not None:
                first = panel.content.split("\n")[0]
                assert first.startswith(SINCE), (name, panel.content)
                for player, space in taken:
                    assert player in first and f"space {space}" in first, (player, space, first)
                checked += 1
        last = await table.play_panel(actor, panel)
        assert last is not None
        post = await table.next_post(after_version=last)
    assert checked >= 8, f"only {checked} pinged panels after a turn of their own"
    standin.assert_no_violations()


async def test_solo_panel_tells_leopolds_turns(standin: StandIn, world: World, bot: BotProcess) -> None:
    """A lone host plays against Leopold to the end: the panel after her turns tells Leopold's turns and the
    Emperor scorings' effect on her in its "Since your last turn" line; "Your second turn in a row" only where she
    really had two turns in a row."""
    ann = world.ann
    sent = SentTexts.attach(standin)
    table = Table(standin, world, {ann.id: ann}, random.Random(9), bot=bot)
    lobby = await table.open_lobby(ann, [], [])
    await set_seed(bot.database, 1, ann.id, 9)
    final = await table.play_game(await table.start(ann, lobby))
    assert is_final_post(final)
    async with Storage(bot.database) as storage:
        history = await GameService(storage).history(1)
    events = [(event.kind, event.player) for move in history if not move.undone for event in move.events
              if event.player is not None]
    # "Your second turn in a row" only where nobody moved between ann's moves and her turn, never after Leopold's
    in_a_row = sum(1 for before, after in itertools.pairwise(events)
                   if before[1] == "ann" and after == ("turn", "ann"))
    assert len([text for text in sent.texts if "second turn in a row" in text]) <= in_a_row
    told = [text.split("\n")[0] for text in sent.texts if text.startswith(SINCE)]
    assert len([line for line in told if "Leopold took" in line and "a die from space" in line]) >= 6, told
    scorings = [line for line in told if "Emperor scoring after round" in line]
    assert len(scorings) >= 2 and all(" ann" in line.partition("Emperor scoring")[2] for line in scorings), scorings
    standin.assert_no_violations()
