"""Slash commands, buttons, selects, modals, autocomplete, deferrals, ephemeral answers and DMs, end to end with a
real discord.py client."""

from __future__ import annotations

import asyncio
import io

import discord
import pytest
from discord import app_commands

from . import StandIn, StandInUsageError
from .conftest import Hotel
from .tinybot import TinyBot, running


class JoinView(discord.ui.View):
    """A persistent view with one button that answers ephemerally."""

    def __init__(self) -> None:
        super().__init__(timeout=None)
        self.clicks: list[int] = []

    @discord.ui.button(label="Join", custom_id="hotel:join", style=discord.ButtonStyle.primary)
    async def join(self, interaction: discord.Interaction, button: discord.ui.Button[JoinView]) -> None:
        self.clicks.append(interaction.user.id)
        await interaction.response.send_message(f"Welcome, {interaction.user.name}!", ephemeral=True)


async def test_slash_command_with_button_and_attachment_then_ephemeral_click(standin: StandIn, hotel: Hotel) -> None:
    bot = TinyBot()
    view = JoinView()

    @bot.tree.command(name="newgame", description="Open a new game")
    async def newgame(interaction: discord.Interaction) -> None:
        board = discord.File(io.BytesIO(b"board state v1"), filename="board.txt")
        await interaction.response.send_message("A new game is open.", view=view, file=board)

    async with running(standin, bot):
        [registered] = await standin.wait_for_commands("newgame")
        assert [c.id for c in bot.synced] == [registered.id]
        assert bot.synced[0].application_id == standin.application_id

        interaction = await hotel.alice.run_command(hotel.lobby, "newgame")
        message = await interaction.reply()
        assert interaction.latency is not None and interaction.latency < 3
        assert message.content == "A new game is open."
        assert message.author is standin.bot and message.interaction_metadata is not None
        assert message.interaction_metadata["user"]["id"] == str(hotel.alice.id)
        assert [(a.filename, a.content_type, a.data) for a in message.attachments] == [
            ("board.txt", "text/plain", b"board state v1")
        ]
        assert message.button(label="Join")["custom_id"] == "hotel:join"
        assert message in hotel.bob.sees(hotel.lobby)

        click = await hotel.bob.click(message, label="Join")
        welcome = await click.reply()
        assert view.clicks == [hotel.bob.id]
        assert welcome.ephemeral and welcome.content == "Welcome, bob!"
        assert welcome in hotel.bob.sees(hotel.lobby)
        assert welcome not in hotel.alice.sees(hotel.lobby)
        assert welcome not in standin.messages_in(hotel.lobby)
        assert hotel.bob.ephemeral_messages() == [welcome]

        # The bot reads the attachment back through discord.py; the stand-in serves the bytes.
        channel = bot.get_channel(hotel.lobby.id)
        assert isinstance(channel, discord.TextChannel)
        fetched = await channel.fetch_message(message.id)
        assert await fetched.attachments[0].read() == b"board state v1"


async def test_followup_after_defer_fills_the_thinking_message(standin: StandIn, hotel: Hotel) -> None:
    bot = TinyBot()

    seen_by_bot: list[str] = []

    @bot.tree.command(name="roll", description="Roll the dice slowly")
    async def roll(interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        await asyncio.sleep(0.05)
        await interaction.followup.send("You rolled a 6")
        second = await interaction.followup.send("Second message", wait=True)
        third = await interaction.followup.send("Oops", wait=True)
        await second.edit(content="Second message, edited")
        await third.delete()
        seen_by_bot.append((await interaction.original_response()).content)

    async with running(standin, bot):
        interaction = await hotel.alice.run_command(hotel.lobby, "roll")
        response = await interaction.response()
        assert response.type == 5 and response.message is not None
        answer = await interaction.reply()
        assert answer.id == response.message.id and not answer.loading
        assert answer.content == "You rolled a 6"
        second = await interaction.followup(1)
        assert second.id != answer.id
        await standin.wait_for(lambda: seen_by_bot, what="the bot to read @original")
        assert seen_by_bot == ["You rolled a 6"]
        assert second.content == "Second message, edited" and second.edit_count == 1
        assert interaction.followups[2].deleted
        assert [m.content for m in standin.messages_in(hotel.lobby)] == ["You rolled a 6", "Second message, edited"]


async def test_ephemeral_defer_then_edit_original(standin: StandIn, hotel: Hotel) -> None:
    bot = TinyBot()

    @bot.tree.command(name="hand", description="Show your hand")
    async def hand(interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        embed = discord.Embed(title="Your hand", description="3 cards").add_field(name="Coffee", value="2")
        await interaction.edit_original_response(content="Only you see this", embed=embed)

    async with running(standin, bot):
        interaction = await hotel.alice.run_command(hotel.lobby, "hand")
        message = await interaction.reply()
        assert message.ephemeral_for == hotel.alice.id and message.content == "Only you see this"
        assert message.embeds[0]["title"] == "Your hand"
        assert message.embeds[0]["fields"] == [{"name": "Coffee", "value": "2", "inline": True}]
        assert message not in hotel.bob.sees(hotel.lobby)
        assert standin.messages_in(hotel.lobby) == []


async def test_subcommand_group_options_and_autocomplete(standin: StandIn, hotel: Hotel) -> None:
    bot = TinyBot()
    received: dict[str, object] = {}
    hotel_group = app_commands.Group(name="hotel", description="Hotel games")
    game = app_commands.Group(name="game", description="Game commands", parent=hotel_group)

    @game.command(name="start", description="Start a game")
    async def start(
        interaction: discord.Interaction,
        players: app_commands.Range[int, 2, 4],
        rival: discord.Member,
        variant: str = "base",
    ) -> None:
        received.update(players=players, rival=rival.id, variant=variant, rival_name=rival.name)
        await interaction.response.send_message(f"{players} players against {rival.mention} ({variant})")

    @start.autocomplete("variant")
    async def variant_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return [
            app_commands.Choice(name=v.title(), value=v) for v in ("base", "expansion", "solo") if v.startswith(current)
        ]

    bot.tree.add_command(hotel_group)
    async with running(standin, bot):
        interaction = await hotel.alice.run_command(
            hotel.lobby, "hotel game start", players=3, rival=hotel.bob, variant="solo"
        )
        message = await interaction.reply()
        assert received == {"players": 3, "rival": hotel.bob.id, "variant": "solo", "rival_name": "bob"}
        assert message.content == f"3 players against <@{hotel.bob.id}> (solo)"
        assert hotel.bob.pings() == [message]

        typing = await hotel.alice.autocomplete(hotel.lobby, "hotel game start", "variant", variant="ex")
        result = await typing.response()
        assert result.type == 8
        assert result.choices == [{"name": "Expansion", "value": "expansion"}]

        with pytest.raises(StandInUsageError, match=r"outside 2\.\.4"):
            await hotel.alice.run_command(hotel.lobby, "hotel game start", players=7, rival=hotel.bob)
        with pytest.raises(StandInUsageError, match="required option 'rival'"):
            await hotel.alice.run_command(hotel.lobby, "hotel game start", players=2)


class RoomPicker(discord.ui.View):
    """A string select that rewrites its own message."""

    def __init__(self) -> None:
        super().__init__(timeout=None)  # a view timeout is a task that would outlive the client

    @discord.ui.select(
        custom_id="rooms",
        placeholder="Pick rooms",
        min_values=1,
        max_values=2,
        options=[discord.SelectOption(label=f"Room {i}", value=str(i)) for i in range(1, 4)],
    )
    async def pick(self, interaction: discord.Interaction, select: discord.ui.Select[RoomPicker]) -> None:
        await interaction.response.edit_message(content=f"Picked {', '.join(select.values)}", view=None)


async def test_select_menu_updates_its_message(standin: StandIn, hotel: Hotel) -> None:
    bot = TinyBot()

    @bot.tree.command(name="rooms", description="Choose rooms")
    async def rooms(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("Choose up to two rooms", view=RoomPicker())

    async with running(standin, bot):
        message = await (await hotel.alice.run_command(hotel.lobby, "rooms")).reply()
        assert message.selects()[0]["options"][2] == {"label": "Room 3", "value": "3", "default": False}
        with pytest.raises(StandInUsageError, match="no option"):
            await hotel.alice.select(message, ["9"])
        with pytest.raises(StandInUsageError, match="1 to 2 values"):
            await hotel.alice.select(message, ["1", "2", "3"])
        picked = await hotel.alice.select(message, ["1", "3"])
        updated = await picked.reply()
        assert (await picked.response()).type == 7
        assert updated is message and message.content == "Picked 1, 3" and message.components == []


class NameModal(discord.ui.Modal, title="Name your hotel"):
    """A modal with one required text input."""

    hotel_name: discord.ui.TextInput[NameModal] = discord.ui.TextInput(
        label="Hotel name", custom_id="hotel_name", max_length=30
    )

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"Hotel {self.hotel_name.value} opened")


class OpenHotel(discord.ui.View):
    """A button that opens :class:`NameModal`, and one that defers and then edits its message."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Open hotel", custom_id="open")
    async def open(self, interaction: discord.Interaction, button: discord.ui.Button[OpenHotel]) -> None:
        await interaction.response.send_modal(NameModal())

    @discord.ui.button(label="Next turn", custom_id="next")
    async def next_turn(self, interaction: discord.Interaction, button: discord.ui.Button[OpenHotel]) -> None:
        await interaction.response.defer()
        await asyncio.sleep(0.02)
        await interaction.edit_original_response(content="Turn 2")


async def test_modal_submit_and_deferred_update(standin: StandIn, hotel: Hotel) -> None:
    bot = TinyBot()

    @bot.tree.command(name="open", description="Open a hotel")
    async def open_hotel(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("Turn 1", view=OpenHotel())

    async with running(standin, bot):
        message = await (await hotel.alice.run_command(hotel.lobby, "open")).reply()
        click = await hotel.alice.click(message, custom_id="open")
        response = await click.response()
        assert response.type == 9 and response.modal is not None and response.modal["title"] == "Name your hotel"
        with pytest.raises(StandInUsageError, match="at most 30"):
            await hotel.alice.submit_modal(click, hotel_name="x" * 31)
        with pytest.raises(StandInUsageError, match="required"):
            await hotel.alice.submit_modal(click)
        submit = await hotel.alice.submit_modal(click, hotel_name="Sacher")
        assert (await submit.reply()).content == "Hotel Sacher opened"

        turn = await hotel.bob.click(message, label="Next turn")
        assert (await turn.response()).type == 6
        updated = await turn.reply()
        assert updated is message and message.content == "Turn 2"


async def test_direct_messages_both_ways(standin: StandIn, hotel: Hotel) -> None:
    bot = TinyBot()
    carol = standin.create_user("carol", guild=hotel.guild, accepts_dms=False)

    @bot.tree.command(name="secret", description="Get your secret role by DM")
    async def secret(interaction: discord.Interaction) -> None:
        try:
            await interaction.user.send("Your secret role: Chef")
        except discord.Forbidden as exc:
            await interaction.response.send_message(f"Cannot DM you ({exc.code})", ephemeral=True)
        else:
            await interaction.response.send_message("Sent you a DM", ephemeral=True)

    async with running(standin, bot):
        assert (await (await hotel.alice.run_command(hotel.lobby, "secret")).reply()).content == "Sent you a DM"
        assert [m.content for m in hotel.alice.dms()] == ["Your secret role: Chef"]
        assert hotel.bob.dms() == []
        refused = await (await carol.run_command(hotel.lobby, "secret")).reply()
        assert refused.content == "Cannot DM you (50007)" and carol.dms() == []

        sent = await hotel.alice.send_dm("thanks!")
        received = await standin.wait_for(
            lambda: next((m for m in bot.received_messages if m.id == sent.id), None), what="alice's DM"
        )
        assert isinstance(received.channel, discord.DMChannel)
        assert received.content == "thanks!", "DM content reaches a bot even without the message content intent"


async def test_default_member_permissions_and_guild_command_sync(standin: StandIn, hotel: Hotel) -> None:
    bot = TinyBot(sync_guild_id=hotel.guild.id)

    @bot.tree.command(name="close", description="Close the lobby")
    @app_commands.default_permissions(manage_channels=True)
    async def close(interaction: discord.Interaction) -> None:
        allowed = interaction.permissions.manage_channels
        await interaction.response.send_message(f"closed by {interaction.user.name} (manage channels: {allowed})")

    async with running(standin, bot):
        assert standin.commands() == []
        assert [c.name for c in standin.commands(hotel.guild)] == ["close"]
        with pytest.raises(StandInUsageError, match="default_member_permissions"):
            await hotel.alice.run_command(hotel.lobby, "close")
        reply = await (await hotel.mod.run_command(hotel.lobby, "close")).reply()
        assert reply.content == "closed by mod (manage channels: True)"
