"""Issue 42 item 9 (first part) and issue 41 item 4, through the real bot and the stand-in: `/gah rules` and
`/overbooking rules` answer a paged ephemeral message with Previous, a page counter and Next, whose clicks turn the
page in place; and an option value that a transformer refuses gets a clear ephemeral answer and changes nothing."""

from __future__ import annotations

import random

import pytest

from tests.discord_standin import Actor, Message, StandIn
from tests.discord_standin.errors import StandInUsageError

from .driver import Table
from .harness import BotProcess, World

DISCORD_MESSAGE_LIMIT = 2000


async def private_answer(table: Table, actor: Actor, command: str, **options: object) -> Message:
    """The answer to `actor`'s slash command, which must be ephemeral for them."""
    message = await table.answer(await table.command(actor, command, **options))
    assert message.ephemeral_for == actor.id, f"not private: {message.content!r}"
    return message


def page_buttons(message: Message) -> tuple[dict[str, object], dict[str, object], dict[str, object]]:
    """The rules message's three buttons, left to right: Previous, the page counter, Next."""
    buttons = message.buttons()
    assert [b["label"] for b in buttons[::2]] == ["Previous", "Next"], buttons
    return buttons[0], buttons[1], buttons[2]


async def turn_page(table: Table, actor: Actor, message: Message, label: str) -> Message:
    """Click Previous or Next on the rules message: the bot updates that message in place."""
    button = message.button(label=label)
    assert not button.get("disabled"), f"{label} is greyed out on {message.content[-20:]!r}"
    edits = message.edit_count
    interaction = await table.answered(actor.click(message, custom_id=str(button["custom_id"])))
    updated = await table.answer(interaction)
    assert updated.id == message.id and updated.edit_count > edits, "the page did not turn in place"
    return updated


async def test_rules_are_paged_with_buttons(standin: StandIn, world: World, bot: BotProcess) -> None:
    watcher = world.watcher
    table = Table(standin, world, {}, random.Random(42), bot=bot)
    public_before = table.public_snapshot()

    first = await private_answer(table, watcher, "gah rules")
    assert first.content.startswith("**Goal and flow.**") and first.content.endswith("(page 1 of 7)"), first.content
    previous, counter, following = page_buttons(first)
    assert previous.get("disabled") and counter.get("disabled") and not following.get("disabled")
    assert counter["label"] == "Page 1 of 7"

    # Next through every page: each fills a readable message (far more than the old 250 characters, within
    # Discord's limit) and the counter follows
    seen = [first.content]
    message = first
    for page in range(2, 8):
        message = await turn_page(table, watcher, message, "Next")
        assert message.content.endswith(f"(page {page} of 7)"), message.content
        assert page_buttons(message)[1]["label"] == f"Page {page} of 7"
        seen.append(message.content)
    assert all(600 <= len(text) <= DISCORD_MESSAGE_LIMIT for text in seen), [len(text) for text in seen]
    assert len(set(seen)) == 7
    assert "Let's Waltz" in seen[-1]
    previous, _, following = page_buttons(message)
    assert following.get("disabled") and not previous.get("disabled"), "Next is greyed out on the last page"
    message = await turn_page(table, watcher, message, "Previous")
    assert message.content == seen[5]

    # the page option still opens any page, with the buttons of that page
    fourth = await private_answer(table, watcher, "gah rules", page=4)
    assert fourth.content == seen[3]
    assert not any(b.get("disabled") for b in page_buttons(fourth)[::2])

    # Overbooking's rules: the same view, its own pages; a page it does not have is refused by the option
    overbooking = await private_answer(table, watcher, "overbooking rules")
    assert overbooking.content.startswith("**Overbooking: the short rules**")
    assert overbooking.content.endswith("(page 1 of 3)") and page_buttons(overbooking)[1]["label"] == "Page 1 of 3"
    last = await turn_page(table, watcher, await turn_page(table, watcher, overbooking, "Next"), "Next")
    assert last.content.endswith("(page 3 of 3)") and page_buttons(last)[2].get("disabled")
    with pytest.raises(StandInUsageError, match=r"outside 1\.\.3"):  # Discord's client offers only the 3 pages
        await private_answer(table, watcher, "overbooking rules", page=5)

    # a forged page button (not on the message) is answered politely, and the rules message stays as it was
    shown = (last.content, last.edit_count)
    forged = await table.answer(await table.forge(watcher, last, "rules:overbooking:9:next"))
    assert forged.ephemeral_for == watcher.id and "not one I know" in forged.content, forged.content
    assert (last.content, last.edit_count) == shown
    assert table.public_snapshot() == public_before, "rules pages are private"


async def test_option_values_refused_by_a_transformer_are_answered(standin: StandIn, world: World,
                                                                   bot: BotProcess) -> None:
    watcher = world.watcher
    table = Table(standin, world, {}, random.Random(43), bot=bot)
    public_before = table.public_snapshot()
    for command in ("gah board", "gah score", "gah log", "overbooking board", "gah hotel"):
        answer = await private_answer(table, watcher, command, game=12345)
        assert answer.content == "There is no started game 12345 on this server.", (command, answer.content)
    answer = await private_answer(table, watcher, "gah board", game=0)
    assert answer.content == f"`game` must be a whole number from 1 to {2**53}.", answer.content
    # without a game option the viewing commands fall back to the channel's game, and there is none
    answer = await private_answer(table, watcher, "gah board")
    assert answer.content == "There is no game in this channel. Start one with `/gah new`.", answer.content
    assert table.public_snapshot() == public_before
