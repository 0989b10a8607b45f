"""The lines a turn panel shows under its prompt (issue 52 item 7: choices with their content): the whole effect
of each choice shown as a button (a button has no description, so a drawn staff card would be a bare name), and the
entrance auction's every entrance on offer with its text and the entrances already held, by whom."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine.gah import GameState
from engine.gah.cards import staff
from engine.gah.waltz.cards import entrances
from render.core.plural import count
from render.gah.texts import staff_text

if TYPE_CHECKING:
    from bot.host.panel_types import Choice


def button_details(state: GameState, choices: Sequence[Choice], cards: Sequence[int | None]) -> str:
    """One line for each choice shown as a button that has more to say than its label: a staff card's whole
    effect with its kind and printed cost ("Name (kind, cost 3): effect", as `/gah card` tells it), else
    "Label: description"; "" if no choice has more to say. `cards[i]` is the staff card `choices[i]` names, or
    None."""
    lines = []
    for choice, card_id in zip(choices, cards, strict=True):
        if card_id is not None:
            card = staff()[card_id]
            kind = card.kind.replace("_", " ")
            lines.append(f"{card.name} ({kind}, cost {card.cost_in(state.config.edition)}): "
                         f"{' '.join(staff_text(card).replace('**', '').split())}")
        elif choice.description:
            lines.append(f"{choice.label}: {choice.description}")
    return "\n".join(lines)


def auction_details(state: GameState) -> str:
    """The entrance auction (Let's Waltz module 3): each entrance on offer, "Name: its whole text" (the one up
    for auction marked with the bid and the leader), then "Held: Name (player), ..." for those already gained."""
    data = state.pending[-1].data if state.pending else {}
    lot, bid, leader = data.get("lot"), int(data.get("bid") or 0), data.get("leader")
    lines = []
    for entrance in data.get("offer", []):
        offered = entrances()[entrance]
        mark = ""
        if entrance == lot:
            holder = f", {state.players[leader].name} leads" if leader is not None else ""
            mark = f" (up for auction at {count(bid, 'krone')}{holder})"
        lines.append(f"{offered.name}{mark}: {offered.text}")
    held = [f"{entrances()[p.entrance].name} ({p.name})" for p in state.players if p.entrance is not None]
    if held:
        lines.append("Held: " + ", ".join(held))
    return "\n".join(lines)
