"""What the shared machinery calls of a game's presentation half (`GameKind.presenter()`): the `Presenter`
protocol, which each presenter module (`bot.games.gah.presenter`, `bot.games.overbooking.presenter`) implements
as plain module functions and constants, checked by mypy where the kind returns the module and, member by member,
by `check_presenter` when the module is imported."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import ModuleType
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
    """The host's option menus: (option, [(label, value)]), one row each of the options message. The labels (and
    `OPTION_PLACEHOLDERS`, `OPTION_NOTES`) are English, extracted for the catalogs (the option spec's, by
    `bot.host.option_menus.extract_option_labels`; others marked `N_`): the lobby says them in its language."""
    VARIANT_FLAGS: tuple[str, ...]
    """The boolean options, chosen together in the one "variants" menu."""
    OPTION_PLACEHOLDERS: Mapping[str, str]
    """What an option menu says while nothing in it is chosen (else the option's name)."""
    OPTION_NOTES: Mapping[str, str]
    """Short notes under some option labels (by value)."""
    MODULE_CHOICES: tuple[tuple[str, str, str], ...]
    """The game's modules the host may add in the "variants" menu: (label, `modules` name, note); none: ()."""

    def build_panel(self, state: S_contra, actions: list[Action], *, page: int = 0, language: str = ...) -> Panel:
        """The turn panel's page `page` for the player whose legal `actions` these are, its labels, prompt and
        placeholders in `language` (the clicker's: `bot.host.language`); custom ids and values never change with it."""

    def status_line(self, state: S_contra, name: str, *, language: str = ...) -> str: ...

    def quiet_turn(self, state: S_contra) -> bool: ...

    def quick_switch(self, state: S_contra) -> bool: ...

    def recap_text(self, moves: Sequence[Move], *, round_number: int | None = None, limit: int = 1800,
                   language: str = ...) -> str: ...

    def log_page(self, moves: Sequence[Move], page: int | None = None, *,
                 page_chars: int = 1900, language: str = ...) -> tuple[str, int, int]: ...

    def log_export(self, moves: Sequence[Move], *, title: str = ..., language: str = ...) -> str: ...

    def turn_pictures(self, state: S_contra, acting: int, moves: Sequence[Move], *, language: str = ...
                      ) -> Pictures: ...

    def board_pictures(self, state: S_contra, *, language: str = ...) -> Pictures: ...

    def hotels_pictures(self, state: S_contra, *, language: str = ...) -> Pictures: ...

    def hotel_picture(self, state: S_contra, index: int, *, language: str = ...) -> tuple[bytes, str]: ...

    def board_caption(self, state: S_contra, who: str, *, language: str = ...) -> str: ...

    def hand(self, state: S_contra, name: str, *, language: str = ...) -> tuple[str, Pictures]:
        """*My hand*: the player's own hand in words and pictures, in `language` (the reader's)."""

    def score_text(self, state: S_contra, *, language: str = ...) -> str: ...

    def final_lines(self, state: S_contra, *, language: str = ...) -> str: ...

    def scoreboard_png(self, state: S_contra, *, language: str = ...) -> bytes: ...

    def highlights(self, state: S_contra, moves: Sequence[Move], *, language: str = ...) -> str:
        """The final post's highlights of the finished game `state` from its logged `moves` (a bold heading and
        bulleted sentences) in the game's `language`, or "" when the game has none to tell."""

    def final_hotel_names(self, state: S_contra) -> list[str]: ...

    def warm(self) -> None: ...

    def lobby_fields(self, options: Mapping[str, object], provisional: bool, *, language: str = ...
                     ) -> list[tuple[str, str]]:
        """The lobby embed's own fields of the game (name, value), in the lobby's `language`."""

    def lobby_footer(self, options: Mapping[str, object], *, language: str = ...) -> str:
        """The lobby embed's footer, in the lobby's `language`."""

    def options_note(self, options: Mapping[str, object], *, language: str = ...) -> str:
        """What the host's options message adds after the options line, in the host's `language`."""

    def command_help(self, *, language: str = ...) -> str:
        """The answer of `/<command> help`: how to play this game with the bot, in `language` (the reader's)."""

    def help_text(self, kind: str, *, language: str = ...) -> str:
        """The answer of a panel's "?" button: what the decision of kind `Panel.decision` is, with its rule, in a
        few plain sentences (a pointer to the rules for a kind the game does not know), in `language` (the
        clicker's)."""

    def rules_pages(self, provisional: bool, locale: str | None = None) -> tuple[str, ...]:
        """The pages of the game's rules summary (`/gah rules`), each one Discord message, in the language of the
        Discord `locale` (English for None or one without a catalog); `provisional` says whether new games use
        provisional numbers (a page may say so)."""


def protocol_members(protocol: type) -> set[str]:
    """The names a protocol class declares (methods and annotated constants), its bases' included."""
    names: set[str] = set()
    for cls in protocol.__mro__:
        if cls is object or cls.__module__ == "typing":
            continue
        names |= {name for name in vars(cls) if not name.startswith("_")}
        names |= set(getattr(cls, "__annotations__", {}))
    return names


def check_presenter(module: ModuleType) -> None:
    """Fail at once, naming what is missing, when a presenter module lacks a member of `Presenter` (each presenter
    module calls this on itself as its last line, so the error comes at its import, not at the first post that needs
    the member; mypy's error where the kind returns the module names the protocol, not the member).

    Raises:
        TypeError: `module` lacks one or more members; the message names them.
    """
    missing = sorted(name for name in protocol_members(Presenter) if not hasattr(module, name))
    if missing:
        raise TypeError(f"{module.__name__} is not a complete presenter: it lacks {', '.join(missing)}")
