"""How the bot shows a Grand Austria Hotel game: the presentation half of `bot.games.gah.kind.KIND`.

It only gathers what the bot has always used for this game (`bot.games.gah.panel`, `bot.games.gah.words`,
`bot.games.gah.texts`, `render`); the host asks it through the few typed methods of `bot.host.kind_presenter.Presenter`
(at the end of this module), as it asks `bot.games.overbooking.presenter`, so it calls either without knowing which.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from typing import Any

import render.gah
from bot.games.gah import panel_help, words_pages
from bot.games.gah import texts as gah_texts
from bot.games.gah.highlights import highlights_text
from bot.games.gah.options import (
    MODULE_CHOICES,
    OPTION_CHOICES,
    OPTION_NOTES,
    OPTION_PLACEHOLDERS,
    VARIANT_FLAGS,
    lobby_fields,
    lobby_footer,
    options_note,
)
from bot.games.gah.panel import build_panel as _build_panel
from bot.games.gah.rules_pages import gah_pages
from bot.host.i18n import translator
from bot.host.kind_presenter import (
    BoardPictures,
    FinalPost,
    GameTexts,
    HandPictures,
    HotelPicture,
    LobbyTexts,
    LogPage,
    OptionMenus,
    PictureRequest,
    ScoreboardPicture,
    Shown,
    TurnPanel,
    TurnPictures,
    TurnPost,
    check_presenter,
)
from bot.host.panel_types import Panel
from engine.core.actions import Action
from engine.gah import GameConfig, GameState, new_game, player_view, projected_scores
from engine.gah.payloads import TURN
from render.gah.turn_marks import marks_for

TITLE = "Grand Austria Hotel"
MENUS = OptionMenus(OPTION_CHOICES, VARIANT_FLAGS, OPTION_PLACEHOLDERS, OPTION_NOTES, MODULE_CHOICES)
"""The lobby's option menus (`bot.games.gah.options`)."""


def highlights(state: GameState, moves: Sequence[Any], *, language: str = "en") -> str:
    """The biggest turns, the politics cards' first claims and the scorings (`bot.games.gah.highlights`), against
    each player's VP before the final scoring (the state's), in the game's `language`."""
    return highlights_text(moves, {player.name: player.vp for player in state.players}, language=language)


def command_help(*, language: str = "en") -> str:
    """`/gah help` (`bot.games.gah.texts.HELP_TEXT`) in `language` (the reader's)."""
    return translator(language)(gah_texts.HELP_TEXT)


def help_text(kind: str, *, language: str = "en") -> str:
    """The "?" answer of a decision kind (`bot.games.gah.panel_help.help_text`) in `language` (the clicker's)."""
    return panel_help.help_text(kind, language=language)


def rules_pages(provisional: bool, locale: str | None = None) -> tuple[str, ...]:
    """`/gah rules` in the language of the Discord `locale` (`bot.host.rules_texts.gah_pages`; English for None and any
    other than Polish or German). No provisional numbers in this game."""
    return gah_pages(translator(locale))


def build_panel(state: GameState, actions: list[Action], *, page: int = 0, language: str = "en") -> Panel:
    """`bot.games.gah.panel.build_panel`, its words in `language` (the clicker's)."""
    return _build_panel(state, actions, page=page, language=language)


def status_line(state: GameState, name: str, *, language: str = "en") -> str:
    """What the player holds (`bot.games.gah.texts.status_line` of their own view), in `language`."""
    return gah_texts.status_line(player_view(state, name).players[state.player_index(name)], language=language)


def quiet_turn(state: GameState) -> bool:
    """Grand Austria Hotel pings whoever the turn passes to (`bot.host.turn_post.to_ping`): never quiet."""
    return False


def quick_switch(state: GameState) -> bool:
    """Whether the panel offers the "Quick turns" switch: during a player's main turn."""
    return state.deciding(TURN)


def recap_text(moves: Sequence[Any], *, round_number: int | None = None, limit: int = 1800,
               language: str = "en") -> str:
    """`bot.games.gah.words_pages.recap_text` in the game's `language`."""
    return words_pages.recap_text(moves, round_number=round_number, limit=limit, language=language)


def log_page(moves: Sequence[Any], page: int | None = None, *, page_chars: int = 1900,
             language: str = "en") -> tuple[str, int, int]:
    """`bot.games.gah.words_pages.log_page` in the game's `language`."""
    return words_pages.log_page(moves, page, page_chars=page_chars, language=language)


def log_export(moves: Sequence[Any], *, title: str = TITLE, language: str = "en") -> str:
    """`bot.games.gah.words_pages.log_export` in the game's `language`."""
    return words_pages.log_export(moves, title=title, language=language)


def turn_pictures(state: GameState, acting: int, moves: Sequence[Any], *, language: str = "en"
                  ) -> list[tuple[bytes, str]]:
    """The one phone-first turn picture (`render.gah.turn_png`: the compact public board and the hotel of seat `acting`,
    the seat the post pings or whose moves it tells), what changed for that seat in `moves` framed
    (`render.gah.turn_marks.marks_for`: its rooms, dice and café tables served, and the dice the others took since its
    last move: issue 52 item 5), in the game's `language`."""
    marks = marks_for([e for m in moves for e in m.events], state.players[acting].name)
    return [(render.gah.turn_png(player_view(state, None), acting, marks=marks, language=language), "turn.png")]


def board_pictures(state: GameState, *, language: str = "en") -> list[tuple[bytes, str]]:
    """The whole public board in two phone-width pictures: the board without the Emperor track (`board.png`) and
    the Emperor track, politics cards and Emperor tiles (`emperor.png`), in the game's `language`."""
    view = player_view(state, None)
    return [(render.gah.board_png(view, compact=True, language=language), "board.png"),
            (render.gah.emperor_png(view, language=language), "emperor.png")]


def hotels_pictures(state: GameState, *, language: str = "en") -> list[tuple[bytes, str]]:
    """The whole board: each player's hotel is their own (`GameKind.shared_hotels` is off), so *Hotels* asks whose
    hotel to show and never calls this; it is here for the presenters' common shape."""
    return board_pictures(state, language=language)


def hotel_picture(state: GameState, index: int, *, language: str = "en") -> tuple[bytes, str]:
    """The hotel of the player at `index` as everyone sees it, in the game's `language`."""
    return render.gah.hotel_png(player_view(state, None), index, language=language), "hotel.png"


def board_caption(state: GameState, who: str, *, language: str = "en") -> str:
    """The words beside the board picture, in the game's `language`."""
    _ = translator(language)
    return _("Round {round}; {who} to act.", round=state.round, who=who)


def hand(state: GameState, name: str, *, language: str = "en") -> tuple[str, list[tuple[bytes, str]]]:
    """A player's staff hand (their own view) in words and as a picture, in `language` (the reader's: *My hand* is
    a private answer)."""
    view = player_view(state, name)
    index = view.player_index(name)
    return (gah_texts.hand_text(view, index, language=language),
            [(render.gah.hand_png(view, index, language=language), "hand.png")])


def score_text(state: GameState, *, language: str = "en") -> str:
    """Projected scores with the coming Emperor scorings, in the game's `language`."""
    return gah_texts.score_text(projected_scores(state), state, language=language)


def final_lines(state: GameState, *, language: str = "en") -> str:
    """`bot.games.gah.texts.final_lines` in the game's `language`."""
    return gah_texts.final_lines(state, language=language)


def scoreboard_png(state: GameState, *, language: str = "en") -> bytes:
    """`render.gah.scoreboard_png` in the game's `language`."""
    return render.gah.scoreboard_png(state, language=language)


def final_hotel_names(state: GameState) -> list[str]:
    """The players whose final hotel the final post offers as buttons."""
    return [player.name for player in state.players]


def warm() -> None:
    """Draw each picture kind once (caches of static layers, fonts), so the first turn post is not the slow one."""
    state = new_game(GameConfig(players=["ann", "bob"], seed=1))
    turn_pictures(state, 0, ())
    board_pictures(state)
    render.gah.hand_png(player_view(state, "ann"), 0)



# ----- what the host asks (`bot.host.kind_presenter.Presenter`) ----------------------------------------------------

def panel(state: GameState, actions: list[Action], name: str, *, page: int = 0, language: str = "en") -> TurnPanel:
    """The turn panel of player `name` (`build_panel`), what they hold and the "Quick turns" switch, in `language`
    (the clicker's)."""
    return TurnPanel(build_panel(state, actions, page=page, language=language),
                     status_line(state, name, language=language), quick_switch(state))


def post(state: GameState, moves: Sequence[Any], *, limit: int = 1800, language: str = "en") -> TurnPost:
    """The recap of `moves` in the game's `language`; never quiet."""
    return TurnPost(recap_text(moves, round_number=state.round, limit=limit, language=language), quiet_turn(state))


def show(state: GameState, wanted: PictureRequest, *, language: str = "en") -> Shown:
    """The pictures `wanted` in `language` (the game's; the reader's for *My hand*) and their words."""
    if isinstance(wanted, TurnPictures):
        return Shown("", turn_pictures(state, wanted.acting, wanted.moves, language=language))
    if isinstance(wanted, BoardPictures):
        drawn = hotels_pictures if wanted.hotels_only else board_pictures
        return Shown(board_caption(state, wanted.who, language=language), drawn(state, language=language))
    if isinstance(wanted, HotelPicture):
        return Shown("", [hotel_picture(state, wanted.index, language=language)])
    if isinstance(wanted, HandPictures):
        return Shown(*hand(state, wanted.name, language=language))
    assert isinstance(wanted, ScoreboardPicture)
    return Shown("", [(scoreboard_png(state, language=language), "scoreboard.png")])


def scores(state: GameState, *, language: str = "en") -> str:
    """`score_text` in the game's `language`."""
    return score_text(state, language=language)


def final(state: GameState, moves: Sequence[Any], *, language: str = "en") -> FinalPost:
    """The final ranking, the highlights of the logged `moves` and every player's final hotel, in `language`."""
    return FinalPost(final_lines(state, language=language), highlights(state, moves, language=language),
                     final_hotel_names(state))


def log(moves: Sequence[Any], page: int | None = None, *, page_chars: int = 1900, language: str = "en") -> LogPage:
    """`bot.games.gah.words_pages.log_page` in the game's `language`."""
    return LogPage(*words_pages.log_page(moves, page, page_chars=page_chars, language=language))


def lobby(options: Mapping[str, object], provisional: bool, *, language: str = "en") -> LobbyTexts:
    """The lobby's fields and footer and the options message's note (`bot.games.gah.options`), in `language`."""
    return LobbyTexts(lobby_fields(options, provisional, language=language), lobby_footer(options, language=language),
                      options_note(options, language=language))


def texts(provisional: bool, *, language: str = "en") -> GameTexts:
    """`/gah help` and `/gah rules` in `language` (the reader's)."""
    return GameTexts(command_help(language=language), rules_pages(provisional, language))


check_presenter(sys.modules[__name__])
