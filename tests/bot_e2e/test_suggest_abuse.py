"""Issue 51 items 2 and 4: *Suggest* is cheap to abuse, and a late answer is dropped quietly; real bot, stand-in,
Discord's limits on.

- 40 clicks on one panel's *Suggest* within about 0.1 s (while a person's strong AI in another server plays its
  turns): every click is answered at once and privately, the first with "thinking", the other 39 with the polite
  "still thinking" (they join the first search); all 40 are filled in with the same suggestion; the game counts one
  ask, not 40; the other server's AI turns stay within a generous bound of their time alone.
- bob hands his seat to a master AI with `/gah ai` and presses *Suggest* on the panel he had open: refused privately,
  nothing counted.
- A suggestion whose answer comes after Discord stopped taking the click's token (the stand-in's clock moved 15
  minutes on while the search ran; Discord answers 401 Invalid Webhook Token): the bot drops it with one INFO line
  per click, no ERROR, no traceback, and asks Discord nothing more for it.
"""

from __future__ import annotations

import asyncio
import random
import time
from pathlib import Path

from bot.host.service import GameService
from bot.host.storage import Storage
from tests.discord_standin import Message, StandIn

from .driver import Table, parse_id
from .harness import BotProcess, World, build_world
from .reporting import check_slowdown
from .test_ai_fairness import ai_turns, names_next
from .test_full_game import set_seed

FLOOD = 40
SUGGESTION_TIMEOUT = 60.0
AI_TURNS = 3
BEST = "**The expert AI would choose: "
STILL_THINKING = "I am still thinking about this decision for you; the suggestion will appear here."


async def started_pair(standin: StandIn, world: World, bot: BotProcess, seed: int) -> tuple[Table, Message]:
    """ann and bob's game in `world`'s channel, started with `seed`; returns the table and the first turn post."""
    ann, bob = world.ann, world.bob
    table = Table(standin, world, {ann.id: ann, bob.id: bob}, random.Random(seed), bot=bot)
    lobby = await table.open_lobby(ann, [bob], [])
    game_id = parse_id(lobby.buttons()[0]["custom_id"])[0]
    await set_seed(bot.database, game_id, ann.id, seed)
    return table, await table.start(ann, lobby)


async def victim_game(standin: StandIn, bot: BotProcess) -> tuple[Table, World, Message]:
    """Another server's member plays a strong AI (it thinks in the AI pool); returns the table, its world and the
    post that names the member first."""
    other = build_world(standin, "Other Hotel", suffix="2")
    table = Table(standin, other, {other.ann.id: other.ann}, random.Random(51), end_bias=0.7, bot=bot)
    lobby = await table.open_lobby(other.ann, [], ["strong"])
    post = await table.start(other.ann, lobby)
    if not names_next(post, other.ann):
        post = await standin.wait_for(
            lambda: next((m for m in reversed(table.posts()) if names_next(m, other.ann)), None),
            timeout=90, what="the victim's first turn")
    return table, other, post


def first_texts(standin: StandIn) -> dict[int, str]:
    """From now on, the text each message of the bot had when it was created, by message id (the stand-in's message
    service reports each new message to us; its behaviour is unchanged)."""
    texts: dict[int, str] = {}
    service = standin.services.messages
    create = service.dispatch_create

    def recorded(message: Message) -> None:
        create(message)
        texts.setdefault(message.id, message.content)

    service.dispatch_create = recorded  # type: ignore[method-assign]
    return texts


async def asked(database: Path, game_id: int) -> dict[int, int]:
    async with Storage(database) as storage:
        return await GameService(storage).suggestions_asked(game_id)


async def test_a_suggest_flood_runs_one_search_and_spares_other_servers(standin: StandIn, world: World,
                                                                        make_bot: object) -> None:
    started = time.monotonic()
    bot: BotProcess = make_bot(GAH_AI_WORKERS="1")  # type: ignore[operator]
    bot.global_commands = True  # a second server has the commands too
    await bot.start()
    victim, other, post = await victim_game(standin, bot)
    alone, post = await ai_turns(victim, post, other.ann, AI_TURNS)

    table, first = await started_pair(standin, world, bot, 4)
    asker = table.on_turn(first)
    panel = await table.open_panel(asker, first)
    suggest = panel.button(label="Suggest")["custom_id"]
    game_id = parse_id(suggest)[0]
    created = first_texts(standin)
    clicking = time.monotonic()
    flood = await asyncio.gather(*(asker.click(panel, custom_id=suggest) for _ in range(FLOOD)))
    clicked = time.monotonic() - clicking
    timing = asyncio.create_task(ai_turns(victim, post, other.ann, AI_TURNS))
    responses = await asyncio.gather(*(interaction.response() for interaction in flood))
    assert all(response.latency < 3.0 for response in responses)
    assert responses[0].type == 5, "the first click: 'thinking', filled in later"
    # the others: "still thinking" at once (they joined the search), or, once it answered, its answer at once (on a
    # loaded machine the search can end before the bot reads the second click)
    joined = [i for i, r in zip(flood, responses, strict=True) if r.type == 4]
    assert all(r.type in (4, 5) for r in responses[1:]) and len(joined) == FLOOD - 1, [r.type for r in responses]
    assert all(i.original is not None and (created[i.original.id] == STILL_THINKING
                                           or created[i.original.id].startswith(BEST)) for i in joined)

    def all_filled() -> list[str] | None:
        texts = [i.original.content if i.original is not None and not i.original.loading else "" for i in flood]
        return texts if all(text.startswith(BEST) for text in texts) else None

    answers = await standin.wait_for(all_filled, timeout=SUGGESTION_TIMEOUT, what="every click's suggestion")
    assert len(set(answers)) == 1, "every click got the one search's answer"
    assert all(i.original is not None and i.original.ephemeral_for == asker.id for i in flood)
    assert sum((await asked(bot.database, game_id)).values()) == 1, "one search counted, not one per click"
    loaded, post = await timing
    check_slowdown("suggest_abuse", "the other server's strong AI turns", alone, loaded,
                   f"during {FLOOD} Suggest clicks in {clicked:.2f} s (one search)", started)
    assert not bot.problems(), bot.problems()
    standin.assert_no_violations()


async def test_suggest_is_refused_for_a_seat_an_ai_plays(standin: StandIn, world: World, bot: BotProcess) -> None:
    table, first = await started_pair(standin, world, bot, 4)
    player = table.on_turn(first)
    panel = await table.open_panel(player, first)
    game_id = parse_id(panel.button(label="Suggest")["custom_id"])[0]
    handed = await table.answer(await table.command(player, "gah ai", level="master"))
    assert "now plays" in handed.content, handed.content
    refused = await table.answer(await table.click(player, panel, label="Suggest"))
    assert refused.ephemeral_for == player.id
    assert "An AI plays your seat now" in refused.content and "/gah takeback" in refused.content, refused.content
    assert await asked(bot.database, game_id) == {}
    assert not bot.problems(), bot.problems()
    standin.assert_no_violations()


async def test_a_suggestion_after_the_token_expired_is_dropped_quietly(standin: StandIn, world: World,
                                                                       bot: BotProcess) -> None:
    table, first = await started_pair(standin, world, bot, 4)
    asker = table.on_turn(first)
    panel = await table.open_panel(asker, first)
    before = len(standin.requests)
    clicks = [await asker.click(panel, label="Suggest") for _ in range(2)]  # the second joins the first's search
    for interaction in clicks:
        await interaction.response()
    assert clicks[0].original is not None and clicks[0].original.loading, "the search was still running"
    standin.advance_time(15 * 60 + 5)  # Discord's clock: both tokens are now older than their 15 minutes

    def late_answers() -> list[object] | None:
        refused = [r for r in standin.requests[before:] if r.status == 401 and "/webhooks/" in r.path]
        return refused if len(refused) >= 2 else None

    deadline = time.monotonic() + SUGGESTION_TIMEOUT
    while (refused := late_answers()) is None:  # polled: the stand-in's own waits raise at the violation
        assert time.monotonic() < deadline, "the bot never tried to answer"
        await asyncio.sleep(0.05)
    await asyncio.sleep(2.0)  # whatever the bot would do after the refusals
    assert not bot.problems(), bot.problems()
    violations = standin.take_violations()
    assert [v.rule for v in violations] == ["interaction.token_expired"] * 2, violations
    after = [r for r in standin.requests[before:] if "/webhooks/" in r.path and r.status >= 400]
    assert after == refused, f"one try per late answer, nothing more: {after}"
    for record in refused:  # expected: Discord refused them; the fixture's check is for the bot's other requests
        standin.requests.remove(record)
    log = bot.log_text()
    assert not bot.problems(), bot.problems()
    dropped = [line for line in log.splitlines() if " INFO " in line and "suggestion" in line and "dropped" in line]
    assert len(dropped) == 2, dropped
    assert await asked(bot.database, parse_id(panel.button(label="Suggest")["custom_id"])[0]) != {}
