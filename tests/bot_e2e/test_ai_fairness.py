"""Issue 40 item 2: one member cannot starve other people's AI. ann plays against a greedy AI (it thinks in the AI
pool); her AI's turns are timed (from her turn's last click to the turn post that names her again) alone, then while
bob runs 8 games of only strong AIs (each opened by bob, who then hands his own seat to an AI with `/gah ai`), the
most the server allows here (`GAH_AI_ONLY_GAMES_PER_SERVER=8`): a 9th is refused privately, naming the limit. With
the old first-come-first-served pool each of her AI's decisions queued behind one decision of each of the 8 games
(seconds each); now the games of only AIs think in their own lowest-priority worker and hers never waits for them.
The bound is generous (the machine is shared): the median with the load at most 3 times the median alone plus 2 s."""

from __future__ import annotations

import dataclasses
import random
import time
from pathlib import Path

from tests.discord_standin import Actor, Message, StandIn

from .driver import Table, is_final_post, message_version
from .harness import BotProcess, World
from .reporting import check_slowdown
from .test_full_game import set_seed

LOAD_GAMES = 8
AI_TURNS = 4
"""ann's AI turns timed alone, and again with the load."""


def names_next(post: Message, actor: Actor) -> bool:
    """Whether a turn post asks `actor` to move next (or is the final post)."""
    return is_final_post(post) or actor.mention in post.content.partition("**Next:**")[2]


async def ai_turns(table: Table, post: Message, ann: Actor, count: int) -> tuple[list[float], Message]:
    """ann plays her turns; each time the turn passes to her AI, the seconds until the post that names her again."""
    samples: list[float] = []
    while len(samples) < count and not is_final_post(post):
        panel = await table.open_panel(ann, post)
        last = await table.play_panel(ann, panel)
        assert last is not None, "a panel without choices"
        clicked = time.monotonic()

        def back_to_ann(after: int = last) -> Message | None:
            found = [m for m in table.posts() if message_version(m) > after and names_next(m, ann)]
            return found[-1] if found else None

        post = await table.standin.wait_for(back_to_ann, timeout=90, what="the post that names ann again")
        waited = time.monotonic() - clicked
        if "again - carry on" not in post.content:  # her AI moved in between (not ann on turn twice)
            samples.append(waited)
    return samples, post


async def all_ai_game(standin: StandIn, world: World, bot: BotProcess, bob: Actor, n: int) -> Message:
    """bob opens a game with a strong AI in channel load-`n`, starts it and hands his seat to a strong AI; returns
    the answer to `/gah ai`."""
    channel = standin.create_channel(world.guild, f"load-{n}")
    table = Table(standin, dataclasses.replace(world, channel=channel), {bob.id: bob}, random.Random(n), bot=bot)
    lobby = await table.open_lobby(bob, [], ["strong"])
    await table.start(bob, lobby)
    handed = await table.command(bob, "gah ai", level="strong")
    return await table.answer(handed)


async def test_games_of_only_ais_do_not_slow_a_persons_ai(standin: StandIn, world: World, make_bot: object,
                                                          tmp_path: Path) -> None:
    bot: BotProcess = make_bot(  # type: ignore[operator]
        GAH_AI_WORKERS="1", GAH_AI_ONLY_GAMES_PER_SERVER=str(LOAD_GAMES),
        GAH_MAX_GAMES_PER_USER="20")  # one member runs all 8 games of only AIs: above the cap of 5 a member
    await bot.start()
    started = time.monotonic()
    ann, bob = world.ann, world.bob
    table = Table(standin, world, {ann.id: ann}, random.Random(40), end_bias=0.7, bot=bot)
    lobby = await table.open_lobby(ann, [], ["greedy"])
    await set_seed(bot.database, 1, ann.id, 40)
    post = await table.start(ann, lobby)
    if not names_next(post, ann):  # the AI moves first
        post = await standin.wait_for(lambda: next((m for m in reversed(table.posts()) if names_next(m, ann)), None),
                                      timeout=90, what="ann's first turn")
    alone, post = await ai_turns(table, post, ann, AI_TURNS)

    for n in range(1, LOAD_GAMES + 1):
        answer = await all_ai_game(standin, world, bot, bob, n)
        assert "now plays" in answer.content and answer.ephemeral_for is None, answer.content
    refused = await all_ai_game(standin, world, bot, bob, LOAD_GAMES + 1)
    assert refused.ephemeral_for == bob.id, "the refusal is private"
    assert f"at most {LOAD_GAMES} such games running at a time" in refused.content, refused.content
    assert "last person's seat" in refused.content

    loaded, post = await ai_turns(table, post, ann, AI_TURNS)
    check_slowdown("ai_fairness", "ann's greedy AI turns (click to the post naming her)", alone, loaded,
                   f"with {LOAD_GAMES} games of only strong AIs", started)
    assert max(table.latencies) < 3.0
    assert not bot.problems(), bot.problems()
    standin.assert_no_violations()
