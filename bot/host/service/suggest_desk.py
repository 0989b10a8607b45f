"""The *Suggest* searches under way (`bot.host.service.suggest`): who waits for which search, shared by identical
requests.

Pure bookkeeping, kept apart so that `bot.host.service.unit.ServiceBase` can own one `SuggestDesk` per service.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from engine.core.suggestions import RankedMove


class SuggestionUndeliverable(Exception):
    """A search was dropped before it started because none of its askers could be answered any more (each one's
    `deliver_by` has passed); nobody is told."""


@dataclass(frozen=True)
class Suggestion:
    """The expert's advice to one user: the state it was computed for (the full state; show only what
    `player_view` of `seat` shows) and its ranked moves, best first."""

    game_id: int
    version: int
    seat: int
    """The user's seat index in the engine state."""
    state: Any
    moves: tuple[RankedMove, ...]


SearchKey = tuple[int, int, int]
"""What makes two requests identical: (game id, game version, seat index)."""


@dataclass
class Search:
    """One expert search, shared by every request with its key."""

    key: SearchKey
    members: set[int]
    deliver_by: float
    """The latest moment (`time.monotonic`) at which one of its askers can still be answered."""
    task: asyncio.Future[Suggestion] | None = None
    started: bool = False
    dropped: bool = False


@dataclass
class SuggestionRequest:
    """One user's request: `joined` is True when it joined a search that was already under way (the user had asked
    for the same decision before; answer "still thinking" at once). `result()` waits for the search."""

    search: Search
    joined: bool

    @property
    def answered(self) -> bool:
        """True when the suggestion is already there (a finished search of the same decision): no need to say
        "thinking" first."""
        task = self.search.task
        return task is not None and task.done() and not task.cancelled() and task.exception() is None

    async def result(self) -> Suggestion:
        """The search's suggestion.

        Raises:
            SuggestionsUnavailable: the search was dropped because the decision is no longer current (`MOVED_ON`).
            SuggestionUndeliverable: the search was dropped because no asker could be answered any more.
        """
        assert self.search.task is not None
        return await asyncio.shield(self.search.task)


RECENT_SUGGESTIONS = 64
"""How many finished suggestions are kept to answer the same request again without a search."""


@dataclass
class SuggestDesk:
    """The searches under way, by key and by member, and the latest finished suggestions by key (one `GameService`
    has one)."""

    searches: dict[SearchKey, Search] = field(default_factory=dict)
    by_member: dict[int, Search] = field(default_factory=dict)
    recent: OrderedDict[SearchKey, Suggestion] = field(default_factory=OrderedDict)
    member_keys: dict[int, SearchKey] = field(default_factory=dict)
    """Each member's latest request, so that a repeated click needs only the game's version to be answered."""

    def remember(self, suggestion: Suggestion) -> None:
        """Keep a finished suggestion (the oldest beyond `RECENT_SUGGESTIONS` is forgotten)."""
        key = (suggestion.game_id, suggestion.version, suggestion.seat)
        self.recent[key] = suggestion
        self.recent.move_to_end(key)
        while len(self.recent) > RECENT_SUGGESTIONS:
            self.recent.popitem(last=False)

    def answered(self, key: SearchKey, member: int) -> Search | None:
        """A finished search for `key` (from `recent`), for `member`; None if there is none."""
        suggestion = self.recent.get(key)
        if suggestion is None:
            return None
        done: asyncio.Future[Suggestion] = asyncio.get_running_loop().create_future()
        done.set_result(suggestion)
        return Search(key, {member}, float("inf"), task=done, started=True)


