"""What the shared machinery asks of a game's presentation half (`GameKind.presenter()`): the `Presenter`
protocol, a few typed methods that each answer one thing the bot shows (the panel, a post, pictures, the scores,
the log, the lobby, the help and rules texts) with a small frozen record, and `check_presenter`, which each presenter
module (`bot.games.gah.presenter`, `bot.games.overbooking.presenter`) calls on itself so that a missing member fails
at its import, by name (mypy checks the types where the kind returns the module)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Protocol, TypeVar

if TYPE_CHECKING:
    from bot.host.panel_types import Panel
    from bot.host.service.model import Move
    from engine.core.actions import Action

S_contra = TypeVar("S_contra", contravariant=True)

Pictures = list[tuple[bytes, str]]
"""Pictures to upload: (PNG bytes, file name)."""


@dataclass(frozen=True)
class OptionMenus:
    """The host's option menus of a game. The labels (and `placeholders`, `notes`) are English, extracted for the
    catalogs (the option spec's, by `bot.host.option_menus.extract_option_labels`; others marked `N_`): the lobby
    says them in its language."""

    choices: list[tuple[str, list[tuple[str, str]]]]
    """(option, [(label, value)]), one row each of the options message."""
    variant_flags: tuple[str, ...]
    """The boolean options, chosen together in the one "variants" menu."""
    placeholders: Mapping[str, str]
    """What an option menu says while nothing in it is chosen (else the option's name)."""
    notes: Mapping[str, str]
    """Short notes under some option labels (by value)."""
    modules: tuple[tuple[str, str, str], ...]
    """The game's modules the host may add in the "variants" menu: (label, `modules` name, note); none: ()."""


@dataclass(frozen=True)
class TurnPanel:
    """A player's private turn panel: the choices, the line of what they hold, whether it offers "Quick turns"."""

    panel: Panel
    status: str
    """What the player holds, under the panel's prompt."""
    quick_switch: bool
    """Whether the panel offers the "Quick turns" switch now."""


@dataclass(frozen=True)
class TurnPost:
    """The words of a turn post (or of the final post's last moves)."""

    recap: str
    """The moves told, "" when none is worth telling."""
    quiet: bool
    """Whether the post pings nobody (Overbooking: one ping a round, for the first of its cards)."""


@dataclass(frozen=True)
class TurnPictures:
    """The turn post's pictures, of seat `acting` (the one the post pings or whose `moves` it tells)."""

    acting: int
    moves: Sequence[Move] = ()


@dataclass(frozen=True)
class BoardPictures:
    """*Full board* and the board command (`hotels_only`: *Hotels* of a game with shared hotels), with a caption
    naming `who` is to act."""

    who: str
    hotels_only: bool = False


@dataclass(frozen=True)
class HotelPicture:
    """The hotel of the player at `index` as everyone sees it."""

    index: int


@dataclass(frozen=True)
class HandPictures:
    """*My hand*: the hand of player `name` (their own view), in words and pictures."""

    name: str


@dataclass(frozen=True)
class ScoreboardPicture:
    """The final post's scoreboard."""


PictureRequest = TurnPictures | BoardPictures | HotelPicture | HandPictures | ScoreboardPicture
"""What `Presenter.show` is asked to draw."""


@dataclass(frozen=True)
class Shown:
    """Pictures with the words that go with them ("" when none)."""

    text: str
    pictures: Pictures


@dataclass(frozen=True)
class FinalPost:
    """The final post's words and buttons of a finished game."""

    lines: str
    """The final ranking."""
    highlights: str
    """A bold heading and bulleted sentences of the game's best moments, "" when the game has none to tell."""
    hotel_names: list[str]
    """The players whose final hotel the final post offers as buttons."""


@dataclass(frozen=True)
class LogPage:
    """One page of the game's log in words."""

    text: str
    page: int
    """The page shown (from 0)."""
    pages: int


@dataclass(frozen=True)
class LobbyTexts:
    """The game's own words in the lobby."""

    fields: list[tuple[str, str]]
    """The lobby embed's own fields of the game (name, value)."""
    footer: str
    """The lobby embed's footer."""
    options_note: str
    """What the host's options message adds after the options line."""


@dataclass(frozen=True)
class GameTexts:
    """The game's help and rules texts."""

    command_help: str
    """The answer of `/<command> help`: how to play this game with the bot."""
    rules_pages: tuple[str, ...]
    """The pages of the game's rules summary (`/<command> rules`), each one Discord message."""


class Presenter(Protocol[S_contra]):
    """The panel, words, pictures and lobby texts of one game, for states of type `S_contra`. Every method that
    produces words takes the language to say them in (`bot.host.language` says whose: the game's for public posts
    and pictures, the reader's for private answers)."""

    MENUS: OptionMenus
    """The host's option menus."""

    def panel(self, state: S_contra, actions: list[Action], name: str, *, page: int = 0, language: str = ...
              ) -> TurnPanel:
        """The turn panel's page `page` for player `name`, whose legal `actions` these are, its labels, prompt and
        placeholders in `language` (the clicker's); custom ids and values never change with it."""

    def post(self, state: S_contra, moves: Sequence[Move], *, limit: int = 1800, language: str = ...) -> TurnPost:
        """The words of a post telling `moves` (at most `limit` characters) that led to `state`."""

    def show(self, state: S_contra, wanted: PictureRequest, *, language: str = ...) -> Shown:
        """The pictures `wanted` of `state` (drawn in the render thread) and their words."""

    def scores(self, state: S_contra, *, language: str = ...) -> str:
        """The scores so far (the score command)."""

    def final(self, state: S_contra, moves: Sequence[Move], *, language: str = ...) -> FinalPost:
        """The final post's words of the finished game `state`, its highlights from its logged `moves`."""

    def log(self, moves: Sequence[Move], page: int | None = None, *, page_chars: int = 1900, language: str = ...
            ) -> LogPage:
        """The log's page `page` (None: the newest) of at most `page_chars` characters."""

    def log_export(self, moves: Sequence[Move], *, title: str, language: str = ...) -> str:
        """The whole game in words under `title`, as a text file's content."""

    def lobby(self, options: Mapping[str, object], provisional: bool, *, language: str = ...) -> LobbyTexts:
        """The game's words in the lobby and the host's options message, in the lobby's `language`."""

    def texts(self, provisional: bool, *, language: str = ...) -> GameTexts:
        """The help and rules texts; `provisional` says whether new games use provisional numbers."""

    def help_text(self, kind: str, *, language: str = ...) -> str:
        """The answer of a panel's "?" button: what the decision of kind `Panel.decision` is, with its rule, in a
        few plain sentences (a pointer to the rules for a kind the game does not know), in `language` (the
        clicker's)."""

    def warm(self) -> None:
        """Draw each picture kind once (caches of static layers, fonts), so the first post is not the slow one."""


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
    """Fail at once, naming what is missing, when a presenter module lacks a member of `Presenter` or has one of the
    wrong kind (each presenter module calls this on itself as its last line, so the error comes at its import, not
    at the first post that needs the member; mypy's error where the kind returns the module names the protocol, not
    the member).

    Raises:
        TypeError: `module` lacks one or more members, or a method is not callable or `MENUS` not an
            `OptionMenus`; the message names them.
    """
    members = protocol_members(Presenter)
    missing = sorted(name for name in members if not hasattr(module, name))
    if missing:
        raise TypeError(f"{module.__name__} is not a complete presenter: it lacks {', '.join(missing)}")
    wrong = sorted(name for name in members - {"MENUS"} if not callable(getattr(module, name)))
    if not isinstance(module.MENUS, OptionMenus):
        wrong = ["MENUS", *wrong]
    if wrong:
        raise TypeError(f"{module.__name__} is not a complete presenter: {', '.join(wrong)} "
                        f"{'is' if len(wrong) == 1 else 'are'} not what `Presenter` asks (methods, and MENUS an "
                        "OptionMenus)")
