"""The turn panel and component ids stay within Discord's limits for every decision of real games, and every
choice maps back to exactly one legal action (issue 6: "a select never holds more than 25 options")."""

from __future__ import annotations

import random

import discord
import pytest

from bot.games.gah.panel import build_panel
from bot.host.custom_ids import BadCustomId, build, parse
from bot.host.views import panel_view, turn_post_view
from engine import GameConfig, apply, legal_actions, new_game
from tests.botui.panel_pages import plan_is_legal, reachable_pages


def unwrap(child: discord.ui.Item[discord.ui.View]) -> discord.ui.Item[discord.ui.View]:
    """The real button or select inside one of our DynamicItems."""
    return child.item if isinstance(child, discord.ui.DynamicItem) else child


def test_custom_ids_round_trip_and_refuse_forgeries() -> None:
    cid = build(12, 345, "act", 7)
    assert cid == "gah:12:345:act:7" and str(parse(cid)) == cid
    assert parse(cid).game == 12 and parse(cid).version == 345 and parse(cid).arg == "7"
    for forged in ("gah:1:2:act:7:extra", "xyz:1:2:act:7", "gah:one:2:act:7", "gah:1:2:ACT:7", "", "gah:" + "9" * 99):
        with pytest.raises(BadCustomId):
            parse(forged)
    with pytest.raises(BadCustomId):
        build(1, 2, "act", "x" * 120)


async def test_every_panel_of_random_games_fits_discord_limits_and_maps_to_its_actions() -> None:
    """Panels for every decision of seeded 2-, 3- and 4-player games: at most 5 rows, 5 buttons a row, one select
    a row with at most 25 options, labels within 80/100 characters, unique custom_ids of at most 100 characters,
    and the values cover each legal action exactly once across the pages."""
    checked = 0
    for players, seed in ((2, 1), (3, 2), (4, 3)):
        chooser = random.Random(seed)
        state = new_game(GameConfig(players=["ann", "bob", "cy", "dee"][:players], seed=seed))
        while not state.is_over:
            name = state.current_player
            actions = legal_actions(state, name)
            covered: set[int] = set()
            for panel in reachable_pages(state, actions):
                view = panel_view(99, state.steps, panel, can_undo=True)
                rows: dict[int, list[discord.ui.Item[discord.ui.View]]] = {}
                for child in view.children:
                    item = unwrap(child)
                    rows.setdefault(child.row or 0, []).append(item)
                assert len(rows) <= 5
                ids = [unwrap(child).custom_id for child in view.children]  # type: ignore[attr-defined]
                assert len(ids) == len(set(ids)) and all(len(i) <= 100 for i in ids)
                on_page: list[int] = []
                for items in rows.values():
                    selects = [i for i in items if isinstance(i, discord.ui.Select)]
                    assert (len(selects) == 1 and len(items) == 1) or (not selects and len(items) <= 5)
                    for item in items:
                        if isinstance(item, discord.ui.Select):
                            assert 1 <= len(item.options) <= 25
                            assert all(len(o.label) <= 100 for o in item.options)
                            assert all(len(o.description or "") <= 100 for o in item.options)
                            verb = parse(item.custom_id or "").verb
                            if verb == "picks":  # a step past the legal actions: one that others make legal
                                later = [int(o.value) for o in item.options if int(o.value) >= len(actions)]
                                assert all(1 <= len(panel.plans[v]) <= 2 for v in later)
                                on_page += [int(o.value) for o in item.options if int(o.value) < len(actions)]
                            elif verb != "goto":
                                on_page += [int(o.value) for o in item.options]
                        else:
                            assert isinstance(item, discord.ui.Button) and len(item.label or "") <= 80
                            cid = parse(item.custom_id or "")
                            if cid.verb == "act":
                                on_page.append(int(cid.arg))
                assert len(on_page) == len(set(on_page)), "no choice twice on a page"
                for value in on_page:  # a compound choice plays legal actions in order (issue 42)
                    if value >= len(actions):
                        assert plan_is_legal(state, panel.plans[value]), panel.plans[value]
                        value = next(i for i, a in enumerate(actions) if a.text == panel.plans[value][0])
                    covered.add(value)
            assert sorted(covered) == list(range(len(actions))), "every legal action is offered"
            checked += 1
            state, _ = apply(state, chooser.choice(actions))
    assert checked > 300


async def test_turn_post_buttons_have_stable_ids() -> None:
    view = turn_post_view(5, 17)
    verbs = [parse(unwrap(child).custom_id).verb for child in view.children]  # type: ignore[attr-defined]
    assert verbs == ["turn", "hand", "hotels", "score", "log", "board"]


def test_several_rooms_or_items_are_chosen_in_one_select() -> None:
    """Issue 14 item 4: preparing rooms and placing received items offer one select that takes up to as many
    choices as can be played together (at most the decision's steps left: the action's strength, the items
    received), the legal steps first, the rest as buttons."""
    found = 0
    for seed in range(1, 6):
        chooser = random.Random(seed)
        state = new_game(GameConfig(players=["ann", "bob", "cy"], seed=seed))
        while not state.is_over and found < 10:
            actions = legal_actions(state, state.current_player)
            kind = state.pending[-1].kind if state.pending else ""
            panel = build_panel(state, actions)
            if kind in ("prepare_rooms", "place_items") and panel.rows and panel.rows[0].most:
                step = "room" if kind == "prepare_rooms" else "put"
                data = state.pending[-1].data
                left = len(data["discounts"]) if step == "room" else sum(data["items"])
                steps = [i for i, a in enumerate(actions) if a.kind == step]
                assert [c.index for c in panel.rows[0].choices][:len(steps)] == steps
                assert 2 <= panel.rows[0].most <= left
                select = unwrap(panel_view(1, 2, panel, can_undo=False).children[0])
                assert isinstance(select, discord.ui.Select) and select.max_values == panel.rows[0].most
                assert parse(select.custom_id).verb == "picks"
                found += 1
            state, _ = apply(state, chooser.choice(actions))
    assert found >= 5
