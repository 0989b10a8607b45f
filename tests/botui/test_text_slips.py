"""Text slips found at the end of games (issue 52 item 9), each over real seeded games: a name told twice ("AI Teal
AI Teal's Secretary copies"), the skeleton key handed on after the last round, a hotel entrance's price told twice,
E. Gizia's copy without its cost, the setup's starting rooms, /gah score after the game, the final log in seat order,
Overbooking's help in Polish."""

from __future__ import annotations

import re

import pytest

from bot.games.gah import texts, words, words_phrases
from bot.games.gah.panel import describe, prompt_of
from bot.games.gah.panel_help import HELP
from bot.games.overbooking.presenter import HELP as OVERBOOKING_HELP
from engine import GameConfig, GameState, apply, legal_actions, new_game, projected_scores
from engine.gah.ai import policy
from tests.bot_e2e.words_check import slip_problems
from tests.botui.test_words_gains import SEEDS, SETUPS, played, told


def test_no_slip_in_the_words_of_any_kind_of_game() -> None:
    """The e2e words check's slips (`slip_problems`) over every setup and seed; the games hold what it is about."""
    games = [told(played(setup, seed)) for setup in SETUPS for seed in SEEDS]
    problems = slip_problems(games)
    assert not problems, "\n".join(problems[:10])
    text = "\n".join(games)
    assert "'s Secretary copies" in text and "takes the hotel entrance" in text
    assert "starts the next round; the skeleton key goes back" in text


def test_a_possessive_line_in_another_section_names_its_player_once() -> None:
    lines = [line for setup in SETUPS for seed in SEEDS for line in told(played(setup, seed)).splitlines()
             if "'s Secretary copies" in line]
    assert lines
    for line in lines:
        assert re.match(r"• [^•]+?'s Secretary copies the ", line), line
        assert not re.match(r"• (.+) \1's ", line), line


def test_the_skeleton_key_is_not_handed_on_after_the_last_round() -> None:
    handed = 0
    for seed in SEEDS:
        moves = played("waltz", seed)
        events = [event for move in moves for event in move.events]
        last_scoring = max(k for k, e in enumerate(events) if e.kind == "emperor_scoring")
        assert not [e for e in events[last_scoring:] if e.kind == "key_returns"], seed
        handed += any(e.kind == "key_returns" for e in events[:last_scoring])
    assert handed >= 3, "the games hand the key on between rounds"


def test_a_hotel_entrance_won_at_auction_tells_its_price_once() -> None:
    for seed in SEEDS:
        lines = told(played("waltz", seed)).splitlines()
        won = [line for line in lines if "takes the hotel entrance" in line and " for " in line]
        assert won, seed
        for line in won:
            name = re.search(r"takes the hotel entrance (.+) for ", line)
            assert name is not None
            assert not any(re.search(rf"pays \d+ krones? for {re.escape(name.group(1))}$", other) for other in lines)


def _extra_action_states() -> list[GameState]:
    """States of seeded 3-player games where E. Gizia's extra action is to be chosen."""
    found = []
    for seed in range(3, 11):
        state = new_game(GameConfig(players=["ann", "bob", "cy"], seed=seed))
        seats = [policy("greedy", seed * 7 + k) for k in range(3)]
        while not state.is_over:
            if state.pending and state.pending[-1].kind == "extra_action":
                found.append(state)
                break
            index = state.current_index
            assert index is not None
            state, _ = apply(state, seats[index].choose(state))
    return found


def test_every_option_of_e_gizias_extra_action_says_what_it_costs() -> None:
    states = _extra_action_states()
    copies = 0
    for state in states:
        for action in legal_actions(state):
            if action.kind != "action":
                continue
            label, _ = describe(state, action)
            space = action.args[0]
            assert label.startswith(f"Action {space} ({words_phrases.ACTION_NAME[space]}) again at strength "), label
            assert label.endswith(" · costs 1 krone") == (space == 6), label
            copies += space == 6
    assert copies >= 3


def test_the_setup_says_how_many_starting_rooms_and_that_the_ground_floor_is_free() -> None:
    for seed in SEEDS:
        state = new_game(GameConfig(players=["ann", "bob"], seed=seed))
        seat = policy("random", seed)
        asked = []
        while not state.is_over and state.round == 0:
            if state.pending and state.pending[-1].kind == "prepare_rooms":
                asked.append(prompt_of(state))
            state, _ = apply(state, seat.choose(state))
        assert asked, seed
        assert asked[0].startswith("Prepare up to 3 starting rooms"), asked
        rule = ("beginning at room 1-1 (bottom left)", "The ground floor (floor 1) is free",
                "floor 2 costs 1, floor 3 costs 2, floor 4 costs 3 krones a room")  # rulebook, Preparations
        assert all(all(part in prompt for part in rule) and "starting room" in prompt for prompt in asked), asked


@pytest.mark.parametrize("setup", ["base", "waltz"])
def test_score_after_the_game_gives_the_final_scores(setup: str) -> None:
    state = new_game(GameConfig(players=["ann", "bob"], seed=2, **SETUPS[setup]))  # type: ignore[arg-type]
    seats = [policy("random", k) for k in range(2)]
    during = texts.score_text(projected_scores(state), state)
    assert "if the game ended now" in during
    while not state.is_over:
        index = state.current_index
        assert index is not None
        state, _ = apply(state, seats[index].choose(state))
    after = texts.score_text(projected_scores(state), state)
    assert after.startswith("Final scores:") and "if the game ended now" not in after


def test_the_game_over_section_lists_the_players_by_rank() -> None:
    for setup in SETUPS:
        for seed in SEEDS:
            section = words.sections(played(setup, seed))[-1]
            ranks = [int(rank) for line in section.lines
                     for rank in re.findall(r"finishes with -?\d+ VP \(rank (\d+)\)", line)]
            assert ranks and ranks == sorted(ranks), (setup, seed, section.lines)


def test_the_help_texts_are_in_english() -> None:
    for help_text in [*OVERBOOKING_HELP.values(), *HELP.values()]:
        assert not re.search(r"\bEtap\b", help_text), help_text
