"""Issue 51 item 5, through the real bot and the stand-in (Discord's limits on): `/gah card`'s autocomplete does work
in proportion to the focused text, which a tampered client may send far longer than the option's 100 characters.
A burst of such autocompletes must not hold up a click of someone in another server past Discord's 3 seconds; and
an autocomplete that reaches the bot after its 3 seconds (a stalled loop, a slow disk) is left unanswered, as
Discord no longer takes an answer, without an ERROR line."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable

from tests.discord_standin import InteractionType, StandIn

from .driver import RESPONSE_TIMEOUT, Table, verbs
from .harness import BotProcess, World, build_world
from .test_forged import Commands, Payload, send

BURST = 40
"""Autocompletes sent at once by one member (a script can send them as fast as it likes)."""
LONG_TEXTS = [" ".join(letter * 3000) for letter in "ce"]
"""Focused texts of about 6,000 characters: one-letter words, the costliest shape for a search by word starts
(each word is tried against every card name); these two took 80-100 ms of a quiet machine each before the fix
(95-190 ms loaded)."""
LATE_AFTER = 3.5
"""Seconds by which the late autocompletes reach the bot (Discord's deadline is 3 s from their creation)."""
LATE_LINE = "past Discord's 3 s: not answered"
"""What the bot logs (INFO) for an autocomplete it got too late to answer."""


async def test_a_burst_of_long_autocompletes_keeps_other_servers_clicks_in_time(
        standin: StandIn, world: World, make_bot: Callable[..., BotProcess]) -> None:
    """A member's burst of long autocompletes against a Join in another server, then late autocompletes."""
    bot = make_bot()
    await bot.start()
    elsewhere = build_world(standin, "Elsewhere", suffix="2")
    victim = Table(standin, elsewhere, {elsewhere.ann.id: elsewhere.ann}, random.Random(5), bot=bot)
    # the bot's commands are registered in its development server only: the other server's lobby is opened with
    # the same command's payload
    opened = await send(standin, Payload("/gah new elsewhere", elsewhere.ann, elsewhere.channel,
                                         InteractionType.APPLICATION_COMMAND, Commands(standin, world).data("new")))
    assert "lobby is open" in opened, opened
    lobby = await standin.wait_for(lambda: next((m for m in standin.messages_in(elsewhere.channel)
                                                 if "join" in verbs(m)), None), timeout=RESPONSE_TIMEOUT,
                                   what="the lobby elsewhere")

    for round_ in range(2):  # the victim clicks while the burst is still arriving, twice over
        sent = [world.watcher.autocomplete(world.channel, "gah card", "name", name=LONG_TEXTS[(k + round_) % 2])
                for k in range(BURST)]
        burst = await asyncio.gather(*sent)
        joiner = elsewhere.bob if round_ == 0 else elsewhere.watcher
        click = await victim.answered(joiner.click(lobby, label="Join"))
        latency = (await click.response(timeout=RESPONSE_TIMEOUT)).latency
        assert latency < 2.5, f"the click in another server took {latency:.2f} s to be answered (Discord: 3 s)"
        responses = [await interaction.response(timeout=RESPONSE_TIMEOUT) for interaction in burst]
        slowest = max(response.latency for response in responses)
        assert slowest < 2.5, f"an autocomplete took {slowest:.2f} s"
        assert all(response.type == 8 for response in responses) and responses[0].choices
        # the search used the option's first 100 characters: "c c c ..." finds the names with c-words, as
        # "c c c" (100 characters) would
        assert [c["name"] for c in responses[0].choices or []] == \
            [c["name"] for c in (await (await world.watcher.autocomplete(
                world.channel, "gah card", "name", name=LONG_TEXTS[round_ % 2][:100])).response()).choices or []]
    print(f"{2 * BURST} autocompletes of {len(LONG_TEXTS[0])} characters; the other server's click answered in "
          f"{latency * 1000:.0f} ms")

    # autocompletes that reach the bot after Discord's 3 seconds: no answer (it would be refused), no ERROR
    standin.delay_interactions(LATE_AFTER, times=3)
    late = [await world.watcher.autocomplete(world.channel, "gah card", "name", name="Waiter") for _ in range(3)]
    await standin.wait_for(lambda: bot.log_text().count(LATE_LINE) + bot.log_text().count("Ignoring exception in "
                                                                                          "autocomplete") >= 3 or None,
                           timeout=RESPONSE_TIMEOUT + LATE_AFTER, what="the late autocompletes reaching the bot",
                           strict=False)
    assert not bot.problems(), bot.problems()
    violations = standin.take_violations()
    assert len(violations) == 3 and all(v.rule == "interaction.initial_response_timeout"
                                        and v.message.startswith("no initial response") for v in violations), \
        [v.message for v in violations]
    assert all(interaction.response_type is None for interaction in late)
    prompt = await world.watcher.autocomplete(world.channel, "gah card", "name", name="Waiter")
    assert ((await prompt.response(timeout=RESPONSE_TIMEOUT)).choices or [{}])[0].get("name") == "Chief Waiter"
    standin.assert_no_violations()
