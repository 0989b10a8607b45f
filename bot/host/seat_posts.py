"""The Discord side of newcomers taking AI seats (issue 53 item 5; the rules are `bot.host.service.seat_takeovers`).

`/gah seats` shows the host, privately, every seat with *Open seat* (or *Close seat*) under each AI seat
(`openseat`/`closeseat`, argument the seat). While a seat is open every turn post carries *Take this seat*
(`takeseat`, argument the seat; `bot.host.views.turn_post_view`). A member who plays no seat of the game presses it: a
public request names them and the seat, with *Confirm* and *Refuse* for the host (`seatok`/`seatno`, argument
"seat.member"; remembered as the game's message "seatreq", so that a copy elsewhere is refused). Confirmed, the
member plays the seat from its next decision on. Every name is escaped (`safe_text`); refusals are private and
change nothing. The host's private view and every private answer are in the reader's language; the public request
and the line of who plays the seat now in the game's (`bot.host.language`).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.host.custom_ids import ComponentId, number
from bot.host.guards import from_ephemeral
from bot.host.kinds import kind_named
from bot.host.language import game_language, reader_for, refusal_text
from bot.host.safe_text import safe_text
from bot.host.service import GameService, ServiceError
from bot.host.service.seat_takeovers import OpenSeat, SeatRefused, SeatTakeovers, open_seats
from bot.host.views import button
from render.core.i18n import ENGLISH, Translator, translator
from render.core.lang import N_

log = logging.getLogger(__name__)

Reply = Callable[..., Awaitable[None]]
"""`Controller.reply`: a private answer."""

SEAT_VERBS = ("openseat", "openauto", "closeseat", "takeseat", "seatok", "seatno")
"""The button verbs `SeatDesk.on_button` answers."""

REQUEST = "seatreq"
"""The purpose under which the newest seat request message of a game is remembered."""

NOT_HERE = N_("Those buttons belong on the host's own `{seats}` message. Use `{seats}`.")
NOT_THE_REQUEST = N_("Those buttons belong on the newest request for a seat of this game. Look there.")


def seats_command(_: Translator, command: str = "gah") -> str:
    """`/gah seats` as Discord shows it in `_`'s language."""
    return f"/{command} {_.pgettext('command_name', 'seats')}"


async def offered_seats(service: GameService, game_id: int) -> list[tuple[int, str]]:
    """The open seats of a game, as (position, name), for the turn post's *Take this seat* buttons."""
    async with service.storage.reading() as tx:
        return [(seat.position, seat.name) for seat in await open_seats(tx, game_id)]


def seats_text(info: Any, found: list[OpenSeat], note: str = "", *, language: str = ENGLISH) -> str:
    """The host's private view of the seats, in the host's `language`."""
    _ = translator(language)
    opened = {seat.position for seat in found}
    lines = [note] if note else []
    lines.append(_("**Seats** (an AI seat you open gets *{take}* on the turn posts; you confirm who takes it):",
                   take=_("Take this seat")))
    for seat in info.seats:
        level = _.pgettext("choice_name", str(seat.ai_level)) if seat.ai_level else ""
        if seat.user_id is not None:
            who = (_("{member} (an AI plays for them: {level})", member=f"<@{seat.user_id}>", level=level)
                   if seat.ai_level else f"<@{seat.user_id}>")
        elif seat.position not in opened:
            who = _("AI {level}", level=level)
        elif next((s.auto for s in found if s.position == seat.position), False):
            who = _("AI {level}, **open to newcomers** (no asking)", level=level)
        else:
            who = _("AI {level}, **open to newcomers**", level=level)
        lines.append(f"{seat.position + 1}. {safe_text(seat.name)}: {who}")
    return "\n".join(lines)


def seats_view(info: Any, found: list[OpenSeat], *, language: str = ENGLISH) -> discord.ui.View | None:
    """*Open seat* / *Close seat* under each AI seat (None when the game has none), in the host's `language`."""
    _ = translator(language)
    opened = {seat.position for seat in found}
    view = discord.ui.View(timeout=None)
    for seat in info.seats:
        if seat.user_id is None:
            number_, name = seat.position + 1, seat.name
            if seat.position in opened:
                view.add_item(button(info.id, info.version, "closeseat",
                                     _("Close seat {number}: {name}", number=number_, name=name), seat.position))
                continue
            view.add_item(button(info.id, info.version, "openseat",
                                 _("Open seat {number}: {name}", number=number_, name=name), seat.position))
            view.add_item(button(info.id, info.version, "openauto",
                                 _("Open seat {number}, no asking", number=number_), seat.position))
    return view if view.children else None


class SeatDesk:
    """`/gah seats` and its buttons, *Take this seat*, and the host's answer (held by the controller)."""

    def __init__(self, service: GameService, reply: Reply) -> None:
        self.service = service
        self.takeovers = SeatTakeovers(service)
        self.reply = reply

    @staticmethod
    def is_manager(interaction: discord.Interaction) -> bool:
        permissions = getattr(interaction, "permissions", None)
        return bool(permissions and permissions.manage_channels)

    async def show(self, interaction: discord.Interaction, game_id: int) -> None:
        """`/gah seats`: the host's private view of the seats (refused privately for others)."""
        info, found = await self.takeovers.seats(game_id, interaction.user.id, self.is_manager(interaction))
        language = (await reader_for(interaction, self.service)).language
        view = seats_view(info, found, language=language)
        await self.reply(interaction, seats_text(info, found, language=language),
                         allowed_mentions=discord.AllowedMentions.none(), **({"view": view} if view else {}))

    async def on_button(self, interaction: discord.Interaction, cid: ComponentId) -> None:
        """Route the seat buttons by verb."""
        handlers = {"openseat": self._open, "openauto": self._open, "closeseat": self._open, "takeseat": self._take,
                    "seatok": self._answer, "seatno": self._answer}
        await handlers[cid.verb](interaction, cid)

    async def _open(self, interaction: discord.Interaction, cid: ComponentId) -> None:
        _ = await reader_for(interaction, self.service)
        if not from_ephemeral(interaction):  # answered by redrawing the clicked message: only the host's own
            await self.reply(interaction, _(NOT_HERE, seats=seats_command(_)))
            return
        position = number(cid.arg)
        is_open = cid.verb in ("openseat", "openauto")
        found = await self.takeovers.set_open(cid.game, interaction.user.id, position, is_open,
                                              self.is_manager(interaction), auto=cid.verb == "openauto")
        info = await self.service.game(cid.game)
        log.info("Game %d: seat %d %s to newcomers by %d", cid.game, position, "opened" if is_open else "closed",
                 interaction.user.id)
        note = (_("Opened: the next turn post offers the seat.") if is_open
                else _("Closed: it is no longer offered."))
        await interaction.response.edit_message(content=seats_text(info, found, note, language=_.language),
                                                view=seats_view(info, found, language=_.language),
                                                allowed_mentions=discord.AllowedMentions.none())

    async def _take(self, interaction: discord.Interaction, cid: ComponentId) -> None:
        position = number(cid.arg)
        seat = await self.takeovers.check_request(cid.game, interaction.user.id, position, cid.version)
        info = await self.service.game(cid.game)
        language = game_language(info.options)  # the request and the news are public: the game's language
        if seat.auto:  # opened "no asking": the seat is theirs at once, as if the host confirmed
            taken = await self.takeovers.take(cid.game, info.host_id, interaction.user.id, position)
            log.info("Game %d: user %d took seat %d in round %d", cid.game, interaction.user.id, position, taken.round)
            await interaction.response.send_message(
                self.taken_text(interaction.user.id, taken.name, taken.round, kind_named(info.kind).command,
                                language=language),
                allowed_mentions=discord.AllowedMentions(users=[discord.Object(interaction.user.id)]))
            return
        _ = translator(language)
        view = discord.ui.View(timeout=None)
        arg = f"{position}.{interaction.user.id}"
        confirm, refuse = _.pgettext("seat request", "Confirm"), _.pgettext("seat request", "Refuse")
        view.add_item(button(cid.game, info.version, "seatok", confirm, arg, style="success"))
        view.add_item(button(cid.game, info.version, "seatno", refuse, arg, style="danger"))
        await interaction.response.send_message(
            _("{member} asks to take {name}'s seat (an AI plays it now). {host}, the host: *{confirm}* and they play "
              "it from its next turn, or *{refuse}*.", member=f"<@{interaction.user.id}>", name=safe_text(seat.name),
              host=f"<@{info.host_id}>", confirm=confirm, refuse=refuse),
            view=view, allowed_mentions=discord.AllowedMentions(users=[discord.Object(info.host_id)]))
        message = await interaction.original_response()
        await self.service.record_message(cid.game, REQUEST, message.channel.id, message.id, info.version)
        _ = await reader_for(interaction, self.service)
        await interaction.followup.send(_("I asked the host."), ephemeral=True)

    @staticmethod
    def taken_text(user_id: int, name: str, joined: int, command: str, *, language: str = ENGLISH) -> str:
        """The public line telling who plays a seat now, in the game's `language`."""
        _ = translator(language)
        return _("{member} now plays {name}'s seat, with its hand and hotel (joined in round {round}). `{turn}` opens "
                 "their panel when it is their turn.", member=f"<@{user_id}>", name=safe_text(name), round=joined,
                 turn=f"/{command} {_.pgettext('command_name', 'turn')}")

    async def _answer(self, interaction: discord.Interaction, cid: ComponentId) -> None:
        posted = {m.purpose: m for m in await self.service.messages(cid.game)}.get(REQUEST)
        message = interaction.message
        if posted is None or message is None or posted.message_id != message.id:
            _ = await reader_for(interaction, self.service)
            await self.reply(interaction, _(NOT_THE_REQUEST))
            return
        seat_text, _dot, user_text = cid.arg.partition(".")
        position, user_id = number(seat_text), number(user_text)
        info = await self.service.game(cid.game)
        if interaction.user.id != info.host_id and not self.is_manager(interaction):
            _ = await reader_for(interaction, self.service)
            await self.reply(interaction, _("Only the host (or someone who may manage the channel) answers this."))
            return
        _ = translator(game_language(info.options))  # the request's message is public: the game's language
        language = _.language
        if cid.verb == "seatno":
            kept = (_("The host kept {name}'s seat for the AI; {member} was not given it.",
                      name=safe_text(info.seats[position].name), member=f"<@{user_id}>")
                    if 0 <= position < len(info.seats)
                    else _("The host kept that seat for the AI; {member} was not given it.", member=f"<@{user_id}>"))
            await interaction.response.edit_message(content=kept, view=None,
                                                    allowed_mentions=discord.AllowedMentions.none())
            return
        try:
            taken = await self.takeovers.take(cid.game, interaction.user.id, user_id, position,
                                              self.is_manager(interaction))
        except (SeatRefused, ServiceError) as error:
            _ = await reader_for(interaction, self.service)
            await self.reply(interaction, _("Not given: {why}", why=refusal_text(error, _)))
            return
        log.info("Game %d: user %d took seat %d in round %d", cid.game, user_id, position, taken.round)
        command = kind_named(info.kind).command
        await interaction.response.edit_message(
            content=self.taken_text(user_id, taken.name, taken.round, command, language=language), view=None,
            allowed_mentions=discord.AllowedMentions(users=[discord.Object(user_id)]))
