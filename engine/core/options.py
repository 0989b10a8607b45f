"""One spec per game for its options (issue 54 item 2; OpenSpiel's `parameter_specification` in spirit).

A game declares each option once, as a field of its config made by `option` (and each module, if it has any, as a
`Module`); what follows from the declaration is derived here, for every game alike:

    declared_options(config_class)         # the game's `Option`s, one per such field, in field order
    check_value(option, value)             # the config's check of one option's value (a ValueError sentence)
    options_to_dict(spec, config)          # the options' part of the stored JSON (some left out at their default)
    add_arguments(parser, spec)            # the `simulate` command line's flags, read back by `options_from_args`

The bot's lobby menus (`bot.host.option_menus`), `/gah rules`' module page and the README's options table
(`python -m tools.options_table`) are derived from the same spec. Pure: no I/O, no randomness.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields, replace
from typing import Any, Literal, TypeVar

OptionKind = Literal["choice", "flag", "set"]
"""A choice is one of `Option.values` (or None, if `Option.none` says what None means); a flag is true or false; a
set is any number of names (a game's modules)."""
SoloUse = Literal["any", "only", "never"]
"""Where an option or module applies: in any game, only in a solo game, never in a solo game."""
Value = TypeVar("Value")
SPEC = "option"
"""The key of a config field's metadata that holds its `Option` (`option`, `declared_options`)."""


@dataclass(frozen=True)
class Option:
    """One game option, declared once.

    Attributes:
        name: the config field and the key of the stored JSON.
        default: the value when nobody chose one.
        kind: "choice", "flag" or "set" (`OptionKind`).
        values: a choice's allowed values (a set's: its names), in the order the checks and menus name them.
        help: one line for the command line's `--help` (and the README's short form).
        label: the player-facing name: a flag's entry in the lobby's variants menu, a choice's menu placeholder, a
            set's noun for one of its names ("Let's Waltz module"; its modules have their own lobby entries).
        value_labels: a choice's lobby menu entries, one per value in `values` (none: not in the lobby menus).
        flag: the command line's flag ("" is `--` and the name with dashes).
        solo: where it applies (`SoloUse`).
        omit_at_default: left out of the stored JSON at its default, so that the JSON of games stored before the
            option existed stays as it was.
        none: for a choice that may be None, what None means in the check's sentence ("none for a random one").
        details: what it does, for the README's options table.
    """

    name: str
    default: Any
    kind: OptionKind = "choice"
    values: tuple[Any, ...] = ()
    help: str = ""
    label: str = ""
    value_labels: tuple[str, ...] = ()
    flag: str = ""
    solo: SoloUse = "any"
    omit_at_default: bool = False
    none: str = ""
    details: str = ""

    @property
    def cli_flag(self) -> str:
        """The command line's flag (`flag`, or `--` and the name with dashes)."""
        return self.flag or "--" + self.name.replace("_", "-")

    @property
    def in_lobby(self) -> bool:
        """Whether the host sets it in the lobby's options menus (a flag with a label, a choice with value labels,
        a set by its modules' entries)."""
        return {"choice": bool(self.value_labels), "flag": bool(self.label), "set": True}[self.kind]

    def at_default(self, value: object) -> bool:
        """Whether `value` is the default (an empty set counts as the default of a set)."""
        if self.kind == "set":
            return not value
        return bool(value == self.default)


@dataclass(frozen=True)
class Module:
    """One module a game may add (Grand Austria Hotel's Let's Waltz modules), declared once.

    Attributes:
        name: its name in the config's `modules` set and the stored JSON.
        number: its number in the expansion's rules.
        title: its short title ("Start Player"), as the checks' sentences name it.
        label: its entry in the lobby's variants menu.
        note: the short note under that entry.
        rules: its sentence on `/gah rules`' page of modules.
        details: what it does, for the README's options table.
        solo: whether it may be played solo.
        extent: what part of the module is played, when not all of it (the README's second column).
    """

    name: str
    number: int
    title: str
    label: str
    note: str
    rules: str
    details: str
    solo: bool = True
    extent: str = ""

    @property
    def short_name(self) -> str:
        """Its name in the lobby's text: the lobby entry after its "Let's Waltz N: " prefix."""
        return self.label.partition(": ")[2]


def option(default: Value, *, kind: OptionKind = "choice", values: tuple[Any, ...] = (), help: str = "",
           label: str = "", value_labels: tuple[str, ...] = (), flag: str = "", solo: SoloUse = "any",
           omit_at_default: bool = False, none: str = "", details: str = "") -> Value:
    """A config field that is a game option: its default, and its `Option` (the keywords, as `Option` names them)
    in the field's metadata, named after the field by `declared_options`. The field's annotation is the option's type.

    A game's options are so declared once, in a dataclass of its `options_spec` that its `GameConfig` extends:

        edition: str = option("2021", values=("2021", "2015"), help="rules edition", ...)
    """
    spec = Option("", default, kind=kind, values=values, help=help, label=label, value_labels=value_labels,
                  flag=flag, solo=solo, omit_at_default=omit_at_default, none=none, details=details)
    return field(default=default, metadata={SPEC: spec})


def declared_options(config: type[Any]) -> tuple[Option, ...]:
    """The options of a config class: one `Option` per field made by `option`, named after it, in field order."""
    return tuple(replace(f.metadata[SPEC], name=f.name) for f in fields(config) if SPEC in f.metadata)


def check_value(option: Option, value: object, modules: Iterable[Module] = ()) -> None:
    """The check of one option's value as its spec declares it (a choice one of its values, a flag a bool, a set
    names of `modules`).

    Raises:
        ValueError: with a sentence naming the option and what it may be.
    """
    if option.kind == "flag":
        if not isinstance(value, bool):
            raise ValueError(f"{option.name} must be true or false, not {value!r}.")
    elif option.kind == "set":
        known = {module.name for module in modules}
        unknown = sorted(str(name) for name in value if name not in known) if isinstance(value, Iterable) else []
        if unknown:
            raise ValueError(f"Unknown {option.label}(s): {', '.join(unknown)}. "
                             f"Choose from {', '.join(module.name for module in modules)}.")
    elif not (value is None and option.none) and value not in option.values:
        allowed = ", ".join(str(v) for v in option.values)
        extra = f" (or {option.none})" if option.none else ""
        raise ValueError(f"{option.name} must be one of {allowed}{extra}; got {value!r}.")


def options_to_dict(spec: Iterable[Option], config: object) -> dict[str, Any]:
    """The options' part of a config's stored JSON, in the spec's order: a set as a sorted list, and an option
    that says so left out at its default."""
    data: dict[str, Any] = {}
    for option in spec:
        value = getattr(config, option.name)
        if option.omit_at_default and option.at_default(value):
            continue
        data[option.name] = sorted(value) if option.kind == "set" else value
    return data


def options_from_dict(spec: Iterable[Option], data: Mapping[str, Any]) -> dict[str, Any]:
    """The config keyword arguments of the options in a stored JSON (a set read back as a frozenset; a missing
    option is left to its default)."""
    values: dict[str, Any] = {}
    for option in spec:
        if option.name in data:
            value = data[option.name]
            values[option.name] = frozenset(value) if option.kind == "set" else value
    return values


def set_option(modules: Iterable[Module]) -> Any:
    """The command line's reader of a set of module names: comma-separated, or "all"."""
    names = tuple(module.name for module in modules)

    def read(text: str) -> frozenset[str]:
        chosen = [name.strip() for name in text.split(",") if name.strip()]
        if chosen == ["all"]:
            return frozenset(names)
        unknown = [name for name in chosen if name not in names]
        if unknown:
            raise argparse.ArgumentTypeError(f"unknown module(s) {', '.join(unknown)}; choose from {', '.join(names)}")
        return frozenset(chosen)

    return read


def add_arguments(parser: argparse.ArgumentParser, spec: Iterable[Option], modules: Iterable[Module] = ()) -> None:
    """Add one command-line flag per option (a flag's is `store_true`; a choice's takes one of its values; a set's
    comma-separated names or "all"), each stored under the option's name."""
    module_list = tuple(modules)
    for option in spec:
        if option.kind == "flag":
            parser.add_argument(option.cli_flag, dest=option.name, action="store_true", help=option.help)
        elif option.kind == "set":
            parser.add_argument(option.cli_flag, dest=option.name, default=frozenset(),
                                type=set_option(module_list), help=option.help)
        else:
            parser.add_argument(option.cli_flag, dest=option.name, default=option.default, choices=option.values,
                                help=option.help)


def options_from_args(spec: Iterable[Option], args: argparse.Namespace) -> dict[str, Any]:
    """The config keyword arguments of the options the command line set (`add_arguments`' flags)."""
    return {option.name: getattr(args, option.name) for option in spec}


def spec_named(spec: Iterable[Option], name: str) -> Option:
    """The option called `name`.

    Raises:
        KeyError: no such option.
    """
    for option in spec:
        if option.name == name:
            return option
    raise KeyError(name)
