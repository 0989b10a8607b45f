"""Every request body is validated against Discord's OpenAPI description (vendored in ``openapi/``): a body it does
not allow is refused with 400 *Invalid Form Body* and the violation ``openapi.request_body``."""

from __future__ import annotations

import io
import json

import aiohttp
import discord
import pytest

from . import DiscordLimitViolation, StandIn, StandInConfig
from .conftest import Hotel
from .responses import API_PREFIX
from .schemas import OPENAPI_PATH, RULE, RequestSchemas
from .tinybot import TinyBot, raw_callback, raw_request, running

MESSAGES_ROUTE = "/channels/{channel_id}/messages"


async def test_a_body_discord_does_not_describe_is_refused(standin: StandIn, hotel: Hotel) -> None:
    url, auth = f"{standin.api_base}/channels/{hotel.lobby.id}/messages", {"Authorization": f"Bot {standin.token}"}
    async with aiohttp.ClientSession() as session, session.post(url, json={"content": "hi", "tts": "loudly"},
                                                                headers=auth) as response:
        assert response.status == 400
        body = await response.json()
    assert body["code"] == 50035 and body["message"] == "Invalid Form Body"
    [error] = body["errors"]["tts"]["_errors"]
    assert "boolean" in error["message"]
    [violation] = standin.take_violations()
    assert violation.rule == RULE and "tts" in violation.message
    assert standin.messages_in(hotel.lobby) == []


async def test_multipart_payload_json_is_validated(standin: StandIn, hotel: Hotel) -> None:
    form = aiohttp.FormData(quote_fields=False)
    form.add_field("payload_json", json.dumps({"content": "a file", "attachments": [{"id": "zero"}]}),
                   content_type="application/json")
    form.add_field("files[0]", b"hello", filename="a.txt", content_type="text/plain")
    url, auth = f"{standin.api_base}/channels/{hotel.lobby.id}/messages", {"Authorization": f"Bot {standin.token}"}
    async with aiohttp.ClientSession() as session, session.post(url, data=form, headers=auth) as response:
        assert response.status == 400
        body = await response.json()
    assert "id" in body["errors"]["attachments"]["0"]
    [violation] = standin.take_violations()
    assert violation.rule == RULE and "attachments[0].id" in violation.message


async def test_component_and_interaction_bodies_are_validated(standin: StandIn, hotel: Hotel) -> None:
    bot = TinyBot()
    errors: dict[str, int] = {}
    bad_button = {"type": 1, "components": [{"type": 2, "style": 1, "label": "Go", "custom_id": "go",
                                              "disabled": "no"}]}

    @bot.tree.command(name="bad", description="Answers with a button Discord does not take")
    async def bad(interaction: discord.Interaction) -> None:
        try:
            await raw_callback(bot, interaction, {"type": 4, "data": {"content": "x", "components": [bad_button]}})
        except discord.HTTPException as exc:
            errors["bad"] = exc.code
        await interaction.response.send_message("fixed")

    async with running(standin, bot):
        command = await hotel.alice.run_command(hotel.lobby, "bad")
        with pytest.raises(DiscordLimitViolation, match=r"openapi\.request_body.*components\[0\]\.components\[0\]"
                                                        r"\.disabled"):
            await command.reply()
        assert errors == {"bad": 50035}
        assert (await command.reply()).content == "fixed"


async def test_the_stand_ins_own_rule_is_named_first(standin: StandIn, hotel: Hotel) -> None:
    """A body breaking a documented limit that the description also encodes is refused under the limit's rule."""
    bot = TinyBot()
    async with running(standin, bot):
        too_many = [{"title": str(n)} for n in range(11)]  # the description: maxItems 10
        with pytest.raises(discord.HTTPException):
            await raw_request(bot, "POST", MESSAGES_ROUTE, channel_id=hotel.lobby.id, json={"embeds": too_many})
    assert [v.rule for v in standin.take_violations()] == ["embeds.count"]


@pytest.mark.parametrize("standin_config", [StandInConfig(openapi_validation="record")], indirect=True)
async def test_record_mode_accepts_and_records(standin: StandIn, hotel: Hotel) -> None:
    bot = TinyBot()
    async with running(standin, bot):
        await raw_request(bot, "POST", MESSAGES_ROUTE, channel_id=hotel.lobby.id, json={"content": "hi", "tts": 1})
        [violation] = standin.take_violations()
    assert violation.rule == RULE
    assert [m.content for m in standin.messages_in(hotel.lobby)] == ["hi"]


@pytest.mark.parametrize("standin_config", [StandInConfig(openapi_validation="off")], indirect=True)
async def test_validation_can_be_turned_off(standin: StandIn, hotel: Hotel) -> None:
    bot = TinyBot()
    async with running(standin, bot):
        await raw_request(bot, "POST", MESSAGES_ROUTE, channel_id=hotel.lobby.id, json={"content": "hi", "tts": 1})
    assert standin.take_violations() == [] and len(standin.messages_in(hotel.lobby)) == 1


async def test_what_discord_py_sends_is_valid_and_validated(standin: StandIn, hotel: Hotel) -> None:
    """discord.py's own bodies (command sync, messages with files and views, interaction answers, edits) pass; each
    route's validator is compiled once."""
    bot = TinyBot(sync_guild_id=hotel.guild.id)

    class Buttons(discord.ui.View):
        def __init__(self) -> None:
            super().__init__(timeout=None)

        @discord.ui.button(label="Edit", custom_id="edit")
        async def edit(self, interaction: discord.Interaction, button: discord.ui.Button[Buttons]) -> None:
            await interaction.response.edit_message(content="edited", view=None)

    @bot.tree.command(name="show", description="Answers with a view and a file")
    async def show(interaction: discord.Interaction, text: str) -> None:
        await interaction.response.send_message(text, view=Buttons(), file=discord.File(io.BytesIO(b"data"), "a.txt"),
                                                allowed_mentions=discord.AllowedMentions(users=[interaction.user]))

    async with running(standin, bot):
        channel = bot.get_channel(hotel.lobby.id)
        assert isinstance(channel, discord.TextChannel)
        sent = await channel.send("with a nonce", nonce="n1", file=discord.File(io.BytesIO(b"x"), "b.txt"))
        await sent.edit(content="edited", attachments=[])
        shown = await (await hotel.alice.run_command(hotel.lobby, "show", text="hello")).reply()
        await (await hotel.alice.click(shown, label="Edit")).reply()
    schemas = standin.core.schemas
    assert schemas.unvalidated == {}
    for key in [("PUT", "/applications/{application_id}/guilds/{guild_id}/commands"), ("POST", MESSAGES_ROUTE),
                ("PATCH", "/channels/{channel_id}/messages/{message_id}"),
                ("POST", "/interactions/{interaction_id}/{interaction_token}/callback")]:
        assert schemas.validated[key] >= 1, key
        assert schemas.validator(*key) is schemas.validator(*key)


def test_every_route_taking_a_body_has_a_schema(standin: StandIn) -> None:
    schemas = RequestSchemas()
    routes = [(route.method, route.resource.canonical.removeprefix(API_PREFIX))
              for route in standin._server.app.router.routes()
              if route.resource is not None and route.resource.canonical.startswith(API_PREFIX + "/")
              and route.method in ("POST", "PATCH", "PUT")]
    assert len(routes) >= 15
    bodiless = {("POST", "/channels/{channel_id}/typing")}
    missing = [r for r in routes if r not in bodiless and schemas.validator(*r) is None]
    assert missing == []


def test_the_vendored_description_keeps_its_licence_and_origin() -> None:
    folder = OPENAPI_PATH.parent
    assert "MIT License" in (folder / "LICENSE").read_text()
    readme = (folder / "README.md").read_text()
    assert "discord/discord-api-spec" in readme and "74fda0f" in readme
    assert json.loads(OPENAPI_PATH.read_text())["openapi"].startswith("3.1")
