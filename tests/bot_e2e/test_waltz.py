"""Issue 17: Let's Waltz through the real bot process. The host chooses the modules on the lobby's "Let's Waltz
modules" select, then plays by clicks: a 3-seat game with every module (the host clicks through the hotel entrance
auction, the coloured dice and their celebrities, the skeleton key; two AI seats for speed), and a solo game against
Elisabeth (Celebrities on). Both finish, and the posts name the celebrities and hotel entrances taken."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field

from bot.service import GameService
from bot.storage import Storage
from engine.waltz.cards import celebrities, entrances
from tests.discord_standin import Actor, Message, StandIn

from .driver import Table, _choice_label, is_final_post, parse_id
from .harness import BotProcess, World
from .test_full_game import set_seed

ALL_MODULES = ["celebrities", "unique_hotels", "start_player", "more_objectives"]

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

    def choose(self, panel: Message) -> tuple[str, str, str | None] | None:
        self.prompts.add(panel.content)
        offers = self.offers(panel)
        for what, pattern in MODULE_LABELS.items():
            if what == "bid" and len(self.module_clicks.get("bid", [])) >= 3:
                continue
            for offer in offers:
                if offer[0] in ("act", "pick") and pattern.search(_choice_label(panel, offer[1], offer[2])):
                    self.module_clicks.setdefault(what, []).append(_choice_label(panel, offer[1], offer[2]))
                    return offer
        return super().choose(panel)


async def choose_modules(table: Table, host: Actor, lobby: Message, modules: list[str]) -> None:
    """Pick `modules` on the lobby's Let's Waltz select and wait until the lobby text lists them."""
    menu = next(s for s in lobby.selects() if parse_id(s["custom_id"])[2] == "modules")
    assert (menu.get("min_values"), menu.get("max_values")) == (0, 4), menu
    labels = {o["value"]: o["label"] for o in menu["options"]}
    assert labels["more_objectives"].endswith("module 5: objectives and Emperor tiles only"), labels
    await table.answer(await table.answered(host.select(lobby, modules, custom_id=menu["custom_id"])))
    menu = next(s for s in lobby.selects() if parse_id(s["custom_id"])[2] == "modules")
    assert sorted(o["value"] for o in menu["options"] if o.get("default")) == sorted(modules)


def waltz_field(lobby: Message) -> str:
    """The lobby's Let's Waltz field."""
    return next(f["value"] for e in lobby.embeds for f in e.get("fields", []) if f["name"] == "Let's Waltz modules")


def public_text(table: Table) -> str:
    """Everything the bot posted in the channel (contents and embeds)."""
    return "\n".join(m.content + str(m.embeds) for m in table.standin.messages_in(table.channel))


async def test_three_seats_with_every_module(standin: StandIn, world: World, bot: BotProcess) -> None:
    ann = world.ann
    table = WaltzTable(standin, world, {ann.id: ann}, random.Random(17), end_bias=0.5, bot=bot)
    lobby = await table.open_lobby(ann, [], ["random", "random"])
    assert "Chosen: none." in waltz_field(lobby)
    for left_out in ("Hotel Dove", "The Ren", "bell staff"):
        assert left_out in waltz_field(lobby), waltz_field(lobby)
    # only the host chooses modules; a watcher is refused and nothing changes
    menu = next(s for s in lobby.selects() if parse_id(s["custom_id"])[2] == "modules")
    refusal = await table.answer(await table.answered(world.watcher.select(lobby, ["celebrities"],
                                                                           custom_id=menu["custom_id"])))
    assert refusal.ephemeral_for == world.watcher.id and "host" in refusal.content, refusal.content
    assert "Chosen: none." in waltz_field(lobby)
    await choose_modules(table, ann, lobby, ALL_MODULES)
    field_text = waltz_field(lobby)
    for name in ("Celebrities", "Unique Hotels", "Start Player", "objectives and Emperor tiles only"):
        assert name in field_text, field_text
    await set_seed(bot.database, 1, ann.id, 17)
    first = await table.start(ann, lobby)
    final = await table.play_game(first, max_decisions=3000)
    assert is_final_post(final) and "Winner:" in final.content, final.content

    for what in MODULE_LABELS:
        assert table.module_clicks.get(what), f"ann never clicked a {what}: {table.module_clicks}"
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
    named = [c.name for c in celebrities().values() if f"and {c.name}" in public_text(table)]
    assert named, "no post names a celebrity taken"
    standin.assert_no_violations()
