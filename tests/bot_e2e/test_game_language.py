"""Issue 55 item 2 through the real bot and the stand-in: who reads which language. In a server whose preferred
locale is Polish a new lobby's *Language* is Polish (the host may change it in the lobby's last menu); a
German-speaking member's refusal comes back in German until `/gah notify language:` fixes their own language (which
wins over their client's), also for their turn DM; the host's English client sees English refusals, and her turn DM
(no language of her own) is in the game's; and the game's turn picture is drawn in Polish. The lobby message (its
fields, buttons and menus) speaks the game's language, and so do the host's lines of the turn post (who is next)."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image, ImageChops

from bot.games.gah import presenter
from bot.host.service import GameService
from bot.host.storage import Storage
from tests.botui.test_host_language import english_left
from tests.discord_standin import Actor, Interaction, Message, StandIn

from .driver import MENTION_RE, Table, verb_id
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
    table = Table(standin, world, {ann.id: ann, bob.id: bob}, random.Random(55), bot=bot, language="pl")
    lobby = await table.open_lobby(ann, [bob], [])
    assert field(lobby, "Język").startswith("Polski"), field(lobby, "Język")  # the server's, by default
    # the whole lobby speaks Polish: its fields, its buttons and its menus
    embed = lobby.embeds[0]
    shown = [lobby.content, embed["title"], embed["footer"]["text"],
             *(text for f in embed["fields"] for text in (f["name"], f["value"])),
             *(str(b.get("label")) for b in lobby.buttons()),
             *(s.get("placeholder", "") for s in lobby.selects()),
             *(o["label"] for s in lobby.selects() for o in s["options"])]
    assert english_left(shown, "pl") == [], shown
    assert "otwiera grę Grand Austria Hotel" in lobby.content and embed["title"] == "Grand Austria Hotel: nowa gra"
    assert [b.get("label") for b in lobby.buttons()] == ["Dołącz", "Wyjdź", "Opcje", "Rozpocznij", "Anuluj"]

    # the host changes it in the lobby's last menu (a player may not: refused in his German)
    menu = next(s["custom_id"] for s in lobby.selects() if any(o["value"] == "lang:de" for o in s["options"]))
    assert await private(table, bob, await table.pick(bob, lobby, menu, "lang:en")) == "Das darf nur der Gastgeber."
    for value, name, said in (("lang:de", "Sprache", "Deutsch"), ("lang:pl", "Język", "Polski")):
        menu = next(s["custom_id"] for s in lobby.selects() if any(o["value"] == value for o in s["options"]))
        await table.answer(await table.pick(ann, lobby, menu, value))
        assert field(lobby, name).startswith(said), field(lobby, name)  # the lobby redrawn in the chosen language

    # bob's client speaks German: the refusal is German, the host's English client hears English
    start = verb_id(lobby, "start")
    assert await private(table, bob, await table.click(bob, lobby, custom_id=start)) == "Das darf nur der Gastgeber."
    assert "12345" in (said := await private(table, ann, await table.command(ann, "gah board", game=12345)))
    assert said == "There is no started game 12345 on this server."

    # bob fixes his own language: Polish wins over his German client, until he goes back to auto
    told = await private(table, bob, await table.command(bob, "gah notify", language="pl"))
    assert "Odpowiadam ci w języku: Polski" in told, told
    assert await private(table, bob, await table.click(bob, lobby, custom_id=verb_id(lobby, "start"))) == \
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
    # the turn post's host lines are Polish: how it opens and who is next (pinged: press the button)
    assert post.content.startswith("Gra się zaczyna!"), post.content
    next_line = post.content.partition("\n\n**Dalej:** ")[2]
    assert next_line.endswith(" - naciśnij *Moja tura*."), post.content
    assert english_left([post.content.splitlines()[0], next_line], "pl") == [], post.content
    ids = [int(found) for found in MENTION_RE.findall(next_line)]
    assert len(ids) == 1 and ids[0] in (ann.id, bob.id), next_line
    on_turn = ann if ids[0] == ann.id else bob
    started = await standin.wait_for(lambda: lobby.content if lobby.content.startswith("Gra się") else None,
                                     timeout=10, what="the lobby saying the game started")
    assert started == "Gra się rozpoczęła!", started  # the lobby message, edited in the game's language
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
