"""Who reads which language (issue 55 item 2; `bot.host.language`): a private answer is in the member's own language
(`/gah notify language`), else their client's when it is Polish or German, else English; a game's public posts
and pictures in its lobby option *Language*; every refusal of `bot.host.guards` and the service's marked ones are
translated in both catalogs."""

from __future__ import annotations

import re
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.games.gah import texts
from bot.games.gah.kind import KIND as GRAND_AUSTRIA_HOTEL
from bot.host import guards
from bot.host.i18n import translator
from bot.host.language import (
    dm_language,
    game_language,
    reader,
    reader_for,
    reader_language,
    refusal_text,
    server_language,
)
from bot.host.lobby_language import is_language_value, language_change, language_choices
from bot.host.service import LobbyError, NotYourTurn, ServiceError
from bot.host.service.errors import worded
from bot.host.service.rules import STALE_PANEL


def clicked(locale: str) -> Any:
    """An interaction as `reader_language` sees it: the clicker's Discord locale."""
    return SimpleNamespace(locale=discord.Locale(locale), user=SimpleNamespace(id=7))


@pytest.mark.parametrize(("locale", "language"), [("pl", "pl"), ("de", "de"), ("en-US", "en"), ("en-GB", "en"),
                                                  ("fr", "en"), ("uk", "en"), ("pt-BR", "en"), ("zh-CN", "en")])
def test_the_clients_language_when_polish_or_german_else_english(locale: str, language: str) -> None:
    assert reader_language(clicked(locale)) == language
    assert reader_language(clicked(locale), None) == language
    assert reader_language(clicked(locale), "auto") == language  # "auto": no choice of one's own
    assert reader(clicked(locale)).language == language


@pytest.mark.parametrize("locale", ["pl", "de", "en-US", "fr"])
@pytest.mark.parametrize("preference", ["en", "pl", "de"])
def test_the_members_own_choice_wins_over_the_client(locale: str, preference: str) -> None:
    assert reader_language(clicked(locale), preference) == preference


@pytest.mark.parametrize("junk", ["", "fr", "PL", "Polish", "de-DE"])
def test_a_stored_choice_that_is_no_language_leaves_the_client(junk: str) -> None:
    assert reader_language(clicked("de"), junk) == "de"


async def test_reader_for_reads_the_members_choice_and_survives_a_storage_failure() -> None:
    class Prefs:
        def __init__(self, language: str | None) -> None:
            self.language = language
            self.asked: list[int] = []

        async def prefs(self, user_id: int) -> Prefs:
            self.asked.append(user_id)
            return self

    class Broken:
        async def prefs(self, user_id: int) -> Prefs:
            raise OSError("the database is gone")

    own = Prefs("pl")
    assert (await reader_for(clicked("de"), own)).language == "pl" and own.asked == [7]
    assert (await reader_for(clicked("de"), Prefs(None))).language == "de"
    assert (await reader_for(clicked("de"), Broken())).language == "de"


def test_the_game_language_and_the_servers_default() -> None:
    assert game_language({}) == "en"  # a game from before the option
    assert game_language({"language": "pl"}) == "pl" and game_language({"language": "de"}) == "de"
    assert game_language({"language": "fr"}) == "en" and game_language({"language": None}) == "en"
    assert server_language(discord.Locale("pl")) == "pl" and server_language("de") == "de"
    assert server_language(discord.Locale("en-US")) == "en" and server_language(None) == "en"
    assert dm_language("de", {"language": "pl"}) == "de"  # the member's own choice
    assert dm_language(None, {"language": "pl"}) == "pl"  # else the game's (a DM answers no click)


def test_the_lobbys_language_entries() -> None:
    values = [value for _, value in language_choices()]
    assert values == ["lang:en", "lang:pl", "lang:de"]
    assert [language_change(value) for value in values] == [{"language": "en"}, {"language": "pl"},
                                                            {"language": "de"}]
    for forged in ("lang:fr", "lang:", "ai", "end", "language:pl", "lang:pl "):
        assert not is_language_value(forged)
        with pytest.raises(ValueError):
            language_change(forged)


GUARD_REFUSALS = [guards.OTHER_CHANNEL, guards.NOT_YOURS, guards.NOT_THE_LOBBY, guards.STALE_LOBBY, guards.NOT_A_PANEL,
                  *guards.PRIVATE_VERBS.values(), STALE_PANEL]


@pytest.mark.parametrize("language", ["pl", "de"])
@pytest.mark.parametrize("text", GUARD_REFUSALS)
def test_every_guard_refusal_is_translated(language: str, text: str) -> None:
    said = refusal_text(guards.Refused(text), translator(language))
    assert said != text and said.strip(), (language, text)
    assert refusal_text(guards.Refused(text), translator("en-US")) == text


def test_a_refusal_with_values_is_filled_in_the_readers_words() -> None:
    error = LobbyError("There is no seat {seat}.", seat=5)
    assert str(error) == "There is no seat 5." and error.template == "There is no seat {seat}."
    assert refusal_text(error, translator("pl")) == "Nie ma miejsca 5."
    assert refusal_text(error, translator("de")) == "Es gibt keinen Platz 5."
    turn = worded(NotYourTurn, "It is {player}'s turn, not yours.", player="Ann")
    assert isinstance(turn, NotYourTurn) and str(turn) == "It is Ann's turn, not yours."
    assert refusal_text(turn, translator("de")) == "Ann ist am Zug, nicht du."
    assert refusal_text(turn, translator("pl")) == "Teraz kolej gracza Ann, nie twoja."


def test_an_unmarked_or_engine_sentence_stays_as_it_is() -> None:
    assert refusal_text(ServiceError("Something only in English."), translator("de")) == "Something only in English."
    assert refusal_text(NotYourTurn("an engine sentence"), translator("pl")) == "an engine sentence"
    assert refusal_text(ValueError("plain"), translator("pl")) == "plain"


@pytest.mark.parametrize("language", ["pl", "de"])
def test_help_is_translated_within_discords_size_naming_every_command_as_discord_shows_it(language: str) -> None:
    _ = translator(language)
    shown = _(texts.HELP_TEXT)
    assert shown != texts.HELP_TEXT and len(shown) <= 2000
    named = set(re.findall(r"`/gah ([^\s`]+)", shown))
    wanted = {_.pgettext("command_name", command.name) for command in GRAND_AUSTRIA_HOTEL.slash_commands}
    assert wanted <= named, f"missing from the {language} help: {sorted(wanted - named)}"
