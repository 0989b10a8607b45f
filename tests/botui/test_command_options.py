"""Issue 15 item 2: slash-command option values are checked by the bot, whatever a forged interaction sends."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from discord import app_commands

from bot.games.gah.kind import KIND as GRAND_AUSTRIA_HOTEL
from bot.games.overbooking.kind import KIND as OVERBOOKING
from bot.games.overbooking.kind import Overbooking
from bot.host import command_options as options
from bot.host.cogs.commands import RulesPage, game_group
from bot.host.cogs.game import GameCog
from bot.host.kinds import SlashCommand


@pytest.mark.parametrize("value", [1e308, -5, 1e12, 168.5, float("inf"), float("nan"), "12", True, None])
def test_reminder_hours_out_of_bounds_or_of_the_wrong_kind_are_refused(value: Any) -> None:
    with pytest.raises(options.BadOption, match="0 to 168"):
        options.hours(value, "hours", 0, options.REMINDER_HOURS_MAX)


@pytest.mark.parametrize("value", [0, 0.0, 72.01, 1e308, -5])
def test_snooze_hours_must_be_above_zero_and_at_most_72(value: Any) -> None:
    with pytest.raises(options.BadOption, match="more than 0"):
        options.hours(value, "hours", 0, options.SNOOZE_HOURS_MAX, low_included=False)


def test_hours_in_bounds_are_taken() -> None:
    assert options.hours(0, "hours", 0, 168) == 0.0
    assert options.hours(168, "hours", 0, 168) == 168.0
    assert options.hours(0.0005, "hours", 0, 72, low_included=False) == 0.0005


@pytest.mark.parametrize("value", [0, 8, -1, 10**20, "three", 2.5, True, None])
def test_rules_page_must_be_a_whole_number_from_1_to_7(value: Any) -> None:
    with pytest.raises(options.BadOption, match="1 to 7"):
        options.whole_number(value, "page", 1, 7)
    assert options.whole_number(7, "page", 1, 7) == 7


def test_one_of_names_the_allowed_values() -> None:
    with pytest.raises(options.BadOption, match="mention, dm, none"):
        options.one_of("xyz", "mode", ("mention", "dm", "none"))
    assert options.one_of("dm", "mode", ("mention", "dm", "none")) == "dm"


def sub(name: str, kind: int, value: Any) -> dict[str, Any]:
    return {"name": "gah", "options": [{"name": "x", "type": 1, "options": [{"name": name, "type": kind,
                                                                             "value": value}]}]}


@pytest.mark.parametrize(("kind", "value"), [(10, "12"), (10, True), (4, 2.5), (4, False), (4, "3"), (5, 1),
                                             (3, 5), (6, 123), (10, None)])
def test_option_values_of_the_wrong_json_type_are_found(kind: int, value: Any) -> None:
    assert options.option_type_problem(sub("hours", kind, value)) is not None


@pytest.mark.parametrize(("kind", "value"), [(10, 12), (10, 0.5), (4, 3), (5, False), (3, "x"), (6, "123")])
def test_option_values_of_the_right_json_type_pass(kind: int, value: Any) -> None:
    assert options.option_type_problem(sub("hours", kind, value)) is None
    assert options.option_type_problem({"name": "gah"}) is None


# ----- the transformers that declare and check the options (issue 41 item 4) -------------------------------------

def transformed(transformer: app_commands.Transformer, value: Any) -> Any:
    """What `transformer` hands the command for `value` (these transformers never read the interaction)."""
    return asyncio.run(transformer.transform(None, value))  # type: ignore[arg-type]


@pytest.mark.parametrize("value", [0, 4, "2", 2.5, True])
def test_a_transformer_refuses_a_value_with_its_sentence(value: Any) -> None:
    with pytest.raises(options.OptionRefused, match=r"^`page` must be a whole number from 1 to 3\.$"):
        transformed(options.WholeNumber("page", 1, 3), value)
    assert transformed(options.WholeNumber("page", 1, 3), 3) == 3


def test_the_rules_page_option_offers_and_takes_only_the_games_own_pages() -> None:
    page = RulesPage(OVERBOOKING)
    assert (page.min_value, page.max_value, page.high) == (1, 3, 3)
    with pytest.raises(options.OptionRefused, match="from 1 to 3"):
        transformed(page, 4)
    assert RulesPage(GRAND_AUSTRIA_HOTEL).high == 7


def test_one_of_offers_its_choices_and_refuses_others() -> None:
    level = options.OneOf("level", OVERBOOKING.ai_levels)
    assert [(c.name, c.value) for c in level.choices] == [(name, name) for name in OVERBOOKING.ai_levels]
    assert transformed(level, "heuristic") == "heuristic"
    with pytest.raises(options.OptionRefused, match="`level` must be one of: random, heuristic"):
        transformed(level, "master")


def test_hours_transformers_keep_their_bounds() -> None:
    snooze = options.Hours("hours", 0, options.SNOOZE_HOURS_MAX, low_included=False)
    assert (snooze.min_value, snooze.max_value) == (0, 72.0)
    assert transformed(snooze, 0.5) == 0.5
    with pytest.raises(options.OptionRefused, match="more than 0"):
        transformed(snooze, 0)


class ThirdGame(Overbooking):
    """A made-up third game: a kind with its own command group and a few of the shared commands."""

    key = "third"
    command = "third"
    command_description = "Play a third game"
    slash_commands = (SlashCommand("turn", "Open your turn panel"),
                      SlashCommand("log", "The game's log", options=("game",)),
                      SlashCommand("ai", "Let an AI play a seat"))
    command_ai_level = "random"


def test_a_new_game_gets_its_commands_from_its_kind() -> None:
    cog = GameCog(None, None, lambda: None)  # type: ignore[arg-type]  # building a group calls neither
    group = game_group(cog, ThirdGame())
    assert (group.name, group.description) == ("third", "Play a third game")
    assert [c.name for c in group.commands] == ["turn", "log", "ai"]
    shown = {c.name: c for c in group.commands}
    assert [p.name for p in shown["log"].parameters] == ["game"], "the log offers only the options its entry names"
    level = next(p for p in shown["ai"].parameters if p.name == "level")
    assert [c.value for c in level.choices] == list(OVERBOOKING.ai_levels)
    assert level.description == "AI strength: random, heuristic"


def test_an_entry_cannot_offer_an_option_its_handler_lacks() -> None:
    class Broken(ThirdGame):
        slash_commands = (SlashCommand("turn", "Open your turn panel", options=("page",)),)

    with pytest.raises(ValueError, match="no option"):
        game_group(GameCog(None, None, lambda: None), Broken())  # type: ignore[arg-type]
