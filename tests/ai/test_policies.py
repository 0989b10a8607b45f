"""AI players (issue 7): every level answers every decision with a legal action, sees only the player's view,
and is deterministic for a given seed; full games complete.

The strong and expert levels run here mostly with a reduced search budget (`FAST`: one world, a narrow beam, no
look-ahead past the turn) to keep the suite quick on two cores; `test_strong_real_budget_full_game` plays whole
games with the real settings of `policy("strong")` (tests/ai/test_expert.py does so for the expert level).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

import pytest

from engine import GameConfig, GameState, apply, final_scores, legal_actions, new_game, player_view
from engine.gah.ai import LEVELS, Policy, policy
from engine.gah.ai.expert import ExpertPolicy
from engine.gah.ai.master import MasterPolicy
from engine.gah.ai.strong import Budget, StrongPolicy
from engine.gah.game import forget_legal_actions

FAST = Budget(worlds=1, width=2, depth=3, rollouts=0)
"""A reduced strong budget for the many-game tests (one world, narrow beam, no look-ahead past the turn)."""

NAMES = ("ann", "bob", "cy", "dee")


def make_policy(level: str, seed: int) -> Policy:
    """The level's policy; the strong, expert and master ones with the reduced test budget."""
    if level == "strong":
        return StrongPolicy(seed, FAST)
    if level == "expert":
        return ExpertPolicy(seed, FAST)
    if level == "master":
        return MasterPolicy(seed, FAST)
    return policy(level, seed)


def play(config: GameConfig, seats: list[Callable[[GameState], object]] | list[Policy],
         check: Callable[[GameState, object], None] | None = None) -> GameState:
    """Play a whole game, one policy per seat; `check(state, action)` runs before every action."""
    state = new_game(config)
    steps = 0
    while not state.is_over:
        index = state.current_index
        assert index is not None
        action = seats[index].choose(state)  # type: ignore[union-attr]
        if check is not None:
            check(state, action)
        state, _ = apply(state, action)  # type: ignore[arg-type]
        steps += 1
        assert steps < 5000, "the game did not end"
    return state


def sample_states(level_seed: int, players: int = 3, every: int = 7, **options: object) -> Iterator[GameState]:
    """States met in a random game, one every `every` decisions (deterministic)."""
    config = GameConfig(players=list(NAMES[:players]), seed=level_seed, **options)  # type: ignore[arg-type]
    state = new_game(config)
    chooser = random.Random(level_seed)
    count = 0
    while not state.is_over:
        if count % every == 0:
            yield state
        state, _ = apply(state, chooser.choice(legal_actions(state)))
        count += 1


def test_levels_and_unknown_level() -> None:
    assert {"random", "greedy", "strong", "expert"} <= set(LEVELS)
    with pytest.raises(ValueError, match="Unknown AI level"):
        policy("grandmaster", 1)


@pytest.mark.parametrize("level", LEVELS)
def test_choose_refuses_when_the_game_is_over(level: str) -> None:
    state = play(GameConfig(players=["ann", "bob"], seed=3), [policy("random", 1), policy("random", 2)])
    with pytest.raises(ValueError, match="over"):
        make_policy(level, 1).choose(state)


# the master plays the expert's moves at every table but solo (its network is trained for solo only, see
# tests/ai/test_value_network.py for its solo game): one game shows that it takes that path legally
LEGAL_TABLES = [(level, players, seed) for level in LEVELS
                for players, seed in (((2, 11),) if level == "master" else ((2, 11), (3, 12), (4, 13)))]
"""The whole games of `test_every_choice_is_legal`: (level, players, game seed), one test each so that pytest-xdist
spreads the search levels' games (up to 30 s each on two cores) over its workers."""


@pytest.mark.parametrize(("level", "players", "seed"), LEGAL_TABLES)
def test_every_choice_is_legal(level: str, players: int, seed: int) -> None:
    def check(state: GameState, action: object) -> None:
        assert action in legal_actions(state)

    seats = [make_policy(level, seed * 10 + i) for i in range(players)]
    state = play(GameConfig(players=list(NAMES[:players]), seed=seed), seats, check)
    assert state.is_over


@pytest.mark.parametrize("level", LEVELS)
def test_the_policy_leaves_the_state_unchanged(level: str) -> None:
    for state in sample_states(21, every=15):
        text = state.to_json()
        make_policy(level, 5).choose(state)
        assert state.to_json() == text


@pytest.mark.parametrize("level", LEVELS)
def test_same_seed_and_state_give_the_same_move(level: str) -> None:
    for state in sample_states(31, every=11):
        first = make_policy(level, 7).choose(state)
        again = make_policy(level, 7).choose(GameState.from_json(state.to_json()))
        assert first == again
        reused = make_policy(level, 7)
        assert reused.choose(state) == reused.choose(state) == first


def _reshuffle_hidden(state: GameState, viewer: int, chooser: random.Random) -> GameState:
    """Another state the viewer cannot tell apart: opponents' hands, both decks (but for the viewer's own cards at
    the staff deck's bottom) and the generator changed."""
    other = state.copy()
    forget_legal_actions(other)
    slots: list[tuple[list[int], int]] = []
    for index, player in enumerate(other.players):
        if index != viewer:
            slots += [(player.hand, k) for k in range(len(player.hand))]
    for frame in other.pending:
        if frame.player != viewer and "cards" in frame.data:
            slots += [(frame.data["cards"], k) for k in range(len(frame.data["cards"]))]
        for seat, hand in enumerate(frame.data.get("hands", ())):
            if seat != viewer:
                slots += [(hand, k) for k in range(len(hand))]
    known = set(other.players[viewer].deck_known)  # the viewer's own cards at the deck bottom stay put
    slots += [(other.staff_deck, k) for k, card in enumerate(other.staff_deck) if card not in known]
    cards = [where[k] for where, k in slots]
    chooser.shuffle(cards)
    for (where, k), card in zip(slots, cards, strict=True):
        where[k] = card
    chooser.shuffle(other.guest_deck)
    other.rng = chooser.getrandbits(64)
    return other


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("options", [{}, {"staff_start": "draft"}], ids=["random-staff", "draft"])
def test_hidden_information_does_not_change_the_move(level: str, options: dict[str, object]) -> None:
    chooser = random.Random(99)
    compared = 0
    for state in sample_states(41, every=5, **options):
        viewer = state.current_index
        assert viewer is not None
        other = _reshuffle_hidden(state, viewer, chooser)
        name = state.current_player
        assert player_view(other, name).to_json() == player_view(state, name).to_json()
        if other.to_json() == state.to_json():
            continue
        assert legal_actions(other) == legal_actions(state)
        assert make_policy(level, 3).choose(other) == make_policy(level, 3).choose(state)
        compared += 1
    assert compared > 20


FULL_GAMES = {"strong": 12, "expert": 12, "master": 4}
"""Games per level in `test_full_games_complete`: 30, but 12 for the two search levels, whose games cost about two
seconds each even with the reduced budget (the suite must stay under 15 minutes on two cores), and 4 for the master,
which plays the expert's moves at any table its network was not trained for (every table but solo)."""

GAME_CHUNKS = 3
"""`test_full_games_complete` runs each level's games in this many tests (games 0, 3, 6, ...; 1, 4, 7, ...; ...),
so that pytest-xdist spreads the search levels' games over its workers; together they play every game."""


@pytest.mark.parametrize("chunk", range(GAME_CHUNKS))
@pytest.mark.parametrize("level", LEVELS)
def test_full_games_complete(level: str, chunk: int) -> None:
    """Whole games per level (30, or `FULL_GAMES`): the level in one seat, random players in the others; 2-4 players,
    the tested seat moving so that every seat of every player count is played within the first 12 games."""
    for game in range(chunk, FULL_GAMES.get(level, 30), GAME_CHUNKS):
        players = 2 + game % 3
        tested = (game // 3) % players
        seats = [make_policy(level, game) if i == tested else policy("random", 1000 + game * 7 + i)
                 for i in range(players)]
        state = play(GameConfig(players=list(NAMES[:players]), seed=500 + game), seats)
        assert state.is_over
        assert set(final_scores(state)) == set(NAMES[:players])


@pytest.mark.parametrize("level", ["greedy", "strong", "expert"])
@pytest.mark.parametrize("options", [
    {"staff_start": "draft"},
    {"edition": "2015", "hotel_sides": "individual"},
    {"staff_start": "introductory", "extra_politics": True, "discard_unclaimed_guests": True},
    {"solo": "leopold"},
], ids=["draft", "2015-day-sides", "variants", "solo"])
def test_game_options_are_played_to_the_end(level: str, options: dict[str, object]) -> None:
    players = 1 if options.get("solo") else 3
    config = GameConfig(players=list(NAMES[:players]), seed=77, **options)  # type: ignore[arg-type]
    seats = [make_policy(level, i) for i in range(len(new_game(config).players))]
    assert play(config, seats).is_over


def test_greedy_beats_random_players() -> None:
    """A sanity check of strength (the ladder in bench/ai_ladder.py measures it properly)."""
    wins = 0
    for game in range(6):
        tested = game % 3
        seats = [policy("greedy", game) if i == tested else policy("random", 50 + game * 3 + i) for i in range(3)]
        state = play(GameConfig(players=list(NAMES[:3]), seed=800 + game), seats)
        scores = final_scores(state)
        wins += scores[NAMES[tested]].rank == 1
    assert wins >= 5


@pytest.mark.parametrize("players", [2, 3])
def test_strong_real_budget_full_game(players: int) -> None:
    """Whole games with `policy("strong")` exactly as the bot uses it: against random players (2 players), and
    against a greedy and a random player (3 players). Strong wins both."""
    seats = [policy("strong", 5), policy("greedy" if players == 3 else "random", 6), policy("random", 7)][:players]
    state = play(GameConfig(players=list(NAMES[:players]), seed=900 + players), seats)
    scores = final_scores(state)
    assert scores["ann"].rank == 1
