"""Each Let's Waltz module's words and help sit beside it (issue 54, item 3): a file bot/games/gah/waltz/<module>.py
for every module of the option spec, with its rules sentence, and every module-specific event kind, decision kind
and answer kind the engine declares for a module is worded by that module's own file (not by another's, nor only by
a general one).

What the engine declares is read from the engine itself: the event kinds of the `ctx.log("kind", ...)` calls and the
answer kinds of the `Action("kind", ...)` in engine/gah/waltz/ (a kind that the base game also uses, such as "pay",
is not module-specific), and the decision kinds whose decision or payload is defined there (`DECISIONS`,
`PAYLOADS`). A kind's module is the package it is
declared in (engine/gah/waltz/<module>/): a module-specific kind declared in a file the modules share (such as
engine/gah/waltz/die_actions.py) fails the test.
"""

from __future__ import annotations

import ast
import itertools
import re
from pathlib import Path

import pytest

from bot.games.gah import options, panel_help, panel_labels, rules_pages, texts, words, words_events, words_phrases
from bot.games.gah.panel_words import PROMPTS
from bot.games.gah.waltz import registry
from bot.games.gah.waltz.registry import ModuleWords
from engine.gah.config import GameConfig
from engine.gah.decisions import DECISIONS
from engine.gah.options_spec import WALTZ_MODULES
from engine.gah.payloads import PAYLOADS
from render.core.i18n import translator

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "engine" / "gah"
WALTZ = ENGINE / "waltz"
MODULES = tuple(module.name for module in WALTZ_MODULES)
LANGUAGES = ("en", "pl", "de")


def _called_kinds(path: Path, callee: str) -> set[str]:
    """The kinds `path` passes to `callee`: the literal first argument of each `<something>.log("kind", ...)` call
    (`callee` "log", an event) or `Action("kind", ...)` (`callee` "Action", an answer)."""
    kinds = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call) or not node.args or not isinstance(node.args[0], ast.Constant):
            continue
        name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", None)
        if name == callee and isinstance(node.args[0].value, str):
            kinds.add(node.args[0].value)
    return kinds


def _owner(python_module: str, kind: str) -> str:
    """The Let's Waltz module that declares `kind` in `python_module` ("engine.gah.waltz.unique_hotels.auction")."""
    parts = python_module.split(".")
    assert parts[:3] == ["engine", "gah", "waltz"] and len(parts) > 3, python_module
    assert parts[3] in MODULES, (f"{kind!r} is declared in {python_module}, a file the modules share: move it into "
                                 "its module's package")
    return parts[3]


def _module_kinds(callee: str) -> dict[str, set[str]]:
    """The module-specific kinds of events (`callee` "log") or answers (`callee` "Action") the engine declares in
    engine/gah/waltz/ and nowhere else in the game's rules (the AI's files aside), by Let's Waltz module."""
    base = set().union(*(_called_kinds(path, callee) for path in ENGINE.rglob("*.py")
                         if WALTZ not in path.parents and "ai" not in path.relative_to(ENGINE).parts))
    found: dict[str, set[str]] = {name: set() for name in MODULES}
    for path in sorted(WALTZ.rglob("*.py")):
        python_module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        for kind in _called_kinds(path, callee) - base:
            found[_owner(python_module, kind)].add(kind)
    return found


def _module_decision_kinds() -> dict[str, set[str]]:
    """The decision kinds whose decision or payload the engine defines in engine/gah/waltz/, by module."""
    found: dict[str, set[str]] = {name: set() for name in MODULES}
    where = [(kind, decision.options.__module__) for kind, decision in DECISIONS.items()]
    where += [(kind, cls.__module__) for kind, cls in PAYLOADS.items()]
    for kind, python_module in where:
        if python_module.startswith("engine.gah.waltz."):
            found[_owner(python_module, kind)].add(kind)
    return found


def _words(name: str) -> ModuleWords:
    assert name in registry.MODULE_WORDS, f"bot/games/gah/waltz/{name}.py registers no words for {name!r}"
    return registry.MODULE_WORDS[name]


@pytest.mark.parametrize("name", MODULES)
def test_each_module_has_its_words_file_with_its_rules(name: str) -> None:
    """bot/games/gah/waltz/<module>.py exists, registers the module's words, and its rules sentence is on the rules
    page (the last) in every language, said as the option spec words it."""
    assert (ROOT / "bot" / "games" / "gah" / "waltz" / f"{name}.py").is_file()
    own = _words(name)
    spec = next(module for module in WALTZ_MODULES if module.name == name)
    for language in LANGUAGES:
        _ = translator(language)
        sentence = own.rules(_)
        assert sentence == _(spec.rules) and sentence.strip(), (name, language)
        assert sentence in rules_pages.gah_pages(_)[-1], (name, language)


def test_the_registry_holds_exactly_the_spec_modules_in_order() -> None:
    assert [own.name for own in registry.in_order()] == list(MODULES)
    assert set(registry.MODULE_WORDS) == set(MODULES)


@pytest.mark.parametrize("name", MODULES)
def test_every_event_kind_of_a_module_is_worded_by_its_file(name: str) -> None:
    """Each event kind only a module logs is told by that module's words: its own phrase or its engine sentence
    as written (and its other-language words, where it has them, are of such a kind); a module words no kind
    another module's engine logs."""
    declared = _module_kinds("log")
    own = _words(name)
    told = set(own.phrases) | own.as_written
    assert declared[name] <= told, f"{name}: kinds the engine logs, not worded: {sorted(declared[name] - told)}"
    worded = told | set(own.events) | own.round_end | own.vp_told
    assert worded <= declared[name], f"{name}: words of kinds it does not log: {sorted(worded - declared[name])}"
    assert set(own.events) <= own.as_written


@pytest.mark.parametrize("name", MODULES)
def test_every_decision_kind_of_a_module_is_worded_by_its_file(name: str) -> None:
    """Each decision kind a module's engine declares has its question (the payload's `PROMPT`) and its "?" answer in
    the module's file, and no general list repeats them."""
    declared = _module_decision_kinds()[name]
    own = _words(name)
    assert set(own.decision_help) == declared, name
    prompts = {PAYLOADS[kind].PROMPT for kind in declared if kind in PAYLOADS}
    assert prompts == set(own.prompts), name
    assert not prompts & set(PROMPTS), f"{name}: its questions are also in panel_words.PROMPTS"
    labelled = {decision for decision, _action in own.labels} | own.text_answers
    assert labelled <= declared, name


@pytest.mark.parametrize("name", MODULES)
def test_every_answer_kind_of_a_module_is_labelled_by_its_file(name: str) -> None:
    """Each action kind only a module's engine offers (the skeleton key, a bid, Einstein's swap...) has its panel
    label in the module's file: by decision and action kind, or as the engine writes it (`answer_kinds`)."""
    declared = _module_kinds("Action")[name]
    own = _words(name)
    labelled = {action for _decision, action in own.labels} | own.answer_kinds
    assert declared <= labelled, f"{name}: answers with no label in its file: {sorted(declared - labelled)}"
    assert own.answer_kinds <= declared, name
    assert own.answer_kinds <= panel_labels.AS_WRITTEN and own.answers <= panel_labels.FIXED_WORDS, name


def test_the_general_files_read_every_modules_words() -> None:
    """The recap, the panel, its "?" answers and `/gah card` use each module's words, with nothing lost: every
    module's kinds are in the general lookups, by the very functions and texts the module registered."""
    for own in registry.in_order():
        assert all(words_events.PHRASES[kind] is said for kind, said in own.events.items()), own.name
        assert all(words_phrases.PHRASES[kind] is said for kind, said in own.phrases.items()), own.name
        assert own.as_written <= words_phrases.ENGINE_SENTENCE, own.name
        assert own.as_written | set(own.phrases) <= words.TOLD_KINDS, own.name
        assert own.round_end <= set(words.ROUND_END_KINDS) and own.vp_told <= words.VP_TOLD_KINDS, own.name
        assert all(panel_help.HELP[kind] == said for kind, said in own.decision_help.items()), own.name
        assert all(panel_labels.LABELS_IN_DECISION[key] is said for key, said in own.labels.items()), own.name
        assert own.text_answers <= panel_labels.WALTZ_TEXT_KINDS, own.name
        for name in own.card_names():
            assert name in texts.card_names()
            assert texts.card_text(name) == own.card_page(translator("en"), name.lower())


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_card_of_a_module_has_its_page(language: str) -> None:
    """`/gah card` finds each module card by its listed name, in each language, with a page naming its module."""
    for own in registry.in_order():
        for name in own.card_names():
            page = texts.card_text(name, language=language)
            assert page is not None and re.search(r"\b[2-5]\b", page), (own.name, name, language)


def test_a_module_is_registered_once_and_only_if_the_spec_has_it() -> None:
    with pytest.raises(ValueError, match="not a Let's Waltz module"):
        registry.register(ModuleWords("no_such_module", rules=lambda _: ""))
    with pytest.raises(ValueError, match="twice"):
        registry.register(ModuleWords(MODULES[0], rules=lambda _: ""))


def test_the_lobby_names_the_solo_opponent_the_chosen_modules_bring() -> None:
    """The lobby's footer names the solo opponent as the engine will (`GameConfig.opponent_name`), for every
    combination of modules: the module that brings one says so in its own file (`ModuleWords.solo_opponent`)."""
    for chosen in itertools.chain.from_iterable(itertools.combinations(MODULES, n) for n in range(len(MODULES) + 1)):
        expected = GameConfig(modules=frozenset(chosen)).opponent_name
        footer = options.lobby_footer({"modules": list(chosen)})
        assert f"against {expected} " in footer, (chosen, footer)
