"""Issue 14: the play experience through the real bot process. A 3-player game (two people and an AI) told in words:
every human action appears in a public post, pings only when the turn passes to someone else, one picture per turn
post within the phone's size rules, clicks per human turn measured; then what the channel offers after the game."""

from __future__ import annotations

import dataclasses
import random
import re
import statistics
import time
from pathlib import Path

from bot.games.gah import words
from bot.games.gah.words_phrases import escape
from bot.host.posts import FINAL_TOLD
from bot.host.service import GameService, Move
from bot.host.storage import Storage
from tests.discord_standin import Message, StandIn

from .driver import (
    MAX_ASPECT,
    MAX_WIDTH,
    MENTION_RE,
    Table,
    check_png,
    is_final_post,
    is_turn_post,
    message_version,
    png_size,
    summary,
)
from .harness import BotProcess, World
from .reporting import clicks_per_human_turn, human_turn_clicks, record_figures
from .test_full_game import set_seed
from .test_views import ephemeral_answer

SEED = 20241124


def named_next(post: Message, table: Table) -> set[int]:
    """The user ids a turn post names as next: mentioned, or named as going on in their panel."""
    next_line = post.content.partition("**Next:**")[2]
    named = {int(m) for m in MENTION_RE.findall(next_line)}
    if " again - carry on" in next_line:
        named.add(table.on_turn(post).id)
    return named


def with_parts(standin: StandIn, table: Table, post: Message) -> str:
    """A post's words with those of the text-only messages sent just before it: a recap too long for one message
    goes out in parts (issue 42 item 6), the last part in the post."""
    mine = [m for m in standin.messages_in(table.channel) if m.author.id == standin.bot.id]
    at = next(i for i, m in enumerate(mine) if m.id == post.id)
    parts = []
    for message in reversed(mine[:at]):
        if message.attachments or message.components:
            break
        parts.insert(0, message.content)
    return "\n".join([*parts, post.content])


def spans(posts: list[Message], moves: list[Move]) -> list[tuple[Message, list[Move]]]:
    """Each post with the logged moves it tells: those after the previous post's version up to its own."""
    told = []
    previous = 0
    for post in posts:
        version = message_version(post)
        told.append((post, [m for m in moves if previous < m.version <= version]))
        previous = version
    return told


async def test_three_player_game_told_in_words(standin: StandIn, world: World, bot: BotProcess,
                                               tmp_path: Path) -> None:
    ann, bob = world.ann, world.bob
    table = Table(standin, world, {ann.id: ann, bob.id: bob}, random.Random(SEED), end_bias=0.85, bot=bot,
                  quick_turns=True, keep_panels=True)  # play on in the panel the bot redraws (issue 52 item 1)
    await table.answer(await table.command(bob, "gah notify", mode="dm"))
    started = time.monotonic()
    lobby = await table.open_lobby(ann, [bob], ["greedy"])
    await set_seed(bot.database, 1, ann.id, SEED)
    final = await table.play_game(await table.start(ann, lobby))
    elapsed = time.monotonic() - started
    assert is_final_post(final)
    async with Storage(bot.database) as storage:
        moves = await GameService(storage).history(1)
    posts = table.posts()

    # every human action of every turn appears in a public post, in the same words as /gah log
    assert moves[-1].version <= message_version(posts[-1]), "the last moves are told"
    for post, told in spans(posts, moves):
        content = with_parts(standin, table, post)
        cut = "Earlier moves are told by /gah log" in content
        if is_final_post(post):  # issue 42 item 4: the ranking tells the winner and the final scores, once
            told = [dataclasses.replace(m, events=tuple(e for e in m.events if e.kind not in FINAL_TOLD))
                    for m in told]
        for section in words.sections(told):
            for line in section.lines:  # a line in a player's own turn section leaves out their name
                said = [line] + [line[len(m.name) + 1:] for m in told if line.startswith(f"{m.name} ")]
                # a move whose events fall in two sections of the post (the Conference Manager's krone in the
                # player's turn, the ignored penalty under the Emperor scoring) is told there in its two parts
                parts = [x.split("; ") for x in said]
                assert cut or any(escape(x) in content for x in said) or any(
                    all(escape(p) in content or any(escape(f"{m.name} {p}") in content for m in told)
                        for p in part) for part in parts[1:]), (line, content)
        for move in told:
            if move.actor.startswith("user:") and not move.undone:
                for event in move.events:
                    if event.kind == "die" and not cut:
                        assert f"takes a die from space {event.data['space']}" in content, content
    assert any(m.actor.startswith("user:") for m in moves)

    # pings and DMs only when the turn passes to someone else; every turn post has one picture within the size rules
    pinged_bob = 0
    for post, told in spans(posts, moves):
        if is_turn_post(post):
            assert [a.filename for a in post.attachments] == ["turn.png"]
            width, height = png_size(post.attachments[0].data)
            assert width <= MAX_WIDTH and height <= MAX_ASPECT * width, (width, height)
            standing = [m for m in told if not m.undone]
            mover = standing[-1].actor if standing else ""
            for user in post.pings.user_ids:  # the player who made the newest move is on turn in their panel
                assert mover != f"user:{user}", f"pinged a player already on turn: {post.content}"
            if mover.startswith("user:") and named_next(post, table) == {int(mover[5:])}:
                assert not post.pings.user_ids and " again - carry on" in post.content, post.content
        pinged_bob += bob.id in post.pings.user_ids
    # issue 42 item 5: a person's second turn in a row gets no post of its own (no "again" post without news)
    twice, previous = [], None
    for move in moves:
        for event in move.events:
            if event.kind == "turn" and not move.undone:
                if event.player == previous and move.actor.startswith("user:"):
                    twice.append(move.version)
                previous = event.player
    posted = {message_version(post) for post in posts}
    assert any(version not in posted for version in twice), "someone moved twice in a row, told by a later post"
    dms = [m for m in bob.dms() if "your turn" in m.content]
    assert len(dms) == pinged_bob, (len(dms), pinged_bob)

    # clicks per human turn
    clicks = clicks_per_human_turn(table, moves)
    (tmp_path / "click_paths.txt").write_text("\n".join(
        " | ".join(f"{c.verb}: {c.label}" for c in turn) for turn in human_turn_clicks(table, moves)) + "\n")
    median = statistics.median(clicks)
    record_figures(tmp_path, "play_experience", elapsed=elapsed, decisions=table.decisions, table=table,
                   extra=f"clicks per human turn: median {median}, mean {statistics.fmean(clicks):.1f} over "
                         f"{len(clicks)} turns; last click to turn post {summary(table.post_waits)}")
    assert median <= 3 and statistics.fmean(clicks) <= 3.3, clicks  # issue 42 item 7
    standin.assert_no_violations()

    # after the game: every final hotel, the board, the scoreboard picture and the whole log
    names = [b["label"] for b in final.buttons()]
    assert names[:3] == ["Rematch", "Log", "Full board"] and len(names) == 6, names
    files = {a.filename: a for a in final.attachments}
    check_png(files["scoreboard.png"].data, "scoreboard.png")
    log_file = files["gah-game-1-log.txt"].data.decode()
    for section in words.sections(moves):
        assert section.heading in log_file
    for label in names[3:]:
        hotel = await ephemeral_answer(table, world.watcher, await table.click(world.watcher, final, label=label))
        assert [a.filename for a in hotel.attachments] == ["hotel.png"], hotel
    board = await ephemeral_answer(table, world.watcher, await table.click(world.watcher, final, label="Full board"))
    assert [a.filename for a in board.attachments] == ["board.png", "emperor.png"]

    # viewing commands keep working on the channel's last finished game, or by id
    # (issue 52 item 9: the score of a finished game is final, not "if the game ended now")
    for command, expected in (("gah board", "Round"), ("gah score", "Final scores:"), ("gah log", "Last actions:")):
        shown = await ephemeral_answer(table, world.watcher, await table.command(world.watcher, command))
        assert expected in shown.content and "if the game ended now" not in shown.content, (command, shown.content)
    by_id = await ephemeral_answer(table, world.watcher, await table.command(world.watcher, "gah board", game=1))
    assert [a.filename for a in by_id.attachments] == ["board.png", "emperor.png"]
    unknown = await ephemeral_answer(table, world.watcher, await table.command(world.watcher, "gah board", game=99))
    assert "no started game 99" in unknown.content
    first = await ephemeral_answer(table, world.watcher, await table.command(world.watcher, "gah log", page=1))
    pages = int(re.search(r"page 1 of (\d+)", first.content)[1])  # type: ignore[index]
    assert pages > 1 and first.content.startswith("Game log, page 1"), first.content
    assert "**Setup**" in first.content
    await table.click(world.watcher, first, label="Next")
    await standin.wait_for(lambda: "page 2 of" in first.content or None, what="the log's second page")
    export = await ephemeral_answer(table, world.watcher, await table.command(world.watcher, "gah log", export=True))
    assert export.attachments[0].data.decode() == log_file
