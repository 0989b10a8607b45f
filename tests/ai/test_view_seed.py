"""The AI's sampling seed (`engine.gah.ai.determinize.view_seed`, issue 54 item 4): a configuration or Let's Waltz
field added later at its default leaves every seeded AI game as it was; each decision of a game gets its own seed;
two states the viewer cannot tell apart give the same seed. Properties over seeded random games."""

from __future__ import annotations

import random
from dataclasses import asdict, dataclass, field

import pytest

from engine import GameConfig, GameState, apply, legal_actions, new_game, player_view
from engine.gah.ai.determinize import view_seed
from engine.gah.waltz.state import WaltzState
from tests.contract.engines import gah_twin

NAMES = ["ann", "bob", "cy", "dee"]


@dataclass(frozen=True)
class LaterConfig(GameConfig):
    """Today's options and one more that a later issue might add, at its default."""

    house_rule: bool = False


@dataclass
class LaterWaltz(WaltzState):
    """Today's module pieces and one more that a later module might add, at its default."""

    ballroom: list[list[int]] = field(default_factory=list)


def later(view: GameState) -> GameState:
    """The same view with the added option and module piece at their defaults (the piece shows in its JSON; the
    option would once the option spec names it)."""
    grown = view.copy()
    grown.config = LaterConfig(**{**asdict(view.config), "players": view.config.players})
    if view.waltz is not None:
        grown.waltz = LaterWaltz(**vars(view.waltz))
    return grown


def decisions(config: GameConfig, moves: int, every: int = 1) -> list[tuple[GameState, str]]:
    """(the state, who decides) of every `every`-th of the first `moves` decisions of one random game."""
    chooser = random.Random(config.seed)
    state = new_game(config)
    found = []
    for step in range(moves):
        if state.is_over:
            break
        if step % every == 0:
            found.extend((state, name) for name in state.waiting)
        state, _ = apply(state, chooser.choice(legal_actions(state)))
    return found


def config_for(seed: int) -> GameConfig:
    """2-4 players, with and without modules, by seed."""
    modules = frozenset({"celebrities", "unique_hotels"}) if seed % 2 else frozenset()
    return GameConfig(players=NAMES[:2 + seed % 3], seed=seed, modules=modules)


@pytest.mark.parametrize("seed", range(1, 41))
def test_the_seed_depends_on_the_decision_not_on_fields_added_at_their_defaults(seed: int) -> None:
    """An option or module piece added later at its default leaves the seed as it was; so do the hidden cards
    and the generator (a twin state the viewer cannot tell apart gives the same seed)."""
    for state, name in decisions(config_for(seed), 90, every=9):
        view, seat = player_view(state, name), state.player_index(name)
        grown = later(view)
        assert isinstance(grown.config, LaterConfig) and grown.config.house_rule is False  # added, at its default
        assert view.waltz is None or grown.to_json() != view.to_json(), "the added module piece shows in the JSON"
        assert view_seed(grown, seed, seat) == view_seed(view, seed, seat)
        twin_view = player_view(gah_twin(state, name), name)
        assert view_seed(twin_view, seed, seat) == view_seed(view, seed, seat)


@pytest.mark.parametrize("seed", range(1, 41))
def test_every_decision_of_a_game_gets_its_own_seed(seed: int) -> None:
    found = [(player_view(state, name), state.player_index(name)) for state, name in
             decisions(config_for(seed), 60)]
    seeds = [view_seed(view, 3, seat) for view, seat in found]
    assert len(set(seeds)) == len(seeds)
    other_policy = {view_seed(view, 4, seat) for view, seat in found}
    assert not other_policy & set(seeds), "another policy seed draws other worlds"


def test_the_seats_of_a_simultaneous_draft_get_different_seeds() -> None:
    for seed in range(1, 41):
        state = new_game(GameConfig(players=NAMES[:2 + seed % 3], seed=seed, staff_start="draft"))
        assert len(state.waiting) > 1
        seeds = {view_seed(player_view(state, name), 0, state.player_index(name)) for name in state.waiting}
        assert len(seeds) == len(state.waiting)
