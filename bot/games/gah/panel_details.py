"""The lines a turn panel shows under its prompt (issue 52 item 7: choices with their content): the whole effect
of each choice shown as a button (a button has no description, so a drawn staff card would be a bare name), and the
entrance auction's every entrance on offer with its text and the entrances already held, by whom."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from bot.games.gah.panel_words import ENGLISH, entrance_name, krones_of, staff_kind, staff_name, staff_text_in
from engine.gah import GameState
from engine.gah.cards import staff
from engine.gah.waltz.cards import entrances
from render.core.i18n import Translator
from render.core.lang import card_name

if TYPE_CHECKING:
    from bot.host.panel_types import Choice


def button_details(state: GameState, choices: Sequence[Choice], cards: Sequence[int | None],
                   _: Translator = ENGLISH) -> str:
    """One line for each choice shown as a button that has more to say than its label: a staff card's whole
    effect with its kind and printed cost ("Name (kind, cost 3): effect", as `/gah card` tells it), else
    "Label: description"; "" if no choice has more to say. `cards[i]` is the staff card `choices[i]` names, or
    None. In `_`'s language."""
    lines = []
    for choice, card_id in zip(choices, cards, strict=True):
        if card_id is not None:
            card = staff()[card_id]
            lines.append(_("{card} ({kind}, cost {cost}): {effect}", card=staff_name(_, card_id),
                           kind=staff_kind(_, card_id), cost=card.cost_in(state.config.edition),
                           effect=" ".join(staff_text_in(_, card_id).replace("**", "").split())))
        elif choice.description:
            lines.append(f"{choice.label}: {choice.description}")
    return "\n".join(lines)


def auction_details(state: GameState, _: Translator = ENGLISH) -> str:
    """The entrance auction (Let's Waltz module 3): each entrance on offer, "Name: its whole text" (the one up
    for auction marked with the bid and the leader), then "Held: Name (player), ..." for those already gained.
    In `_`'s language."""
    data = state.pending[-1].data if state.pending else {}
    lot, bid, leader = data.get("lot"), int(data.get("bid") or 0), data.get("leader")
    lines = []
    for entrance in data.get("offer", []):
        text = card_name(_, "entrance_text", entrance, entrances()[entrance].text)
        mark = ""
        if entrance == lot:
            if leader is not None:
                mark = _(" (up for auction at {krones}, {player} leads)", krones=krones_of(_, bid),
                         player=state.players[leader].name)
            else:
                mark = _(" (up for auction at {krones})", krones=krones_of(_, bid))
        lines.append(f"{entrance_name(_, entrance)}{mark}: {text}")
    held = [f"{entrance_name(_, p.entrance)} ({p.name})" for p in state.players if p.entrance is not None]
    if held:
        lines.append(_("Held: {entrances}", entrances=", ".join(held)))
    return "\n".join(lines)
