"""Every game's slash command group, built from its `bot.host.kinds.GameKind`: one shared handler per command.

A kind lists its subcommands as data (`GameKind.slash_commands`: name, description, handler, which options). A
command only one game has is that game's own handler (`GameKind.command_handlers`: `bot.games.gah.commands`' card
look-up and solo opponent, `bot.games.overbooking.commands`' score card side); each shared handler here declares
the command's options with their transformers (`bot.host.command_options`) and calls the cog
(`bot.host.cogs.game.GameCog`). `game_groups` builds, for every kind, its `app_commands.Group` (`/gah`,
`/overbooking`): a new game gets its commands by listing them in its kind, and a new command is one handler here
plus one line in each kind that offers it.

    for group in game_groups(cog):
        tree.add_command(group)

A handler is built per game (`Handler.build(cog, kind)`), so the options can depend on the game (its AI levels,
its number of rules pages). This module does not use postponed annotations: the option annotations name
transformer objects made for that game, which discord.py reads from the callback's signature.
"""

import dataclasses
import inspect
from collections.abc import Callable, Coroutine, Mapping
from typing import Any

import discord
from discord import app_commands

from bot.host import command_options as options
from bot.host import quiet_hours
from bot.host.cogs.game import GameCog
from bot.host.cogs.rules_pages import rules_pages
from bot.host.kinds import GAME_ID_DESCRIPTION, KINDS, AnyKind, SlashCommand
from bot.host.language import AUTO, NAMES
from bot.host.service.away import AWAY_DAYS_MAX
from bot.host.storage import NOTIFY_MODES

Callback = Callable[..., Coroutine[Any, Any, None]]
"""A command's callback: the interaction, then the command's options as keyword arguments."""

VOTE_PROPOSALS = ("skip", "ai")
"""`/gah vote`'s choices: what the vote proposes for the player on turn (`bot.host.service.votes.ACTIONS`)."""

GAME = options.GameId()
"""The `game` option of the viewing commands."""
PLAYER = options.ServerMember("player")
"""The `player` option: a member of this server."""


class RulesPage(options.WholeNumber):
    """The `page` of a game's rules: 1 to its number of pages, which Discord's clients also offer."""

    def __init__(self, kind: AnyKind) -> None:
        super().__init__("page", 1, len(rules_pages(kind)))


@dataclasses.dataclass(frozen=True)
class Handler:
    """A shared command handler.

    Attributes:
        build: makes the command's callback for a game (the cog, the game's kind); its signature declares the
            options.
        descriptions: the options' descriptions, by option name (a `SlashCommand` may replace some).
    """

    build: Callable[[GameCog, AnyKind], Callback]
    descriptions: Mapping[str, str] = dataclasses.field(default_factory=dict)


def new(cog: GameCog, kind: AnyKind) -> Callback:
    async def new(interaction: discord.Interaction) -> None:
        await cog.open_lobby(interaction, kind, {})
    return new


def turn(cog: GameCog, kind: AnyKind) -> Callback:
    async def turn(interaction: discord.Interaction) -> None:
        await cog.with_game(interaction, cog.controller.open_panel)
    return turn


def hand(cog: GameCog, kind: AnyKind) -> Callback:
    async def hand(interaction: discord.Interaction) -> None:
        await cog.with_game(interaction, cog.controller.show_hand)
    return hand


def board(cog: GameCog, kind: AnyKind) -> Callback:
    async def board(interaction: discord.Interaction, game: app_commands.Transform[int, GAME] | None = None) -> None:
        await cog.with_game(interaction, cog.controller.show_board, finished=True, game_id=game)
    return board


def score(cog: GameCog, kind: AnyKind) -> Callback:
    async def score(interaction: discord.Interaction, game: app_commands.Transform[int, GAME] | None = None) -> None:
        await cog.with_game(interaction, cog.controller.show_score, finished=True, game_id=game)
    return score


def hotel(cog: GameCog, kind: AnyKind) -> Callback:
    async def hotel(interaction: discord.Interaction,
                    player: app_commands.Transform[discord.Member, PLAYER] | None = None,
                    game: app_commands.Transform[int, GAME] | None = None) -> None:
        await cog.show_hotel(interaction, player, game)
    return hotel


def log_(cog: GameCog, kind: AnyKind) -> Callback:
    pages = options.WholeNumber("page", 1, options.LOG_PAGES_MAX)

    async def log(interaction: discord.Interaction, page: app_commands.Transform[int, pages] | None = None,
                  export: bool = False, game: app_commands.Transform[int, GAME] | None = None) -> None:
        await cog.show_log(interaction, page, export, game)
    return log


def rules(cog: GameCog, kind: AnyKind) -> Callback:
    pages = RulesPage(kind)

    async def rules(interaction: discord.Interaction, page: app_commands.Transform[int, pages] = 1) -> None:
        await cog.show_rules(interaction, kind, page)
    return rules


def help_(cog: GameCog, kind: AnyKind) -> Callback:
    async def help(interaction: discord.Interaction) -> None:
        await cog.show_help(interaction, kind)
    return help


def stats(cog: GameCog, kind: AnyKind) -> Callback:
    member = options.ServerMember("user")

    async def stats(interaction: discord.Interaction,
                    user: app_commands.Transform[discord.Member, member] | None = None) -> None:
        await cog.show_stats(interaction, user, kind)
    return stats


def games(cog: GameCog, kind: AnyKind) -> Callback:
    async def games(interaction: discord.Interaction, everyone: bool = False) -> None:
        await cog.show_games(interaction, everyone)
    return games


def away(cog: GameCog, kind: AnyKind) -> Callback:
    span = options.WholeNumber("days", 0, AWAY_DAYS_MAX)

    async def away(interaction: discord.Interaction, days: app_commands.Transform[int, span] | None = None) -> None:
        await cog.set_away(interaction, days, kind)
    return away


def leaderboard(cog: GameCog, kind: AnyKind) -> Callback:
    async def leaderboard(interaction: discord.Interaction) -> None:
        await cog.show_leaderboard(interaction, kind)
    return leaderboard


class TimeZone(options.Text):
    """`/gah notify timezone`: an IANA zone name, with Discord's autocomplete offering the zone database's names
    (`bot.host.quiet_hours.zone_choices`); the service checks the name."""

    def __init__(self) -> None:
        super().__init__("timezone", options.TIME_ZONE_MAX)

    async def autocomplete(self, interaction: discord.Interaction,  # type: ignore[override]
                           value: int | float | str, /) -> list[app_commands.Choice[str]]:
        wanted = value if isinstance(value, str) else ""
        return [app_commands.Choice(name=name, value=name) for name in quiet_hours.zone_choices(wanted)]


LANGUAGE_CHOICES = {AUTO: "auto (your Discord's language)", **NAMES}
"""`/gah notify language`: the member's own language (`bot.host.language`), each named in itself."""


def notify(cog: GameCog, kind: AnyKind) -> Callback:
    modes = options.OneOf("mode", NOTIFY_MODES)
    span = options.Text("quiet", options.QUIET_SPAN_MAX)
    zone = TimeZone()
    languages = options.OneOf("language", LANGUAGE_CHOICES)

    async def notify(interaction: discord.Interaction, mode: app_commands.Transform[str, modes] | None = None,
                     reminders: bool | None = None, quiet: app_commands.Transform[str, span] | None = None,
                     timezone: app_commands.Transform[str, zone] | None = None,
                     language: app_commands.Transform[str, languages] | None = None) -> None:
        await cog.set_notify(interaction, mode, reminders, quiet, timezone, language)
    return notify


def reminders(cog: GameCog, kind: AnyKind) -> Callback:
    interval = options.Hours("hours", 0, options.REMINDER_HOURS_MAX)

    async def reminders(interaction: discord.Interaction,
                        hours: app_commands.Transform[float, interval] | None = None) -> None:
        await cog.set_reminders(interaction, hours)
    return reminders


def snooze(cog: GameCog, kind: AnyKind) -> Callback:
    held = options.Hours("hours", 0, options.SNOOZE_HOURS_MAX, low_included=False)

    async def snooze(interaction: discord.Interaction,
                     hours: app_commands.Transform[float, held] | None = None) -> None:
        await cog.snooze(interaction, hours)
    return snooze


def skip(cog: GameCog, kind: AnyKind) -> Callback:
    async def skip(interaction: discord.Interaction) -> None:
        await cog.skip_turn(interaction)
    return skip


def ai(cog: GameCog, kind: AnyKind) -> Callback:
    levels = options.OneOf("level", kind.ai_levels)

    async def ai(interaction: discord.Interaction, player: app_commands.Transform[discord.Member, PLAYER] | None = None,
                 level: app_commands.Transform[str, levels] = kind.command_ai_level) -> None:
        await cog.hand_seat_to_ai(interaction, player, level)
    return ai


def vote(cog: GameCog, kind: AnyKind) -> Callback:
    proposals = options.OneOf("what", VOTE_PROPOSALS)

    async def vote(interaction: discord.Interaction, what: app_commands.Transform[str, proposals]) -> None:
        await cog.start_vote(interaction, what)
    return vote


def seats(cog: GameCog, kind: AnyKind) -> Callback:
    async def seats(interaction: discord.Interaction) -> None:
        await cog.show_seats(interaction)
    return seats


def leave(cog: GameCog, kind: AnyKind) -> Callback:
    async def leave(interaction: discord.Interaction) -> None:
        await cog.leave_game(interaction)
    return leave


def takeback(cog: GameCog, kind: AnyKind) -> Callback:
    async def takeback(interaction: discord.Interaction) -> None:
        await cog.take_seat_back(interaction)
    return takeback


def cancel(cog: GameCog, kind: AnyKind) -> Callback:
    async def cancel(interaction: discord.Interaction, game: app_commands.Transform[int, GAME] | None = None) -> None:
        await cog.cancel_game(interaction, game, kind.command)
    return cancel


def sync(cog: GameCog, kind: AnyKind) -> Callback:
    async def sync(interaction: discord.Interaction) -> None:
        await cog.sync(interaction)
    return sync


def ai_levels_description(kind: AnyKind) -> str:
    """The `level` option's description: the game's AI levels, weakest first."""
    return f"AI strength: {', '.join(kind.ai_levels)}"


HANDLERS: dict[str, Handler] = {
    "new": Handler(new),
    "turn": Handler(turn),
    "hand": Handler(hand),
    "board": Handler(board, {"game": GAME_ID_DESCRIPTION}),
    "score": Handler(score, {"game": GAME_ID_DESCRIPTION}),
    "hotel": Handler(hotel, {"player": "Whose hotel (a member of this server; default: yours)",
                             "game": GAME_ID_DESCRIPTION}),
    "log": Handler(log_, {"page": "Which page (1 is the game's start; default: the newest)",
                          "export": "Send the whole log as a text file", "game": GAME_ID_DESCRIPTION}),
    "rules": Handler(rules),
    "help": Handler(help_),
    "stats": Handler(stats, {"user": "Whose results (a member of this server; default: yours)"}),
    "leaderboard": Handler(leaderboard),
    "games": Handler(games, {"everyone": "List every open game of this server, not only yours"}),
    "notify": Handler(notify, {"mode": "mention (in the channel), dm (a DM as well) or none",
                               "reminders": "Remind you when your turn has waited the channel's reminder interval",
                               "quiet": "Quiet hours, no DM or reminder then: HH-HH, e.g. 22-08 (local time), or off",
                               "timezone": "Your time zone for quiet hours, e.g. Europe/Warsaw",
                               "language": "The language of my private answers and DMs to you (auto: your Discord's)"}),
    "reminders": Handler(reminders, {"hours": "Hours without a move before the one reminder: 0 (none) to 168; leave "
                                              "out to see the current setting"}),
    "snooze": Handler(snooze, {"hours": "Hold all your reminders this many hours (more than 0, at most 72) instead "
                                        "of only this turn's"}),
    "away": Handler(away, {"days": f"Days the AI plays your turns in every game (1 to {AWAY_DAYS_MAX}; 0: you are "
                                   "back)"}),
    "skip": Handler(skip),
    "ai": Handler(ai, {"player": "Whose seat (a member of this server; default: yours)"}),
    "vote": Handler(vote, {"what": "skip: skip the player on turn; ai: let an AI play their seat"}),
    "seats": Handler(seats),
    "leave": Handler(leave),
    "takeback": Handler(takeback),
    "cancel": Handler(cancel, {"game": "A game played in a thread of this channel, by its id (default: this "
                                       "channel's game)"}),
    "sync": Handler(sync),
}
"""Every shared command handler, by the name a `SlashCommand` gives (`handler`, or its own name)."""

KIND_DESCRIPTIONS: dict[str, Callable[[AnyKind], str]] = {
    "level": ai_levels_description,
    "page": lambda kind: f"Page 1 to {len(rules_pages(kind))}",
}
"""Option descriptions that depend on the game, by option name (a handler's own description comes first)."""


def offering(callback: Callback, offered: tuple[str, ...] | None) -> Callback:
    """`callback` with only the options in `offered` (None: all) in the signature discord.py reads; the others
    keep their defaults, since discord.py never passes an option the command does not declare."""
    if offered is None:
        return callback
    signature = inspect.signature(callback)
    parameters = list(signature.parameters.values())
    unknown = set(offered) - {parameter.name for parameter in parameters[1:]}
    if unknown:
        raise ValueError(f"{callback.__name__} has no option(s) {', '.join(sorted(unknown))}")
    kept = [parameters[0], *(parameter for parameter in parameters[1:] if parameter.name in offered)]
    callback.__signature__ = signature.replace(parameters=kept)  # type: ignore[attr-defined]
    return callback


def option_description(kind: AnyKind, entry: SlashCommand, handler: Handler, name: str) -> str:
    """The description of option `name` of `entry`'s command in `kind`'s group: the entry's own, else the
    handler's, else the game's (`KIND_DESCRIPTIONS`).

    Raises:
        ValueError: the option has none (Discord shows every option's description).
    """
    described = entry.option_descriptions.get(name) or handler.descriptions.get(name)
    if described:
        return described
    if name in KIND_DESCRIPTIONS:
        return KIND_DESCRIPTIONS[name](kind)
    raise ValueError(f"option {name!r} of /{kind.command} {entry.name} has no description")


def game_command(cog: GameCog, kind: AnyKind, entry: SlashCommand,
                 group: app_commands.Group) -> app_commands.Command[app_commands.Group, ..., None]:
    """The command of `entry` in `kind`'s group, answered by its shared handler.

    Raises:
        KeyError: the entry names no handler of the game's own (`GameKind.command_handlers`) or of `HANDLERS`.
        ValueError: it offers an option its handler does not have, or an option has no description.
    """
    key = entry.handler or entry.name
    handler = kind.command_handlers().get(key) or HANDLERS[key]
    callback = offering(handler.build(cog, kind), entry.options)
    descriptions = {name: option_description(kind, entry, handler, name)
                    for name in list(inspect.signature(callback).parameters)[1:]}
    callback = app_commands.describe(**descriptions)(callback)
    return app_commands.Command(name=entry.name, description=entry.description, callback=callback, parent=group)


def game_group(cog: GameCog, kind: AnyKind) -> app_commands.Group:
    """`kind`'s slash command group (`/gah`) with its `slash_commands`, in their order; for members of a server
    only (a game lives in a server's channel)."""
    group = app_commands.Group(name=kind.command, description=kind.command_description, guild_only=True)
    for entry in kind.slash_commands:
        group.add_command(game_command(cog, kind, entry, group))
    return group


def game_groups(cog: GameCog) -> list[app_commands.Group]:
    """Every game's slash command group (`bot.host.kinds.KINDS`), answered by `cog`."""
    return [game_group(cog, game) for game in KINDS.values()]


def add_game_commands(tree: app_commands.CommandTree, cog: GameCog) -> None:
    """Put every game's slash command group in `tree` (before it is synced)."""
    for group in game_groups(cog):
        tree.add_command(group)
