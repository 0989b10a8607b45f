"""Issue 17: Let's Waltz through the real bot process. The host chooses the modules in the *Options* message's
"Variants and Let's Waltz modules" select, then plays by clicks: a 3-seat game with every module (the host clicks
through the hotel entrance auction, the coloured dice and their celebrities, the skeleton key; two AI seats for
speed), and a solo game against Elisabeth (Celebrities on). Both finish, and the posts name the celebrities and
hotel entrances taken."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from typing import Any

from bot.host.service import GameService
from bot.host.storage import Storage
from engine.gah.waltz.cards import celebrities, entrances
from tests.discord_standin import Actor, Message, StandIn

from .driver import Table, _choice_label, is_final_post
from .harness import BotProcess, World
from .test_full_game import set_seed
from .words_check import SentTexts, assert_words_read_well

ALL_MODULES = ["celebrities", "unique_hotels", "start_player", "more_objectives"]
MODULE_TITLES = {"celebrities": "Celebrities", "unique_hotels": "Unique Hotels", "start_player": "Start Player",
                 "more_objectives": "objectives and Emperor tiles only"}

MODULE_LABELS = {  # a label that marks a Let's Waltz decision on the turn panel, by what it decides
    "bid": re.compile(r"^Bid \d+ krones? on "),
    "coloured die": re.compile(r" (red|blue|yellow) die, \d+ krones?$"),
    "skeleton key": re.compile(r"^Take the skeleton key$"),
}


@dataclass
class WaltzTable(Table):
    """A table whose players take a Let's Waltz decision whenever the panel offers one (a bid only until they
    made a few, so that the auction ends), and remember the labels they clicked."""

    module_clicks: dict[str, list[str]] = field(default_factory=dict)
    prompts: set[str] = field(default_factory=set)
    """Every panel text the players answered."""
    bid_labels: set[str] = field(default_factory=set)
    """Every bid the panels offered (issue 42 item 1: each names its entrance)."""
    opening_clicks: list[int] = field(default_factory=list)
    """Clicks of each opening bid: the one that showed the panel ("Take my turn", or the player's previous move),
    the entrance, the amount."""

    def choose(self, panel: Message) -> tuple[str, str, str | None] | None:
        self.prompts.add(panel.content)
        offers = self.offers(panel)
        labels = [_choice_label(panel, offer[1], offer[2]) for offer in offers if offer[0] in ("act", "pick")]
        self.bid_labels |= {label for label in labels if label.startswith("Bid ")}
        opening = next((offer for offer in offers if offer[0] == "pick"
                        and _choice_label(panel, offer[1], offer[2]).startswith("Put ")
                        and _choice_label(panel, offer[1], offer[2]).endswith(" up for auction")), None)
        if opening is not None:  # the opening bid: the entrance first, then the amount
            return opening
        if "opening bid on" in panel.content:
            # the panel's clicks since its entrance select, this one, and the click that showed the panel
            since = next(n for n in range(len(self.clicks) - 1, -1, -1) if self.clicks[n].verb == "goto")
            self.opening_clicks.append(len(self.clicks) - since + 2)
            bid = next(offer for offer in offers if offer[0] == "pick")
            self.module_clicks.setdefault("bid", []).append(_choice_label(panel, bid[1], bid[2]))
            return bid
        for what, pattern in MODULE_LABELS.items():
            if what == "bid" and len(self.module_clicks.get("bid", [])) >= 3:
                continue
            for offer in offers:
                if offer[0] in ("act", "pick") and pattern.search(_choice_label(panel, offer[1], offer[2])):
                    self.module_clicks.setdefault(what, []).append(_choice_label(panel, offer[1], offer[2]))
                    return offer
        return super().choose(panel)


async def choose_modules(table: Table, host: Actor, lobby: Message, modules: list[str]) -> Message:
    """Open the host's *Options* message, tick `modules` in its "Variants and Let's Waltz modules" select (no
    variant), check the options message and the lobby show them, and return the options message."""
    options = await table.answer(await table.click(host, lobby, label="Options"))
    assert options.ephemeral_for == host.id, options.content
    menu = variants_menu(options)
    values = {o["value"]: o for o in menu["options"]}
    assert (menu.get("min_values"), menu.get("max_values")) == (0, len(values)), menu
    assert "Let's Waltz" in menu.get("placeholder", ""), menu
    assert values["variants.more_objectives"]["label"].endswith("module 5: objectives and Emperor tiles only")
    assert "Hotel Dove" in values["variants.unique_hotels"].get("description", ""), values
    assert "Not solo" in values["variants.start_player"].get("description", ""), values
    wanted = [f"variants.{name}" for name in modules]
    await table.answer(await table.answered(host.select(options, wanted, custom_id=menu["custom_id"])))
    assert sorted(o["value"] for o in variants_menu(options)["options"] if o.get("default")) == sorted(wanted)
    names = [MODULE_TITLES[name] for name in modules]
    await table.standin.wait_for(lambda: all(name in waltz_field(lobby) for name in names) or None,
                                 what="the lobby to list the chosen modules")
    assert all(name in options.content for name in names), options.content
    return options


def variants_menu(options: Message) -> dict[str, Any]:
    """The options message's select of the variants and the Let's Waltz modules."""
    return next(s for s in options.selects() if any(o["value"] == "variants.celebrities" for o in s["options"]))


def waltz_field(lobby: Message) -> str:
    """The lobby's Let's Waltz field."""
    return next(f["value"] for e in lobby.embeds for f in e.get("fields", []) if f["name"] == "Let's Waltz modules")


def public_text(table: Table) -> str:
    """Everything the bot posted in the channel (contents and embeds)."""
    return "\n".join(m.content + str(m.embeds) for m in table.standin.messages_in(table.channel))


async def test_three_seats_with_every_module(standin: StandIn, world: World, bot: BotProcess) -> None:
    ann = world.ann
    sent = SentTexts.attach(standin)
    table = WaltzTable(standin, world, {ann.id: ann}, random.Random(17), end_bias=0.5, bot=bot)
    lobby = await table.open_lobby(ann, [], ["random", "random"])
    # the lobby keeps to four rows (a forged extra row must still be rebuilt by discord.py), and says where the
    # modules are chosen and what is left out
    assert len(lobby.components) <= 4, lobby.components
    assert "Chosen: none" in waltz_field(lobby) and "Options" in waltz_field(lobby), waltz_field(lobby)
    for left_out in ("Hotel Dove", "The Ren", "bell staff"):
        assert left_out in waltz_field(lobby), waltz_field(lobby)
    # only the host chooses modules; a watcher is refused privately and nothing changes
    refusal = await table.answer(await table.click(world.watcher, lobby, label="Options"))
    assert refusal.ephemeral_for == world.watcher.id and "host" in refusal.content, refusal.content
    assert "Chosen: none" in waltz_field(lobby)
    await choose_modules(table, ann, lobby, ALL_MODULES)
    assert len(lobby.components) <= 4, lobby.components
    await set_seed(bot.database, 1, ann.id, 17)
    first = await table.start(ann, lobby)
    final = await table.play_game(first, max_decisions=3000)
    assert is_final_post(final) and "Winner:" in final.content, final.content

    for what in MODULE_LABELS:
        assert table.module_clicks.get(what), f"ann never clicked a {what}: {table.module_clicks}"
    # issue 42 item 1: every bid names its entrance; the opening bid takes at most 3 clicks with "Take my turn"
    names = [e.name for e in entrances().values()]
    assert table.bid_labels and all(any(label.endswith(f" on {name}") for name in names)
                                    for label in table.bid_labels), table.bid_labels
    assert table.opening_clicks and max(table.opening_clicks) <= 3, table.opening_clicks
    for prompt in ("Hotel entrance auction", "Skeleton key: carry out any main action", "Choose a dish or drink"):
        assert any(prompt in text for text in table.prompts), f"ann's panel never asked {prompt!r}"
    async with Storage(bot.database) as storage:
        service = GameService(storage)
        info = await service.game(1)
        assert info.status == "finished" and info.state is not None
        assert info.state.config.modules == frozenset(ALL_MODULES)
        check = await service.check_replay(1)
        assert check.ok, check.detail
        state = info.state
        moves = await service.history(1)
    assert_words_read_well(sent, moves)
    posted = public_text(table)
    taken_entrances = [entrances()[p.entrance].name for p in state.players if p.entrance is not None]
    assert len(taken_entrances) == 3
    for name in taken_entrances:
        assert name in posted, f"no post names the entrance {name}"
    named = [c.name for c in celebrities().values() if f"and {c.name}" in posted]
    assert named, "no post names a celebrity taken"
    standin.assert_no_violations()


async def test_solo_against_elisabeth(standin: StandIn, world: World, bot: BotProcess) -> None:
    ann = world.ann
    sent = SentTexts.attach(standin)
    table = WaltzTable(standin, world, {ann.id: ann}, random.Random(18), end_bias=0.5, bot=bot)
    lobby = await table.open_lobby(ann, [], [])
    # modules 3 and 4 are refused in solo, with a clear message, and the game stays in its lobby
    await choose_modules(table, ann, lobby, ["celebrities", "start_player"])
    refusal = await table.answer(await table.press_start(ann, lobby))
    assert refusal.ephemeral_for == ann.id and "cannot be played solo" in refusal.content, refusal.content
    assert "Start Player" in refusal.content
    await choose_modules(table, ann, lobby, ["celebrities", "more_objectives"])
    assert "alone plays solo against Elisabeth" in str(lobby.embeds)
    await set_seed(bot.database, 1, ann.id, 18)
    first = await table.start(ann, lobby)
    final = await table.play_game(first, max_decisions=3000)
    assert is_final_post(final) and "Elisabeth" in final.content, final.content
    assert table.module_clicks.get("coloured die"), table.module_clicks
    async with Storage(bot.database) as storage:
        service = GameService(storage)
        info = await service.game(1)
        assert info.status == "finished" and info.state is not None
        assert info.state.config.opponent_name == "Elisabeth"
        assert (await service.check_replay(1)).ok
        moves = await service.history(1)
    named = [c.name for c in celebrities().values() if f"and {c.name}" in public_text(table)]
    assert named, "no post names a celebrity taken"
    standin.assert_no_violations()
    assert_words_read_well(sent, moves)
