"""Discord's limits on application commands, checked when a client registers them."""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Sequence
from functools import cache
from typing import Any

from .errors import Problem
from .schemas import OPENAPI_PATH

__all__ = ["check_command", "check_command_set", "command_name_problem", "discord_locales"]

CHAT_INPUT, USER, MESSAGE = 1, 2, 3
SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
MAX_CHAT_INPUT = 100
MAX_CONTEXT_MENU = 5
MAX_OPTIONS = 25
MAX_CHOICES = 25
NAME_MAX = 32
DESCRIPTION_MAX = 100
CHOICE_NAME_MAX = 100
CHOICE_VALUE_MAX = 100
COMMAND_TOTAL_MAX = 4000
STRING_LENGTH_MAX = 6000
CHOICE_TYPES = frozenset({3, 4, 10})

Path = tuple[str | int, ...]


def _name_char_ok(ch: str) -> bool:
    """One character of Discord's name regex ``^[-_'\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$``."""
    if ch in "-_'":
        return True
    if unicodedata.category(ch)[0] in "LN":
        return True
    code = ord(ch)
    return 0x0900 <= code <= 0x097F or 0x0E00 <= code <= 0x0E7F


def command_name_problem(name: Any, *, chat_input: bool = True) -> str | None:
    """Why ``name`` is not a valid command/option name, or None if it is.

    Chat-input names are 1-32 characters of letters, digits, ``-``, ``_`` and ``'`` and must be lowercase where a
    letter has a lowercase form. User and message command names may be any 1-32 characters.
    """
    if not isinstance(name, str) or not 1 <= len(name) <= NAME_MAX:
        return f"name {name!r} must be 1 to {NAME_MAX} characters"
    if not chat_input:
        return None
    bad = [ch for ch in name if not _name_char_ok(ch)]
    if bad:
        return f"name {name!r} has characters outside Discord's name pattern: {''.join(bad)!r}"
    if name != name.lower():
        return f"name {name!r} must be lowercase"
    return None


@cache
def discord_locales() -> frozenset[str]:
    """The locales Discord localises into ("pl", "de", "en-US", ...): ``AvailableLocalesEnum`` of its OpenAPI
    description, which the schema itself does not apply to the keys of a localisation map."""
    spec = json.loads(OPENAPI_PATH.read_text(encoding="utf-8"))
    return frozenset(entry["const"] for entry in spec["components"]["schemas"]["AvailableLocalesEnum"]["oneOf"])


def _check_localizations(part: dict[str, Any], path: Path, *, names: str, problems: list[Problem]) -> None:
    """A command's, option's or choice's ``name_localizations`` and ``description_localizations``: known locales
    only; a localised name follows the rules of the name itself (``names``: "chat" the chat-input name pattern,
    "menu" a context menu command's 1 to 32 characters, "choice" 1 to 100 characters); a localised description 1
    to 100 characters."""
    for key, longest in (("name_localizations", NAME_MAX), ("description_localizations", DESCRIPTION_MAX)):
        texts = part.get(key)
        if texts is None:
            continue
        if not isinstance(texts, dict):
            problems.append(Problem("commands.localizations", (*path, key), "MODEL_TYPE_CONVERT",
                                    f"{key} must be an object of locale -> text"))
            continue
        for locale, text in texts.items():
            here: Path = (*path, key, locale)
            if locale not in discord_locales():
                problems.append(Problem("commands.localizations", here, "BASE_TYPE_CHOICES",
                                        f"{locale!r} is not one of Discord's locales"))
                continue
            if key == "name_localizations" and names != "choice":
                reason = command_name_problem(text, chat_input=names == "chat")
                if reason:
                    problems.append(Problem("commands.localizations", here, "APPLICATION_COMMAND_INVALID_NAME",
                                            f"{locale}: {reason}"))
                continue
            most = CHOICE_NAME_MAX if key == "name_localizations" else longest
            if not isinstance(text, str) or not 1 <= len(text) <= most:
                problems.append(Problem("commands.localizations", here, "BASE_TYPE_BAD_LENGTH",
                                        f"{locale}: {key[:-len('_localizations')]} must be 1 to {most} characters"))


def _localized_names_unique(parts: Sequence[Any], path: Path, problems: list[Problem]) -> None:
    """Siblings (the commands of a set, the options of one level) keep distinct names in every locale: a part
    without a localisation for a locale is shown there under its own name."""
    dicts = [part for part in parts if isinstance(part, dict)]
    locales = {locale for part in dicts for locale in (part.get("name_localizations") or {})}
    for locale in sorted(locales):
        seen: dict[tuple[Any, str], int] = {}
        for i, part in enumerate(parts):
            if not isinstance(part, dict):
                continue
            shown = (part.get("name_localizations") or {}).get(locale, part.get("name"))
            group = (part.get("type", CHAT_INPUT) if path == () else None, str(shown))
            if group in seen:
                problems.append(Problem("commands.localizations", (*path, i, "name_localizations", locale),
                                        "APPLICATION_COMMAND_OPTION_NAME_ALREADY_EXISTS",
                                        f"{locale}: name {shown!r} is used twice at one level"))
            seen[group] = i


def _longest(part: dict[str, Any], key: str) -> int:
    """The length a field adds to a command's 4,000-character total: with localisations, the longest of the
    field and its localisations (Discord counts only the longest version of each field)."""
    texts = part.get(f"{key}_localizations")
    versions = [part.get(key), *(texts.values() if isinstance(texts, dict) else ())]
    return max(_text_len(text) for text in versions)


def _text_len(value: Any) -> int:
    return len(value) if isinstance(value, str) else 0


def _check_options(options: Any, path: Path, *, level: int, problems: list[Problem]) -> int:
    """Check one level of options; returns the characters they add to the command total."""
    if options is None:
        return 0
    if not isinstance(options, list):
        problems.append(Problem("commands.options", path, "BASE_TYPE_ARRAY", "options must be an array"))
        return 0
    if len(options) > MAX_OPTIONS:
        problems.append(
            Problem(
                "commands.options_count",
                path,
                "BASE_TYPE_MAX_LENGTH",
                f"{len(options)} options; Discord allows at most {MAX_OPTIONS}",
            )
        )
    total = 0
    names: set[str] = set()
    kinds = {o.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP) for o in options if isinstance(o, dict)}
    if len(kinds) > 1:
        problems.append(
            Problem(
                "commands.options_mixed",
                path,
                "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
                "subcommands/groups cannot be mixed with other options at the same level",
            )
        )
    _localized_names_unique(options, path, problems)
    seen_optional = False
    for i, option in enumerate(options):
        here: Path = (*path, i)
        if not isinstance(option, dict):
            problems.append(Problem("commands.options", here, "MODEL_TYPE_CONVERT", "an option must be an object"))
            continue
        kind = option.get("type")
        name = option.get("name")
        _check_localizations(option, here, names="chat", problems=problems)
        reason = command_name_problem(name)
        if reason:
            problems.append(Problem("commands.name", (*here, "name"), "APPLICATION_COMMAND_INVALID_NAME", reason))
        if isinstance(name, str):
            if name in names:
                problems.append(
                    Problem(
                        "commands.option_unique",
                        (*here, "name"),
                        "APPLICATION_COMMAND_OPTION_NAME_ALREADY_EXISTS",
                        f"option name {name!r} is used twice at one level",
                    )
                )
            names.add(name)
        description = option.get("description")
        if not isinstance(description, str) or not 1 <= len(description) <= DESCRIPTION_MAX:
            problems.append(
                Problem(
                    "commands.description",
                    (*here, "description"),
                    "BASE_TYPE_BAD_LENGTH",
                    f"option {name!r}: description must be 1 to {DESCRIPTION_MAX} characters",
                )
            )
        total += _longest(option, "name") + _longest(option, "description")
        if not isinstance(kind, int) or not 1 <= kind <= 11:
            problems.append(
                Problem(
                    "commands.option_type",
                    (*here, "type"),
                    "BASE_TYPE_CHOICES",
                    f"option {name!r}: type {kind!r} is not 1..11",
                )
            )
            continue
        if kind == SUB_COMMAND_GROUP:
            if level != 0:
                problems.append(
                    Problem(
                        "commands.nesting",
                        here,
                        "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
                        f"subcommand group {name!r} can only be at the top level",
                    )
                )
            subs = option.get("options") or []
            if not subs or any(s.get("type") != SUB_COMMAND for s in subs):
                problems.append(
                    Problem(
                        "commands.nesting",
                        (*here, "options"),
                        "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
                        f"subcommand group {name!r} must hold 1 to 25 subcommands",
                    )
                )
            total += _check_options(subs, (*here, "options"), level=1, problems=problems)
            continue
        if kind == SUB_COMMAND:
            if level > 1:
                problems.append(
                    Problem(
                        "commands.nesting",
                        here,
                        "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
                        f"subcommand {name!r} nested too deeply",
                    )
                )
            inner = option.get("options") or []
            if any(o.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP) for o in inner):
                problems.append(
                    Problem(
                        "commands.nesting",
                        (*here, "options"),
                        "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
                        f"subcommand {name!r} cannot hold subcommands",
                    )
                )
            total += _check_options(inner, (*here, "options"), level=2, problems=problems)
            continue
        if option.get("required"):
            if seen_optional:
                problems.append(
                    Problem(
                        "commands.required_order",
                        here,
                        "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                        f"required option {name!r} comes after an optional one",
                    )
                )
        else:
            seen_optional = True
        choices = option.get("choices")
        if choices:
            if kind not in CHOICE_TYPES:
                problems.append(
                    Problem(
                        "commands.choices",
                        (*here, "choices"),
                        "APPLICATION_COMMAND_OPTION_CHOICES_INVALID",
                        f"option {name!r}: only string, integer and number options have choices",
                    )
                )
            if option.get("autocomplete"):
                problems.append(
                    Problem(
                        "commands.choices",
                        (*here, "choices"),
                        "APPLICATION_COMMAND_OPTION_CHOICES_INVALID",
                        f"option {name!r}: choices and autocomplete cannot be combined",
                    )
                )
            if len(choices) > MAX_CHOICES:
                problems.append(
                    Problem(
                        "commands.choices",
                        (*here, "choices"),
                        "BASE_TYPE_MAX_LENGTH",
                        f"option {name!r}: {len(choices)} choices; Discord allows at most {MAX_CHOICES}",
                    )
                )
            for k, choice in enumerate(choices):
                if isinstance(choice, dict):
                    _check_localizations(choice, (*here, "choices", k), names="choice", problems=problems)
                cname = choice.get("name")
                if not isinstance(cname, str) or not 1 <= len(cname) <= CHOICE_NAME_MAX:
                    problems.append(
                        Problem(
                            "commands.choices",
                            (*here, "choices", k, "name"),
                            "BASE_TYPE_BAD_LENGTH",
                            f"choice name must be 1 to {CHOICE_NAME_MAX} characters",
                        )
                    )
                value = choice.get("value")
                if isinstance(value, str) and len(value) > CHOICE_VALUE_MAX:
                    problems.append(
                        Problem(
                            "commands.choices",
                            (*here, "choices", k, "value"),
                            "BASE_TYPE_MAX_LENGTH",
                            f"choice value must be at most {CHOICE_VALUE_MAX} characters",
                        )
                    )
                total += (_longest(choice, "name") if isinstance(choice, dict) else 0) + (
                    len(str(value)) if value is not None else 0)
        for key, low in (("min_length", 0), ("max_length", 1)):
            value = option.get(key)
            if value is not None and not low <= value <= STRING_LENGTH_MAX:
                problems.append(
                    Problem(
                        "commands.length_bounds",
                        (*here, key),
                        "NUMBER_TYPE_MAX",
                        f"option {name!r}: {key} must be in {low}..{STRING_LENGTH_MAX}",
                    )
                )
    return total


def check_command(command: Any, path: Path = ()) -> list[Problem]:
    """One command: name, description, options (at most 25 per level, subcommand nesting, choices) and the
    4,000-character total of names, descriptions and choice values."""
    problems: list[Problem] = []
    if not isinstance(command, dict):
        return [Problem("commands.invalid", path, "MODEL_TYPE_CONVERT", "a command must be an object")]
    kind = command.get("type", CHAT_INPUT)
    name = command.get("name")
    _check_localizations(command, path, names="chat" if kind == CHAT_INPUT else "menu", problems=problems)
    reason = command_name_problem(name, chat_input=kind == CHAT_INPUT)
    if reason:
        problems.append(Problem("commands.name", (*path, "name"), "APPLICATION_COMMAND_INVALID_NAME", reason))
    description = command.get("description")
    if kind == CHAT_INPUT:
        if not isinstance(description, str) or not 1 <= len(description) <= DESCRIPTION_MAX:
            problems.append(
                Problem(
                    "commands.description",
                    (*path, "description"),
                    "BASE_TYPE_BAD_LENGTH",
                    f"command {name!r}: description must be 1 to {DESCRIPTION_MAX} characters",
                )
            )
        total = _longest(command, "name") + _longest(command, "description")
        total += _check_options(command.get("options"), (*path, "options"), level=0, problems=problems)
        if total > COMMAND_TOTAL_MAX:
            problems.append(
                Problem(
                    "commands.total_length",
                    path,
                    "APPLICATION_COMMAND_TOO_LARGE",
                    f"command {name!r} has {total} characters of names, descriptions and values; "
                    f"Discord allows at most {COMMAND_TOTAL_MAX}",
                )
            )
    else:
        if description:
            problems.append(
                Problem(
                    "commands.description",
                    (*path, "description"),
                    "BASE_TYPE_BAD_LENGTH",
                    f"context menu command {name!r} must have an empty description",
                )
            )
        if command.get("options"):
            problems.append(
                Problem(
                    "commands.options",
                    (*path, "options"),
                    "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
                    f"context menu command {name!r} cannot have options",
                )
            )
    if kind not in (CHAT_INPUT, USER, MESSAGE, 4):
        problems.append(
            Problem("commands.type", (*path, "type"), "BASE_TYPE_CHOICES", f"command type {kind!r} unknown")
        )
    return problems


def check_command_set(commands: Sequence[Any]) -> list[Problem]:
    """A bulk overwrite: each command, at most 100 chat-input and 5 each of user and message commands, and no
    two commands of one type with the same name."""
    problems: list[Problem] = []
    counts = {CHAT_INPUT: 0, USER: 0, MESSAGE: 0}
    seen: set[tuple[int, str]] = set()
    for i, command in enumerate(commands):
        problems.extend(check_command(command, (i,)))
        if not isinstance(command, dict):
            continue
        kind = command.get("type", CHAT_INPUT)
        if kind in counts:
            counts[kind] += 1
        key = (kind, str(command.get("name")))
        if key in seen:
            problems.append(
                Problem(
                    "commands.unique",
                    (i, "name"),
                    "APPLICATION_COMMANDS_DUPLICATE_NAME",
                    f"command name {command.get('name')!r} is used twice",
                )
            )
        seen.add(key)
    _localized_names_unique(commands, (), problems)
    if counts[CHAT_INPUT] > MAX_CHAT_INPUT:
        problems.append(
            Problem(
                "commands.count",
                (),
                "BASE_TYPE_MAX_LENGTH",
                f"{counts[CHAT_INPUT]} chat-input commands; Discord allows at most {MAX_CHAT_INPUT}",
            )
        )
    for kind, label in ((USER, "user"), (MESSAGE, "message")):
        if counts[kind] > MAX_CONTEXT_MENU:
            problems.append(
                Problem(
                    "commands.count",
                    (),
                    "BASE_TYPE_MAX_LENGTH",
                    f"{counts[kind]} {label} commands; Discord allows at most {MAX_CONTEXT_MENU}",
                )
            )
    return problems
