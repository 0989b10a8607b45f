"""Issue 42 item 9: the turn panel's *Suggest* button, through the real bot and the stand-in.

A player presses *Suggest* (on the starting guest's choice, and again on one of their turns): the bot answers at
once (privately, "thinking") and fills in what the expert AI would choose, why, and its two best alternatives with
their estimated worth; every named move is a choice the panel offers, by its label word for word (issue 52 item 3),
and each alternative reads differently. The game is played to the end and `/gah stats` marks it for the player
who asked, not for the other. With the host's lobby option "Without the Suggest button" (kept across a SIGKILL
restart) the panel has no *Suggest* and a forged click on it is refused privately, counting nothing.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

from bot.host.custom_ids import build
from bot.host.service import GameService
from bot.host.storage import Storage
from engine import legal_actions
from tests.discord_standin import Actor, Message, StandIn

from .driver import Table, parse_id
from .harness import BotProcess, World
from .test_full_game import set_seed

BEST = re.compile(r"^\*\*The expert AI would choose: (?P<label>.+)\*\* \(estimated worth (?P<value>-?\d+\.\d) VP\)\.$")
ALTERNATIVE = re.compile(r"^(?P<rank>[23])\. (?P<label>.+) \(estimated worth (?P<value>-?\d+\.\d) VP"
                         r"(?:, (?P<less>\d+\.\d) VP less|, (?P<more>\d+\.\d) VP more|, about the same)\)\. "
                         r"(?P<reason>[A-Z].+\.)$")
SUGGESTION_TIMEOUT = 60.0
"""How long the test waits for the filled-in answer (the search runs in the AI pool on a loaded machine)."""


def panel_labels(panel: Message) -> set[str]:
    """Every choice the panel offers, by its label (buttons and select options)."""
    labels = {str(button.get("label")) for button in panel.buttons()}
    return labels | {str(option["label"]) for select in panel.selects() for option in select.get("options", [])}


async def check_suggestion(table: Table, asker: Actor, panel: Message, database: Path) -> str:
    """Press *Suggest* on `asker`'s panel: the answer comes at once as a private "thinking" message, then names
    up to three moves that read differently, each a choice the panel offers (by its label), the alternatives with
    values that agree with "N VP less"; returns the kind of the decision."""
    interaction = await table.click(asker, panel, label="Suggest")
    response = await interaction.response()
    assert response.type == 5, "answered at once with a private 'thinking' message, filled in later"
    answer = await interaction.reply(timeout=SUGGESTION_TIMEOUT)
    assert answer.ephemeral_for == asker.id, "only the asker sees the suggestion"
    lines = answer.content.splitlines()
    best = BEST.match(lines[0])
    assert best is not None, answer.content
    assert lines[1].startswith("**Its best") or (lines[1].endswith(".") and lines[1][0].isupper()), answer.content
    alternatives = [found for line in lines if (found := ALTERNATIVE.match(line))]
    assert [found["rank"] for found in alternatives] in (["2"], ["2", "3"]), answer.content
    for found in alternatives:
        difference = float(best["value"]) - float(found["value"])
        if found["less"] is not None:
            assert abs(difference - float(found["less"])) < 0.11, answer.content
        elif found["more"] is not None:
            assert abs(difference + float(found["more"])) < 0.11, answer.content
        else:
            assert abs(difference) < 0.11, answer.content
    async with Storage(database) as storage:
        info = await GameService(storage).game(1)
    seat = info.seat_of(asker.id)
    assert seat is not None and info.state is not None
    named = [best["label"], *(found["label"] for found in alternatives)]
    assert len(set(named)) == len(named), "moves that read differently"
    offered = panel_labels(panel)
    assert set(named) <= offered, (named, offered)
    return str(info.state.pending[-1].kind)


async def test_suggest_names_legal_moves_and_stats_mark_the_game(standin: StandIn, world: World,
                                                                 bot: BotProcess) -> None:
    ann, bob = world.ann, world.bob
    table = Table(standin, world, {ann.id: ann, bob.id: bob}, random.Random(4), bot=bot)
    lobby = await table.open_lobby(ann, [bob], [])
    await set_seed(bot.database, 1, ann.id, 4)
    first = await table.start(ann, lobby)
    asker = table.on_turn(first)
    other = bob if asker is ann else ann
    panel = await table.open_panel(asker, first)
    assert panel.button(label="Suggest"), panel.components
    assert await check_suggestion(table, asker, panel, bot.database) == "setup_guest"

    # later, on one of the asker's turns (a guest, a die, ...)
    post = first
    for _ in range(60):
        post = await table.play_decisions(post, 1)
        if table.on_turn(post) is asker:
            async with Storage(bot.database) as storage:
                state = (await GameService(storage).game(1)).state
            if state.pending[-1].kind == "turn" and len(legal_actions(state)) >= 6:
                break
    else:
        raise AssertionError("the asker had no turn decision")
    kind = await check_suggestion(table, asker, await table.open_panel(asker, post), bot.database)
    assert kind == "turn"
    async with Storage(bot.database) as storage:
        info = await GameService(storage).game(1)
        seat = info.seat_of(asker.id)
        assert seat is not None
        assert await GameService(storage).suggestions_asked(1) == {seat.position: 2}

    final = await table.play_game(post)
    assert final is not None
    helped = (await table.answer(await table.command(world.watcher, "gah stats", user=asker))).content
    assert "(1 with suggestions)" in helped, helped
    alone = (await table.answer(await table.command(world.watcher, "gah stats", user=other))).content
    assert "with suggestions" not in alone, alone
    standin.assert_no_violations()


async def test_the_host_turns_suggestions_off_in_the_lobby(standin: StandIn, world: World, bot: BotProcess) -> None:
    ann, bob = world.ann, world.bob
    table = Table(standin, world, {ann.id: ann, bob.id: bob}, random.Random(5), bot=bot)
    lobby = await table.open_lobby(ann, [bob], [])
    options = await table.answer(await table.click(ann, lobby, label="Options"))
    variants = next(s for s in options.selects() if any(o["value"] == "variants.no_suggestions" for o in s["options"]))
    label = next(o["label"] for o in variants["options"] if o["value"] == "variants.no_suggestions")
    assert label == "Without the Suggest button (no AI advice)"
    await table.answer(await table.answered(ann.select(options, ["variants.no_suggestions"],
                                                       custom_id=variants["custom_id"])))
    await standin.wait_for(lambda: "no suggestions" in str(lobby.embeds) or None, what="the option on the lobby")
    first = await table.start(ann, lobby)

    await bot.kill()  # the choice is stored with the game: it holds after a restart
    await bot.start()
    player = table.on_turn(first)
    panel = await table.open_panel(player, first)
    assert panel.components and "Suggest" not in panel_labels(panel), panel.components
    game, version = parse_id(panel.buttons()[-1]["custom_id"])[:2]
    # a tampered client's Suggest click on that panel (which has none) is refused privately, like any component the
    # message does not carry (the service's own refusal, "The host turned suggestions off", is in
    # tests/bot/test_service_suggest.py)
    refused = await table.answer(await table.forge(player, panel, build(game, version, "suggest")))
    assert refused.ephemeral_for == player.id
    assert "not one I know" in refused.content, refused.content
    async with Storage(bot.database) as storage:
        assert await GameService(storage).suggestions_asked(1) == {}
    standin.assert_no_violations()
