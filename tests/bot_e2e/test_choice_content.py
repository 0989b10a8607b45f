"""Issue 52 item 7 through the real bot: choices show their content. Drawn staff cards offered as buttons come with
each card's kind, cost and whole effect on the panel; the entrance auction shows every entrance on offer with its
text and who holds the entrances already gained; Undo's confirmation names the moves in the panel's own words
(`bot.games.gah.panel.describe`), not in the engine's ("die 3", "imitate 4").

The players click what a seeded policy would choose (`tests.botui.expert_path.best_clicks`: the panel's choices
that play exactly those actions), reading the game from the bot's database before each click."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path

from bot.games.gah.panel import describe
from bot.host.service import GameInfo, GameService
from bot.host.storage import Storage
from engine import GameState, apply, legal_actions
from engine.gah.ai import Policy, policy
from engine.gah.cards import staff
from engine.gah.waltz.cards import entrances
from render.gah.texts import staff_text
from tests.botui.expert_path import Click, best_clicks
from tests.discord_standin import Actor, Message, StandIn

from .driver import RESPONSE_TIMEOUT, Table, is_final_post, message_version, parse_id
from .harness import BotProcess, World
from .test_full_game import set_seed

ENGINE_WORDS = re.compile(r"\b(die \d|imitate \d|take \d+ \w+ \d+ \w+|bottom |checkin )")
"""How the engine spells actions: words Undo's confirmation must not show."""


async def game_now(bot: BotProcess) -> GameInfo:
    async with Storage(bot.database) as storage:
        return await GameService(storage).game(1)


def seat_name(info: GameInfo, actor: Actor) -> str:
    return next(s.name for s in info.seats if s.user_id == actor.id)


async def click_one(table: Table, actor: Actor, panel: Message, click: Click) -> None:
    """Make one click of `best_clicks` on `panel` (a page move, or the acting click) and wait for the panel."""
    edits = panel.edit_count
    goto = next((s for s in panel.selects() if parse_id(s["custom_id"])[2] == "goto"), None)
    pages = {o["label"]: o["value"] for o in goto["options"]} if goto is not None else {}
    if click.index < 0 and not click.several and click.words in pages:  # the auction's entrance, then the amount
        assert goto is not None
        await table.pick(actor, panel, goto["custom_id"], pages[click.words])
    elif click.index < 0 and not click.several:  # a page move: the boost switch, More actions
        start = click.words.split(":")[0].split(" (")[0]  # "Boost: on" is the switch now labelled "Boost: off"
        button = next(b for b in panel.buttons() if str(b.get("label")).startswith(start))
        await table.click(actor, panel, custom_id=button["custom_id"])
    elif click.several:
        select = next(s for s in panel.selects() if parse_id(s["custom_id"])[2] == "picks")
        await table.answered(actor.select(panel, [str(i) for i in click.several], custom_id=select["custom_id"]))
    else:
        button = next((b for b in panel.buttons() if parse_id(b["custom_id"])[2] == "act"
                       and re.split("[.:]", parse_id(b["custom_id"])[3])[0] == str(click.index)), None)
        if button is not None:
            await table.click(actor, panel, custom_id=button["custom_id"])
        else:
            select = next(s for s in panel.selects() if parse_id(s["custom_id"])[2] == "pick"
                          and any(o["value"] == str(click.index) for o in s["options"]))
            await table.pick(actor, panel, select["custom_id"], str(click.index))
    await table.standin.wait_for(lambda: panel.edit_count > edits or None, timeout=RESPONSE_TIMEOUT,
                                 what="the panel after a click")


async def play_until(table: Table, bot: BotProcess, post: Message, chooser: Policy,
                     stop: Callable[[Actor, Message, GameInfo], bool], limit: int = 400) -> tuple[Actor, Message]:
    """Play the policy's moves by clicks from `post` until `stop(actor, panel, game)` holds for a panel shown;
    returns that player and panel."""
    for _ in range(limit):
        actor = table.on_turn(post)
        panel = await table.open_panel(actor, post)
        while panel.components:
            info = await game_now(bot)
            if stop(actor, panel, info):
                return actor, panel
            for click in best_clicks(info.state, seat_name(info, actor), chooser):
                await click_one(table, actor, panel, click)
        assert "out of date" not in panel.content, panel.content
        post = await table.next_post(after_version=message_version(post))
        assert not is_final_post(post), "the game ended first"
    raise AssertionError("the wanted panel never came")


async def started_game(table: Table, world: World, bot: BotProcess, seed: int, **options: object) -> Message:
    lobby = await table.open_lobby(world.ann, [world.bob], [])
    await set_seed(bot.database, 1, world.ann.id, seed)
    if options:
        async with Storage(bot.database) as storage:
            await GameService(storage).set_options(1, world.ann.id, dict(options))
    return await table.start(world.ann, lobby)


async def test_drawn_staff_cards_show_kind_cost_and_effect_and_undo_says_it_in_words(
        standin: StandIn, world: World, bot: BotProcess, tmp_path: Path) -> None:
    table = Table(standin, world, {world.ann.id: world.ann, world.bob.id: world.bob}, random.Random(1),
                  bot=bot)
    post = await started_game(table, world, bot, 22)

    def drawn(actor: Actor, panel: Message, info: GameInfo) -> bool:
        return bool(info.state.pending) and info.state.pending[-1].kind == "draw_play"

    _, panel = await play_until(table, bot, post, policy("random", 22), drawn)
    info = await game_now(bot)
    state: GameState = info.state
    cards = state.pending[-1].data["cards"]
    for card_id in cards:
        card = staff()[card_id]
        whole = " ".join(staff_text(card).replace("**", "").split())
        line = f"{card.name} ({card.kind.replace('_', ' ')}, cost {card.cost_in(state.config.edition)}): {whole}"
        assert line in panel.content, (line, panel.content)  # on main: the buttons name the cards only

    # issue 52 item 1: the cards not played go back in the order shown with one click (the order on request)
    assert len(cards) >= 2, cards
    actor = table.on_turn(max(table.posts(), key=lambda m: (message_version(m), m.id)))
    none = next(b for b in panel.buttons() if b.get("label") == "Play none")
    edits = panel.edit_count
    await table.click(actor, panel, custom_id=none["custom_id"])
    await standin.wait_for(lambda: panel.edit_count > edits or None, timeout=RESPONSE_TIMEOUT, what="the panel")
    offered = {o["label"]: (s["custom_id"], o["value"]) for s in panel.selects() for o in s["options"]}
    default = f"Put them back in this order: {', '.join(staff()[c].name for c in cards)}"
    assert default in offered and all(staff()[c].name in offered for c in cards), (default, list(offered))
    await table.pick(actor, panel, *offered[default])
    await standin.wait_for(lambda: panel.edit_count > edits + 1 or None, timeout=RESPONSE_TIMEOUT, what="the panel")
    async with Storage(bot.database) as storage:
        moves = [m.action for m in await GameService(storage).history(1)]
    after = moves[len(moves) - 1 - moves[::-1].index("play none") + 1:]
    in_order = [f"bottom {staff()[c].name}" for c in cards]  # each its own move; the engine may put the last back
    assert after == in_order[:len(after)] and len(after) >= len(cards) - 1, (after, in_order)
    standin.assert_no_violations()


async def test_undo_names_the_moves_in_the_panels_words(standin: StandIn, world: World, bot: BotProcess) -> None:
    table = Table(standin, world, {world.ann.id: world.ann, world.bob.id: world.bob}, random.Random(2),
                  bot=bot)
    post = await started_game(table, world, bot, 5)
    chooser = policy("greedy", 5)
    checked = 0
    for _ in range(40):
        actor = table.on_turn(post)
        panel = await table.open_panel(actor, post)
        while panel.components and checked < 6:
            info = await game_now(bot)
            name = seat_name(info, actor)
            before = info.state
            clicks = best_clicks(before, name, chooser)
            for click in clicks:
                await click_one(table, actor, panel, click)
            undo = next((b for b in panel.buttons() if b.get("label") == "Undo"), None)
            if undo is None or not panel.components:
                continue
            last, legal = clicks[-1], legal_actions(before, name)
            steps = list(last.plan) if last.plan else [legal[i].text for i in last.several or (last.index,)]
            words, state = [], before
            for text in steps:
                action = next(a for a in legal_actions(state, name) if a.text == text)
                words.append(describe(state, action)[0])
                state, _ = apply(state, action)
            edits = panel.edit_count
            await table.click(actor, panel, custom_id=undo["custom_id"])
            await standin.wait_for(lambda e=edits, p=panel: p.edit_count > e or None, timeout=RESPONSE_TIMEOUT,
                                   what="the undo confirmation")
            for said in words:  # on main: "Undo takes back: die 1, take 2 strudel 1 cake."
                assert said in panel.content, (said, panel.content)
            assert not ENGINE_WORDS.search(panel.content.replace("Undo takes back", "")), panel.content
            checked += 1
            back = next(b for b in panel.buttons() if parse_id(b["custom_id"])[2] == "confirmundo")
            edits = panel.edit_count
            await table.click(actor, panel, custom_id=back["custom_id"])
            await standin.wait_for(lambda e=edits, p=panel: p.edit_count > e or None, timeout=RESPONSE_TIMEOUT,
                                   what="the panel after undo")
        if checked >= 6:
            break
        post = await table.next_post(after_version=max(message_version(m) for m in table.posts()))
    assert checked >= 3, checked
    standin.assert_no_violations()


async def test_the_auction_shows_every_entrance_with_its_text_and_holder(standin: StandIn, world: World,
                                                                          bot: BotProcess) -> None:
    table = Table(standin, world, {world.ann.id: world.ann, world.bob.id: world.bob, world.watcher.id: world.watcher},
                  random.Random(3), bot=bot)
    lobby = await table.open_lobby(world.ann, [world.bob, world.watcher], [])
    await set_seed(bot.database, 1, world.ann.id, 9)
    async with Storage(bot.database) as storage:
        await GameService(storage).set_options(1, world.ann.id, {"modules": ["unique_hotels"]})
    post = await table.start(world.ann, lobby)
    seen_holder = False
    chooser = policy("random", 9)

    def auction(actor: Actor, panel: Message, info: GameInfo) -> bool:
        return bool(info.state.pending) and info.state.pending[-1].kind == "auction"

    for _ in range(12):
        actor, panel = await play_until(table, bot, post, chooser, auction)
        info = await game_now(bot)
        data = info.state.pending[-1].data
        for entrance in data["offer"]:  # on main: only the entrance up for auction once bidding started
            assert f"{entrances()[entrance].name}" in panel.content and entrances()[entrance].text in panel.content, \
                panel.content
        for player in info.state.players:
            if player.entrance is not None:  # on main: nobody's entrance is named
                assert f"{entrances()[player.entrance].name} ({player.name})" in panel.content, panel.content
                seen_holder = True
        for click in best_clicks(info.state, seat_name(info, actor), chooser):
            await click_one(table, actor, panel, click)
        info = await game_now(bot)
        if not any(frame.kind == "auction" for frame in info.state.pending):
            break
        post = max(table.posts(), key=lambda m: (message_version(m), m.id))
    assert seen_holder, "an entrance was gained during the auction"
    standin.assert_no_violations()
