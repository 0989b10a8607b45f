"""The engines the contract test checks (tests/contract/test_engine_contract.py): one `EngineUnderTest` per game.

A later game gets the whole contract (seeded random games, determinism, JSON round trip, an unchanged input,
action texts that parse back, a view that hides what it must, legal moves from the view alone, the four sibling
refusals, golden replays) by adding one entry to `ENGINES`: its package, its setups (player counts and option
sets), its random policy, what its views must hide and how to build a state its player cannot tell apart.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import ModuleType
from typing import Any

import engine
import engine.overbooking
from engine.core import rng
from engine.gah.ai.determinize import determinize
from engine.gah.ai.random_policy import RandomPolicy as GahRandomPolicy
from engine.overbooking.ai import RandomPolicy as OverbookingRandomPolicy
from engine.overbooking.simulate import config_for
from engine.overbooking.state import HIDDEN, back_crest, back_small, is_back
from tests.engine.invariants import check_invariants
from tests.overbooking import invariants
from tests.overbooking.scenario import look_alike_twin

NAMES = ("ann", "bob", "cy", "dee")
WALTZ_MODULES = frozenset({"celebrities", "unique_hotels", "start_player", "more_objectives"})
"""The Let's Waltz modules the golden game "Let's Waltz, all modules" was recorded with, written out: a module
added to `engine.gah.config.MODULES` later must not change that recorded game (issue 54)."""


@dataclass(frozen=True)
class EngineUnderTest:
    """One game as the contract test sees it.

    Attributes:
        name: a short name for test ids and golden file names ("gah").
        api: the game's package; it has `new_game`, `legal_actions`, `apply`, `parse_action`, `player_view`,
            `final_scores`, `GameState` (with `to_json`, `from_json`, `is_over`, `current_player`,
            `player_index`) and the sibling refusals of `engine.core.actions`.
        setups: label -> the game's config for a seed; every player count and a few option sets.
        policy: a seeded random policy: `policy(seed).choose(state)` is a legal action for the player on turn.
        hides: asserts that `view == api.player_view(state, player)` hides what it must (`player` None: the
            public view) and still shows the player their own cards.
        twin: another state that `player` cannot tell from `state` (hidden cards dealt anew, a fresh generator),
            built from the player's view or by swapping look-alikes; its view must equal the state's view.
        invariants: asserts the game's own invariants of a reachable state (card and money conservation...).
        max_actions: a game longer than this is an engine bug (it must always end).
    """

    name: str
    api: ModuleType
    setups: Mapping[str, Callable[[int], Any]]
    policy: Callable[[int], Any]
    hides: Callable[[Any, Any, str | None], None]
    twin: Callable[[Any, str], Any]
    invariants: Callable[[Any], None]
    max_actions: int


# ----- Grand Austria Hotel -------------------------------------------------------------------------------


def _gah(players: int, **options: Any) -> Callable[[int], engine.GameConfig]:
    return lambda seed: engine.GameConfig(players=NAMES[:players], seed=seed, **options)


def gah_hides(state: engine.GameState, view: engine.GameState, player: str | None) -> None:
    """Grand Austria Hotel's secrets (`engine.player_view`): other hands, the staff deck but for the cards the
    viewer put at its bottom, the guest deck, others' drawn and drafted cards, Leopold's decks, the celebrity
    stack, the generator. Counts stay visible, the viewer's own hand too."""
    viewer = None if player is None else state.player_index(player)
    known = set(state.players[viewer].deck_known) if viewer is not None else set()
    assert view.rng == 0
    assert view.guest_deck == [0] * len(state.guest_deck)
    assert view.staff_deck == [card if card in known else 0 for card in state.staff_deck]
    for index, (seat, seen) in enumerate(zip(state.players, view.players, strict=True)):
        if index == viewer:
            assert seen.hand == seat.hand and seen.deck_known == seat.deck_known
        else:
            assert seen.hand == [0] * len(seat.hand) and seen.deck_known == [0] * len(seat.deck_known)
    for frame, seen_frame in zip(state.pending, view.pending, strict=True):
        if "cards" in frame.data and frame.player != viewer:
            assert seen_frame.data["cards"] == [0] * len(frame.data["cards"])
        hands = zip(frame.data.get("hands", []), seen_frame.data.get("hands", []), strict=True)
        for owner, (hand, seen_hand) in enumerate(hands):
            assert seen_hand == (hand if owner == viewer else [0] * len(hand))
    if state.solo is not None and view.solo is not None:
        assert view.solo.deck == [0] * len(state.solo.deck) and view.solo.staff == [0] * len(state.solo.staff)
    if state.waltz is not None and view.waltz is not None:
        assert view.waltz.celebrities.celebrity_deck == [0] * len(state.waltz.celebrities.celebrity_deck)


def gah_twin(state: engine.GameState, player: str) -> engine.GameState:
    """A determinization of `player`'s view (`engine.gah.ai.determinize`): every hidden card dealt anew from the
    unseen ones, a fresh generator. `determinize` leaves the other players' `deck_known` empty (nothing reads
    it); their counts are public, so the twin gets that many cards from the bottom of its staff deck."""
    viewer = state.player_index(player)
    view = engine.player_view(state, player)
    twin, _ = determinize(view, viewer, rng.seed_state(state.steps + 1))
    mine = set(view.players[viewer].deck_known)
    free = [card for card in twin.staff_deck if card not in mine]  # the bottom of the deck first
    for index, (seat, seen) in enumerate(zip(twin.players, view.players, strict=True)):
        if index != viewer:
            seat.deck_known, free = free[:len(seen.deck_known)], free[len(seen.deck_known):]
    return twin


GAH = EngineUnderTest(
    name="gah",
    api=engine,
    setups={
        "2 players": _gah(2),
        "3 players": _gah(3),
        "4 players": _gah(4),
        "solo Leopold": _gah(1, solo="leopold"),
        "2015 edition, staff draft": _gah(3, edition="2015", staff_start="draft"),
        "Let's Waltz, all modules": _gah(3, modules=WALTZ_MODULES),
        "solo Elisabeth": _gah(1, solo="elisabeth", modules=frozenset({"celebrities"})),
    },
    policy=GahRandomPolicy,
    hides=gah_hides,
    twin=gah_twin,
    invariants=check_invariants,
    max_actions=6000,
)


# ----- Overbooking ---------------------------------------------------------------------------------------


def overbooking_hides(state: engine.overbooking.GameState, view: engine.overbooking.GameState,
                      player: str | None) -> None:
    """Overbooking's secrets (`engine.overbooking.player_view`): every deck (the owner's too), other hands, the
    faces of others' face-down cards at hotels not yet revealed (their backs show crest and crest size only),
    the generator. Counts stay visible, the viewer's own hand and own cards too."""
    viewer = None if player is None else state.player_index(player)
    crests = [crest.id for crest in state.config.data.crests]
    assert view.rng == 0
    for index, (seat, seen) in enumerate(zip(state.players, view.players, strict=True)):
        assert seen.deck == [HIDDEN] * len(seat.deck)
        assert seen.hand == (seat.hand if index == viewer else [HIDDEN] * len(seat.hand))
    for hotel, seen_hotel in zip(state.hotels, view.hotels, strict=True):
        shown = (*seen_hotel.queue, *seen_hotel.door)
        for placed, back in zip((*hotel.queue, *hotel.door), shown, strict=True):
            if hotel.revealed or placed.face_up or placed.owner == viewer:
                assert back.card == placed.card
            else:
                guest = state.card(placed.card)
                assert is_back(back.card) and back_crest(back.card) == crests.index(guest.crest)
                assert back_small(back.card) == guest.small


def overbooking_twin(state: engine.overbooking.GameState, player: str) -> engine.overbooking.GameState:
    """`tests.overbooking.scenario.look_alike_twin` with a fresh generator (the generator is hidden too)."""
    twin = look_alike_twin(state, state.player_index(player))
    twin.rng = rng.seed_state(state.rng + 1)
    return twin


def _overbooking(players: int, scoring: str = "beginner", *, without_score_cards: bool = False,
                 ) -> Callable[[int], engine.overbooking.GameConfig]:
    return lambda seed: config_for(players, seed, scoring, without_score_cards=without_score_cards)


OVERBOOKING = EngineUnderTest(
    name="overbooking",
    api=engine.overbooking,
    setups={
        "2 players": _overbooking(2),
        "3 players, advanced scoring": _overbooking(3, "advanced"),
        "4 players": _overbooking(4),
        "4 players, advanced scoring": _overbooking(4, "advanced"),
        "3 players, no score cards": _overbooking(3, without_score_cards=True),
    },
    policy=OverbookingRandomPolicy,
    hides=overbooking_hides,
    twin=overbooking_twin,
    invariants=invariants.check,
    max_actions=400,
)


ENGINES: tuple[EngineUnderTest, ...] = (GAH, OVERBOOKING)
"""Every engine the host plays; a new game adds its entry here."""
