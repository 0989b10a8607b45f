"""Issue 55 items 3 and 7 through the real bot and the stand-in: the bot registers its slash commands with Polish
and German names, descriptions and choices, which the stand-in accepts under Discord's rules (its OpenAPI
description, the name pattern, unique names per language); and a user's client language and the server's preferred
one reach the bot with each interaction (shown in the bot's log line of a refused option, whose answer is in the
user's language: item 2); and item 6: the rules pages answer in the clicker's language."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.host.command_catalog import build_tree, payloads
from bot.host.command_translator import CommandTranslator
from tests.discord_standin import Actor, Message, StandIn

from .driver import Table
from .harness import BotProcess, World, build_world


@pytest.fixture
def world(standin: StandIn) -> World:
    """The usual world in a Polish-speaking server: ann's client speaks Polish, bob's German, the watcher's
    British English (set before the bot connects, so GUILD_CREATE carries the preferred locale too)."""
    made = build_world(standin)
    standin.set_locale(made.guild, "pl")
    standin.set_locale(made.ann, "pl")
    standin.set_locale(made.bob, "de")
    standin.set_locale(made.watcher, "en-GB")
    return made


def localisations(part: dict[str, Any], path: str = "") -> dict[str, Any]:
    """Every name and description localisation of a command's JSON, by its path of names ("gah new scoring")."""
    here = f"{path} {part['name']}".strip()
    found = {here: (part.get("name_localizations"), part.get("description_localizations"))}
    for option in part.get("options") or []:
        found |= localisations(option, here)
    for choice in part.get("choices") or []:
        found[f"{here} = {choice['value']}"] = (choice.get("name_localizations"), None)
    return found


async def test_the_bot_registers_its_commands_in_polish_and_german(standin: StandIn, world: World,
                                                                   bot: BotProcess) -> None:
    registered = {command.name: command.payload() for command in standin.commands(world.guild)}
    wanted = await payloads(await build_tree(CommandTranslator()))
    assert sorted(registered) == [command["name"] for command in wanted] == ["gah", "overbooking"]
    for command in wanted:
        sent = localisations(registered[command["name"]])
        assert sent == localisations(command)
        for path, (names, descriptions) in sent.items():
            assert set(names) == {"pl", "de"}, path
            assert descriptions is None or set(descriptions) == {"pl", "de"}, path
    assert registered["gah"]["name_localizations"] == {"pl": "gah", "de": "gah"}
    turn = next(option for option in registered["gah"]["options"] if option["name"] == "turn")
    assert turn["name_localizations"] == {"pl": "tura", "de": "zug"}
    assert standin.take_violations() == []


NO_GAME = {"pl": "Na tym serwerze nie ma rozpoczętej gry 12345.",
           "de": "Es gibt keine begonnene Partie 12345 auf diesem Server."}
"""A refused game id's answer in Polish and German (English for every other client language)."""


async def test_each_users_language_reaches_the_bot(standin: StandIn, world: World, bot: BotProcess) -> None:
    table = Table(standin, world, {}, random.Random(55), bot=bot)
    for actor, locale in ((world.ann, "pl"), (world.bob, "de"), (world.watcher, "en-GB"), (world.mod, "en-US")):
        answer = await table.answer(await table.command(actor, "gah board", game=12345))
        assert answer.ephemeral_for == actor.id
        assert answer.content == NO_GAME.get(locale, "There is no started game 12345 on this server.")  # item 2
        line = f"from user {actor.id} in channel {world.channel.id} of server {world.guild.id} (locale {locale}, " \
               "server locale pl)"
        assert line in bot.log_text()  # logged before the answer was sent
    # the server changes its preferred language: the next interaction says so
    standin.set_locale(world.guild, "de")
    await table.answer(await table.command(world.ann, "gah board", game=12345))
    line = f"from user {world.ann.id} in channel {world.channel.id} of server {world.guild.id} (locale pl, " \
           "server locale de)"
    assert line in bot.log_text()


async def rules_answer(table: Table, actor: Actor, command: str) -> Message:
    """`actor`'s `/… rules`: a private message with its page buttons."""
    message = await table.answer(await table.command(actor, command))
    assert message.ephemeral_for == actor.id, message.content
    return message


async def next_page(table: Table, actor: Actor, message: Message) -> Message:
    """`actor` presses the right-hand page button (Next, in any language): the same message turns its page."""
    button = message.buttons()[2]
    updated = await table.answer(await table.answered(actor.click(message, custom_id=str(button["custom_id"]))))
    assert updated.id == message.id
    return updated


async def test_rules_pages_answer_in_the_clickers_language(standin: StandIn, world: World, bot: BotProcess) -> None:
    """Issue 55 items 2 and 6: a Polish user's `/gah rules` is Polish, and Next keeps it Polish; a German user's
    `/overbooking rules` is German; an en-US user's English. The page is made for each click's locale."""
    table = Table(standin, world, {}, random.Random(56), bot=bot)
    public_before = table.public_snapshot()

    polish = await rules_answer(table, world.ann, "gah rules")
    assert polish.content.startswith("**Cel i przebieg gry.**") and polish.content.endswith("(strona 1 z 7)")
    assert [button["label"] for button in polish.buttons()] == ["Poprzednia", "Strona 1 z 7", "Następna"]
    second = await next_page(table, world.ann, polish)
    assert second.content.startswith("**Twoja tura.**") and second.content.endswith("(strona 2 z 7)")
    assert "1 koronę" in second.content and "krone" not in second.content
    assert [button["label"] for button in second.buttons()] == ["Poprzednia", "Strona 2 z 7", "Następna"]

    german = await rules_answer(table, world.bob, "overbooking rules")
    assert german.content.startswith("**Overbooking: die Kurzregeln**") and german.content.endswith("(Seite 1 von 3)")
    assert "Warteschlange" in german.content and "Hintertür" in german.content
    assert [button["label"] for button in german.buttons()] == ["Zurück", "Seite 1 von 3", "Weiter"]
    assert (await next_page(table, world.bob, german)).content.startswith("**2. Die Hotels buchen")

    english = await rules_answer(table, world.mod, "gah rules")
    assert english.content.startswith("**Goal and flow.**") and english.content.endswith("(page 1 of 7)")
    assert [button["label"] for button in english.buttons()] == ["Previous", "Page 1 of 7", "Next"]

    # ann switches her client to German: her next click turns her Polish page into a German one
    standin.set_locale(world.ann, "de")
    third = await next_page(table, world.ann, second)
    assert third.content.startswith("**Die sechs Aktionen.**") and third.content.endswith("(Seite 3 von 7)")
    assert table.public_snapshot() == public_before, "rules pages are private"
