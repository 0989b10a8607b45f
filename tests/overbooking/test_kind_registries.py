"""Each Overbooking guest type's back-door ability, AI worth and words in one place each (issue 41, item 3).

Rulebook "Specjalne zdolności rezerwacyjne" (p. 7): monk, merchants and workers act at once; maids, nobles and
soldiers let their owner choose (Overbooking's decision kinds). A new guest type or event kind without its
ability, its AI worth or its words fails here.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import engine.overbooking.game
from bot.games.overbooking import presenter as overbooking_presenter
from engine.overbooking import apply, legal_actions, resolve
from engine.overbooking.ai import ACTION_VALUES, DOOR_GAINS
from engine.overbooking.data import GUEST_TYPES
from engine.overbooking.game import ANSWERS
from tests.overbooking.scenario import game

PACKAGE = Path(engine.overbooking.game.__file__).resolve().parent


def test_every_guest_type_has_exactly_one_ability() -> None:
    types = set(GUEST_TYPES.values())
    assert set(resolve.AT_ONCE) | set(resolve.CHOOSING) == types
    assert not set(resolve.AT_ONCE) & set(resolve.CHOOSING)


def test_the_choosing_abilities_are_maids_nobles_and_soldiers() -> None:
    assert set(resolve.CHOICE_ABILITIES) == {"maids", "nobles", "soldiers"}


def test_every_guest_type_has_an_ai_worth_at_the_back_door() -> None:
    assert set(DOOR_GAINS) == set(GUEST_TYPES.values())


def test_every_event_kind_has_words() -> None:
    source = "\n".join(path.read_text(encoding="utf-8") for path in PACKAGE.glob("*.py"))
    kinds = set(re.findall(r'\bEvent\(\s*"([a-z_]+)"', source)) | {"skip", "pass"}  # "skip"/"pass": the action's kind
    assert len(kinds) > 6  # the scan itself works
    told = overbooking_presenter.HEADINGS | overbooking_presenter.BULLETS
    assert kinds == told, f"untold: {sorted(kinds - told)}, stale: {sorted(told - kinds)}"


def test_every_offered_action_kind_is_carried_out_and_valued() -> None:
    """Seeded random games (2-4 players, both scorings) offer only action kinds that the engine's `ANSWERS` and
    the heuristic AI's `ACTION_VALUES` both have an entry for, and phase 1's kinds a place on the panel
    (`PANEL_PLACES`); a new kind without one fails here."""
    offered: set[str] = set()
    placing: set[str] = set()
    for seed in range(12):
        chooser = random.Random(seed)
        state = game(2 + seed % 3, seed, "advanced" if seed % 2 else "beginner")
        while not state.is_over:
            actions = legal_actions(state)
            offered |= {action.kind for action in actions}
            if state.pending is None:
                placing |= {action.kind for action in actions}
            state, _ = apply(state, chooser.choice(actions))
    assert placing <= set(overbooking_presenter.PANEL_PLACES), "a phase 1 action kind has no place on the panel"
    assert set(overbooking_presenter.PANEL_PLACES.values()) == {"cards", "buttons"}
    assert {"play", "decline", *resolve.CHOICE_ABILITIES} <= offered  # the games reach the back-door choices
    assert offered <= set(ANSWERS), f"not carried out: {sorted(offered - set(ANSWERS))}"
    assert offered <= set(ACTION_VALUES), f"not valued by the AI: {sorted(offered - set(ACTION_VALUES))}"
    assert set(ANSWERS) == set(ACTION_VALUES)


def test_every_decision_kind_has_a_help_text() -> None:
    """Issue 42 item 9: every Overbooking panel names its decision kind for the "?" button, and `HELP` explains each
    kind with its rule: phase 1's card placing and every back-door ability with a choice (rulebook page 7); a new
    kind without its help fails here."""
    asked: set[str] = set()
    for seed in range(6):
        chooser = random.Random(seed)
        state = game(2 + seed % 3, seed, "advanced" if seed % 2 else "beginner")
        while not state.is_over:
            actions = legal_actions(state)
            for page in (0, 1):
                asked.add(overbooking_presenter.build_panel(state, actions, page=page).decision)
            state, _ = apply(state, chooser.choice(actions))
    assert asked == set(overbooking_presenter.HELP) == {overbooking_presenter.PLACE_CARD, *resolve.CHOICE_ABILITIES}
    for kind, text in overbooking_presenter.HELP.items():
        assert "rulebook" in text and text.endswith("."), kind
        assert overbooking_presenter.help_text(kind) == text
    assert "/overbooking rules" in overbooking_presenter.help_text("turn")  # a kind of another game
