"""Each decision kind and each event kind has its words in the bot's registries (issue 41, item 3).

The kinds are read from the engine itself: the registered decisions (`engine.gah.decisions.DECISIONS`), and every
event and action kind named in the engine's source (`ctx.log("kind", ...)`, `Event("kind", ...)`,
`Action("kind", ...)`). A new kind without its panel prompt, label or recap words fails here, instead of quietly
showing a fallback.
"""

from __future__ import annotations

import re
from pathlib import Path

import engine.gah.game  # registers every decision kind, Let's Waltz's too
from bot.games.gah import panel, panel_several, words, words_phrases
from engine.gah.decisions import DECISIONS
from engine.gah.payloads import PAYLOADS
from render.core.i18n import translator

ENGINE = Path(engine.gah.game.__file__).resolve().parent
SERVE_VERBS = ("serve", "put")
"""Action kinds built from a variable (`engine.gah.decisions.common.serve_options`)."""


def _named_in_engine(pattern: str) -> set[str]:
    """Every kind `pattern` (one group) finds in the Grand Austria Hotel engine's source (not Overbooking's)."""
    found: set[str] = set()
    for path in ENGINE.rglob("*.py"):
        if "overbooking" not in path.relative_to(ENGINE).parts:
            found |= set(re.findall(pattern, path.read_text(encoding="utf-8")))
    return found


def test_every_decision_kind_has_a_prompt() -> None:
    assert set(DECISIONS) <= set(PAYLOADS), sorted(set(DECISIONS) - set(PAYLOADS))


def test_every_event_kind_has_words() -> None:
    kinds = _named_in_engine(r'(?:\.log|\bEvent)\(\s*"([a-z_]+)"')
    assert len(kinds) > 80  # the scan itself works
    assert kinds <= words.TOLD_KINDS, f"event kinds without words in words.py: {sorted(kinds - words.TOLD_KINDS)}"


def test_every_action_kind_has_a_label() -> None:
    kinds = _named_in_engine(r'\bAction\(\s*"([a-z_]+)"') | set(SERVE_VERBS)
    assert len(kinds) > 20
    labelled = set(panel.LABELS) | panel.AS_WRITTEN | {kind for _, kind in panel.LABELS_IN_DECISION}
    assert kinds <= labelled, f"action kinds without a panel label in panel.py: {sorted(kinds - labelled)}"


def test_decision_labels_name_registered_decisions() -> None:
    assert {decision for decision, _ in panel.LABELS_IN_DECISION} <= set(DECISIONS)
    assert set(panel_several.SEVERAL) <= set(DECISIONS)


def test_words_name_no_stale_event_kind() -> None:
    kinds = _named_in_engine(r'(?:\.log|\bEvent)\(\s*"([a-z_]+)"')
    own = set(words_phrases.PHRASES) | set(words.SECTIONS) | set(words.LINE_BUILDERS) | words_phrases.ENGINE_SENTENCE
    assert own <= kinds | {"pay"}, sorted(own - kinds)


def test_words_registries_by_data_name_event_kinds_the_engine_logs() -> None:
    kinds = _named_in_engine(r'(?:\.log|\bEvent)\(\s*"([a-z_]+)"') | {"pay"}
    for registry in (words.HELD_BACK, words.SCORING_BY_DATA, words.CHECKIN_CLAUSES, words.ALREADY_TOLD,
                     words.TOLD_FIRST, words.LINE_HEADS):
        assert set(registry) <= kinds & words.TOLD_KINDS, sorted(set(registry) - kinds)
    assert set(words.LINE_HEADS) <= set(words.LINE_BUILDERS)  # a gathered line is built by its own builder


def test_each_emperor_tile_event_tells_its_own_side() -> None:
    from engine import Event
    from engine.gah.cards import emperor_tiles
    from render.gah.texts import emperor_sentences

    tile_id, tile = next(iter(emperor_tiles().items()))
    reward, penalty = emperor_sentences(tile)
    assert reward != penalty
    reward_event = Event("emperor_reward", "ann", "ann gains the reward.", {"tile": tile_id})
    assert words_phrases.PHRASES["emperor_reward"](translator("en"), reward_event, 0) == f"gains the reward ({reward})"
    penalty_event = Event("emperor_penalty", "ann", "ann suffers it.", {"tile": tile_id})
    said = words_phrases.PHRASES["emperor_penalty"](translator("en"), penalty_event, 0)
    assert said == f"suffers it ({penalty})"


def test_compound_choices_name_registered_decisions() -> None:
    assert set(panel.COMPOUNDS_IN_DECISION) <= set(DECISIONS)
    assert panel.TURN in panel.COMPOUNDS_IN_DECISION  # the die with its first follow-up


def test_highlights_count_event_kinds_the_engine_logs() -> None:
    from bot.games.gah import highlights

    kinds = _named_in_engine(r'(?:\.log|\bEvent)\(\s*"([a-z_]+)"')
    assert set(highlights.TALLIES) <= kinds, sorted(set(highlights.TALLIES) - kinds)
    assert set(highlights.PHASE_EVENTS) <= set(highlights.TALLIES)


def test_turn_post_registries_name_event_kinds_the_engine_logs() -> None:
    from bot.host.turn_post import OWNER_AFTER
    from render.gah.turn_changes import CHANGED_BY

    kinds = _named_in_engine(r'(?:\.log|\bEvent)\(\s*"([a-z_]+)"')
    assert set(OWNER_AFTER) <= kinds, sorted(set(OWNER_AFTER) - kinds)
    assert set(CHANGED_BY) <= kinds, sorted(set(CHANGED_BY) - kinds)


def test_overbooking_markup_covers_every_told_event_kind() -> None:
    from bot.games.overbooking import presenter as presenter

    assert set(presenter.MARKDOWN) == presenter.HEADINGS | presenter.BULLETS
    assert {presenter.MARKDOWN[kind]("x") for kind in presenter.HEADINGS} == {"**x**"}
    assert {presenter.MARKDOWN[kind]("x") for kind in presenter.BULLETS} == {"• x"}
