"""Issue 52 item 9 (and item 1's clicks) through the real bot: selects that answer a decision several times say
and offer what is really possible.

- The set-up's starting rooms: the panel says the rule (rulebook, Preparations: up to 3 rooms, beginning at room
  1-1, bottom left, each next one touching a room already placed; the ground floor is free, the floors above cost
  1, 2 and 3 krones) and one select offers the three free ground-floor rooms together: choosing two adjacent rooms
  no longer hides the free one beyond them (on main the select after room 1-1 offered only rooms 1-2 and 2-1).
- Received items of which only one fits a guest: the panel says so and never asks to "choose up to 2" (on main it
  did, for 1 strudel and 1 cake when two guests wanted the strudel).

The players click what a chooser that depends only on the state would choose (`Pure`: the same game on every run),
through `tests.botui.expert_path.best_clicks`, reading the game from the bot's database before each click."""

from __future__ import annotations

import random

from bot.games.gah.panel_several import SEVERAL, most_together
from bot.host.service import GameInfo, GameService
from bot.host.storage import Storage
from engine import Action, GameState, legal_actions
from engine.gah.payloads import PLACE_ITEMS, PREPARE_ROOMS
from engine.gah.state import PREPARED
from tests.discord_standin import Actor, Message, StandIn

from .driver import RESPONSE_TIMEOUT, Table, parse_id
from .harness import BotProcess, World
from .test_choice_content import game_now, play_until, started_game


class Pure:
    """A chooser whose choice depends only on the state and a seed (no hidden random state), so that a test game
    goes the same way however often the click model asks it."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, state: GameState, player: str | None = None) -> Action:
        """One of the legal actions, picked by the state's step count and the seed."""
        actions = legal_actions(state, player)
        return actions[(state.steps * 7919 + self.seed * 104729) % len(actions)]


def picks_select(panel: Message) -> dict[str, object] | None:
    """The panel's select that takes several choices at once, if any."""
    return next((s for s in panel.selects() if parse_id(s["custom_id"])[2] == "picks"), None)


async def history(bot: BotProcess) -> list[str]:
    async with Storage(bot.database) as storage:
        return [move.action for move in await GameService(storage).history(1)]


async def test_the_setup_says_the_rule_and_one_select_takes_three_free_ground_floor_rooms(
        standin: StandIn, world: World, bot: BotProcess) -> None:
    table = Table(standin, world, {world.ann.id: world.ann, world.bob.id: world.bob}, random.Random(1), bot=bot)
    post = await started_game(table, world, bot, 11)

    def starting_rooms(actor: Actor, panel: Message, info: GameInfo) -> bool:
        return info.state.round == 0 and info.state.pending[-1].kind == PREPARE_ROOMS

    actor, panel = await play_until(table, bot, post, Pure(11), starting_rooms)
    info = await game_now(bot)
    me = next(p for p in info.state.players if p.name == next(s.name for s in info.seats if s.user_id == actor.id))
    money = me.money
    for part in ("up to 3 starting rooms", "beginning at room 1-1 (bottom left)", "touching a room you have",
                 "The ground floor (floor 1) is free", "floor 2 costs 1, floor 3 costs 2, floor 4 costs 3 krones"):
        assert part in panel.content, (part, panel.content)  # on main: no room 1-1, no floor costs
    select = picks_select(panel)
    assert select is not None, panel.components  # on main: a single "Room 1-1" button
    assert select["max_values"] == 3 and "choose up to 3" in str(select["placeholder"]), select
    labels = {str(o["label"]).split(" (")[0]: (str(o["label"]), str(o["value"])) for o in select["options"]}
    free = [labels[f"Room 1-{column}"] for column in (1, 2, 3)]
    assert all(label.endswith("· free") for label, _ in free), free  # on main: "· 0 krones"
    assert any(label.startswith("Room 2-1") and label.endswith("· 1 krone") for label, _ in labels.values())
    before = len(await history(bot))
    edits = panel.edit_count
    # chosen in an order in which the rooms are not yet adjacent: the bot places each once it touches a room
    await table.answered(actor.select(panel, [free[2][1], free[1][1], free[0][1]], custom_id=str(select["custom_id"])))
    await standin.wait_for(lambda: panel.edit_count > edits or None, timeout=RESPONSE_TIMEOUT, what="the panel")
    assert (await history(bot))[before:before + 3] == ["room 1-1", "room 1-2", "room 1-3"]
    after = await game_now(bot)
    me = next(p for p in after.state.players if p.name == me.name)
    assert me.money == money and [me.rooms[space] for space in (0, 1, 2)] == [PREPARED] * 3, me.rooms
    standin.assert_no_violations()


async def test_received_items_of_which_one_fits_never_ask_to_choose_up_to_two(
        standin: StandIn, world: World, bot: BotProcess) -> None:
    table = Table(standin, world, {world.ann.id: world.ann, world.bob.id: world.bob}, random.Random(2), bot=bot)
    post = await started_game(table, world, bot, 37)

    def one_fits(actor: Actor, panel: Message, info: GameInfo) -> bool:
        state = info.state
        if not state.pending or state.pending[-1].kind != PLACE_ITEMS:
            return False
        puts = [a for a in legal_actions(state) if a.kind == "put"]
        received = sum(state.pending[-1].data["items"])
        return min(len(puts), received) >= 2 and most_together(state, SEVERAL[PLACE_ITEMS], received) == 1

    _, panel = await play_until(table, bot, post, Pure(37), one_fits, limit=60)
    info = await game_now(bot)
    puts = [a for a in legal_actions(info.state) if a.kind == "put"]
    assert "only 1 of them fits a guest's order" in panel.content, panel.content
    assert "choose up to" not in str(panel.components), panel.components  # on main: "Place items: choose up to 2"
    assert all(s.get("max_values", 1) == 1 for s in panel.selects()), panel.selects()
    offered = [str(c.get("label")) for c in panel.buttons()] + [str(o["label"]) for s in panel.selects()
                                                                 for o in s["options"]]
    assert sum(label.startswith("Put ") and " on " in label for label in offered) == len(puts), offered
    standin.assert_no_violations()
