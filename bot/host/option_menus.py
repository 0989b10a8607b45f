"""A game's lobby option menus, derived from its spec (`engine.core.options`; issue 54 item 2): each presenter
builds its `OPTION_CHOICES`, `VARIANT_FLAGS`, `OPTION_PLACEHOLDERS`, `OPTION_NOTES` and `MODULE_CHOICES` here from
its game's `OPTIONS` (and modules), so that an option declared there is in the lobby without another line."""

from __future__ import annotations

import importlib
from collections.abc import Collection, Iterator, Mapping, Sequence
from pathlib import Path
from typing import IO, Any

from engine.core.options import Module, Option

Extracted = Iterator[tuple[int, str, str, list[str]]]
"""What a Babel extraction method yields: (line, function name, text, comments)."""

VARIANTS = "variants"
"""The one menu of the boolean options and the modules (any number ticked, none included)."""

Menus = list[tuple[str, list[tuple[str, str]]]]
"""The host's option selects: (option, [(label, value)]), one row each of the options message."""


def option_menus(spec: Sequence[Option], modules: Sequence[Module] = (),
                 bot_variants: Sequence[tuple[str, str]] = ()) -> Menus:
    """The host's option selects: one per choice offered in the lobby, with its value labels, and the variants
    menu where the first flag (or the modules) stands in the spec: the flags' labels, then `bot_variants` (the
    bot's own boolean options, (label, name)), then the modules' labels."""
    menus: Menus = []
    variants: list[tuple[str, str]] = []
    placed = False
    for option in spec:
        if not option.in_lobby:
            continue
        if option.kind == "choice":
            menus.append((option.name, [(label, str(value))
                                        for label, value in zip(option.value_labels, option.values, strict=True)]))
            continue
        if not placed:
            menus.append((VARIANTS, variants))
            placed = True
        if option.kind == "flag":
            variants.append((option.label, option.name))
    if placed:
        flags_end = sum(1 for option in spec if option.kind == "flag" and option.in_lobby)
        variants[flags_end:flags_end] = list(bot_variants)
        variants.extend((module.label, module.name) for module in modules)
    return menus


def variant_flags(spec: Sequence[Option], bot_variants: Sequence[tuple[str, str]] = ()) -> tuple[str, ...]:
    """The boolean options of the variants menu: the spec's flags offered in the lobby, then the bot's own."""
    return (*(option.name for option in spec if option.kind == "flag" and option.in_lobby),
            *(name for _, name in bot_variants))


def placeholders(spec: Sequence[Option], variants: str = "") -> dict[str, str]:
    """What each option select says while nothing in it is chosen: a choice's label (none: its name), and
    `variants` for the variants menu (none: its name)."""
    shown = {option.name: option.label for option in spec if option.kind == "choice" and option.in_lobby
             and option.label}
    return {**shown, VARIANTS: variants} if variants else shown


def module_choices(modules: Sequence[Module]) -> tuple[tuple[str, str, str], ...]:
    """The modules the host may add in the variants menu: (label, name, note)."""
    return tuple((module.label, module.name, module.note) for module in modules)


def menu_changes(menu: str, chosen: Sequence[str], flags: Sequence[str],
                 modules: Sequence[tuple[str, str, str]] = ()) -> dict[str, Any]:
    """The lobby options a host's pick in one option select sets: in the variants menu every flag (ticked or
    not) and the modules ticked (if the game has any); in another menu its option, to the first value chosen."""
    if menu != VARIANTS:
        return {menu: chosen[0]}
    changes: dict[str, Any] = {flag: flag in chosen for flag in flags}
    if modules:
        changes["modules"] = [module for _, module, _ in modules if module in chosen]
    return changes


def option_labels(spec: Sequence[Option], modules: Sequence[Module] = ()) -> Extracted:
    """The lobby's words of an option spec for the catalogs (the engine holds no marked strings; the host translates
    them where it shows them): each option's label and value labels, each module's label and note."""
    for option in spec:
        for text in (option.label, *option.value_labels):
            if text:
                yield 0, "_", text, [f"the lobby's option {option.name} (options_spec.py)"]
    for module in modules:
        yield 0, "_", module.label, [f"the lobby's entry of module {module.name} (options_spec.py)"]
        yield 0, "_", module.note, [f"the note under module {module.name} in the lobby (options_spec.py)"]


def extract_option_labels(fileobj: IO[bytes], keywords: Mapping[str, Any], comment_tags: Collection[str],
                          options: Mapping[str, Any]) -> Extracted:
    """A Babel extraction method (`babel.cfg`, on a game's engine/<game>/options_spec.py): `option_labels` of its
    `OPTIONS` and of every tuple of modules it declares."""
    parts = Path(str(getattr(fileobj, "name", ""))).with_suffix("").parts[-3:]
    spec = importlib.import_module(".".join(parts))
    found = [value for value in vars(spec).values() if isinstance(value, tuple) and value]
    yield from option_labels(getattr(spec, "OPTIONS", ()),
                             [module for value in found if isinstance(value[0], Module) for module in value])
