"""Final and projected scoring, the public API contract, hidden information and illegal input
(issue 2 "Rules" final scoring, "API and tools", "Illegal input"; rulebook 2015 "Game End and Final Scoring")."""

from __future__ import annotations

import pytest

from engine import (
    GameConfig,
    GameState,
    IllegalAction,
    MalformedAction,
    NotYourTurn,
    apply,
    final_scores,
    legal_actions,
    new_game,
    parse_action,
    player_view,
    projected_scores,
)
from engine.gah.context import Ctx
from engine.gah.mechanics import draw_staff
from engine.gah.state import CafeTable
from tests.engine.scenario import after_setup, fresh, parse_rooms, play, texts, turn

SEEDS = range(1, 41)
"""The games a rule that holds for any game is checked in."""


def _scored(**holdings: object) -> GameState:
    state = after_setup(2, seed=4)
    player = state.players[0]
    for key, value in holdings.items():
        setattr(player, key, value)
    return fresh(state)


def test_final_scoring_occupied_rooms_score_1_2_3_4_by_floor() -> None:
    """Rulebook "Final Scoring": 1/2/3/4 VP per occupied room on floors 1/2/3/4; prepared rooms score nothing."""
    state = _scored(rooms=parse_rooms("1-1:O 2-1:O 3-1:O 4-1:O 1-2:P"), money=0, kitchen=[0, 0, 0, 0],
                    cafe=[CafeTable(), CafeTable(), CafeTable()])
    assert final_scores(state)["ann"].parts["occupied rooms"] == 10


def test_final_scoring_krones_and_kitchen_items_score_1_vp_each() -> None:
    state = _scored(money=7, kitchen=[1, 2, 0, 3])
    parts = final_scores(state)["ann"].parts
    assert (parts["krones"], parts["dishes and drinks"]) == (7, 6)


def test_final_scoring_each_guest_left_in_the_cafe_costs_5_vp() -> None:
    state = _scored(cafe=[CafeTable(49), CafeTable(50), CafeTable()])
    assert final_scores(state)["ann"].parts["café guests"] == -10


def test_final_scoring_adds_game_end_staff_and_play_vp_and_parts_sum_to_total() -> None:
    state = _scored(played=[31], rooms=parse_rooms("1-1:O 1-2:O"), vp=12, vp_sources={"guests": 12})
    score = final_scores(state)["ann"]
    assert score.parts["game-end staff"] == 2  # Chambermaid: 1 VP per occupied room
    assert score.parts["guests"] == 12
    assert score.total == sum(score.parts.values())


def test_final_scoring_ties_are_broken_by_krones_plus_kitchen_items_then_shared() -> None:
    """Rulebook: in a tie, more dishes, drinks and krones left wins; otherwise the players share the rank."""
    state = after_setup(2, seed=4)
    for player in state.players:
        player.cafe = [CafeTable(), CafeTable(), CafeTable()]
        player.rooms = parse_rooms("")
        player.vp, player.vp_sources = 0, {}
    state.players[0].money, state.players[0].kitchen = 5, [0, 0, 0, 0]
    state.players[1].money, state.players[1].kitchen = 3, [1, 1, 0, 0]
    scores = final_scores(fresh(state))
    assert scores["ann"].total == scores["bob"].total == 5
    assert (scores["ann"].rank, scores["bob"].rank) == (1, 1)
    state.players[1].vp, state.players[1].vp_sources = -1, {"guests": -1}
    state.players[1].kitchen = [2, 1, 0, 0]
    scores = final_scores(fresh(state))
    assert scores["ann"].total == scores["bob"].total
    assert (scores["ann"].rank, scores["bob"].rank) == (2, 1)


def test_projected_scores_add_the_coming_emperor_scorings() -> None:
    """Yucata: the projection includes VP the Emperor track will bring at the remaining scorings."""
    state = after_setup(2, seed=4)
    state.players[0].emperor = 8
    fresh(state)
    # round 1: scorings after rounds 3, 5, 7 from space 8: 5 VP, back to 5 -> 4 VP, back to 0 -> 0 VP
    assert projected_scores(state)["ann"].parts["future Emperor scorings"] == 9
    assert projected_scores(state)["ann"].total == final_scores(state)["ann"].total + 9


def test_game_ends_after_round_7_with_final_scores_and_no_more_actions() -> None:
    state = turn(round_number=7, dice=[0, 0, 0, 0, 0, 0])
    while not state.is_over:
        actions = legal_actions(state)
        state, _ = apply(state, next((a for a in actions if a.kind in ("end", "decline")), actions[0]))
    assert state.is_over and state.current_player is None and legal_actions(state) == []
    with pytest.raises(IllegalAction):
        apply(state, parse_action(after_setup(), "pass"))


def test_new_game_rejects_bad_options_with_readable_messages() -> None:
    with pytest.raises(ValueError, match="2 to 4 players"):
        new_game(GameConfig(players=["ann"]))
    with pytest.raises(ValueError, match="different"):
        new_game(GameConfig(players=["ann", "ann"]))
    with pytest.raises(ValueError, match="edition"):
        new_game(GameConfig(players=["ann", "bob"], edition="1999"))
    with pytest.raises(ValueError, match="Unknown game option"):
        GameConfig.from_dict({"players": ["ann", "bob"], "colour": "red"})


def test_action_texts_are_unique_short_and_parse_back() -> None:
    state = turn(dice=[1, 1, 1, 1, 1, 1], money=10, kitchen=[2, 2, 2, 2], cafe=[(89, [0, 0, 0, 0])])
    actions = legal_actions(state)
    assert len({str(a) for a in actions}) == len(actions)
    for action in actions:
        assert len(str(action)) <= 60
        assert parse_action(state, str(action)) == action
    assert parse_action(state, "  DIE   3 ") == parse_action(state, "die 3")


def test_illegal_action_text_raises_and_changes_nothing() -> None:
    state = turn(dice=[1, 0, 0, 0, 0, 0])
    before = state.to_json()
    with pytest.raises(IllegalAction, match="not possible"):
        parse_action(state, "die 4")
    with pytest.raises(MalformedAction, match="not an action"):
        parse_action(state, "fly to the moon")
    with pytest.raises(MalformedAction):
        parse_action(state, "")
    assert state.to_json() == before


def test_a_verb_missing_from_the_verb_list_reads_as_an_action_while_offered(monkeypatch: pytest.MonkeyPatch) -> None:
    """A new decision's verb needs no entry in engine.gah.game.VERBS: it is known while one of its actions is
    offered."""
    import engine.gah.game

    monkeypatch.setattr(engine.gah.game, "VERBS", engine.gah.game.VERBS - {"die", "serve"})
    state = turn(dice=[1, 0, 0, 0, 0, 0])
    assert parse_action(state, "die 1") == next(a for a in legal_actions(state) if a.text == "die 1")
    with pytest.raises(IllegalAction, match="not possible"):
        parse_action(state, "die 4")  # "die" is offered (die 1), so this reads as an action
    with pytest.raises(MalformedAction, match="not an action"):
        parse_action(state, "serve table 1")  # nothing offered starts with "serve"


def test_an_action_not_offered_is_refused_by_apply_and_the_state_is_unchanged() -> None:
    state = turn(dice=[1, 0, 0, 0, 0, 0])
    other = turn(dice=[0, 0, 0, 1, 0, 0])
    foreign = parse_action(other, "die 4")
    before = state.to_json()
    with pytest.raises(IllegalAction):
        apply(state, foreign)
    assert state.to_json() == before


def test_the_wrong_player_is_refused() -> None:
    state = turn(dice=[1, 0, 0, 0, 0, 0])
    before = state.to_json()
    with pytest.raises(NotYourTurn, match="ann"):
        apply(state, parse_action(state, "die 1"), player="bob")
    assert state.to_json() == before
    new_state, _ = apply(state, parse_action(state, "die 1"), player="ann")
    assert new_state.players[0].dice_taken == 1


@pytest.mark.parametrize("seed", SEEDS)
def test_player_view_hides_other_hands_decks_and_rng_but_keeps_counts(seed: int) -> None:
    state = new_game(GameConfig(players=["ann", "bob"], seed=seed))
    view = player_view(state, "ann")
    assert view.players[0].hand == state.players[0].hand
    assert view.players[1].hand == [0] * 6
    assert view.staff_deck == [0] * len(state.staff_deck) and view.guest_deck == [0] * len(state.guest_deck)
    assert view.rng == 0
    assert view.display == state.display
    assert player_view(state, None).players[0].hand == [0] * 6


def test_player_view_hides_cards_another_player_is_choosing_from() -> None:
    state = turn(dice=[1, 0, 0, 0, 0, 0], rooms="1-1:P", cafe=[(76, [2, 0, 0, 2])])
    state, _ = play(state, "checkin table 1 to room 1-1")
    assert state.pending[-1].kind == "draw_play"
    assert player_view(state, "bob").pending[-1].data["cards"] == [0, 0, 0]
    assert player_view(state, "ann").pending[-1].data["cards"] == state.pending[-1].data["cards"]


def test_player_view_shows_a_player_the_staff_cards_they_put_on_the_deck_bottom() -> None:
    """A player who returns drawn staff cards to the bottom of the deck knows them (they chose the order); the
    others see only how many there are. Drawing them from the deck ends that knowledge. (Rulebook 2015, staff
    drawn by guests such as the Baroness: "the others go to the bottom of the deck".)"""
    state = turn(dice=[1, 0, 0, 0, 0, 0], rooms="1-1:P", cafe=[(76, [2, 0, 0, 2])])
    state, _ = play(state, "checkin table 1 to room 1-1")
    state, _ = play(state, "play none")
    for text in ("bottom Confectioner", "bottom Chief Waiter"):  # the last one follows by itself
        state, _ = play(state, text)
    bottom = state.staff_deck[:3]
    assert sorted(state.players[0].deck_known) == sorted(bottom)
    ann, bob = player_view(state, "ann"), player_view(state, "bob")
    assert ann.staff_deck[:3] == bottom and set(ann.staff_deck[3:]) == {0}
    assert set(bob.staff_deck) == {0} and bob.players[0].deck_known == [0, 0, 0]
    assert set(player_view(state, None).staff_deck) == {0}
    assert GameState.from_json(state.to_json()) == state

    # once drawn (here by bob, after the deck is turned so that they are on top), a card is no longer known
    state.staff_deck = state.staff_deck[3:] + state.staff_deck[:3]
    drawn = draw_staff(Ctx(state), 1, 2)
    assert set(drawn) < set(bottom) and state.players[0].deck_known == [c for c in bottom if c not in drawn]


def test_apply_never_changes_its_input_and_json_round_trips() -> None:
    state = turn(dice=[2, 0, 0, 0, 0, 0])
    before = state.to_json()
    after, events = apply(state, parse_action(state, "die 1"))
    assert state.to_json() == before
    assert after.to_json() != before and events
    assert GameState.from_json(after.to_json()) == after


def test_from_json_rejects_garbage() -> None:
    with pytest.raises(ValueError):
        GameState.from_json('{"round": 1}')


def test_engine_never_chooses_for_a_player_with_a_real_choice() -> None:
    """Issue 2: every choice the rules give is a decision; e.g. two possible rooms are both offered."""
    state = turn(dice=[0, 0, 1, 0, 0, 0], rooms="1-1:P")
    state, _ = play(state, "die 3")
    assert set(texts(state)) == {"room 1-2", "room 2-1", "stop preparing"}


@pytest.mark.parametrize("seed", range(1, 41))
def test_a_view_hides_the_games_seed(seed: int) -> None:
    """With the seed and the moves the engine would deal every hidden card again, so no view shows it (DESIGN.md:
    hidden information has one gate); the true state keeps it."""
    import engine.overbooking as overbooking

    state = new_game(GameConfig(players=["ann", "bob", "cy"][:2 + seed % 2], seed=seed))
    assert state.config.seed == seed
    for who in (*state.config.players, None):
        assert player_view(state, who).config.seed == 0
    other = overbooking.new_game(overbooking.GameConfig(players=("ann", "bob"), seed=seed))
    assert overbooking.player_view(other, "ann").config.seed == 0 and other.config.seed == seed
