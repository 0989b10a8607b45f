"""What the shared machinery calls of a game's presentation half (`GameKind.presenter()`): the `Presenter`
protocol, which each presenter module (`bot.games.gah.presenter`, `bot.games.overbooking.presenter`) implements
as plain module functions and constants, checked by mypy where the kind returns the module."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Protocol, TypeVar

if TYPE_CHECKING:
    from bot.host.panel_types import Panel
    from bot.host.service.model import Move
    from engine.core.actions import Action

S_contra = TypeVar("S_contra", contravariant=True)

Pictures = list[tuple[bytes, str]]
"""Pictures to upload: (PNG bytes, file name)."""


class Presenter(Protocol[S_contra]):
    """The panel, words, pictures and lobby texts of one game, for states of type `S_contra`."""

    OPTION_CHOICES: list[tuple[str, list[tuple[str, str]]]]
    """The host's option menus: (option, [(label, value)]), one row each of the options message."""
    VARIANT_FLAGS: tuple[str, ...]
    """The boolean options, chosen together in the one "variants" menu."""
    OPTION_PLACEHOLDERS: Mapping[str, str]
    """What an option menu says while nothing in it is chosen (else the option's name)."""
    OPTION_NOTES: Mapping[str, str]
    """Short notes under some option labels (by value)."""
    MODULE_CHOICES: tuple[tuple[str, str, str], ...]
    """The game's modules the host may add in the "variants" menu: (label, `modules` name, note); none: ()."""

    def build_panel(self, state: S_contra, actions: list[Action], *, page: int = 0) -> Panel: ...

    def status_line(self, state: S_contra, name: str) -> str: ...

    def quiet_turn(self, state: S_contra) -> bool: ...

    def quick_switch(self, state: S_contra) -> bool: ...

    def recap_text(self, moves: Sequence[Move], *, round_number: int | None = None, limit: int = 1800) -> str: ...

    def log_page(self, moves: Sequence[Move], page: int | None = None, *,
                 page_chars: int = 1900) -> tuple[str, int, int]: ...

    def log_export(self, moves: Sequence[Move], *, title: str = ...) -> str: ...

    def turn_pictures(self, state: S_contra, acting: int, moves: Sequence[Move], *, language: str = ...
                      ) -> Pictures: ...

    def board_pictures(self, state: S_contra, *, language: str = ...) -> Pictures: ...

    def hotels_pictures(self, state: S_contra, *, language: str = ...) -> Pictures: ...

    def hotel_picture(self, state: S_contra, index: int, *, language: str = ...) -> tuple[bytes, str]: ...

    def board_caption(self, state: S_contra, who: str) -> str: ...

    def hand(self, state: S_contra, name: str) -> tuple[str, Pictures]: ...

    def score_text(self, state: S_contra) -> str: ...

    def final_lines(self, state: S_contra) -> str: ...

    def scoreboard_png(self, state: S_contra, *, language: str = ...) -> bytes: ...

    def final_hotel_names(self, state: S_contra) -> list[str]: ...

    def warm(self) -> None: ...

    def lobby_fields(self, options: Mapping[str, object], provisional: bool) -> list[tuple[str, str]]: ...

    def lobby_footer(self, options: Mapping[str, object]) -> str: ...

    def options_note(self, options: Mapping[str, object]) -> str: ...

    def help_text(self, kind: str) -> str:
        """The answer of a panel's "?" button: what the decision of kind `Panel.decision` is, with its rule, in a
        few plain sentences (a pointer to the rules for a kind the game does not know)."""

    def rules_pages(self, provisional: bool, locale: str | None = None) -> tuple[str, ...]:
        """The pages of the game's rules summary (`/gah rules`), each one Discord message, in the language of the
        Discord `locale` (English for None or one without a catalog); `provisional` says whether new games use
        provisional numbers (a page may say so)."""


class OverbookingPresenter(Presenter[S_contra], Protocol[S_contra]):
    """Overbooking's presenter (its rules pages are `Presenter.rules_pages` now, like every game's)."""
