"""Turn posts and final posts: in the game's order, coalesced when they come faster than the channel takes them.

Every state change that the channel should hear of goes to `TurnPoster.post_turn`. Per game one worker task posts
them one after the other. While a post is being made (rendering, or waiting out Discord's per-channel limit of
about 5 messages in 5 seconds), later changes of the same game wait in one slot and merge: a burst of AI turns
becomes one post that tells every move, instead of minutes of queued posts.

A change after which a slow AI must move (the bot's AI runs in the background, `bot.host.service.ai_tasks`) is not
posted by itself: it stays in the slot, the channel shows the bot typing while the AI thinks, and the AI's own
commit (which the service hands to `post_turn` through `GameService.ai_listeners`) merges with it into the post
that pings the next person.

A post goes out only when there is news (issue 42 item 5, `bot.host.turn_post.has_news`): a person who moves again
right after their own move carries on in their panel and the next post tells those moves too, so a solo game posts
once a round (and at Emperor scorings and the end). A game of only AIs is told turn by turn as it runs (item 6; its
AI takes a little time a turn, `bot.host.service.ai_fairness.AI_ONLY_TURN_SECONDS`). A recap too long for one message is
sent in parts cut between sections (`bot.host.turn_post.split_recap`), never cut mid-text. The turn picture shows the
hotel of the player whose turns are most of the news (`bot.host.turn_post.busiest_seat`), named in its description.

Pictures are drawn by `turn_pictures`, the one place a turn post's pictures are chosen, in `render_in_worker`'s
single render thread (two threads drawing at once only contend for the interpreter lock).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import io
import logging
import time
from collections.abc import Awaitable, Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, ParamSpec, TypeVar

import discord

from bot.host import turn_post
from bot.host.kind_presenter import ScoreboardPicture, TurnPictures
from bot.host.kinds import KINDS, AnyKind, kind_named
from bot.host.kinds import waiting as waiting_names
from bot.host.language import game_language
from bot.host.pending_posts import THREAD_ARCHIVED, PendingPost
from bot.host.safe_text import safe_text
from bot.host.seat_posts import offered_seats
from bot.host.service import GameInfo, GameService, Move, ServiceError, TurnResult
from bot.host.service.queries import games_behind
from bot.host.shards import EVERY_SHARD, ShardScope
from bot.host.threads import game_channel, is_unknown_channel, tell_parent
from bot.host.turn_notices import quiet_end
from bot.host.uploads import LEFT_OUT, UploadLimits, picture_files
from bot.host.views import rematch_view, turn_post_view
from render.core.i18n import ENGLISH, translator

log = logging.getLogger(__name__)

KEEP_DAYS = 7
"""Viewing commands (board, hotels, score, log) keep answering on a channel's last finished game this long."""

CATCH_UP_SECONDS = 24 * 3600
"""After a restart, final posts that a crash kept back are posted for games finished this recently."""

TYPING_EVERY_SECONDS = 8.0
"""While an AI thinks, the channel's typing indicator is sent again this often (Discord shows it for 10 s)."""

TYPING_FOR_SECONDS = 120.0
"""The typing indicator stops after this long even if the AI has not posted (a stuck AI must not type forever)."""

RECAP_CHARS = 100_000
"""The recap is told whole (`bot.host.turn_post.split_recap` cuts it into messages and summarises what fits in none)."""

FINAL_TOLD = frozenset({"game_over", "final_score"})
"""Events the final post tells in its ranking, left out of its recap."""

P = ParamSpec("P")
R = TypeVar("R")

_RENDERER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="render")


async def render_in_worker(function: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
    """Run a render function in the one render thread (pictures are drawn one at a time, off the event loop)."""
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(_RENDERER, lambda: function(*args, **kwargs))


def turn_pictures(kind: AnyKind, state: Any, acting: int, moves: Any = (), language: str = "en"
                  ) -> list[tuple[bytes, str]]:
    """The pictures of a turn post, as (PNG bytes, file name), chosen by the game's presenter (`bot.host.kinds`): for
    Grand Austria Hotel the one phone-first turn picture (the compact public board and the acting seat's hotel,
    the rooms it changed in `moves` framed); for Overbooking the hotels, and each hotel's resolution after the
    hotels booked. The full board is one tap away (the post's *Full board* button). Drawn in the game's `language`
    (`bot.host.language.game_language`)."""
    return kind.presenter().show(state, TurnPictures(acting, moves), language=language).pictures


def warm_renderer() -> None:
    """Draw each picture kind of every game once (caches of static layers, fonts), so the first turn post is not
    the slow one."""
    for registered in KINDS.values():
        registered.presenter().warm()


def post_nonce(purpose: str, game_id: int, version: int) -> str:
    """The nonce of a game's post for `purpose` at `version` (at most 25 characters, Discord's limit).

    discord.py sends a nonce with `enforce_nonce`, so Discord answers a second send with the same nonce (within
    a few minutes) with the message it already stored: a post that a crash kept the bot from remembering is not
    doubled when the restarted bot catches up, and requests at once that post the same thing (one member's
    `/gah new`s or Rematch presses: issue 51) make one message. The purposes in use differ in their first letter:
    turn, part, final, lobby, notice (a rematch's; `bot.host.threads`' result post uses "r")."""
    return f"gah{purpose[0]}{game_id}.{version}"[:25]


def mention_only(*user_ids: int) -> discord.AllowedMentions:
    """Allowed mentions that ping exactly these users (nobody if none)."""
    users = [discord.Object(user_id) for user_id in user_ids if user_id]
    return discord.AllowedMentions(everyone=False, roles=False, users=users, replied_user=False)


def waiting_users(info: GameInfo) -> list[int]:
    """Users who must act now (several during a draft); AI-played seats excluded."""
    if info.state is None or info.status != "active":
        return []
    names = set(waiting_names(info.state))
    return [s.user_id for s in info.seats if s.name in names and s.user_id and not s.ai_controlled]


def who_is_on(info: GameInfo) -> str:
    """"ann" / "ann and bob" / "nobody" (names made safe for Discord, `bot.host.safe_text`)."""
    if info.state is None:
        return "nobody"
    return " and ".join(safe_text(name) for name in waiting_names(info.state)) or "nobody"


def ai_to_move(info: GameInfo) -> bool:
    """Whether only AI seats must answer now in a running game (then the AI's own post follows)."""
    if info.status != "active" or info.state is None or info.state.is_over:
        return False
    seat = info.current_seat
    return seat is not None and seat.ai_controlled and not waiting_users(info)


def only_ais(info: GameInfo) -> bool:
    """Whether every seat of the game is played by an AI (a game that people only watch)."""
    return bool(info.seats) and all(seat.ai_controlled for seat in info.seats)


def picture_description(info: GameInfo, seat: int) -> str:
    """The turn picture's description (its alt text): whose hotel it shows, e.g. "The board and AI Teal's hotel
    (round 4)." (issue 42 item 2: the hotel of the player whose moves the post tells); in the game's language."""
    _ = translator(game_language(info.options))
    state = info.state
    players = getattr(state, "players", ())
    if not 0 <= seat < len(players):
        return _("The board.")
    round_number = getattr(state, "round", None)
    if round_number:
        return _("The board and {player}'s hotel (round {round}).", player=players[seat].name, round=round_number)
    return _("The board and {player}'s hotel.", player=players[seat].name)


def describe(files: list[discord.File], description: str) -> None:
    """Give the first picture its description (Discord's alt text, at most 1,024 characters)."""
    if files:
        files[0].description = description[:1024]


def earlier_pointer(command: str, *, language: str = ENGLISH) -> str:
    """The line that opens a recap whose oldest moves fit in none of its messages, in the game's `language`."""
    _ = translator(language)
    return _("… Earlier moves are told by {log}.", log=f"/{command} {_.pgettext('command_name', 'log')}")


def merged(older: TurnResult, newer: TurnResult) -> TurnResult:
    """One result telling the moves of both (each move once, in the game's order), the game as the newer one."""
    if newer.version < older.version:
        older, newer = newer, older
    moves = {move.version: move for move in (*older.moves, *newer.moves)}
    return TurnResult(newer.game, tuple(moves[v] for v in sorted(moves)), older.results + newer.results)


def news_titles(titles: tuple[str, ...], options: Mapping[str, Any]) -> tuple[str, ...]:
    """A game's news titles (`GameKind.news_titles`, marked for the catalogs) as the recap's headings say them, in
    the game's language (`game_language`)."""
    _ = translator(game_language(options))
    return tuple(_(title) for title in titles)


@dataclass
class _Slot:
    """What a game's next post will tell (merged while a post is being made)."""

    channel: Any
    result: TurnResult
    first: bool


class TurnPoster:
    """Makes a bot's turn posts and final posts (see the module text).

    Args:
        client: the discord.py client (to find channels).
        service: the game service.
        uploads: the upload limits learned from interactions.
        notify_dm: sends a user their turn DM (`Controller.notify_dm`).
    """

    def __init__(self, client: discord.Client, service: GameService, uploads: UploadLimits,
                 notify_dm: Callable[[int, GameInfo], Awaitable[None]]) -> None:
        self.client = client
        self.service = service
        self.uploads = uploads
        self.notify_dm = notify_dm
        self._slots: dict[int, _Slot] = {}
        self._workers: dict[int, asyncio.Task[None]] = {}
        self._typing: dict[int, asyncio.Task[None]] = {}
        self.pending: dict[int, PendingPost] = {}
        """Turn posts Discord refused, by game id (`bot.host.pending_posts`): told on the next click, retried then."""
        self.channel_gone: Callable[[int], Awaitable[object]] | None = None
        """Called with a game's channel id when Discord says it was deleted (`bot.host.gone.GoneChannels.deleted`)."""
        self.posts_made = 0
        self.results_coalesced = 0
        """How many results were merged into a later post instead of getting their own (the bench prints it)."""

    def post_turn(self, channel: Any, result: TurnResult, *, first: bool = False) -> asyncio.Task[None]:
        """Queue `result` for the game's next post and make sure the game's post worker runs; returns the worker
        (awaiting it waits until the game's queued posts are made). Call it right after the service call that
        produced `result`, before awaiting anything else: posts keep the game's order. A failure is logged (the
        move itself is stored)."""
        game_id = result.game.id
        slot = self._slots.get(game_id)
        if slot is None:
            self._slots[game_id] = _Slot(channel, result, first)
        else:
            self.results_coalesced += 1
            slot.result = merged(slot.result, result)
            slot.first = slot.first or first
            slot.channel = slot.channel if slot.channel is not None else channel
        worker = self._workers.get(game_id)
        if worker is None or worker.done():
            worker = asyncio.create_task(self._work(game_id), name=f"gah-post-{game_id}")
            self._workers[game_id] = worker
        return worker

    async def _work(self, game_id: int) -> None:
        while True:
            slot = self._slots.get(game_id)
            if slot is None:
                return
            watched = only_ais(slot.result.game)
            if self.service.background_ai and ai_to_move(slot.result.game):
                if not watched:
                    self._start_typing(game_id, slot)  # the AI's commit merges into this slot and starts a worker
                    return
                if not slot.first and not turn_moved(slot.result):
                    return  # a game of only AIs is told turn by turn: the rest of this turn merges in
            del self._slots[game_id]
            self._stop_typing(game_id)
            try:
                await self.after_turn(slot.channel, slot.result, first=slot.first)
                self.posts_made += 1
                self.pending.pop(game_id, None)
            except discord.HTTPException as error:
                if is_unknown_channel(error):  # the game's channel or thread was deleted: the game ends
                    log.info("game %s: its channel %s is gone (%s)", game_id, slot.result.game.channel_id,
                             error.status)
                    if self.channel_gone is not None:
                        await self.channel_gone(slot.result.game.channel_id)
                    continue
                if error.status not in (403, 404) and error.status < 500 and error.code != THREAD_ARCHIVED:
                    log.exception("could not post the turn post of game %s at version %s", game_id,
                                  slot.result.version)
                    continue
                log.warning("game %s: Discord refused the turn post at version %s (%s %s); it follows once I may "
                            "post there again", game_id, slot.result.version, error.status, error.text)
                earlier = self.pending.get(game_id)
                self.pending[game_id] = PendingPost(slot.channel, slot.result,
                                                    slot.first or bool(earlier and earlier.first), error.status,
                                                    error.code)
            except Exception:
                log.exception("could not post the turn post of game %s at version %s", game_id, slot.result.version)

    def _start_typing(self, game_id: int, slot: _Slot) -> None:
        """Show the channel that the AI is thinking (the typing indicator) until its post comes."""
        running = self._typing.get(game_id)
        if running is not None and not running.done():
            return
        channel = slot.channel if slot.channel is not None else self.client.get_channel(slot.result.game.channel_id)
        if not isinstance(channel, discord.abc.Messageable):
            return

        async def type_while_thinking() -> None:
            until = time.monotonic() + TYPING_FOR_SECONDS
            while time.monotonic() < until:
                try:
                    await channel.typing()
                except discord.HTTPException:
                    log.info("could not show typing in game %s's channel", game_id)
                    return
                await asyncio.sleep(TYPING_EVERY_SECONDS)

        self._typing[game_id] = asyncio.create_task(type_while_thinking(), name=f"gah-typing-{game_id}")

    def _stop_typing(self, game_id: int) -> None:
        task = self._typing.pop(game_id, None)
        if task is not None:
            task.cancel()

    async def drain(self) -> None:
        """Wait until every queued post that can be made now is made (tools and tests)."""
        while any(not task.done() for task in self._workers.values()):
            await asyncio.gather(*self._workers.values(), return_exceptions=True)

    async def after_turn(self, channel: Any, result: TurnResult, *, first: bool = False) -> None:
        """Post the turn post (everything since the previous turn post in words, the one turn picture, who is next)
        or the final post. Pings and DMs go only to people the turn passed to from someone else
        (`bot.host.turn_post.to_ping`). Use `post_turn` to keep posts in order.

        Nothing is posted when the moves are no news (`bot.host.turn_post.has_news`: the one person on turn goes on
        after
        their own move, with no round start, Emperor scoring or end among the moves): the next post tells them.
        A recap too long for one message goes out in parts before the post (`bot.host.turn_post.split_recap`).

        Raises:
            discord.HTTPException: Discord refused the post (`_work` keeps a refused one pending).
        """
        info = result.game
        channel = await game_channel(self.client, info.channel_id, channel)  # a thread Discord archived: reopened
        if not isinstance(channel, discord.abc.Messageable) or info.state is None:
            return
        state = info.state
        kind = kind_named(info.kind)
        shown = kind.presenter()
        moves = await self.moves_since_post(info.id, result)
        over = result.finished or state.is_over
        waiting = waiting_users(info)
        milestones = kind.news_events
        if not (first or over) and milestones is not None and not turn_post.has_news(waiting, moves, milestones):
            log.debug("game %s: no news at version %s; the next post tells these moves", info.id, info.version)
            return
        if over:
            await self.post_final(channel, info, moves)
            return
        language = game_language(info.options)
        _ = translator(language)
        said = shown.post(state, moves, limit=RECAP_CHARS, language=language)
        text = said.recap
        if first:
            text = _("The game begins!") + (f"\n{text}" if text else "")
        elif not text:
            text = _(turn_post.NOTHING_NEW)
        standing = [m for m in moves if not m.undone and m.kind == "action"]
        quiet = said.quiet  # Overbooking: one ping a round, for the first of its cards
        wanted = [] if quiet else turn_post.to_ping(waiting, moves)
        away = [user for user in wanted if await self.service.away_until(user) is not None]  # the AI plays for them
        wanted = [user for user in wanted if user not in away]
        acting = turn_post.shown_seat(standing, [info.seat_of(user) for user in wanted], state.current_index or 0)
        pictures = await render_in_worker(turn_pictures, kind, state, acting, standing, language)
        hushed = [user for user in wanted if await self.hushed(user)]  # quiet hours: named, not mentioned
        mentioned = [user for user in wanted if user not in hushed]
        pinged = [user for user in mentioned if (await self.service.prefs(user)).notify != "none"]
        names = [(user, self.seat_name(info, user)) for user in waiting]
        next_line = turn_post.next_line(names, mentioned, waiting_names(state), quiet=quiet or bool(hushed or away),
                                        language=language)
        files, left_out = await picture_files(pictures, self.uploads.for_channel(channel))
        if not kind.shared_hotels:  # a player's own hotel is shown (Overbooking shows every hotel)
            describe(files, picture_description(info, acting))
        omitted = _(LEFT_OUT)
        budget = 2000 - len(next_line) - 2 - (len(omitted) + 1 if left_out else 0)
        *earlier, text = turn_post.split_recap(text, budget, pointer=earlier_pointer(kind.command, language=language),
                                                  keep=news_titles(kind.news_titles, info.options), language=language)
        await self.send_parts(channel, info, earlier)
        content = f"{text}\n\n{next_line}" + (f"\n{omitted}" if left_out else "")
        offered = await offered_seats(self.service, info.id)  # AI seats open to newcomers: *Take this seat*
        view = turn_post_view(info.id, info.version, offered, language=language)
        message = await channel.send(content, files=files, view=view,
                                     allowed_mentions=mention_only(*pinged),
                                     nonce=post_nonce("turn", info.id, info.version))
        await self.service.record_message(info.id, "turn", message.channel.id, message.id, info.version)
        for user in wanted:
            await self.notify_dm(user, info)

    async def hushed(self, user_id: int) -> bool:
        """Whether `user_id` is inside their quiet hours (`bot.host.quiet_hours`): the turn post names them without the
        mention, and their turn DM waits (`bot.host.turn_notices.send_turn_dm`)."""
        return quiet_end(await self.service.prefs(user_id)) is not None

    async def send_parts(self, channel: discord.abc.Messageable, info: GameInfo, parts: list[str]) -> None:
        """Send the first parts of a recap too long for one message (text only, pinging nobody), each with its own
        nonce, so that a restarted bot resending them gets the stored messages back."""
        for number, part in enumerate(parts):
            await channel.send(part, allowed_mentions=discord.AllowedMentions.none(),
                               nonce=f"{post_nonce('part', info.id, info.version)}.{number}"[:25])

    @staticmethod
    def seat_name(info: GameInfo, user_id: int) -> str:
        """The seat name of `user_id` in the game ("?" if not seated)."""
        seat = info.seat_of(user_id)
        return seat.name if seat is not None else "?"

    async def moves_since_post(self, game_id: int, result: TurnResult) -> list[Move]:
        """Every logged move since the game's previous turn post (the log, so a human's whole turn is told and not
        only its last click); the result's own moves if the log has none newer."""
        posts = {m.purpose: m for m in await self.service.messages(game_id)}
        last = posts.get("turn")
        since = last.version if last is not None else 0
        moves = [m for m in await self.service.history(game_id) if since < m.version <= result.version]
        return moves or list(result.moves)

    async def post_final(self, channel: discord.abc.Messageable, info: GameInfo, moves: list[Move]) -> None:
        """The final post: what happened since the last turn post, the ranking with the winner (said once), the
        game's highlights (`Presenter.final`), the scoreboard picture, the whole log as a text file, buttons
        for every
        final hotel, the board and a rematch; results are recorded."""
        with contextlib.suppress(ServiceError):  # already recorded
            await self.service.finish(info.id)
        assert info.state is not None
        state = info.state
        kind = kind_named(info.kind)
        shown = kind.presenter()
        told = [dataclasses.replace(move, events=tuple(e for e in move.events if e.kind not in FINAL_TOLD))
                for move in moves]  # the ranking below says the winner and the scores: not twice
        language = game_language(info.options)
        _ = translator(language)
        text = shown.post(state, told, limit=RECAP_CHARS, language=language).recap
        drawn = await render_in_worker(shown.show, state, ScoreboardPicture(), language=language)
        history = await self.service.history(info.id)
        finished = shown.final(state, history, language=language)
        scores, best = finished.lines, finished.highlights
        files, left_out = await picture_files(drawn.pictures, self.uploads.for_channel(channel))
        describe(files, _("The final scoreboard."))
        log_text = shown.log_export(history, title=f"{kind.title}, game {info.id}", language=language)
        files.append(discord.File(io.BytesIO(log_text.encode()), filename=log_file_name(kind, info.id)))
        hotels = finished.hotel_names
        closing = (_.ngettext("The whole game in words is attached; the buttons show every final hotel and the "
                              "board. Viewing commands work on this game for {count} day (game id {game}).",
                              "The whole game in words is attached; the buttons show every final hotel and the "
                              "board. Viewing commands work on this game for {count} days (game id {game}).",
                              KEEP_DAYS, game=info.id) if hotels
                   else _.ngettext("The whole game in words is attached; the buttons show the board. Viewing "
                                   "commands work on this game for {count} day (game id {game}).",
                                   "The whole game in words is attached; the buttons show the board. Viewing "
                                   "commands work on this game for {count} days (game id {game}).",
                                   KEEP_DAYS, game=info.id)) + (f"\n{_(LEFT_OUT)}" if left_out else "")
        ending = _("**The game is over.**") + f"\n{scores}"
        if best and len(ending) + len(best) + len(closing) + 4 <= 2000:
            ending += f"\n{best}"
        elif best:  # too long to share the ranking's message: it goes out just before, with the recap
            text = f"{text}\n{best}" if text else best
        ending += f"\n{closing}"
        parts = turn_post.split_recap(text, 2000 - len(ending) - 2, pointer=earlier_pointer(kind.command,
                                                                                            language=language),
                                      keep=news_titles(kind.news_titles, info.options),
                                      language=language) if text else []
        if parts and len(parts[-1]) + len(ending) + 2 > 2000:
            parts.append("")
        *earlier, last = parts or [""]
        await self.send_parts(channel, info, earlier)
        content = f"{last}\n\n{ending}" if last else ending
        await tell_parent(self.client, self.service, info, scores)  # a game played in a thread (`bot.host.threads`)
        message = await channel.send(content, files=files,
                                     view=rematch_view(info.id, info.version, hotels, language=language),
                                     allowed_mentions=discord.AllowedMentions.none(),
                                     nonce=post_nonce("final", info.id, info.version))
        await self.service.record_message(info.id, "final", message.channel.id, message.id, info.version)

    async def catch_up(self, scope: ShardScope = EVERY_SHARD) -> int:
        """After a restart: post what a crash kept from the channels of the guilds on `scope`'s shards (this
        process's, `bot.host.shards`). The games are found in SQL
        (`bot.host.service.queries.games_behind`: active games whose turn post is older than the game, and games
        finished in the last day without a final post); no other game is read. A game whose turn moved on after its
        last turn post gets a new one (with the recap of the moves since, pinging whoever must act), and a game
        that finished without its final post gets it. Returns how many posts were queued."""
        async with self.service.storage.reading() as tx:
            behind = await games_behind(tx, time.time() - CATCH_UP_SECONDS, scope)
        posted = 0
        for game in behind:
            try:
                if await self.catch_up_game(await self.service.game(game.game_id)):
                    posted += 1
            except Exception:
                log.exception("could not catch up on game %s after a restart", game.game_id)
        return posted

    async def catch_up_game(self, info: GameInfo) -> bool:
        """`catch_up` for one game; True if it posted."""
        if info.status not in ("active", "finished") or info.state is None:
            return False
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
        moved = (info.status == "finished" or last is None or turn_moved(result)
                 or any(seat is None or m.seat != seat.position for m in moves))
        if not moved:
            return False
        log.info("game %s: posting what a restart kept back (turn post at version %s, game at %s)", info.id,
                 since, info.version)
        self.post_turn(None, result, first=last is None and not moves)  # queued: start-up does not wait for it
        return True


def turn_moved(result: TurnResult) -> bool:
    """Whether the moves include the start of a new turn, a round or a scoring (then the channel hears of it): an
    event kind after which the channel hears of the moves even if the same seat goes on (`GameKind.turn_events`)."""
    kinds = {event.kind for move in result.moves for event in move.events}
    return any(kinds & registered.turn_events for registered in KINDS.values())


def log_file_name(kind: AnyKind, game_id: int) -> str:
    """The file name of a game's whole log ("gah-game-7-log.txt", "overbooking-game-8-log.txt")."""
    return f"{kind.key}-game-{game_id}-log.txt"

