"""Issue 42 items 3 and 8: the channel's words are plain sentences. Numbers agree with their nouns
(`render.core.plural`), every Emperor reward and penalty is told with its content, round-end events have a heading of
their own, nobody "moves back to space 0" who was already there, the solo opponent's card is a sentence and
repeated lines are merged."""

from __future__ import annotations

import pytest

from bot.games.gah import texts, words, words_pages
from bot.host import texts as host_texts
from bot.host.service.model import Move
from engine import Event, GameConfig, apply, new_game
from engine.gah.ai import policy
from engine.gah.cards import emperor_tiles
from engine.gah.payloads import RemoveOccupiedData, RemoveVacantData, ReturnHandData
from render.core.plural import agree, count, disagreements, plural
from render.gah.texts import EFFECT_SENTENCES, emperor_sentences
from tests.bot_e2e.words_check import emperor_problems, number_noun_disagreements
from tests.botui.test_words import all_games, played

# ----- counted nouns ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("number", "noun", "said"), [
    (1, "krone", "1 krone"), (2, "krone", "2 krones"), (0, "krone", "0 krones"), (1, "VP", "1 VP"),
    (15, "VP", "15 VP"), (1, "staff card", "1 staff card"), (4, "staff card", "4 staff cards"), (1, "die", "1 die"),
    (3, "die", "3 dice"), (2, "wine", "2 wine"), (1, "game", "1 game"), (1.5, "hour", "1.5 hours"),
    (1.0, "second", "1 second"), (2, "point token", "2 point tokens"),
])
def test_a_number_agrees_with_its_noun(number: int | float, noun: str, said: str) -> None:
    assert count(number, noun) == said


def test_plural_keeps_the_irregular_nouns() -> None:
    assert [plural(noun) for noun in ("VP", "die", "staff", "occupied room", "coin")] == [
        "VP", "dice", "staff", "occupied rooms", "coins"]


@pytest.mark.parametrize(("text", "found"), [
    ("raises to 1 krones", ["1 krones"]),
    ("1 games, 0 wins", ["1 games"]),
    ("1 coins · 1 tokens", ["1 coins", "1 tokens"]),
    ("2 krone and 3 game and 5 staff card", ["2 krone", "3 game", "5 staff card"]),
    ("1 VPs", ["1 VPs"]),
    ("2 krones, 1 krone, 0 games, 1 game, 3 VP, 2 dice, 1 die, 12 room tiles, 2 point tokens, 1.5 hours", []),
    ("rooms 4-4 and 4-5, 2 game-end staff, (1/0 K off)", []),
])
def test_the_checker_finds_every_disagreement_and_nothing_else(text: str, found: list[str]) -> None:
    assert disagreements(text) == found


def test_agree_mends_a_sentence_written_elsewhere() -> None:
    assert agree("Ann raises to 1 krones and takes 2 die; 1 VPs") == "Ann raises to 1 krone and takes 2 dice; 1 VP"
    assert agree("Ann gains 2 krones.") == "Ann gains 2 krones."


def test_the_status_line_and_intervals_count_their_nouns() -> None:
    state = new_game(GameConfig(players=["ann", "bob"], seed=3))
    player = state.players[0]
    player.money = 1
    line = texts.status_line(player)
    assert line.startswith("1 krone · ") and not disagreements(line), line
    assert "staff card" in line and "staff in hand" not in line
    assert host_texts.interval(1) == "1 second" and host_texts.interval(60) == "60 seconds"


@pytest.mark.parametrize("game", range(len(all_games())))
def test_no_number_noun_disagreement_in_any_game_told(game: int) -> None:
    text = words_pages.log_export(all_games()[game])
    assert number_noun_disagreements([text]) == []


# ----- Emperor scoring -------------------------------------------------------------------------------------------


def test_every_emperor_tile_has_full_words_with_its_numbers() -> None:
    for tile in emperor_tiles().values():
        assert tile.reward["effect"] in EFFECT_SENTENCES and tile.penalty["effect"] in EFFECT_SENTENCES
        reward, penalty = emperor_sentences(tile)
        for row, said in ((tile.reward, reward), (tile.penalty, penalty)):
            numbers = [str(abs(int(value))) for key, value in row.items()
                       if key in ("amount", "count", "vp", "draw", "discount", "per", "steps")]
            assert all(number in said for number in numbers), (tile.id, said, row)
            assert "K off" not in said and "_" not in said and not disagreements(said), said
    reward, penalty = emperor_sentences(emperor_tiles()["A3"])
    assert reward == "draw 3 staff cards and play 1 of them 3 krones cheaper"
    assert penalty == "put 2 staff cards from the hand on the bottom of the deck, or lose 5 VP"


@pytest.mark.parametrize("game", range(len(all_games())))
def test_every_emperor_reward_and_penalty_is_told_with_its_content(game: int) -> None:
    moves = all_games()[game]
    text = words_pages.log_export(moves)
    told, problems = emperor_problems([text])
    events = [event for move in moves for event in move.events if event.kind in ("emperor_reward", "emperor_penalty")]
    assert told == len(events) and problems == []
    for event in events:
        reward, penalty = emperor_sentences(emperor_tiles()[event.data["tile"]])
        assert f"Emperor tile {event.data['tile']} ({reward if event.kind == 'emperor_reward' else penalty})" in text


def test_a_player_already_on_space_0_stays_there_and_is_not_said_to_move_back() -> None:
    moves = played(2, 4, "random", (("edition", "2015"),))  # both players sit on space 0 at the scorings
    text = words_pages.log_export(moves)
    assert "stays on space 0 of the Emperor track (no VP)" in text
    for line in text.splitlines():
        if "moves back to space 0" in line:
            assert "VP (Emperor scoring); moves back to space 0" in line, line


def _round_after(moves: tuple[Move, ...], end: int) -> int:
    return sum(event.kind == "round" for move in moves[:end] for event in move.events)


def test_a_turn_post_that_begins_in_an_emperor_scoring_is_headed_by_it() -> None:
    """The post after a penalty decision (a choice, a card returned) tells it under "Emperor scoring after round N",
    not under the last player's turn, and the next round's turns under their own headings."""
    found = 0
    for moves in all_games():
        for k, move in enumerate(moves):
            kinds = [event.kind for event in move.events]
            if k == 0 or "emperor_scoring" in kinds or not kinds or words.round_end_kind(move.events[0]) is None:
                continue
            if not any(event.kind.startswith("emperor") for previous in moves[k - 3:k] for event in previous.events):
                continue
            sections = words.sections(moves[k:k + 3], round_number=_round_after(moves, k + 3))
            assert sections[0].title.startswith("Emperor scoring after round"), [s.title for s in sections]
            assert sections[0].player is None
            found += 1
    assert found, "the test games have a penalty decision in an Emperor scoring"


def test_the_lounge_clean_up_has_its_own_heading() -> None:
    config = GameConfig(players=["ann", "bob"], seed=6, modules=frozenset({"celebrities"}))
    state = new_game(config)
    seats = [policy("random", 6 + k) for k in range(2)]
    moves: list[Move] = []
    while not state.is_over and state.round < 3:
        index = state.current_index
        assert index is not None
        action = seats[index].choose(state)
        state, events = apply(state, action)
        moves.append(Move(len(moves) + 1, index, state.players[index].name, "user:1", str(action), tuple(events),
                          len(moves) + 1))
    found = words.sections(moves)
    cleanup = [s for s in found if any("lounge" in line for line in s.lines) and s.title != "Setup"]
    assert cleanup, [s.title for s in found]
    assert all(s.title.startswith("End of round") and s.player is None for s in cleanup), [s.title for s in cleanup]


def test_the_penalty_prompts_say_how_many_cards_or_rooms() -> None:
    assert ReturnHandData(2, "Emperor tile A3").prompt == (
        "Penalty of Emperor tile A3: return 2 staff cards from your hand to the bottom of the deck.")
    assert "return 1 staff card from" in ReturnHandData(1, "Emperor tile B3").prompt
    assert RemoveVacantData(2, "Emperor tile B4").prompt == (
        "Penalty of Emperor tile B4: remove 2 vacant rooms, one at a time, from your highest floor.")
    assert RemoveOccupiedData(2, 5, None, "Emperor tile C2").prompt == (
        "Penalty of Emperor tile C2: remove 2 occupied rooms, one at a time.")


# ----- sentences, not notes --------------------------------------------------------------------------------------


def test_the_solo_opponents_card_is_a_sentence() -> None:
    moves = played(1, 2, "greedy", (("solo", "leopold"),))
    told = [line for section in words.sections(moves) for line in section.lines]
    lines = [line for line in told if "turns over instruction card" in line]
    assert lines
    for line in lines:
        assert ", which asks for " in line and " to break ties" in line, line
        for note in ("guest symbols", "Emperor +", "; die ", "objective ?"):
            assert note not in line, line
    reasons = [line for line in told if "display position" in line or "does not carry out" in line or "marker" in line]
    assert reasons
    for line in reasons:
        for note in ("the depicted die", "as shown)", "in the queue: the most VP", "(yellow, the most VP)"):
            assert note not in line, line


def test_repeated_lines_are_merged_with_their_number() -> None:
    moves = played(1, 2, "greedy", (("solo", "leopold"),))
    found = words.sections(moves)
    setup = found[0]
    assert "ann puts 4 staff cards on the bottom of the deck" in setup.lines, setup.lines
    for section in found:
        assert all(a != b for a, b in zip(section.lines, section.lines[1:], strict=False)), section.lines


def test_an_ai_seat_named_ai_is_not_said_to_be_an_ai_twice() -> None:
    assert words.Section("AI Teal's turn (round 2)", "AI Teal", by_ai=True).heading == "AI Teal's turn (round 2)"
    assert words.Section("bob's turn (round 2)", "bob", by_ai=True).heading == "bob's turn (round 2) - AI"
    assert words.Section("Aino's turn", "Aino", by_ai=True).heading == "Aino's turn - AI"


def test_cards_returned_for_a_penalty_are_one_line_under_the_emperor_scoring() -> None:
    """The issue's case: a turn post that begins with ann's answers to the penalty of tile B3 (three cards returned,
    one decision each) and then bob's scoring tells them under the Emperor scoring, in one line, and bob, who
    scores no VP, stays on space 0."""
    def returned(seq: int, card: int, name: str) -> Move:
        event = Event("return_staff", "ann", f"ann returns the {name} to the deck.", {"card": card})
        return Move(seq, 0, "ann", "user:1", f"return {name}", (event,), seq)

    bob = Move(4, 0, "ann", "user:1", "return Gardener", (
        Event("return_staff", "ann", "ann returns the Gardener to the deck.", {"card": 42}),
        Event("emperor_retreat", "bob", "bob retreats to space 0.", {"emperor": 0}),
        Event("emperor_penalty", "bob", "bob suffers the penalty of Emperor tile B3.", {"tile": "B3"}),
    ), 4)
    moves = (returned(2, 7, "Masseuse"), returned(3, 48, "Hotel Manager"), bob)
    found = words.sections(moves, round_number=5)
    assert [section.title for section in found] == ["Emperor scoring after round 5"]
    assert found[0].lines == [
        "ann returns the Masseuse, the Hotel Manager and the Gardener to the bottom of the deck",
        "bob stays on space 0 of the Emperor track (no VP); suffers the penalty of Emperor tile B3 (put 3 staff cards "
        "from the hand on the bottom of the deck, or lose 7 VP)",
    ]
