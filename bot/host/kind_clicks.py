"""What the controller calls of a game whose turn panel goes beyond one legal action a click (`GameKind.clicks()`):
compound choices played step by step, selects that answer a decision several times, quick turns, the panel's
"Since your last turn" line, *Suggest* with its *Play this* button, and Undo's confirmation in the panel's words.
Grand Austria Hotel has them (`bot.games.gah.clicks`); a game without them returns None and its panel plays one
legal action a click."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Any, Protocol

from bot.host.kind_presenter import protocol_members

if TYPE_CHECKING:
    import discord

    from bot.host.controller import Controller
    from bot.host.custom_ids import ComponentId
    from bot.host.service import GameService, Move, TurnResult


class ClickWordsMemory(Protocol):
    """The panel's words of each player's latest moves, for Undo's confirmation."""

    def remember(self, game_id: int, user_id: int, state: Any, name: str | None, moves: Sequence[Move]) -> None:
        """Note the words of the user's moves of one click."""

    def name(self, game_id: int, user_id: int, actions: Sequence[str], *, language: str = ...) -> list[str]:
        """Words for the action texts of an undo's preview in `language` (the clicker's; the texts themselves where
        none are remembered)."""

    def taken_back(self, game_id: int, user_id: int, count: int) -> None:
        """An undo took back the user's newest `count` moves: forget their words."""


class TurnClicks(Protocol):
    """A game's clicks beyond one legal action (module functions and constants, like a presenter)."""

    NONE_PLAYABLE: str
    """The note of a several-step select none of whose choices can be played first."""
    PLAY_VERB: str
    """The custom_id verb of *Play this* under a *Suggest* answer."""

    def ClickWords(self) -> ClickWordsMemory:  # a class in the module: its constructor
        """A new memory of the panel's words for Undo (one per controller)."""

    async def play_plan(self, service: GameService, game_id: int, user_id: int, name: str, version: int,
                        steps: Sequence[str], choices: str | None) -> TurnResult | None:
        """A compound choice's legal actions (by text) in order; None if not even the first could be played."""

    async def play_forced(self, service: GameService, game_id: int, user_id: int, name: str,
                          result: TurnResult) -> TurnResult:
        """After a click, the follow-ups that leave the player exactly one legal answer."""

    async def play_several(self, service: GameService, game_id: int, user_id: int, name: str, state: Any,
                           version: int, indices: Sequence[int],
                           plans: Mapping[int, tuple[str, ...]] | None = None) -> TurnResult | None:
        """A select's chosen steps in an order that makes each legal; None if none can be played first."""

    async def end_quick_turn(self, service: GameService, game_id: int, user_id: int, name: str,
                             result: TurnResult) -> TurnResult:
        """End the player's turn once nothing free is left to do (quick turns)."""

    def since_line(self, moves: Sequence[Any], name: str, *, language: str = ...) -> str:
        """The panel's "Since your last turn" line for seat `name` from the game's log ("" when nothing)."""

    async def answer_suggest(self, service: GameService, interaction: discord.Interaction, game_id: int) -> None:
        """Answer a *Suggest* click on a panel of `game_id`."""

    async def play_suggested(self, controller: Controller, interaction: discord.Interaction,
                             cid: ComponentId) -> None:
        """Answer *Play this* under a *Suggest* answer."""


def check_clicks(module: ModuleType) -> None:
    """Fail at the module's import, naming what is missing, when a game's clicks module lacks a member of
    `TurnClicks` (as `bot.host.kind_presenter.check_presenter` does for a presenter).

    Raises:
        TypeError: `module` lacks one or more members; the message names them.
    """
    missing = sorted(name for name in protocol_members(TurnClicks) if not hasattr(module, name))
    if missing:
        raise TypeError(f"{module.__name__} is not a complete clicks module: it lacks {', '.join(missing)}")
