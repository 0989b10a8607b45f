"""Issue 55 item 2 through the real bot and the stand-in: who reads which language. In a server whose preferred
locale is Polish a new lobby's *Language* is Polish (the host may change it in the lobby's last menu); a
German-speaking member's refusal comes back in German until `/gah notify language:` fixes their own language (which
wins over their client's), also for their turn DM; the host's English client sees English refusals, and her turn DM
(no language of her own) is in the game's; and the game's turn picture is drawn in Polish."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image, ImageChops

from bot.games.gah import presenter
from bot.host.service import GameService
from bot.host.storage import Storage
from tests.discord_standin import Actor, Interaction, Message, StandIn

from .driver import Table
from .harness import BotProcess, World, build_world
from .test_full_game import set_seed


@pytest.fixture
def world(standin: StandIn) -> World:
    """The usual world in a Polish-speaking server: ann's client speaks US English, bob's German (set before the
    bot connects)."""
    made = build_world(standin)
    standin.set_locale(made.guild, "pl")
    standin.set_locale(made.bob, "de")
    return made


def field(lobby: Message, name: str) -> str:
    """The value of a lobby embed's field."""
    return str(next(f["value"] for f in lobby.embeds[0]["fields"] if f["name"] == name))


def far_pixels(first: bytes, second: bytes) -> int:
    """How many pixels of two PNGs of one size differ by 40 grey levels or more."""
    one, two = (Image.open(io.BytesIO(data)).convert("L") for data in (first, second))
    assert one.size == two.size, (one.size, two.size)
    return sum(ImageChops.difference(one, two).histogram()[40:])


async def private(table: Table, actor: Actor, interaction: Interaction) -> str:
    """The private answer to `actor`'s `interaction`, as text."""
    message = await table.answer(interaction)
    assert message.ephemeral_for == actor.id, message.content
    return message.content


async def test_the_server_the_member_and_the_game_each_have_their_language(standin: StandIn, world: World,
                                                                           bot: BotProcess) -> None:
    ann, bob = world.ann, world.bob
    table = Table(standin, world, {ann.id: ann, bob.id: bob}, random.Random(55), bot=bot)
    lobby = await table.open_lobby(ann, [bob], [])
    assert field(lobby, "Language").startswith("Polski"), field(lobby, "Language")  # the server's, by default

    # the host changes it in the lobby's last menu (a player may not: refused in his German)
    menu = next(s["custom_id"] for s in lobby.selects() if any(o["value"] == "lang:de" for o in s["options"]))
    assert await private(table, bob, await table.pick(bob, lobby, menu, "lang:en")) == "Das darf nur der Gastgeber."
    for value, shown in (("lang:de", "Deutsch"), ("lang:pl", "Polski")):
        menu = next(s["custom_id"] for s in lobby.selects() if any(o["value"] == value for o in s["options"]))
        await table.answer(await table.pick(ann, lobby, menu, value))
        assert field(lobby, "Language").startswith(shown), field(lobby, "Language")

    # bob's client speaks German: the refusal is German, the host's English client hears English
    assert await private(table, bob, await table.click(bob, lobby, label="Start")) == "Das darf nur der Gastgeber."
    assert "12345" in (said := await private(table, ann, await table.command(ann, "gah board", game=12345)))
    assert said == "There is no started game 12345 on this server."

    # bob fixes his own language: Polish wins over his German client, until he goes back to auto
    told = await private(table, bob, await table.command(bob, "gah notify", language="pl"))
    assert "Odpowiadam ci w języku: Polski" in told, told
    assert await private(table, bob, await table.click(bob, lobby, label="Start")) == \
        "Tylko gospodarz gry może to zrobić."
    await private(table, bob, await table.command(bob, "gah notify", language="auto"))
    assert await private(table, bob, await table.command(bob, "gah board", game=12345)) == \
        "Es gibt keine begonnene Partie 12345 auf diesem Server."

    # turn DMs: bob's in his own language (German), ann's (no choice of her own) in the game's (Polish)
    await private(table, bob, await table.command(bob, "gah notify", mode="dm", language="de"))
    await private(table, ann, await table.command(ann, "gah notify", mode="dm"))

    # the game's language draws the turn picture: the first post's picture is the Polish one, not the English one
    await set_seed(bot.database, 1, ann.id, 11)
    post = await table.start(ann, lobby)
    on_turn = table.on_turn(post)
    dm = await standin.wait_for(lambda: on_turn.dms()[-1] if on_turn.dms() else None, timeout=10, what="the turn DM")
    expected = "Du bist am Zug in Grand Austria Hotel" if on_turn is bob else "Twoja kolej w grze Grand Austria Hotel"
    assert dm.content.startswith(expected), dm.content
    table.check_turn_pictures(post)
    posted = post.attachments[0].data
    async with Storage(bot.database) as storage:
        info = await GameService(storage).game(1)
    assert info.state is not None and info.options.get("language") == "pl"
    seats = range(len(info.state.players))
    polish = [presenter.turn_pictures(info.state, seat, (), language="pl")[0][0] for seat in seats]
    english = [presenter.turn_pictures(info.state, seat, (), language="en")[0][0] for seat in seats]
    # the same picture as the Polish drawing of one seat's view (a palette may round colours a little: no grey level
    # apart by 40 or more), and thousands of pixels away from every English drawing
    assert min(far_pixels(posted, drawn) for drawn in polish) == 0
    assert min(far_pixels(posted, drawn) for drawn in english) > 1000
