"""The game state: plain dataclasses that round-trip through JSON exactly.

`GameState.from_json(s.to_json()) == s` for every reachable state. The state holds everything:
config, round, dice, guest display and decks, each player's hotel, café, kitchen, tracks and staff,
politics markers, the generator state, and the stack of pending decisions (`pending`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engine.gah.config import GameConfig
from engine.gah.hooks import STATE_EXTENSIONS, Hooks, load_plug_ins, mounted
from engine.gah.payloads import DRAFT

if TYPE_CHECKING:  # the expansion's own type, for the readers of its attribute; read through engine.gah.hooks
    from engine.gah.waltz.state import WaltzState

EMPTY, PREPARED, OCCUPIED = 0, 1, 2
"""Values of `PlayerState.rooms[i]`: no tile, a prepared (vacant) room, an occupied room."""


@dataclass
class CafeTable:
    """One café table: the guest sitting there (card id or None) and what is served on their order.

    `served` counts [strudel, cake, wine, coffee] already placed on the guest's order.
    """

    guest: int | None = None
    served: list[int] = field(default_factory=lambda: [0, 0, 0, 0])


@dataclass
class PlayerState:
    """One player's hotel board and holdings.

    Attributes:
        name: the player's name.
        money: krones, 0-20.
        emperor: Emperor track position, 0-13.
        vp: VP gained during play (final scoring is added by `engine.gah.scoring.final_scores`); may be negative.
        vp_sources: the same VP split by source (guests, emperor, politics, rooms, occupancy, staff, penalty...).
        kitchen: dishes and drinks in the kitchen, [strudel, cake, wine, coffee].
        cafe: the three café tables.
        hand: staff card ids in hand (hidden from other players).
        played: staff card ids played (all kinds stay in play).
        used: once-per-round staff ids already used this round.
        rooms: 20 room states (EMPTY, PREPARED, OCCUPIED), index (floor-1)*5 + (column-1).
        side: hotel side name ("standard" or a day side).
        tile: the two turn numbers on this player's turn order tile this round.
        covered: turn numbers already taken this round.
        dice_taken: dice lying on this player's turn order tile.
        secretary_copy: the opponent game-end staff id the Secretary copies, once chosen.
        checked_in: guest ids this player moved into rooms, in order.
        deck_known: staff card ids this player put on the bottom of the staff deck that are still in it: this
            player knows them, nobody else does (`engine.player_view`). Left out of the JSON while empty.
        celebrities: Let's Waltz module 2: the celebrities this player took this round (their effects last until
            the celebrity clean-up). Left out of the JSON while empty.
        entrance: Let's Waltz module 3: this player's hotel entrance id. Left out of the JSON while None.
        paid_groups: indices into the hotel layout's `groups` whose occupancy bonus this player has been paid,
            ascending (`engine.gah.mechanics.occupancy_bonus`). Left out of the JSON while empty, so states stored
            before it existed load with no group paid.
    """

    name: str
    money: int = 10
    emperor: int = 0
    vp: int = 0
    vp_sources: dict[str, int] = field(default_factory=dict)
    kitchen: list[int] = field(default_factory=lambda: [1, 1, 1, 1])
    cafe: list[CafeTable] = field(default_factory=lambda: [CafeTable() for _ in range(3)])
    hand: list[int] = field(default_factory=list)
    played: list[int] = field(default_factory=list)
    used: list[int] = field(default_factory=list)
    rooms: list[int] = field(default_factory=lambda: [EMPTY] * 20)
    side: str = "standard"
    tile: list[int] = field(default_factory=list)
    covered: list[int] = field(default_factory=list)
    dice_taken: int = 0
    secretary_copy: int | None = None
    checked_in: list[int] = field(default_factory=list)
    deck_known: list[int] = field(default_factory=list)
    celebrities: list[int] = field(default_factory=list)
    entrance: int | None = None
    paid_groups: list[int] = field(default_factory=list)


@dataclass
class Frame:
    """One entry of the pending-decision stack.

    A frame whose kind starts with "auto:" is a step the engine carries out by itself; any other frame
    is a decision that `player` (an index into `GameState.players`) must answer.
    """

    kind: str
    player: int
    data: dict[str, Any] = field(default_factory=dict)


@dataclass
class TurnState:
    """Bookkeeping of the turn in progress."""

    player: int
    number: int
    guest_taken: bool = False
    die_taken: bool = False
    acted: bool = False
    no_dice: bool = False
    extra: bool = False
    """2015 E. Gizia: this is the extra turn (its die stays on the space)."""
    extra_pending: int = 0
    """2015 E. Gizia: extra turns owed once this turn's die action is taken."""


@dataclass
class SoloState:
    """The solo opponent's own card piles ("Dinner for One", issue 9); the rules live in `engine.gah.solo`.

    Attributes:
        seat: the opponent's seat index in `GameState.players` (a seat that never answers a decision).
        deck: instruction cards face down, the top card last (hidden by `player_view`).
        discard: instruction cards already carried out, face up, the latest last.
        staff: the private staff deck, face down, the top card last (hidden by `player_view`); revealed cards
            go to the seat's `PlayerState.played`.
        countdown: per politics card (A, B, C) the opponent's marker: 0 none, 3/2 on "III"/"II", 1 claimed.
    """

    seat: int
    deck: list[int] = field(default_factory=list)
    discard: list[int] = field(default_factory=list)
    staff: list[int] = field(default_factory=list)
    countdown: list[int] = field(default_factory=lambda: [0, 0, 0])


@dataclass
class GameState:
    """The whole game. Treat it as immutable: `engine.apply` returns a new one.

    Attributes:
        config: the game's options.
        round: 1-7 (0 during setup).
        phase: "setup", "play", "emperor", "final" or "over".
        start_player: index of the player who started round 1.
        players: one `PlayerState` per seat, in seating order.
        dice: dice on action spaces 1-6 (index 0 is space 1).
        dustbin: dice removed this round.
        display: guest ids on display positions 1-5 (left to right); None for an empty position.
        guest_deck: face-down guests, the top card last.
        guest_discard: guests discarded (checked in or removed).
        staff_deck: face-down staff cards, the top card last; "to the bottom" means index 0.
        staff_discard: staff cards removed from play.
        politics: the three politics card ids (piles A, B, C).
        politics_claims: for each politics card, the player indices in the order they claimed it.
        emperor_tiles: the three Emperor tile ids (scored after rounds 3, 5, 7).
        pending: the decision stack; the last frame is answered first.
        turn: the turn in progress, or None.
        cycle: turn numbers still to come in the current pass through the turn order.
        passed: which players passed in the current pass through the turn order.
        rng: the random generator state (see `engine.core.rng`).
        vp_history: each player's VP (track only) after every finished round.
        steps: number of actions applied so far.
    """

    config: GameConfig
    round: int = 0
    phase: str = "setup"
    start_player: int = 0
    players: list[PlayerState] = field(default_factory=list)
    dice: list[int] = field(default_factory=lambda: [0] * 6)
    dustbin: int = 0
    display: list[int | None] = field(default_factory=lambda: [None] * 5)
    guest_deck: list[int] = field(default_factory=list)
    guest_discard: list[int] = field(default_factory=list)
    staff_deck: list[int] = field(default_factory=list)
    staff_discard: list[int] = field(default_factory=list)
    politics: list[int] = field(default_factory=list)
    politics_claims: list[list[int]] = field(default_factory=list)
    emperor_tiles: list[str] = field(default_factory=list)
    pending: list[Frame] = field(default_factory=list)
    turn: TurnState | None = None
    cycle: list[int] = field(default_factory=list)
    passed: list[bool] = field(default_factory=list)
    rng: int = 0
    vp_history: list[list[int]] = field(default_factory=list)
    steps: int = 0
    display_taken: bool = False
    """Whether any player took a display guest this round (for `discard_unclaimed_guests`)."""
    solo: SoloState | None = None
    """The solo opponent's card piles (solo games only; omitted from the JSON of other games)."""
    waltz: WaltzState | None = None
    """The Let's Waltz modules' pieces (games with a module only; omitted from the JSON of other games)."""
    hooks: Hooks = field(init=False, compare=False, repr=False)
    """The game's hook points: its modules' handlers mounted (`engine.gah.hooks.mounted`); never stored, it follows
    from `config.modules`."""

    def __post_init__(self) -> None:
        self.hooks = mounted(self.config.modules)

    def __getstate__(self) -> dict[str, Any]:
        """Pickled (to an AI worker process) without its hook points: they follow from the config."""
        return {key: value for key, value in vars(self).items() if key != "hooks"}

    def __setstate__(self, data: dict[str, Any]) -> None:
        vars(self).update(data)
        self.hooks = mounted(self.config.modules)

    # ----- derived, read-only helpers -------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        """True once the final scoring is done."""
        return self.phase == "over"

    @property
    def current_player(self) -> str | None:
        """Name of the player who must answer the pending decision, or None when the game is over."""
        if not self.pending:
            return None
        return self.players[self.pending[-1].player].name

    @property
    def waiting(self) -> list[str]:
        """Names of every player who may act now: several during a staff draft, else just the current player."""
        if not self.pending:
            return []
        top = self.pending[-1]
        if self.deciding(DRAFT):
            return [self.players[i].name for i, done in enumerate(top.data["picked"]) if not done]
        return [self.players[top.player].name]

    def deciding(self, *kinds: str) -> bool:
        """Whether the decision on top of the pending stack is of one of `kinds` (decision kinds such as
        `engine.gah.payloads.TURN`); False when nothing is pending."""
        return bool(self.pending) and self.pending[-1].kind in kinds

    @property
    def current_index(self) -> int | None:
        """Seat index of the player who must answer the pending decision, or None."""
        return self.pending[-1].player if self.pending else None

    def player_index(self, name: str) -> int:
        """Seat index of the named player.

        Raises:
            KeyError: no player of that name.
        """
        for index, player in enumerate(self.players):
            if player.name == name:
                return index
        raise KeyError(name)

    def copy(self) -> GameState:
        """A deep copy, field by field (the config is frozen and shared; frame data is copied as JSON data)."""
        turn = self.turn
        solo = self.solo
        copy = GameState(
            config=self.config,
            round=self.round,
            phase=self.phase,
            start_player=self.start_player,
            players=[_copy_player(p) for p in self.players],
            dice=self.dice[:],
            dustbin=self.dustbin,
            display=self.display[:],
            guest_deck=self.guest_deck[:],
            guest_discard=self.guest_discard[:],
            staff_deck=self.staff_deck[:],
            staff_discard=self.staff_discard[:],
            politics=self.politics[:],
            politics_claims=[c[:] for c in self.politics_claims],
            emperor_tiles=self.emperor_tiles[:],
            pending=[Frame(f.kind, f.player, copy_data(f.data)) for f in self.pending],
            turn=None if turn is None else TurnState(turn.player, turn.number, turn.guest_taken, turn.die_taken,
                                                     turn.acted, turn.no_dice, turn.extra, turn.extra_pending),
            cycle=self.cycle[:],
            passed=self.passed[:],
            rng=self.rng,
            vp_history=[row[:] for row in self.vp_history],
            steps=self.steps,
            display_taken=self.display_taken,
            solo=None if solo is None else SoloState(solo.seat, solo.deck[:], solo.discard[:], solo.staff[:],
                                                     solo.countdown[:]),
        )
        for name in STATE_EXTENSIONS:  # the plug-ins' pieces
            extension = getattr(self, name)
            if extension is not None:
                setattr(copy, name, extension.copy())
        return copy

    # ----- JSON --------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        data: dict[str, Any] = {
            "config": self.config.to_dict(),
            "round": self.round,
            "phase": self.phase,
            "start_player": self.start_player,
            "players": [_player_to_dict(p) for p in self.players],
            "dice": list(self.dice),
            "dustbin": self.dustbin,
            "display": list(self.display),
            "guest_deck": list(self.guest_deck),
            "guest_discard": list(self.guest_discard),
            "staff_deck": list(self.staff_deck),
            "staff_discard": list(self.staff_discard),
            "politics": list(self.politics),
            "politics_claims": [list(c) for c in self.politics_claims],
            "emperor_tiles": list(self.emperor_tiles),
            "pending": [{"kind": f.kind, "player": f.player, "data": f.data} for f in self.pending],
            "turn": None if self.turn is None else vars(self.turn).copy(),
            "cycle": list(self.cycle),
            "passed": list(self.passed),
            "rng": self.rng,
            "vp_history": [list(row) for row in self.vp_history],
            "steps": self.steps,
            "display_taken": self.display_taken,
        }
        if self.solo is not None:
            data["solo"] = {key: value if isinstance(value, int) else list(value)
                            for key, value in vars(self.solo).items()}
        for name in STATE_EXTENSIONS:  # the plug-ins' pieces
            extension = getattr(self, name)
            if extension is not None:
                data[name] = extension.to_dict()
        return data

    def to_json(self) -> str:
        """The state as a compact JSON string (sorted keys, so equal states give equal strings)."""
        return json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameState:
        """Inverse of `to_dict`.

        Raises:
            KeyError, TypeError, ValueError: the dict is not a game state.
        """
        load_plug_ins()  # their pieces' readers (a stored game may be read before any game is made)
        state = cls(
            config=GameConfig.from_dict(data["config"]),
            round=data["round"],
            phase=data["phase"],
            start_player=data["start_player"],
            players=[_player_from_dict(p) for p in data["players"]],
            dice=list(data["dice"]),
            dustbin=data["dustbin"],
            display=list(data["display"]),
            guest_deck=list(data["guest_deck"]),
            guest_discard=list(data["guest_discard"]),
            staff_deck=list(data["staff_deck"]),
            staff_discard=list(data["staff_discard"]),
            politics=list(data["politics"]),
            politics_claims=[list(c) for c in data["politics_claims"]],
            emperor_tiles=list(data["emperor_tiles"]),
            pending=[Frame(f["kind"], f["player"], f["data"]) for f in data["pending"]],
            turn=None if data["turn"] is None else TurnState(**data["turn"]),
            cycle=list(data["cycle"]),
            passed=list(data["passed"]),
            rng=data["rng"],
            vp_history=[list(row) for row in data["vp_history"]],
            steps=data["steps"],
            display_taken=data["display_taken"],
            solo=None if data.get("solo") is None else SoloState(**data["solo"]),
        )
        for name, read in STATE_EXTENSIONS.items():  # the plug-ins' pieces
            if data.get(name) is not None:
                setattr(state, name, read(data[name]))
        return state

    @classmethod
    def from_json(cls, text: str) -> GameState:
        """Inverse of `to_json`.

        Raises:
            ValueError: the text is not JSON or not a game state.
        """
        try:
            return cls.from_dict(json.loads(text))
        except (KeyError, TypeError) as error:
            raise ValueError(f"not a game state: {error}") from error


def copy_data(value: Any) -> Any:
    """A deep copy of JSON-like data (dicts, lists, and immutable scalars): a frame's payload."""
    if isinstance(value, list):
        return [copy_data(item) if isinstance(item, (list, dict)) else item for item in value]
    if isinstance(value, dict):
        return {key: copy_data(item) if isinstance(item, (list, dict)) else item for key, item in value.items()}
    return value


def _copy_player(p: PlayerState) -> PlayerState:
    return PlayerState(
        name=p.name, money=p.money, emperor=p.emperor, vp=p.vp, vp_sources=dict(p.vp_sources),
        kitchen=p.kitchen[:], cafe=[CafeTable(t.guest, t.served[:]) for t in p.cafe], hand=p.hand[:],
        played=p.played[:], used=p.used[:], rooms=p.rooms[:], side=p.side, tile=p.tile[:], covered=p.covered[:],
        dice_taken=p.dice_taken, secretary_copy=p.secretary_copy, checked_in=p.checked_in[:],
        deck_known=p.deck_known[:], celebrities=p.celebrities[:], entrance=p.entrance,
        paid_groups=p.paid_groups[:],
    )


def _player_to_dict(p: PlayerState) -> dict[str, Any]:
    data = vars(p).copy()
    data["cafe"] = [{"guest": t.guest, "served": list(t.served)} for t in p.cafe]
    for key in ("kitchen", "hand", "played", "used", "rooms", "tile", "covered", "checked_in", "deck_known",
                "celebrities", "paid_groups"):
        data[key] = list(data[key])
    data["vp_sources"] = dict(p.vp_sources)
    # states stored before these existed keep their JSON
    for key in ("deck_known", "celebrities", "entrance", "paid_groups"):
        if not data[key] and data[key] != 0:
            del data[key]
    return data


def _player_from_dict(data: dict[str, Any]) -> PlayerState:
    values = dict(data)
    values["cafe"] = [CafeTable(t["guest"], list(t["served"])) for t in data["cafe"]]
    return PlayerState(**values)
