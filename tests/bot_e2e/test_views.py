"""The lobby's Options, Leave and Cancel, every view button of a turn post and every `/gah` command, through the real
bot process: each answers within Discord's limits, private things only to the user who asked."""

from __future__ import annotations

import random
import re

from bot.games.gah.panel_help import HELP
from tests.discord_standin import Actor, Message, StandIn

from .driver import Table, check_png, game_version, is_final_post, message_version, parse_id
from .harness import BotProcess, World
from .test_full_game import set_seed


async def ephemeral_answer(table: Table, actor: Actor, interaction_made: object) -> Message:
    """The answer to an interaction, which must be ephemeral for `actor`."""
    message = await table.answer(interaction_made)  # type: ignore[arg-type]
    assert message.ephemeral_for == actor.id, f"not private: {message.content!r}"
    return message


async def test_lobby_options_leave_and_cancel(standin: StandIn, world: World, bot: BotProcess) -> None:
    ann, bob, watcher = world.ann, world.bob, world.watcher
    table = Table(standin, world, {ann.id: ann, bob.id: bob}, random.Random(1), bot=bot)
    lobby = await table.open_lobby(ann, [bob], ["greedy"])

    # the host's options: an ephemeral message of selects; a choice is saved and shown on the lobby
    options = await ephemeral_answer(table, ann, await table.click(ann, lobby, label="Options"))
    selects = {parse_id(s["custom_id"])[3]: s for s in options.selects()}
    assert len(selects) == 5, options.components  # edition, staff, hotels, variants, solo difficulty
    def shown(prefix: str) -> list[str]:
        """The values the options message shows as chosen in the select whose values start with `prefix`."""
        menu = next(s for s in options.selects() if any(o["value"].startswith(prefix) for o in s["options"]))
        return [o["value"] for o in menu["options"] if o.get("default")]

    assert shown("edition.") == ["edition.2021"] and shown("variants.") == [], "the defaults are shown as chosen"
    edition = next(s for s in options.selects() if any(o["value"] == "edition.2015" for o in s["options"]))
    await table.answer(await table.pick(ann, options, edition["custom_id"], "edition.2015"))
    assert "2015" in options.content, options.content
    assert shown("edition.") == ["edition.2015"]
    await standin.wait_for(lambda: "2015" in str(lobby.embeds) or None, what="the lobby to show the option")

    # variants combine: two at once, then none (the same select holds the four Let's Waltz modules, tests/bot_e2e/
    # test_waltz.py, and the bot's "Play in a thread", tests/bot_e2e/test_threads.py)
    variants = next(s for s in options.selects() if any(o["value"].startswith("variants.") for o in s["options"]))
    # 4 flags (issue 42 added "Without the Suggest button"), 4 modules and "Play in a thread"
    assert (variants.get("min_values"), variants.get("max_values")) == (0, 4 + 4 + 1), variants
    both = ["variants.extra_politics", "variants.exclude_kitchen_hand"]
    await table.answer(await table.answered(ann.select(options, both, custom_id=variants["custom_id"])))
    await standin.wait_for(lambda: ("extra politics" in str(lobby.embeds)
                                    and "exclude kitchen hand" in str(lobby.embeds)) or None,
                           what="both variants on the lobby")
    assert sorted(shown("variants.")) == sorted(both)
    variants = next(s for s in options.selects() if any(o["value"].startswith("variants.") for o in s["options"]))
    await table.answer(await table.answered(ann.select(options, [], custom_id=variants["custom_id"])))
    await standin.wait_for(lambda: "extra politics" not in str(lobby.embeds) or None, what="no variants on the lobby")
    assert shown("variants.") == [] and "2015" in str(lobby.embeds)
    variants = next(s for s in options.selects() if any(o["value"].startswith("variants.") for o in s["options"]))
    await table.answer(await table.answered(ann.select(options, ["variants.extra_politics"],
                                                       custom_id=variants["custom_id"])))
    await standin.wait_for(lambda: "extra politics" in str(lobby.embeds) or None, what="the variant on the lobby")

    # bob leaves, joins again; the watcher may not cancel; the host cancels
    await table.answer(await table.click(bob, lobby, label="Leave"))
    assert bob.mention not in str(lobby.embeds)
    await table.answer(await table.click(bob, lobby, label="Join"))
    assert bob.mention in str(lobby.embeds)
    refusal = await table.answer(await table.click(watcher, lobby, label="Cancel"))
    assert refusal.ephemeral_for == watcher.id and "Only the host" in refusal.content
    await table.answer(await table.click(ann, lobby, label="Cancel"))
    assert "cancelled" in lobby.content and not lobby.components
    answer = await table.answer(await table.command(ann, "gah board"))
    assert "no game in this channel" in answer.content
    standin.assert_no_violations()


async def test_view_buttons_and_commands(standin: StandIn, world: World, bot: BotProcess) -> None:
    ann, bob, watcher = world.ann, world.bob, world.watcher
    table = Table(standin, world, {ann.id: ann, bob.id: bob}, random.Random(2), bot=bot)
    answer = await table.answer(await table.command(bob, "gah notify", mode="dm"))
    assert "dm" in answer.content
    lobby = await table.open_lobby(ann, [bob], ["random"])
    await set_seed(bot.database, 1, ann.id, 21)
    post = await table.start(ann, lobby)
    post = await table.play_decisions(post, 8)
    assert not is_final_post(post)

    # issue 42 item 9: the panel's "?" answers privately what its decision is, with its rule
    actor = table.on_turn(post)
    panel = await table.open_panel(actor, post)
    question = panel.button(label="?")
    kind = parse_id(question["custom_id"])[3]
    shown_before = panel.content
    explained = await ephemeral_answer(table, actor, await table.click(actor, panel, label="?"))
    assert explained.ephemeral_for == actor.id and explained.content == HELP[kind], (kind, explained.content)
    assert panel.content == shown_before, "the panel stays as it was"

    # the view buttons of a turn post, for a player and for a watcher
    hand = await ephemeral_answer(table, ann, await table.click(ann, post, label="My hand"))
    assert [a.filename for a in hand.attachments] == ["hand.png"] and "staff" in hand.content.lower(), hand.content
    check_png(hand.attachments[0].data, "hand.png")
    for actor in (ann, watcher):
        hotels = await ephemeral_answer(table, actor, await table.click(actor, post, label="Hotels"))
        assert [a.filename for a in hotels.attachments] == ["hotel-1.png", "hotel-2.png", "hotel-3.png"], hotels
        assert "ann" in hotels.content and "bob" in hotels.content and not hotels.selects(), hotels.content
        for picture in hotels.attachments:  # issue 42 item 7: every hotel at once, no menu first
            check_png(picture.data, picture.filename)
        score = await ephemeral_answer(table, actor, await table.click(actor, post, label="Score"))
        assert "Scores if the game ended now" in score.content, score.content
        log = await ephemeral_answer(table, actor, await table.click(actor, post, label="Log"))
        assert log.content.startswith("Last actions:"), log.content

    # commands
    board = await ephemeral_answer(table, watcher, await table.command(watcher, "gah board"))
    assert [a.filename for a in board.attachments] == ["board.png", "emperor.png"]
    hotel = await ephemeral_answer(table, watcher, await table.command(watcher, "gah hotel", player=bob))
    assert [a.filename for a in hotel.attachments] == ["hotel.png"] and "bob" in hotel.content
    mine = await ephemeral_answer(table, ann, await table.command(ann, "gah hotel"))
    assert "ann" in mine.content
    nobody = await ephemeral_answer(table, watcher, await table.command(watcher, "gah hotel"))
    assert "no seat" in nobody.content
    hand = await ephemeral_answer(table, bob, await table.command(bob, "gah hand"))
    assert [a.filename for a in hand.attachments] == ["hand.png"]
    for name, expected in (("gah score", "Scores if"), ("gah log", "Last actions"), ("gah help", "/gah new"),
                           ("gah rules", "Goal and flow"), ("gah stats", "0 games"),
                           ("gah leaderboard", "No finished games")):
        text = (await ephemeral_answer(table, watcher, await table.command(watcher, name))).content
        assert expected in text, (name, text)
    page = await ephemeral_answer(table, watcher, await table.command(watcher, "gah rules", page=7))
    assert "(page 7 of 7)" in page.content
    choices = await (await watcher.autocomplete(world.channel, "gah card", "name", name="Cook")).response()
    assert choices.choices and all("cook" in c["name"].lower() for c in choices.choices), choices.choices
    card = await ephemeral_answer(table, watcher, await table.command(watcher, "gah card",
                                                                      name=choices.choices[0]["value"]))
    assert card.content.startswith("**"), card.content
    unknown = await ephemeral_answer(table, watcher, await table.command(watcher, "gah card", name="Nobody"))
    assert "I know no card" in unknown.content
    # issue 52 item 6: an Emperor tile and the rules page tell the spaces as the markers stand before the scoring
    tile = await ephemeral_answer(table, watcher, await table.command(watcher, "gah card", name="Emperor tile A1"))
    assert "space 6 or higher before the scoring" in tile.content, tile.content
    assert "space 3 or lower before the scoring" in tile.content, tile.content
    emperor = await ephemeral_answer(table, watcher, await table.command(watcher, "gah rules", page=6))
    assert "space 6 or higher earns the reward and space 3 or lower brings the penalty" in emperor.content, emperor
    snooze = await ephemeral_answer(table, ann, await table.command(ann, "gah snooze", hours=1))
    assert "held until <t:" in snooze.content, snooze.content
    on_turn = table.on_turn(post)
    off_turn = bob if on_turn is ann else ann
    snooze = await ephemeral_answer(table, on_turn, await table.command(on_turn, "gah snooze"))
    assert snooze.content.startswith("No reminder for you this turn"), snooze.content
    refused = await ephemeral_answer(table, off_turn, await table.command(off_turn, "gah snooze"))
    assert "not yours" in refused.content, refused.content
    refused = await ephemeral_answer(table, watcher, await table.command(watcher, "gah snooze"))
    assert "not playing" in refused.content, refused.content
    turn = await ephemeral_answer(table, watcher, await table.command(watcher, "gah turn"))
    assert "not playing" in turn.content

    # /gah turn opens the panel of the player on turn; bob asked for DMs and got one when his turn came
    on_turn = table.on_turn(post)
    panel = await ephemeral_answer(table, on_turn, await table.command(on_turn, "gah turn"))
    assert panel.components and parse_id(panel.selects()[0]["custom_id"] if panel.selects()
                                         else panel.buttons()[0]["custom_id"])[1] == await game_version(bot.database)
    if any(p.pings.user_ids == [bob.id] for p in table.posts()):
        assert any("your turn" in m.content for m in bob.dms()), bob.dms()

    # play to the end; then Rematch (issue 40: only a player may press it, and it seats only them)
    table.players = {ann.id: ann, bob.id: bob}
    final = await table.play_game(max(table.posts(), key=lambda m: (message_version(m), m.id)))
    stats = (await ephemeral_answer(table, watcher, await table.command(watcher, "gah stats", user=ann))).content
    assert "1 game, " in stats and "1 games" not in stats, stats  # issue 42: the number agrees with its noun
    board = await (await table.command(watcher, "gah leaderboard")).reply()
    assert re.search(r"\b(1 win|0 wins) in 1 game\b", board.content), board.content
    await check_rematch(standin, table, final, bob, ann)
    standin.assert_no_violations()


async def check_rematch(standin: StandIn, table: Table, final: Message, presser: Actor, other: Actor) -> None:
    """Issue 40 item 1 on a final post of a game `presser` and `other` played: a watcher's Rematch is refused
    privately and changes nothing; the presser's opens a lobby seating only them (as host), and `other` is named
    once in one message that pings nobody; a second Rematch (after a cancel) tells nobody again; nobody is DMed."""
    watcher = table.world.watcher
    channel = table.channel
    before = table.public_snapshot()
    dms = len(other.dms())
    refused = await ephemeral_answer(table, watcher, await table.click(watcher, final, label="Rematch"))
    assert "Only the players of this game" in refused.content, refused.content
    assert table.public_snapshot() == before, "a refused Rematch changed a public message"
    floor = final
    for _ in range(2):
        opened = await ephemeral_answer(table, presser, await table.click(presser, final, label="Rematch"))
        assert "lobby is open" in opened.content, opened.content
        rematch = await table.lobby_after(floor)
        seats = next(f for f in rematch.embeds[0]["fields"] if f["name"].startswith("Seats"))
        assert seats["name"].startswith("Seats (1/") and seats["value"].startswith("1. "), seats
        assert presser.mention in seats["value"] and other.mention not in str(rematch.embeds), seats
        assert rematch.content.startswith(presser.mention), rematch.content
        await standin.wait_for(lambda: [m for m in standin.messages_in(channel) if "opened a rematch" in m.content],
                               what="the rematch notice")
        told = [m for m in standin.messages_in(channel) if "opened a rematch" in m.content]
        assert len(told) == 1 and other.mention in told[0].content, [m.content for m in told]
        assert not told[0].pings.user_ids and not told[0].pings.role_ids and not told[0].pings.everyone
        assert all(other.id not in m.pings.user_ids for m in standin.messages_in(channel) if m.id > final.id)
        await table.answer(await table.click(presser, rematch, label="Cancel"))
        floor = rematch
    assert len(other.dms()) == dms, "a rematch DMed an old player"
    assert len([m for m in standin.messages_in(channel) if "opened a rematch" in m.content]) == 1, "told twice"
