"""Every option and module a game's spec declares reaches each place that follows from it (issue 54 item 2): the
config's fields and defaults, its checks, the stored JSON (at the default and off it), the `simulate` command
line, the lobby's menus, `/gah rules`' page of modules and the README's options tables. A new option is its spec
entry (a field of the game's `GameOptions`, which its config extends) and its rule; a place that does not follow
fails here with the option's name.
(The lobby's menus reaching a started game's config through the service: tests/bot/test_service_option_specs.py.)
"""

from __future__ import annotations

import dataclasses
import json
import typing
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import engine.gah.simulate as gah_simulate
import engine.overbooking.simulate as overbooking_simulate
from bot.games.gah.commands import SOLO_ENTRANCE_NAMES
from bot.games.overbooking.commands import SCORING_SIDES
from bot.host.kinds import KINDS, AnyKind
from bot.host.lobby import options_of
from engine.core.options import SPEC, Module, Option, check_value, declared_options, spec_named
from engine.gah.config import GameConfig as GahConfig
from engine.gah.options_spec import OPTIONS as GAH_OPTIONS
from engine.gah.options_spec import WALTZ_MODULES
from engine.overbooking.options_spec import OPTIONS as OVERBOOKING_OPTIONS
from engine.overbooking.state import GameConfig as OverbookingConfig
from tools import options_table

README = Path(__file__).resolve().parents[2] / "README.md"
Parse = Callable[[list[str]], Any]


def gah_cli(argv: list[str]) -> GahConfig:
    """The config `python -m engine.gah.simulate` plays for `argv`."""
    return gah_simulate.config_from(gah_simulate.build_parser().parse_args(argv), 1)


def overbooking_cli(argv: list[str]) -> OverbookingConfig:
    """The config `python -m engine.overbooking.simulate` plays for `argv`."""
    return overbooking_simulate.config_from(overbooking_simulate.build_parser().parse_args(argv), 1)


GAMES: list[tuple[str, tuple[Option, ...], tuple[Module, ...], type, Parse]] = [
    ("gah", GAH_OPTIONS, WALTZ_MODULES, GahConfig, gah_cli),
    ("overbooking", OVERBOOKING_OPTIONS, (), OverbookingConfig, overbooking_cli),
]
ENTRIES = [pytest.param(key, option, modules, config, cli, id=f"{key}:{option.name}")
           for key, options, modules, config, cli in GAMES for option in options]


def other_value(option: Option, modules: tuple[Module, ...]) -> Any:
    """A value of the option other than its default (a set: every module)."""
    if option.kind == "flag":
        return not option.default
    if option.kind == "set":
        return frozenset(module.name for module in modules)
    return next(value for value in option.values if value != option.default)


def cli_words(option: Option, value: Any) -> list[str]:
    """The command line that asks for `value`."""
    if option.kind == "flag":
        return [option.cli_flag] if value else []
    if option.kind == "set":
        return [option.cli_flag, ",".join(sorted(value))]
    return [option.cli_flag, str(value)]


@pytest.mark.parametrize(("key", "options", "config"), [(key, options, config) for key, options, _, config, _ in GAMES])
def test_the_spec_declares_every_config_field_but_players_seed_and_data_with_its_default(
        key: str, options: tuple[Option, ...], config: type) -> None:
    fields = [f for f in dataclasses.fields(config) if f.name not in ("players", "seed", "data")]
    assert [option.name for option in options] == [f.name for f in fields], key
    for option, f in zip(options, fields, strict=True):
        default = f.default_factory() if f.default is dataclasses.MISSING else f.default  # type: ignore[misc]
        assert option.default == default, option.name


ANNOTATIONS = {"flag": "<class 'bool'>", "set": "frozenset[str]", "choice": "<class 'str'>"}
"""Each kind's config field type (`repr` of the resolved annotation); a choice that may be None is `str | None`."""


@pytest.mark.parametrize(("key", "options", "config"), [(key, options, config) for key, options, _, config, _ in GAMES])
def test_each_config_option_field_is_its_spec_entry_with_the_type_its_kind_needs(
        key: str, options: tuple[Option, ...], config: type) -> None:
    # One place: the spec entry is the config's field (made by `option`), so a field and its entry cannot drift
    # apart and a new option is its field plus the rule.
    assert declared_options(config) == options, key
    by_name = {f.name: f for f in dataclasses.fields(config)}
    hints = typing.get_type_hints(config)
    for option in options:
        assert by_name[option.name].metadata[SPEC].default == option.default, option.name
        assert by_name[option.name].kw_only, f"{option.name} is set by its name only"
        expected = "str | None" if option.kind == "choice" and option.none else ANNOTATIONS[option.kind]
        assert repr(hints[option.name]) == expected, option.name
        check_value(option, option.default, WALTZ_MODULES)


@pytest.mark.parametrize(("key", "option", "modules", "config", "cli"), ENTRIES)
def test_the_command_line_sets_every_option_by_its_flag(key: str, option: Option, modules: tuple[Module, ...],
                                                        config: type, cli: Parse) -> None:
    assert getattr(cli([]), option.name) == option.default
    value = other_value(option, modules)
    assert getattr(cli(cli_words(option, value)), option.name) == value
    if option.kind == "choice":
        for allowed in option.values:
            assert getattr(cli([option.cli_flag, str(allowed)]), option.name) == allowed
        with pytest.raises(SystemExit):
            cli([option.cli_flag, "no-such-value"])


@pytest.mark.parametrize(("key", "option", "modules", "config", "cli"), ENTRIES)
def test_the_stored_json_keeps_every_option_off_its_default_and_leaves_out_those_that_say_so(
        key: str, option: Option, modules: tuple[Module, ...], config: type, cli: Parse) -> None:
    kind = KINDS[key]
    plain = kind.new_config(["ann", "bob"], {"seed": 4})
    stored = json.loads(json.dumps(kind.config_to_dict(plain)))
    assert (option.name in stored) == (not option.omit_at_default), option.name
    assert kind.engine_config(stored) == plain
    value = other_value(option, modules)
    chosen = kind.new_config(["ann", "bob"], {"seed": 4, option.name: value})
    stored = json.loads(json.dumps(kind.config_to_dict(chosen)))
    assert stored[option.name] == (sorted(value) if option.kind == "set" else value)
    again = kind.engine_config(stored)
    assert again == chosen and getattr(again, option.name) == value


@pytest.mark.parametrize(("key", "option", "modules", "config", "cli"), ENTRIES)
def test_the_check_takes_every_declared_value_and_refuses_others(key: str, option: Option,
                                                                  modules: tuple[Module, ...], config: type,
                                                                  cli: Parse) -> None:
    allowed: list[Any] = {"flag": [False, True], "set": [frozenset(), other_value(option, modules)]}.get(
        option.kind, [*option.values, *([None] if option.none else [])])
    for value in allowed:
        check_value(option, value, modules)
    wrong = {"flag": "yes", "set": frozenset({"no_such_module"})}.get(option.kind, "no-such-value")
    with pytest.raises(ValueError, match=option.name if option.kind != "set" else option.label):
        check_value(option, wrong, modules)
    with pytest.raises(ValueError):
        config(players=["ann", "bob"], **{option.name: wrong}).validate()


@pytest.mark.parametrize(("key", "option", "modules", "config", "cli"), ENTRIES)
def test_the_lobby_offers_every_option_it_declares_there(key: str, option: Option, modules: tuple[Module, ...],
                                                         config: type, cli: Parse) -> None:
    kind: AnyKind = KINDS[key]
    menus, flags, defaults = options_of(kind)
    offered = dict(menus)
    if not option.in_lobby:
        assert option.name not in offered and option.name not in flags
        return
    if option.kind == "choice":
        assert [value for _, value in offered[option.name]] == [str(value) for value in option.values]
        assert [label for label, _ in offered[option.name]] == list(option.value_labels)
    elif option.kind == "flag":
        assert (option.label, option.name) in offered["variants"] and option.name in flags
    else:
        assert all((module.label, module.name) in offered["variants"] for module in modules)
    assert defaults.get(option.name, frozenset()) == option.default  # a set's default is a factory's


def test_rules_pages_explain_every_module() -> None:
    pages = "\n".join(KINDS["gah"].presenter().texts(False).rules_pages)
    for module in WALTZ_MODULES:
        assert module.rules in pages, module.name


def test_the_readme_tables_are_current_and_have_a_row_for_every_option_and_module() -> None:
    text = README.read_text(encoding="utf-8")
    assert options_table.rewritten(text) == text, "README.md's options tables are stale: python -m tools.options_table"
    for key, options, modules, _, _ in GAMES:
        section = text.partition(options_table.start_marker(key))[2].partition(options_table.end_marker(key))[0]
        for option in options:
            assert f"| `{option.name}` | " in section, (key, option.name)
        for module in modules:
            assert f'| `modules`: `"{module.name}"` | ' in section, (key, module.name)


def test_the_options_table_script_checks_the_readme() -> None:
    assert options_table.main(["--check"]) == 0


def test_a_module_kept_out_of_solo_is_refused_there_by_its_spec() -> None:
    for module in WALTZ_MODULES:
        config = GahConfig(players=["ann"], solo="leopold", modules=frozenset({module.name}))
        if module.solo:
            config.validate()
        else:
            with pytest.raises(ValueError, match=f"{module.title} module \\({module.number}\\) cannot be played solo"):
                config.validate()


def test_the_new_commands_offer_the_values_the_specs_declare() -> None:
    assert list(SCORING_SIDES) == list(spec_named(OVERBOOKING_OPTIONS, "scoring").values)
    assert [key for key in SOLO_ENTRANCE_NAMES if key != "random"] == list(spec_named(GAH_OPTIONS,
                                                                                      "solo_entrance").values)


@pytest.mark.parametrize("key", sorted(KINDS))
def test_the_lobby_menus_fit_in_one_discord_message(key: str) -> None:
    """A message holds at most five rows, a select at most 25 entries: a spec entry that would break them fails
    here rather than at Discord."""
    menus = options_of(KINDS[key])[0]
    assert len(menus) <= 5
    assert all(1 <= len(entries) <= 25 for _, entries in menus)
