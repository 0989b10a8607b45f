"""Issue 52 item 1 through the real bot: the *Quick turns* switch pauses for one turn and comes back on by itself.
A player who wants more from one turn (a guest to take after the die, a serve for a krone) presses the switch
once ("Quick turns: paused this turn"): the turn stays open after the die's action until *End turn*, and at their
next turn the switch is on again, ending that turn by itself once nothing free is left. On main a press switched
quick turns off until switched on again: two more clicks for one open turn.

The players click what a chooser that depends only on the state would choose (the same game on every run)."""

from __future__ import annotations

import random

from bot.games.gah.several import work_left
from engine import Action, GameState, legal_actions
from engine.gah.payloads import TURN
from tests.botui.expert_path import best_clicks
from tests.discord_standin import Actor, Message, StandIn

from .driver import RESPONSE_TIMEOUT, Table
from .harness import BotProcess, World
from .test_choice_content import click_one, game_now, play_until, seat_name, started_game
from .test_several_steps import Pure

SEED = 5


class DieFirst(Pure):
    """`Pure`, but a die while one may be taken, and never *End turn* while something else is legal."""

    def choose(self, state: GameState, player: str | None = None) -> Action:
        """A die if one is legal, else anything but ending the turn, picked as `Pure` picks."""
        actions = legal_actions(state, player)
        pool = [a for a in actions if a.kind == "die"] or [a for a in actions if a.kind != "end"] or actions
        return pool[(state.steps * 7919 + self.seed * 104729) % len(pool)]


def switch(panel: Message) -> dict[str, object]:
    return next(b for b in panel.buttons() if str(b.get("label", "")).startswith("Quick turns"))


async def press_switch(table: Table, actor: Actor, panel: Message) -> None:
    edits = panel.edit_count
    await table.click(actor, panel, custom_id=str(switch(panel)["custom_id"]))
    await table.standin.wait_for(lambda: panel.edit_count > edits or None, timeout=RESPONSE_TIMEOUT,
                                 what="the panel after the switch")


async def take_the_die(table: Table, bot: BotProcess, actor: Actor, panel: Message) -> GameState:
    """Click `DieFirst`'s moves until the die's action is done (the turn decision back, the die taken) or the
    turn passed; returns the game then."""
    for _ in range(12):
        info = await game_now(bot)
        state = info.state
        name = seat_name(info, actor)
        if state.current_player != name or (state.deciding(TURN) and state.turn is not None and state.turn.die_taken):
            return state
        for click in best_clicks(state, name, DieFirst(SEED)):
            await click_one(table, actor, panel, click)
    raise AssertionError("the die's action never ended")


async def test_quick_turns_paused_for_one_turn_are_on_again_at_the_next(standin: StandIn, world: World,
                                                                       bot: BotProcess) -> None:
    ann, bob = world.ann, world.bob
    table = Table(standin, world, {ann.id: ann, bob.id: bob}, random.Random(SEED), bot=bot)
    post = await started_game(table, world, bot, SEED)

    def anns_turn_before_the_die(actor: Actor, panel: Message, info: object) -> bool:
        state = info.state  # type: ignore[attr-defined]
        return (actor.id == ann.id and state.round >= 1 and state.deciding(TURN) and state.turn is not None
                and not state.turn.die_taken)

    _, panel = await play_until(table, bot, post, Pure(SEED), anns_turn_before_the_die)
    assert switch(panel)["label"] == "Quick turns: off"
    await press_switch(table, ann, panel)
    assert switch(panel)["label"] == "Quick turns: on"
    await press_switch(table, ann, panel)  # on main: "Quick turns: off" again
    assert switch(panel)["label"] == "Quick turns: paused this turn", switch(panel)
    assert "paused for this turn" in panel.content, panel.content

    state = await take_the_die(table, bot, ann, panel)
    info = await game_now(bot)
    name = seat_name(info, ann)
    assert state.current_player == name, "the paused turn stays open after the die's action"
    assert not work_left(state, name, legal_actions(state, name)), "quick turns (on) would have ended it"
    end = next(b for b in panel.buttons() if b.get("label") == "End turn")
    edits = panel.edit_count
    await table.click(ann, panel, custom_id=str(end["custom_id"]))
    await standin.wait_for(lambda: panel.edit_count > edits or None, timeout=RESPONSE_TIMEOUT, what="the panel")

    post = max(table.posts(), key=lambda m: m.id)
    _, panel = await play_until(table, bot, post, Pure(SEED), anns_turn_before_the_die)
    assert switch(panel)["label"] == "Quick turns: on", switch(panel)  # by itself, from this turn
    state = await take_the_die(table, bot, ann, panel)
    assert state.current_player != name, "quick turns ended the turn by itself"
    assert "End turn" not in [b.get("label") for b in panel.buttons()]
    standin.assert_no_violations()
