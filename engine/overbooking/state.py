"""Overbooking game state: plain dataclasses that round-trip through JSON exactly.

`GameState.from_json(s.to_json()) == s` for every reachable state. Card numbers: player `p`'s deck holds cards
`p * 24 + i` for `i` in 0-23, where `i` indexes `OverbookingData.cards` (crest-major, beds 1-6).
"""

from __future__ import annotations

import json
import pickle
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from engine.core.options import check_value, spec_named
from engine.overbooking.data import GuestCard, HotelFace, OverbookingData, bundled_data, parse_data
from engine.overbooking.options_spec import OPTIONS, GameOptions

DECK_SIZE = 24
HAND_SIZE = 9
CARDS_PER_ROUND = 5
ROUNDS = 4
TOKENS = 20
"""Point tokens in the box (overbooking-data.md 2.1)."""
QUEUE_LIMIT = 4
QUEUE_LIMIT_NO_DOOR = 5
DOOR_LIMIT = 2
SCORINGS = spec_named(OPTIONS, "scoring").values

HIDDEN = -3
"""A card nobody but its owner may see, in `player_view` (a hand or deck card)."""
BACKS = -10
"""`card_back` numbers are `BACKS` and below: a face-down card at a hotel as an opponent sees it in `player_view`."""


def card_back(crest: int, small: bool) -> int:
    """The number `player_view` gives a face-down card whose back an opponent sees: the card's crest (index into
    `OverbookingData.crests`) in its size, small (1-3 beds) or large (4-6). The back shows the crest and its size,
    not the group size (rulebook "Karty gości", "Uwaga"; docs/rules-notes-overbooking.md)."""
    return BACKS - 2 * crest - (0 if small else 1)


def is_back(number: int) -> bool:
    """True for a `card_back` number (a face-down card seen from its back)."""
    return number <= BACKS


def back_crest(number: int) -> int:
    """The crest index shown on a `card_back` number."""
    return (BACKS - number) // 2


def back_small(number: int) -> bool:
    """True when a `card_back` number shows a small crest (1-3 beds)."""
    return (BACKS - number) % 2 == 0


@dataclass
class GameConfig(GameOptions):
    """Options of an Overbooking game.

    Attributes:
        players: 2-4 distinct non-empty names, in seating order (clockwise).
        seed: seed of the game's random generator.
        data: component data (default: the bundled provisional file; `engine.overbooking.load_data` for others).

    The options, keyword-only, are declared in `engine.overbooking.options_spec.GameOptions`: `scoring`, the
    "beginner" or "advanced" side of the score cards (rulebook, "Koniec gry i punktacja"); `without_score_cards`, the
    first-game variant: play without the score cards, so no crest-set bonus at the end (rulebook, set-up: "Jeżeli
    chcecie, możecie rozegrać pierwszą grę bez kart wyników"; the goal, "Celem jest...": "możecie również rozegrać
    pierwszą grę bez punktów bonusowych"). `scoring` is then unused. Default False, as in games stored before the
    option existed.
    """

    players: list[str]
    seed: int = 0
    data: OverbookingData = field(default_factory=bundled_data)

    def validate(self) -> None:
        """Raises ValueError with a readable sentence if an option is invalid."""
        if not 2 <= len(self.players) <= 4:
            raise ValueError("Overbooking needs 2 to 4 players.")
        if len(set(self.players)) != len(self.players) or any(not name.strip() for name in self.players):
            raise ValueError("Player names must be non-empty and all different.")
        for option in OPTIONS:  # each option's value as engine.overbooking.options_spec declares it
            check_value(option, getattr(self, option.name))


@dataclass
class PlacedCard:
    """A guest card lying at a hotel: its number, its owner's seat index and whether it lies face up."""

    card: int
    owner: int
    face_up: bool = False


@dataclass
class HotelSlot:
    """One place in the column of hotels (top first) and what lies there this round.

    Attributes:
        tile, side: the hotel face shown (`OverbookingData.hotel(tile, side)`).
        queue: the booking queue, nearest the hotel first.
        door: the back door, nearest the hotel first.
        token: a point token lies at this back door.
        revealed: phase 2 has turned this hotel's cards face up.
        priority: cards chosen by nobles to book first, in the order chosen.
        beds_change: beds added by merchants and taken by workers at the back door (phase 2).
    """

    tile: int
    side: str
    queue: list[PlacedCard] = field(default_factory=list)
    door: list[PlacedCard] = field(default_factory=list)
    token: bool = False
    revealed: bool = False
    priority: list[int] = field(default_factory=list)
    beds_change: int = 0


@dataclass
class PlayerState:
    """One player's cards.

    Attributes:
        deck: face-down draw pile, the top card last.
        hand: cards in hand (hidden from the others).
        booked: cards that got beds, face up in front of the player (their coins score at the end).
        tokens: point tokens taken at back doors.
        placed: cards placed this round (phase 1).
        done: finished placing this round (five cards, skipped the fifth, or could not place).
    """

    name: str
    deck: list[int] = field(default_factory=list)
    hand: list[int] = field(default_factory=list)
    booked: list[int] = field(default_factory=list)
    tokens: int = 0
    placed: int = 0
    done: bool = False


@dataclass
class Pending:
    """A back-door ability that waits for its owner's choice in phase 2 (maids, nobles, soldiers)."""

    ability: str
    player: int
    hotel: int
    card: int


@dataclass
class Step:
    """One step of a hotel's resolution in phase 2, for the round-end post and its picture.

    Attributes:
        kind: "reveal", "ability", "book", "full", "discard".
        text: one sentence in plain English (the log's; the bot words a step in other languages from the data).
        card, owner: the card concerned (None for a step about the hotel).
        beds: free beds after the step.
        outcome: what an "ability" step did (`ABILITY_OUTCOMES`); "" for other steps and in games stored before
            it was kept, whose ability steps only have `text`.
        target: the queue card an ability acted on ("book_first", "take_place"), else None.
        change: the beds an ability added or took away ("beds": +3 or -3), else 0.
    """

    kind: str
    text: str
    card: int | None
    owner: int | None
    beds: int
    outcome: str = ""
    target: int | None = None
    change: int = 0


ABILITY_OUTCOMES = ("queue_end", "beds", "no_card", "no_workers", "declined", "book_first", "take_place")
"""What a back-door ability can do (rulebook p. 7): a monk walks to the end of the queue; merchants or workers
change the beds; maids or nobles find no card of their owner, soldiers no workers card; the owner declines; nobles
let a card book first; maids or soldiers take a card's place."""


@dataclass
class Resolution:
    """How one hotel resolved: its place, face, the cards as revealed (queue and back door, nearest the hotel
    first; a card's owner is `card // 24`) and the steps in order."""

    slot: int
    tile: int
    side: str
    steps: list[Step] = field(default_factory=list)
    queue: list[int] = field(default_factory=list)
    door: list[int] = field(default_factory=list)
    round: int = 0


@dataclass
class GameState:
    """Everything about one game of Overbooking.

    Attributes:
        phase: "place" (phase 1), "resolve" (phase 2, waiting on a back-door choice) or "over".
        round: 1-4.
        start_player: seat index holding the start marker.
        turn: seat index to place a card (phase 1).
        hotels: the hotels in play, top first.
        box_tiles: hotel tiles not used yet (the new hotels before round 3 come from here).
        discard: cards out of the game (back to the box).
        token_supply: point tokens still in the box.
        resolving, door_order, door_step: the hotel in phase 2, its back-door cards as revealed and the next one.
        pending: the back-door choice waited on, if any.
        resolutions: how each hotel resolved in the latest phase 2.
        rng: the seeded generator's state (`engine.core.rng`).
    """

    config: GameConfig
    rng: int = 0
    players: list[PlayerState] = field(default_factory=list)
    phase: str = "place"
    round: int = 1
    start_player: int = 0
    turn: int = 0
    hotels: list[HotelSlot] = field(default_factory=list)
    box_tiles: list[int] = field(default_factory=list)
    discard: list[int] = field(default_factory=list)
    token_supply: int = TOKENS
    resolving: int = 0
    door_order: list[int] = field(default_factory=list)
    door_step: int = 0
    pending: Pending | None = None
    resolutions: list[Resolution] = field(default_factory=list)

    @property
    def is_over(self) -> bool:
        """True once the fourth round has been resolved."""
        return self.phase == "over"

    @property
    def current_index(self) -> int | None:
        """Seat index of the player who must act, or None when the game is over."""
        if self.phase == "over":
            return None
        if self.pending is not None:
            return self.pending.player
        return self.turn

    @property
    def current_player(self) -> str | None:
        """Name of the player who must act, or None when the game is over."""
        index = self.current_index
        return None if index is None else self.players[index].name

    @property
    def provisional(self) -> bool:
        """True when the game uses provisional card values and hotels (see `engine.overbooking.data`)."""
        return self.config.data.provisional

    def card(self, number: int) -> GuestCard:
        """The guest card with this number (any seat's deck).

        Raises:
            ValueError: `number` is a hidden card of a `player_view` (`HIDDEN` or a `card_back`).
        """
        if number < 0:
            raise ValueError(f"card {number} is hidden in this view; only its back is known")
        return self.config.data.cards[number % DECK_SIZE]

    def crest_shown(self, number: int) -> str:
        """The crest id a card shows: from its face, or from its back (`card_back`): the back shows it too.

        Raises:
            ValueError: `number` is `HIDDEN` (a hand or deck card of a view).
        """
        if is_back(number):
            return self.config.data.crests[back_crest(number)].id
        return self.card(number).crest

    def small_shown(self, number: int) -> bool:
        """True when a card shows a small crest (1-3 beds), from its face or its back.

        Raises:
            ValueError: `number` is `HIDDEN`.
        """
        return back_small(number) if is_back(number) else self.card(number).small

    @staticmethod
    def owner_of(number: int) -> int:
        """Seat index of the deck a card number belongs to."""
        return number // DECK_SIZE

    def face(self, slot: int) -> HotelFace:
        """The hotel face shown at place `slot` (0 = top)."""
        hotel = self.hotels[slot]
        return self.config.data.hotel(hotel.tile, hotel.side)

    def player_index(self, name: str) -> int:
        """Seat index of the player called `name`.

        Raises:
            KeyError: no such player.
        """
        for index, player in enumerate(self.players):
            if player.name == name:
                return index
        raise KeyError(f"{name} is not playing in this game")

    def copy(self) -> GameState:
        """A deep copy."""
        config = self.config
        shallow = replace(self, config=None)  # type: ignore[arg-type]  # data is shared, not copied
        copied: GameState = pickle.loads(pickle.dumps(shallow))
        copied.config = replace(config, players=list(config.players))
        return copied

    def to_json(self) -> str:
        """The whole state as a JSON text (`GameState.from_json` reads it back equal)."""
        raw = asdict(self)
        raw["config"]["data"] = self.config.data.to_dict()
        return json.dumps(raw, separators=(",", ":"), sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> GameState:
        """The state written by `to_json`.

        Raises:
            ValueError: the text is not a state written by `to_json`.
        """
        raw: dict[str, Any] = json.loads(text)
        config = raw.pop("config")
        config["data"] = parse_data(config["data"], "the stored game")
        pending = raw.pop("pending")
        return cls(
            config=GameConfig(**config),
            players=[PlayerState(**p) for p in raw.pop("players")],
            hotels=[_hotel(h) for h in raw.pop("hotels")],
            pending=None if pending is None else Pending(**pending),
            resolutions=[Resolution(r["slot"], r["tile"], r["side"], [Step(**s) for s in r["steps"]], r["queue"],
                                    r["door"], r["round"]) for r in raw.pop("resolutions")],
            **raw,
        )


def _hotel(raw: dict[str, Any]) -> HotelSlot:
    raw = dict(raw)
    raw["queue"] = [PlacedCard(**c) for c in raw["queue"]]
    raw["door"] = [PlacedCard(**c) for c in raw["door"]]
    return HotelSlot(**raw)
