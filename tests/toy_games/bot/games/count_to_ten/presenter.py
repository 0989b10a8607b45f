"""How the bot shows a game of Count to Ten (a toy third game for tests, issue 54): the few typed methods of
`bot.host.kind_presenter.Presenter`, in English only and without pictures (the toy draws nothing)."""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence

import count_to_ten_engine as rules

from bot.host.kind_presenter import (
    BoardPictures,
    FinalPost,
    GameTexts,
    HandPictures,
    LobbyTexts,
    LogPage,
    OptionMenus,
    PictureRequest,
    Shown,
    TurnPanel,
    TurnPost,
    check_presenter,
)
from bot.host.panel_types import Choice, Panel, Row
from bot.host.service.model import Move
from engine.core.actions import Action

MENUS = OptionMenus(choices=[], variant_flags=(), placeholders={}, notes={}, modules=())
"""Count to Ten has no options."""


def _lines(moves: Sequence[Move]) -> list[str]:
    return [event.text for move in moves if not move.undone for event in move.events]


def panel(state: rules.GameState, actions: list[Action], name: str, *, page: int = 0, language: str = "en"
          ) -> TurnPanel:
    """One button per number the player may add."""
    buttons = tuple(Choice(index, f"Add {action.args[0]}", style="primary") for index, action in enumerate(actions))
    return TurnPanel(Panel(f"The total is {state.total}: add 1 or 2.", (Row(buttons),), decision="add"),
                     f"{name}, bring the total to {rules.TARGET} to win.", quick_switch=False)


def post(state: rules.GameState, moves: Sequence[Move], *, limit: int = 1800, language: str = "en") -> TurnPost:
    """Each move's events, one a line."""
    return TurnPost("\n".join(_lines(moves))[:limit], quiet=False)


def show(state: rules.GameState, wanted: PictureRequest, *, language: str = "en") -> Shown:
    """No pictures: the words say the total (and, for *My hand*, that there is no hand)."""
    if isinstance(wanted, HandPictures):
        return Shown("Count to Ten has no hand.", [])
    if isinstance(wanted, BoardPictures):
        return Shown(f"The total is {state.total}; {wanted.who} to act.", [])
    return Shown("", [])


def scores(state: rules.GameState, *, language: str = "en") -> str:
    """The total, and the winner once there is one."""
    if state.winner is None:
        return f"The total is {state.total}."
    return f"{state.config.players[state.winner]} won."


def final(state: rules.GameState, moves: Sequence[Move], *, language: str = "en") -> FinalPost:
    """The winner; no highlights and no hotels."""
    return FinalPost(scores(state), "", [])


def log(moves: Sequence[Move], page: int | None = None, *, page_chars: int = 1900, language: str = "en") -> LogPage:
    """The whole game on one page."""
    return LogPage("\n".join(_lines(moves))[:page_chars] or "Nothing has happened yet.", 0, 1)


def log_export(moves: Sequence[Move], *, title: str = "Count to Ten", language: str = "en") -> str:
    """The title and every event, one a line."""
    return "\n".join([title, *_lines(moves)]) + "\n"


def lobby(options: Mapping[str, object], provisional: bool, *, language: str = "en") -> LobbyTexts:
    """The rule in one field."""
    return LobbyTexts([("Rules", f"Add 1 or 2 in turn; whoever reaches {rules.TARGET} wins.")],
                      "Join, then the host presses Start (2-4 seats).", "")


def texts(provisional: bool, *, language: str = "en") -> GameTexts:
    """`/count help` and `/count rules`."""
    return GameTexts("**Count to Ten**: `/count new` opens a game.",
                     (f"Add 1 or 2 in turn; whoever reaches {rules.TARGET} wins.",))


def help_text(kind: str, *, language: str = "en") -> str:
    """Every decision is the same."""
    return "Add 1 or 2 to the total."


def warm() -> None:
    """Nothing to draw."""


check_presenter(sys.modules[__name__])
