"""The quick-start example of README.md, verbatim apart from relative imports, so the README stays true."""

from __future__ import annotations

import discord

from . import Permission, StandIn
from .tinybot import TinyBot, running  # a tiny client; the real bot is started the same way


class JoinView(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Join", custom_id="join")
    async def join(self, interaction: discord.Interaction, button: discord.ui.Button[JoinView]) -> None:
        await interaction.response.send_message(f"{interaction.user.name} joined", ephemeral=True)


async def test_join_button() -> None:
    async with StandIn() as fake:  # 127.0.0.1, a free port
        guild = fake.create_guild("Hotel", channels=["lobby"])
        lobby = guild.channel("lobby")
        mods = fake.create_role(guild, "Moderator", permissions=Permission.MANAGE_CHANNELS)
        alice = fake.create_user("alice", guild=guild)
        bob = fake.create_user("bob", guild=guild, roles=[mods])

        bot = TinyBot()

        @bot.tree.command(name="start", description="Start a game")
        async def start(interaction: discord.Interaction, players: int) -> None:
            await interaction.response.send_message(f"Game for {players} players", view=JoinView())

        async with running(fake, bot):  # points discord.py here, starts the client, waits for on_ready
            command = await alice.run_command(lobby, "start", players=3)
            message = await command.reply()  # the bot's visible answer
            assert message.content == "Game for 3 players"
            click = await bob.click(message, label="Join")
            secret = await click.reply()
            assert secret.ephemeral_for == bob.id and secret not in alice.sees(lobby)
        fake.assert_no_violations()
