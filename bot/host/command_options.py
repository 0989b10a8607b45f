"""Slash-command option values, checked by the bot itself, and the answer to every command that fails.

Discord's clients send what a command declares (types, choices, minimum and maximum), but a forged interaction can
send anything: a page of 8 or "three", a mode nobody offered, 1e308 hours, a user from another server, a
subcommand that does not exist, a game id of another server. Each option is declared with one of the
`app_commands.Transformer`s below (`WholeNumber`, `Hours`, `OneOf`, `Text`, `ServerMember`, `GameId`): it tells
Discord the option's type, bounds and choices, and checks the value discord.py hands over before the command's
callback runs (so before any work or deferral: the refusal stays ephemeral). A refused value raises
`OptionRefused`, which `on_tree_error` answers with its sentence; `on_tree_error` answers whatever else reaches
discord.py's command tree as an error, so no command ends without an answer.

    page: app_commands.Transform[int, WholeNumber("page", 1, 1000)] | None = None
"""

from __future__ import annotations

import logging
import math
from collections.abc import Mapping
from typing import Any

import discord
from discord import app_commands

from bot.host.deadlines import age_of, too_late
from bot.host.disk_full import CANNOT_SAVE, is_disk_full, log_disk_full
from bot.host.guards import describe
from bot.host.language import Translator, reader, reader_for, refusal_text
from bot.host.service import PLAYER_ERRORS, GameService, ServiceError
from bot.host.service.errors import N_, worded

log = logging.getLogger(__name__)

REMINDER_HOURS_MAX = 168.0
"""`/gah reminders hours`: 0 (no reminders) to one week."""
SNOOZE_HOURS_MAX = 72.0
"""`/gah snooze hours`: more than 0 and at most three days."""
CARD_NAME_MAX = 100
"""`/gah card name`: at most this many characters (Discord's longest autocomplete value)."""
QUIET_SPAN_MAX = 20
"""`/gah notify quiet`: at most this many characters ("22:30-07:15" and some spaces)."""
TIME_ZONE_MAX = 64
"""`/gah notify timezone`: at most this many characters (the longest IANA zone name has 32)."""
LOG_PAGES_MAX = 1000
"""`/gah log page`: 1 to this."""
GAME_ID_MAX = 2**53
"""The largest game id a command takes (ids are whole numbers from 1; Discord's integers stop at 2**53)."""


class BadOption(ServiceError):
    """An option value outside what the command accepts; its text is the answer for the user."""


def whole_number(value: Any, name: str, low: int, high: int) -> int:
    """A whole number option from `low` to `high`.

    Raises:
        BadOption: `value` is not a whole number (a bool, text or a fraction counts as not), or is out of bounds.
    """
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise BadOption(f"`{name}` must be a whole number from {low} to {high}.")
    return value


def hours(value: Any, name: str, low: float, high: float, *, low_included: bool = True) -> float:
    """A number of hours from `low` to `high` (above `low` when not `low_included`).

    Raises:
        BadOption: `value` is not a finite number in bounds (infinity, NaN, 1e308, -5, text).
    """
    number = float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else math.nan
    above = number >= low if low_included else number > low
    if not (math.isfinite(number) and above and number <= high):
        bound = "from" if low_included else "more than"
        raise BadOption(f"`{name}` must be a number of hours {bound} {low:g} {'to' if low_included else 'and at most'} "
                        f"{high:g}.")
    return number


def one_of(value: Any, name: str, allowed: tuple[str, ...]) -> str:
    """A text option that must be one of `allowed`.

    Raises:
        BadOption: it is not.
    """
    if not isinstance(value, str) or value not in allowed:
        raise BadOption(f"`{name}` must be one of: {', '.join(allowed)}.")
    return value


def text(value: Any, name: str, longest: int) -> str:
    """A text option of at most `longest` characters.

    Raises:
        BadOption: it is not text or is longer.
    """
    if not isinstance(value, str) or not 0 < len(value) <= longest:
        raise BadOption(f"`{name}` must be a text of 1 to {longest} characters.")
    return value


def flag(value: Any, name: str) -> bool | None:
    """A true/false option (None when left out).

    Raises:
        BadOption: it is something else.
    """
    if value is not None and not isinstance(value, bool):
        raise BadOption(f"`{name}` must be true or false.")
    return value


def server_member(interaction: discord.Interaction, user: Any, name: str) -> discord.Member | None:
    """A user option that must name a member of this server (None when left out).

    Raises:
        BadOption: the user is not a member here.
    """
    if user is None:
        return None
    if not isinstance(user, discord.Member) or user.guild.id != interaction.guild_id:
        raise BadOption(f"`{name}` must be a member of this server.")
    return user


class OptionRefused(app_commands.AppCommandError):
    """A slash-command option value a transformer refused; its text is the answer for the user (`on_tree_error`)."""


class Checked(app_commands.Transformer):
    """A transformer that checks an option's value with one of the functions above: a `BadOption` becomes
    `OptionRefused` (discord.py would wrap any other error in a `TransformerError` and lose its sentence)."""

    def __init__(self, name: str) -> None:
        self.name = name

    def check(self, interaction: discord.Interaction, value: Any) -> Any:
        """The value the callback gets.

        Raises:
            BadOption: the value is refused (with the sentence for the user).
        """
        raise NotImplementedError

    async def transform(self, interaction: discord.Interaction, value: Any, /) -> Any:
        try:
            return self.check(interaction, value)
        except BadOption as error:
            raise OptionRefused(str(error)) from error


class WholeNumber(Checked):
    """An integer option from `low` to `high` (`whole_number`). Discord's clients show the bounds `shown_high`
    (default `high`) as the option's maximum."""

    def __init__(self, name: str, low: int, high: int, *, shown_high: int | None = None) -> None:
        super().__init__(name)
        self.low, self.high = low, high
        self.shown_high = high if shown_high is None else shown_high

    @property
    def type(self) -> discord.AppCommandOptionType:
        return discord.AppCommandOptionType.integer

    @property
    def min_value(self) -> int:
        return self.low

    @property
    def max_value(self) -> int:
        return self.shown_high

    def check(self, interaction: discord.Interaction, value: Any) -> int:
        return whole_number(value, self.name, self.low, self.high)


class Hours(Checked):
    """A number option of hours from `low` to `high` (above `low` when not `low_included`; `hours`)."""

    def __init__(self, name: str, low: float, high: float, *, low_included: bool = True) -> None:
        super().__init__(name)
        self.low, self.high, self.low_included = low, high, low_included

    @property
    def type(self) -> discord.AppCommandOptionType:
        return discord.AppCommandOptionType.number

    @property
    def min_value(self) -> float:
        return self.low

    @property
    def max_value(self) -> float:
        return self.high

    def check(self, interaction: discord.Interaction, value: Any) -> float:
        return hours(value, self.name, self.low, self.high, low_included=self.low_included)


class OneOf(Checked):
    """A text option offered as choices: `choices` maps each value to its label in Discord's menu (`one_of`)."""

    def __init__(self, name: str, choices: Mapping[str, str] | tuple[str, ...]) -> None:
        super().__init__(name)
        self.labels = dict(choices) if isinstance(choices, Mapping) else {value: value for value in choices}

    @property
    def type(self) -> discord.AppCommandOptionType:
        return discord.AppCommandOptionType.string

    @property
    def choices(self) -> list[app_commands.Choice[str | int | float]]:
        return [app_commands.Choice(name=label, value=value) for value, label in self.labels.items()]

    def check(self, interaction: discord.Interaction, value: Any) -> str:
        return one_of(value, self.name, tuple(self.labels))


class Text(Checked):
    """A text option of at most `longest` characters (`text`)."""

    def __init__(self, name: str, longest: int) -> None:
        super().__init__(name)
        self.longest = longest

    @property
    def type(self) -> discord.AppCommandOptionType:
        return discord.AppCommandOptionType.string

    def check(self, interaction: discord.Interaction, value: Any) -> str:
        return text(value, self.name, self.longest)


class ServerMember(Checked):
    """A user option that must name a member of this server (`server_member`)."""

    @property
    def type(self) -> discord.AppCommandOptionType:
        return discord.AppCommandOptionType.user

    def check(self, interaction: discord.Interaction, value: Any) -> discord.Member | None:
        return server_member(interaction, value, self.name)


async def reader_of(interaction: discord.Interaction) -> Translator:
    """The words of a private answer to the member of `interaction` (`bot.host.language.reader_for`; without the
    bot's service, as in a test's tree, their client's language)."""
    service = getattr(interaction.client, "service", None)
    return await reader_for(interaction, service) if isinstance(service, GameService) else reader(interaction)


def service_of(interaction: discord.Interaction) -> GameService:
    """The game service of the bot that received the interaction (`bot.host.app.GahBot.service`).

    Raises:
        TypeError: the client has none (not our bot).
    """
    service = getattr(interaction.client, "service", None)
    if not isinstance(service, GameService):
        raise TypeError(f"{type(interaction.client).__name__} has no game service")
    return service


class GameId(Checked):
    """The `game` option of the viewing commands: the id of a started game of this server. Left out, the command
    shows this channel's game (`bot.host.cogs.game.GameCog.channel_game`)."""

    def __init__(self) -> None:
        super().__init__("game")

    @property
    def type(self) -> discord.AppCommandOptionType:
        return discord.AppCommandOptionType.integer

    async def transform(self, interaction: discord.Interaction, value: Any, /) -> int:
        game_id: int = await super().transform(interaction, value)
        try:
            info = await service_of(interaction).game(game_id)
        except ServiceError:
            info = None
        if info is None or info.guild_id != (interaction.guild_id or 0) or info.state is None:
            raise worded(OptionRefused, N_("There is no started game {game} on this server."), game=game_id)
        return info.id

    def check(self, interaction: discord.Interaction, value: Any) -> int:
        return whole_number(value, self.name, 1, GAME_ID_MAX)


async def answer(interaction: discord.Interaction, content: str) -> None:
    """An ephemeral answer whether or not the interaction was acknowledged; an autocomplete gets no choices."""
    try:
        if interaction.type is discord.InteractionType.autocomplete:
            if not interaction.response.is_done():
                await interaction.response.autocomplete([])
        elif interaction.response.is_done():
            await interaction.followup.send(content[:2000], ephemeral=True)
        else:
            await interaction.response.send_message(content[:2000], ephemeral=True)
    except discord.HTTPException as error:
        log.warning("could not answer %s: %s", describe(interaction), error)


VALUE_TYPES: dict[int, tuple[type, ...]] = {3: (str,), 4: (int,), 5: (bool,), 6: (str,), 7: (str,), 8: (str,),
                                            9: (str,), 10: (int, float), 11: (str,)}
"""The JSON type of an option's value by option type (Discord's documentation: application command option type);
snowflakes (users, channels, roles, mentionables, attachments) are strings."""


def option_type_problem(data: Any) -> str | None:
    """Why the options in a command interaction's `data` do not have the JSON types their option types promise
    (None when they do). discord.py would turn "12" or true into a number without a word.

    Shapes: `data` is the interaction's data; its "options" nest through subcommands and groups (types 1 and 2).
    """
    options = data.get("options") if isinstance(data, dict) else None
    if options is None:
        return None
    if not isinstance(options, list):
        return "The command's options are malformed."
    for option in options:
        if not isinstance(option, dict):
            return "The command's options are malformed."
        kind = option.get("type")
        if kind in (1, 2):
            problem = option_type_problem(option)
            if problem:
                return problem
            continue
        if option.get("focused"):
            continue  # autocomplete: Discord sends what the user typed so far, as text
        wanted = VALUE_TYPES.get(kind) if isinstance(kind, int) else None
        value = option.get("value")
        if wanted is None or isinstance(value, bool) != (bool in wanted) or not isinstance(value, wanted):
            return f"`{str(option.get('name'))[:32]}` has a value of the wrong kind ({str(value)[:40]!r})."
    return None


class CheckedCommandTree(app_commands.CommandTree):
    """The bot's command tree: refuses (ephemerally) a command whose option values are not of their declared
    JSON types before discord.py converts them, leaves an autocomplete that came too late to answer
    (`bot.host.deadlines`) without an answer, and answers every failed command (`on_tree_error`)."""

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        if interaction.type is discord.InteractionType.autocomplete and too_late(interaction):
            # Discord would refuse the choices (404 Unknown interaction), and discord.py would log that as an error
            log.info("%s came %.1f s after it was made, past Discord's 3 s: not answered", describe(interaction),
                     age_of(interaction))
            return False
        problem = option_type_problem(interaction.data)
        if problem is None:
            return True
        log.info("refused %s: %s", describe(interaction), problem)
        await answer(interaction, problem)
        return False

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError, /) -> None:
        await on_tree_error(interaction, error)


async def on_tree_error(interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
    """discord.py's command tree error handler: every failed command gets an ephemeral answer. A user's mistake
    (an unknown command, a value the command does not take, a user from elsewhere) is logged at INFO; a bug in a
    command is logged at ERROR with its traceback and answered with an apology."""
    original = error.original if isinstance(error, app_commands.CommandInvokeError) else error
    if isinstance(original, (OptionRefused, *PLAYER_ERRORS)):  # in the member's language (`bot.host.language`)
        log.info("refused %s: %s", describe(interaction), original)
        await answer(interaction, refusal_text(original, await reader_of(interaction)))
        return
    if isinstance(error, (app_commands.CommandNotFound, app_commands.CommandSignatureMismatch)):
        log.info("refused %s: an unknown command", describe(interaction))
        await answer(interaction, "I do not know that command. `/gah help` lists mine (Discord may need a moment "
                                  "to show the current list).")
        return
    if isinstance(error, app_commands.TransformerError):
        log.info("refused %s: option value %r not usable as %s", describe(interaction), str(error.value)[:100],
                 error.type.name)
        if error.type in (discord.AppCommandOptionType.user, discord.AppCommandOptionType.mentionable):
            await answer(interaction, "That user is not a member of this server.")
        else:
            await answer(interaction, f"{str(error.value)[:100]!r} is not a value that command takes (its "
                                      "description lists them). `/gah help` shows how to use it.")
        return
    if isinstance(error, app_commands.CheckFailure):
        log.info("refused %s: %s", describe(interaction), error)
        await answer(interaction, "You cannot use that command here.")
        return
    if is_disk_full(original):
        storage: Any = getattr(interaction.client, "storage", None)
        log_disk_full(original, str(getattr(storage, "display_name", "?")), describe(interaction))
        await answer(interaction, CANNOT_SAVE)
        return
    log.error("command failed: %s", describe(interaction), exc_info=original)
    await answer(interaction, "Sorry, something went wrong on my side. The game is safe; please try again.")
