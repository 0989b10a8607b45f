"""Everything the bot does in answer to clicks and commands, on top of the game service.

The cog (`bot.cogs.game`) only parses slash commands; components route here through `bot.views`, and lobby
components on to `bot.lobby`. The controller decides no rule itself: a panel click goes to `GameService.choose`
with the panel's version and choices fingerprint, and the service alone says whether it is out of date or not
the user's turn. Every error a user can cause (`bot.service.PLAYER_ERRORS`) is answered politely and ephemerally
and changes nothing; anything unexpected is logged with the game id and answered with an apology, and the game
goes on.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import Any

import discord

import render
from bot import texts
from bot.custom_ids import BadCustomId, ComponentId, number
from bot.guards import LOBBY_VERBS, NOT_A_PANEL, PANEL_VERBS, STALE_LOBBY
from bot.guards import from_ephemeral as _from_ephemeral
from bot.lobby import LobbyController
from bot.panel import build_panel
from bot.recap import recap_moves
from bot.service import (
    PLAYER_ERRORS,
    GameInfo,
    GameService,
    ServiceError,
    StaleVersion,
    TurnResult,
    choices_fingerprint,
)
from bot.uploads import LEFT_OUT, UploadLimits, picture_files
from bot.views import hotels_view, panel_view, rematch_view, turn_post_view, undo_view
from engine import GameState, legal_actions, player_view, projected_scores

log = logging.getLogger(__name__)

CATCH_UP_SECONDS = 24 * 3600
"""After a restart, final posts that a crash kept back are posted for games finished this recently."""

EDIT_LIMIT_SECONDS = 3600
"""Messages older than this are not edited: a new one is posted instead."""


def post_nonce(purpose: str, game_id: int, version: int) -> str:
    """The nonce of a game's post for `purpose` at `version` (at most 25 characters, Discord's limit).

    discord.py sends a nonce with `enforce_nonce`, so Discord answers a second send with the same nonce (within
    a few minutes) with the message it already stored: a post that a crash kept the bot from remembering is not
    doubled when the restarted bot catches up."""
    return f"gah{purpose[0]}{game_id}.{version}"[:25]


def mention_only(*user_ids: int) -> discord.AllowedMentions:
    """Allowed mentions that ping exactly these users (nobody if none)."""
    users = [discord.Object(user_id) for user_id in user_ids if user_id]
    return discord.AllowedMentions(everyone=False, roles=False, users=users, replied_user=False)


class Controller:
    """Answers interactions for one bot. Holds no game state: it reads everything from the service."""

    def __init__(self, client: discord.Client, service: GameService) -> None:
        self.client = client
        self.service = service
        self._posting: dict[int, asyncio.Task[None]] = {}
        self.uploads = UploadLimits()
        self.lobby = LobbyController(client, service, self.reply, self.post_turn)

    # ----- small helpers ---------------------------------------------------------------------------------

    @staticmethod
    def seat_name(info: GameInfo, user_id: int) -> str | None:
        """The engine player name of the user's seat, or None."""
        seat = info.seat_of(user_id)
        return seat.name if seat else None

    @staticmethod
    def waiting_users(info: GameInfo) -> list[int]:
        """Users who must act now (several during a draft); AI-played seats excluded."""
        if info.state is None or info.status != "active":
            return []
        names = set(info.state.waiting)
        return [s.user_id for s in info.seats if s.name in names and s.user_id and not s.ai_controlled]

    def who_is_on(self, info: GameInfo) -> str:
        """"ann" / "ann and bob" / "nobody"."""
        if info.state is None:
            return "nobody"
        return " and ".join(info.state.waiting) or "nobody"

    async def reply(self, interaction: discord.Interaction, content: str, **kwargs: Any) -> None:
        """An ephemeral answer, whether or not the interaction was already acknowledged."""
        if interaction.response.is_done():
            await interaction.followup.send(content[:2000], ephemeral=True, **kwargs)
        else:
            await interaction.response.send_message(content[:2000], ephemeral=True, **kwargs)

    async def fail(self, interaction: discord.Interaction, error: Exception, game_id: int | None) -> None:
        """Answer an error: a service error's own sentence, or an apology for a bug (logged with the game id)."""
        if isinstance(error, PLAYER_ERRORS):
            await self.reply(interaction, str(error))
            return
        if isinstance(error, BadCustomId):
            await self.reply(interaction, "That button or menu is not valid. Use the buttons on the latest turn post.")
            return
        log.exception("unexpected error in game %s", game_id, exc_info=error)
        await self.reply(interaction, "Sorry, something went wrong on my side. The game is safe; please try again.")

    # ----- the turn panel ----------------------------------------------------------------------------------

    async def panel_payload(self, info: GameInfo, user_id: int, page: int = 0, note: str = "") -> dict[str, Any]:
        """The content and view of the user's ephemeral turn panel."""
        state = info.state
        name = self.seat_name(info, user_id)
        if state is None or info.status != "active" or name is None or user_id not in self.waiting_users(info):
            return {"content": (note + "\n" if note else "") + f"It is {self.who_is_on(info)}'s turn now.",
                    "view": None}
        actions = legal_actions(state, name)
        panel = build_panel(state, actions, page=page)
        can_undo = False
        try:
            preview = await self.service.preview_undo(info.id, user_id)
            can_undo = preview.available > 0
        except PLAYER_ERRORS:
            can_undo = False
        seat = player_view(state, name).players[state.player_index(name)]
        status = texts.status_line(seat)
        content = "\n".join(part for part in (note, f"**{panel.prompt}**", status) if part)
        view = panel_view(info.id, info.version, panel, can_undo=can_undo, choices=choices_fingerprint(state, name))
        return {"content": content[:2000], "view": view}

    async def open_panel(self, interaction: discord.Interaction, game_id: int) -> None:
        """"Take my turn": an ephemeral panel for the player who must act; others are told whose turn it is."""
        info = await self.service.game(game_id)
        if info.status != "active":
            await self.reply(interaction, "This game is not running.")
            return
        if interaction.user.id not in self.waiting_users(info):
            seat = info.seat_of(interaction.user.id)
            if seat is None:
                await self.reply(interaction, f"You are not playing in this game; it is {self.who_is_on(info)}'s "
                                              "turn. You can still look at the board, hotels and scores.")
            else:
                await self.reply(interaction, f"It is {self.who_is_on(info)}'s turn, not yours. I will ping you.")
            return
        payload = await self.panel_payload(info, interaction.user.id)
        await interaction.response.send_message(ephemeral=True, **payload)

    async def replace_stale_panel(self, interaction: discord.Interaction, info: GameInfo) -> None:
        """Answer a click on an out-of-date panel (already deferred) by turning it into the current one."""
        payload = await self.panel_payload(info, interaction.user.id,
                                           note="That panel was out of date; here is the current one.")
        await interaction.edit_original_response(**payload)

    async def act(self, interaction: discord.Interaction, cid: ComponentId, index: int,
                  choices: str | None = None) -> None:
        """A click on a panel choice: the service plays the panel's `index`-th choice (it alone decides whether the
        panel is out of date, also by the `choices` fingerprint of the staff draft), then the panel is refreshed and
        a turn post made if the turn moved; an out-of-date panel is replaced by the current one."""
        await interaction.response.defer()
        user = interaction.user.id
        before = (await self.service.game(cid.game)).state
        try:
            result = await self.service.choose(cid.game, user, index, cid.version, choices=choices)
        except StaleVersion:  # another click came first, or the panel is old
            await self.replace_stale_panel(interaction, await self.service.game(cid.game))
            return
        new_state = result.game.state
        posting = None
        if (result.finished or new_state is None or before is None or new_state.current_index != before.current_index
                or _turn_moved(result)):
            posting = self.post_turn(interaction.channel, result)  # before any await: posts keep the game's order
        payload = await self.panel_payload(result.game, user)
        if payload["view"] is None:
            payload["content"] = f"Done. {payload['content']}"
        await interaction.edit_original_response(**payload)
        if posting is not None:
            await posting

    # ----- posts -------------------------------------------------------------------------------------------

    def post_turn(self, channel: Any, result: TurnResult, *, first: bool = False) -> asyncio.Task[None]:
        """Schedule `after_turn` for `result` behind every earlier post of the same game, so that turn posts come
        in the game's order even when one takes longer to render. Call it right after the service call that
        produced `result`, before awaiting anything else. A failure is logged (the move itself is stored)."""
        game_id = result.game.id
        previous = self._posting.get(game_id)

        async def run() -> None:
            if previous is not None:
                await asyncio.wait([previous])
            try:
                await self.after_turn(channel, result, first=first)
            except Exception:
                log.exception("could not post the turn post of game %s at version %s", game_id, result.version)

        task = asyncio.create_task(run(), name=f"gah-post-{game_id}-{result.version}")
        self._posting[game_id] = task

        def forget(done: asyncio.Task[None]) -> None:
            if self._posting.get(game_id) is done:
                del self._posting[game_id]

        task.add_done_callback(forget)
        return task

    async def after_turn(self, channel: Any, result: TurnResult, *, first: bool = False) -> None:
        """Post the turn post (board, the acting player's hotel, recap, one mention) or the final scoreboard.
        Use `post_turn` to keep posts in order."""
        info = result.game
        if channel is None:
            channel = self.client.get_channel(info.channel_id)
        if not isinstance(channel, discord.abc.Messageable) or info.state is None:
            return
        state = info.state
        text = recap_moves(result.moves)
        if first:
            text = "The game begins!" + (f"\n{text}" if text else "")
        elif not text:
            text = "• Nothing new happened."
        if result.finished or state.is_over:
            await self.post_final(channel, info, text)
            return
        public = player_view(state, None)
        acting = result.moves[0].seat if result.moves else (state.current_index or 0)
        board, hotel = await asyncio.gather(
            asyncio.to_thread(render.board_png, public),
            asyncio.to_thread(render.hotel_png, public, acting),
        )
        waiting = self.waiting_users(info)
        pinged = [user for user in waiting if (await self.service.prefs(user)).notify != "none"]
        who = " ".join(f"<@{u}>" for u in waiting) if waiting else f"{self.who_is_on(info)} (AI)"
        content = f"{text}\n\n**Next:** {who} - press *Take my turn*."
        files, left_out = await picture_files([(board, "board.png"), (hotel, "hotel.png")],
                                              self.uploads.for_channel(channel))
        if left_out:
            content = f"{content[:1900]}\n{LEFT_OUT}"
        message = await channel.send(content[:2000], files=files,
                                     view=turn_post_view(info.id, info.version), allowed_mentions=mention_only(*pinged),
                                     nonce=post_nonce("turn", info.id, info.version))
        await self.service.record_message(info.id, "turn", message.channel.id, message.id, info.version)
        for user in waiting:
            await self.notify_dm(user, info)

    async def post_final(self, channel: discord.abc.Messageable, info: GameInfo, text: str) -> None:
        """The final scoreboard, the winner and a rematch button; results are recorded."""
        with contextlib.suppress(ServiceError):  # already recorded
            await self.service.finish(info.id)
        assert info.state is not None
        picture = await asyncio.to_thread(render.scoreboard_png, info.state)
        scores = texts.final_lines(info.state)
        files, left_out = await picture_files([(picture, "scoreboard.png")], self.uploads.for_channel(channel))
        content = f"{text}\n\n**The game is over.**\n{scores}" + (f"\n{LEFT_OUT}" if left_out else "")
        message = await channel.send(content[-2000:], files=files,
                                     view=rematch_view(info.id, info.version),
                                     allowed_mentions=discord.AllowedMentions.none(),
                                     nonce=post_nonce("final", info.id, info.version))
        await self.service.record_message(info.id, "final", message.channel.id, message.id, info.version)

    async def catch_up(self) -> int:
        """After a restart: post what a crash kept from the channels. A game whose turn moved on after its last
        turn post gets a new one (with the recap of the moves since, pinging whoever must act), and a game that
        finished without its final post (in the last day) gets it. Returns how many posts were made."""
        posted = 0
        now = time.time()
        for info in await self.service.games(open_only=False):
            if info.status == "finished" and (info.finished_at or 0) < now - CATCH_UP_SECONDS:
                continue
            if info.status not in ("active", "finished") or info.state is None:
                continue
            try:
                if await self.catch_up_game(info):
                    posted += 1
            except Exception:
                log.exception("could not catch up on game %s after a restart", info.id)
        return posted

    async def catch_up_game(self, info: GameInfo) -> bool:
        """`catch_up` for one game; True if it posted."""
        posts = {m.purpose: m for m in await self.service.messages(info.id)}
        if "final" in posts:
            return False
        last = posts.get("turn")
        if info.status == "active" and last is not None and last.version >= info.version:
            return False
        since = last.version if last is not None else 0
        moves = tuple(m for m in await self.service.history(info.id) if m.version > since)
        result = TurnResult(info, moves)
        seat = info.current_seat
        moved = (info.status == "finished" or last is None or _turn_moved(result)
                 or any(seat is None or m.seat != seat.position for m in moves))
        if not moved:
            return False
        log.info("game %s: posting what a restart kept back (turn post at version %s, game at %s)", info.id,
                 since, info.version)
        await self.post_turn(None, result, first=last is None and not moves)
        return True

    async def notify_dm(self, user_id: int, info: GameInfo) -> None:
        """A direct message for users who asked for them (`/gah notify dm`)."""
        prefs = await self.service.prefs(user_id)
        if prefs.notify != "dm":
            return
        try:
            user = self.client.get_user(user_id) or await self.client.fetch_user(user_id)
            await user.send(f"It is your turn in Grand Austria Hotel in <#{info.channel_id}>.")
        except discord.HTTPException:
            log.info("could not DM user %s for game %s", user_id, info.id)

    async def send_pictures(self, interaction: discord.Interaction, content: str,
                            pictures: list[tuple[bytes, str]]) -> None:
        """An ephemeral follow-up with pictures that fit the server's upload limit."""
        files, left_out = await picture_files(pictures, self.uploads.for_interaction(interaction))
        if left_out:
            content = f"{content[:1900]}\n{LEFT_OUT}"
        await interaction.followup.send(content[:2000], files=files, ephemeral=True)

    # ----- view buttons ------------------------------------------------------------------------------------

    async def show_hand(self, interaction: discord.Interaction, game_id: int) -> None:
        info = await self.service.game(game_id)
        name = self.seat_name(info, interaction.user.id)
        if name is None or info.state is None:
            await self.reply(interaction, "You hold no staff cards: you are not playing in this game.")
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        view = player_view(info.state, name)
        index = view.player_index(name)
        picture = await asyncio.to_thread(render.hand_png, view, index)
        await self.send_pictures(interaction, texts.hand_text(view, index), [(picture, "hand.png")])

    async def show_hotel(self, interaction: discord.Interaction, game_id: int, index: int) -> None:
        info = await self.service.game(game_id)
        if info.state is None or not 0 <= index < len(info.state.players):
            await self.reply(interaction, "There is no such hotel in this game.")
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        picture = await asyncio.to_thread(render.hotel_png, player_view(info.state, None), index)
        await self.send_pictures(interaction, f"{info.state.players[index].name}'s hotel", [(picture, "hotel.png")])

    async def show_board(self, interaction: discord.Interaction, game_id: int) -> None:
        info = await self.service.game(game_id)
        if info.state is None:
            await self.reply(interaction, "The game has not started yet.")
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        picture = await asyncio.to_thread(render.board_png, player_view(info.state, None))
        await self.send_pictures(interaction, f"Round {info.state.round}; {self.who_is_on(info)} to act.",
                                 [(picture, "board.png")])

    async def show_score(self, interaction: discord.Interaction, game_id: int) -> None:
        info = await self.service.game(game_id)
        if info.state is None:
            await self.reply(interaction, "The game has not started yet.")
            return
        await self.reply(interaction, texts.score_text(projected_scores(info.state), info.state))

    async def show_log(self, interaction: discord.Interaction, game_id: int) -> None:
        moves = await self.service.history(game_id)
        await self.reply(interaction, texts.log_text(moves))

    # ----- routing -----------------------------------------------------------------------------------------

    async def on_button(self, interaction: discord.Interaction, cid: ComponentId) -> None:
        """Route a button click by its verb."""
        try:
            await self._on_button(interaction, cid)
        except StaleVersion:
            await self.on_stale(interaction, cid)
        except Exception as error:  # every click gets an answer, whatever happened
            await self.fail(interaction, error, cid.game)

    async def on_stale(self, interaction: discord.Interaction, cid: ComponentId) -> None:
        """Answer a click that lost a race with another one: the lobby's or the panel's current state."""
        if cid.verb in LOBBY_VERBS:
            await self.reply(interaction, STALE_LOBBY)
            return
        info = await self.service.game(cid.game)
        payload = await self.panel_payload(info, interaction.user.id,
                                           note="Someone else acted first; here is the current panel.")
        await self.reply(interaction, payload["content"], **({"view": payload["view"]} if payload["view"] else {}))

    async def _on_button(self, interaction: discord.Interaction, cid: ComponentId) -> None:
        verb = cid.verb
        if verb in PANEL_VERBS and not _from_ephemeral(interaction):
            await self.reply(interaction, NOT_A_PANEL)
            return
        if verb in ("join", "leave", "options", "start", "cancel"):
            await self.lobby.on_button(interaction, cid)
        elif verb == "act":
            index, _, choices = cid.arg.partition(".")
            await self.act(interaction, cid, number(index), choices or None)
        elif verb in ("page", "refresh"):
            await interaction.response.defer()
            info = await self.service.game(cid.game)
            payload = await self.panel_payload(info, interaction.user.id, page=number(cid.arg or "0"))
            await interaction.edit_original_response(**payload)
        elif verb == "turn":
            await self.open_panel(interaction, cid.game)
        elif verb == "hand":
            await self.show_hand(interaction, cid.game)
        elif verb == "hotels":
            info = await self.service.game(cid.game)
            names = [(i, p.name) for i, p in enumerate(info.state.players)] if info.state else []
            await self.reply(interaction, "Whose hotel?", view=hotels_view(info.id, info.version, names))
        elif verb == "score":
            await self.show_score(interaction, cid.game)
        elif verb == "log":
            await self.show_log(interaction, cid.game)
        elif verb == "undo":
            preview = await self.service.preview_undo(cid.game, interaction.user.id)
            await interaction.response.edit_message(content=texts.undo_text(preview),
                                                    view=undo_view(cid.game, cid.version, len(preview.actions)))
        elif verb == "confirmundo":
            await interaction.response.defer()
            result = await self.service.undo(cid.game, interaction.user.id, cid.version, number(cid.arg or "1"))
            payload = await self.panel_payload(result.game, interaction.user.id, note="Undone.")
            await interaction.edit_original_response(**payload)
        elif verb == "rematch":
            await self.lobby.rematch(interaction, cid.game)

    async def on_select(self, interaction: discord.Interaction, cid: ComponentId, values: list[str]) -> None:
        """Route a select menu choice by its verb."""
        try:
            if cid.verb == "pick" and not _from_ephemeral(interaction):
                await self.reply(interaction, NOT_A_PANEL)
            elif cid.verb == "pick":
                choices = cid.arg.partition(".")[2]
                await self.act(interaction, cid, number(values[0] if values else ""), choices or None)
            elif cid.verb == "hotel":
                await self.show_hotel(interaction, cid.game, number(values[0] if values else ""))
            else:
                await self.lobby.on_select(interaction, cid, values)
        except StaleVersion:
            await self.on_stale(interaction, cid)
        except Exception as error:
            await self.fail(interaction, error, cid.game)

def _turn_moved(result: TurnResult) -> bool:
    """Whether the moves include the start of a new turn, a round or a scoring (then the channel hears of it)."""
    kinds = {event.kind for move in result.moves for event in move.events}
    return bool(kinds & {"turn", "round", "emperor_scoring", "game_over", "draft_pass"})


def game_state(info: GameInfo) -> GameState:
    """The engine state of a started game.

    Raises:
        ServiceError: the game has not started.
    """
    if info.state is None:
        raise ServiceError("The game has not started yet.")
    return info.state
