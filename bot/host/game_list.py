"""`/gah games` (and `/overbooking games`, issue 53 item 1): a member's open games on this server, of every kind,
in one private message that pages when long; `everyone:True` lists every open game of the server.

Each line names the game and its id, its channel or thread (a mention), whose turn it is ("your turn" first), how
long it has waited (Discord's relative timestamp) and the jump link to its latest post (`bot.host.turn_notices`).

The page buttons keep their meaning in their custom_id (``games:{scope}:{page}:{role}``, `GAMES_TEMPLATE`: whose
games and which page), as the rules pages do (`bot.host.cogs.rules_pages`): they work after a restart and need no stored
state. A page that no longer exists (the list got shorter) gets a private sentence and the message stays as it is.
All of it is private: in the reader's language (`bot.host.language.reader_for`; a page button's click too).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import discord

from bot.host.kinds import kind_named
from bot.host.kinds import waiting as waiting_names
from bot.host.language import reader_for
from bot.host.page_buttons import is_page_click, page_view
from bot.host.rules_texts import button_label, counter
from bot.host.safe_text import safe_text
from bot.host.service import GameInfo, GameService
from bot.host.turn_notices import jump_link, latest_post
from render.core.i18n import ENGLISH, Translator, translator

log = logging.getLogger(__name__)

GAMES_TEMPLATE = r"games:(?P<scope>mine|all):(?P<page>[0-9]{1,3}):(?P<role>prev|at|next)"
"""The custom_id of a page button of the games list: whose games (the clicker's, or the whole server's), the page it
shows and which button it is."""
_GAMES_RE = re.compile(GAMES_TEMPLATE)

PAGE_CHARS = 1800
"""A page's lines take at most this many characters (Discord's 2,000 leaves room for the heading and counter)."""
PAGE_LINES = 10
"""At most this many games a page."""

ROLE_LABELS = {"prev": "Previous", "next": "Next"}


@dataclass(frozen=True)
class ListedGame:
    """One open game as the list shows it.

    Attributes:
        info: the game.
        mine: whether the member is on turn in it.
        line: its line in the list.
    """

    info: GameInfo
    mine: bool
    line: str


def joined(names: Sequence[str], _: Translator) -> str:
    """Names as one list in `_`'s language ("ann and bob")."""
    if len(names) <= 1:
        return "".join(names)
    return _("{names} and {last}", names=", ".join(names[:-1]), last=names[-1])


def whose_turn(info: GameInfo, user_id: int, *, language: str = ENGLISH) -> tuple[bool, str]:
    """(whether `user_id` is on turn, the words for who is): "your turn", "ann's turn", "ann and bob's turn",
    "cy (AI) is thinking", or "lobby: waiting to start" (names made safe, `bot.host.safe_text`); in `language`."""
    _ = translator(language)
    if info.status == "lobby" or info.state is None:
        return False, _("lobby: waiting to start")
    names = set(waiting_names(info.state))
    seats = [seat for seat in info.seats if seat.name in names]
    if any(seat.user_id == user_id and not seat.ai_controlled for seat in seats):
        return True, _("**your turn**")
    people = [safe_text(seat.name) for seat in seats if not seat.ai_controlled]
    if people:
        return False, _("{players}'s turn", players=joined(people, _))
    ais = [safe_text(seat.name) for seat in seats]
    if not ais:
        return False, _("an AI (AI) is thinking")
    return False, _("{players} (AI) is thinking", players=joined(ais, _))


def game_line(info: GameInfo, user_id: int, link: str | None, *, language: str = ENGLISH) -> ListedGame:
    """The list's line for `info`, seen by `user_id`: the game's name and id, where it is, whose turn, how long it
    has waited and the link to its latest post; in the reader's `language`."""
    _ = translator(language)
    mine, turn = whose_turn(info, user_id, language=language)
    values = {"title": kind_named(info.kind).title, "game": info.id, "where": f"<#{info.channel_id}>", "turn": turn,
              "since": f"<t:{int(info.updated_at)}:R>"}
    line = (_("**{title}**, game {game}, in {where}: {turn}, waiting since {since} - latest post: {link}", link=link,
              **values) if link
            else _("**{title}**, game {game}, in {where}: {turn}, waiting since {since} - no post yet", **values))
    return ListedGame(info, mine, line)


async def listed_games(service: GameService, guild_id: int, user_id: int, *, everyone: bool,
                       visible: Callable[[int], bool] = lambda channel_id: True,
                       language: str = ENGLISH) -> list[ListedGame]:
    """The open games (lobbies and running games) of the server `guild_id`: those with a seat of `user_id`, or all
    of them with `everyone` (those in a channel `visible` says the member may see, and their own). Games where the
    member is on turn come first, then the one that waited longest."""
    games = await service.games(guild_id=guild_id, user_id=None if everyone else user_id)
    if everyone:
        games = [g for g in games if g.seat_of(user_id) is not None or visible(g.channel_id)]
    async with service.storage.reading() as tx:
        posts = {game.id: latest_post(await tx.messages(game.id)) for game in games}
    listed = []
    for game in games:
        post = posts[game.id]
        link = None if post is None else jump_link(guild_id, post.channel_id, post.message_id)
        listed.append(game_line(game, user_id, link, language=language))
    return sorted(listed, key=lambda g: (not g.mine, g.info.updated_at, g.info.id))


def pages_of(lines: Sequence[str]) -> list[list[str]]:
    """`lines` cut into pages of at most `PAGE_LINES` lines and `PAGE_CHARS` characters (at least one page)."""
    pages: list[list[str]] = [[]]
    for line in lines:
        page = pages[-1]
        if page and (len(page) >= PAGE_LINES or len("\n".join([*page, line])) > PAGE_CHARS):
            pages.append([])
        pages[-1].append(line[:PAGE_CHARS])
    return pages


def command_words(_: Translator, name: str) -> str:
    """A `/gah` command as Discord shows it in `_`'s language ("/gah nowa")."""
    return f"/gah {_.pgettext('command_name', name)}"


def games_content(listed: Sequence[ListedGame], page: int, *, everyone: bool,
                  language: str = ENGLISH) -> tuple[str, int]:
    """Page `page` (from 1) of the list as the message shows it, and the number of pages; in the reader's
    `language`.

    Raises:
        IndexError: there is no such page.
    """
    _ = translator(language)
    pages = pages_of([game.line for game in listed])
    if not 1 <= page <= len(pages):
        raise IndexError(f"no page {page} of the games list")
    if not listed:
        if everyone:
            return _("There is no open game on this server. `{new}` opens one.", new=command_words(_, "new")), 1
        everyone_games = f"{command_words(_, 'games')} {_.pgettext('parameter_name', 'everyone')}:True"
        return _("You have no open game on this server. `{new}` opens one; `{everyone}` lists everyone's.",
                 new=command_words(_, "new"), everyone=everyone_games), 1
    heading = (_("**Open games on this server ({count})**", count=len(listed)) if everyone
               else _("**Your open games on this server ({count})**", count=len(listed)))
    shown = f"\n\n{counter(_, page, len(pages))}" if len(pages) > 1 else ""
    return f"{heading}\n" + "\n".join(pages[page - 1]) + shown, len(pages)


def games_view(everyone: bool, page: int, count: int, *, language: str = ENGLISH) -> discord.ui.View | None:
    """Previous, the page counter and Next when the list has several pages (None for one page), labelled in the
    reader's `language`."""
    if count <= 1:
        return None
    _ = translator(language)
    scope = "all" if everyone else "mine"
    return page_view(lambda shown, role, label, disabled: GamesButton(
        scope, shown, role, label=button_label(_, role, page, count), disabled=disabled), page, count)


def can_see(interaction: discord.Interaction) -> Callable[[int], bool]:
    """Whether the member behind `interaction` may see a channel or thread of its server (a channel the bot does
    not know, e.g. an archived thread, counts as seen: its games are public there)."""
    guild, member = interaction.guild, interaction.user

    def visible(channel_id: int) -> bool:
        channel = guild.get_channel_or_thread(channel_id) if guild is not None else None
        if channel is None or not isinstance(member, discord.Member):
            return True
        return channel.permissions_for(member).view_channel

    return visible


async def show_games(interaction: discord.Interaction, service: GameService, everyone: bool, page: int = 1) -> None:
    """Answer `/gah games` (a new private message) or a page button (the clicked message, edited)."""
    _ = await reader_for(interaction, service)
    guild_id = interaction.guild_id
    if guild_id is None:
        await interaction.response.send_message(_("Games are listed per server: use `{games}` in one.",
                                                  games=command_words(_, "games")), ephemeral=True)
        return
    listed = await listed_games(service, guild_id, interaction.user.id, everyone=everyone,
                                visible=can_see(interaction), language=_.language)
    try:
        content, count = games_content(listed, page, everyone=everyone, language=_.language)
    except IndexError:
        await interaction.response.send_message(_("That page of the games list does not exist any more. `{games}` "
                                                  "lists them again.", games=command_words(_, "games")),
                                                ephemeral=True)
        return
    view = games_view(everyone, page, count, language=_.language)
    none = discord.AllowedMentions.none()
    if interaction.type is discord.InteractionType.component:
        await interaction.response.edit_message(content=content, view=view, allowed_mentions=none)
    elif view is None:
        await interaction.response.send_message(content, ephemeral=True, allowed_mentions=none)
    else:
        await interaction.response.send_message(content, view=view, ephemeral=True, allowed_mentions=none)


def is_games_click(interaction: discord.Interaction) -> bool:
    """Whether a component interaction is a click on a page button of the games list that the clicked message
    carries (the ones `GamesButton` takes; `bot.host.page_buttons.is_page_click`)."""
    return is_page_click(interaction, _GAMES_RE)


class GamesButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=GAMES_TEMPLATE):
    """A button of the games list: it shows page `page` of the clicker's games (`scope` "mine") or the server's
    ("all")."""

    def __init__(self, scope: str, page: int, role: str, *, label: str | None = None,
                 disabled: bool = False) -> None:
        super().__init__(discord.ui.Button(custom_id=f"games:{scope}:{page}:{role}",
                                           label=label or ROLE_LABELS.get(role, "Page"),
                                           style=discord.ButtonStyle.secondary, disabled=disabled))
        self.scope, self.page, self.role = scope, page, role

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> GamesButton:
        return cls(match["scope"], int(match["page"]), match["role"])

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        return is_games_click(interaction)

    async def callback(self, interaction: discord.Interaction) -> None:
        service = getattr(interaction.client, "service", None)
        if not isinstance(service, GameService):
            log.warning("a games list click reached a client without a game service")
            return
        try:
            await show_games(interaction, service, self.scope == "all", self.page)
        except Exception as error:  # answered like any command's failure (a bug is logged with its traceback)
            controller = getattr(interaction.client, "controller", None)
            if controller is None:
                raise
            await controller.fail(interaction, error, None)
