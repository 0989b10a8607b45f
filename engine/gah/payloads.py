"""Decision kinds and their typed payloads: what a pending frame's `data` holds, and the question it asks.

Each decision kind is a constant (`PREPARE_ROOMS = "prepare_rooms"`, ...) shared by the engine, the bot's
panel (`bot/games/gah/panel.py`), the picture texts (`render/gah/texts.py`) and the AI (`engine/gah/ai/rules.py`). Each
kind has a
payload dataclass: build one with its constructor (or a named constructor such as
`PrepareRoomsData.action_3(strength)`), push it with `ctx.push_payload(payload, player)` or put it in a frame
list with `payload.frame(player)`, and read a frame with `XData.of(frame)`; a decision that changes its
payload writes it back with `payload.store(frame)`. `payload.prompt` is the question in plain words (the bot
shows it above the choices; the AI may log it). `payload_of(frame)` gives the payload of any decision frame.

The JSON of a state is unchanged: `to_data()` gives exactly the dict that frames always held (optional fields
appear only when set), so stored games load and replay as before. The one field kept out of the dict is
`PlayStaffData.card` (the Staff Manager's hire), which frames mark by the source label "Staff Manager" and
`PlayStaffData.from_data` reads back (tests/engine/test_payloads.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from engine.gah.cards import hotel_rules

if TYPE_CHECKING:
    from engine.gah.state import Frame

SETUP_GUEST = "setup_guest"
DRAFT = "draft"
TURN = "turn"
SPLIT_DISHES = "split_dishes"
SPLIT_DRINKS = "split_drinks"
SPLIT_EMPEROR = "split_emperor"
IMITATE = "imitate"
PREPARE_ROOMS = "prepare_rooms"
PLAY_STAFF = "play_staff"
DRAW_PLAY = "draw_play"
RETURN_CARDS = "return_cards"
PLACE_ITEMS = "place_items"
SERVE = "serve"
FILL_ORDER = "fill_order"
FREE_GUEST = "free_guest"
OCCUPY_ROOMS = "occupy_rooms"
EXTRA_ACTION = "extra_action"
CONFERENCE = "conference"
PENALTY_CHOICE = "penalty_choice"
RETURN_HAND = "return_hand"
REMOVE_VACANT = "remove_vacant"
REMOVE_OCCUPIED = "remove_occupied"
DISCARD_GAME_END = "discard_game_end"
SECRETARY = "secretary"
SOLO_STAFF = "solo_staff"

SUFFER = "suffer"
"""Key set on a copy of a penalty row whose player chose to suffer it (2015 `penalty_choice`); not in data."""

STAFF_MANAGER_LABEL = "Staff Manager"

STAFF_MANAGER = 22
"""The Staff Manager's staff card id (staff 22; its ability is in `engine.gah.abilities`)."""
"""Source label of a Staff Manager hire in frames stored before the typed `card` field existed."""

P = TypeVar("P", bound="Payload")


@dataclass
class Payload:
    """Base of every decision payload: `KIND`, `PROMPT`, and the conversions to and from a frame's dict."""

    KIND: ClassVar[str]
    PROMPT: ClassVar[str]
    OPTIONAL: ClassVar[tuple[str, ...]] = ()
    """Fields left out of `to_data()` while falsy (so frames stored without them keep their exact JSON)."""

    def to_data(self) -> dict[str, Any]:
        """The frame's `data` dict (JSON-ready; lists are shared, not copied)."""
        data = {f.name: getattr(self, f.name) for f in fields(self)}
        for name in self.OPTIONAL:
            if not data[name]:
                del data[name]
        return data

    @classmethod
    def of(cls: type[P], frame: Frame) -> P:
        """The payload of `frame` (lists are shared with the frame: changing them changes the frame)."""
        return cls.from_data(frame.data)

    @classmethod
    def from_data(cls: type[P], data: dict[str, Any]) -> P:
        """Inverse of `to_data` (missing optional fields take their defaults).

        Raises:
            KeyError: a required field is missing.
        """
        names = {f.name for f in fields(cls)}
        return cls(**{key: value for key, value in data.items() if key in names})

    def store(self, frame: Frame) -> None:
        """Write this payload back into `frame.data` (after a decision changed it)."""
        frame.data.clear()
        frame.data.update(self.to_data())

    def frame(self, player: int) -> tuple[str, int, dict[str, Any]]:
        """(kind, player, data), as `Ctx.push_all` takes frames."""
        return self.KIND, player, self.to_data()

    @property
    def prompt(self) -> str:
        """The question, in plain words, for the player who must answer."""
        return self.PROMPT


PAYLOADS: dict[str, type[Payload]] = {}
"""Payload class by decision kind."""


def payload(cls: type[P]) -> type[P]:
    """Register a payload class under its `KIND`."""
    PAYLOADS[cls.KIND] = cls
    return cls


def payload_of(frame: Frame) -> Payload:
    """The typed payload of a decision frame.

    Raises:
        KeyError: the frame's kind is not a decision kind.
    """
    return PAYLOADS[frame.kind].of(frame)


@payload
@dataclass
class SetupGuestData(Payload):
    KIND = SETUP_GUEST
    PROMPT = "Setup: pick a guest for your café, for free."


@payload
@dataclass
class DraftData(Payload):
    """Every seat's current draft hand and whether that seat has picked this pass."""

    KIND = DRAFT
    PROMPT = "Staff draft: keep one card; the rest pass to the left."
    hands: list[list[int]]
    picked: list[bool]


@payload
@dataclass
class TurnData(Payload):
    KIND = TURN
    PROMPT = "Your turn: take a guest (optional), take a die (required), and do extra actions in any order."


@dataclass
class StrengthData(Payload):
    """An action carried out at `strength` (1-7)."""

    strength: int


@payload
@dataclass
class SplitDishesData(StrengthData):
    KIND = SPLIT_DISHES
    PROMPT = "Action 1: take strudel and cake (never more cake than strudel)."


@payload
@dataclass
class SplitDrinksData(StrengthData):
    KIND = SPLIT_DRINKS
    PROMPT = "Action 2: take wine and coffee (never more coffee than wine)."


@payload
@dataclass
class SplitEmperorData(StrengthData):
    KIND = SPLIT_EMPEROR
    PROMPT = "Action 4: split between Emperor steps and krones."


@payload
@dataclass
class ImitateData(StrengthData):
    KIND = IMITATE
    PROMPT = "Action 6: which action do you copy at this strength?"


@payload
@dataclass
class PrepareRoomsData(Payload):
    """Rooms to prepare one at a time: one discount (krones) per room still allowed; `free` rooms cost nothing;
    only floors up to `max_floor`; `occupy` turns each at once; `staff_manager`: a Staff Manager hire may come
    before the first room (retail text), until the first answer."""

    KIND = PREPARE_ROOMS
    PROMPT = "Prepare a room (adjacent to your rooms, in the space's colour)."
    OPTIONAL = ("staff_manager",)
    discounts: list[int]
    free: bool = False
    max_floor: int = 4
    occupy: bool = False
    source: str = ""
    staff_manager: bool = False

    @classmethod
    def setup(cls) -> PrepareRoomsData:
        """Setup: up to 3 starting rooms at the floor cost."""
        return cls([0, 0, 0], source="setup")

    @property
    def prompt(self) -> str:
        """The question; at setup, how many starting rooms are left and what they cost (issue 52 item 9)."""
        if self.source != "setup":
            return self.PROMPT
        left = len(self.discounts)
        rooms = "1 more starting room" if left == 1 else f"up to {left} starting rooms"
        above = ", ".join(f"floor {floor} costs {cost}" for floor, cost in enumerate(hotel_rules().floor_cost[1:], 2))
        return (f"Prepare {rooms}, beginning at room 1-1 (bottom left), each next one touching a room you have, in "
                f"its space's colour. The ground floor (floor 1) is free; {above} krones a room (rulebook, "
                "Preparations).")

    @classmethod
    def action_3(cls, strength: int) -> PrepareRoomsData:
        """Action 3: one room per point of strength."""
        return cls([0] * strength, source="action 3")

    @classmethod
    def one_room(cls, source: str) -> PrepareRoomsData:
        """One room at the floor cost (the Decorator)."""
        return cls([0], source=source)


@payload
@dataclass
class PlayStaffData(Payload):
    """Staff cards to play from hand: `count` cards, each `discount` krones cheaper (or `free`). `card`: the
    staff card whose ability grants the hire (the Staff Manager's die-triggered hire), else 0.

    `card` is not written to the frame's dict: frames have always marked that hire by the source label
    "Staff Manager", and keeping that keeps the JSON of states unchanged; `from_data` turns the label into
    `card` (the one place that reads it).
    """

    KIND = PLAY_STAFF
    PROMPT = "Play a staff card from your hand."
    count: int = 1
    discount: int = 0
    free: bool = False
    source: str = ""
    card: int = 0

    @classmethod
    def staff_manager_hire(cls, card: int) -> PlayStaffData:
        """The Staff Manager's hire at full cost."""
        return cls(source=STAFF_MANAGER_LABEL, card=card)

    def to_data(self) -> dict[str, Any]:
        data = super().to_data()
        del data["card"]
        return data

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> PlayStaffData:
        found = super().from_data(data)
        if found.source == STAFF_MANAGER_LABEL:
            found.card = STAFF_MANAGER
        return found


@payload
@dataclass
class DrawPlayData(Payload):
    """Drawn staff cards: play one of them (`discount` krones cheaper, or `free`) or none."""

    KIND = DRAW_PLAY
    PROMPT = "You drew these staff cards: play one of them, or none."
    cards: list[int]
    discount: int = 0
    free: bool = False
    source: str = ""


@payload
@dataclass
class ReturnCardsData(Payload):
    KIND = RETURN_CARDS
    PROMPT = "Choose the order in which the other cards go to the bottom of the staff deck."
    cards: list[int]


@payload
@dataclass
class PlaceItemsData(Payload):
    """Received dishes and drinks still to place, [strudel, cake, wine, coffee]."""

    KIND = PLACE_ITEMS
    PROMPT = "Place what you received on your guests' orders; the rest goes to your kitchen."
    items: list[int]


@payload
@dataclass
class ServeData(Payload):
    """Serving from the kitchen: `left` more items this krone covers."""

    KIND = SERVE
    PROMPT = "Serve more from your kitchen (this krone covers up to 3 items)."
    left: int


@dataclass
class CountData(Payload):
    """`count` more times, granted by `source`."""

    count: int
    source: str = ""


@payload
@dataclass
class FreeGuestData(CountData):
    KIND = FREE_GUEST
    PROMPT = "Take a guest from the display for free."


@payload
@dataclass
class OccupyRoomsData(CountData):
    KIND = OCCUPY_ROOMS
    PROMPT = "Occupy a prepared room."


@payload
@dataclass
class ReturnHandData(CountData):
    KIND = RETURN_HAND
    PROMPT = "Emperor penalty: return staff cards from your hand to the bottom of the deck."

    @property
    def prompt(self) -> str:
        """The question with how many cards are still to return (Emperor tiles A3: 2, B3 and B6: 3)."""
        cards = "1 staff card" if self.count == 1 else f"{self.count} staff cards"
        return f"{_penalty_of(self.source)}: return {cards} from your hand to the bottom of the deck."


def _penalty_of(source: str) -> str:
    """The start of an Emperor penalty's question: "Penalty of Emperor tile A3" (or "Emperor penalty")."""
    return f"Penalty of {source}" if source else "Emperor penalty"


@payload
@dataclass
class RemoveVacantData(CountData):
    KIND = REMOVE_VACANT
    PROMPT = "Emperor penalty: remove a vacant room from your highest floor."

    @property
    def prompt(self) -> str:
        """The question with how many rooms are still to remove (Emperor tiles A4: 1, B4: 2)."""
        rooms = "1 vacant room" if self.count == 1 else f"{self.count} vacant rooms, one at a time,"
        return f"{_penalty_of(self.source)}: remove {rooms} from your highest floor."


@dataclass
class SourceData(Payload):
    """Granted by `source`."""

    source: str = ""


@payload
@dataclass
class FillOrderData(SourceData):
    KIND = FILL_ORDER
    PROMPT = "Porter: complete one guest's order from the supply."


@payload
@dataclass
class ExtraActionData(SourceData):
    KIND = EXTRA_ACTION
    PROMPT = "E. Gizia: use an action space that still has a die, without taking the die."


@payload
@dataclass
class DiscardGameEndData(SourceData):
    KIND = DISCARD_GAME_END
    PROMPT = "Emperor penalty: discard one of your game-end staff cards."


@dataclass
class PenaltyData(Payload):
    """An Emperor penalty `row` (a behaviour row) from `source`."""

    row: dict[str, Any]
    source: str = ""


@payload
@dataclass
class ConferenceData(PenaltyData):
    KIND = CONFERENCE
    PROMPT = "Conference Manager: pay 1 krone to ignore the Emperor penalty?"


@payload
@dataclass
class PenaltyChoiceData(PenaltyData):
    KIND = PENALTY_CHOICE
    PROMPT = "Emperor penalty: suffer it, or lose VP instead?"


@payload
@dataclass
class RemoveOccupiedData(Payload):
    """Emperor tile C2: `left` rooms to remove, each below floor `below_floor`; 2015: in `column` once chosen."""

    KIND = REMOVE_OCCUPIED
    PROMPT = "Emperor penalty: remove an occupied room."
    left: int
    below_floor: int = 5
    column: int | None = None
    source: str = ""

    @property
    def prompt(self) -> str:
        """The question with how many rooms are still to remove (Emperor tile C2: 2)."""
        rooms = "1 occupied room" if self.left == 1 else f"{self.left} occupied rooms, one at a time"
        return f"{_penalty_of(self.source)}: remove {rooms}."


@payload
@dataclass
class SecretaryData(Payload):
    KIND = SECRETARY
    PROMPT = "Secretary: choose an opponent's game-end staff card to score for your hotel."


@payload
@dataclass
class SoloStaffData(Payload):
    """Solo setup: the drawn staff `cards` and how many are `left` to return to the deck bottom."""

    KIND = SOLO_STAFF
    PROMPT = "Solo setup: return staff cards to the bottom of the deck, one at a time; you keep the rest."
    cards: list[int] = field(default_factory=list)
    left: int = 0


__all__ = [name for name in dir() if name.isupper() or name.endswith("Data")] + ["PAYLOADS", "payload_of"]
