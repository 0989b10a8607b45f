"""Everything the bot does in answer to clicks and commands, on top of the game service.

The cog (`bot.host.cogs.game`) only parses slash commands; components route here through `bot.host.views`, lobby
components on to `bot.host.lobby`. The controller decides no rule itself: a panel click goes to `GameService.choose`
with the panel's version and choices fingerprint, and the service alone says whether it is out of date or not the
user's turn. What a game's panel does beyond one legal action a click is the kind's `clicks()` (`TurnClicks`). Every
error a user can cause (`bot.host.service.PLAYER_ERRORS`) is answered politely and ephemerally and changes nothing;
anything unexpected is logged with the game id and answered with an apology, and the game goes on.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.host import turn_post
from bot.host.custom_ids import BadCustomId, ComponentId, number
from bot.host.disk_full import CANNOT_SAVE, is_disk_full, log_disk_full
from bot.host.gone import GoneChannels
from bot.host.guards import LOBBY_VERBS, NOT_A_PANEL, PANEL_VERBS, STALE_LOBBY
from bot.host.guards import from_ephemeral as _from_ephemeral
from bot.host.i18n import translator
from bot.host.kind_presenter import HotelPicture
from bot.host.kinds import KINDS, kind_named, legal_actions
from bot.host.language import game_language, reader_for, refusal_text
from bot.host.lobby import LobbyController
from bot.host.panel_open import OpenPanels
from bot.host.pending_posts import lacking_for, notice
from bot.host.posts import TurnPoster, ai_to_move, render_in_worker, turn_moved, waiting_users, who_is_on
from bot.host.quick_switch import QuickTurns
from bot.host.safe_text import safe_text
from bot.host.seat_posts import SEAT_VERBS, SeatDesk
from bot.host.service import (
    PLAYER_ERRORS,
    GameInfo,
    GameService,
    StaleVersion,
    TurnResult,
    choices_fingerprint,
)
from bot.host.service.suggest import suggestions_offered
from bot.host.shards import EVERY_SHARD, ShardScope
from bot.host.texts import NOT_STARTED
from bot.host.turn_notices import send_turn_dm
from bot.host.undo_desk import UndoDesk
from bot.host.uploads import UploadLimits
from bot.host.view_answers import ViewAnswers
from bot.host.views import panel_view
from bot.host.vote_posts import VoteDesk
from render.core.lang import N_

log = logging.getLogger(__name__)

ButtonHandler = Callable[[discord.Interaction, ComponentId], Awaitable[None]]
"""What answers a button of one verb (`Controller.button_handlers`)."""
SelectHandler = Callable[[discord.Interaction, ComponentId, list[str]], Awaitable[None]]
"""What answers a select of one verb (`Controller.select_handlers`), with the chosen values."""

EDIT_LIMIT_SECONDS = 3600
"""Messages older than this are not edited: a new one is posted instead."""


class Controller(ViewAnswers):
    """Answers interactions for one bot. Holds no game state: it reads everything from the service."""

    def __init__(self, client: discord.Client, service: GameService) -> None:
        self.client = client
        self.service = service
        self.uploads = UploadLimits()
        self.poster = TurnPoster(client, service, self.uploads, self.notify_dm)
        service.ai_listeners.append(self.after_ai_moves)
        self.pending = self.poster.pending
        """Turn posts Discord refused, by game id (`bot.host.pending_posts`), kept by the poster."""
        self.quick = QuickTurns()
        """Who switched quick turns on or paused them for a turn (`bot.host.quick_switch`); kept until a restart."""
        self.open_panels = OpenPanels(self.panel_payload, self.waiting_users, self.service.game)
        """Each player's latest panel, redrawn when the turn comes back to them (`bot.host.panel_open`)."""
        self.undo = UndoDesk(service, self.panel_payload)
        """*Undo* and its confirmation, with what it remembers of each player's last click (`bot.host.undo_desk`)."""
        self.lobby = LobbyController(client, service, self.reply, self.post_turn)
        self.gone = GoneChannels(client, service, lambda game_id: self.pending.pop(game_id, None))
        """Ends the games of deleted channels and threads (`bot.host.gone`)."""
        self.poster.channel_gone = self.gone.deleted
        self.votes = VoteDesk(client, service, self.post_turn)
        """Votes on the player on turn (`bot.host.vote_posts`)."""
        self.seats = SeatDesk(service, self.reply)
        """`/gah seats` and newcomers taking AI seats (`bot.host.seat_posts`)."""

    # ----- small helpers ---------------------------------------------------------------------------------

    @staticmethod
    def seat_name(info: GameInfo, user_id: int) -> str | None:
        """The engine player name of the user's seat, or None."""
        seat = info.seat_of(user_id)
        return seat.name if seat else None

    @staticmethod
    def waiting_users(info: GameInfo) -> list[int]:
        """Users who must act now (several during a draft); AI-played seats excluded."""
        return waiting_users(info)

    def who_is_on(self, info: GameInfo) -> str:
        """"ann" / "ann and bob" / "nobody"."""
        return who_is_on(info)

    async def reply(self, interaction: discord.Interaction, content: str, **kwargs: Any) -> None:
        """An ephemeral answer, whether or not the interaction was already acknowledged."""
        if interaction.response.is_done():
            await interaction.followup.send(content[:2000], ephemeral=True, **kwargs)
        else:
            await interaction.response.send_message(content[:2000], ephemeral=True, **kwargs)

    async def fail(self, interaction: discord.Interaction, error: Exception, game_id: int | None) -> None:
        """Answer an error: a service error's own sentence, "the bot cannot save right now" for a full disk
        (`bot.host.disk_full`, logged naming the database), or an apology for a bug (logged with the game id)."""
        _ = await reader_for(interaction, self.service)  # in the clicker's language (`bot.host.language`)
        if isinstance(error, PLAYER_ERRORS):
            await self.reply(interaction, refusal_text(error, _))
            return
        if isinstance(error, BadCustomId):
            await self.reply(interaction, _("That button or menu is not valid. Use the buttons on the latest turn "
                                            "post."))
            return
        if is_disk_full(error):
            log_disk_full(error, self.service.storage.display_name, f"a click in game {game_id}")
            await self.reply(interaction, _(CANNOT_SAVE))
            return
        log.exception("unexpected error in game %s", game_id, exc_info=error)
        await self.reply(interaction, _("Sorry, something went wrong on my side. The game is safe; please try again."))

    # ----- the turn panel ----------------------------------------------------------------------------------

    async def panel_payload(self, info: GameInfo, user_id: int, page: int = 0, note: str = "", *,
                            reader: discord.Interaction | None = None) -> dict[str, Any]:
        """The content and view of the user's ephemeral turn panel, in the language of the member of `reader` (the
        interaction that opened, clicked or showed the panel: `bot.host.language.reader_for`; None: English). A
        `note` marked for the catalogs (`N_`) is said in that language too."""
        _ = await reader_for(reader, self.service) if reader is not None else translator(None)
        note = _(note) if note else ""
        state = info.state
        name = self.seat_name(info, user_id)
        if info.status == "finished" or (state is not None and state.is_over):
            return {"content": (note + "\n" if note else "") + _("The game is over: the final post has the scores, "
                                                                  "every hotel, the board and the whole log."),
                    "view": None}
        if state is None or info.status != "active" or name is None or user_id not in self.waiting_users(info):
            on = _("It is {player}'s turn now.", player=self.who_is_on(info))
            if ai_to_move(info):
                on = _("{player} (AI) is thinking; its turn post follows in the channel.", player=self.who_is_on(info))
            return {"content": (note + "\n" if note else "") + on, "view": None}
        shown = kind_named(info.kind).presenter()
        actions = legal_actions(state, name)
        turn = shown.panel(state, actions, name, page=page, language=_.language)
        panel = turn.panel
        seat_info = info.seat_of(user_id)
        assert seat_info is not None
        can_undo = await self.service.undo_count(info.id, seat_info.position, user_id) > 0
        content = "\n".join(part for part in (note, f"**{panel.prompt}**", panel.details, turn.status) if part)
        quick = self.quick.state(info.id, user_id) if turn.quick_switch else None
        view = panel_view(info.id, info.version, panel, can_undo=can_undo, choices=choices_fingerprint(state, name),
                          quick=quick, suggest=suggestions_offered(info.kind, info.options), language=_.language)
        return {"content": content[:2000], "view": view}

    async def open_panel(self, interaction: discord.Interaction, game_id: int) -> None:
        """"Take my turn": an ephemeral panel for the player who must act; others are told whose turn it is."""
        info = await self.service.game(game_id)
        if info.status != "active" or interaction.user.id not in self.waiting_users(info):
            _ = await reader_for(interaction, self.service)
            if info.status != "active":
                await self.reply(interaction, _("This game is not running."))
            elif info.seat_of(interaction.user.id) is None:
                await self.reply(interaction, _("You are not playing in this game; it is {player}'s turn. You can "
                                                "still look at the board, hotels and scores.",
                                                player=self.who_is_on(info)))
            else:
                await self.reply(interaction, _("It is {player}'s turn, not yours. I will ping you.",
                                                player=self.who_is_on(info)))
            return
        note = await self.since_note(info, interaction.user.id,
                                     language=(await reader_for(interaction, self.service)).language)
        payload = await self.panel_payload(info, interaction.user.id, note=note, reader=interaction)
        await interaction.response.send_message(ephemeral=True, **payload)
        self.open_panels.shown(game_id, interaction)

    async def since_note(self, info: GameInfo, user_id: int, *, language: str) -> str:
        """The panel's "Since your last turn" line for `user_id` (the kind's `TurnClicks.since_line`) in `language`
        (the reader's): "" for games without it, watchers, or when nobody else did anything since their last turn."""
        name, kind = self.seat_name(info, user_id), kind_named(info.kind)
        clicks = kind.clicks()
        if name is None or not kind.since_last_turn or clicks is None:
            return ""
        return clicks.since_line(await self.service.history(info.id), name, language=language)

    async def replace_stale_panel(self, interaction: discord.Interaction, info: GameInfo) -> None:
        """Answer a click on an out-of-date panel (already deferred) by turning it into the current one."""
        payload = await self.panel_payload(info, interaction.user.id,
                                           note=N_("That panel was out of date; here is the current one."),
                                           reader=interaction)
        await interaction.edit_original_response(**payload)

    def after_ai_moves(self, result: TurnResult) -> asyncio.Task[None]:
        """AI moves committed in the background: their turn post, and the open panels of the players next."""
        posting = self.post_turn(None, result)
        self.open_panels.redraw_later(result.game)
        return posting

    async def act(self, interaction: discord.Interaction, cid: ComponentId, index: int,
                  choices: str | None = None) -> None:
        """A click on a panel choice: the service plays the panel's `index`-th choice (it alone decides whether the
        panel is out of date, also by the `choices` fingerprint of the staff draft), then the panel is refreshed and
        a turn post made if the turn moved; an out-of-date panel is replaced by the current one."""
        await interaction.response.defer()
        self.open_panels.shown(cid.game, interaction)
        user = interaction.user.id
        try:
            result = await self.play_choice(cid, user, index, choices)
        except StaleVersion:  # another click came first, or the panel is old
            await self.replace_stale_panel(interaction, await self.service.game(cid.game))
            return
        result = await self.end_quick_turn(cid.game, user, result)
        self.undo.remember_click(cid.game, user, result)
        new_state = result.game.state
        posting = None
        if (result.finished or new_state is None or result.index_before is None
                or new_state.current_index != result.index_before or turn_moved(result)):
            posting = self.post_turn(interaction.channel, result)  # before any await: posts keep the game's order
            self.open_panels.redraw_later(result.game, skip=user)
        note = ""
        if posting is not None and self.waiting_users(result.game) == [user] and result.moves:
            language = (await reader_for(interaction, self.service)).language  # the player's panel
            note = (await self.since_note(result.game, user, language=language)
                    or turn_post.again_note(result.moves, language=language))
        payload = await self.panel_payload(result.game, user, note=note, reader=interaction)
        self.open_panels.closed(cid.game, user, payload)
        if payload["view"] is None:
            _ = await reader_for(interaction, self.service)
            payload["content"] = _("Done. {panel}", panel=payload["content"])
        await interaction.edit_original_response(**payload)
        if posting is not None:
            await posting

    async def play_choice(self, cid: ComponentId, user: int, index: int, choices: str | None) -> TurnResult:
        """Play the panel choice `index`: one legal action, or a compound choice of the panel (`Panel.plans`, an index
        past the legal actions) as its actions in order (`TurnClicks.play_plan`); then any follow-up with one legal
        answer (`TurnClicks.play_forced`).

        Raises:
            StaleVersion: the panel is out of date.
            the errors of `GameService.choose`.
        """
        info = await self.service.game(cid.game)
        name = self.seat_name(info, user)
        kind = kind_named(info.kind)
        state, clicks = info.state, kind.clicks()
        if state is None or name is None or not kind.several_steps or clicks is None:
            return await self.service.choose(cid.game, user, index, cid.version, choices=choices)
        actions = legal_actions(state, name)
        if index < len(actions) or name not in state.waiting:
            result = await self.service.choose(cid.game, user, index, cid.version, choices=choices)
        else:
            if info.version != cid.version:
                raise StaleVersion("That panel is out of date.")
            plan = kind.presenter().panel(state, actions, name).panel.plans.get(index)
            if plan is None:
                raise BadCustomId(f"no choice {index} on this panel")
            played = await clicks.play_plan(self.service, cid.game, user, name, cid.version, plan, choices)
            if played is None:
                raise StaleVersion("That panel is out of date.")
            result = played
        result = await clicks.play_forced(self.service, cid.game, user, name, result)
        self.undo.remember_words(kind.key, cid.game, user, state, name, result.moves)
        return result

    async def act_several(self, interaction: discord.Interaction, cid: ComponentId, indices: list[int]) -> None:
        """A select answering a step-by-step decision several times at once (`TurnClicks.play_several`); then as
        `act`: the panel is refreshed and a turn post made if the turn moved."""
        await interaction.response.defer()
        self.open_panels.shown(cid.game, interaction)
        user = interaction.user.id
        info = await self.service.game(cid.game)
        name = self.seat_name(info, user)
        kind = kind_named(info.kind)
        clicks = kind.clicks()
        if not kind.several_steps or clicks is None:  # no panel of the other games has such a select: a forged one
            raise BadCustomId("a select of several steps in a game that has none")
        if info.state is None or name is None or info.version != cid.version or user not in self.waiting_users(info):
            await self.replace_stale_panel(interaction, info)
            return
        plans = kind.presenter().panel(info.state, legal_actions(info.state, name), name).panel.plans
        try:
            result = await clicks.play_several(self.service, cid.game, user, name, info.state, info.version, indices,
                                               plans)
        except ValueError as error:
            raise BadCustomId(str(error)) from error
        if result is None:  # the panel was out of date, or none of the chosen steps can be played first
            now = await self.service.game(cid.game)
            if now.version != info.version:
                await self.replace_stale_panel(interaction, now)
            else:
                await interaction.edit_original_response(**await self.panel_payload(
                    now, user, note=clicks.NONE_PLAYABLE, reader=interaction))
            return
        result = await clicks.play_forced(self.service, cid.game, user, name, result)
        self.undo.remember_words(kind.key, cid.game, user, info.state, name, result.moves)
        result = await self.end_quick_turn(cid.game, user, result)
        self.undo.remember_click(cid.game, user, result)
        new_state = result.game.state
        posting = None
        if result.finished or new_state is None or new_state.current_index != info.state.current_index \
                or turn_moved(result):
            posting = self.post_turn(interaction.channel, result)
            self.open_panels.redraw_later(result.game, skip=user)
        payload = await self.panel_payload(result.game, user, reader=interaction)
        self.open_panels.closed(cid.game, user, payload)
        await interaction.edit_original_response(**payload)
        if posting is not None:
            await posting

    async def end_quick_turn(self, game_id: int, user_id: int, result: TurnResult) -> TurnResult:
        """The kind's `end_quick_turn` (`TurnClicks`) for users who switched quick turns on."""
        self.quick.after_click(game_id, user_id, (event.kind for event in result.events))
        kind = kind_named(result.game.kind)
        clicks = kind.clicks()
        quick = self.quick.ends_turns(game_id, user_id) and kind.quick_turns and clicks is not None
        name = self.seat_name(result.game, user_id) if quick else None
        if name is None or clicks is None:
            return result
        return await clicks.end_quick_turn(self.service, game_id, user_id, name, result)

    # ----- posts (bot.host.posts) ----------------------------------------------------------------------------------

    def post_turn(self, channel: Any, result: TurnResult, *, first: bool = False) -> asyncio.Task[None]:
        """Queue the turn post of `result` (`bot.host.posts.TurnPoster.post_turn`): call it right after the service
        call that produced `result`, before awaiting anything else."""
        self.votes.after_change(result.game.id)  # a vote on a player who moved lapses
        return self.poster.post_turn(channel, result, first=first)

    async def catch_up(self, scope: ShardScope = EVERY_SHARD) -> int:
        """After a restart: post what a crash kept from the channels of the guilds on `scope`'s shards (this
        process's; `bot.host.posts.TurnPoster.catch_up`)."""
        return await self.poster.catch_up(scope)

    async def notify_dm(self, user_id: int, info: GameInfo) -> None:
        """A direct message for users who asked for them (`/gah notify dm`), with the jump link to the game's
        latest post; held until their quiet hours end (`bot.host.turn_notices.send_turn_dm`)."""
        await send_turn_dm(self.client, self.service, user_id, info)

    # ----- routing -----------------------------------------------------------------------------------------

    async def retry_pending(self, interaction: discord.Interaction, game_id: int) -> None:
        """After a click in a game whose last turn post Discord refused: try the post again; if it is still
        refused, tell the clicking user privately what is missing."""
        pending = self.pending.get(game_id)
        if pending is None:
            return
        info = await self.service.game(game_id)
        await self.post_turn(pending.channel, TurnResult(info, ()), first=pending.first)
        still = self.pending.get(game_id)
        if still is not None and interaction.response.is_done():
            language = (await reader_for(interaction, self.service)).language
            await interaction.followup.send(notice(lacking_for(interaction), locked=still.locked, language=language),
                                            ephemeral=True)

    async def thread_reopened(self, thread_id: int) -> None:
        """A thread is no longer archived (a moderator reopened a locked one): post what its games' refused turn
        posts kept back (issue 51 item 10). A failure is logged by the post worker; the next click tries again."""
        for game_id, pending in list(self.pending.items()):
            if pending.result.game.channel_id != thread_id:
                continue
            info = await self.service.game(game_id)
            if info.status in ("active", "finished"):
                log.info("game %s: its thread %s was reopened; posting what it missed", game_id, thread_id)
                await self.post_turn(None, TurnResult(info, ()), first=pending.first)

    async def on_button(self, interaction: discord.Interaction, cid: ComponentId) -> None:
        """Route a button click by its verb."""
        try:
            await self._on_button(interaction, cid)
            await self.retry_pending(interaction, cid.game)
            await self.service.come_back(interaction.user.id)  # any game click ends the member's away time
        except StaleVersion:
            await self.on_stale(interaction, cid)
        except Exception as error:  # every click gets an answer, whatever happened
            await self.fail(interaction, error, cid.game)

    async def on_stale(self, interaction: discord.Interaction, cid: ComponentId) -> None:
        """Answer a click that lost a race with another one: the lobby's or the panel's current state."""
        if cid.verb in LOBBY_VERBS:
            await self.reply(interaction, (await reader_for(interaction, self.service))(STALE_LOBBY))
            return
        info = await self.service.game(cid.game)
        payload = await self.panel_payload(info, interaction.user.id,
                                           note=N_("Someone else acted first; here is the current panel."),
                                           reader=interaction)
        await self.reply(interaction, payload["content"], **({"view": payload["view"]} if payload["view"] else {}))

    async def _on_button(self, interaction: discord.Interaction, cid: ComponentId) -> None:
        verb = cid.verb
        if verb in PANEL_VERBS and not _from_ephemeral(interaction):
            await self.reply(interaction, (await reader_for(interaction, self.service))(NOT_A_PANEL))
            return
        handler = self.button_handlers.get(verb)
        if handler is not None:  # a verb without a handler (an option select's verb on a button) does nothing
            await handler(interaction, cid)

    @property
    def button_handlers(self) -> dict[str, ButtonHandler]:
        """What answers each button verb (`bot.host.views.BUTTON_VERBS`)."""
        lobby = self.lobby.on_button
        return {
            "join": lobby, "leave": lobby, "options": lobby, "start": lobby, "cancel": lobby,
            "act": self._act_button, "quick": self._quick_button, "page": self._page_button,
            "refresh": self._page_button, "turn": lambda i, cid: self.open_panel(i, cid.game),
            "hand": lambda i, cid: self.show_hand(i, cid.game), "board": lambda i, cid: self.show_board(i, cid.game),
            "seehotel": lambda i, cid: self.show_hotel(i, cid.game, number(cid.arg)),
            "hotels": self._hotels_button, "score": lambda i, cid: self.show_score(i, cid.game),
            "log": lambda i, cid: self.show_log(i, cid.game),
            "logpage": lambda i, cid: self.show_log(i, cid.game, number(cid.arg.partition(".")[0]), edit=True),
            "export": lambda i, cid: self.show_log(i, cid.game, export=True),
            "undo": self.undo.on_undo, "confirmundo": self.undo.on_confirm, "help": self._help_button,
            "rematch": lambda i, cid: self.lobby.rematch(i, cid.game),
            "suggest": self._suggest_button,
            **{clicks.PLAY_VERB: functools.partial(clicks.play_suggested, self)  # *Play this* of each game with Suggest
               for kind in KINDS.values() if (clicks := kind.clicks()) is not None},
            "vote": self.votes.on_button,
            **dict.fromkeys(SEAT_VERBS, self.seats.on_button),
        }

    @property
    def select_handlers(self) -> dict[str, SelectHandler]:
        """What answers each panel or view select verb (`bot.host.views.SELECT_VERBS`); the lobby answers the rest."""
        return {
            "picks": lambda i, cid, values: self.act_several(i, cid, [number(value) for value in values]),
            "pick": self._pick_select,
            "hotel": lambda i, cid, values: self.show_hotel(i, cid.game, number(values[0] if values else "")),
            "goto": self._goto_select,
        }

    async def _pick_select(self, interaction: discord.Interaction, cid: ComponentId, values: list[str]) -> None:
        choices = cid.arg.partition(".")[2]
        await self.act(interaction, cid, number(values[0] if values else ""), choices or None)

    async def _goto_select(self, interaction: discord.Interaction, cid: ComponentId, values: list[str]) -> None:
        """A panel select that moves to another page of the panel (a card to place)."""
        await interaction.response.defer()
        info = await self.service.game(cid.game)
        payload = await self.panel_payload(info, interaction.user.id, page=number(values[0] if values else ""),
                                           reader=interaction)
        await interaction.edit_original_response(**payload)

    async def _act_button(self, interaction: discord.Interaction, cid: ComponentId) -> None:
        index, _, choices = cid.arg.partition(".")
        await self.act(interaction, cid, number(index), choices or None)

    async def _quick_button(self, interaction: discord.Interaction, cid: ComponentId) -> None:
        await interaction.response.defer()
        info = await self.service.game(cid.game)
        note = self.quick.press(cid.game, interaction.user.id, cid.arg, kind_named(info.kind).quick_turns_note)
        await interaction.edit_original_response(**await self.panel_payload(info, interaction.user.id, note=note,
                                                                            reader=interaction))

    async def _page_button(self, interaction: discord.Interaction, cid: ComponentId) -> None:
        await interaction.response.defer()
        info = await self.service.game(cid.game)
        payload = await self.panel_payload(info, interaction.user.id, page=number(cid.arg or "0"), reader=interaction)
        await interaction.edit_original_response(**payload)

    async def _hotels_button(self, interaction: discord.Interaction, cid: ComponentId) -> None:
        """*Hotels*: the pictures at once (every hotel; a game with shared hotels shows them), with buttons for
        one hotel at a time when there are several."""
        info = await self.service.game(cid.game)
        if kind_named(info.kind).shared_hotels:
            await self.show_board(interaction, cid.game, hotels_only=True)
            return
        if info.state is None:
            await self.reply(interaction, (await reader_for(interaction, self.service))(NOT_STARTED))
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        shown = kind_named(info.kind).presenter()
        drawn = [await render_in_worker(shown.show, info.state, HotelPicture(index),
                                        language=game_language(info.options))
                 for index in range(len(info.state.players))]
        names = [safe_text(player.name) for player in info.state.players]
        pictures = [(hotel.pictures[0][0], f"hotel-{index + 1}.png") for index, hotel in enumerate(drawn)]
        _ = await reader_for(interaction, self.service)
        await self.send_pictures(interaction, _("Hotels, in seat order: {players}.", players=", ".join(names)),
                                 pictures)

    async def _help_button(self, interaction: discord.Interaction, cid: ComponentId) -> None:
        """"?" on a panel: what the decision is, with its rule (the game's `Presenter.help_text`), privately."""
        info = await self.service.game(cid.game)
        language = (await reader_for(interaction, self.service)).language  # the clicker's (`bot.host.language`)
        await self.reply(interaction, kind_named(info.kind).presenter().help_text(cid.arg, language=language))

    async def _suggest_button(self, interaction: discord.Interaction, cid: ComponentId) -> None:
        """*Suggest* on a turn panel (`TurnClicks.answer_suggest`); a refusal (suggestions off, not the user's
        decision) is answered politely by `on_button`."""
        clicks = kind_named((await self.service.game(cid.game)).kind).clicks()
        if clicks is None:  # no panel of such a game has the button: a forged click
            raise BadCustomId("Suggest in a game that has none")
        await clicks.answer_suggest(self.service, interaction, cid.game)

    async def on_select(self, interaction: discord.Interaction, cid: ComponentId, values: list[str]) -> None:
        """Route a select menu choice by its verb."""
        try:
            if cid.verb in PANEL_VERBS and not _from_ephemeral(interaction):
                await self.reply(interaction, (await reader_for(interaction, self.service))(NOT_A_PANEL))
            else:
                await self.select_handlers.get(cid.verb, self.lobby.on_select)(interaction, cid, values)
            await self.retry_pending(interaction, cid.game)
            await self.service.come_back(interaction.user.id)
        except StaleVersion:
            await self.on_stale(interaction, cid)
        except Exception as error:
            await self.fail(interaction, error, cid.game)
