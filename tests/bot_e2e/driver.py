"""Test players that play a whole game by clicking what the bot offers, and checks of what the bot posts.

Every game action is a click on a component of a message the bot sent: "Take my turn" on a turn post, then the
buttons and select options of the ephemeral turn panel. The stand-in measures how long the bot took to give each
interaction its initial response; `Table.latencies` collects them.
"""

from __future__ import annotations

import functools
import random
import re
import statistics
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar

from bot.host.service import GameService
from bot.host.storage import Storage
from bot.host.turn_post import NOTHING_NEW
from render.core.i18n import ENGLISH, LANGUAGES, translator
from tests.discord_standin import Actor, Channel, Interaction, InteractionType, Message, StandIn

from .harness import BotProcess, World

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
ID_RE = re.compile(r"^gah:(\d+):(\d+):([a-z_]+):(.*)$")
MENTION_RE = re.compile(r"<@!?(\d+)>")
MAX_WIDTH = 800
MAX_ASPECT = 1.6
"""The turn picture's size rules (issue 14): at most 800 px wide, at most 1.6 times as high as wide."""
RESPONSE_TIMEOUT = 20.0
"""Seconds to wait for the bot's answers (the 3-second rule is checked by the stand-in itself)."""


def parse_id(custom_id: str) -> tuple[int, int, str, str]:
    """(game, version, verb, arg) of one of the bot's custom_ids."""
    match = ID_RE.match(custom_id)
    assert match, f"not a game custom_id: {custom_id!r}"
    return int(match[1]), int(match[2]), match[3], match[4]


def message_version(message: Message) -> int:
    """The game version in the custom_ids of a bot message's components (the highest one)."""
    versions = [parse_id(c["custom_id"])[1] for c in message.iter_components() if "custom_id" in c]
    assert versions, f"message without game components: {message!r}"
    return max(versions)


def verbs(message: Message) -> set[str]:
    """The verbs of a message's components."""
    return {parse_id(c["custom_id"])[2] for c in message.iter_components() if "custom_id" in c}


def is_turn_post(message: Message) -> bool:
    """A turn post: the turn picture and the view buttons."""
    return "turn" in verbs_or_empty(message) and any(a.filename == "turn.png" for a in message.attachments)


def is_final_post(message: Message) -> bool:
    """The final scoreboard post."""
    return any(a.filename == "scoreboard.png" for a in message.attachments)


def in_every_language(text: str, **values: str) -> tuple[str, ...]:
    """A text of the bot as each language says it (the game's language decides the turn posts' words: issue 55)."""
    return tuple(translator(language)(text, **values) for language in (ENGLISH, *LANGUAGES))


NEXT_MARKS = in_every_language("**Next:** {who}", who="")
"""How a turn post's last line begins, in each language ("**Next:** ", "**Dalej:** ", ...)."""


def next_part(content: str) -> tuple[str, str]:
    """A turn post's recap and its line of who is next (after the mark), in any language."""
    mark = next((mark for mark in NEXT_MARKS if mark in content), NEXT_MARKS[0])
    recap, _, line = content.partition(mark.rstrip())
    return recap, line


PRESS = tuple(translator(language)("{players} - press *{button}*.", players="",
                                   button=translator(language)("Take my turn")).strip()
              for language in (ENGLISH, *LANGUAGES))
"""The end of a next line that names a player who goes on without a ping (" - press *Take my turn*.")."""
AGAIN = tuple(said.strip() for said in in_every_language("{players} again - carry on in your turn panel.", players=""))
"""The end of a next line that names a player on turn again right after their own move."""
AI_ON_TURN = tuple(said.rsplit(" ", 1)[-1] for said in in_every_language("**Next:** {players} (AI)", players=""))
"""How a next line marks AI seats on turn ("(AI)", "(SI)", "(KI)")."""


def verb_id(message: Message, verb: str) -> str:
    """The custom_id of `message`'s button of `verb` ("join", "start"): found in any language (issue 55: a
    Polish lobby's Join is "Dołącz")."""
    return next(c["custom_id"] for c in message.buttons() if "custom_id" in c and parse_id(c["custom_id"])[2] == verb)


def verbs_or_empty(message: Message) -> set[str]:
    try:
        return {parse_id(c["custom_id"])[2] for c in message.iter_components() if "custom_id" in c}
    except AssertionError:
        return set()


def check_png(data: bytes, what: str) -> None:
    """A complete PNG: signature, IHDR first, IEND last."""
    assert data.startswith(PNG_MAGIC), f"{what} is not a PNG"
    assert data[12:16] == b"IHDR", f"{what} has no IHDR chunk"
    assert data.endswith(b"IEND\xaeB`\x82"), f"{what} is cut off (no IEND chunk at the end)"
    width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    assert width > 100 and height > 100, f"{what} is only {width}x{height}"


def png_size(data: bytes) -> tuple[int, int]:
    """(width, height) of a PNG, from its IHDR chunk."""
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


def percentile(values: list[float], fraction: float) -> float:
    """The `fraction` quantile (nearest rank) of `values`."""
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    rank = max(0, min(len(ordered) - 1, round(fraction * len(ordered) + 0.5) - 1))
    return ordered[rank]


class Interrupted(Exception):
    """Playing stopped because the test restarted the bot."""


@dataclass
class Click:
    """A click on a game component that the bot acknowledged."""

    user: int
    verb: str
    version: int
    arg: str
    value: str | None
    latency: float
    label: str = ""
    """The clicked button's label or the picked option's label (for the click figures)."""


@dataclass
class Table:
    """Seated test users playing through the bot's messages in one channel.

    Args:
        standin: the stand-in.
        world: the guild, channel and users.
        players: the seated users, by user id.
        rng: the test players' randomness (seeded by the test).
        end_bias: probability of clicking "End turn" when offered (shorter games), else any offered choice.
        undo_rate: probability of pressing "Undo" (and confirming) when offered.
    """

    standin: StandIn
    world: World
    players: dict[int, Actor]
    rng: random.Random
    end_bias: float = 0.0
    undo_rate: float = 0.0
    simultaneous: bool = False
    """Whether several players may be on turn at once (the staff draft)."""
    latencies: list[float] = field(default_factory=list)
    update_latencies: list[float] = field(default_factory=list)
    """Seconds from a panel click until the panel showed its result (the bot's edit after deferring)."""
    clicks: list[Click] = field(default_factory=list)
    post_waits: list[float] = field(default_factory=list)
    """Seconds from the panel update of a turn's last click until the turn post that names the next player."""
    decisions: int = 0
    checked_posts: set[int] = field(default_factory=set)
    started: float = field(default_factory=time.monotonic)
    resyncs: list[tuple[str, int]] = field(default_factory=list)
    last_label: str = ""
    """The label of the component the last panel click chose (a button's label or a select option's label)."""
    in_flight: Callable[[Interaction], Awaitable[None]] | None = None
    """If set, the next interaction calls it (e.g. to kill the bot) instead of waiting for the response, then
    raises `Interrupted`."""
    bot: BotProcess | None = None
    quick_turns: bool = False
    """Whether the test players switch on "Quick turns" on their first turn panel (as a typical player would)."""
    keep_panels: bool = False
    """Whether the test players play on in the panel they left open when the bot redraws it with their new turn
    (issue 52 item 1), pressing "Take my turn" only when it does not."""
    panels: dict[int, Message] = field(default_factory=dict)
    """Each user's latest turn panel."""
    language: str = ENGLISH
    """The game's language (the lobby's *Language*): the public posts' buttons are labelled in it."""

    @property
    def channel(self) -> Channel:
        return self.world.channel

    # ----- interactions with latency -----------------------------------------------------------------------

    async def answered(self, make: Awaitable[Interaction], *, interruptible: bool = False) -> Interaction:
        """Run an interaction and wait for the bot's initial response; records its latency. An `interruptible`
        one runs the `in_flight` hook instead, if set."""
        interaction = await make
        if interruptible and self.in_flight is not None:
            hook, self.in_flight = self.in_flight, None
            await hook(interaction)
            raise Interrupted
        try:
            response = await interaction.response(timeout=RESPONSE_TIMEOUT)
        except Exception:
            if self.bot is not None:
                self.bot.check_alive()
            raise
        self.latencies.append(response.latency)
        return interaction

    async def click(self, actor: Actor, message: Message, *, label: str | None = None,
                    custom_id: str | None = None, interruptible: bool = False) -> Interaction:
        """Click a button (by label or custom_id) and wait for the initial response."""
        button = message.button(label=label, custom_id=custom_id)
        interaction = await self.answered(actor.click(message, custom_id=button["custom_id"]),
                                          interruptible=interruptible)
        _, version, verb, arg = parse_id(button["custom_id"])
        self.clicks.append(Click(actor.id, verb, version, arg, None, self.latencies[-1], str(button.get("label"))))
        return interaction

    async def pick(self, actor: Actor, message: Message, custom_id: str, value: str, *,
                   interruptible: bool = False) -> Interaction:
        """Pick one option of a select (and, where the select takes several, a random few more of its options,
        at least as many as it asks for) and wait for the initial response."""
        select = next(s for s in message.selects() if s["custom_id"] == custom_id)
        values = [value]
        most = int(select.get("max_values") or 1)
        if most > 1:
            others = [o["value"] for o in select["options"] if o["value"] != value]
            least = max(int(select.get("min_values") or 1) - 1, 0)  # a select that must be answered in full
            values += self.rng.sample(others, self.rng.randint(least, min(most - 1, len(others))))
        interaction = await self.answered(actor.select(message, values, custom_id=custom_id),
                                          interruptible=interruptible)
        _, version, verb, arg = parse_id(custom_id)
        labels = {o["value"]: o["label"] for o in select["options"]}
        self.clicks.append(Click(actor.id, verb, version, arg, value, self.latencies[-1],
                                 " + ".join(str(labels.get(v, v)) for v in values)))
        return interaction

    async def forge(self, actor: Actor, message: Message, custom_id: str, *, values: list[str] | None = None
                    ) -> Interaction:
        """A click with a custom_id that `message` does not carry (what a tampered client could send); a select
        pick when `values` is given. Waits for the initial response."""
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": 2 if values is None else 3}
        if values is not None:
            data["values"] = values
        make = self.standin.services.interactions.create(
            type=InteractionType.MESSAGE_COMPONENT, user=actor.user, channel=self.channel, data=data,
            source_message=message)

        async def created() -> Interaction:
            return make

        return await self.answered(created())

    async def answer(self, interaction: Interaction) -> Message:
        """The message that answers an interaction: the response message, the filled-in deferred message, the
        updated component message, or (after a deferred update) the first follow-up or the edited message."""
        response = await interaction.response(timeout=RESPONSE_TIMEOUT)
        if response.type != 6:
            return await interaction.reply(timeout=RESPONSE_TIMEOUT)

        def found() -> Message | None:
            if interaction.followups:
                return interaction.followups[0]
            source = interaction.original  # the stored message the click came from (not a tampered copy)
            if source is not None and source.edit_count > interaction.source_edits_at_ack:
                return source
            return None

        return await self.standin.wait_for(found, timeout=RESPONSE_TIMEOUT, what=f"the answer to {interaction.id}")

    def public_snapshot(self) -> dict[int, int]:
        """Every public message of the channel with its edit count."""
        return {m.id: m.edit_count for m in self.standin.messages_in(self.channel)}

    async def command(self, actor: Actor, name: str, /, **options: Any) -> Interaction:
        """Run a slash command and wait for the initial response."""
        return await self.answered(actor.run_command(self.channel, name, **options))

    # ----- the lobby ---------------------------------------------------------------------------------------

    async def open_lobby(self, host: Actor, joiners: list[Actor], ai_levels: list[str],
                         command: str = "gah new") -> Message:
        """`command` (`/gah new`), Join for each joiner, "Add an AI player" for each level; returns the lobby
        message."""
        floor = self.standin.messages_in(self.channel)[-1] if self.standin.messages_in(self.channel) else None
        opened = await self.answer(await self.command(host, command))
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

    async def lobby_after(self, floor: Message | None) -> Message:
        """The lobby message posted after `floor`."""
        floor_id = floor.id if floor else 0
        lobby = await self.standin.wait_for(
            lambda: next((m for m in self.standin.messages_in(self.channel)
                          if m.id > floor_id and "join" in verbs_or_empty(m)), None),
            timeout=RESPONSE_TIMEOUT, what="the lobby message")
        assert {"join", "leave", "options", "start", "cancel", "ailevel"} <= verbs(lobby), lobby.components
        assert lobby.ephemeral_for is None and not lobby.pings.user_ids, "the lobby is public and pings nobody"
        return lobby

    async def start(self, host: Actor, lobby: Message) -> Message:
        """Press Start; returns the first turn post."""
        before = self.standin.messages_in(self.channel)[-1]
        await (await self.press_start(host, lobby)).reply(timeout=RESPONSE_TIMEOUT)
        post = await self.next_post(after_version=-1, floor=before)
        return post

    async def press_start(self, host: Actor, lobby: Message) -> Interaction:
        """Press Start. A lobby changed outside the bot (`set_seed` sets a hidden option through the service) is
        behind its game, so the bot refuses the click and redraws the lobby: press again on the redrawn one."""
        shown = message_version(lobby)
        interaction = await self.click(host, lobby, custom_id=verb_id(lobby, "start"))
        response = await interaction.response(timeout=RESPONSE_TIMEOUT)
        if response.type == 4 and response.message is not None and "lobby changed" in response.message.content:
            await self.standin.wait_for(lambda: message_version(lobby) > shown or None, timeout=RESPONSE_TIMEOUT,
                                        what="the redrawn lobby")
            interaction = await self.click(host, lobby, custom_id=verb_id(lobby, "start"))
        return interaction

    # ----- posts ---------------------------------------------------------------------------------------------

    def posts(self) -> list[Message]:
        """Turn posts and the final post in the channel, oldest first."""
        return [m for m in self.standin.messages_in(self.channel)
                if m.author.id == self.standin.bot.id and (is_turn_post(m) or is_final_post(m))]

    async def next_post(self, *, after_version: int, floor: Message | None = None,
                        timeout: float = 60.0) -> Message:
        """Wait for a turn post (or the final post) of a version above `after_version`; returns the newest."""
        floor_id = floor.id if floor else 0

        def newest() -> Message | None:
            found = [m for m in self.posts() if m.id > floor_id and message_version(m) > after_version]
            return max(found, key=lambda m: (message_version(m), m.id)) if found else None

        try:
            post = await self.standin.wait_for(newest, timeout=timeout, what=f"a turn post after v{after_version}")
        except Exception:
            if self.bot is not None:
                self.bot.check_alive()
            raise
        self.check_posts()
        return post

    RECAP_STARTS: ClassVar[tuple[str, ...]] = (*in_every_language("The game begins!"), "**",
                                               *in_every_language(NOTHING_NEW))
    """How a turn post's recap may begin."""

    QUIET_TURNS = False
    """Whether a turn post may name the player on turn without a ping (Overbooking: the cards after the first of a
    round)."""

    def check_posts(self) -> None:
        """Every turn post: its pictures (`check_turn_pictures`), a recap line, one ping: the user named next, the
        view buttons (`check_turn_buttons`); the final post: the scoreboard, no ping. Posts come in the order of
        the game: their versions grow."""
        versions = [message_version(post) for post in self.posts()]
        assert versions == sorted(versions), f"posts out of order: {versions}"
        if self.bot is None or self.bot.kills == 0:
            assert len(set(versions)) == len(versions), f"a version posted twice: {versions}"
        for post in self.posts():
            if post.id in self.checked_posts:
                continue
            self.checked_posts.add(post.id)
            if is_final_post(post):
                assert "The game is over." in post.content and "Winner:" in post.content, post.content
                check_png(post.attachments[0].data, "scoreboard.png")
                assert post.pings.user_ids == [] and not post.pings.everyone, "the final post pings nobody"
                continue
            self.check_turn_pictures(post)
            recap, next_line = next_part(post.content)
            assert recap.strip(), f"a turn post without a recap: {post.content!r}"
            assert recap.startswith(self.RECAP_STARTS), recap
            mentioned = [int(m) for m in MENTION_RE.findall(next_line)]
            assert all(m in self.players for m in mentioned), post.content
            quiet = self.QUIET_TURNS and any(said in next_line for said in PRESS)  # named, not pinged again
            assert mentioned or any(said in next_line for said in (*AGAIN, *AI_ON_TURN)) or quiet, post.content
            assert len(mentioned) <= 1 or self.simultaneous, f"several players on turn: {post.content}"
            assert sorted(post.pings.user_ids) == sorted(mentioned), (post.pings, post.content)
            assert not post.pings.role_ids and not post.pings.everyone
            self.check_turn_buttons(post)

    def check_turn_pictures(self, post: Message) -> None:
        """One phone picture, turn.png, a valid PNG within the width and aspect limits."""
        names = [a.filename for a in post.attachments]
        assert names == ["turn.png"], f"one picture per turn post: {names}"
        check_png(post.attachments[0].data, "turn.png")
        width, height = png_size(post.attachments[0].data)
        assert width <= MAX_WIDTH and height <= MAX_ASPECT * width, f"turn picture {width}x{height}"

    def check_turn_buttons(self, post: Message) -> None:
        """The turn post's view buttons, in order (then *Take this seat* for each AI seat open to newcomers)."""
        assert verbs(post) - {"takeseat"} == {"turn", "hand", "hotels", "score", "log", "board"}, verbs(post)
        labels = [b["label"] for b in post.buttons() if parse_id(b["custom_id"])[2] != "takeseat"]
        _ = translator(self.language)
        assert labels == [_(label) for label in ("Take my turn", "My hand", "Hotels", "Score", "Log", "Full board")], \
            labels

    def pinged_players(self, post: Message) -> list[Actor]:
        """The players a turn post names as next (several during a staff draft)."""
        return [self.players[int(m)] for m in MENTION_RE.findall(post.content.partition("**Next:**")[2])]

    def on_turn(self, post: Message) -> Actor:
        """The player a turn post pings."""
        next_line = post.content.partition("**Next:**")[2]
        ids = [int(m) for m in MENTION_RE.findall(next_line)]
        if not ids:  # a player on turn again right after their own move (or in a quiet turn) is named, not pinged
            named = next_line.partition(" again - carry on" if " again - carry on" in next_line else " - press")[0]
            named = named.strip()
            ids = [actor.id for actor in self.players.values()
                   if named in (actor.user.username, actor.user.global_name)]
        assert len(ids) == 1, post.content
        return self.players[ids[0]]

    # ----- playing ---------------------------------------------------------------------------------------------

    def offers(self, panel: Message) -> list[tuple[str, str, str | None]]:
        """What a panel offers: (kind, custom_id, value) for act/page/undo buttons and each select option."""
        found: list[tuple[str, str, str | None]] = []
        for button in panel.buttons():
            verb = parse_id(button["custom_id"])[2]
            if verb in ("act", "page", "undo", "confirmundo") and not button.get("disabled"):
                found.append((verb, button["custom_id"], None))
        for select in panel.selects():
            for option in select.get("options", []):
                found.append(("pick", select["custom_id"], option["value"]))
        return found

    def choose(self, panel: Message) -> tuple[str, str, str | None] | None:
        """The test player's choice among the panel's components (None when it offers no action)."""
        offers = self.offers(panel)
        confirm = [o for o in offers if o[0] == "confirmundo"]
        if confirm:
            return confirm[0]
        actions = [o for o in offers if o[0] in ("act", "pick")]
        if not actions:
            return None
        undo = [o for o in offers if o[0] == "undo"]
        if undo and self.rng.random() < self.undo_rate:
            return undo[0]
        ends = [o for o in offers if o[0] == "act" and _label(panel, o[1]) == "End turn"]
        if ends and self.rng.random() < self.end_bias:
            return ends[0]
        pages = [o for o in offers if o[0] == "page"]
        return self.rng.choice(actions + pages)

    async def open_panel(self, actor: Actor, post: Message) -> Message:
        """Press "Take my turn" on `post`; returns the ephemeral panel."""
        panel = await (await self.click(actor, post, label="Take my turn")).reply(timeout=RESPONSE_TIMEOUT)
        assert panel.ephemeral_for == actor.id, "the turn panel is ephemeral"
        self.panels[actor.id] = panel
        return panel

    async def redrawn_panel(self, actor: Actor, post: Message, timeout: float = 5.0) -> Message | None:
        """The user's open panel once the bot has redrawn it with the turn of `post` (its choices at `post`'s
        version or later), or None if it has not within `timeout` seconds."""
        panel = self.panels.get(actor.id)
        if panel is None:
            return None

        def ready() -> Message | None:
            assert panel is not None
            shows = [parse_id(c["custom_id"]) for c in panel.iter_components() if "custom_id" in c]
            acts = [version for _, version, verb, _ in shows if verb in ("act", "pick", "picks")]
            return panel if acts and max(acts) >= message_version(post) else None

        try:
            return await self.standin.wait_for(ready, timeout=timeout, what="the redrawn panel")
        except Exception:
            return None

    async def panel_for(self, actor: Actor, post: Message) -> Message:
        """The panel `actor` plays `post`'s turn in: the open one the bot redrew (`keep_panels`), else a new one."""
        if self.keep_panels:
            panel = await self.redrawn_panel(actor, post)
            if panel is not None:
                return panel
        return await self.open_panel(actor, post)

    async def play_panel(self, actor: Actor, panel: Message,
                         after_click: Callable[[str], Awaitable[bool]] | None = None,
                         max_decisions: int | None = None) -> int | None:
        """Click through `panel` until it offers nothing more (or after `max_decisions`); returns the version of
        the last action click (None if there was none). `after_click(kind)` runs once the bot acknowledged a
        click; if it returns True (it restarted the bot, say), playing stops and `Interrupted` is raised."""
        last: int | None = None
        made = 0
        switch = next((b for b in panel.buttons() if b.get("label") == "Quick turns: off"), None)
        if self.quick_turns and switch is not None:
            edits = panel.edit_count
            await self.click(actor, panel, custom_id=switch["custom_id"])
            await self.standin.wait_for(functools.partial(_edited, panel, edits), timeout=RESPONSE_TIMEOUT,
                                        what="the panel after Quick turns")
        while True:
            choice = self.choose(panel)
            if choice is None or (max_decisions is not None and made >= max_decisions):
                return last
            kind, custom_id, value = choice
            version = parse_id(custom_id)[1]
            self.last_label = _choice_label(panel, custom_id, value)
            edits = panel.edit_count
            clicked_at = time.monotonic()
            if kind == "pick":
                assert value is not None
                interaction = await self.pick(actor, panel, custom_id, value, interruptible=True)
            else:
                interaction = await self.click(actor, panel, custom_id=custom_id, interruptible=True)
            if kind in ("act", "pick"):
                self.decisions += 1
                made += 1
                last = version
            if after_click is not None and await after_click(kind):
                raise Interrupted
            if kind == "undo":
                assert interaction.response_type == 7, "Undo shows its confirmation in the panel"
            await self.standin.wait_for(functools.partial(_edited, panel, edits), timeout=RESPONSE_TIMEOUT,
                                        what=f"{actor.user.username}'s panel to change after a click")
            self.update_latencies.append(time.monotonic() - clicked_at)
            if not self.keep_panels and panel.edit_count > edits + 1:
                return last  # the click ended the turn and the bot already redrew the panel with the next one
                # (issue 52 item 1): this player opens that turn from its post, as before
            if kind in ("act", "pick") and "out of date" in panel.content:
                raise AssertionError(f"a fresh panel was refused as out of date: {panel.content!r}")

    async def play_game(self, first_post: Message, *, max_decisions: int = 2000,
                        after_click: Callable[[str], Awaitable[bool]] | None = None) -> Message:
        """Play from `first_post` until the final post; returns it. When `after_click` interrupts (it restarted
        the bot), the players find their place again with `resync`."""
        post = first_post
        while not is_final_post(post):
            actor = self.on_turn(post)
            panel = await self.panel_for(actor, post)
            assert panel.components, f"{actor.user.username} was pinged but got no panel: {panel.content!r}"
            while True:
                try:
                    last = await self.play_panel(actor, panel, after_click)
                    break
                except Interrupted:
                    found = await self.resync()
                    if isinstance(found, Message):
                        return found
                    actor, panel = found
            assert last is not None, "a panel without choices"
            turn_ended = time.monotonic()
            post = await self.next_post(after_version=last)
            self.post_waits.append(time.monotonic() - turn_ended)
            assert self.decisions < max_decisions, "the game does not end"
        return post

    async def play_by_asking(self, *, max_decisions: int = 2000) -> Message:
        """Play until the final post the way players do when several may be on turn (the staff draft): every
        player presses "Take my turn" on the newest post, and whoever gets a panel makes one decision."""
        while True:
            newest = max(self.posts(), key=lambda m: (message_version(m), m.id))
            self.check_posts()
            if is_final_post(newest):
                return newest
            moved = False
            for actor in self.players.values():
                panel = await self.open_panel(actor, newest)
                if panel.components:
                    moved = await self.play_panel(actor, panel, max_decisions=1) is not None or moved
            if not moved:  # nobody may act: the game is over and its final post is on the way
                final = await self.standin.wait_for(
                    lambda: next((m for m in self.posts() if is_final_post(m)), None),
                    timeout=RESPONSE_TIMEOUT, what="the final post")
                self.check_posts()
                return final
            assert self.decisions < max_decisions, "the game does not end"

    async def play_decisions(self, post: Message, decisions: int) -> Message:
        """Make `decisions` decisions from `post` (fewer if the game ends); returns the latest post."""
        goal = self.decisions + decisions
        while self.decisions < goal and not is_final_post(post):
            actor = self.on_turn(post)
            panel = await self.open_panel(actor, post)
            assert panel.components, f"{actor.user.username} was pinged but got no panel: {panel.content!r}"
            last = await self.play_panel(actor, panel, max_decisions=goal - self.decisions)
            assert last is not None, "a panel without choices"
            if panel.components:  # stopped in the middle of a turn (perhaps after turn posts)
                return max(self.posts(), key=lambda m: (message_version(m), m.id))
            post = await self.next_post(after_version=last)
        return post

    async def resync(self) -> tuple[Actor, Message] | Message:
        """After a restart: every player presses "Take my turn" on the oldest turn post (old buttons must still
        answer); whoever gets a panel plays on. Returns (player, panel), or the final post if the game is over."""
        oldest = self.posts()[0]
        answers = []
        for actor in self.players.values():
            panel = await self.open_panel(actor, oldest)
            if panel.components:
                self.resyncs.append((actor.user.username, message_version(panel)))
                return actor, panel
            answers.append(panel.content)
        assert all("turn" in text or "not running" in text for text in answers), answers
        final = await self.standin.wait_for(lambda: next((m for m in self.posts() if is_final_post(m)), None),
                                            timeout=RESPONSE_TIMEOUT, what=f"the final post (players saw {answers})")
        self.check_posts()
        self.resyncs.append(("final", message_version(final)))
        return final

    def latency_summary(self) -> str:
        """p50/p95/max of the click-to-initial-response latencies, in milliseconds (and of click-to-panel-update)."""
        return (f"{summary(self.latencies)} over {len(self.latencies)} interactions; click-to-panel-update "
                f"{summary(self.update_latencies)}")


def summary(values: list[float]) -> str:
    """"p50 .. ms, p95 .. ms, max .. ms" of seconds."""
    if not values:
        return "no samples"
    return (f"p50 {percentile(values, 0.5) * 1000:.0f} ms, p95 {percentile(values, 0.95) * 1000:.0f} ms, "
            f"max {max(values) * 1000:.0f} ms, mean {statistics.fmean(values) * 1000:.0f} ms")


async def game_version(database: Any, game_id: int = 1) -> int:
    """The game's version, read from the bot's database by the test process."""
    async with Storage(database) as storage:
        return (await GameService(storage).game(game_id)).version


def _edited(message: Message, edits: int) -> bool:
    return message.edit_count > edits


def _label(message: Message, custom_id: str) -> str:
    return str(message.button(custom_id=custom_id).get("label"))


def _choice_label(message: Message, custom_id: str, value: str | None) -> str:
    if value is None:
        return _label(message, custom_id)
    select = next(s for s in message.selects() if s["custom_id"] == custom_id)
    return str(next(o["label"] for o in select["options"] if o["value"] == value))
