"""The turn panel for Let's Waltz module 3 in the solo game (issue 39): the entrance choice names each entrance
with its effect, and Hautel Couture's item choice names the opponent's guests as the opponent's."""

from __future__ import annotations

from bot.games.gah.panel import build_panel, prompt_of
from engine import apply, legal_actions, new_game
from engine.gah.cards import guests
from engine.gah.state import Frame
from engine.gah.waltz.cards import entrances
from tests.engine.test_solo_unique_hotels import config, editable, game


def test_the_entrance_choice_shows_three_entrances_with_their_effects() -> None:
    state = new_game(config("nine_stars_inn"))
    while state.pending[-1].kind != "choose_entrance":
        state, _ = apply(state, legal_actions(state)[0])
    panel = build_panel(state, legal_actions(state))
    assert prompt_of(state).startswith("Unique Hotels: choose your hotel entrance")
    choices = [choice for row in panel.rows for choice in row.choices]
    offer = state.pending[-1].data["offer"]
    assert [c.label for c in choices] == [f"Take {entrances()[e].name}" for e in offer]
    assert all(c.description and c.description.rstrip("…") in entrances()[e].text  # clipped to Discord's 100
               for c, e in zip(choices, offer, strict=True))


def test_the_couture_item_choice_names_the_opponents_guests() -> None:
    state = editable(game("hautel_couture"))
    cafe = state.players[1].cafe
    for table in cafe:
        table.served = [0, 0, 0, 0]
    item = next(i for i in range(4) if any(t.guest is not None and guests()[t.guest].order[i] for t in cafe))
    state.pending.append(Frame("couture_item", 0, {"item": item, "space": 1}))
    actions = legal_actions(state)
    panel = build_panel(state, actions)
    labels = [choice.label for row in panel.rows for choice in row.choices]
    assert labels and all(label.endswith("(Leopold's guest)") for label in labels), labels
    names = {guests()[t.guest].name for t in cafe if t.guest is not None and guests()[t.guest].order[item]}
    assert {label.split(" on ", 1)[1].rsplit(" (", 1)[0] for label in labels} == names
