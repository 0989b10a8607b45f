"""Issue 55's done-when through the real bot and the stand-in: in a server whose preferred locale is Polish, a
Polish host (client `pl`) and a German player (client `de`) play a whole 3-seat game of Grand Austria Hotel with an
AI by clicks. The game's language is Polish, so every public post, picture and log line is Polish, and every private
answer is in its reader's language: the host's in Polish, the German player's panels and refusals in German. A scan
of every text the bot sent finds none of the catalog's English sentences (`language_check.english_left`)."""

from __future__ import annotations

import random

import pytest

from bot.host.service import GameService
from bot.host.storage import Storage
from tests.discord_standin import Actor, Interaction, Message, StandIn

from .driver import RESPONSE_TIMEOUT, Table, check_png, is_final_post, message_version, parse_id, verbs_or_empty
from .harness import BotProcess, World
from .language_check import ReaderTexts, polish_world, texts_in_languages, texts_of
from .test_full_game import set_seed

VERB_OF_LABEL = {"Join": "join", "Start": "start", "Take my turn": "turn"}
"""The English labels the shared driver clicks by, and the verb of their custom_id (the same in every language)."""


class AnyLanguageTable(Table):
    """The shared driver, reading no English: buttons are found by their custom_id's verb, the player on turn by
    the post's ping (else the player who just moved, named again without a ping), and posts are checked for what
    does not depend on the language (order, pictures, pings)."""

    async def click(self, actor: Actor, message: Message, *, label: str | None = None,
                    custom_id: str | None = None, interruptible: bool = False) -> Interaction:
        if label in VERB_OF_LABEL and custom_id is None:
            custom_id = next(str(c["custom_id"]) for c in message.iter_components()
                             if "custom_id" in c and parse_id(str(c["custom_id"]))[2] == VERB_OF_LABEL[label])
            label = None
        return await super().click(actor, message, label=label, custom_id=custom_id, interruptible=interruptible)

    async def open_lobby(self, host: Actor, joiners: list[Actor], ai_levels: list[str],
                         command: str = "gah new") -> Message:
        floor = self.standin.messages_in(self.channel)[-1] if self.standin.messages_in(self.channel) else None
        opened = await self.answer(await self.command(host, command))
        assert opened.ephemeral_for == host.id, opened.content
        lobby = await self.lobby_after(floor)
        for actor in joiners:
            await (await self.click(actor, lobby, label="Join")).reply(timeout=RESPONSE_TIMEOUT)
            assert actor.mention in str(lobby.embeds), "the lobby shows the new seat"
        for level in ai_levels:
            select = next(s for s in lobby.selects() if parse_id(s["custom_id"])[2] == "ailevel")
            await (await self.pick(host, lobby, select["custom_id"], level)).reply(timeout=RESPONSE_TIMEOUT)
        return lobby

    async def press_start(self, host: Actor, lobby: Message) -> Interaction:
        shown = message_version(lobby)
        interaction = await self.click(host, lobby, label="Start")
        response = await interaction.response(timeout=RESPONSE_TIMEOUT)
        if response.type == 4 and response.message is not None:  # refused: the lobby changed (`set_seed`)
            await self.standin.wait_for(lambda: message_version(lobby) > shown or None, timeout=RESPONSE_TIMEOUT,
                                        what="the redrawn lobby")
            interaction = await self.click(host, lobby, label="Start")
        return interaction

    def check_posts(self) -> None:
        versions = [message_version(post) for post in self.posts()]
        assert versions == sorted(versions), f"posts out of order: {versions}"
        for post in self.posts():
            if post.id in self.checked_posts:
                continue
            self.checked_posts.add(post.id)
            if is_final_post(post):
                check_png(post.attachments[0].data, "scoreboard.png")
                assert post.pings.user_ids == [] and not post.pings.everyone, "the final post pings nobody"
                continue
            self.check_turn_pictures(post)
            assert set(post.pings.user_ids) <= set(self.players), post.pings
            assert {"turn", "hand", "hotels", "score", "log", "board"} <= verbs_or_empty(post), post.components

    def on_turn(self, post: Message) -> Actor:
        pinged = [self.players[user] for user in post.pings.user_ids if user in self.players]
        if pinged:
            assert len(pinged) == 1, post.pings
            return pinged[0]
        assert self.clicks, f"nobody pinged in the first post: {post.content!r}"
        return self.players[self.clicks[-1].user]  # on turn again right after their own move: named, not pinged


@pytest.fixture
def world(standin: StandIn) -> World:
    """A Polish-speaking server (set before the bot connects: `language_check.polish_world`)."""
    return polish_world(standin)


async def test_a_polish_host_and_a_german_player_play_a_whole_game_each_in_their_language(
        standin: StandIn, world: World, bot: BotProcess) -> None:
    recorded = ReaderTexts.attach(standin)
    ann, bob = world.ann, world.bob
    table = AnyLanguageTable(standin, world, {ann.id: ann, bob.id: bob}, random.Random(55), bot=bot, end_bias=0.4)
    lobby = await table.open_lobby(ann, [bob], ["greedy"])
    await set_seed(bot.database, 1, ann.id, 55)
    post = await table.start(ann, lobby)
    refused = await table.answer(await table.click(bob, post, label="Take my turn")) if table.on_turn(post) is ann \
        else None
    final = await table.play_game(post)
    assert is_final_post(final)
    async with Storage(bot.database) as storage:
        info = await GameService(storage).game(1)
    assert info.status == "finished" and info.options.get("language") == "pl"

    assert len(texts_of(recorded, "channel")) > 20
    read = texts_in_languages(recorded, {"channel": "pl", str(ann.id): "pl", str(bob.id): "de"}, {"de": 10})
    if refused is not None:
        assert refused.ephemeral_for == bob.id and refused.content in read["de"]
