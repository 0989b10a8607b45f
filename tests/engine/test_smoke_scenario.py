"""The scenario builder itself (so rule tests can trust it)."""

from tests.engine.scenario import play, texts, turn


def test_turn_builder_puts_the_player_on_turn_with_the_given_holdings() -> None:
    state = turn(dice=[0, 3, 0, 0, 0, 0], money=5, kitchen=[0, 0, 0, 0], rooms="1-1:P")
    assert state.current_player == "ann"
    assert "die 2" in texts(state) and "die 1" not in texts(state)
    state, _ = play(state, "die 2", "take 3 wine 0 coffee")
    assert state.players[0].kitchen == [0, 0, 3, 0]
