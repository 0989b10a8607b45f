"""Issue 41 item 4: the slash commands users see stay exactly what they were when the command groups came to be
built from each game's `GameKind`. The golden file was dumped from the hand-written groups (before the change);
the registered tree (names, options, descriptions, choices, bounds) must match it. Issue 55 item 3: it holds the
Polish and German localisations the bot's translator gives (`bot.host.command_translator`), as a sync sends them, and
every name, description and choice has them within Discord's limits."""

from __future__ import annotations

import asyncio
import json
import os
import re
from pathlib import Path
from typing import Any

import pytest

from bot.host.command_catalog import build_tree, payloads
from bot.host.command_translator import CommandTranslator
from tests.discord_standin.command_limits import check_command_set

GOLDEN = Path(__file__).parent / "golden" / "command_tree.json"


def registered_tree() -> list[dict[str, Any]]:
    """The JSON Discord would receive at a sync: every top-level command of the bot's tree, by name, localised by
    the bot's translator (as `bot.host.app.GahBot.setup_hook` sets it)."""
    async def build() -> list[dict[str, Any]]:
        return await payloads(await build_tree(CommandTranslator()))
    return asyncio.run(build())


def test_the_registered_commands_are_the_golden_ones() -> None:
    tree = registered_tree()
    if os.environ.get("WRITE_GOLDEN_COMMAND_TREE"):
        GOLDEN.write_text(json.dumps(tree, indent=1, sort_keys=True) + "\n")
    golden = json.loads(GOLDEN.read_text())
    assert [c["name"] for c in tree] == [c["name"] for c in golden]
    for got, wanted in zip(tree, golden, strict=True):
        got_sub = {o["name"]: o for o in got.get("options", [])}
        wanted_sub = {o["name"]: o for o in wanted.get("options", [])}
        assert sorted(got_sub) == sorted(wanted_sub), got["name"]
        for name, option in wanted_sub.items():
            assert json.loads(json.dumps(got_sub[name], sort_keys=True)) == option, f"/{got['name']} {name}"
        assert json.loads(json.dumps(got, sort_keys=True)) == wanted


LOCALISED = ("pl", "de")


def localised_parts(command: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """Every part of a command's JSON that Discord shows in words: the command, its options at any depth, their
    choices; each with what it is ("command", "option", "choice")."""
    found: list[tuple[str, dict[str, Any]]] = [("command", command)]
    for option in command.get("options", []):
        found += [("option" if kind == "command" else kind, part) for kind, part in localised_parts(option)]
    found += [("choice", choice) for choice in command.get("choices") or []]
    return found


@pytest.mark.parametrize("locale", LOCALISED)
def test_every_name_description_and_choice_is_localised_within_discords_limits(locale: str) -> None:
    tree = registered_tree()
    for command in tree:
        for kind, part in localised_parts(command):
            name = part["name_localizations"][locale]
            if kind == "choice":
                assert 1 <= len(name) <= 100, part
                continue
            assert re.fullmatch(r"[-_'\w]{1,32}", name) and name == name.lower(), (part["name"], name)
            description = part["description_localizations"][locale]
            assert 1 <= len(description) <= 100, (part["name"], description)
    # each language's names, used as the command names, still make a tree Discord accepts (unique at each level)
    as_localised = json.loads(json.dumps(tree), object_hook=lambda part: {
        **part, **({"name": part["name_localizations"][locale]} if "name_localizations" in part else {})})
    assert check_command_set(as_localised) == []


def test_other_locales_are_not_localised() -> None:
    for command in registered_tree():
        for _, part in localised_parts(command):
            assert set(part.get("name_localizations") or {}) == set(LOCALISED), part["name"]
