"""Issue 55 item 2 through the real bot and the stand-in: the turn panel is in the clicker's language. In one game of
an English-speaking server, ann (client in US English) and bob (client in German) each open their panel: bob's
question, choices and buttons are German, ann's English, each exactly as `build_panel` words the same decision in
that language, and so is the answer of their panel's "?" button."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.games.gah import panel_help
from bot.games.gah.panel import build_panel
from bot.host.service import GameService
from bot.host.storage import Storage
from engine import legal_actions
from tests.discord_standin import Actor, Message, StandIn

from .driver import Table
from .harness import BotProcess, World, build_world
from .test_full_game import set_seed


@pytest.fixture
def world(standin: StandIn) -> World:
    """The usual world; bob's client speaks German (set before the bot connects)."""
    made = build_world(standin)
    standin.set_locale(made.bob, "de")
    return made


def words(panel: Message) -> tuple[str, list[str], list[str]]:
    """(content, button labels, select option labels) of a panel as the player sees it."""
    options = [str(o["label"]) for s in panel.selects() for o in s.get("options", [])]
    return panel.content, [str(b.get("label")) for b in panel.buttons()], options


async def expected(bot: BotProcess, actor: Actor, language: str) -> Any:
    """The panel `build_panel` makes in `language` for `actor`'s decision, as the game is stored now."""
    async with Storage(bot.database) as storage:
        info = await GameService(storage).game(1)
    assert info.state is not None
    seat = info.seat_of(actor.id)
    assert seat is not None
    name = seat.name
    return build_panel(info.state, legal_actions(info.state, name), language=language)


async def test_each_member_opens_their_panel_in_their_own_language(standin: StandIn, world: World,
                                                                   bot: BotProcess) -> None:
    ann, bob = world.ann, world.bob
    table = Table(standin, world, {ann.id: ann, bob.id: bob}, random.Random(55), bot=bot)
    lobby = await table.open_lobby(ann, [bob], [])
    await set_seed(bot.database, 1, ann.id, 11)
    post = await table.start(ann, lobby)
    languages = {ann.id: "en", bob.id: "de"}
    seen: set[int] = set()
    for _ in range(12):
        actor = table.on_turn(post)
        if actor.id not in seen:
            seen.add(actor.id)
            panel = await table.open_panel(actor, post)
            content, buttons, options = words(panel)
            if actor is bob:
                assert "Aktualisieren" in buttons and "Refresh" not in buttons, buttons
            else:
                assert "Refresh" in buttons, buttons
            built = await expected(bot, actor, languages[actor.id])
            assert f"**{built.prompt}**" in content, (languages[actor.id], content)
            shown = [c.label for row in built.rows for c in row.choices]
            assert set(shown) <= {*options, *buttons}, (shown, options, buttons)
            if actor is bob:
                assert built.prompt != (await expected(bot, actor, "en")).prompt
            # the "?" button answers in the clicker's language too
            helped = await table.answer(await table.click(actor, panel, label="?"))
            assert helped.content == panel_help.help_text(built.decision, language=languages[actor.id])
        if seen == set(languages):
            break
        post = await table.play_decisions(post, 1)
    assert seen == set(languages), "both players should have had a decision in the first moves"
