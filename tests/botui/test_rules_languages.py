"""Issue 55 item 6: `/gah rules` and `/overbooking rules` in Polish and German (`bot.host.rules_texts`). Every page
exists
in each language, is translated (not the English text), fits one Discord message with its counter, has every
number filled in, uses the glossary's words for the game's terms, and names the slash commands as Discord shows
them to that language's users; the page buttons are labelled in the same language."""

from __future__ import annotations

import re

import pytest

from bot.games.gah.rules_pages import emperor_zones
from bot.host.cogs.rules_pages import not_your_rules, rules_content, rules_pages, rules_view
from bot.host.glossary import term
from bot.host.i18n import LANGUAGES, translator
from bot.host.kinds import KINDS
from engine.gah.options_spec import WALTZ_MODULES
from engine.overbooking.data import RULES

DISCORD_MESSAGE_LIMIT = 2000

GLOSSARY_TERMS: dict[str, dict[str, tuple[str, ...]]] = {
    "gah": {
        "de": ("term:krone", "term:emperor_track", "term:staff_card", "term:politics_card", "term:vp",
               "term:occupancy_bonus", "term:turn_order_tile", "term:action_space", "term:strength"),
        "pl": ("term:krone", "term:emperor_track", "term:emperor", "term:vp", "term:draft"),
    },
    "overbooking": {
        "de": ("ob_term:queue", "ob_term:back_door", "ob_term:crest", "ob_term:point_token", "ob_guest:monk",
               "ob_guest:merchants", "ob_guest:nobles"),
        "pl": ("ob_term:back_door", "ob_term:crest", "ob_term:phase_play", "ob_term:phase_booking",
               "ob_guest:monk", "ob_guest:merchants", "ob_guest:maids", "ob_guest:nobles", "ob_guest:soldiers"),
    },
}
"""Per game and language, glossary entries whose words each language's pages must use as the glossary has them."""

PLURAL_KRONES = {"de": ("Kronen",), "pl": ("koron", "korony", "koronę")}
"""Declined forms of the krone that the GAH pages use besides the glossary's nominative (Krone, korona)."""


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("command", sorted(KINDS))
@pytest.mark.parametrize("provisional", [False, True])
def test_every_page_is_translated_and_fits_a_message(command: str, language: str, provisional: bool) -> None:
    kind = KINDS[command]
    english = kind.presenter().texts(provisional).rules_pages
    pages = kind.presenter().texts(provisional, language=language).rules_pages
    assert len(pages) == len(english) >= 3
    for number, (page, original) in enumerate(zip(pages, english, strict=True), 1):
        assert page and page != original, (language, number)
        first_line = page.split("\n", 1)[0]
        assert first_line not in original, f"{language} page {number} starts as the English one: {first_line!r}"
        assert "{" not in page and "}" not in page, f"a placeholder left unfilled on {language} page {number}"
    for number in range(1, len(pages) + 1):
        assert len(rules_content(kind, number, language)) <= DISCORD_MESSAGE_LIMIT


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("command", sorted(KINDS))
def test_the_pages_use_the_glossarys_words(command: str, language: str) -> None:
    text = "\n".join(rules_pages(KINDS[command], language))
    for key in GLOSSARY_TERMS[command][language]:
        assert term(language, key) in text, (command, language, key, term(language, key))
    if command == "gah":
        assert all(form in text for form in PLURAL_KRONES[language]), language
        assert language != "pl" or "krone" not in text.lower()
    else:  # every hotel booking rule, in the glossary's (or a server's own) words
        assert all(term(language, f"ob_rule:{key}") in text for key in RULES)


def test_german_says_krone_and_polish_korona() -> None:
    german, polish = ("\n".join(rules_pages(KINDS["gah"], language)) for language in ("de", "pl"))
    assert re.search(r"\b1 Krone\b", german) and re.search(r"\b20 Kronen\b", german)
    assert re.search(r"\b1 korona\b", polish) and re.search(r"\b20 koron\b", polish)
    assert "krona" not in polish.lower() and "krones" not in german


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_emperors_spaces_and_the_modules_come_from_the_data(language: str) -> None:
    pages = rules_pages(KINDS["gah"], language)
    emperor = pages[5]  # the Emperor's page
    for scoring_round in (3, 5, 7):
        zones = emperor_zones()
        reward, penalty = zones[f"reward_{scoring_round}"], zones[f"penalty_{scoring_round}"]
        assert re.search(rf"\b{reward}\b.*\b{penalty}\b", emperor, re.DOTALL), (scoring_round, emperor)
    _ = translator(language)
    for module in WALTZ_MODULES:
        assert _(module.rules) != module.rules and _(module.rules) in pages[-1], module.name


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("command", sorted(KINDS))
def test_the_pages_name_the_commands_as_discord_shows_them_in_that_language(command: str, language: str) -> None:
    _ = translator(language)
    english_names = {"turn", "card", "score", "new", "rules"}
    localised = {_.pgettext("command_name", name): name for name in english_names}
    options = {_.pgettext("parameter_name", name) for name in ("opponent_entrance", "without_score_cards", "page")}
    text = "\n".join(rules_pages(KINDS[command], language)) + not_your_rules(_, command)
    cited = re.findall(r"`/(?:gah|overbooking) ([^\s`]+)(?: ([^\s:`]+))?", text)
    assert cited, "the pages cite no command"
    for name, option in cited:
        assert name in localised, (language, name)
        assert not option or option in options, (language, option)


@pytest.mark.parametrize(("locale", "labels", "line"), [
    ("pl", ["Poprzednia", "Strona 2 z 7", "Następna"], "(strona 2 z 7)"),
    ("de", ["Zurück", "Seite 2 von 7", "Weiter"], "(Seite 2 von 7)"),
    ("en-US", ["Previous", "Page 2 of 7", "Next"], "(page 2 of 7)"),
    ("fr", ["Previous", "Page 2 of 7", "Next"], "(page 2 of 7)"),
])
def test_the_page_buttons_and_counter_speak_the_language(locale: str, labels: list[str], line: str) -> None:
    kind = KINDS["gah"]
    view = rules_view(kind, 2, locale)
    assert [getattr(item, "item", item).label for item in view.children] == labels
    assert rules_content(kind, 2, locale).rsplit("\n", 1)[1] == line


def test_english_and_untranslated_locales_get_the_english_pages() -> None:
    for kind in KINDS.values():
        english = kind.presenter().texts(kind.provisional).rules_pages
        assert rules_pages(kind, "en-GB") == rules_pages(kind, "fr") == rules_pages(kind, None) == english
