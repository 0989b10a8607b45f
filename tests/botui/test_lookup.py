"""Card lookup by part of a name (issue 14 item 9) and the help text listing every command."""

from __future__ import annotations

import re

import pytest

from bot.games.gah import lookup, texts
from bot.games.gah.kind import KIND as GRAND_AUSTRIA_HOTEL
from engine.gah.cards import emperor_tiles, guests, staff


def test_part_of_a_name_finds_the_card() -> None:
    assert lookup.find_cards("Waiter") == ["Chief Waiter"]
    assert lookup.find_cards("waiter") == ["Chief Waiter"]
    assert "Chief Waiter" in lookup.lookup_text("Waiter")
    assert lookup.lookup_text("  chief   WAITER ") == texts.card_text("Chief Waiter")


def test_names_that_start_with_the_query_come_before_names_that_only_contain_it() -> None:
    found = lookup.find_cards("bar")
    starting = [name for name in found if name.lower().startswith("bar")]
    assert starting, "some card names start with 'Bar'"
    assert found[:len(starting)] == starting
    assert all("bar" in name.lower() for name in found)


def test_an_exact_name_wins_over_longer_names_that_contain_it() -> None:
    assert lookup.find_cards("Baron")[0] == "Baron"
    assert lookup.lookup_text("baron") == texts.card_text("Baron")


def test_accents_case_and_punctuation_do_not_matter() -> None:
    assert lookup.normalise("Café-Owner's") == "cafe owner s"
    for name in texts.card_names():
        folded = lookup.normalise(name).upper()
        assert name in lookup.find_cards(folded), name


def test_words_in_any_part_of_the_name_find_it() -> None:
    tile = sorted(emperor_tiles())[0]
    assert lookup.find_cards(f"tile {tile}")[0] == f"Emperor tile {tile}"
    assert "Chief Waiter" in lookup.find_cards("chi wai")


def test_several_equal_matches_are_listed_and_nothing_is_chosen_for_the_user() -> None:
    answer = lookup.lookup_text("a")
    assert answer.startswith("Several cards match")
    assert "Which one?" in answer


@pytest.mark.parametrize("query", ["", "   ", "???", "zzzzqq", "x" * 500])
def test_a_query_that_matches_nothing_gets_a_polite_answer(query: str) -> None:
    answer = lookup.lookup_text(query)
    assert answer and len(answer) < 300
    assert answer.startswith(("Give me part", "I know no card"))


def test_autocomplete_offers_at_most_25_choices_of_at_most_100_characters() -> None:
    everything = lookup.autocomplete_choices("")
    assert len(everything) == 25
    assert all(len(name) <= 100 and name == value for name, value in everything)
    waiter = lookup.autocomplete_choices("Waiter")
    assert waiter == [("Chief Waiter", "Chief Waiter")]


def test_every_card_is_found_by_its_full_name() -> None:
    for card in [*guests().values(), *staff().values()]:
        assert lookup.lookup_text(card.name) == texts.card_text(card.name)


def test_help_lists_every_gah_command() -> None:
    commands = {command.name for command in GRAND_AUSTRIA_HOTEL.slash_commands}  # the /gah group is built from these
    assert {"turn", "hand", "cancel", "sync"} <= commands
    mentioned = set(re.findall(r"`/gah (\w+)", texts.HELP_TEXT))
    assert commands <= mentioned, f"missing from /gah help: {sorted(commands - mentioned)}"
    assert len(texts.HELP_TEXT) <= 2000
