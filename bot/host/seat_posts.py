"""The Discord side of newcomers taking AI seats (issue 53 item 5; the rules are `bot.host.service.seat_takeovers`).

`/gah seats` shows the host, privately, every seat with *Open seat* (or *Close seat*) under each AI seat
(`openseat`/`closeseat`, argument the seat). While a seat is open every turn post carries *Take this seat*
(`takeseat`, argument the seat; `bot.host.views.turn_post_view`). A member who plays no seat of the game presses it: a
public request names them and the seat, with *Confirm* and *Refuse* for the host (`seatok`/`seatno`, argument
"seat.member"; remembered as the game's message "seatreq", so that a copy elsewhere is refused). Confirmed, the
member plays the seat from its next decision on. Every name is escaped (`safe_text`); refusals are private and
change nothing.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.host.custom_ids import ComponentId, number
from bot.host.guards import from_ephemeral
from bot.host.kinds import kind_named
from bot.host.language import reader_for, refusal_text
from bot.host.safe_text import safe_text
from bot.host.service import GameService, ServiceError
from bot.host.service.seat_takeovers import OpenSeat, SeatRefused, SeatTakeovers, open_seats
from bot.host.views import button

log = logging.getLogger(__name__)

Reply = Callable[..., Awaitable[None]]
"""`Controller.reply`: a private answer."""

SEAT_VERBS = ("openseat", "openauto", "closeseat", "takeseat", "seatok", "seatno")
"""The button verbs `SeatDesk.on_button` answers."""

REQUEST = "seatreq"
"""The purpose under which the newest seat request message of a game is remembered."""

NOT_HERE = "Those buttons belong on the host's own `/gah seats` message. Use `/gah seats`."
NOT_THE_REQUEST = "Those buttons belong on the newest request for a seat of this game. Look there."


async def offered_seats(service: GameService, game_id: int) -> list[tuple[int, str]]:
    """The open seats of a game, as (position, name), for the turn post's *Take this seat* buttons."""
    async with service.storage.reading() as tx:
        return [(seat.position, seat.name) for seat in await open_seats(tx, game_id)]


def seats_text(info: Any, found: list[OpenSeat], note: str = "") -> str:
    """The host's private view of the seats."""
    opened = {seat.position for seat in found}
    lines = [note] if note else []
    lines.append("**Seats** (an AI seat you open gets *Take this seat* on the turn posts; you confirm who takes it):")
    for seat in info.seats:
        if seat.user_id is not None:
            who = f"<@{seat.user_id}>" + (f" (an AI plays for them: {seat.ai_level})" if seat.ai_level else "")
        else:
            auto = next((s.auto for s in found if s.position == seat.position), False)
            who = f"AI {seat.ai_level}" + ((", **open to newcomers**" + (" (no asking)" if auto else ""))
                                           if seat.position in opened else "")
        lines.append(f"{seat.position + 1}. {safe_text(seat.name)}: {who}")
    return "\n".join(lines)


def seats_view(info: Any, found: list[OpenSeat]) -> discord.ui.View | None:
    """*Open seat* / *Close seat* under each AI seat (None when the game has none)."""
    opened = {seat.position for seat in found}
    view = discord.ui.View(timeout=None)
    for seat in info.seats:
        if seat.user_id is None:
            if seat.position in opened:
                view.add_item(button(info.id, info.version, "closeseat", f"Close seat {seat.position + 1}: "
                                     f"{seat.name}", seat.position))
                continue
            view.add_item(button(info.id, info.version, "openseat", f"Open seat {seat.position + 1}: {seat.name}",
                                 seat.position))
            view.add_item(button(info.id, info.version, "openauto", f"Open seat {seat.position + 1}, no asking",
                                 seat.position))
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
        view = seats_view(info, found)
        await self.reply(interaction, seats_text(info, found), allowed_mentions=discord.AllowedMentions.none(),
                         **({"view": view} if view else {}))

    async def on_button(self, interaction: discord.Interaction, cid: ComponentId) -> None:
        """Route the seat buttons by verb."""
        handlers = {"openseat": self._open, "openauto": self._open, "closeseat": self._open, "takeseat": self._take,
                    "seatok": self._answer, "seatno": self._answer}
        await handlers[cid.verb](interaction, cid)

    async def _open(self, interaction: discord.Interaction, cid: ComponentId) -> None:
        if not from_ephemeral(interaction):  # answered by redrawing the clicked message: only the host's own
            await self.reply(interaction, NOT_HERE)
            return
        position = number(cid.arg)
        is_open = cid.verb in ("openseat", "openauto")
        found = await self.takeovers.set_open(cid.game, interaction.user.id, position, is_open,
                                              self.is_manager(interaction), auto=cid.verb == "openauto")
        info = await self.service.game(cid.game)
        log.info("Game %d: seat %d %s to newcomers by %d", cid.game, position, "opened" if is_open else "closed",
                 interaction.user.id)
        note = ("Opened: the next turn post offers the seat." if is_open else "Closed: it is no longer offered.")
        await interaction.response.edit_message(content=seats_text(info, found, note), view=seats_view(info, found),
                                                allowed_mentions=discord.AllowedMentions.none())

    async def _take(self, interaction: discord.Interaction, cid: ComponentId) -> None:
        position = number(cid.arg)
        seat = await self.takeovers.check_request(cid.game, interaction.user.id, position, cid.version)
        info = await self.service.game(cid.game)
        if seat.auto:  # opened "no asking": the seat is theirs at once, as if the host confirmed
            taken = await self.takeovers.take(cid.game, info.host_id, interaction.user.id, position)
            log.info("Game %d: user %d took seat %d in round %d", cid.game, interaction.user.id, position, taken.round)
            await interaction.response.send_message(
                self.taken_text(interaction.user.id, taken.name, taken.round, kind_named(info.kind).command),
                allowed_mentions=discord.AllowedMentions(users=[discord.Object(interaction.user.id)]))
            return
        view = discord.ui.View(timeout=None)
        arg = f"{position}.{interaction.user.id}"
        view.add_item(button(cid.game, info.version, "seatok", "Confirm", arg, style="success"))
        view.add_item(button(cid.game, info.version, "seatno", "Refuse", arg, style="danger"))
        await interaction.response.send_message(
            f"<@{interaction.user.id}> asks to take {safe_text(seat.name)}'s seat (an AI plays it now). "
            f"<@{info.host_id}>, the host: *Confirm* and they play it from its next turn, or *Refuse*.",
            view=view, allowed_mentions=discord.AllowedMentions(users=[discord.Object(info.host_id)]))
        message = await interaction.original_response()
        await self.service.record_message(cid.game, REQUEST, message.channel.id, message.id, info.version)
        await interaction.followup.send("I asked the host.", ephemeral=True)

    @staticmethod
    def taken_text(user_id: int, name: str, joined: int, command: str) -> str:
        """The public line telling who plays a seat now."""
        return (f"<@{user_id}> now plays {safe_text(name)}'s seat, with its hand and hotel (joined in round {joined})."
                f" `/{command} turn` opens their panel when it is their turn.")

    async def _answer(self, interaction: discord.Interaction, cid: ComponentId) -> None:
        posted = {m.purpose: m for m in await self.service.messages(cid.game)}.get(REQUEST)
        message = interaction.message
        if posted is None or message is None or posted.message_id != message.id:
            await self.reply(interaction, NOT_THE_REQUEST)
            return
        seat_text, _, user_text = cid.arg.partition(".")
        position, user_id = number(seat_text), number(user_text)
        info = await self.service.game(cid.game)
        if interaction.user.id != info.host_id and not self.is_manager(interaction):
            await self.reply(interaction, "Only the host (or someone who may manage the channel) answers this.")
            return
        name = safe_text(info.seats[position].name) if 0 <= position < len(info.seats) else "that"
        if cid.verb == "seatno":
            await interaction.response.edit_message(content=f"The host kept {name}'s seat for the AI; <@{user_id}> "
                                                    "was not given it.", view=None,
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
            content=self.taken_text(user_id, taken.name, taken.round, command), view=None,
            allowed_mentions=discord.AllowedMentions(users=[discord.Object(user_id)]))
