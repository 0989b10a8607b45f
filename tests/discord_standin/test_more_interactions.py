"""World changes reaching a connected bot, context menus, entity selects, attachment options and label modals."""

from __future__ import annotations

import dataclasses
import time

import discord

from . import StandIn, Upload
from .conftest import Hotel
from .tinybot import TinyBot, running


async def test_world_changes_reach_a_connected_bot(standin: StandIn, hotel: Hotel) -> None:
    intents = discord.Intents.default()
    intents.members = True
    bot = TinyBot(intents=intents)
    async with running(standin, bot):
        guild = bot.get_guild(hotel.guild.id)
        assert guild is not None
        carol = standin.create_user("carol", guild=hotel.guild)
        member = await standin.wait_for(lambda: guild.get_member(carol.id), what="GUILD_MEMBER_ADD")
        assert member.name == "carol"

        chef = standin.create_role(hotel.guild, "Chef")
        standin.give_role(hotel.guild, carol, chef)
        await standin.wait_for(lambda: chef.id in [r.id for r in member.roles], what="GUILD_MEMBER_UPDATE")

        room = standin.create_channel(hotel.guild, "game-3")
        created = await standin.wait_for(lambda: guild.get_channel(room.id), what="CHANNEL_CREATE")
        assert isinstance(created, discord.TextChannel) and created.name == "game-3"

        second = standin.create_guild("Second Hotel", channels=["hall"])
        joined = await standin.wait_for(lambda: bot.get_guild(second.id), what="GUILD_CREATE for a new guild")
        assert [c.name for c in joined.text_channels] == ["hall"]


class SeatPicker(discord.ui.View):
    """A user select."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.select(cls=discord.ui.UserSelect, custom_id="seat", max_values=2)
    async def pick(self, interaction: discord.Interaction, select: discord.ui.UserSelect[SeatPicker]) -> None:
        await interaction.response.send_message("Seated: " + ", ".join(sorted(u.name for u in select.values)))


class Feedback(discord.ui.Modal, title="Feedback"):
    """A modal using the newer label component."""

    def __init__(self) -> None:
        super().__init__()
        self.text: discord.ui.TextInput[Feedback] = discord.ui.TextInput(
            custom_id="text", style=discord.TextStyle.paragraph
        )
        self.add_item(discord.ui.Label(text="Your feedback", component=self.text))

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"Thanks: {self.text.value}", ephemeral=True)


async def test_context_menus_selects_attachments_and_label_modals(standin: StandIn, hotel: Hotel) -> None:
    bot = TinyBot()

    @bot.tree.context_menu(name="Invite to game")
    async def invite(interaction: discord.Interaction, member: discord.Member) -> None:
        await interaction.response.send_message(f"invited {member.name}")

    @bot.tree.context_menu(name="Quote")
    async def quote(interaction: discord.Interaction, message: discord.Message) -> None:
        await interaction.response.send_message(f"quoted: {message.content}")

    @bot.tree.command(name="upload", description="Upload a board")
    async def upload(interaction: discord.Interaction, board: discord.Attachment) -> None:
        data = await board.read()
        await interaction.response.send_message(f"{board.filename}: {data.decode()}")

    @bot.tree.command(name="seat", description="Seat players")
    async def seat(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("Who sits down?", view=SeatPicker())

    @bot.tree.command(name="feedback", description="Give feedback")
    async def feedback(interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(Feedback())

    async with running(standin, bot):
        user_command = await hotel.alice.run_user_command(hotel.lobby, "Invite to game", hotel.bob)
        assert (await user_command.reply()).content == "invited bob"
        said = await hotel.bob.send_message(hotel.lobby, "What a hotel!")
        quoted = await hotel.alice.run_message_command("Quote", said)
        assert (await quoted.reply()).content == "quoted: What a hotel!"

        uploaded = await hotel.alice.run_command(hotel.lobby, "upload", board=Upload("board.txt", b"rooms: 12"))
        assert (await uploaded.reply()).content == "board.txt: rooms: 12"

        question = await (await hotel.alice.run_command(hotel.lobby, "seat")).reply()
        picked = await hotel.alice.select(question, [hotel.alice, hotel.bob])
        assert (await picked.reply()).content == "Seated: alice, bob"

        opened = await hotel.bob.run_command(hotel.lobby, "feedback")
        modal = (await opened.response()).modal
        assert modal is not None and modal["components"][0]["type"] == 18
        thanks = await (await hotel.bob.submit_modal(opened, text="Lovely rooms")).reply()
        assert thanks.content == "Thanks: Lovely rooms" and thanks.ephemeral_for == hotel.bob.id


async def test_a_delayed_interaction_reaches_the_bot_late_and_its_answer_is_refused(standin: StandIn,
                                                                                    hotel: Hotel) -> None:
    """`delay_interactions`: the bot gets the interaction seconds after its creation; the 3-second deadline runs
    from the creation, so a prompt answer is refused as Discord refuses it (404 Unknown interaction), while the
    next interaction arrives at once."""
    bot = TinyBot()
    arrived: list[float] = []
    refused: list[int] = []

    @bot.tree.command(name="ping", description="Answer at once")
    async def ping(interaction: discord.Interaction) -> None:
        arrived.append(time.monotonic())
        try:
            await interaction.response.send_message("pong")
        except discord.NotFound as error:
            refused.append(error.code)

    async with running(standin, bot):
        await standin.wait_for_commands("ping")
        standin.delay_interactions(3.2)
        sent = time.monotonic()
        await hotel.alice.run_command(hotel.lobby, "ping")
        await standin.wait_for(lambda: refused or None, timeout=10, what="the late answer's refusal",
                               strict=False)
        assert refused == [10062] and arrived[0] - sent >= 3.2
        assert [v.rule for v in standin.take_violations()] == ["interaction.initial_response_timeout"]
        prompt = await hotel.alice.run_command(hotel.lobby, "ping")
        assert (await prompt.reply()).content == "pong"


class Notice(discord.ui.View):
    """A public notice whose buttons rewrite it: at once (type 7), or deferred and then edited (type 6)."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Rewrite", custom_id="rewrite")
    async def rewrite(self, interaction: discord.Interaction, button: discord.ui.Button[Notice]) -> None:
        await interaction.response.edit_message(content=f"Rewritten by {interaction.user.name}")

    @discord.ui.button(label="Later", custom_id="later")
    async def later(self, interaction: discord.Interaction, button: discord.ui.Button[Notice]) -> None:
        await interaction.response.defer()
        await interaction.edit_original_response(content=f"Rewritten later by {interaction.user.name}")


async def test_a_message_update_from_a_tampered_copy_changes_the_stored_message(standin: StandIn,
                                                                              hotel: Hotel) -> None:
    """On Discord an update answering a click (type 7, or type 6 and an edit) changes the message everyone sees, not
    the copy a tampered client showed; so the stand-in applies it to the stored message."""
    bot = TinyBot()

    @bot.tree.command(name="notice", description="Post a notice")
    async def notice(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("The hotel opens at nine", view=Notice())

    async with running(standin, bot):
        message = await (await hotel.alice.run_command(hotel.lobby, "notice")).reply()
        copy = dataclasses.replace(message, components=[*message.components])  # what a tampered client holds
        assert copy is not message and copy.id == message.id

        clicked = await hotel.bob.click(copy, label="Rewrite")
        assert (await clicked.response()).type == 7
        assert await clicked.reply() is message
        assert message.content == "Rewritten by bob" and message.edit_count == 1
        assert copy.content == "The hotel opens at nine"
        assert hotel.alice.last_message(hotel.lobby).content == "Rewritten by bob"  # everyone sees the update

        deferred = await hotel.bob.click(copy, label="Later")
        assert (await deferred.response()).type == 6
        assert await deferred.reply() is message
        assert message.content == "Rewritten later by bob" and message.edit_count == 2
        assert copy.content == "The hotel opens at nine"
    standin.assert_no_violations()


async def test_autocomplete_text_longer_than_the_option_arrives_as_sent_and_can_arrive_late(
        standin: StandIn, hotel: Hotel) -> None:
    """A focused option's text reaches the bot as sent, also past the option's `max_length` (what a tampered client
    can send; Discord's own clients stop at it), and `delay_interactions` delays autocomplete interactions too: the
    bot gets one after its 3 seconds, and an answer then is refused (404 Unknown interaction)."""
    bot = TinyBot()
    typed: list[str] = []
    refused: list[int] = []

    @bot.tree.command(name="guest", description="Find a guest")
    async def guest(interaction: discord.Interaction,
                    name: discord.app_commands.Range[str, 1, 100]) -> None:
        await interaction.response.send_message(name)

    @guest.autocomplete("name")
    async def names(interaction: discord.Interaction, current: str) -> list[discord.app_commands.Choice[str]]:
        typed.append(current)
        try:
            await interaction.response.autocomplete([discord.app_commands.Choice(name="Waiter", value="Waiter")])
        except discord.NotFound as error:
            refused.append(error.code)
        return []

    async with running(standin, bot):
        await standin.wait_for_commands("guest")
        long_text = " ".join("w" * 3000)
        offered = await hotel.alice.autocomplete(hotel.lobby, "guest", "name", name=long_text)
        assert (await offered.response()).choices == [{"name": "Waiter", "value": "Waiter"}]
        assert typed == [long_text] and len(long_text) > 100
        standin.delay_interactions(3.2)
        sent = time.monotonic()
        await hotel.alice.autocomplete(hotel.lobby, "guest", "name", name="Wa")
        await standin.wait_for(lambda: refused or None, timeout=10, what="the late answer's refusal", strict=False)
        assert refused == [10062] and typed[-1] == "Wa" and time.monotonic() - sent >= 3.2
        assert [v.rule for v in standin.take_violations()] == ["interaction.initial_response_timeout"]
