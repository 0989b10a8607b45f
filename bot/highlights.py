"""The game's highlights in words, for the final post (issue 42 item 4): the biggest scoring turns, who claimed each
politics card, each Emperor scoring and what the final scoring added. Pure: computed from the game's logged events.

Games whose events have none of these kinds (Overbooking) get no highlights.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from bot.words import escape

BIGGEST_TURNS = 3
"""How many of the biggest scoring turns are named."""

PHASE_EVENTS = {"turn": "turn", "emperor_scoring": "emperor", "round": "round", "game_over": "end"}
"""Event kinds that begin a new part of the game (its VP is counted apart), and what that part is."""


class Logged(Protocol):
    """What the highlights need of a logged move (`bot.service.Move` has it)."""

    @property
    def undone(self) -> bool: ...

    @property
    def events(self) -> Sequence[Any]: ...  # engine.Event: .kind, .player, .text, .data


@dataclass
class _Phase:
    """A part of the game between two phase events: a player's turn, an Emperor scoring, a round's start."""

    kind: str
    round: int | None
    player: str | None
    vp: dict[str, int] = field(default_factory=dict)
    rewards: dict[str, list[str]] = field(default_factory=dict)
    penalties: dict[str, list[str]] = field(default_factory=dict)


def _phases(moves: Iterable[Logged]) -> tuple[list[_Phase], list[tuple[str, str, int | None]]]:
    """The game's phases in order, and the politics cards claimed as (player, card text, round)."""
    phases = [_Phase("setup", None, None)]
    claims: list[tuple[str, str, int | None]] = []
    round_number: int | None = None
    for move in moves:
        if move.undone:
            continue
        for event in move.events:
            kind = event.kind
            if kind == "round":
                round_number = event.data.get("round", round_number)
            if kind in PHASE_EVENTS:
                phases.append(_Phase(PHASE_EVENTS[kind], round_number, event.player))
                continue
            phase, player = phases[-1], event.player
            if player is None:
                continue
            if kind == "vp":
                phase.vp[player] = phase.vp.get(player, 0) + int(event.data.get("amount", 0))
            elif kind == "emperor_reward":
                phase.rewards.setdefault(player, []).append(str(event.data.get("tile", "?")))
            elif kind == "emperor_penalty":
                phase.penalties.setdefault(player, []).append(str(event.data.get("tile", "?")))
            elif kind == "politics":
                quoted = event.text.split('"')
                claims.append((player, quoted[1] if len(quoted) > 2 else "", round_number))
    return phases, claims


def _in_round(round_number: int | None) -> str:
    return f" in round {round_number}" if round_number is not None else ""


def _join(items: Sequence[str]) -> str:
    """"a", "a and b", "a, b and c"."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def highlight_lines(moves: Iterable[Logged], final_totals: Mapping[str, int] | None = None,
                    vp_before: Mapping[str, int] | None = None) -> list[str]:
    """The highlights as plain sentences (without markdown bullets; names escaped for Discord):

    - the `BIGGEST_TURNS` turns that scored most VP (VP of the player on turn in their own turn);
    - each politics card claimed: by whom and in which round;
    - each Emperor scoring: each player's VP, rewards and penalties (by Emperor tile);
    - what the final scoring gave each player (`final_totals` minus `vp_before`, both by player name).

    An empty list when the moves hold none of these."""
    phases, claims = _phases(moves)
    lines: list[str] = []
    turns = sorted(((phase.vp.get(phase.player, 0), -order, phase) for order, phase in enumerate(phases)
                    if phase.kind == "turn" and phase.player is not None and phase.vp.get(phase.player, 0) > 0),
                   key=lambda item: (item[0], item[1]), reverse=True)[:BIGGEST_TURNS]
    if turns:
        told = [f"{escape(phase.player or '')} with {vp} VP{_in_round(phase.round)}" for vp, _, phase in turns]
        lines.append(f"The biggest scoring turns: {_join(told)}.")
    for player, card, round_number in claims:
        what = f'the politics card "{card}"' if card else "a politics card"
        lines.append(f"{escape(player)} claimed {what}{_in_round(round_number)}.")
    for phase in phases:
        if phase.kind != "emperor":
            continue
        players = sorted(dict.fromkeys([*phase.vp, *phase.rewards, *phase.penalties]),
                         key=lambda name: -phase.vp.get(name, 0))
        parts = []
        for player in players:
            vp = phase.vp.get(player, 0)
            got = [f"gained {vp} VP"] if vp > 0 else [f"lost {-vp} VP"] if vp < 0 else []
            got += [f"received the reward of tile {tile}" for tile in phase.rewards.get(player, [])]
            got += [f"suffered the penalty of tile {tile}" for tile in phase.penalties.get(player, [])]
            parts.append(f"{escape(player)} {_join(got)}")
        after = f" after round {phase.round}" if phase.round is not None else ""
        lines.append(f"Emperor scoring{after}: {'; '.join(parts)}." if parts
                     else f"Emperor scoring{after}: nobody gained or lost anything.")
    if final_totals and vp_before:
        added = [(total - vp_before[name], name) for name, total in final_totals.items() if name in vp_before]
        added.sort(key=lambda item: (-item[0], item[1]))
        if added:
            told = [f"{escape(name)} gained {gain} VP" if gain > 0 else f"{escape(name)} lost {-gain} VP" if gain
                    else f"{escape(name)} gained nothing" for gain, name in added]
            lines.append(f"In the final scoring {_join(told)}.")
    return lines


def final_totals(moves: Iterable[Logged]) -> dict[str, int]:
    """Each player's final score as the final scoring logged it (its "final_score" events), by player name."""
    return {event.player: int(event.data["total"]) for move in moves if not move.undone for event in move.events
            if event.kind == "final_score" and event.player is not None and "total" in event.data}


def highlights_text(moves: Sequence[Logged], vp_before: Mapping[str, int]) -> str:
    """The final post's highlights section ("**Highlights**" and bulleted sentences), or "" when there are none.
    `vp_before`: each player's VP before the final scoring (the state's VP), by player name."""
    lines = highlight_lines(moves, final_totals(moves), vp_before)
    return "\n".join(["**Highlights**", *(f"• {line}" for line in lines)]) if lines else ""
