"""Issue 42 items 7 and 1: fewer clicks on the turn panel, each choice still a legal action (or legal actions in
order). Returning staff cards is one select, the boost is a switch, a die comes with its first follow-up, serving a
guest all that fits is one choice with its cost, a single choice is a button; the entrance auction names the
entrance on every bid and opens in two steps (the entrance, then the amount)."""

from __future__ import annotations

import random
from collections.abc import Callable

import discord

from bot.games.gah.lookup import entrance_effect, staff_effect
from bot.games.gah.panel import Choice, Panel, Row, build_panel
from bot.host.custom_ids import parse
from bot.host.views import extra_rows, panel_view
from engine import GameConfig, GameState, apply, legal_actions, new_game
from engine.gah.config import MODULES
from engine.gah.waltz.cards import entrances
from tests.botui.panel_pages import plan_is_legal


def states(config: GameConfig, seed: int, wanted: Callable[[GameState], bool], count: int = 5) -> list[GameState]:
    """Up to `count` states of a seeded random game where `wanted` holds."""
    chooser, state, found = random.Random(seed), new_game(config), []
    while not state.is_over and len(found) < count:
        if wanted(state):
            found.append(state)
        state, _ = apply(state, chooser.choice(legal_actions(state)))
    return found


def choices(panel: Panel) -> list[tuple[int, str, str]]:
    """(index, label, description) of every choice on a panel page that acts (no page moves)."""
    return [(c.index, c.label, c.description) for row in panel.rows if not row.goes_to_page for c in row.choices
            if not c.to_page]


def test_the_solo_set_up_returns_its_4_staff_cards_in_one_select() -> None:
    config = GameConfig(players=["ann"], seed=4, solo="leopold")
    state = states(config, 4, lambda s: s.pending[-1].kind == "solo_staff", 1)[0]
    actions = legal_actions(state)
    panel = build_panel(state, actions)
    select = panel_view(1, 2, panel, can_undo=False).children[0].item  # type: ignore[attr-defined]
    assert isinstance(select, discord.ui.Select) and parse(select.custom_id).verb == "picks"
    assert (select.min_values, select.max_values) == (4, 4) and len(select.options) == 10
    assert all(option.description for option in select.options), "each card shows its effect"


def test_every_die_with_or_without_the_boost_is_one_click_and_comes_with_its_follow_up() -> None:
    """Issue 52 item 1: no boost switch; the dice with and without the boost are on the first page, in one select
    where they fit, else the boosted ones in a select of their own."""
    found = 0
    for state in states(GameConfig(players=["ann", "bob"], seed=7), 7, lambda s: s.pending[-1].kind == "turn"
                        and not s.turn.die_taken, 12):  # type: ignore[union-attr]
        actions = legal_actions(state)
        panel = build_panel(state, actions)
        assert not [c for row in panel.rows for c in row.choices if c.to_page], "no boost switch"
        firsts = set()
        for index, _, _ in choices(panel):
            steps = panel.plans.get(index) or (actions[index].text,)
            if steps[0].startswith("die"):
                firsts.add(steps[0])
                assert len(steps) <= 2 and plan_is_legal(state, steps)
        dice = {a.text for a in actions if a.kind == "die"}
        assert firsts == dice, dice - firsts  # every die, boosted or not, on the first page
        found += any(a.args[1] for a in actions if a.kind == "die")
        two_steps = [steps for steps in panel.plans.values() if steps[0] in ("die 1", "die 4")]
        assert two_steps or not {"die 1", "die 4"} & dice, "the die and its split in one choice"
    assert found, "some states offer the boost"


def test_serving_a_guest_all_that_fits_is_one_choice_with_its_cost() -> None:
    def serving(state: GameState) -> bool:
        return state.pending[-1].kind == "turn" and any(a.kind == "serve" for a in legal_actions(state))

    found = 0
    for state in states(GameConfig(players=["ann", "bob"], seed=2), 2, serving, 40):
        actions = legal_actions(state)
        panel = build_panel(state, actions)
        for index, label, _ in choices(panel):
            if index < len(actions) and actions[index].kind == "serve":
                assert label.endswith((" · 1 krone", " · free")), label
            steps = panel.plans.get(index, ())
            if steps and steps[0].startswith("serve"):
                assert label.startswith("Serve ") and " all that fits: " in label and label.endswith("1 krone")
                assert 2 <= len(steps) <= 3 and plan_is_legal(state, steps)
                assert len({step.rsplit(" ", 1)[-1] for step in steps}) == 1, "one guest's table"
                found += 1
    assert found


def test_a_single_choice_is_a_button() -> None:
    config = GameConfig(players=["ann", "bob"], seed=5, modules=frozenset(MODULES))
    keyed = states(config, 5, lambda s: s.pending[-1].kind == "turn"
                   and sum(a.kind == "key" for a in legal_actions(s)) == 1, 3)
    assert keyed
    for state in keyed:
        panel = build_panel(state, legal_actions(state))
        buttons = [c.label for row in panel.rows if not row.is_select for c in row.choices]
        selects = [c.label for row in panel.rows if row.is_select for c in row.choices]
        assert "Take the skeleton key" in buttons and "Take the skeleton key" not in selects


def test_the_opening_bid_is_the_entrance_then_the_amount() -> None:
    config = GameConfig(players=["ann", "bob", "cy"], seed=1, modules=frozenset(MODULES))
    state = states(config, 1, lambda s: s.pending[-1].kind == "auction", 1)[0]
    actions = legal_actions(state)
    first = build_panel(state, actions)
    assert len(first.rows) == 1 and first.rows[0].goes_to_page
    offered = state.pending[-1].data["offer"]
    assert [c.description for c in first.rows[0].choices] == [entrance_effect(e) for e in offered]
    covered: set[int] = set()
    for choice, entrance in zip(first.rows[0].choices, offered, strict=True):
        page = build_panel(state, actions, page=choice.index)
        name = entrances()[entrance].name
        bids = choices(page)
        assert bids and all(label.startswith("Bid ") and label.endswith(f" on {name}") for _, label, _ in bids)
        assert all(description == entrance_effect(entrance) for _, _, description in bids)
        assert page.rows[-1].goes_to_page and page.rows[-1].choices[0].index == 0  # back to the entrances
        covered |= {index for index, _, _ in bids}
    assert covered == set(range(len(actions)))
    # once an entrance is up, every raise names it too
    raised, _ = apply(state, actions[1])
    raises = choices(build_panel(raised, legal_actions(raised)))
    name = entrances()[raised.pending[-1].data["lot"]].name
    assert all(label.endswith(f" on {name}") or label.startswith("Pass") for _, label, _ in raises), raises


def test_staff_options_carry_the_card_effect() -> None:
    found = states(GameConfig(players=["ann", "bob"], seed=3), 3, lambda s: s.pending[-1].kind == "play_staff"
                   and sum(a.kind == "play" for a in legal_actions(s)) >= 2, 3)
    assert found
    for state in found:
        actions = legal_actions(state)
        described = [(actions[index], description) for index, _, description in choices(build_panel(state, actions))
                     if actions[index].kind == "play"]
        assert described
        for action, description in described:
            effect = staff_effect(action.args[0])
            assert effect[:30].rstrip("…") in description, (description, effect)


def test_the_panel_buttons_keep_discords_limit_of_5_a_row() -> None:
    """Paging, Undo, "?", Quick turns, Refresh and one more (a Suggest button) fit a full turn panel: beside its
    action buttons when they all fit there, else on the free row below and then beside; never 6 in a row."""
    select = Row((Choice(0, "a"),), placeholder="Choose")
    two_buttons = Row((Choice(1, "Pass"), Choice(2, "Boost: off", to_page=True)))
    panel = Panel("?", (select, select, select, two_buttons))
    assert extra_rows(panel, 4, 3) == [3, 3, 3]
    assert extra_rows(panel, 4, 6) == [4, 4, 4, 4, 4, 3]
    full = Panel("?", (select, select, select, select, two_buttons))
    assert extra_rows(full, 5, 6) == [4, 4, 4]
