"""Each of Discord's limits, broken on purpose by a real discord.py client, is refused (as Discord would) and
recorded as a violation with a clear message."""

from __future__ import annotations

import asyncio
import io
from typing import Any

import aiohttp
import discord
import pytest

from . import DiscordLimitViolation, StandIn
from .conftest import UNHURRIED, Hotel
from .limits import ATTACHMENT_BYTES_MAX
from .tinybot import TinyBot, raw_callback, raw_request, running


def button(custom_id: str, label: str = "Go") -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": label, "custom_id": custom_id}


def row(*components: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(components)}


def string_select(custom_id: str, n_options: int, **option: str) -> dict[str, Any]:
    options = [{"label": f"Option {i}", "value": f"v{i}", **option} for i in range(n_options)]
    return {"type": 3, "custom_id": custom_id, "options": options}


async def expect_refusal(standin: StandIn, bot: TinyBot, channel_id: int, payload: dict[str, Any]) -> list[str]:
    """Send ``payload`` as a channel message; it must be refused with 400/50035. Returns the violated rules."""
    with pytest.raises(discord.HTTPException) as refused:
        await raw_request(bot, "POST", "/channels/{channel_id}/messages", channel_id=channel_id, json=payload)
    assert refused.value.status == 400 and refused.value.code == 50035, refused.value
    rules = [v.rule for v in standin.take_violations()]
    assert rules, "a refused request must be recorded as a violation"
    return rules


MESSAGE_CASES: list[tuple[str, dict[str, Any]]] = [
    ("content.length", {"content": "x" * 2001}),
    ("message.empty", {"content": ""}),
    ("embeds.count", {"embeds": [{"title": str(i)} for i in range(11)]}),
    ("embed.title", {"embeds": [{"title": "t" * 257}]}),
    ("embed.description", {"embeds": [{"description": "d" * 4097}]}),
    ("embed.fields_count", {"embeds": [{"fields": [{"name": "n", "value": "v"}] * 26}]}),
    ("embed.field_name", {"embeds": [{"fields": [{"name": "n" * 257, "value": "v"}]}]}),
    ("embed.field_value", {"embeds": [{"fields": [{"name": "n", "value": "v" * 1025}]}]}),
    ("embed.footer", {"embeds": [{"footer": {"text": "f" * 2049}}]}),
    ("embed.author", {"embeds": [{"author": {"name": "a" * 257}}]}),
    ("embeds.total", {"embeds": [{"description": "d" * 4000}, {"description": "d" * 2001}]}),
    ("components.rows", {"components": [row(button(f"b{i}")) for i in range(6)]}),
    ("components.row_buttons", {"components": [row(*(button(f"b{i}") for i in range(6)))]}),
    ("components.row_select", {"components": [row(string_select("s", 2), button("b"))]}),
    ("components.row_select", {"components": [row(string_select("s1", 2), string_select("s2", 2))]}),
    ("select.options_count", {"components": [row(string_select("s", 26))]}),
    (
        "select.option_label",
        {"components": [row({**string_select("s", 1), "options": [{"label": "l" * 101, "value": "v"}]})]},
    ),
    (
        "select.option_value",
        {"components": [row({**string_select("s", 1), "options": [{"label": "l", "value": "v" * 101}]})]},
    ),
    ("select.option_description", {"components": [row(string_select("s", 2, description="d" * 101))]}),
    ("components.custom_id_length", {"components": [row(button("c" * 101))]}),
    ("components.custom_id_unique", {"components": [row(button("same"), button("same"))]}),
    ("components.label_length", {"components": [row(button("b", label="l" * 81))]}),
    ("components_v2.unsupported", {"flags": 1 << 15, "components": [{"type": 10, "content": "hi"}]}),
    ("allowed_mentions.invalid", {"content": "hi", "allowed_mentions": {"parse": ["users"], "users": ["1"]}}),
]


@pytest.mark.parametrize("standin_config", [UNHURRIED], indirect=True)
async def test_message_limits_are_enforced(standin: StandIn, hotel: Hotel) -> None:
    bot = TinyBot()
    async with running(standin, bot):
        for rule, payload in MESSAGE_CASES:
            assert rule in await expect_refusal(standin, bot, hotel.lobby.id, payload), rule
        assert standin.messages_in(hotel.lobby) == []

        # Exactly at the limits everything is accepted.
        full_rows = [row(*(button(f"r{r}b{b}", label="l" * 80) for b in range(5))) for r in range(4)]
        full_rows.append(row(string_select("s" * 100, 25, description="d" * 100)))
        embed = {
            "title": "t" * 256,
            "description": "d" * 1000,
            "footer": {"text": "f" * 2048},
            "fields": [{"name": "n", "value": "v" * 100}] * 25,
        }
        await raw_request(
            bot,
            "POST",
            "/channels/{channel_id}/messages",
            channel_id=hotel.lobby.id,
            json={"content": "x" * 2000, "components": full_rows, "embeds": [embed]},
        )
        [accepted] = standin.messages_in(hotel.lobby)
        assert len(accepted.content) == 2000 and len(accepted.buttons()) == 20

        # The same rules apply to discord.py's own calls; the error reaches the bot as HTTPException.
        channel = bot.get_channel(hotel.lobby.id)
        assert isinstance(channel, discord.TextChannel)
        with pytest.raises(discord.HTTPException) as too_long:
            await channel.send(embed=discord.Embed(title="t" * 257))
        assert too_long.value.code == 50035 and "256" in str(too_long.value)
        [violation] = standin.take_violations()
        assert violation.rule == "embed.title" and "at most 256" in violation.message


async def test_attachment_size_and_count(standin: StandIn, hotel: Hotel) -> None:
    bot = TinyBot()
    async with running(standin, bot):
        channel = bot.get_channel(hotel.lobby.id)
        assert isinstance(channel, discord.TextChannel)
        with pytest.raises(discord.HTTPException) as too_big:
            await channel.send(file=discord.File(io.BytesIO(b"\0" * (ATTACHMENT_BYTES_MAX + 1)), "huge.bin"))
        assert too_big.value.status == 413 and too_big.value.code == 40005
        [violation] = standin.take_violations()
        assert violation.rule == "attachments.size" and "10 MiB" in violation.message
        exact = await channel.send(file=discord.File(io.BytesIO(b"\0" * ATTACHMENT_BYTES_MAX), "exact.bin"))
        assert standin.world.messages[exact.id].attachments[0].size == ATTACHMENT_BYTES_MAX

    # discord.py itself refuses more than 10 files, so send eleven with plain aiohttp.
    form = aiohttp.FormData(quote_fields=False)
    form.add_field("payload_json", '{"content": "eleven files"}', content_type="application/json")
    for i in range(11):
        form.add_field(f"files[{i}]", f"file {i}".encode(), filename=f"f{i}.txt")
    async with (
        aiohttp.ClientSession() as session,
        session.post(
            f"{standin.api_base}/channels/{hotel.games.id}/messages",
            data=form,
            headers={"Authorization": f"Bot {standin.token}"},
        ) as response,
    ):
        assert response.status == 400
        assert "attachments" in (await response.json())["errors"]
    assert [v.rule for v in standin.take_violations()] == ["attachments.count"]


async def test_three_second_rule(standin: StandIn, hotel: Hotel) -> None:
    bot = TinyBot()
    late_errors: list[int] = []

    @bot.tree.command(name="late", description="Answers after 3 s")
    async def late(interaction: discord.Interaction) -> None:
        standin.advance_time(3.5)  # as if the bot had blocked for 3.5 s
        try:
            await interaction.response.send_message("too late")
        except discord.NotFound as exc:
            late_errors.append(exc.code)

    @bot.tree.command(name="silent", description="Never answers")
    async def silent(interaction: discord.Interaction) -> None:
        pass

    async with running(standin, bot):
        interaction = await hotel.alice.run_command(hotel.lobby, "late")
        with pytest.raises(DiscordLimitViolation, match=r"interaction\.initial_response_timeout"):
            await interaction.response()
        await standin.wait_for(lambda: late_errors, what="the bot to see the refusal")
        assert late_errors == [10062], "Discord answers 404 Unknown interaction after the deadline"
        assert not interaction.acknowledged and standin.messages_in(hotel.lobby) == []

        ignored = await hotel.alice.run_command(hotel.lobby, "silent")
        standin.advance_time(3.1)
        with pytest.raises(DiscordLimitViolation, match=r"no initial response to /silent by alice within 3 s"):
            await ignored.response(timeout=5)


async def test_followup_after_token_expiry(standin: StandIn, hotel: Hotel) -> None:
    bot = TinyBot()
    go_on = asyncio.Event()
    outcome: list[int] = []

    @bot.tree.command(name="marathon", description="Defers, follows up 15 minutes later")
    async def marathon(interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        await go_on.wait()
        try:
            await interaction.followup.send("finally")
        except discord.HTTPException as exc:
            outcome.append(exc.code)

    async with running(standin, bot):
        interaction = await hotel.alice.run_command(hotel.lobby, "marathon")
        assert (await interaction.response()).type == 5
        standin.advance_time(15 * 60 + 1)
        go_on.set()
        with pytest.raises(DiscordLimitViolation, match=r"interaction\.token_expired.*valid for 15 min"):
            await standin.wait_for(lambda: outcome, what="the follow-up")
        await standin.wait_for(lambda: outcome, what="the bot to see the refusal", strict=False)
        assert outcome == [50027]


async def test_wrong_or_repeated_interaction_responses(standin: StandIn, hotel: Hotel) -> None:
    bot = TinyBot()
    errors: dict[str, int] = {}

    @bot.tree.command(name="twice", description="Answers twice")
    async def twice(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("first")
        try:
            await raw_callback(bot, interaction, {"type": 4, "data": {"content": "second"}})
        except discord.HTTPException as exc:
            errors["twice"] = exc.code

    @bot.tree.command(name="update", description="Answers a command with UPDATE_MESSAGE")
    async def update(interaction: discord.Interaction) -> None:
        try:
            await raw_callback(bot, interaction, {"type": 7, "data": {"content": "no message to update"}})
        except discord.HTTPException as exc:
            errors["update"] = exc.code
        await interaction.response.send_message("fixed")

    @bot.tree.command(name="modal", description="Answers with a bad modal")
    async def modal(interaction: discord.Interaction) -> None:
        text_input = {"type": 4, "custom_id": "name", "style": 1, "label": "Name"}
        try:
            await raw_callback(
                bot,
                interaction,
                {"type": 9, "data": {"custom_id": "m", "title": "T" * 46, "components": [row(text_input)]}},
            )
        except discord.HTTPException as exc:
            errors["modal"] = exc.code

    async with running(standin, bot):
        first = await hotel.alice.run_command(hotel.lobby, "twice")
        with pytest.raises(DiscordLimitViolation, match=r"interaction\.already_acknowledged"):
            await standin.wait_for(lambda: "twice" in errors, what="the second answer")
        assert errors["twice"] == 40060 and (await first.reply()).content == "first"

        fixed = await hotel.alice.run_command(hotel.lobby, "update")
        with pytest.raises(DiscordLimitViolation, match=r"interaction\.response_type.*allowed: \[4, 5, 9\]"):
            await fixed.reply()
        assert (await fixed.reply()).content == "fixed", "a refused response leaves the interaction open"

        await hotel.alice.run_command(hotel.lobby, "modal")
        with pytest.raises(DiscordLimitViolation, match=r"modal\.title.*at most 45"):
            await standin.wait_for(lambda: "modal" in errors, what="the modal")
        assert errors["modal"] == 50035


async def test_autocomplete_with_too_many_choices(standin: StandIn, hotel: Hotel) -> None:
    bot = TinyBot()

    @bot.tree.command(name="guest", description="Pick a guest")
    async def guest(interaction: discord.Interaction, name: str) -> None:
        await interaction.response.send_message(name)

    @guest.autocomplete("name")
    async def guest_names(interaction: discord.Interaction, current: str) -> list[discord.app_commands.Choice[str]]:
        return [discord.app_commands.Choice(name=f"Guest {i}", value=f"g{i}") for i in range(26)]

    async with running(standin, bot):
        typing = await hotel.alice.autocomplete(hotel.lobby, "guest", "name", name="G")
        with pytest.raises(DiscordLimitViolation, match=r"autocomplete\.choices.*26 choices"):
            await typing.response()


COMMAND_CASES: list[tuple[str, list[dict[str, Any]]]] = [
    ("commands.count", [{"name": f"c{i}", "description": "d"} for i in range(101)]),
    ("commands.name", [{"name": "Hotel", "description": "d"}]),
    ("commands.name", [{"name": "two words", "description": "d"}]),
    ("commands.name", [{"name": "n" * 33, "description": "d"}]),
    ("commands.description", [{"name": "hotel", "description": "d" * 101}]),
    ("commands.description", [{"name": "hotel", "description": ""}]),
    (
        "commands.options_count",
        [
            {
                "name": "hotel",
                "description": "d",
                "options": [{"name": f"o{i}", "description": "d", "type": 3} for i in range(26)],
            }
        ],
    ),
    (
        "commands.options_count",
        [
            {
                "name": "hotel",
                "description": "d",
                "options": [
                    {
                        "name": "game",
                        "description": "d",
                        "type": 2,
                        "options": [{"name": f"s{i}", "description": "d", "type": 1} for i in range(26)],
                    }
                ],
            }
        ],
    ),
    (
        "commands.choices",
        [
            {
                "name": "hotel",
                "description": "d",
                "options": [
                    {
                        "name": "o",
                        "description": "d",
                        "type": 3,
                        "choices": [{"name": str(i), "value": str(i)} for i in range(26)],
                    }
                ],
            }
        ],
    ),
    ("commands.unique", [{"name": "hotel", "description": "d"}, {"name": "hotel", "description": "e"}]),
    (
        "commands.required_order",
        [
            {
                "name": "hotel",
                "description": "d",
                "options": [
                    {"name": "a", "description": "d", "type": 3},
                    {"name": "b", "description": "d", "type": 3, "required": True},
                ],
            }
        ],
    ),
]


async def test_command_tree_limits(standin: StandIn, hotel: Hotel) -> None:
    bot = TinyBot()
    async with running(standin, bot):
        app_id = standin.application_id
        for rule, commands in COMMAND_CASES:
            with pytest.raises(discord.HTTPException) as refused:
                await bot.http.bulk_upsert_global_commands(app_id, commands)
            assert refused.value.code == 50035
            assert rule in [v.rule for v in standin.take_violations()], rule
        assert standin.commands() == []

        at_limit = [
            {
                "name": f"c{i}",
                "description": "d" * 100,
                "options": [{"name": f"o{j}", "description": "d", "type": 3} for j in range(25)],
            }
            for i in range(100)
        ]
        stored = await bot.http.bulk_upsert_global_commands(app_id, at_limit)
        assert len(stored) == 100 and all({"id", "application_id", "version"} <= set(c) for c in stored)


async def test_unimplemented_route_is_reported(standin: StandIn, hotel: Hotel) -> None:
    bot = TinyBot()
    async with running(standin, bot):
        channel = bot.get_channel(hotel.lobby.id)
        assert isinstance(channel, discord.TextChannel)
        message = await channel.send("pin me")
        with pytest.raises(discord.NotFound):
            await message.pin()
        [violation] = standin.take_violations()
        assert violation.rule == "standin.unimplemented_route" and "/pins/" in violation.message
