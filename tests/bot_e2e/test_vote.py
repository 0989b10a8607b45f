"""Issue 53 item 3: a vote when the host is away. Four people play; once the player on turn has had their reminder,
another player begins `/gah vote`; the other three vote on one public message (two must agree). A skip passes with
two (carried out as the host's `/gah skip`, the turn post follows), an AI vote fails with one; a vote lapses when
the player moves; the buttons refuse the player voted on, a watcher, a second ballot and a ballot on an ended vote,
privately, the message unchanged; and the vote's 24 hours are a stored timer: the bot SIGKILLed and restarted with
its clock a day later ends the vote once."""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from bot.host.service import GameService
from bot.host.storage import Storage
from tests.discord_standin import Actor, Message, StandIn

from .driver import Table, message_version
from .fake_clock import CLOCK_ENV, wrap_command
from .harness import BotProcess, World
from .test_forged import click, public, send
from .test_full_game import SEED, set_seed

REMINDER = "friendly reminder"
STALE = "not one I know (any more)"
"""The bot's private answer to a click on a button its message no longer has (`bot.host.app.GahBot.on_interaction`)."""


def vote_messages(standin: StandIn, world: World) -> list[Message]:
    """The public vote messages of the game channel, oldest first."""
    return [m for m in standin.messages_in(world.channel) if m.content.startswith("**Vote**")]


async def refused(table: Table, actor: Actor, message: Message, label: str, why: str) -> None:
    """`actor` presses `label` on the vote `message`: answered privately with `why` in it, the message unchanged."""
    edits, before = message.edit_count, message.content
    answer = await table.answer(await table.click(actor, message, label=label))
    assert answer.ephemeral_for == actor.id and why in answer.content, (actor.user.username, answer.content)
    assert message.edit_count == edits and message.content == before


async def begin(table: Table, actor: Actor, what: str) -> Message:
    """`actor` begins a vote: answered privately with a link, the vote posted in the channel; returns the vote."""
    before = len(vote_messages(table.standin, table.world))
    answer = await table.answer(await table.command(actor, "gah vote", what=what))
    assert answer.ephemeral_for == actor.id and "Your vote has begun" in answer.content, answer.content
    await table.standin.wait_for(lambda: len(vote_messages(table.standin, table.world)) > before or None,
                                 timeout=20, what="the vote message")
    return vote_messages(table.standin, table.world)[-1]


async def reminded(standin: StandIn, world: World, player: Actor, count: int) -> None:
    """Wait until `player` had `count` reminders in the channel."""
    await standin.wait_for(
        lambda: sum(REMINDER in m.content and m.pings.user_ids == [player.id]
                    for m in standin.messages_in(world.channel)) >= count or None,
        timeout=30, what=f"reminder {count} of {player.user.username}")


def reminders_of(standin: StandIn, world: World, player: Actor) -> int:
    return sum(REMINDER in m.content and m.pings.user_ids == [player.id] for m in standin.messages_in(world.channel))


async def test_vote_skip_passes_ai_fails_lapses_and_expires(standin: StandIn, world: World,
                                                           make_bot: Callable[..., BotProcess]) -> None:
    bot = make_bot(GAH_REMINDER_POLL_SECONDS="0.25")
    await bot.start()
    cid = standin.create_user("cid", guild=world.guild)
    people = [world.ann, world.bob, world.mod, cid]
    table = Table(standin, world, {p.id: p for p in people}, random.Random(SEED), bot=bot)
    for person in people:
        await table.answer(await table.command(person, "gah notify", reminders=True))
    lobby = await table.open_lobby(world.ann, people[1:], [])
    assert lobby is not None
    await table.answer(await table.command(world.ann, "gah reminders", hours=0.0005))  # two seconds
    await set_seed(bot.database, 1, world.ann.id, SEED)
    post = await table.start(world.ann, lobby)

    # ----- 1: a skip passes with two of the three others ---------------------------------------------------------
    target = table.on_turn(post)
    others = [p for p in people if p is not target]
    early = await table.answer(await table.command(others[0], "gah vote", what="skip"))
    assert early.ephemeral_for == others[0].id and "reminder has gone out" in early.content, early.content
    await reminded(standin, world, target, 1)
    own = await table.answer(await table.command(target, "gah vote", what="skip"))
    assert own.ephemeral_for == target.id and "your own turn" in own.content, own.content
    watching = await table.answer(await table.command(world.watcher, "gah vote", what="ai"))
    assert watching.ephemeral_for == world.watcher.id and "Only the players" in watching.content, watching.content
    assert not vote_messages(standin, world), "a refused vote posts nothing"

    vote = await begin(table, others[0], "skip")
    assert vote.ephemeral_for is None and vote.content.startswith("**Vote**"), vote.content
    assert f"proposes to skip {target.user.username}'s turn" in vote.content, vote.content
    assert "2 of the 3 other players must agree" in vote.content and vote.pings.user_ids == [target.id]
    agree_id = vote.button(label="Agree")["custom_id"]
    again = await table.answer(await table.command(others[1], "gah vote", what="ai"))
    assert again.ephemeral_for == others[1].id and "is open" in again.content, again.content
    # the vote's buttons forged onto the turn post and the lobby (tampered copies): refused, nothing redrawn
    shown = public(standin, [world.channel])
    for where in (post, lobby):
        await send(standin, click(f"Agree on {where.id}", others[1], world.channel, where, agree_id,
                                  expected=("belongs on the vote's own message",)))
    assert public(standin, [world.channel]) == shown
    await refused(table, target, vote, "Agree", "about your seat")
    await refused(table, world.watcher, vote, "Disagree", "Only the players")
    await refused(table, others[0], vote, "Agree", "already voted")
    version_before = message_version(post)
    ballot = await table.click(others[1], vote, label="Agree")
    await standin.wait_for(lambda: ballot.followups or None, timeout=20, what="the ballot's private answer")
    assert ballot.followups[0].ephemeral_for == others[1].id
    assert "counted" in ballot.followups[0].content
    await standin.wait_for(lambda: "**Passed**" in vote.content or None, timeout=20, what="the vote passing")
    assert not vote.buttons(), "an ended vote has no buttons"
    post = await table.next_post(after_version=version_before)
    async with Storage(bot.database) as storage:
        history = await GameService(storage).history(1)
    skips = [m for m in history if m.actor == f"skip:{others[0].id}"]
    assert skips and all(m.name == target.user.username for m in skips), skips
    edits = vote.edit_count
    stale = await table.answer(await table.forge(others[2], vote, agree_id))  # the button is gone from the message
    assert stale.ephemeral_for == others[2].id and STALE in stale.content and vote.edit_count == edits

    # ----- 2: an AI vote fails with one (the one who began it): two disagree -------------------------------------
    target = table.on_turn(post)
    others = [p for p in people if p is not target]
    await reminded(standin, world, target, reminders_of(standin, world, target) + 1)
    vote = await begin(table, others[0], "ai")
    assert "let an AI" in vote.content, vote.content
    await table.click(others[1], vote, label="Disagree")
    await table.click(others[2], vote, label="Disagree")
    await standin.wait_for(lambda: "no majority agreed" in vote.content or None, timeout=20, what="the vote failing")
    assert not vote.buttons()
    async with Storage(bot.database) as storage:
        info = await GameService(storage).game(1)
    assert info.seat_of(target.id) is not None and not info.seat_of(target.id).ai_controlled  # type: ignore[union-attr]
    held = await table.answer(await table.command(others[1], "gah vote", what="skip"))
    assert held.ephemeral_for == others[1].id and "already held" in held.content, held.content

    # ----- 3: a vote lapses when the player moves -----------------------------------------------------------------
    post = await table.play_decisions(post, 1)
    target = table.on_turn(post)
    others = [p for p in people if p is not target]
    await reminded(standin, world, target, reminders_of(standin, world, target) + 1)
    vote = await begin(table, others[0], "skip")
    assert vote.ephemeral_for is None, vote.content
    agree_id = vote.button(label="Agree")["custom_id"]
    post = await table.play_decisions(post, 1)
    await standin.wait_for(lambda: "moved, or the game changed" in vote.content or None, timeout=20,
                           what="the vote lapsing")
    assert not vote.buttons()
    edits = vote.edit_count
    lapsed = await table.answer(await table.forge(others[1], vote, agree_id))
    assert lapsed.ephemeral_for == others[1].id and STALE in lapsed.content and vote.edit_count == edits

    # ----- 4: the 24 hours are a stored timer: SIGKILL, restart a day later, the vote ends once -------------------
    target = table.on_turn(post)
    others = [p for p in people if p is not target]
    await reminded(standin, world, target, reminders_of(standin, world, target) + 1)
    vote = await begin(table, others[0], "ai")
    assert vote.ephemeral_for is None and vote.buttons(), vote.content
    await table.click(others[1], vote, label="Disagree")  # one of each: still open
    await standin.wait_for(lambda: "Disagree: " + others[1].user.username in vote.content or None, timeout=20,
                           what="the tally")
    await bot.kill()
    bot.wrap = wrap_command()
    bot.extra_env[CLOCK_ENV] = str(time.time() + 24 * 3600 + 60)
    await bot.start()
    await standin.wait_for(lambda: "24 hours passed without a majority" in vote.content or None, timeout=30,
                           what="the vote expiring after the restart")
    assert not vote.buttons()
    edits = vote.edit_count
    await table.answer(await table.command(world.ann, "gah score"))  # the bot is alive and answers
    assert vote.edit_count == edits and bot.log_text().count("ended (expired)") == 1
    async with Storage(bot.database) as storage:
        info = await GameService(storage).game(1)
    assert not info.seat_of(target.id).ai_controlled  # type: ignore[union-attr]
    standin.assert_no_violations()

