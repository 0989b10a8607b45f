"""Who a message really pings, following Discord's allowed_mentions rules and permissions."""

from __future__ import annotations

import discord
import pytest

from . import Permission, StandIn
from .conftest import UNHURRIED, Hotel
from .tinybot import TinyBot, running


@pytest.mark.parametrize("standin_config", [UNHURRIED], indirect=True)
async def test_pings_follow_allowed_mentions(standin: StandIn, hotel: Hotel) -> None:
    bot = TinyBot()
    alice, bob, mod = hotel.alice, hotel.bob, hotel.mod
    everything = f"{alice.mention} {bob.mention} {hotel.moderator.mention} @everyone"

    @bot.tree.command(name="whisper", description="Ephemeral answer mentioning bob")
    async def whisper(interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"psst {bob.mention}", ephemeral=True)

    async with running(standin, bot):
        channel = bot.get_channel(hotel.lobby.id)
        assert isinstance(channel, discord.TextChannel)

        # No allowed_mentions: users ping; the role is not mentionable and the bot lacks Mention Everyone.
        plain = standin.world.messages[(await channel.send(everything)).id]
        assert (plain.pings.user_ids, plain.pings.role_ids, plain.pings.everyone) == ([alice.id, bob.id], [], False)

        # An explicit user list: only bob, nothing else.
        only_bob = discord.AllowedMentions(users=[discord.Object(bob.id)], roles=False, everyone=False)
        listed = standin.world.messages[(await channel.send(everything, allowed_mentions=only_bob)).id]
        assert (listed.pings.user_ids, listed.pings.role_ids, listed.pings.everyone) == ([bob.id], [], False)
        assert [u.id for u in (await channel.fetch_message(listed.id)).mentions] == [bob.id]

        # A mentionable role pings its members; with Mention Everyone, @everyone pings everyone who can see it.
        hotel.moderator.mentionable = True
        bot_role = hotel.guild.roles[hotel.guild.bot_role_id or 0]
        bot_role.permissions |= Permission.MENTION_EVERYONE
        loud = standin.world.messages[(await channel.send(everything)).id]
        assert loud.pings.role_ids == [hotel.moderator.id] and loud.pings.everyone
        none = discord.AllowedMentions.none()
        quiet = standin.world.messages[(await channel.send(everything, allowed_mentions=none)).id]
        assert (quiet.pings.user_ids, quiet.pings.role_ids, quiet.pings.everyone) == ([], [], False)

        assert alice.pings() == [plain, loud]
        assert bob.pings() == [plain, listed, loud]
        assert mod.pings() == [loud]

        # Replies ping the replied-to author only when asked.
        question = await alice.send_message(hotel.lobby, "anyone there?")
        reply = await channel.fetch_message(question.id)
        silent = standin.world.messages[(await reply.reply("yes", mention_author=False)).id]
        pinging = standin.world.messages[(await reply.reply("yes!", mention_author=True)).id]
        assert silent.message_reference is not None and silent.type == 19
        assert not silent.pings.replied_user and alice.id not in silent.pings.user_ids
        assert pinging.pings.replied_user and pinging.pings.user_ids == [alice.id]

        # An ephemeral message can only notify the one user who sees it.
        secret = await (await alice.run_command(hotel.lobby, "whisper")).reply()
        assert secret.ephemeral_for == alice.id and secret.pings.user_ids == []
        assert secret not in bob.pings()
