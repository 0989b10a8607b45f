"""Issue 53 items 3 and 5: the public vote message and the seats messages show every member's and seat's name
escaped (`bot.host.safe_text`), whatever the name: no live markdown, masked link or mention, for every state of a
vote."""

from __future__ import annotations

import random
import re

from bot.host.kinds import KINDS
from bot.host.safe_text import safe_text
from bot.host.seat_posts import seats_text
from bot.host.service import GameInfo, SeatInfo
from bot.host.service.seat_takeovers import OpenSeat
from bot.host.service.votes import Tally, Vote
from bot.host.vote_posts import vote_text

HOSTILE = ("[nitro](https://evil.example/x)", "**B**__u__~~s~~", "<@&123><@456>@everyone", "\u202eevil", "`x`|| y ||",
           "# big", "> quote", "ann")


def names(rng: random.Random) -> list[str]:
    return [rng.choice(HOSTILE) + rng.choice(("", " 2", "_")) for _ in range(4)]


def unescaped(text: str, seat_names: list[str]) -> str:
    """`text` without the escaped names (what is left must not show any name as typed)."""
    for name in sorted(seat_names, key=lambda n: -len(safe_text(n))):
        text = text.replace(safe_text(name), "")
    return text


def test_every_name_in_a_vote_message_is_escaped() -> None:
    rng = random.Random(53)
    for _ in range(200):
        seat_names = names(rng)
        users = [10 + n for n in range(4)]
        target = rng.randrange(4)
        others = tuple(u for n, u in enumerate(users) if n != target)
        agree = others[: rng.randint(1, 3)]
        vote = Vote(1, 5, rng.choice(("skip", "ai")), target, users[target], agree[0], 1.0, 2.0,
                    rng.choice(("open", "passed", "failed", "expired", "lapsed")), 99, seat_names[target])
        tally = Tally(others, agree, tuple(u for u in others if u not in agree)[: rng.randint(0, 1)])
        kind = rng.choice(list(KINDS.values()))
        text = vote_text(vote, tally, dict(zip(users, seat_names, strict=True)), kind)
        assert safe_text(seat_names[target]) in text
        shown = unescaped(text, seat_names)
        for name in seat_names:
            if safe_text(name) != name:  # a name with something to escape never shows as typed
                assert name not in shown, (name, text)
        assert not re.search(r"(?<![\\])@everyone", text), text
        mentions = {f"<@{users[target]}>"} if vote.status == "open" else set()
        assert set(re.findall(r"(?<![\\])<@[&!]?\d+>", text)) <= mentions, text


def test_every_seat_name_in_the_hosts_seats_message_is_escaped() -> None:
    rng = random.Random(5)
    for _ in range(100):
        seat_names = names(rng)
        seats = tuple(SeatInfo(n, 10 + n if n < 2 else None, None if n < 2 else "random", name, "red")
                      for n, name in enumerate(seat_names))
        info = GameInfo(id=1, guild_id=1, channel_id=1, host_id=10, status="active", version=3, options={},
                        seats=seats, kind="gah", engine_version="", state=None, created_at=1.0, updated_at=1.0)
        text = seats_text(info, [OpenSeat(3, seat_names[3], 2, rng.random() < 0.5)])
        shown = unescaped(text, seat_names)
        for name in seat_names:
            assert safe_text(name) in text
            if safe_text(name) != name:
                assert name not in shown, (name, text)
