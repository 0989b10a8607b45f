"""The turn panel shows every Let's Waltz decision (issue 17): auction bids, coloured dice, the skeleton key, the
dustbin die, Grand Wray and Einstein; each legal action appears once, with a label within Discord's limit;
`/gah card` and `/gah rules` cover the modules, celebrities and entrances."""

from __future__ import annotations

import random

from bot.games.gah import texts
from bot.games.gah.options import waltz_text
from bot.games.gah.panel import LABEL_LIMIT
from bot.host import texts as host_texts
from engine import GameConfig, apply, legal_actions, new_game
from engine.gah.config import MODULES
from engine.gah.waltz.cards import celebrities, entrances
from tests.botui.panel_pages import offered, plan_is_legal, reachable_pages


def test_every_action_of_games_with_all_modules_is_on_the_panel() -> None:
    kinds: set[str] = set()
    for seed in range(4):
        chooser = random.Random(seed)
        state = new_game(GameConfig(players=["ann", "bob", "cy"][: 2 + seed % 2], seed=seed,
                                    modules=frozenset(MODULES)))
        while not state.is_over:
            actions = legal_actions(state)
            kinds.add(state.pending[-1].kind)
            alone, plans = offered(state, actions)
            for panel in reachable_pages(state, actions):
                assert all(len(choice.label) <= LABEL_LIMIT for row in panel.rows for choice in row.choices)
            # every legal action is on some page, alone or as the first step of compound choices (issue 42)
            firsts = {next(i for i, a in enumerate(actions) if a.text == steps[0]) for steps in plans.values()}
            assert sorted(alone | firsts) == list(range(len(actions)))
            assert all(plan_is_legal(state, steps) for steps in plans.values())
            state, _ = apply(state, chooser.choice(actions))
    assert {"auction", "key_action"} <= kinds


def test_card_lookup_knows_celebrities_and_entrances() -> None:
    names = texts.card_names()
    for celebrity in celebrities().values():
        assert f"Celebrity: {celebrity.name}" in names
        answer = texts.card_text(celebrity.name)
        assert answer is not None and celebrity.text in answer
    for entrance in entrances().values():
        assert f"Hotel entrance: {entrance.name}" in names
        answer = texts.card_text(f"hotel entrance: {entrance.name}")
        assert answer is not None and entrance.text in answer
    assert "Let's Waltz" in texts.RULES_PAGES[-1]


def test_options_line_leaves_the_modules_to_their_own_lobby_field() -> None:
    line = host_texts.options_line({"modules": ["celebrities", "start_player"], "edition": "2021"})
    assert "modules" not in line and "edition 2021" in line
    field = waltz_text(frozenset({"celebrities", "start_player"}))
    assert "Celebrities" in field and "Start Player" in field and "Unique Hotels" not in field
    for left_out in ("Hotel Dove", "The Ren", "bell staff"):
        assert left_out in field
    assert "Chosen: none" in waltz_text(frozenset())
