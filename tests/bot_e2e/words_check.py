"""The words of every message the bot sent in an end-to-end game (issue 42 items 3 and 8): numbers agree with
their nouns, every Emperor reward and penalty is told with its content, no player "moves back to space 0" who
was already there, and every gain is told with its cause, once (issue 52 item 4, `gain_problems`).

`SentTexts.attach(standin)` records the text of every message the bot creates or edits from then on (channel
posts, ephemeral panels and replies, DMs, each version of an edited message, attached .txt files such as the final
post's whole log), read from the stand-in's stored message at the moment it is created or changed.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from engine.gah.cards import emperor_tiles
from render.core.plural import disagreements
from render.gah.texts import emperor_sentences
from tests.discord_standin import StandIn


def _component_texts(components: Iterable[dict[str, Any]]) -> Iterator[str]:
    for component in components:
        for key in ("label", "placeholder", "content", "title"):
            if component.get(key):
                yield str(component[key])
        for option in component.get("options") or []:
            yield from (str(option[key]) for key in ("label", "description") if option.get(key))
        yield from _component_texts(component.get("components") or [])


def message_texts(message: Any) -> list[str]:
    """The visible texts of a stored stand-in message: its content, embeds, components' words and text files."""
    texts = [message.content] if message.content else []
    for embed in message.embeds:
        texts += [str(embed[key]) for key in ("title", "description") if embed.get(key)]
        texts += [str(field.get(key, "")) for field in embed.get("fields") or [] for key in ("name", "value")]
        texts += [str(embed[key].get("text", "")) for key in ("footer", "author") if isinstance(embed.get(key), dict)]
    texts += list(_component_texts(message.components))
    texts += [attachment.data.decode("utf-8", "replace") for attachment in message.attachments
              if attachment.filename.endswith(".txt")]  # the log files the bot sends are texts it sent too
    return texts


class SentTexts:
    """Every text the bot sent while attached, oldest first (a message edited five times gives five versions)."""

    def __init__(self, standin: StandIn) -> None:
        self.standin = standin
        self.texts: list[str] = []
        self._seen: set[str] = set()
        self.posted: list[str] = []
        """The visible words of every version of every channel post (not ephemeral, not a DM, no attached file):
        what a spectator in the channel reads without opening the log."""
        self._posted_seen: set[str] = set()

    @classmethod
    def attach(cls, standin: StandIn) -> SentTexts:
        """Start recording: the stand-in's message service reports each created or changed message to us (its
        behaviour is unchanged: the original methods still run)."""
        recorder = cls(standin)
        service = standin.services.messages
        for name in ("dispatch_create", "dispatch_update"):
            original = getattr(service, name)

            def recorded(message: Any, original: Any = original) -> None:
                original(message)
                recorder.record(message)

            setattr(service, name, recorded)
        return recorder

    def record(self, message: Any) -> None:
        if message.author.id != self.standin.bot.id:
            return
        for text in message_texts(message):
            if text not in self._seen:
                self._seen.add(text)
                self.texts.append(text)
        in_channel = message.ephemeral_for is None and message.guild_id is not None
        if in_channel and message.content and message.content not in self._posted_seen:
            self._posted_seen.add(message.content)
            self.posted.append(message.content)


def number_noun_disagreements(texts: Iterable[str]) -> list[str]:
    """"words found: in the text" for every number and noun that disagree (`render.core.plural.disagreements`)."""
    return [f"{found!r} in {text[:300]!r}" for text in texts for found in disagreements(text)]


TILE_TOLD = re.compile(r"(reward|penalty) of Emperor tile (\w+)(?: \(([^)]*)\))?")


def emperor_problems(texts: Iterable[str]) -> tuple[int, list[str]]:
    """(how many Emperor rewards and penalties the texts tell, the problems found): a reward or penalty told
    without its content (the tile's words, `render.gah.texts.emperor_sentences`), or "moves back to space 0" of a
    player who scored no VP at the Emperor scoring (only space 0 scores none: they were there already)."""
    told = 0
    problems: list[str] = []
    for text in texts:
        for found in TILE_TOLD.finditer(text):
            told += 1
            part, tile_id, content = found.groups()
            tile = emperor_tiles().get(tile_id)
            if tile is None:
                problems.append(f"unknown Emperor tile {tile_id} in {text[:200]!r}")
                continue
            reward, penalty = emperor_sentences(tile)
            if content != (reward if part == "reward" else penalty):
                problems.append(f"the {part} of tile {tile_id} is told without its content: {found.group(0)!r}")
        for line in text.splitlines():
            if "moves back to space 0 of the Emperor track" in line and not re.search(
                    r"scores [1-9]\d* VP \(Emperor scoring\); moves back to space 0 of the Emperor track", line):
                problems.append(f"a player already on space 0 'moves back' to it: {line[:200]!r}")
    return told, problems


def assert_words_read_well(recorder: SentTexts, moves: Iterable[Any] = ()) -> None:
    """The extra assertion of the full-game e2e tests: no number-noun disagreement in any text the bot sent,
    every gain told with its cause (`gain_problems`), no text slip (`slip_problems`), and every Emperor reward and
    penalty told with its content; `moves` (the game's logged moves, `GameService.history`) had that many reward
    and penalty events, and each is told at least once, in a channel post on a line that names its player."""
    assert recorder.texts, "the bot sent no text"
    if os.environ.get("GAH_WORDS_DUMP"):  # a file to read every text the bot sent, when a test fails
        Path(os.environ["GAH_WORDS_DUMP"]).write_text("\n\n=====\n".join(recorder.texts), encoding="utf-8")
    wrong = number_noun_disagreements(recorder.texts)
    assert not wrong, "numbers and nouns disagree:\n" + "\n".join(wrong[:20])
    told, problems = emperor_problems(recorder.texts)
    assert not problems, "\n".join(problems[:20])
    gains = gain_problems(recorder.texts)  # issue 52 item 4: every gain line names its cause, once
    assert not gains, "gains told without their cause:\n" + "\n".join(gains[:20])
    slips = slip_problems(recorder.texts)  # issue 52 item 9
    assert not slips, "text slips:\n" + "\n".join(slips[:20])
    happened = [event for move in moves if not move.undone for event in move.events
                if event.kind in ("emperor_reward", "emperor_penalty")]
    assert told >= len(happened), f"{len(happened)} Emperor rewards and penalties, {told} told"
    # issue 42 item 3: each player's reward or penalty is told in a channel post, on a line naming the player (an
    # Emperor scoring has a heading of its own), not only in the final post's attached log
    posted_lines = [line for text in recorder.posted for line in text.splitlines()]
    for event in happened:
        tile = emperor_tiles()[event.data["tile"]]
        reward, penalty = emperor_sentences(tile)
        words = f"of Emperor tile {tile.id} ({reward if event.kind == 'emperor_reward' else penalty})"
        assert any(words in text for text in recorder.texts), f"never told: {event.player} {words}"
        assert any(words in line and str(event.player) in line for line in posted_lines), (
            f"told only outside the channel posts (the attached log, a panel): {event.player} {words}")


GAINS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("krones", re.compile(r"\bgains \d+ krones?")),
    ("VP", re.compile(r"\bscores \d+ VP")),
    ("Emperor steps", re.compile(r"\bmoves \d+ steps? up the Emperor track(?: to space \d+)?")),
    ("rooms", re.compile(r"\bprepares rooms? \d-\d \(\w+\)(?:(?:, | and )\d-\d \(\w+\))*(?: for \d+ krones?)?")),
    ("items", re.compile(r"\breceives \d+ \w+(?:, \d+ \w+)*")),
)
"""The gains a line of the game's words tells (issue 52 item 4), each a phrase that its cause must follow."""

CAUSE = re.compile(r" \(([^()]*(?:\([^()]*\)[^()]*)*)\)")
"""A cause in brackets right after a gain ("(Opera Singer)", "(compensation for bob's skeleton key)")."""

NOT_A_CAUSE = re.compile(
    r"^(staff|guests|celebrities|hotel entrance|Emperor tiles|now on space \d+|\d+ lost above 20)$")
"""Brackets after a gain that do not say what caused it: a kind of card, not the card ("scores 4 VP (staff)": which
card?), or only where the gain took the player."""

TILE_REWARD = re.compile(r"reward of (Emperor tile \w+) \(")


def gain_problems(texts: Iterable[str]) -> list[str]:
    """Every gain told without its cause (issue 52 item 4) in the lines of the game's words (the bulleted lines of
    turn posts, `/gah log` and its export): krones, VP, Emperor steps, rooms prepared or dishes and drinks received
    with no brackets right after them naming the guest, staff card, entrance, celebrity, tile or rule that gave them
    ("scores 2 VP: ..." names it after a colon); and an Emperor tile's reward told twice (its words, then the same
    gain "(Emperor tile A1)")."""
    problems: list[str] = []
    for text in texts:
        for line in text.splitlines():
            if not line.startswith("• "):
                continue
            for what, pattern in GAINS:
                for found in pattern.finditer(line):
                    rest = line[found.end():]
                    cause = CAUSE.match(rest)
                    if rest.startswith(":") or (cause is not None and not NOT_A_CAUSE.match(cause.group(1))):
                        continue
                    problems.append(f"{what} without their cause: {found.group(0)!r} in {line[:300]!r}")
            for tile in TILE_REWARD.findall(line):
                if f"({tile})" in line:
                    problems.append(f"the reward of {tile} told twice: {line[:300]!r}")
    return problems


def slip_problems(texts: Iterable[str]) -> list[str]:
    """Text slips of the game's end (issue 52 item 9) in the lines of the game's words and the bot's help:

    - a player's name twice before a possessive ("AI Teal AI Teal's Secretary copies ...");
    - the skeleton key handed on ("starts the next round") after the last Emperor scoring (round 7);
    - a hotel entrance's price told twice ("pays 9 krones for Mayenfels" beside "takes the hotel entrance Mayenfels
      for 9 krones");
    - the final scores ("finishes with 91 VP (rank 3)") of one post or log out of rank order;
    - Overbooking's Polish rulebook words ("Etap 1") in what the players read.
    """
    problems: list[str] = []
    for text in texts:
        lines = text.splitlines()
        after_last_round = False
        ranks: list[int] = []
        entrances = set(re.findall(r"takes the hotel entrance (.+?) for \d+ krones?", text))
        for line in lines:
            if re.match(r"^• (.+) \1's ", line):
                problems.append(f"a name told twice: {line[:200]!r}")
            if "Emperor scoring after round 7" in line:
                after_last_round = True
            if after_last_round and "starts the next round" in line:
                problems.append(f"the skeleton key handed on after the last round: {line[:200]!r}")
            paid = re.search(r"pays \d+ krones? for (.+)$", line)
            if paid is not None and paid.group(1) in entrances:
                problems.append(f"a hotel entrance's price told twice: {line[:200]!r}")
            ranks += [int(rank) for rank in re.findall(r"finishes with -?\d+ VP \(rank (\d+)\)", line)]
            if re.search(r"\bEtap \d", line):
                problems.append(f"the rulebook's Polish words: {line[:200]!r}")
        if ranks != sorted(ranks):
            problems.append(f"the final scores out of rank order: {ranks} in {text[:100]!r}")
    return problems
