"""Issue 52 item 3 through the real bot and the stand-in: *Suggest* names exactly a choice the turn panel offers (its
label, word for word: a die with its split of items, its copied action or its staff card, a serve of all that fits),
and its *Play this* button plays that choice in one click (the game's log gets the choice's moves, and the answer
becomes the player's panel); a *Play this* of the same suggestion clicked after the game moved on is refused in a
sentence and plays nothing, and so is one clicked by another member (a forged click on someone else's answer). The
rest of the turn is played by *Suggest* and *Play this* alone, a choice of several steps among them.
"""

from __future__ import annotations

import functools
import random

from bot.games.gah.panel import build_panel
from bot.host.service import GameService
from bot.host.storage import Storage
from engine import GameState, legal_actions
from tests.discord_standin import Message, StandIn

from .driver import Table, parse_id
from .harness import BotProcess, World
from .test_full_game import set_seed
from .test_suggest import BEST, SUGGESTION_TIMEOUT, panel_labels


def steps_of(state: GameState, name: str, label: str) -> tuple[str, ...]:
    """The texts of the legal actions the panel choice labelled `label` plays (a compound choice's plan, or one
    action)."""
    actions = legal_actions(state, name)
    panel = build_panel(state, actions)
    pages = [panel] + [build_panel(state, actions, page=page) for page in range(1, panel.pages)]
    index = next(choice.index for page in pages for row in page.rows for choice in row.choices
                 if choice.label == label and not choice.to_page)
    return panel.plans[index] if index >= len(actions) else (actions[index].text,)


def edited(message: Message, edits: int) -> bool | None:
    """True once `message` was edited more than `edits` times, else None (for `StandIn.wait_for`)."""
    return message.edit_count > edits or None


async def test_suggest_names_the_panel_choice_and_play_this_plays_it(standin: StandIn, world: World,
                                                                    bot: BotProcess) -> None:
    ann, bob = world.ann, world.bob
    table = Table(standin, world, {ann.id: ann, bob.id: bob}, random.Random(6), bot=bot)
    lobby = await table.open_lobby(ann, [bob], [])
    await set_seed(bot.database, 1, ann.id, 6)
    post = await table.start(ann, lobby)
    for _ in range(80):  # on to a turn decision with a choice of dice, guests and serves
        post = await table.play_decisions(post, 1)
        async with Storage(bot.database) as storage:
            state = (await GameService(storage).game(1)).state
        if state.pending[-1].kind == "turn" and len(legal_actions(state)) >= 6 and state.round >= 2:
            break
    else:
        raise AssertionError("no turn decision came")
    asker = table.on_turn(post)
    other = bob if asker is ann else ann
    panel = await table.open_panel(asker, post)

    answer = await (await table.click(asker, panel, label="Suggest")).reply(timeout=SUGGESTION_TIMEOUT)
    best = BEST.match(answer.content.splitlines()[0])
    assert best is not None, answer.content
    label = best["label"]
    assert label in panel_labels(panel), (label, sorted(panel_labels(panel)))
    assert "projected final score" not in answer.content, answer.content
    play = answer.button(label="Play this")
    game, version, verb, _ = parse_id(play["custom_id"])
    assert (game, verb) == (1, "play"), play

    again = await table.answer(await table.click(asker, panel, label="Suggest"))  # the same answer, at once
    assert again.content == answer.content and again.button(label="Play this")["custom_id"] == play["custom_id"]

    # another member's (forged) click on the asker's answer is refused and plays nothing
    refused = await table.answer(await table.forge(other, again, play["custom_id"]))
    assert refused.ephemeral_for == other.id and "someone else" in refused.content, refused.content

    async with Storage(bot.database) as storage:
        info = await GameService(storage).game(1)
    assert info.version == version and info.state is not None
    seat = info.seat_of(asker.id)
    assert seat is not None
    expected = steps_of(info.state, seat.name, label)
    edits = answer.edit_count
    await table.click(asker, answer, label="Play this")
    await standin.wait_for(lambda: answer.edit_count > edits or None, what="the answer turned into the panel")
    async with Storage(bot.database) as storage:
        moves = [m for m in await GameService(storage).history(1) if m.version > version]
    mine = [m.action for m in moves if m.actor == f"user:{asker.id}"]
    assert tuple(mine[:len(expected)]) == expected, (label, expected, mine)
    assert "Play this" not in str(answer.components), "the answer is the player's panel now"

    # the same suggestion's Play this, clicked once the game moved on: refused, nothing played
    logged = len(moves)
    stale = await table.answer(await table.click(asker, again, label="Play this"))
    assert stale.ephemeral_for == asker.id and "moved on since this suggestion" in stale.content, stale.content
    async with Storage(bot.database) as storage:
        after = [m for m in await GameService(storage).history(1) if m.version > version]
    assert len(after) == logged, "a stale Play this plays nothing"

    # the rest of the turn, and the asker's next turns, by Suggest and Play this alone, in the answer turned panel:
    # a die comes with its follow-up (split of items, copied action, staff card) or a serve with all that fits, as
    # one choice
    played = [label]
    compounds = len(expected) > 1
    current = answer
    last = max(m.version for m in after)
    for _ in range(30):
        if compounds and len(played) > 3:
            break
        if not any(button.get("label") == "Suggest" for button in current.buttons()):  # the turn passed on
            post = await table.next_post(after_version=last - 1)
            while table.on_turn(post) is not asker:
                post = await table.play_decisions(post, 1)
            current = await table.open_panel(asker, post)
        async with Storage(bot.database) as storage:
            info = await GameService(storage).game(1)
        assert info.state is not None
        reply = await (await table.click(asker, current, label="Suggest")).reply(timeout=SUGGESTION_TIMEOUT)
        found = BEST.match(reply.content.splitlines()[0])
        assert found is not None and found["label"] in panel_labels(current), (reply.content, panel_labels(current))
        expected = steps_of(info.state, seat.name, found["label"])
        edits = reply.edit_count
        await table.click(asker, reply, label="Play this")
        await standin.wait_for(functools.partial(edited, reply, edits), what="the answer turned into the panel")
        async with Storage(bot.database) as storage:
            moves = [m for m in await GameService(storage).history(1) if m.version > info.version]
        mine = [m.action for m in moves if m.actor == f"user:{asker.id}"]
        assert tuple(mine[:len(expected)]) == expected, (found["label"], expected, mine)
        last = max(m.version for m in moves)
        compounds = compounds or len(expected) > 1
        played.append(found["label"])
        current = reply
    assert compounds, ("a choice of several steps was suggested and played", played)
    standin.assert_no_violations()
