"""Issue 18: the bot hosts a second game. A 3-player Overbooking game (ann, bob and a heuristic AI) played by clicks
through the real bot, with a SIGKILL restart in the middle of it, to the final scoreboard; one open game per channel
whatever its kind; refusals of a click by the wrong player and of a stale panel; hidden cards stay hidden."""

from __future__ import annotations

import json
import os
import random
import re
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.games.overbooking.presenter import HELP, PLACE_CARD
from bot.host.service import GameService
from bot.host.storage import Storage
from engine.overbooking import final_scores
from engine.overbooking.data import BUNDLED
from render.core.theme import PLAYER_COLORS
from render.overbooking.common import deck_color
from tests.discord_standin import Message, StandIn

from .driver import RESPONSE_TIMEOUT, is_final_post, message_version, parse_id
from .harness import BotProcess, World
from .overbooking_driver import RESOLUTION_RE as RESOLUTION_NAME
from .overbooking_driver import OverbookingTable
from .reporting import record_figures
from .test_full_game import set_seed
from .words_check import SentTexts, assert_words_read_well

SEED = int(os.environ.get("GAH_E2E_SEED", "18"))
PROVISIONAL = "provisional card values and hotels"


async def test_overbooking_game_by_clicks_with_a_restart(standin: StandIn, world: World, bot: BotProcess,
                                                         tmp_path: Path) -> None:
    started = time.monotonic()
    sent = SentTexts.attach(standin)
    table = OverbookingTable(standin, world, {world.ann.id: world.ann, world.bob.id: world.bob},
                             random.Random(SEED), bot=bot)
    lobby = await table.open_lobby(world.ann, [world.bob], ["heuristic"])
    assert "Overbooking" in lobby.content and PROVISIONAL in str(lobby.embeds), lobby.embeds
    assert "Seats (3/4)" in str(lobby.embeds)

    # a channel hosts one game: a Grand Austria Hotel lobby is refused while the Overbooking one is open
    refused = await table.answer(await table.command(world.bob, "gah new"))
    assert refused.ephemeral_for == world.bob.id and "already has a game of Overbooking" in refused.content

    rules = await table.answer(await table.command(world.bob, "overbooking rules"))
    assert rules.ephemeral_for == world.bob.id and PROVISIONAL in rules.content

    await set_seed(bot.database, 1, world.ann.id, SEED)
    first = await table.start(world.ann, lobby)
    assert first.content.startswith("The game begins!")

    # the player not on turn is refused privately; nothing changes
    on_turn = table.on_turn(first)
    other = world.bob if on_turn.id == world.ann.id else world.ann
    version = message_version(first)
    snapshot = table.public_snapshot()
    answer = await table.answer(await table.click(other, first, label="Take my turn"))
    assert answer.ephemeral_for == other.id and "turn, not yours" in answer.content, answer.content
    assert table.public_snapshot() == snapshot

    # My hand: the player's own cards, privately
    hand = await table.answer(await table.click(other, first, label="My hand"))
    assert hand.ephemeral_for == other.id and "Your guest cards" in hand.content
    assert [a.filename for a in hand.attachments] == ["hand.png"]

    # a stale panel: two panels opened, the move made on the second; a click on the first is refused as out of date
    stale = await table.open_panel(on_turn, first)
    fresh = await table.open_panel(on_turn, first)
    card_select = next(s for s in stale.selects() if parse_id(s["custom_id"])[2] == "goto")
    edits = stale.edit_count
    await table.pick(on_turn, stale, card_select["custom_id"], card_select["options"][0]["value"])
    await standin.wait_for(lambda: stale.edit_count > edits or None, timeout=RESPONSE_TIMEOUT, what="the card page")
    places = [b for b in stale.buttons() if parse_id(b["custom_id"])[2] == "act"]
    assert places and any(b["label"] == "Back to my cards" for b in stale.buttons()), stale.components
    # issue 42 item 9: the panel's "?" answers privately what phase 1's decision is, with its rule; the panel stays
    question = parse_id(fresh.button(label="?")["custom_id"])
    assert question[2] == "help" and question[3] == PLACE_CARD, question
    shown_before = fresh.content
    explained = await table.answer(await table.click(on_turn, fresh, label="?"))
    assert explained.ephemeral_for == on_turn.id and explained.content == HELP[PLACE_CARD], explained.content
    assert "rulebook" in explained.content and fresh.content == shown_before
    last = await table.play_panel(on_turn, fresh)
    assert last == version
    post = await table.next_post(after_version=version)
    edits = stale.edit_count
    await table.click(on_turn, stale, custom_id=places[0]["custom_id"])
    await standin.wait_for(lambda: stale.edit_count > edits or None, timeout=RESPONSE_TIMEOUT, what="the stale panel")
    assert "out of date" in stale.content, stale.content
    assert message_version(max(table.posts(), key=message_version)) == message_version(post)

    # play on; restart the bot once in the middle of the game (after a decision, as a player would not notice)
    restart_at = table.decisions + 30
    restarts: list[int] = []

    async def restart(kind: str) -> bool:
        if kind in ("act", "pick") and table.decisions >= restart_at and not restarts:
            restarts.append(table.decisions)
            await bot.kill()
            await bot.start()
            return True
        return False

    final = await table.play_game(post, after_click=restart)
    elapsed = time.monotonic() - started
    assert restarts and bot.kills == 1 and len(table.resyncs) == 1, (restarts, table.resyncs)
    assert "Winner:" in final.content and PROVISIONAL in final.content, final.content
    assert [a.filename for a in final.attachments] == ["scoreboard.png", "overbooking-game-1-log.txt"]
    assert any(len(p.attachments) > 1 for p in table.posts()), "a round-end post shows each hotel's resolution"

    async with Storage(bot.database) as storage:
        service = GameService(storage)
        info = await service.game(1)
        assert info.kind == "overbooking" and info.status == "finished"
        check = await service.check_replay(1)
        assert check.ok, check.detail
        results = await service.results(1)
        moves = await service.history(1)
    assert len(results) == 3 and any(r.ai_level == "heuristic" for r in results)
    assert sum(m.actor.startswith("user:") for m in moves) >= 20
    assert sum(m.actor == "ai:heuristic" for m in moves) >= 15

    # the channel is free again: a Grand Austria Hotel lobby opens, and now Overbooking is refused
    gah = await table.answer(await table.command(world.ann, "gah new"))
    assert "lobby is open" in gah.content
    again = await table.answer(await table.command(world.bob, "overbooking new"))
    assert "already has a game of Grand Austria Hotel" in again.content
    standin.assert_no_violations()
    assert_words_read_well(sent)
    assert max(table.latencies) < 3.0
    record_figures(tmp_path, "overbooking_game", elapsed=elapsed, decisions=table.decisions, table=table)


async def test_printed_values_from_overbooking_data_drop_the_label(standin: StandIn, world: World,
                                                                    make_bot: Callable[..., BotProcess],
                                                                    tmp_path: Path) -> None:
    """OVERBOOKING_DATA names a valid file of printed values: the lobby and the rules no longer say provisional, and
    the started game uses the file's numbers."""
    raw = json.loads(BUNDLED.read_text(encoding="utf-8"))
    for key in ("crests", "cards", "hotels"):
        for row in raw[key]:
            row["provisional"] = False
    raw["cards"][0]["coins"] = 7  # a value the bundled file does not have, to see that the game uses this file
    printed = tmp_path / "printed.json"
    printed.write_text(json.dumps(raw), encoding="utf-8")
    bot = make_bot(OVERBOOKING_DATA=str(printed))
    await bot.start()
    assert "Overbooking uses the printed card values and hotels" in bot.log_text()
    table = OverbookingTable(standin, world, {world.ann.id: world.ann, world.bob.id: world.bob},
                             random.Random(SEED), bot=bot)
    lobby = await table.open_lobby(world.ann, [world.bob], [])
    assert PROVISIONAL not in str(lobby.embeds) and "printed card values" in str(lobby.embeds)
    rules = await table.answer(await table.command(world.bob, "overbooking rules"))
    assert PROVISIONAL not in rules.content
    first = await table.start(world.ann, lobby)
    assert first.content.startswith("The game begins!")
    async with Storage(bot.database) as storage:
        info = await GameService(storage).game(1)
    assert info.state is not None and not info.state.provisional and info.state.card(0).coins == 7

    # the commands that act on the channel's game are under /overbooking too: bob (not the host) may not cancel,
    # takes his seat back though he never gave it away (refused), and the host cancels
    refused = await table.answer(await table.command(world.bob, "overbooking cancel"))
    assert refused.ephemeral_for == world.bob.id and "cancelled" not in refused.content, refused.content
    takeback = await table.answer(await table.command(world.bob, "overbooking takeback"))
    assert takeback.ephemeral_for == world.bob.id, takeback.content
    cancelled = await table.answer(await table.command(world.ann, "overbooking cancel"))
    assert cancelled.content == "The game was cancelled.", cancelled.content
    async with Storage(bot.database) as storage:
        assert (await GameService(storage).game(1)).status == "cancelled"


NO_SCORE_CARDS = "Played without the score cards (first-game variant): no crest-set bonus."


def _variants_select(options: Message) -> dict[str, Any]:
    return next(s for s in options.selects() if any(o["value"].startswith("variants.") for o in s["options"]))


def _ticked(options: Message) -> list[str]:
    return [o["value"] for o in _variants_select(options)["options"] if o.get("default")]


async def test_first_game_without_score_cards_from_the_command_and_the_lobby_options(
        standin: StandIn, world: World, bot: BotProcess) -> None:
    """Issue 39, defect 5 (rulebook, set-up: "Jeżeli chcecie, możecie rozegrać pierwszą grę bez kart wyników"):
    `/overbooking new without_score_cards:True` opens a lobby that says so; the host's *Options* message shows the
    variant ticked and can untick and tick it again (the lobby follows); the started game's stored config has it;
    ann plays by clicks against a heuristic AI to the final post, which scores no crest-set bonus and says why; the
    log replays."""
    ann = world.ann
    table = OverbookingTable(standin, world, {ann.id: ann}, random.Random(SEED), bot=bot)
    lobby = await table.open_lobby(ann, [], ["heuristic"], without_score_cards=True)
    assert "without score cards" in str(lobby.embeds), lobby.embeds

    options = await table.answer(await table.click(ann, lobby, label="Options"))
    assert options.ephemeral_for == ann.id and len(options.selects()) == 2, options.components
    assert _ticked(options) == ["variants.without_score_cards"]
    await table.answer(await table.answered(ann.select(options, [], custom_id=_variants_select(options)["custom_id"])))
    await standin.wait_for(lambda: "without score cards" not in str(lobby.embeds) or None,
                           what="the lobby without the variant")
    assert _ticked(options) == []
    async with Storage(bot.database) as storage:
        assert (await GameService(storage).game(1)).options.get("without_score_cards") is False
    await table.answer(await table.answered(ann.select(options, ["variants.without_score_cards"],
                                                       custom_id=_variants_select(options)["custom_id"])))
    await standin.wait_for(lambda: "without score cards" in str(lobby.embeds) or None,
                           what="the lobby with the variant again")
    assert _ticked(options) == ["variants.without_score_cards"]

    await set_seed(bot.database, 1, ann.id, SEED)
    first = await table.start(ann, lobby)
    async with Storage(bot.database) as storage:
        info = await GameService(storage).game(1)
    assert info.state is not None and info.state.config.without_score_cards is True
    assert info.options["without_score_cards"] is True and info.options["scoring"] == "beginner"  # stored config

    final = await table.play_game(first)
    assert "Winner:" in final.content and NO_SCORE_CARDS in final.content, final.content
    lines = [line for line in final.content.splitlines() if " VP (" in line]
    assert len(lines) == 2 and all("crests 0)" in line for line in lines), lines
    async with Storage(bot.database) as storage:
        service = GameService(storage)
        info = await service.game(1)
        check = await service.check_replay(1)
    assert info.status == "finished" and check.ok, check.detail
    scores = final_scores(info.state)
    assert all(s.parts["crests"] == 0 for s in scores.values())
    score = await table.answer(await table.command(ann, "overbooking score", game=1))
    assert NO_SCORE_CARDS in score.content, score.content
    standin.assert_no_violations()


BOOKING_LINE = re.compile(r"^• .*(books \d+ beds?;|: no room\.|takes the place of|book first\.|does nothing\.|"
                          r"walks to the end of the queue\.| beds, \d+ now\.)", re.MULTILINE)
"""A bullet of a hotel's bookings (back-door abilities, bookings, no room)."""
HOTEL_HEADING = re.compile(r"^\*\*Hotel (\d)\b", re.MULTILINE)
BACK_DOOR_PROMPT = re.compile(r"Your (\w+) at the back door of")
ABILITY_LABEL = re.compile(r"^(Maids|Soldiers) replace queue card \d|^Nobles book queue card \d")


@dataclass
class LabelledTable(OverbookingTable):
    """`OverbookingTable` that keeps every button label of every panel the players saw."""

    labels: list[str] = field(default_factory=list)
    helps: list[tuple[str, str]] = field(default_factory=list)
    """(the panel's words, the decision kind of its "?" button) for every panel the players saw."""

    def choose(self, panel: Message) -> tuple[str, str, str | None] | None:
        self.labels += [str(b.get("label", "")) for b in panel.buttons()]
        questions = [parse_id(b["custom_id"]) for b in panel.buttons() if b.get("label") == "?"]
        self.helps += [(panel.content, question[3] or "") for question in questions if question[2] == "help"]
        return super().choose(panel)


async def test_overbooking_pings_once_a_round_and_every_booking_post_has_its_pictures(
        standin: StandIn, world: World, bot: BotProcess) -> None:
    """Issue 42 item 10, from the stand-in's stored messages: a person is pinged once per round for the cards they
    place (the first of their turn of cards), not for each of the five; every post telling a hotel's bookings,
    also those after a back-door choice paused them, carries that hotel's resolution picture; a back-door choice
    names the card it acts on; *Hotels* shows the hotels, *Full board* the hotels and the scores; the lobby's seat
    colours are the pictures'."""
    humans = {world.ann.id: world.ann, world.bob.id: world.bob}
    table = LabelledTable(standin, world, humans, random.Random(SEED + 1), bot=bot)
    lobby = await table.open_lobby(world.ann, [world.bob], ["heuristic"])
    assert "(purple)" in str(lobby.embeds) and "(orange)" in str(lobby.embeds), lobby.embeds
    assert deck_color(0) == PLAYER_COLORS[0] and deck_color(1) == PLAYER_COLORS[1]  # the pictures' seat colours
    await set_seed(bot.database, 1, world.ann.id, SEED + 1)
    first = await table.start(world.ann, lobby)

    hotels = await table.answer(await table.click(world.bob, first, label="Hotels"))
    assert hotels.ephemeral_for == world.bob.id and [a.filename for a in hotels.attachments] == ["hotels.png"]
    board = await table.answer(await table.click(world.bob, first, label="Full board"))
    assert [a.filename for a in board.attachments] == ["hotels.png", "scores.png"], board.attachments

    final = await table.play_game(first)
    assert "Winner:" in final.content
    table.check_posts()
    posts = [p for p in table.posts() if not is_final_post(p)]

    # pings: per round, in the posts of its card placing (from the post where it begins to the one where the
    # hotels book), every person exactly once
    windows: dict[int, list[Message]] = {}
    round_number = 1
    for post in posts:
        begun = re.search(r"Round (\d) begins", post.content)
        if begun:
            round_number = int(begun.group(1))
        windows.setdefault(round_number, []).append(post)
        if f"Round {round_number}: the hotels check their bookings" in post.content:
            round_number = 0  # bookings (and back-door choices) until the next round begins
    everyone_once = 0
    for number in range(1, 5):
        placing = []
        for post in windows[number]:
            if f"Round {number}: the hotels check their bookings" in post.content:
                break
            placing.append(post)
        pings = Counter(user for post in placing for user in post.pings.user_ids)
        assert set(pings) <= set(humans) and max(pings.values(), default=0) <= 1, (number, pings)
        everyone_once += pings == Counter({world.ann.id: 1, world.bob.id: 1})
    # (a person who answered the last back-door choice and places first in the next round goes on unpinged)
    assert everyone_once >= 3, everyone_once
    assert any(" - press *Take my turn*." in p.content and not p.pings.user_ids for p in posts)

    # every post that tells bookings shows them: each hotel with a heading, or at least one after a pause
    booking_posts = 0
    for post in posts:
        names = {a.filename for a in post.attachments}
        headed = set(HOTEL_HEADING.findall(post.content))
        assert {f"hotel-{n}.png" for n in headed} <= names, (post.content, names)
        if BOOKING_LINE.search(post.content):
            booking_posts += 1
            assert any(RESOLUTION_NAME.match(n) for n in names), (post.content, names)
    assert booking_posts >= 4

    # a back-door choice names its card ("Maids replace queue card 2: bob's Bird 3 (workers)")
    for label in table.labels:
        if ABILITY_LABEL.match(label):
            assert re.search(r": .+'s \w+ \d \(\w+\)$", label), label
    # issue 42 item 9: every panel has its "?", for a back-door choice the ability's own rule
    back_door = [(words, kind) for words, kind in table.helps if BACK_DOOR_PROMPT.search(words)]
    assert back_door and len(table.helps) > len(back_door), table.helps
    for words, kind in table.helps:
        ability = BACK_DOOR_PROMPT.search(words)
        assert kind == (ability.group(1) if ability else PLACE_CARD) and kind in HELP, (words, kind)
    standin.assert_no_violations()
