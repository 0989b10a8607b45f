"""Issue 42 item 9: every decision kind has its "?" answer (what the decision is, with its rule), and every panel
page of a real game carries the "?" button for its decision."""

from __future__ import annotations

import random

import pytest

import engine.gah.game  # noqa: F401  (registers every decision kind, Let's Waltz's too)
from bot.games.gah import panel, panel_help
from bot.host.custom_ids import parse
from bot.host.views import panel_view
from engine import GameConfig, apply, legal_actions, new_game
from engine.gah.config import MODULES
from engine.gah.decisions import DECISIONS


def test_every_decision_kind_has_help() -> None:
    assert set(DECISIONS) <= set(panel_help.HELP), sorted(set(DECISIONS) - set(panel_help.HELP))
    assert set(panel_help.HELP) <= set(DECISIONS), sorted(set(panel_help.HELP) - set(DECISIONS))
    for kind, text in panel_help.HELP.items():
        assert 40 <= len(text) <= 2000 and text.endswith("."), kind


@pytest.mark.parametrize("seed", range(1, 11))  # about 0.3 s a game (a panel built at every step)
def test_every_panel_page_has_a_question_mark_for_its_decision(seed: int) -> None:
    chooser = random.Random(seed)
    names = ["ann", "bob", "cy", "dee"][:2 + seed % 3]
    state = new_game(GameConfig(players=names, seed=seed, modules=frozenset(MODULES)))
    seen: set[str] = set()
    while not state.is_over:
        actions = legal_actions(state)
        kind = state.pending[-1].kind
        view = panel_view(1, 2, panel.build_panel(state, actions), can_undo=False)
        helps = [parse(child.item.custom_id) for child in view.children  # type: ignore[attr-defined]
                 if parse(child.item.custom_id).verb == "help"]  # type: ignore[attr-defined]
        assert [cid.arg for cid in helps] == [kind], (kind, helps)
        assert panel_help.help_text(helps[0].arg) == panel_help.HELP[kind]
        seen.add(kind)
        state, _ = apply(state, chooser.choice(actions))
    assert {"turn", "auction"} <= seen
