"""Issue 55 item 2: the turn panel in the clicker's language. Over seeded games of Grand Austria Hotel (with and
without the Let's Waltz modules) and of Overbooking, every panel page built in Polish and German has the same
choices, indices, pages and plans as the English one (so the custom ids and values never change with the
language), says no English sentence of the catalogs, leaves no placeholder unfilled, and fits Discord's limits
(button label 80, option label and description 100, placeholder 150); the "?" help, `/<command> help`, the host's
panel buttons, Undo's confirmation, `/gah card` and *Suggest* speak the language too, with the right Polish plural
forms."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import replace
from functools import cache
from typing import Any

import discord
import pytest
from babel.messages.pofile import read_po

from bot.games.gah import panel_help, waltz
from bot.games.gah import presenter as gah_presenter
from bot.games.gah.lookup import lookup_text
from bot.games.gah.panel import BOOST_PAGES, build_panel
from bot.games.gah.panel_words import PROMPTS, item_count, krones_of
from bot.games.gah.play_this import play_view
from bot.games.gah.suggest_words import move_label, suggestion_text
from bot.games.gah.texts import card_names
from bot.games.overbooking import presenter as overbooking
from bot.host import texts
from bot.host.i18n import LANGUAGES, catalog_path, translator
from bot.host.kinds import KINDS
from bot.host.panel_types import Panel
from bot.host.service.suggest_desk import Suggestion
from bot.host.views import panel_view, undo_view
from engine import GameConfig, apply, legal_actions, new_game
from engine.gah.ai.explain import rank_moves
from engine.gah.ai.strong import Budget
from engine.gah.config import MODULES
from engine.gah.decisions import DECISIONS
from engine.gah.payloads import PAYLOADS
from engine.gah.waltz.cards import celebrities, entrances
from engine.overbooking import GameConfig as OverbookingConfig
from engine.overbooking import apply as overbooking_apply
from engine.overbooking import legal_actions as overbooking_actions
from engine.overbooking import new_game as overbooking_game

SEEDS = range(44)
"""The seeded games each property runs over (at least 40)."""

SMALL = Budget(worlds=1, width=3, depth=4, rollouts=3, turns_ahead=1, horizon=60)
"""A quick search for *Suggest*'s answer (as tests/bot/test_suggest_words.py)."""


@cache
def english_sentences(language: str) -> frozenset[str]:
    """The catalog's English sentences that `language` translates differently, long enough (two words or more, at
    least 12 characters, no placeholder) that finding one inside a text means English was left there."""
    with catalog_path(language).open("rb") as file:
        catalog = read_po(file, locale=language)
    found = set()
    for message in catalog:
        if not message.id or isinstance(message.id, tuple) or "{" in message.id or message.context:
            continue
        if message.string and message.string != message.id and len(message.id) >= 12 and " " in message.id:
            found.add(message.id)
    return frozenset(found)


@cache
def msgids() -> frozenset[str]:
    """Every singular English source text of the catalogs."""
    with catalog_path("pl").open("rb") as file:
        return frozenset(m.id for m in read_po(file, locale="pl") if isinstance(m.id, str) and m.id)


def pages(build: Callable[..., Panel], state: Any, actions: list[Any], language: str = "en") -> dict[int, Panel]:
    """Every page of a panel a player can reach, by page number (as tests/botui/panel_pages.py, for any game's
    `build_panel`), in `language`."""
    seen: dict[int, Panel] = {}
    todo = [0]
    while todo:
        page = todo.pop()
        if page in seen:
            continue
        panel = build(state, actions, page=page, language=language)
        seen[page] = panel
        mode = page - page % BOOST_PAGES
        todo += [mode + n for n in range(panel.pages)]
        for row in panel.rows:
            todo += [c.index for c in row.choices if row.goes_to_page or c.to_page]
    return seen


def shape(panel: Panel) -> tuple[Any, ...]:
    """What must not change with the language: rows, indices, styles, page moves, sizes, pages and plans."""
    rows = tuple((row.goes_to_page, row.most, row.least, tuple((c.index, c.style, c.to_page) for c in row.choices))
                 for row in panel.rows)
    return rows, panel.page, panel.pages, tuple(sorted(panel.plans.items())), panel.decision


def texts_of(panel: Panel) -> Iterator[tuple[str, str, int]]:
    """(what, text, limit) of every word of a panel page a player reads."""
    yield "prompt", panel.prompt, 1900
    yield "details", panel.details, 1900
    for row in panel.rows:
        if row.placeholder:
            yield "placeholder", row.placeholder, 150
        for choice in row.choices:
            yield "label", choice.label, 100 if row.is_select else 80
            if choice.description:
                yield "description", choice.description, 100


def check_language(english: Panel, translated: Panel, language: str, where: str) -> None:
    """`translated` is `english` in `language`: the same shape, every text within its limit, no placeholder left,
    no English catalog sentence inside, and a text that is itself a catalog source said differently."""
    assert shape(translated) == shape(english), f"{where}: the {language} panel differs in its choices"
    sentences = english_sentences(language)
    for (what, text, limit), (_, original, _) in zip(texts_of(translated), texts_of(english), strict=True):
        assert len(text) <= limit, f"{where}: {language} {what} over {limit}: {text!r}"
        assert "{" not in text and "}" not in text, f"{where}: {language} {what} with a placeholder: {text!r}"
        left = [sentence for sentence in sentences if sentence in text]
        assert not left, f"{where}: {language} {what} {text!r} holds English {left}"
        if original in msgids() and original in sentences:
            assert text != original, f"{where}: {language} {what} left in English: {text!r}"


def gah_states(seed: int) -> Iterator[tuple[Any, list[Any]]]:
    """Decision states of a seeded Grand Austria Hotel game (2-4 seats; every third seed with all the Let's Waltz
    modules), one in three of its first 150 decisions, with the legal actions of the player asked."""
    chooser = random.Random(seed)
    players = ["ann", "bob", "cy", "dee"][:2 + seed % 3]
    modules = frozenset(MODULES) if seed % 3 == 0 else frozenset()
    state = new_game(GameConfig(players=players, seed=seed, modules=modules))
    for step in range(150):
        if state.is_over:
            return
        actions = legal_actions(state, state.current_player)
        if step % 3 == 0 or len(state.pending) > 1:
            yield state, actions
        state, _ = apply(state, chooser.choice(actions))


@pytest.mark.parametrize("seed", SEEDS)
def test_every_gah_panel_page_speaks_polish_and_german(seed: int) -> None:
    checked = 0
    for state, actions in gah_states(seed):
        english = pages(build_panel, state, actions)
        for language in LANGUAGES:
            translated = pages(build_panel, state, actions, language)
            assert translated.keys() == english.keys()
            for page, panel in english.items():
                where = f"seed {seed}, step {state.steps}, {panel.decision} page {page}"
                check_language(panel, translated[page], language, where)
                ids = [c.custom_id for c in panel_view(1, 2, panel, can_undo=True).children]  # type: ignore[attr-defined]
                said = [c.custom_id for c in panel_view(1, 2, translated[page], can_undo=True,  # type: ignore[attr-defined]
                                                        language=language).children]
                assert said == ids, f"{where}: the custom ids change with the language"
                checked += 1
    assert checked >= 20


@pytest.mark.parametrize("seed", SEEDS)
def test_every_overbooking_panel_speaks_polish_and_german(seed: int) -> None:
    chooser = random.Random(seed)
    state = overbooking_game(OverbookingConfig(players=["ann", "bob", "cy", "dee"][:2 + seed % 3], seed=seed))
    checked = 0
    while not state.is_over and checked < 60:
        actions = overbooking_actions(state, state.current_player)
        english = pages(overbooking.build_panel, state, actions)
        for language in LANGUAGES:
            translated = pages(overbooking.build_panel, state, actions, language)
            for page, panel in english.items():
                check_language(panel, translated[page], language, f"seed {seed}, page {page}")
                assert translated[page].prompt != panel.prompt
        checked += 1
        state, _ = overbooking_apply(state, chooser.choice(actions))
    assert checked >= 10


def test_every_engine_question_is_in_the_catalogs() -> None:
    """Each decision's fixed question (`PROMPT`) is marked for the catalogs, so the panel can say it (the base
    game's in `PROMPTS`, a Let's Waltz module's in its own file)."""
    modules = {prompt for words in waltz.in_order() for prompt in words.prompts}
    assert {cls.PROMPT for cls in PAYLOADS.values()} <= set(PROMPTS) | modules


@pytest.mark.parametrize("language", LANGUAGES)
def test_help_answers_speak_the_language(language: str) -> None:
    for kind in (*DECISIONS, "no such kind"):
        said = panel_help.help_text(kind, language=language)
        assert said != panel_help.help_text(kind) and "{" not in said, (language, kind)
    for kind in (*overbooking.HELP, "no such kind"):
        assert overbooking.help_text(kind, language=language) != overbooking.help_text(kind)
    for kind in KINDS.values():
        shown = kind.presenter()
        assert shown.texts(False, language=language).command_help != shown.texts(False).command_help


def labels(view: discord.ui.View) -> list[str]:
    """The labels of a view's buttons, in order."""
    return [item.label for item in (getattr(c, "item", c) for c in view.children)  # type: ignore[attr-defined]
            if isinstance(item, discord.ui.Button)]


def test_the_panels_own_buttons_speak_the_language() -> None:
    state = new_game(GameConfig(players=["ann", "bob"], seed=3))
    panel = build_panel(state, legal_actions(state, state.current_player))
    english = labels(panel_view(1, 2, panel, can_undo=True, quick="on", suggest=True))
    assert {"Undo", "Suggest", "Refresh", "Quick turns: on"} <= set(english)
    for language, words in (("pl", {"Cofnij", "Podpowiedz", "Odśwież", "Szybkie tury: wł."}),
                            ("de", {"Rückgängig", "Vorschlag", "Aktualisieren", "Schnelle Züge: an"})):
        said = labels(panel_view(1, 2, panel, can_undo=True, quick="on", suggest=True, language=language))
        assert words <= set(said), said
        assert len(said) == len(english)


@pytest.mark.parametrize(("amount", "krones", "cakes", "undo", "beds"), [
    (1, "1 korona", "1 tort", "Tak, cofnij 1 akcję", "Hotel 1 (1 łóżko"),
    (2, "2 korony", "2 torty", "Tak, cofnij 2 akcje", "Hotel 1 (2 łóżka"),
    (5, "5 koron", "5 tortów", "Tak, cofnij 5 akcji", "Hotel 1 (5 łóżek"),
    (22, "22 korony", "22 torty", "Tak, cofnij 22 akcje", "Hotel 1 (22 łóżka"),
])
def test_polish_plural_forms_on_the_panel(amount: int, krones: str, cakes: str, undo: str, beds: str) -> None:
    _ = translator("pl")
    assert krones_of(_, amount) == krones
    assert item_count(_, 1, amount) == cakes
    assert labels(undo_view(1, 2, amount, language="pl"))[0] == undo
    state = overbooking_game(OverbookingConfig(players=["ann", "bob"], seed=1))
    assert overbooking._hotel_words(HotelOf(state, replace(state.face(0), beds=amount)), 0, _).startswith(beds)


class HotelOf:
    """An Overbooking state whose hotel 0 shows another `face` (a hotel with a chosen number of beds)."""

    def __init__(self, state: Any, face: Any) -> None:
        self.state, self.shown = state, face

    def __getattr__(self, name: str) -> Any:
        return getattr(self.state, name)

    def face(self, slot: int) -> Any:
        """Hotel `slot`'s face: the chosen one for hotel 0."""
        return self.shown if slot == 0 else self.state.face(slot)


def test_undo_confirmation_speaks_the_language() -> None:
    class Preview:
        actions = ("pass",)
    assert texts.undo_text(Preview(), ["Pas"], language="pl") == "Cofnięcie wycofa: Pas. Kontynuować?"
    assert texts.undo_text(Preview(), ["A", "B"], language="de").startswith("Rückgängig nimmt diese 2 Züge zurück")
    assert texts.undo_text(Preview(), ["Pass"]) == "Undo takes back: Pass. Continue?"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_card_lookup_speaks_the_language(language: str) -> None:
    """`/gah card` for every card: said in the language, with no English sentence of the catalogs or a card text
    left in English (the entrances' and celebrities' texts come from the glossary)."""
    sentences = english_sentences(language)
    english_texts = {e.text for e in entrances().values()} | {c.text for c in celebrities().values()}
    for name in card_names():
        english, said = lookup_text(name), lookup_text(name, language=language)
        assert said != english and "{" not in said, (language, name)
        left = [s for s in sentences | english_texts if s in said]
        assert not left, f"{language}: /gah card {name} holds English {left}"
    assert lookup_text("qqqq", language=language) != lookup_text("qqqq")


def test_the_suggestion_speaks_the_language() -> None:
    """*Suggest*'s answer in Polish names the moves by the Polish panel's labels; *Play this* is labelled too."""
    state = new_game(GameConfig(players=["ann", "bob"], seed=4))
    while state.pending[-1].kind != "turn" or len(legal_actions(state)) < 6:
        state, _ = apply(state, legal_actions(state)[0])
    seat = state.current_index or 0
    suggestion = Suggestion(1, 1, seat, state, tuple(rank_moves(state, seat, SMALL, seed=2)))
    polish = suggestion_text(suggestion, language="pl")
    assert polish.startswith("**Eksperckie AI wybrałoby: ") and "szacowana wartość" in polish, polish
    label = move_label(suggestion, suggestion.moves[0], "pl")
    assert label in polish and label != move_label(suggestion, suggestion.moves[0])
    assert labels(play_view(suggestion, language="de")) == ["Das spielen"]
    assert not [s for s in english_sentences("pl") if s in polish]


@pytest.mark.parametrize("seed", range(40))
def test_my_hand_speaks_the_language(seed: int) -> None:
    """*My hand* (a private answer) in Polish: the staff cards' names, prices and texts, and Overbooking's guest
    cards with their coins, with no English catalog sentence; the same hand as the English answer."""
    state = new_game(GameConfig(players=["ann", "bob"], seed=seed))
    chooser = random.Random(seed)
    for _step in range(seed * 3):
        state, _ = apply(state, chooser.choice(legal_actions(state)))
    name = state.players[0].name
    english, polish = gah_presenter.hand(state, name)[0], gah_presenter.hand(state, name, language="pl")[0]
    assert polish != english and len(polish.splitlines()) == len(english.splitlines()), polish
    assert not [s for s in english_sentences("pl") if s in polish], polish
    table = overbooking_game(OverbookingConfig(players=["ann", "bob"], seed=seed))
    said = overbooking.hand(table, "ann", language="pl")[0]
    assert said.startswith("Twoje karty gości:\n") and ("monet" in said or "moneta" in said), said
