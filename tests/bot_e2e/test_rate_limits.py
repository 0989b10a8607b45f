"""Issue 16: a whole game with two AI seats under Discord's real rate limits (5 messages per 5 s per channel, 50
requests a second in all): every click is answered within Discord's 3 seconds, and no turn post is lost or doubled.
Source of the limits: Discord's developer documentation, *Topics > Rate Limits* (see tests/discord_standin)."""

from __future__ import annotations

import itertools
import os
import random
import time
from pathlib import Path

import pytest

from bot.host.service import GameService
from bot.host.storage import Storage
from tests.discord_standin import StandIn, StandInConfig

from .driver import MENTION_RE, Table, is_final_post, message_version, summary
from .harness import BotProcess, World
from .reporting import record_figures
from .test_full_game import set_seed

SEED = int(os.environ.get("GAH_E2E_SEED", "16"))
MESSAGES_ROUTE = "/channels/{channel_id}/messages"


def busiest_window(times: list[float], seconds: float) -> int:
    """The most of `times` (seconds, sorted) that fall in any window of `seconds`."""
    most, start = 0, 0
    for end, at in enumerate(times):
        while at - times[start] >= seconds:
            start += 1
        most = max(most, end - start + 1)
    return most


@pytest.mark.parametrize("standin_config", [StandInConfig()], indirect=True)  # Discord's limits, whatever the env
async def test_full_game_with_two_ai_seats_under_discords_rate_limits(
        standin: StandIn, world: World, bot: BotProcess, tmp_path: Path) -> None:
    """ann and bob play against a random and a greedy AI. Each player waits for the post that pings them, as
    people do. Every click is answered (initial response) within 3 s; posts are in game order with no version
    twice and one final post; every time the turn passes to a person, a post at exactly that game version pings
    that person (posts for AI turns may be merged); the game meets the channel's limit and the bot keeps to it (no
    429)."""
    config = standin.core.config
    assert (config.global_rate_limit, config.route_limits[0].limit, config.route_limits[0].per) == (50, 5, 5.0)
    started = time.monotonic()
    table = Table(standin, world, {world.ann.id: world.ann, world.bob.id: world.bob}, random.Random(SEED), bot=bot)
    lobby = await table.open_lobby(world.ann, [world.bob], ["random", "greedy"])
    await set_seed(bot.database, 1, world.ann.id, SEED)
    post = await table.start(world.ann, lobby)
    waits: list[float] = []
    while not is_final_post(post):
        actor = table.on_turn(post)
        panel = await table.open_panel(actor, post)
        assert panel.components, f"{actor.user.username} was pinged but got no panel: {panel.content!r}"
        last = await table.play_panel(actor, panel)
        assert last is not None, "a panel without choices"
        turn_ended = time.monotonic()
        post = await table.next_post(after_version=last, timeout=120)
        waits.append(time.monotonic() - turn_ended)
        assert table.decisions < 2000, "the game does not end"
    elapsed = time.monotonic() - started

    assert "Winner:" in post.content
    assert max(table.latencies) < 3.0, f"a click answered after {max(table.latencies):.2f} s"
    standin.assert_no_violations()  # includes Discord's 3-second rule for every interaction

    posts = table.posts()
    versions = [message_version(p) for p in posts]
    assert versions == sorted(set(versions)), f"a post doubled or out of order: {versions}"
    assert [is_final_post(p) for p in posts].count(True) == 1 and is_final_post(posts[-1])

    async with Storage(bot.database) as storage:
        service = GameService(storage)
        assert (await service.game(1)).status == "finished"
        check = await service.check_replay(1)
        assert check.ok, check.detail
        history = [m for m in await service.history(1) if m.kind == "action" and not m.undone]
    humans = {f"user:{world.ann.id}": world.ann.id, f"user:{world.bob.id}": world.bob.id}
    by_version = {message_version(p): p for p in posts}
    handovers = [(before.version, humans[after.actor]) for before, after in itertools.pairwise(history)
                 if after.seat != before.seat and after.actor in humans]
    assert len(handovers) >= 10, handovers
    for version, user_id in handovers:
        handed = by_version.get(version)
        assert handed is not None, f"no post when the turn passed to <@{user_id}> at v{version}: lost"
        pinged = [int(m) for m in MENTION_RE.findall(handed.content.partition("**Next:**")[2])]
        assert pinged == [user_id] and handed.pings.user_ids == [user_id], (version, handed.content)
    ai_moves = [m for m in history if m.actor.startswith("ai:")]
    assert ai_moves and {m.actor for m in ai_moves} == {"ai:random", "ai:greedy"}

    sent = sorted(r.at for r in standin.requests if r.route == MESSAGES_ROUTE and r.method == "POST")
    assert busiest_window(sent, 5.0) >= 5, "the game met the channel's limit"
    assert standin.rate_limits.hits == [], "and the bot kept to it: it waited when a bucket was empty"
    record_figures(tmp_path, "rate_limits", elapsed=elapsed, decisions=table.decisions, table=table,
                   extra=f"4 seats (2 AI); end of a person's turn to the next post pinging a person "
                         f"{summary(waits)}; most posts in 5 s: {busiest_window(sent, 5.0)}")
