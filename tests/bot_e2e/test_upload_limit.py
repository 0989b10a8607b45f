"""Issue 6, "images respect the server's upload limit": on a server whose attachment limit (as Discord tells it in
every interaction) is smaller than our board picture, the bot posts pictures scaled down to fit, in turn posts
and in ephemeral answers, and the stand-in never refuses an upload."""

from __future__ import annotations

import io
import random
from collections.abc import AsyncIterator

import pytest
from PIL import Image

from tests.discord_standin import StandIn
from tests.discord_standin.core import StandInConfig

from .driver import Table, check_png
from .harness import BotProcess, World
from .test_full_game import set_seed

LIMIT = 60_000
"""Bytes per attachment on this test's server; our board picture is about 110 KB."""


@pytest.fixture
async def standin() -> AsyncIterator[StandIn]:
    """A stand-in whose servers take attachments of at most `LIMIT` bytes."""
    server = await StandIn.start(StandInConfig(max_attachment_bytes=LIMIT))
    try:
        yield server
        refused = [f"{r.status} {r.method} {r.route}" for r in server.requests if r.status >= 400]
        assert not refused, f"the stand-in refused requests of the bot: {refused}"
    finally:
        await server.close()


async def test_pictures_fit_a_small_upload_limit(standin: StandIn, world: World, bot: BotProcess) -> None:
    ann, bob = world.ann, world.bob
    table = Table(standin, world, {ann.id: ann, bob.id: bob}, random.Random(6), bot=bot)
    lobby = await table.open_lobby(ann, [bob], ["random"])
    await set_seed(bot.database, 1, ann.id, 31)
    post = await table.start(ann, lobby)
    post = await table.play_decisions(post, 6)

    pictures = [a for m in table.posts() for a in m.attachments]
    assert {a.filename for a in pictures} == {"turn.png"}, pictures
    for attachment in pictures:
        check_png(attachment.data, attachment.filename)
        assert len(attachment.data) <= LIMIT, (attachment.filename, len(attachment.data))
    turns = [Image.open(io.BytesIO(a.data)) for a in pictures if a.filename == "turn.png"]
    assert all(t.width <= 800 for t in turns), "the turn pictures stay within the phone width"

    board = await table.answer(await table.command(world.watcher, "gah board"))
    assert board.ephemeral_for == world.watcher.id
    assert [a.filename for a in board.attachments] == ["board.png", "emperor.png"]
    for attachment in board.attachments:
        assert len(attachment.data) <= LIMIT, (attachment.filename, len(attachment.data))
        check_png(attachment.data, f"the /gah board picture {attachment.filename}")
    standin.assert_no_violations()
