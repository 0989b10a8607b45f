"""Issue 55 items 2 to 4, the host's own words: the lobby (its embed, buttons, menus and the host's options message)
in the game's language, the turn post's host lines in the game's language and the panel's note in the reader's,
and the refusals and intervals with a count in each language's plural forms (Polish: 1 / 2-4, 22-24 / 5-21, 25...).

"No English left" is checked against the catalog itself: every English text of the template that a language
translates differently may not appear, whole or as a fixed piece between its placeholders (of 12 characters or
more), in what the bot shows in that language."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Any

import pytest
from babel.messages.pofile import read_po

from bot.host import gone, permissions, quiet_hours, threads
from bot.host.game_list import game_line, games_content
from bot.host.kinds import KINDS
from bot.host.language import refusal_text
from bot.host.lobby import LobbyController, lobby_payload
from bot.host.pending_posts import notice
from bot.host.posts import earlier_pointer
from bot.host.seat_posts import SeatDesk, seats_text
from bot.host.service import LobbyError
from bot.host.service.ai_caps import MEMBER_EXPENSIVE, SERVER_EXPENSIVE
from bot.host.service.ai_seats import AI_ONLY_CAP, EXPENSIVE_REFUSED, HAND_REFUSED
from bot.host.service.errors import Said, counted
from bot.host.service.lobby import FULL
from bot.host.service.lobby_limits import MEMBER_CAP, SERVER_CAP
from bot.host.service.model import GameInfo, SeatInfo
from bot.host.service.seat_takeovers import OpenSeat
from bot.host.service.votes import Tally, Vote
from bot.host.texts import interval, options_line
from bot.host.turn_post import again_note, next_line, split_recap
from bot.host.vote_posts import vote_text
from render.core.i18n import catalog_path, translator

LANGUAGES = ("pl", "de")
PLACEHOLDER = re.compile(r"\{[^{}]*\}")


@cache
def english_pieces(language: str) -> frozenset[str]:
    """The fixed pieces (12 characters or more) of every English text that `language`'s catalog says otherwise."""
    with catalog_path(language).open("rb") as file:
        catalog = read_po(file, locale=language)
    pieces: set[str] = set()
    for message in catalog:
        if not message.id or message.context in ("command_name", "group_name", "parameter_name"):
            continue  # slash commands are named by Discord, and their names stand in sentences as `/gah nowa`
        ids = (message.id,) if isinstance(message.id, str) else tuple(message.id)
        strings = (message.string,) if isinstance(message.string, str) else tuple(message.string)
        for english in ids:
            if english in strings:
                continue  # the same words in both languages (a name, a number)
            pieces.update(piece.strip() for piece in PLACEHOLDER.split(english) if len(piece.strip()) >= 12)
    return frozenset(pieces)


def english_left(texts: list[str], language: str) -> list[str]:
    """The English catalog pieces found in `texts`."""
    joined = "\n".join(texts)
    return sorted(piece for piece in english_pieces(language) if piece in joined)


def info_of(kind: str, language: str, options: dict[str, Any] | None = None) -> GameInfo:
    """A lobby of `kind` in `language`: its host and an AI seat."""
    level = "greedy" if kind == "gah" else "heuristic"
    seats = (SeatInfo(0, 10, None, "ann", "purple"), SeatInfo(1, None, level, "AI Orange", "orange"))
    return GameInfo(1, 2, 3, 10, "lobby", 4, {"language": language, **(options or {})}, "x", seats, None, 0.0, 0.0,
                    kind=kind)


GAH_OPTIONS: dict[str, Any] = {"edition": "2015", "staff_start": "draft", "exclude_kitchen_hand": True,
                               "modules": ["celebrities", "start_player"], "clock_hours": 24, "on_leave": "end"}


def shown_texts(payload: dict[str, Any]) -> list[str]:
    """Every text of a lobby message: content, title, fields, footer, buttons, menus' placeholders and entries."""
    embed = payload["embed"]
    texts = [payload["content"], embed.title or "", embed.footer.text or ""]
    texts += [text for field in embed.fields for text in (field.name, field.value)]
    return texts + view_texts(payload["view"])


def view_texts(view: Any) -> list[str]:
    """The labels, placeholders and option labels and descriptions of a view's components."""
    texts: list[str] = []
    for child in view.children:
        item = getattr(child, "item", child)
        texts += [text for text in (getattr(item, "label", None), getattr(item, "placeholder", None)) if text]
        for option in getattr(item, "options", ()):
            texts += [option.label, option.description or ""]
    return texts


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("kind", "options"), [("gah", GAH_OPTIONS), ("gah", {}), ("overbooking", {})])
def test_the_lobby_speaks_the_games_language(language: str, kind: str, options: dict[str, Any]) -> None:
    info = info_of(kind, language, options)
    english = shown_texts(lobby_payload(info_of(kind, "en", options), 4 * 3600))
    shown = shown_texts(lobby_payload(info, 4 * 3600))
    assert english_left(shown, language) == [], shown
    assert len(shown) == len(english)
    # every sentence-long text is said otherwise (a name, a level's number or a mention may stay as it is)
    same = [text for text, there in zip(shown, english, strict=True) if text == there and len(text) > 20]
    assert same == [], same
    ours = {"pl": ("Dołącz", "Rozpocznij", "Miejsca (2/"), "de": ("Beitreten", "Starten", "Plätze (2/")}[language]
    assert all(any(word in text for text in shown) for word in ours), shown


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("saved", [False, True])
def test_the_hosts_options_message_speaks_the_hosts_language(language: str, saved: bool) -> None:
    info = info_of("gah", "en", GAH_OPTIONS)  # an English game: the host's own message is in the host's language
    texts = [LobbyController.options_text(info, saved=saved, language=language),
             *view_texts(LobbyController.options_menus(info, language=language))]
    assert english_left(texts, language) == [], texts
    assert texts[0].startswith({"pl": ("Opcje zapisane", "Wybierz opcje"),
                                "de": ("Optionen gespeichert", "Wähle die Spieloptionen")}[language])
    assert "Zasady: pierwsze wydanie z 2015" in texts[0] if language == "pl" else "Erstausgabe 2015" in texts[0]


def test_the_english_options_line_keeps_the_options_short_names() -> None:
    """Existing lobbies and their tests read "edition 2015" in English; other languages name the menu entries."""
    labels = {"edition=2015": "Rules: 2015 first edition"}
    assert options_line({"edition": "2015"}, labels=labels) == "edition 2015"
    assert options_line({"edition": "2015"}, language="de", labels=labels) == "Regeln: Erstausgabe 2015"
    assert options_line({}, language="pl") == "gra standardowa"


@dataclass(frozen=True)
class Named:
    name: str


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_turn_posts_host_lines_speak_the_games_language(language: str) -> None:
    lines = [next_line([(11, "ann")], [11], []), next_line([(11, "ann"), (12, "bob")], [], []),
             next_line([(11, "ann")], [], [], quiet=True), next_line([], [], ["AI Teal", "AI Rose"]),
             next_line([], [], []), again_note([Named("ann"), Named("AI Teal"), Named("AI Rose")]),
             again_note([Named("ann")])]
    said = [next_line([(11, "ann")], [11], [], language=language),
            next_line([(11, "ann"), (12, "bob")], [], [], language=language),
            next_line([(11, "ann")], [], [], quiet=True, language=language),
            next_line([], [], ["AI Teal", "AI Rose"], language=language), next_line([], [], [], language=language),
            again_note([Named("ann"), Named("AI Teal"), Named("AI Rose")], language=language),
            again_note([Named("ann")], language=language)]
    assert english_left(said, language) == [], said
    assert all(ours != theirs for ours, theirs in zip(said, lines, strict=True)), said
    assert "<@11>" in said[0] and "ann" in said[1] and "bob" in said[1]
    assert {"pl": "AI Teal i AI Rose", "de": "AI Teal und AI Rose"}[language] in said[3]


# ----- plural forms ------------------------------------------------------------------------------------------

POLISH_SEATS = {1: "1 miejsce", 2: "2 miejsca", 5: "5 miejsc", 22: "22 miejsca", 12: "12 miejsc", 25: "25 miejsc"}
GERMAN_SEATS = {1: "1 Platz", 2: "2 Plätze", 5: "5 Plätze", 22: "22 Plätze"}


@pytest.mark.parametrize("count", sorted(POLISH_SEATS))
def test_a_refusal_with_a_count_takes_the_plural_form_the_count_needs(count: int) -> None:
    full = counted(LobbyError, FULL, count)
    assert str(full) == f"The game is full ({count} seat{'' if count == 1 else 's'})."
    assert refusal_text(full, translator("pl")) == f"Gra jest pełna ({POLISH_SEATS[count]})."
    if count in GERMAN_SEATS:
        assert refusal_text(full, translator("de")) == f"Die Partie ist voll ({GERMAN_SEATS[count]})."
    assert refusal_text(full, translator("en")) == str(full)


def counted_refusals(count: int) -> list[LobbyError]:
    """The host's counted refusals at `count`, as the service raises them (the last one names a refused change)."""
    return [counted(LobbyError, forms, count) for forms in (FULL, MEMBER_CAP, SERVER_CAP)] + [
        counted(LobbyError, forms, count, what=Said(EXPENSIVE_REFUSED), total=count + 1)
        for forms in (MEMBER_EXPENSIVE, SERVER_EXPENSIVE)] + [
        counted(LobbyError, AI_ONLY_CAP, count, what=Said(HAND_REFUSED), running=count)]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("count", [1, 2, 5, 22])
def test_every_counted_refusal_is_said_whole_in_the_readers_language(language: str, count: int) -> None:
    _ = translator(language)
    for refusal in counted_refusals(count):
        said = refusal_text(refusal, _)
        assert said != str(refusal) and english_left([said], language) == [], said
        assert str(count) in said
    said = refusal_text(counted_refusals(count)[-1], _)
    assert _(HAND_REFUSED) in said and HAND_REFUSED not in said  # the refused change is said in that language too


@pytest.mark.parametrize(("seconds", "polish", "german"), [
    (3600, "1 godzina", "1 Stunde"), (2 * 3600, "2 godziny", "2 Stunden"), (5 * 3600, "5 godzin", "5 Stunden"),
    (22 * 3600, "22 godziny", "22 Stunden"), (60, "60 sekund", "60 Sekunden"), (22, "22 sekundy", "22 Sekunden"),
    (2 * 60, "2 minuty", "2 Minuten"), (22 * 60, "22 minuty", "22 Minuten"),
    (5 * 60, "5 minut", "5 Minuten"), (5400, "1,5 godziny", "1,5 Stunden"), (0, "nigdy", "nie"),
])
def test_an_interval_is_said_with_the_languages_plural_forms(seconds: int, polish: str, german: str) -> None:
    assert interval(seconds, language="pl") == polish
    assert interval(seconds, language="de") == german


# ----- votes, seats, the games list, a thread's lines ----------------------------------------------------------

@pytest.mark.parametrize("language", LANGUAGES)
def test_votes_seats_and_the_games_list_speak_their_readers_language(language: str) -> None:
    users, seat_names = [10, 11, 12, 13], ["ann", "bob", "cy", "dee"]
    kind = KINDS["gah"]
    said: list[str] = []
    for status in ("open", "passed", "failed", "expired", "lapsed"):
        for action in ("skip", "ai"):
            vote = Vote(1, 5, action, 1, 11, 10, 1.0, 2.0, status, 99, "bob")
            tally = Tally((10, 12, 13), (10,), (12,))
            said.append(vote_text(vote, tally, dict(zip(users, seat_names, strict=True)), kind, language=language))
    info = info_of("gah", language)
    found = [OpenSeat(1, "AI Orange", 2, False)]
    said += [seats_text(info, found, language=language), seats_text(info, [], language=language),
             SeatDesk.taken_text(10, "AI Orange", 3, "gah", language=language),
             game_line(info, 10, "https://discord.com/channels/1/2/3", language=language).line,
             games_content([], 1, everyone=False, language=language)[0],
             games_content([], 1, everyone=True, language=language)[0],
             threads.fallback_note(["Create Public Threads", "Send Messages in Threads"], language=language),
             threads.result_text(info, 55, "1. ann"), threads.thread_name(info),
             gone.dm_text(info, "thread", language=language), gone.dm_text(info, "channel", language=language),
             earlier_pointer("gah", language=language), split_recap("**A**\n" + "- x\n" * 400, 300,
                                                                  language=language)[-1],
             quiet_hours.describe(None, "Europe/Warsaw", language=language)]
    assert {"pl": "**A (ciąg dalszy)**", "de": "**A (Fortsetzung)**"}[language] in said[-2], said[-2][:80]
    assert english_left(said, language) == [], said
    assert {"pl": "Głosowanie", "de": "Abstimmung"}[language] in said[0]


@pytest.mark.parametrize(("voters", "polish"), [(1, "z 1 pozostałego gracza"), (2, "z 2 pozostałych graczy"),
                                                (5, "z 5 pozostałych graczy"), (22, "z 22 pozostałych graczy")])
def test_a_votes_count_of_players_takes_its_plural_form(voters: int, polish: str) -> None:
    others = tuple(range(20, 20 + voters))
    vote = Vote(1, 5, "skip", 1, 11, 20, 1.0, 2.0, "open", 99, "bob")
    text = vote_text(vote, Tally(others, others[:1], ()), {20: "ann"}, KINDS["gah"], language="pl")
    assert polish in text, text
    english = vote_text(vote, Tally(others, others[:1], ()), {20: "ann"}, KINDS["gah"])
    assert f"of the {voters} other player{'' if voters == 1 else 's'} must agree" in english, english


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("names", [["Attach Files"], ["Attach Files", "Embed Links", "Read Message History"]])
def test_a_missing_permission_is_named_as_discord_names_it_in_that_language(language: str, names: list[str]) -> None:
    said = [permissions.refusal(names, "open a game", language=language),
            permissions.refusal(names, "start the game", language=language),
            threads.fallback_note(names, language=language)]
    assert english_left(said, language) == [], said
    attach = {"pl": "Załączanie plików", "de": "Dateien anhängen"}[language]
    assert all(attach in text and "Attach Files" not in text for text in said), said


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_refused_turn_posts_notice_speaks_the_readers_language(language: str) -> None:
    said = [notice([], language=language), notice([], locked=True, language=language),
            notice(["Attach Files"], language=language), notice(["Attach Files", "Embed Links"], language=language)]
    assert english_left(said, language) == [], said
    assert {"pl": "uprawnienia Załączanie plików", "de": "die Berechtigung Dateien anhängen"}[language] in said[2]
