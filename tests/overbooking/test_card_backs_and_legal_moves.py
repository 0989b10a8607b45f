"""What a face-down card shows, and that a player's legal moves depend only on what their view shows (issue 39,
defect 4).

The rulebook ("Karty gości", "Uwaga", p. 4): "Na odwrocie kart znajdują się herby w jednym z dwóch rozmiarów.
Wielkość herbu wskazuje na to, jakie karty mogli zagrać przeciwnicy." Our reading (docs/rules-notes-overbooking.md):
the back shows the card's crest, small for groups of 1-3 and large for 4-6, but not the group size.
"""

from __future__ import annotations

from engine.core import rng
from engine.overbooking import GameState, apply, legal_actions, player_view
from engine.overbooking.game import new_game
from engine.overbooking.simulate import config_for
from engine.overbooking.state import card_back, is_back
from tests.overbooking.scenario import CRESTS, card, game, give, look_alike_twin, play, set_hotels, texts

GAMES = 30


def _start(faces: list[str]) -> GameState:
    """Three players (orange starts), empty hotels showing `faces`."""
    state = game(3)
    state.start_player = state.turn = 0
    set_hotels(state, faces)
    return state


def test_card_back_shows_its_crest_and_size_but_not_its_group_size() -> None:
    """Rulebook p. 4, "Uwaga": the back shows the crest in one of two sizes. Bird 1 and bird 3 look the same from
    behind (small bird); bird 4 shows a large bird; fish 1 a small fish."""
    state = _start(["1a", "6b", "8a"])
    give(state, 0, ["bird 1", "bird 3", "bird 4", "fish 1", "rose 2"])
    for text in ("play bird 1 to hotel 1 queue", "play bird 3 to hotel 1 queue", "play bird 4 to hotel 1 back door",
                 "play fish 1 to hotel 1 queue"):
        state.turn = 0
        state = play(state, text)
    seen = player_view(state, "blue").hotels[0]
    bird, fish = CRESTS.index("bird"), CRESTS.index("fish")
    assert [p.card for p in seen.queue] == [card_back(bird, True), card_back(bird, True), card_back(fish, True)]
    assert [p.card for p in seen.door] == [card_back(bird, False)]
    assert seen.queue[0].card == seen.queue[1].card != seen.queue[2].card  # group size hidden, crest shown
    assert [p.card for p in player_view(state, "orange").hotels[0].queue] == [
        card(0, "bird 1"), card(0, "bird 3"), card(0, "fish 1")]
    public = player_view(state, None).hotels[0]
    assert [p.card for p in public.queue] == [p.card for p in seen.queue]
    assert public.queue[0].card != card(0, "bird 1") and is_back(public.queue[0].card)


def test_only_two_crests_hotel_refusal_follows_the_crests_on_the_card_backs() -> None:
    """Hotel rule "Tylko dwa różne herby w kolejce" (p. 6, "dowolnej wielkości", any size): a third crest is
    refused, and the player refused sees the two crests on the face-down backs, so the refusal tells nothing the
    view hides: the legal moves from the player's view are the legal moves of the game."""
    state = _start(["3a", "6b", "8a"])
    give(state, 0, ["bird 1", "rose 1"])
    give(state, 1, ["fish 5", "rose 2"])
    give(state, 2, ["lion 1", "bird 2", "fish 3"])
    state = play(state, "play bird 1 to hotel 1 queue")
    state = play(state, "play fish 5 to hotel 1 queue")
    assert state.players[state.turn].name == "green"
    assert "play lion 1 to hotel 1 queue" not in texts(state)
    assert {"play bird 2 to hotel 1 queue", "play fish 3 to hotel 1 queue"} <= set(texts(state))
    view = player_view(state, "green")
    shown = {view.crest_shown(p.card) for p in view.hotels[0].queue}
    assert shown == {"bird", "fish"} and all(is_back(p.card) for p in view.hotels[0].queue)
    assert legal_actions(view) == legal_actions(state)


def test_seeded_random_games_legal_moves_follow_from_the_players_view() -> None:
    """Issue 39, defect 4: in seeded random games (2-4 players), at every decision the legal moves computed from
    the true state equal those computed from the view of the player who must act; and a different state that gives
    that player the same view (hidden cards swapped for look-alikes) gives the same legal moves."""
    twins = two_crests = 0
    for seed in range(GAMES):
        players = 2 + seed % 3
        state = new_game(config_for(players, seed, "advanced" if seed % 2 else "beginner"))
        generator = rng.seed_state(seed + 1000)
        while not state.is_over:
            me = state.current_player
            assert me is not None
            actions = legal_actions(state)
            view = player_view(state, me)
            two_crests += any(state.face(slot).rule == "two_crests" and state.phase == "place"
                              and any(not p.face_up and p.owner != state.current_index for p in hotel.queue)
                              for slot, hotel in enumerate(state.hotels))
            assert legal_actions(view) == actions, (seed, state.round, me)
            twin = look_alike_twin(state, state.player_index(me))
            if twin != state:
                twins += 1
                assert player_view(twin, me).to_json() == view.to_json(), (seed, state.round, me)
                assert legal_actions(twin) == actions, (seed, state.round, me)
            generator, pick = rng.below(generator, len(actions))
            state, _ = apply(state, actions[pick])
    assert twins > GAMES * 20  # the look-alike states were really built, most decisions had one
    assert two_crests > 50  # and the "only two crests" hotel came up with hidden cards in its queue
