"""Issue 42 items 5, 6, 4 and 2: which turn posts go out, when, and with which pictures, from the stand-in's
stored messages.

- no post without news: a player who moves again right after their own move goes on in their panel, and the next
  post tells those moves too (no "again" posts); a solo game posts once a round;
- a game of only AIs (after `/gah ai` hands the last person's seat to an AI) posts its turns while it runs, and no
  message is cut at 2,000 characters;
- the final post says "Winner" once, gives the game's highlights, and its hotel pictures show the final scores;
- the turn picture shows the hotel of the player it pings (issue 52 item 5), else of the player whose moves the post
  tells (named in the picture's description).
"""

from __future__ import annotations

import asyncio
import io
import random
import re

from PIL import Image, ImageChops

import render.gah
from bot.host.service import GameService
from bot.host.storage import Storage
from engine import final_scores, player_view
from render.core import draw as draw_module
from render.gah.hotel import vp_shown
from tests.discord_standin import Message, StandIn

from .driver import Table, is_final_post, is_turn_post, message_version
from .harness import BotProcess, World
from .test_full_game import set_seed

IN_A_ROW = r"(?:(?:second|third|fourth|next) )?"
"""The word of a heading of a player's second (third, ...) turn in a row: "bob's second turn (round 1)"."""

TURN_HEADING = re.compile(r"^\*\*(.+?)'s " + IN_A_ROW + r"turn \(round \d+\)[^*\n]*\*\*$", re.MULTILINE)
"""A recap's heading of one player's turn (names here are plain: ann, bob, AI ...)."""

MILESTONE = re.compile(r"^\*\*(Round \d+ begins|Emperor scoring)", re.MULTILINE)
"""A recap's heading of a round's start or an Emperor scoring: news even if the same person goes on."""

DESCRIPTION = re.compile(r"^The board and (.+)'s hotel")


def recap(post: Message) -> str:
    """The words of a turn post before its "Next:" line."""
    return post.content.partition("**Next:**")[0]


def shown_hotel(post: Message) -> str:
    """Whose hotel a turn post's picture shows, as its description (alt text) names it."""
    description = post.attachments[0].description or ""
    found = DESCRIPTION.match(description)
    assert found, f"the turn picture's description names no hotel: {description!r}"
    return found.group(1)


def check_no_empty_posts(table: Table) -> None:
    """Every turn post but the first either pings someone (the turn passed to them), names an AI on turn, or tells a
    round's start or an Emperor scoring: none only says "X again" after X's own move."""
    for post in table.posts()[1:]:
        if is_final_post(post):
            continue
        next_line = post.content.partition("**Next:**")[2]
        if " again - carry on" in next_line:
            assert MILESTONE.search(recap(post)), f"a post without news: {post.content!r}"


def check_shown_hotels(table: Table) -> int:
    """Each turn post's picture shows the hotel of the one player it pings (issue 52 item 5), else of a player whose
    turn the post tells (the only one when it tells one player's turns; the one with the most lines when it tells
    several); returns how many posts that ping nobody told several players."""
    several = 0
    for post in table.posts():
        if is_final_post(post):
            continue
        pinged = table.pinged_players(post)
        if len(pinged) == 1:
            assert shown_hotel(post) == pinged[0].user.username, (pinged, post.content)
            continue
        told = TURN_HEADING.findall(recap(post))
        if not told:
            continue
        shown = shown_hotel(post)
        assert shown in told, (shown, told, post.content)
        if len(set(told)) > 1:
            several += 1
            lines = {name: 0 for name in told}
            for name, body in re.findall(r"^\*\*(.+?)'s " + IN_A_ROW + r"turn \(round \d+\)[^*\n]*\*\*\n((?:• .*\n?)*)",
                                         recap(post), re.MULTILINE):
                lines[name] += body.count("• ")
            assert lines[shown] > 0, (shown, lines, post.content)
    return several


async def check_final(table: Table, final: Message, bot: BotProcess, standin: StandIn) -> None:
    """The final post: "Winner" once, the highlights, the ranking's numbers the final scores, and every final hotel
    picture (its button) drawn with the final score."""
    assert final.content.count("Winner") == 1, final.content
    assert "**Highlights**" in final.content and "Emperor scoring after round 3:" in final.content, final.content
    async with Storage(bot.database) as storage:
        info = await GameService(storage).game(1)
    state = info.state
    assert state is not None and state.is_over
    totals = {name: score.total for name, score in final_scores(state).items()}
    assert any(player.vp != totals[player.name] for player in state.players), "the final scoring added VP"
    for name, total in totals.items():
        assert f"{name}: {total} VP" in final.content, (name, total, final.content)
    view = player_view(state, None)
    # a picture's palette comes from the first picture of its size a process draws (render.core.draw): start afresh, in
    # the order the bot drew them, whatever this test process drew before (another language, another game)
    draw_module._PALETTES.clear()
    for index, player in enumerate(state.players):
        label = f"{player.name}'s hotel"
        answer = await table.answer(await table.click(table.world.watcher, final, label=label))
        assert answer.ephemeral_for == table.world.watcher.id
        [picture] = [a for a in answer.attachments if a.filename.endswith(".png")]
        assert vp_shown(view, index) == totals[player.name]
        expected = Image.open(io.BytesIO(render.gah.hotel_png(view, index))).convert("RGB")
        got = Image.open(io.BytesIO(picture.data)).convert("RGB")
        assert got.size == expected.size, label
        # the same picture up to the palette's rounding (a 256-colour PNG may pick its colours a shade apart); a
        # different number (the VP before the final scoring) changes whole glyphs
        far = ImageChops.difference(got, expected).convert("L").point(lambda value: 255 if value > 40 else 0)
        assert far.getbbox() is None, f"{label} is not the final hotel: it differs at {far.getbbox()}"
    standin.assert_no_violations()


async def test_three_players_get_posts_only_with_news(standin: StandIn, world: World, bot: BotProcess) -> None:
    """ann, bob and a random AI play a whole game by clicks: no "again" post, each picture the hotel of the player
    whose moves the post tells, and the final post as the issue asks."""
    ann, bob = world.ann, world.bob
    table = Table(standin, world, {ann.id: ann, bob.id: bob}, random.Random(42), bot=bot)
    lobby = await table.open_lobby(ann, [bob], ["random"])
    await set_seed(bot.database, 1, ann.id, 42)
    final = await table.play_game(await table.start(ann, lobby))
    assert is_final_post(final)
    check_no_empty_posts(table)
    check_shown_hotels(table)
    async with Storage(bot.database) as storage:
        history = await GameService(storage).history(1)
    posted = {message_version(post) for post in table.posts()}
    twice, previous = [], None
    for move in history:
        for event in move.events:
            if event.kind == "turn" and not move.undone:
                if event.player == previous:
                    twice.append(move.version)
                previous = event.player
    assert any(version not in posted for version in twice), "a second turn in a row got no post of its own"
    told = "\n".join(recap(post) for post in table.posts())
    for move in history:  # every die taken is told by some post: held posts lose no words
        for event in move.events:
            if event.kind == "die" and not move.undone:
                assert f"space {event.data['space']}" in told
    await check_final(table, final, bot, standin)


async def test_a_solo_game_posts_once_a_round(standin: StandIn, world: World, bot: BotProcess) -> None:
    """A lone host against Leopold: the first post, then one post a round (each opening with the round's start or
    an Emperor scoring), then the final post."""
    ann = world.ann
    table = Table(standin, world, {ann.id: ann}, random.Random(9), bot=bot)
    lobby = await table.open_lobby(ann, [], [])
    await set_seed(bot.database, 1, ann.id, 9)
    first = await table.start(ann, lobby)
    seen = {"round": 0}

    async def wait_for_round_posts(kind: str) -> bool:
        """ann plays at a person's pace: when a click starts a round, she waits for its post (a test clicking
        faster than the channel takes posts would see posts merged, as they should be)."""
        async with Storage(bot.database) as storage:
            info = await GameService(storage).game(1)
        state = info.state
        if state is not None and not state.is_over and state.round != seen["round"]:
            seen["round"] = state.round
            # the post that tells the round's start (under load it may be one that left before this click's
            # version, the click's later moves then waiting for the next news)
            begins = f"Round {state.round} begins"
            await standin.wait_for(lambda: any(begins in p.content for p in table.posts()) or None,
                                   timeout=30, what=f"the post of round {state.round}")
        return False

    final = await table.play_game(first, after_click=wait_for_round_posts)
    assert is_final_post(final) and "Leopold" in final.content
    turn_posts = [post for post in table.posts() if is_turn_post(post)]
    async with Storage(bot.database) as storage:
        info = await GameService(storage).game(1)
    assert info.state is not None
    rounds = info.state.round
    emperor_scorings = 3  # after rounds 3, 5 and 7: one may have a post of its own (a decision comes after it)
    assert len(turn_posts) <= 1 + rounds + emperor_scorings, [post.content[:80] for post in turn_posts]
    starts = [int(n) for post in turn_posts for n in re.findall(r"^\*\*Round (\d+) begins\*\*", recap(post),
                                                                 re.MULTILINE)]
    assert starts == list(range(1, rounds + 1)), f"each round's start told once, in order: {starts}"
    assert len(turn_posts) >= rounds - 1, "a post for each round"
    for post in turn_posts[1:]:
        assert MILESTONE.search(recap(post)), f"a solo post that is not a round's: {post.content!r}"
    check_no_empty_posts(table)
    await check_final(table, final, bot, standin)


async def test_a_game_of_only_ais_posts_its_turns_as_they_happen(standin: StandIn, world: World,
                                                                 bot: BotProcess) -> None:
    """ann opens a game with two random AIs and hands her seat to an AI: watchers see turn posts while the game
    runs, each telling a turn or two, and no message is cut."""
    ann = world.ann
    table = Table(standin, world, {ann.id: ann}, random.Random(6), bot=bot)
    lobby = await table.open_lobby(ann, [], ["random", "random"])
    await set_seed(bot.database, 1, ann.id, 6)
    await table.start(ann, lobby)
    handed = await table.answer(await table.command(ann, "gah ai", level="random"))
    assert handed.ephemeral_for is None and "now plays" in handed.content, handed.content
    before = len(table.posts())

    def running_posts() -> list[Message] | None:
        found = [post for post in table.posts()[before:] if is_turn_post(post)]
        return found if len(found) >= 4 else None

    await standin.wait_for(running_posts, timeout=60, what="4 turn posts of the game of only AIs")
    async with Storage(bot.database) as storage:
        assert (await GameService(storage).game(1)).status == "active", "the posts come while the game runs"
    final = await standin.wait_for(lambda: next((m for m in table.posts() if is_final_post(m)), None),
                                   timeout=180, what="the final post")
    turn_posts = [post for post in table.posts()[before:] if is_turn_post(post)]
    async with Storage(bot.database) as storage:
        history = await GameService(storage).history(1)
    turns = sum(1 for move in history for event in move.events if event.kind == "turn")
    assert len(turn_posts) >= turns // 3, f"{len(turn_posts)} posts for {turns} turns"
    for post in [*turn_posts, final]:
        assert "(AI)" in post.content or is_final_post(post)
        assert "the rest with /gah log" not in post.content and "… (the rest" not in post.content
        assert len(post.content) <= 2000
    everything = [m for m in standin.messages_in(table.channel) if m.author.id == standin.bot.id]
    assert all(len(m.content) <= 2000 for m in everything)
    assert final.content.count("Winner") == 1, final.content
    check_shown_hotels(table)
    await asyncio.sleep(0)
    standin.assert_no_violations()
