"""The turn panel's *Suggest* button (issue 42 item 9) fits Discord's limits beside Undo, Quick turns and Refresh on
every panel page of seeded games, is never in a panel that does not ask for it, and is on nearly every page."""

from __future__ import annotations

import random

import discord

from bot.games.gah.panel import build_panel
from bot.host.custom_ids import parse
from bot.host.views import panel_view
from engine import GameConfig, apply, legal_actions, new_game


def _verbs_by_row(view: discord.ui.View) -> dict[int, list[str]]:
    rows: dict[int, list[str]] = {}
    for child in view.children:
        item = child.item if isinstance(child, discord.ui.DynamicItem) else child
        rows.setdefault(child.row or 0, []).append(parse(item.custom_id or "").verb)  # type: ignore[attr-defined]
    return rows


def test_suggest_fits_every_panel_page_and_is_on_nearly_all() -> None:
    pages = with_suggest = 0
    for players, seed in ((1, 4), (2, 1), (3, 2), (4, 3)):
        chooser = random.Random(seed)
        names = ["ann", "bob", "cy", "dee"][:players]
        config = GameConfig(players=names, seed=seed, solo="leopold") if players == 1 else \
            GameConfig(players=names, seed=seed)
        state = new_game(config)
        while not state.is_over:
            actions = legal_actions(state, state.current_player)
            for page in range(build_panel(state, actions).pages):
                panel = build_panel(state, actions, page=page)
                rows = _verbs_by_row(panel_view(9, state.steps, panel, can_undo=True, quick="off", suggest=True))
                assert len(rows) <= 5 and all(len(verbs) <= 5 for verbs in rows.values())
                verbs = [verb for row in rows.values() for verb in row]
                pages += 1
                with_suggest += verbs.count("suggest")
                assert verbs.count("suggest") <= 1
                plain = _verbs_by_row(panel_view(9, state.steps, panel, can_undo=True, quick="off"))
                assert "suggest" not in [verb for row in plain.values() for verb in row]
            state, _ = apply(state, chooser.choice(actions))
    assert pages > 500 and with_suggest >= 0.95 * pages, (with_suggest, pages)
