"""The public Overbooking API (same shape as the Grand Austria Hotel engine) and the data file with its schema."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import engine
from engine.overbooking import (
    GameConfig,
    GameState,
    IllegalAction,
    MalformedAction,
    NotYourTurn,
    OverbookingDataError,
    apply,
    bundled_data,
    final_scores,
    legal_actions,
    load_data,
    new_game,
    parse_action,
    player_view,
)
from engine.overbooking.data import BUNDLED, RULES
from engine.overbooking.state import HIDDEN
from tests.overbooking.scenario import game


def test_grand_austria_hotel_api_is_untouched() -> None:
    for name in ("GameConfig", "new_game", "legal_actions", "apply", "IllegalAction", "parse_action",
                 "final_scores", "projected_scores", "player_view"):
        assert hasattr(engine, name)
    assert engine.GameConfig is not GameConfig


def test_json_round_trip_is_exact_and_apply_never_changes_its_input() -> None:
    state = game(4, seed=11)
    for _ in range(30):
        before = state.to_json()
        action = legal_actions(state)[-1]
        new, events = apply(state, action)
        assert state.to_json() == before and events
        assert GameState.from_json(new.to_json()) == new
        state = new


def test_action_texts_parse_back_and_bad_texts_get_sentences() -> None:
    state = game(3, seed=2)
    for action in legal_actions(state):
        assert parse_action(state, action.text.upper()) == action
    with pytest.raises(MalformedAction, match="not an Overbooking move"):
        parse_action(state, "fly away")
    with pytest.raises(IllegalAction, match="There is no hotel 9"):
        parse_action(state, "play bird 1 to hotel 9 queue")
    missing = next(c for c in range(24) if state.players[state.turn].hand.count(state.turn * 24 + c) == 0)
    name = f"{state.card(missing).crest} {state.card(missing).beds}"
    with pytest.raises(IllegalAction, match=f"You have no {name} in your hand"):
        parse_action(state, f"play {name} to hotel 1 queue")


def test_apply_refuses_the_wrong_player_and_a_finished_game() -> None:
    state = game(2, seed=1)
    other = state.players[1 - state.turn].name
    with pytest.raises(NotYourTurn, match="move, not"):
        apply(state, legal_actions(state)[0], player=other)
    with pytest.raises(NotYourTurn, match="not playing"):
        apply(state, legal_actions(state)[0], player="zed")


def test_player_view_hides_hands_decks_rng_but_keeps_counts() -> None:
    state = game(3, seed=6)
    me = state.players[0].name
    view = player_view(state, me)
    assert view.players[0].hand == state.players[0].hand
    assert view.players[1].hand == [HIDDEN] * 9 and view.players[0].deck == [HIDDEN] * 15
    assert view.rng == 0
    public = player_view(state, None)
    assert all(set(p.hand) == {HIDDEN} for p in public.players)


def test_provisional_flag_in_state_and_scores() -> None:
    state = game(2)
    assert state.provisional is True and bundled_data().provisional is True
    assert all(score.provisional for score in final_scores(state).values())


def test_bundled_file_every_row_provisional_with_a_reason_except_the_named_crests() -> None:
    """Every row whose value is not in a source is marked provisional with its reason (issue 18)."""
    raw = json.loads(BUNDLED.read_text(encoding="utf-8"))
    for row in raw["cards"] + raw["hotels"]:
        assert row["provisional"] is True and len(row["reason"]) > 40
    assert [c["provisional"] for c in raw["crests"]] == [False, False, True, True]
    data = bundled_data()
    faces = {(h.beds, h.rule) for h in data.hotels}
    assert {(13, "none"), (8, "monks_first"), (15, "two_crests")} <= faces  # the rulebook's examples
    assert {h.rule for h in data.hotels} == set(RULES)
    assert min(h.beds for h in data.hotels) == 8 and max(h.beds for h in data.hotels) == 17
    for crest in data.crests:  # smaller groups are worth more; some cards are worth 3
        coins = [c.coins for c in data.cards if c.crest == crest.id]
        assert coins == sorted(coins, reverse=True) and 3 in coins


def _printed(tmp_path: Path) -> Path:
    raw = json.loads(BUNDLED.read_text(encoding="utf-8"))
    for row in raw["crests"] + raw["cards"] + raw["hotels"]:
        row["provisional"] = False
    raw["cards"][0]["coins"] = 4
    path = tmp_path / "printed.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    return path


def test_valid_printed_file_loads_and_drops_the_provisional_label(tmp_path: Path) -> None:
    data = load_data(_printed(tmp_path))
    assert data.provisional is False and data.cards[0].coins == 4
    state = new_game(GameConfig(players=["a", "b"], seed=3, data=data))
    assert state.provisional is False
    assert GameState.from_json(state.to_json()) == state
    assert not any(score.provisional for score in final_scores(state).values())
    assert load_data(None) == bundled_data() and load_data("") == bundled_data()


def test_invalid_file_lists_every_problem_in_readable_sentences(tmp_path: Path) -> None:
    raw = json.loads(BUNDLED.read_text(encoding="utf-8"))
    raw["cards"][3]["coins"] = "three"
    raw["cards"].pop()
    raw["hotels"][0]["beds"] = 30
    raw["hotels"][1]["rule"] = "pets_first"
    del raw["hotels"][2]["provisional"]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    with pytest.raises(OverbookingDataError) as caught:
        load_data(path)
    problems = caught.value.problems
    assert '"cards" has 23 entries; it needs exactly 24.' in problems
    assert any('cards entry 4: "coins" must be a whole number from 0 to 9' in p for p in problems)
    assert any('hotels entry 1: "beds" must be a whole number from 8 to 17 (got 30)' in p for p in problems)
    assert any('hotels entry 2: "rule" must be one of none, small_only' in p for p in problems)
    assert any('hotels entry 3: "provisional" must be true or false' in p for p in problems)
    assert str(path) in str(caught.value)


def test_unreadable_or_non_json_file_is_a_readable_error(tmp_path: Path) -> None:
    with pytest.raises(OverbookingDataError, match="cannot be read"):
        load_data(tmp_path / "missing.json")
    broken = tmp_path / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    with pytest.raises(OverbookingDataError, match="not valid JSON"):
        load_data(broken)


def test_legal_actions_for_a_named_player_only_on_their_move() -> None:
    state = game(3, seed=4)
    others = [p.name for p in state.players if p.name != state.current_player]
    assert legal_actions(state, state.current_player) == legal_actions(state)
    assert all(legal_actions(state, name) == [] for name in others)
