"""Checks every component click passes before any handler runs: the game of the custom_id belongs to the channel
(and server) of the click, a lobby click carries the lobby's current version, a component on a message shown to
one user is clicked by that user, and select values have the shape their menu offers.

A failed check is a `Refused` with a polite sentence for the clicker; the click changes nothing and edits no
message. Forged payloads (a tampered client) are the reason: Discord's own clients never send them.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.host.custom_ids import BadCustomId, ComponentId, number, parse, whole_number
from bot.host.kinds import KINDS
from bot.host.lobby_language import is_language_value
from bot.host.service import GameInfo, GameService, ServiceError
from bot.host.service.clock_timer import CLOCK_HOURS
from bot.host.service.errors import N_


def ai_levels() -> frozenset[str]:
    """The AI levels of every game (the service refuses a level the lobby's game does not have)."""
    return frozenset(level for game in KINDS.values() for level in game.ai_levels)


LOBBY_VERBS = frozenset({"join", "leave", "options", "start", "cancel", "ailevel", "reminder", "option",
                         "onleave"})
"""Verbs of lobby components (the lobby message and the host's options menus): they act on the lobby as drawn, so
a click carrying an older version is refused (the lobby changed since the message was drawn)."""

SINGLE_NUMBER_SELECTS = {"pick": 999, "hotel": 4, "goto": 100}
"""Selects whose one value is an option index, with the largest index they can offer. A panel's "pick" value is
the index of a legal action, which passes 24 on a turn of more than 25 choices (a second select, a second page:
found in a solo game with Unique Hotels and The Kozi Palace); the service checks it against the actions."""

REMINDER_SECONDS_MAX = 168 * 3600
"""The longest reminder interval a lobby's reminder menu can offer (one week, as `/gah reminders`)."""

SINGLE_VALUE_SELECTS = frozenset({"pick", "hotel", "ailevel", "reminder", "onleave", "goto"})
"""Selects that take exactly one value."""

# The refusals below are marked for the catalogs (`N_`) and said in the clicker's language where they are shown
# (`bot.host.language.refusal_text`, `Controller.fail`).
OTHER_CHANNEL = N_("That button or menu belongs to a game in another channel. Use the buttons of this channel's "
                   "game, or `/gah turn`.")
NOT_YOURS = N_("That message was shown to someone else, so its buttons and menus are theirs. Open your own with "
               "*Take my turn* or the command you need.")
NOT_THE_LOBBY = N_("That button or menu belongs on the game's lobby message, not on this one. Use the buttons of "
                   "the lobby.")
STALE_LOBBY = N_("This lobby changed since that message was drawn (someone joined, left, or an option changed). "
                 "Look at the lobby again and press once more.")


PANEL_VERBS = frozenset({"act", "pick", "picks", "page", "refresh", "undo", "confirmundo", "quick", "goto",
                         "suggest", "play"})
"""Verbs of turn panel components: they only ever sit on the user's own ephemeral panel (or, "play", on the
user's own *Suggest* answer)."""

NOT_A_PANEL = N_("That is not your turn panel. Press *Take my turn* on the latest turn post to open it.")

PRIVATE_VERBS = {
    "logpage": N_("Those page buttons belong on a log that only you see: press *Log* on a turn post, or use "
                  "`/gah log`."),
    "option": N_("The option menus belong on the host's own options message: the host presses *Options* on the "
                 "lobby."),
}
"""Verbs of components that sit only on an ephemeral message other than a turn panel (a page of the log, the host's
options menus), with the refusal for a click on a public message. They are answered by updating the clicked
message, which on a public message (a forged click on a turn post or a lobby) would rewrite it for everyone."""


def from_ephemeral(interaction: discord.Interaction) -> bool:
    """Whether the clicked component sits on an ephemeral message (a turn panel is always one), so editing the
    message answers only the user who clicked."""
    message = interaction.message
    return message is not None and message.flags.ephemeral


class Refused(ServiceError):
    """A click that fails a check; its text is the answer for the clicker."""


class StaleLobby(Refused):
    """A lobby click carrying an older version than the game's; `info` is the game as it is now."""

    def __init__(self, info: GameInfo) -> None:
        super().__init__(STALE_LOBBY)
        self.info = info


def shown_to_someone_else(interaction: discord.Interaction) -> bool:
    """Whether the clicked message is ephemeral and was shown to another user than the clicker (a forged click on
    someone else's turn panel or options menu). Such a message must never be edited for the clicker."""
    message = interaction.message
    if message is None or not message.flags.ephemeral:
        return False
    metadata = message.interaction_metadata
    return metadata is None or metadata.user.id != interaction.user.id


def check_values(cid: ComponentId, values: list[str]) -> None:
    """Refuse select values that no menu of that verb offers: none or several where one is asked for, or an index
    that is not a plain number ("²", "①", "-1", "")."""
    if cid.verb in SINGLE_VALUE_SELECTS and len(values) != 1:
        raise BadCustomId(f"{cid.verb} takes exactly one value, got {len(values)}")
    if cid.verb in SINGLE_NUMBER_SELECTS:
        whole_number(values[0], high=SINGLE_NUMBER_SELECTS[cid.verb])
    if cid.verb == "ailevel" and values[0] not in ai_levels():
        raise BadCustomId(f"not an AI level: {values[0][:40]!r}")
    if cid.verb == "reminder":
        check_reminder_value(values[0])
    if cid.verb == "onleave" and values[0] not in ("ai", "end") and not is_language_value(values[0]):
        raise BadCustomId(f"not a leave or language choice: {values[0][:40]!r}")
    if cid.verb == "picks":  # one select answering a decision several times (`bot.games.gah.several`)
        if not 1 <= len(values) <= 25:
            raise BadCustomId(f"picks takes 1 to 25 values, got {len(values)}")
        for value in values:
            whole_number(value, high=SINGLE_NUMBER_SELECTS["pick"])
    if any(len(value) > 100 for value in values):
        raise BadCustomId("a select value longer than Discord allows")


def check_reminder_value(value: str) -> None:
    """Refuse a value the lobby's reminders menu never offers: an interval in seconds, "clock:<hours>" of
    `CLOCK_HOURS`, or "clocklevel:<an AI level>"."""
    name, _, chosen = value.partition(":")
    if name == "clock":
        if whole_number(chosen, high=max(CLOCK_HOURS)) not in CLOCK_HOURS:
            raise BadCustomId(f"not a turn clock choice: {value[:40]!r}")
    elif name == "clocklevel":
        if chosen not in ai_levels():
            raise BadCustomId(f"not an AI level: {value[:40]!r}")
    else:
        whole_number(value, high=REMINDER_SECONDS_MAX)


def check_arg(cid: ComponentId) -> None:
    """Refuse a button argument of the wrong shape for its verb (`confirmundo:0`, a page that is not a number)."""
    if cid.verb == "confirmundo":
        whole_number(cid.arg, low=1, high=1000)
    elif cid.verb == "page":
        whole_number(cid.arg or "0", high=100)
    elif cid.verb in ("act", "play"):
        whole_number(cid.arg.partition(".")[0], high=1000)
    elif cid.verb == "vote" and cid.arg not in ("0", "1"):
        raise BadCustomId(f"{cid.verb} takes 0 or 1, not {cid.arg[:40]!r}")
    elif cid.verb == "quick" and cid.arg not in ("0", "1", "2"):  # off, on, paused for this turn (quick_switch)
        raise BadCustomId(f"quick takes 0, 1 or 2, not {cid.arg[:40]!r}")
    elif cid.verb in ("openseat", "openauto", "closeseat", "takeseat"):
        whole_number(cid.arg, high=4)
    elif cid.verb in ("seatok", "seatno"):
        seat, _, user = cid.arg.partition(".")
        whole_number(seat, high=4)
        if len(user) > 20:
            raise BadCustomId(f"not a member id: {user[:40]!r}")
        number(user or "x")
    elif cid.verb == "seehotel":
        whole_number(cid.arg, high=4)
    elif cid.verb == "logpage":
        whole_number(cid.arg.partition(".")[0], high=100_000)


async def checked_game(interaction: discord.Interaction, service: GameService, cid: ComponentId,
                       values: list[str] | None = None) -> GameInfo:
    """Run every check on a component click, in this order: the message is the clicker's, a turn panel component
    sits on a panel (an ephemeral message), the argument and values
    have the right shape, the game exists and belongs to the click's channel and server, a lobby click comes from
    its game's lobby message (`not_on_its_lobby`) and is for the lobby's current version, and a log page or an
    options menu component sits on an ephemeral message (`PRIVATE_VERBS`). Returns the game.

    Raises:
        Refused: a check failed (the text says why).
        BadCustomId: a malformed argument or select value.
        ServiceError: the game does not exist.
    """
    if shown_to_someone_else(interaction):
        raise Refused(NOT_YOURS)
    if cid.verb in PANEL_VERBS and not from_ephemeral(interaction):
        raise Refused(NOT_A_PANEL)
    check_arg(cid)
    if values is not None:
        check_values(cid, values)
    info = await service.game(cid.game)
    if info.channel_id != interaction.channel_id or info.guild_id != (interaction.guild_id or 0):
        raise Refused(OTHER_CHANNEL)
    if await not_on_its_lobby(interaction, service, cid):  # before the version: a stale click redraws the message
        raise Refused(NOT_THE_LOBBY)
    if cid.verb in LOBBY_VERBS and cid.version != info.version:
        raise StaleLobby(info)
    if cid.verb in PRIVATE_VERBS and not from_ephemeral(interaction):
        raise Refused(PRIVATE_VERBS[cid.verb])
    return info


async def not_on_its_lobby(interaction: discord.Interaction, service: GameService, cid: ComponentId) -> bool:
    """Whether a lobby component (any lobby verb but the host's option menus, which sit on the host's own options
    message) was clicked on another message than its game's lobby message, as the bot last posted it: a tampered
    copy of another post (an old game's turn or final post, someone's private message) carrying it, maybe with the
    lobby's other components too. The bot answers a lobby click by redrawing the clicked message (or marking it
    cancelled or started, or starting a thread from it), and a click on a lobby message that fell behind by
    redrawing that message, which would rewrite another message for everyone."""
    if cid.verb not in LOBBY_VERBS or cid.verb == "option":
        return False
    message = interaction.message
    if message is None:
        return True
    posted = {m.purpose: m for m in await service.messages(cid.game)}.get("lobby")
    return posted is None or posted.message_id != message.id


def lobby_message_behind(interaction: discord.Interaction, info: GameInfo) -> bool:
    """Whether the clicked message is a lobby message of `info`'s game that shows an older version on every one of
    its components (the bot's lobby message fell behind: an edit failed, or the lobby changed outside the bot).
    A tampered copy that only adds a forged component still carries the current version, so it is not behind."""
    message = interaction.message
    if message is None or message.flags.ephemeral:
        return False
    versions = []
    for row in message.components:
        for child in getattr(row, "children", [row]):
            try:
                cid = parse(getattr(child, "custom_id", None) or "")
            except BadCustomId:
                return False
            if cid.game != info.id or cid.verb not in LOBBY_VERBS:
                return False
            versions.append(cid.version)
    return bool(versions) and max(versions) < info.version


def describe(interaction: discord.Interaction) -> str:
    """A short description of an interaction for a log line: type, user, channel, custom_id and the languages
    Discord gave (the user's client, the server's preferred one; no tokens)."""
    data: Any = interaction.data or {}
    what = data.get("custom_id") or data.get("name") or "?"
    server_locale = interaction.guild_locale.value if interaction.guild_locale else "-"
    return (f"{interaction.type.name} {str(what)[:100]!r} from user {interaction.user.id} in channel "
            f"{interaction.channel_id} of server {interaction.guild_id} (locale {interaction.locale.value}, "
            f"server locale {server_locale})")
