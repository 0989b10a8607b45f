"""Test players for an Overbooking game (issue 18): the same `Table` as for Grand Austria Hotel, with the posts and
the panel of the second game.

An Overbooking turn post carries the hotels as everyone sees them (`hotels.png`) and, after the hotels booked, one
picture per hotel's resolution (`hotel-1.png`, ...). Placing a card takes two clicks on the panel: the card (a
select whose values are pages of the panel, verb `goto`), then the hotel and side (buttons).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from bot.host.turn_post import NOTHING_NEW
from tests.discord_standin import Actor, Message

from .driver import (
    MAX_ASPECT,
    MAX_WIDTH,
    RESPONSE_TIMEOUT,
    Table,
    check_png,
    is_final_post,
    parse_id,
    png_size,
    verb_id,
    verbs,
    verbs_or_empty,
)

RESOLUTION_RE = re.compile(r"^hotel-\d\.png$")
ACTION_TEXT_RE = re.compile(r"\bplay [a-z]+ \d to hotel \d")
"""An Overbooking action text, which names the card: it must never be in a public message."""


def is_overbooking_turn_post(message: Message) -> bool:
    """An Overbooking turn post: the hotels picture and the view buttons."""
    return "turn" in verbs_or_empty(message) and any(a.filename == "hotels.png" for a in message.attachments)


@dataclass
class OverbookingTable(Table):
    """`Table` for Overbooking: `/overbooking new`, its posts, and two clicks per card."""

    def posts(self) -> list[Message]:
        """Turn posts and the final post in the channel, oldest first."""
        return [m for m in self.standin.messages_in(self.channel)
                if m.author.id == self.standin.bot.id and (is_overbooking_turn_post(m) or is_final_post(m))]

    async def open_lobby(self, host: Actor, joiners: list[Actor], ai_levels: list[str],
                         command: str = "overbooking new", **options: Any) -> Message:
        """`/overbooking new` (with the command's `options`, e.g. `without_score_cards=True`), then as
        `Table.open_lobby`."""
        if not options:
            return await super().open_lobby(host, joiners, ai_levels, command)
        floor = self.standin.messages_in(self.channel)[-1] if self.standin.messages_in(self.channel) else None
        opened = await self.answer(await self.command(host, command, **options))
        assert opened.ephemeral_for == host.id and "lobby is open" in opened.content, opened.content
        lobby = await self.lobby_after(floor)
        for actor in joiners:
            await (await self.click(actor, lobby, custom_id=verb_id(lobby, "join"))).reply(timeout=RESPONSE_TIMEOUT)
            assert actor.mention in str(lobby.embeds), "the lobby shows the new seat"
        for level in ai_levels:
            select = next(s for s in lobby.selects() if parse_id(s["custom_id"])[2] == "ailevel")
            await (await self.pick(host, lobby, select["custom_id"], level)).reply(timeout=RESPONSE_TIMEOUT)
            assert f", {level} level)" in str(lobby.embeds), "the lobby shows the AI seat with its level"
        return lobby

    RECAP_STARTS = ("The game begins!", NOTHING_NEW, "**", "• ")
    QUIET_TURNS = True

    def check_posts(self) -> None:
        """As `Table.check_posts`, and no public message names a card by an action text."""
        for message in self.standin.messages_in(self.channel):
            assert not ACTION_TEXT_RE.search(message.content), f"a public message names a card: {message.content}"
        super().check_posts()

    def check_turn_pictures(self, post: Message) -> None:
        """hotels.png, and a resolution picture per hotel after the bookings: valid PNGs at most 800 px wide."""
        names = [a.filename for a in post.attachments]
        assert names[0] == "hotels.png" and all(RESOLUTION_RE.match(n) for n in names[1:]), names
        for attachment in post.attachments:
            check_png(attachment.data, attachment.filename)
            width, height = png_size(attachment.data)
            assert width <= MAX_WIDTH and height <= MAX_ASPECT * width * 2, (attachment.filename, width, height)

    def check_turn_buttons(self, post: Message) -> None:
        """The view buttons (their labels are the game's own)."""
        assert verbs(post) == {"turn", "hand", "hotels", "score", "log", "board"}, verbs(post)

    def choose(self, panel: Message) -> tuple[str, str, str | None] | None:
        """A card from the card select, then one of the places offered for it (never back to the cards); a
        back-door choice or skip/pass as offered."""
        offers = self.offers(panel)
        acts = [o for o in offers if o[0] == "act"]
        picks = [o for o in offers if o[0] == "pick"]
        if picks and not acts:
            return self.rng.choice(picks)
        if acts and not picks:
            return self.rng.choice(acts)
        if picks and acts:  # the card select and skip: mostly a card
            return self.rng.choice(picks) if self.rng.random() < 0.9 else self.rng.choice(acts)
        return None
