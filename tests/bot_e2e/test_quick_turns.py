"""Issue 52 item 2 through the real bot: with *Quick turns* on, the turn ends by itself once the die's action is done,
but never while something free is left: a finished guest to check in, a once-per-round staff card to use, or a
serve from the kitchen that costs nothing (the Chief Waiter). `bot.games.gah.several.work_left` holds the rule.

ann and bob switch *Quick turns* on and click what the greedy AI would choose (`tests.botui.expert_path`), reading
the game from the bot's database before each click. After every click, the moves it made are replayed on the state
before it: an "end turn" the player did not click (quick turns') must come where nothing free was left; and the
test goes on until a click left the die's action done with the wanted free thing still possible and the turn open
(one seed per thing, where it comes early). About 10-40 s each."""

from __future__ import annotations

import random

import pytest

from bot.host.service import GameService
from bot.host.storage import Storage
from engine import GameState, apply, legal_actions, parse_action
from engine.gah.ai import policy
from engine.gah.decisions.turn import serving_fee
from engine.gah.payloads import TURN
from tests.botui.expert_path import best_clicks
from tests.discord_standin import Actor, Message, StandIn

from .driver import RESPONSE_TIMEOUT, Table, is_final_post, message_version
from .harness import BotProcess, World
from .test_choice_content import click_one, game_now, seat_name, started_game

FREE = {"checkin": "a guest to check in", "use": "a once-per-round staff card", "serve": "a free serve"}
"""The free things quick turns must wait for, by the engine's action kind."""

SEEDS = {"checkin": 3, "use": 45, "serve": 44}
"""A seed per free thing where, in a 2-player game of greedy choices with quick turns, it comes early (found by
playing the engine alone: rounds 1, 1 and 3)."""


def free_left(state: GameState, name: str) -> set[str]:
    """What `name` can still do this turn at no cost, by action kind (`FREE`), from the engine's legal actions."""
    if name not in state.waiting:
        return set()
    player = next(p for p in state.players if p.name == name)
    kinds = {a.kind for a in legal_actions(state, name)}
    return {k for k in FREE if k in kinds and (k != "serve" or serving_fee(player) == 0)}


def die_done(state: GameState, name: str) -> bool:
    """Whether `name` is back at their turn's decision with the die taken (quick turns' moment)."""
    return (state.current_player == name and state.deciding(TURN) and state.turn is not None
            and state.turn.die_taken)


async def switch_quick_turns_on(table: Table, actor: Actor, panel: Message) -> None:
    """Click the panel's "Quick turns: off" switch, if it shows one."""
    switch = next((b for b in panel.buttons() if b.get("label") == "Quick turns: off"), None)
    if switch is None:
        return
    edits = panel.edit_count
    await table.click(actor, panel, custom_id=switch["custom_id"])
    await table.standin.wait_for(lambda: panel.edit_count > edits or None, timeout=RESPONSE_TIMEOUT,
                                 what="the panel after Quick turns")
    assert any(b.get("label") == "Quick turns: on" for b in panel.buttons()), panel.content
    assert "your turn ends by itself once your die's action is done" in panel.content, panel.content  # the game's note


async def moves_since(bot: BotProcess, version: int) -> list[str]:
    """The action texts logged after `version` (none undone here)."""
    async with Storage(bot.database) as storage:
        return [m.action for m in await GameService(storage).history(1) if m.version > version and not m.undone]


@pytest.mark.parametrize("thing", list(FREE))
async def test_quick_turns_never_end_a_turn_with_something_free_left(standin: StandIn, world: World,
                                                                     bot: BotProcess, thing: str) -> None:
    seed = SEEDS[thing]
    table = Table(standin, world, {world.ann.id: world.ann, world.bob.id: world.bob}, random.Random(seed), bot=bot)
    post = await started_game(table, world, bot, seed)
    chooser = policy("greedy", seed)
    kept_open: dict[str, int] = {k: 0 for k in FREE}
    quick_ends = 0
    for _ in range(200):
        actor = table.on_turn(post)
        panel = await table.open_panel(actor, post)
        await switch_quick_turns_on(table, actor, panel)
        while panel.components:
            info = await game_now(bot)
            state, name = info.state, seat_name(info, actor)
            if name not in state.waiting:
                break
            clicks = best_clicks(state, name, chooser)
            own_end = chooser.choose(state, name).kind == "end"
            for click in clicks:
                await click_one(table, actor, panel, click)
            after = state
            for text in await moves_since(bot, info.version):
                action = parse_action(after, text)
                if action.kind == "end" and not own_end:  # quick turns ended it
                    assert not free_left(after, name), (
                        f"quick turns ended {name}'s turn with {free_left(after, name)} left (round {after.round})")
                    quick_ends += 1
                after, _ = apply(after, action)
            if die_done(after, name):
                for kind in free_left(after, name):
                    kept_open[kind] += 1
        assert "out of date" not in panel.content, panel.content
        if kept_open[thing] and quick_ends:
            break
        post = await table.next_post(after_version=message_version(post))
        assert not is_final_post(post), "the game ended first"
    assert kept_open[thing] and quick_ends, (thing, kept_open, quick_ends)
    standin.assert_no_violations()
