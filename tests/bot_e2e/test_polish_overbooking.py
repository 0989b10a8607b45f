"""Issue 55's done-when for the second game: an Overbooking game in Polish to its final post, through the real bot
and the stand-in. In a server whose preferred locale is Polish, a Polish host (client `pl`) and a German player
(client `de`) play a 3-seat game with an AI by clicks (found by their custom_id's verb, never by an English label).
Every public post, picture caption and log line is Polish, the host's private answers Polish and the German player's
German: a scan of every text the bot sent finds none of the catalog's English sentences
(`language_check.english_left`), the hotels' back-door abilities in the recaps included."""

from __future__ import annotations

import random
import re

import pytest

from bot.host.service import GameService
from bot.host.storage import Storage
from tests.discord_standin import Actor, Message, StandIn

from .driver import is_final_post, next_part, verb_id
from .harness import BotProcess, World
from .language_check import ReaderTexts, polish_world, texts_in_languages, texts_of
from .overbooking_driver import OverbookingTable
from .test_full_game import set_seed
from .test_polish_game import AnyLanguageTable

SEED = 55


class AnyLanguageOverbookingTable(AnyLanguageTable, OverbookingTable):
    """The Overbooking driver reading no English: clicks by custom_id verb and language-free post checks
    (`AnyLanguageTable`), Overbooking's posts, pictures and two clicks per card (`OverbookingTable`)."""

    def on_turn(self, post: Message) -> Actor:
        """The pinged player, else the one the next line names without a ping (a quiet turn: the rest of a
        round's cards, or on turn again right after their own move)."""
        pinged = [self.players[user] for user in post.pings.user_ids if user in self.players]
        if pinged:
            assert len(pinged) == 1, post.pings
            return pinged[0]
        line = next_part(post.content)[1].strip().split("\n")[0]
        named = [actor for actor in self.players.values()
                 if re.search(rf"\b{re.escape(actor.user.username)}\b", line)]
        assert len(named) == 1, f"nobody (or several) named on turn: {post.content!r}"
        return named[0]


@pytest.fixture
def world(standin: StandIn) -> World:
    """A Polish-speaking server (set before the bot connects: `language_check.polish_world`)."""
    return polish_world(standin)


async def test_an_overbooking_game_in_polish_to_its_final_post(standin: StandIn, world: World,
                                                              bot: BotProcess) -> None:
    recorded = ReaderTexts.attach(standin)
    ann, bob = world.ann, world.bob
    table = AnyLanguageOverbookingTable(standin, world, {ann.id: ann, bob.id: bob}, random.Random(SEED), bot=bot)
    lobby = await table.open_lobby(ann, [bob], ["heuristic"], command="overbooking new")
    await set_seed(bot.database, 1, ann.id, SEED)
    post = await table.start(ann, lobby)
    on_turn = table.on_turn(post)
    other = bob if on_turn is ann else ann
    refused = await table.answer(await table.click(other, post, label="Take my turn"))
    hand = await table.answer(await table.click(other, post, custom_id=verb_id(post, "hand")))
    final = await table.play_game(post)
    assert is_final_post(final)
    async with Storage(bot.database) as storage:
        info = await GameService(storage).game(1)
    assert info.status == "finished" and info.options.get("language") == "pl"

    assert len(texts_of(recorded, "channel")) > 20
    read = texts_in_languages(recorded, {"channel": "pl", str(ann.id): "pl", str(bob.id): "de"}, {"de": 5})
    assert refused.ephemeral_for == other.id and refused.content in read["pl" if other is ann else "de"]
    assert hand.ephemeral_for == other.id and hand.attachments
