"""The view buttons' answers (*My hand*, *Hotels*, *Score*, *Log*, *Full board* and their commands): pictures and
words of a game shown privately to whoever asked, the pictures and the game's words in the game's language, the
answer's own words in the reader's (`bot.host.language`). A part of `bot.host.controller.Controller`."""

from __future__ import annotations

import io
from typing import Any

import discord

from bot.host.kind_presenter import BoardPictures, HandPictures, HotelPicture
from bot.host.kinds import kind_named
from bot.host.language import game_language, reader_for
from bot.host.pending_posts import PendingPost, notice
from bot.host.posts import log_file_name, render_in_worker
from bot.host.safe_text import safe_text
from bot.host.service import GameInfo, GameService
from bot.host.texts import NO_HOTEL, NOT_STARTED
from bot.host.uploads import LEFT_OUT, UploadLimits, picture_files
from bot.host.views import log_view


class ViewAnswers:
    """The view buttons' answers; the controller provides the service, the upload limits, the refused posts and its
    small helpers."""

    service: GameService
    uploads: UploadLimits
    pending: dict[int, PendingPost]

    async def reply(self, interaction: discord.Interaction, content: str, **kwargs: Any) -> None:
        raise NotImplementedError  # the controller's

    def seat_name(self, info: GameInfo, user_id: int) -> str | None:
        raise NotImplementedError  # the controller's

    def who_is_on(self, info: GameInfo) -> str:
        raise NotImplementedError  # the controller's

    async def send_pictures(self, interaction: discord.Interaction, content: str,
                            pictures: list[tuple[bytes, str]]) -> None:
        """An ephemeral follow-up with pictures that fit the server's upload limit."""
        files, left_out = await picture_files(pictures, self.uploads.for_interaction(interaction))
        if left_out:
            content = f"{content[:1900]}\n{(await reader_for(interaction, self.service))(LEFT_OUT)}"
        await interaction.followup.send(content[:2000], files=files, ephemeral=True)

    # ----- view buttons ------------------------------------------------------------------------------------

    async def show_hand(self, interaction: discord.Interaction, game_id: int) -> None:
        info = await self.service.game(game_id)
        name = self.seat_name(info, interaction.user.id)
        if name is None or info.state is None:
            _ = await reader_for(interaction, self.service)
            await self.reply(interaction, _("You hold no {cards}: you are not playing in this game.",
                                            cards=_(kind_named(info.kind).hand_cards)))
            return
        language = (await reader_for(interaction, self.service)).language  # a private answer: the reader's
        await interaction.response.defer(ephemeral=True, thinking=True)
        hand = await render_in_worker(kind_named(info.kind).presenter().show, info.state, HandPictures(name),
                                      language=language)
        await self.send_pictures(interaction, hand.text, hand.pictures)

    async def show_hotel(self, interaction: discord.Interaction, game_id: int, index: int) -> None:
        info = await self.service.game(game_id)
        if kind_named(info.kind).shared_hotels and info.state is not None:  # not a player's: show them all
            await self.show_board(interaction, game_id, hotels_only=True)
            return
        if info.state is None or not 0 <= index < len(info.state.players):
            await self.reply(interaction, (await reader_for(interaction, self.service))(NO_HOTEL))
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        hotel = await render_in_worker(kind_named(info.kind).presenter().show, info.state, HotelPicture(index),
                                       language=game_language(info.options))
        _ = await reader_for(interaction, self.service)
        await self.send_pictures(interaction, _("{player}'s hotel", player=safe_text(info.state.players[index].name)),
                                 hotel.pictures[:1])

    async def show_board(self, interaction: discord.Interaction, game_id: int, *, hotels_only: bool = False) -> None:
        """The whole board (*Full board*, the board command) as an ephemeral answer; `hotels_only`: a game with
        shared hotels (Overbooking) shows only them (*Hotels*)."""
        info = await self.service.game(game_id)
        if info.state is None:
            await self.reply(interaction, (await reader_for(interaction, self.service))(NOT_STARTED))
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        board = await render_in_worker(kind_named(info.kind).presenter().show, info.state,
                                       BoardPictures(self.who_is_on(info), hotels_only=hotels_only),
                                       language=game_language(info.options))
        await self.send_pictures(interaction, board.text, board.pictures)

    async def show_score(self, interaction: discord.Interaction, game_id: int) -> None:
        info = await self.service.game(game_id)
        if info.state is None:
            await self.reply(interaction, (await reader_for(interaction, self.service))(NOT_STARTED))
            return
        await self.reply(interaction, kind_named(info.kind).presenter().scores(
            info.state, language=game_language(info.options)))

    async def show_log(self, interaction: discord.Interaction, game_id: int, page: int | None = None, *,
                       export: bool = False, edit: bool = False) -> None:
        """The game's log in words (`Presenter.log`): one page (None: the newest) with buttons to page through
        the whole game, or, with `export`, the whole game as a text file. `edit` replaces the clicked log message."""
        info = await self.service.game(game_id)
        moves = await self.service.history(game_id)
        kind = kind_named(info.kind)
        if export:
            text = kind.presenter().log_export(moves, title=f"{kind.title}, game {game_id}",
                                               language=game_language(info.options))
            file = discord.File(io.BytesIO(text.encode()), filename=log_file_name(kind, game_id))
            said = (await reader_for(interaction, self.service))("The whole log of game {game}.", game=game_id)
            await self.reply(interaction, said, file=file)
            return
        told = kind.presenter().log(moves, page, page_chars=1900, language=game_language(info.options))
        text, shown, pages = told.text, told.page, told.pages
        _ = await reader_for(interaction, self.service)
        heading = (_("Last actions: (log page {page} of {pages})", page=shown + 1, pages=pages) if shown == pages - 1
                   else _("Game log, page {page} of {pages}:", page=shown + 1, pages=pages))
        pending = self.pending.get(game_id)
        reading = _.language
        missing = f"{notice([], locked=pending.locked, language=reading)}\n\n" if pending else ""  # a refused post
        content = f"{missing}{heading}\n{text}"[:2000]
        view = log_view(game_id, info.version, shown, pages, language=reading)
        if edit:
            await interaction.response.edit_message(content=content, view=view)
        else:
            await self.reply(interaction, content, view=view)
