"""Rule answers shared by the base game's quick answers (`engine.gah.ai.rules`) and the Let's Waltz ones
(`engine.gah.ai.waltz`), kept apart so that neither imports the other back (no import cycle, issue 41 item 7).
"""

from __future__ import annotations

from engine.core.actions import Action
from engine.gah.ai.evaluate import actions_before_scoring, actions_left, checkin_value
from engine.gah.ai.kinds import first_of_kind, of_kind
from engine.gah.ai.values import cafe_needs
from engine.gah.cards import EMPEROR_RETREAT, guests
from engine.gah.state import PREPARED, GameState


def decline_or_first(actions: list[Action]) -> Action:
    """The "do nothing more" answer if there is one, else the first."""
    return first_of_kind(actions, "decline", actions[0])


def space_scores(state: GameState, index: int, strength: int) -> dict[int, float]:
    """Rough worth of carrying out each action space 1-5 at `strength` for the player."""
    player = state.players[index]
    need = cafe_needs(player)
    guests_waiting = sum(1 for table in player.cafe if table.guest is not None)
    vacant = sum(1 for room in player.rooms if room == PREPARED)
    scores = {1: 1.6 * min(need[0] + need[1], strength) + 0.5 * strength,
              2: 1.6 * min(need[2] + need[3], strength) + 0.5 * strength,
              3: (1.5 if vacant <= guests_waiting else 0.6) * strength,
              4: 1.2 * strength,
              5: 3.0 if player.hand and player.money >= 2 else 0.0}
    upcoming = actions_before_scoring(state, index)
    if upcoming is not None and player.emperor <= EMPEROR_RETREAT[upcoming[1]]:
        scores[4] += 2.0
    return scores


def pick_guest(state: GameState, index: int, actions: list[Action]) -> Action:
    player = state.players[index]
    left = actions_left(state, index)
    best, best_score = None, -2.0
    for action in of_kind(actions, "guest"):
        guest = state.display[int(action.args[0])]
        if guest is None:
            continue
        score = checkin_value(guest, player, left) - 1.5 * sum(guests()[guest].order)
        if best is None or score > best_score:
            best, best_score = action, score
    if best is not None:
        return best
    return decline_or_first(actions)


