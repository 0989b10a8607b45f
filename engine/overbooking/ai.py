"""Overbooking AI players: `policy(level, seed)` returns a policy whose `choose(state)` picks a legal action.

Levels:

- "random": uniform over the legal actions (for fuzzing and as the yardstick).
- "heuristic": bed arithmetic on what the player can see. A queue card is worth its coins and crest-set gain times
  an estimate of the chance it still fits once the groups booking before it (known ones, and hidden ones by their
  crest size, and the cards still to come) have their beds; a back-door card is worth its token and its ability
  (more beds where its owner queues, fewer where the others do, nobles' and maids' help for its owner's queue
  cards, a monk's likely bed). In phase 2 each choice is played out on the revealed hotel and the one that books
  the most coins for the player is kept.

Policies decide only from `player_view(state, player)` (and the legal actions the host offers); the same seed and
state always give the same move.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Protocol

from engine.core import rng
from engine.core.actions import Action
from engine.overbooking import resolve
from engine.overbooking.game import legal_actions, player_view
from engine.overbooking.placement import QUEUE
from engine.overbooking.scoring import game_crest_bonus
from engine.overbooking.state import CARDS_PER_ROUND, GameState, PlacedCard, back_small, is_back

LEVELS: tuple[str, ...] = ("random", "heuristic")
UNKNOWN_SMALL = 2.0
"""Expected beds of a face-down small-crest card (1-3)."""
UNKNOWN_LARGE = 5.0
"""Expected beds of a face-down large-crest card (4-6)."""


class Policy(Protocol):
    """Something that picks one of the legal actions for the player who must act."""

    def choose(self, state: GameState) -> Action:
        """One of `legal_actions(state)` for `state.current_player`."""


class RandomPolicy:
    """Uniform over the legal actions, from its own seeded generator."""

    def __init__(self, seed: int) -> None:
        self.rng = rng.seed_state(seed)

    def choose(self, state: GameState) -> Action:
        """A uniformly random legal action."""
        actions = legal_actions(state)
        self.rng, pick = rng.below(self.rng, len(actions))
        return actions[pick]


class HeuristicPolicy:
    """Bed arithmetic on the player's view (see the module docstring)."""

    def __init__(self, seed: int) -> None:
        self.rng = rng.seed_state(seed)

    def choose(self, state: GameState) -> Action:
        """The legal action with the best estimated value; ties broken by the seeded generator."""
        actions = legal_actions(state)
        me = state.current_player
        assert me is not None
        view = player_view(state, me)
        seat = view.player_index(me)
        scored = [(self._value(view, seat, action), index) for index, action in enumerate(actions)]
        best = max(value for value, _ in scored)
        top = [index for value, index in scored if value >= best - 1e-9]
        self.rng, pick = rng.below(self.rng, len(top))
        return actions[top[pick]]

    def _value(self, view: GameState, seat: int, action: Action) -> float:
        return ACTION_VALUES[action.kind](view, seat, action)


def _play_value(view: GameState, seat: int, action: Action) -> float:
    card, slot, side = action.args
    return queue_value(view, seat, card, slot) if side == QUEUE else door_value(view, seat, card, slot)


def _no_card_value(view: GameState, seat: int, action: Action) -> float:
    return 0.3


def _decline_value(view: GameState, seat: int, action: Action) -> float:
    return choice_value(view, seat, None)


def _choice_value(view: GameState, seat: int, action: Action) -> float:
    return choice_value(view, seat, action.args[0])


ACTION_VALUES: dict[str, Callable[[GameState, int, Action], float]] = {
    "play": _play_value,
    "skip": _no_card_value,
    "pass": _no_card_value,
    "decline": _decline_value,
    **dict.fromkeys(resolve.CHOICE_ABILITIES, _choice_value),
}
"""The heuristic's estimated value of each action kind: (the player's view, seat, action) -> value."""


def policy(level: str, seed: int) -> RandomPolicy | HeuristicPolicy:
    """The AI of `level` ("random" or "heuristic") with its own seeded generator.

    Raises:
        ValueError: unknown level.
    """
    if level == "random":
        return RandomPolicy(seed)
    if level == "heuristic":
        return HeuristicPolicy(seed)
    raise ValueError(f"unknown AI level {level!r}; choose one of {', '.join(LEVELS)}")


def _beds_of(view: GameState, placed: PlacedCard) -> float:
    if is_back(placed.card):
        return UNKNOWN_SMALL if back_small(placed.card) else UNKNOWN_LARGE
    return float(view.card(placed.card).beds)


def card_worth(view: GameState, seat: int, card: int) -> float:
    """Coins plus the crest-set gain a booked card brings the player, counting the crest's booked cards."""
    guest = view.card(card)
    have = sum(1 for c in view.players[seat].booked if view.card(c).crest == guest.crest)
    gain = game_crest_bonus(view.config, have + 1) - game_crest_bonus(view.config, have)
    nearer_set = 0.6 if 2 <= have < 6 and not view.config.without_score_cards else 0.0
    return guest.coins + gain + nearer_set


def _cards_to_come(view: GameState, seat: int) -> float:
    """Cards the other players will still place this round, spread over the hotels."""
    left = sum(CARDS_PER_ROUND - p.placed for i, p in enumerate(view.players) if i != seat and not p.done)
    return left / max(len(view.hotels), 1)


DOOR_BEDS: dict[str, int] = {"merchants": 3, "workers": -3}
"""Beds a known back-door card changes for the queue, by its guest type (merchants make room, workers take it)."""


def fit_chance(view: GameState, seat: int, slot: int, beds: int, extra_beds: float = 0.0) -> float:
    """Estimated chance that a group of `beds` joining the end of hotel `slot`'s queue now still finds room."""
    hotel = view.hotels[slot]
    face = view.face(slot)
    free = face.beds + extra_beds
    for placed in hotel.door:
        if placed.owner == seat or placed.card >= 0:
            free += DOOR_BEDS.get(view.card(placed.card).kind, 0) if placed.card >= 0 else 0
        elif not back_small(placed.card):
            free -= 0.5  # workers are one of three large kinds
    ahead = 0.0
    for placed in hotel.queue:
        size = _beds_of(view, placed)
        if placed.card >= 0:
            ahead += size if size >= beds else 0.0
        else:
            pool = (1, 2, 3) if back_small(placed.card) else (4, 5, 6)
            ahead += sum(b for b in pool if b >= beds) / 3
    if face.rule == "monks_first" and beds == 1:
        ahead = 0.0
    to_come = _cards_to_come(view, seat) * 0.55
    ahead += to_come * sum(b for b in range(beds, 7)) / 6
    margin = free - ahead - beds
    return 1.0 / (1.0 + math.exp(-(margin + 0.5) / 1.6))


def queue_value(view: GameState, seat: int, card: int, slot: int) -> float:
    """Worth of putting `card` in hotel `slot`'s queue: its worth times the chance it fits, less a little for
    taking queue room from the player's own later cards."""
    worth = card_worth(view, seat, card)
    chance = fit_chance(view, seat, slot, view.card(card).beds)
    return worth * chance - 0.15 * view.card(card).beds * (1 - chance)


def door_value(view: GameState, seat: int, card: int, slot: int) -> float:
    """Worth of putting `card` at hotel `slot`'s back door: token, ability, minus the card's own lost worth."""
    hotel = view.hotels[slot]
    guest = view.card(card)
    value = 1.0 if hotel.token and not hotel.door else 0.0
    mine = [p for p in hotel.queue if p.owner == seat]
    theirs = [p for p in hotel.queue if p.owner != seat]
    value += DOOR_GAINS.get(guest.kind, _no_gain)(view, seat, card, slot, mine, theirs)
    return value - LOST_SHARE.get(guest.kind, 0.45) * card_worth(view, seat, card)


def _no_gain(view: GameState, seat: int, card: int, slot: int, mine: list[PlacedCard],
             theirs: list[PlacedCard]) -> float:
    return 0.0


def _monk_gain(view: GameState, seat: int, card: int, slot: int, mine: list[PlacedCard],
               theirs: list[PlacedCard]) -> float:
    return card_worth(view, seat, card) * fit_chance(view, seat, slot, 1) * 0.9


def _merchants_gain(view: GameState, seat: int, card: int, slot: int, mine: list[PlacedCard],
                    theirs: list[PlacedCard]) -> float:
    return 0.9 * len(mine) - 0.3 * len(theirs)


def _workers_gain(view: GameState, seat: int, card: int, slot: int, mine: list[PlacedCard],
                  theirs: list[PlacedCard]) -> float:
    return 0.5 * len(theirs) - 1.0 * len(mine)


def _nobles_gain(view: GameState, seat: int, card: int, slot: int, mine: list[PlacedCard],
                 theirs: list[PlacedCard]) -> float:
    return max((card_worth(view, seat, p.card) * (1 - fit_chance(view, seat, slot, view.card(p.card).beds))
                for p in mine), default=0.0) + 0.3 * bool(mine)


def _maids_gain(view: GameState, seat: int, card: int, slot: int, mine: list[PlacedCard],
                theirs: list[PlacedCard]) -> float:
    return card_worth(view, seat, card) * 0.5 if mine else -0.5


def _soldiers_gain(view: GameState, seat: int, card: int, slot: int, mine: list[PlacedCard],
                   theirs: list[PlacedCard]) -> float:
    workers = resolve.queue_of_type(view, slot, "workers")
    return card_worth(view, seat, card) * 0.8 if workers else -0.3


DOOR_GAINS: dict[str, Callable[[GameState, int, int, int, list[PlacedCard], list[PlacedCard]], float]] = {
    "monk": _monk_gain,
    "merchants": _merchants_gain,
    "workers": _workers_gain,
    "nobles": _nobles_gain,
    "maids": _maids_gain,
    "soldiers": _soldiers_gain,
}
"""The AI's quick worth of each back-door ability (by the guest type), on top of the point token: (view, seat,
card, hotel slot, own queue cards there, the others' queue cards there) -> worth."""

LOST_SHARE: dict[str, float] = {"monk": 0.0}
"""The share of a card's own worth lost by putting it at the back door (a monk still books: none)."""


def choice_value(view: GameState, seat: int, position: int | None) -> float:
    """Coins (and crest gain) the player books at the hotel being resolved if they answer the waiting ability with
    `position` (None to decline), the later choices there declined."""
    trial = view.copy()
    resolve.answer(trial, position)
    while True:
        resolve.run_abilities(trial)
        if trial.pending is None:
            break
        resolve.answer(trial, None)
    before = list(trial.players[seat].booked)
    resolve.book(trial)
    gained = trial.players[seat].booked[len(before):]
    return sum(card_worth(view, seat, card) for card in gained)
