"""The Discord side of votes on the player on turn (issue 53 item 3; the rules are `bot.host.service.votes`).

`/gah vote what:skip|ai` posts one public message with *Agree* and *Disagree* (custom_id
``gah:{game}:{version}:vote:{1|0}``, the version being the game's when the vote began). A ballot is answered
privately and the vote message is redrawn with the tally; the ballot that decides a vote carries it out as the
host's `/gah skip` or `/gah ai` would, and the turn post follows. The message is redrawn without buttons when the
vote ends: decided, after 24 hours (the vote's timer, handled by the reminder loop: `on_timer`), or when the
player moves (`after_change`, called with every turn post). Every name in the message is escaped (`safe_text`).
The vote message is in the game's language, the private answers in the voter's (`bot.host.language`).
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from collections.abc import Callable, Mapping
from typing import Any

import discord

from bot.host.custom_ids import ComponentId
from bot.host.kinds import AnyKind, kind_named
from bot.host.language import game_language, reader_for
from bot.host.safe_text import safe_text
from bot.host.service import GameService, LobbyError, ServiceError, StaleVersion, TurnResult
from bot.host.service.votes import ACTIONS, STATUS_WORDS, Tally, TurnVotes, Vote
from bot.host.storage import Timer
from bot.host.threads import game_channel
from bot.host.views import button
from render.core.i18n import ENGLISH, translator

log = logging.getLogger(__name__)

PostTurn = Callable[[Any, TurnResult], "asyncio.Task[None]"]
"""`Controller.post_turn`: queue a turn post for a change."""


def vote_text(vote: Vote, tally: Tally, names: Mapping[int, str], kind: AnyKind, *, language: str = ENGLISH) -> str:
    """The public vote message: what is proposed about whom, by whom, the tally, and how it ended (if it did); in
    the game's `language`."""
    _ = translator(language)
    someone = _("someone")

    def who(users: tuple[int, ...]) -> str:
        return ", ".join(safe_text(names.get(user, someone)) for user in users) or _("nobody yet")

    target = safe_text(vote.target_name)
    starter = safe_text(names.get(vote.started_by, someone))
    if vote.action == "skip":
        proposal = _("**Vote**: {starter} proposes to skip {target}'s turn, since the turn's reminder went "
                     "unanswered.", starter=starter, target=target)
    else:
        proposal = _("**Vote**: {starter} proposes to let an AI ({level}) play {target}'s seat, since the turn's "
                     "reminder went unanswered.", starter=starter, target=target,
                     level=_.pgettext("choice_name", kind.command_ai_level))
    lines = [proposal, _.ngettext("{needed} of the {count} other player must agree. Agree: {agree}. Disagree: "
                                  "{disagree}.",
                                  "{needed} of the {count} other players must agree. Agree: {agree}. Disagree: "
                                  "{disagree}.", len(tally.voters), needed=tally.needed, agree=who(tally.agree),
                                  disagree=who(tally.disagree))]
    if vote.status == "open":
        lines.append(_("Open until {when}, or until {member} plays their turn.", when=f"<t:{int(vote.ends_at)}:f>",
                       member=f"<@{vote.target_id}>"))
    elif vote.status == "passed" and vote.action == "skip":
        lines.append(_("**Passed**: {target}'s turn is skipped.", target=target))
    elif vote.status == "passed":
        lines.append(_("**Passed**: an AI now plays {target}'s seat; `{takeback}` returns it.", target=target,
                       takeback=f"/{kind.command} {_.pgettext('command_name', 'takeback')}"))
    else:
        lines.append(_("**Over**: {why}.", why=_(STATUS_WORDS[vote.status], name=target)))
    return "\n".join(lines)


def vote_view(vote: Vote, *, language: str = ENGLISH) -> discord.ui.View | None:
    """*Agree* and *Disagree* while the vote is open, in the game's `language`; no buttons once it ended."""
    if vote.status != "open":
        return None
    _ = translator(language)
    view = discord.ui.View(timeout=None)
    view.add_item(button(vote.game_id, vote.version, "vote", _("Agree"), "1", style="success"))
    view.add_item(button(vote.game_id, vote.version, "vote", _("Disagree"), "0", style="danger"))
    return view


class VoteDesk:
    """Begins votes, counts ballots, ends votes, for one bot (held by `bot.host.controller.Controller.votes`)."""

    def __init__(self, client: discord.Client, service: GameService, post_turn: PostTurn) -> None:
        self.client = client
        self.service = service
        self.votes = TurnVotes(service)
        self.post_turn = post_turn
        self._checks: set[asyncio.Task[None]] = set()

    async def names(self, game_id: int) -> tuple[dict[int, str], AnyKind, str]:
        """The seat names of a game's members, by user id, the game's kind and its language."""
        info = await self.service.game(game_id)
        return ({s.user_id: s.name for s in info.seats if s.user_id is not None}, kind_named(info.kind),
                game_language(info.options))

    async def payload(self, vote: Vote, tally: Tally) -> dict[str, Any]:
        """The vote message's content, buttons and mentions (only the player voted on is pinged, and only while
        the vote is open), in the game's language."""
        names, kind, language = await self.names(vote.game_id)
        view = vote_view(vote, language=language)
        pings = [discord.Object(vote.target_id)] if vote.status == "open" else []
        payload: dict[str, Any] = {"content": vote_text(vote, tally, names, kind, language=language)[:2000],
                                   "allowed_mentions": discord.AllowedMentions(users=pings, everyone=False,
                                                                               roles=False)}
        payload["view"] = view
        return payload

    async def begin(self, interaction: discord.Interaction, game_id: int, action: str) -> None:
        """`/gah vote`: begin a vote (refused privately, nothing changed), post it in the channel (a message of
        the bot's own, so that it can be redrawn when the vote ends) and tell the member privately."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        vote, tally = await self.votes.begin(game_id, interaction.user.id, action)
        log.info("Game %d: user %d began a vote to %s seat %d", game_id, interaction.user.id, ACTIONS[action],
                 vote.position)
        payload = await self.payload(vote, tally)
        if payload["view"] is None:
            del payload["view"]
        channel = await game_channel(self.client, (await self.service.game(game_id)).channel_id, interaction.channel)
        message: discord.Message | None = None
        try:
            message = None if channel is None else await channel.send(**payload)
        except discord.HTTPException as error:
            log.info("Game %d: could not post its vote: %s", game_id, error)
        _ = await reader_for(interaction, self.service)
        if message is None:
            await self.votes.fail(vote, "failed")
            await interaction.followup.send(_("I could not post the vote in this channel, so it did not begin. "
                                              "Someone who manages the channel can let me send messages here."),
                                            ephemeral=True)
            return
        await self.votes.set_message(vote, message.id)
        await interaction.followup.send(_("Your vote has begun: {link}", link=message.jump_url), ephemeral=True)
        if vote.status == "passed":
            await self.decided(channel, vote, tally, message)

    async def on_button(self, interaction: discord.Interaction, cid: ComponentId) -> None:
        """*Agree* or *Disagree*: count the ballot (refusals are private and change nothing), redraw the vote
        message, carry the vote out if this ballot passed it."""
        message = interaction.message
        if message is None:
            return
        ballot = await self.votes.cast(cid.game, cid.version, interaction.user.id, cid.arg == "1", message.id)
        vote, tally = ballot.vote, ballot.tally
        await interaction.response.edit_message(**await self.payload(vote, tally))
        _ = await reader_for(interaction, self.service)
        await interaction.followup.send(_("Your vote is counted: agree.") if cid.arg == "1"
                                        else _("Your vote is counted: disagree."), ephemeral=True)
        if ballot.decided == "passed":
            await self.decided(interaction.channel, vote, tally, message)

    async def decided(self, channel: Any, vote: Vote, tally: Tally, message: discord.Message | None) -> None:
        """Carry out a passed vote and post the turn; if the player moved first, or the AI may not take the seat,
        the vote message says so instead."""
        try:
            result = await self.votes.carry_out(vote)
        except (StaleVersion, LobbyError) as error:
            status = "lapsed" if isinstance(error, StaleVersion) else "failed"
            await self.votes.fail(vote, status)
            log.info("Game %d: a passed vote could not be carried out: %s", vote.game_id, error)
            ended = dataclasses.replace(vote, status=status)
            await self.redraw(ended, tally, message)
            return
        log.info("Game %d: a vote carried out (%s seat %d)", vote.game_id, vote.action, vote.position)
        await self.post_turn(channel, result)

    async def redraw(self, vote: Vote, tally: Tally, message: discord.Message | None = None) -> None:
        """Edit the vote message to show `vote` (by id when `message` is not at hand); a failure is logged."""
        payload = await self.payload(vote, tally)
        try:
            if message is None:
                if vote.message_id is None:
                    return
                info = await self.service.game(vote.game_id)
                channel = await game_channel(self.client, info.channel_id)
                if channel is None:
                    return
                message = channel.get_partial_message(vote.message_id)
            await message.edit(**payload)
        except (discord.HTTPException, ServiceError) as error:
            log.warning("could not redraw the vote message of game %s: %s", vote.game_id, error)

    async def on_timer(self, timer: Timer) -> None:
        """A vote's 24 hours are over (the reminder loop claimed its timer): end it, once, and say so."""
        ended = await self.votes.expire(timer)
        if ended is not None:
            log.info("Game %d: the vote of version %d ended (%s)", timer.game_id, timer.version, ended[0].status)
            await self.redraw(*ended)

    def after_change(self, game_id: int) -> None:
        """Called with every turn post: a vote whose player moved lapses, and its message says so."""
        task = asyncio.create_task(self._lapse(game_id), name=f"gah-vote-lapse-{game_id}")
        self._checks.add(task)
        task.add_done_callback(self._checks.discard)

    async def _lapse(self, game_id: int) -> None:
        try:
            ended = await self.votes.lapse(game_id)
            if ended is not None:
                log.info("Game %d: its vote lapsed (the game moved on)", game_id)
                await self.redraw(*ended)
        except Exception:  # a background check: log it, the vote's own timer ends the vote anyway
            log.exception("Game %d: could not check its vote", game_id)
