"""Locales (issue 55 item 7): each user has their client's language and each guild a preferred one, sent in every
interaction; and localised command names and descriptions are held to Discord's rules (its OpenAPI description's
locales, the name pattern, unique names per language at each level)."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from . import StandIn, StandInUsageError
from .command_limits import check_command_set, discord_locales
from .conftest import Hotel
from .tinybot import TinyBot, running


def command(**extra: Any) -> dict[str, Any]:
    """A chat-input command /hotel with one string option `name` and two choices, plus `extra`."""
    return {"name": "hotel", "description": "d", "options": [
        {"name": "name", "description": "d", "type": 3,
         "choices": [{"name": "One", "value": "1"}, {"name": "Two", "value": "2"}]},
        {"name": "other", "description": "d", "type": 3},
    ]} | extra


def localised_option(index: int, **extra: Any) -> dict[str, Any]:
    """`command()` with option `index` given `extra` (its localisations)."""
    made = command()
    made["options"][index] |= extra
    return made


def localised_choice(**extra: Any) -> dict[str, Any]:
    """`command()` whose first choice has `extra`."""
    made = command()
    made["options"][0]["choices"][0] |= extra
    return made


REFUSED: list[tuple[str, list[dict[str, Any]]]] = [
    ("unknown locale", [command(name_localizations={"xx": "hotel"})]),
    ("English written as en", [command(description_localizations={"en": "d"})]),
    ("a space in a name", [command(name_localizations={"pl": "mój hotel"})]),
    ("an upper-case name", [command(name_localizations={"de": "Hotel"})]),
    ("a name of 33 characters", [localised_option(0, name_localizations={"pl": "n" * 33})]),
    ("a description of 101 characters", [localised_option(0, description_localizations={"de": "d" * 101})]),
    ("an empty description", [command(description_localizations={"pl": ""})]),
    ("a choice of 101 characters", [localised_choice(name_localizations={"pl": "c" * 101})]),
    ("two options one name in Polish", [localised_option(1, name_localizations={"pl": "name"})]),
    ("two commands one name in German", [command(), {"name": "board", "description": "d",
                                                      "name_localizations": {"de": "hotel"}}]),
]


def test_the_total_counts_the_longest_version_of_each_field() -> None:
    """Discord's 4,000 characters of a command count, for each field, the longest of its default and its
    localisations: short English texts with long German ones can be too much."""
    def big(german: int) -> dict[str, Any]:
        return {"name": "hotel", "description": "d", "options": [
            {"name": f"s{k}", "description": "d", "type": 1, "options": [
                {"name": f"o{j}", "description": "d", "type": 3, "description_localizations": {"de": "x" * german}}
                for j in range(25)]}
            for k in range(2)]}
    assert check_command_set([big(german=70)]) == []  # about 3,650 characters in German
    assert [problem.rule for problem in check_command_set([big(german=90)])] == ["commands.total_length"]


@pytest.mark.parametrize(("case", "commands"), REFUSED, ids=[case for case, _ in REFUSED])
def test_a_bad_localisation_is_a_command_problem(case: str, commands: list[dict[str, Any]]) -> None:
    assert [problem.rule for problem in check_command_set(commands)] == ["commands.localizations"], case


def test_good_localisations_pass() -> None:
    good = localised_option(0, name_localizations={"pl": "nazwa", "de": "name"},
                            description_localizations={"pl": "ą" * 100, "de": "Größe"})
    good["options"][0]["choices"][0]["name_localizations"] = {"pl": "Pierwszy wybór, z odstępami", "de": "Eins"}
    good |= {"name_localizations": {"pl": "hotel", "de": "hotel", "pt-BR": "hotel"}}
    assert check_command_set([good]) == []
    assert {"pl", "de", "en-US", "en-GB", "pt-BR"} <= discord_locales() and "en" not in discord_locales()


async def test_the_bot_is_refused_a_bad_localisation_and_keeps_a_good_one(standin: StandIn, hotel: Hotel) -> None:
    bot = TinyBot()
    async with running(standin, bot):
        for case, commands in REFUSED:
            with pytest.raises(discord.HTTPException) as refused:
                await bot.http.bulk_upsert_global_commands(standin.application_id, commands)
            assert refused.value.code == 50035, case
            assert "commands.localizations" in [v.rule for v in standin.take_violations()], case
        good = command(name_localizations={"pl": "hotel", "de": "hotel"},
                       description_localizations={"pl": "Pokaż hotel", "de": "Hotel zeigen"})
        [stored] = await bot.http.bulk_upsert_global_commands(standin.application_id, [good])
        assert stored["name_localizations"] == {"pl": "hotel", "de": "hotel"}
        assert stored["description_localizations"]["de"] == "Hotel zeigen"
    standin.assert_no_violations()


async def test_each_user_and_guild_has_a_locale(standin: StandIn) -> None:
    guild = standin.create_guild("Hotel Wien", channels=["lobby"], preferred_locale="de")
    lobby = guild.channel("lobby")
    ola = standin.create_user("ola", guild=guild, locale="pl")
    sam = standin.create_user("sam", guild=guild)
    seen: list[tuple[str, str, str | None]] = []
    bot = TinyBot()

    @bot.tree.command(name="where", description="Which languages")
    async def where(interaction: discord.Interaction) -> None:
        guild_locale = interaction.guild_locale.value if interaction.guild_locale else None
        seen.append((interaction.user.name, interaction.locale.value, guild_locale))
        await interaction.response.send_message("ok", ephemeral=True)

    async with running(standin, bot):
        assert bot.get_guild(guild.id) is not None
        assert bot.get_guild(guild.id).preferred_locale is discord.Locale.german  # type: ignore[union-attr]
        for actor in (ola, sam):
            await (await actor.run_command(lobby, "where")).reply()
        standin.set_locale(sam, "en-GB")
        standin.set_locale(guild, "pl")
        await (await sam.run_command(lobby, "where")).reply()
    assert seen == [("ola", "pl", "de"), ("sam", "en-US", "de"), ("sam", "en-GB", "pl")]
    with pytest.raises(StandInUsageError, match="not one of Discord's locales"):
        standin.create_user("kim", guild=guild, locale="en")
    with pytest.raises(StandInUsageError):
        standin.set_locale(guild, "Polish")
    standin.assert_no_violations()
