"""The game's highlights in words, for the final post (issue 42 item 4): the biggest scoring turns, who claimed each
politics card, each Emperor scoring and what the final scoring added. Pure: computed from the game's logged events.

Games whose events have none of these kinds (Overbooking) get no highlights.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from bot.games.gah.event_facts import politics_text
from bot.games.gah.words_names import card_of, joined
from bot.games.gah.words_phrases import escape
from render.core.i18n import Translator, translator
from render.core.plural import count as counted

BIGGEST_TURNS = 3
"""How many of the biggest scoring turns are named."""

PHASE_EVENTS = {"turn": "turn", "emperor_scoring": "emperor", "round": "round", "game_over": "end"}
"""Event kinds that begin a new part of the game (its VP is counted apart), and what that part is."""


class Logged(Protocol):
    """What the highlights need of a logged move (`bot.host.service.Move` has it)."""

    @property
    def undone(self) -> bool: ...

    @property
    def events(self) -> Sequence[Any]: ...  # engine.Event: .kind, .player, .text, .data


@dataclass
class _Phase:
    """A part of the game between two phase events: a player's turn, an Emperor scoring, a round's start."""

    round: int | None
    player: str | None
    vp: dict[str, int] = field(default_factory=dict)
    rewards: dict[str, list[str]] = field(default_factory=dict)
    penalties: dict[str, list[str]] = field(default_factory=dict)


@dataclass
class _Tally:
    """What the highlights count, event by event in the game's order."""

    round: int | None = None
    phases: list[_Phase] = field(default_factory=lambda: [_Phase(None, None)])
    parts: dict[str, list[_Phase]] = field(default_factory=dict)
    """The phases by what part of the game they are (the values of `PHASE_EVENTS`), each in the game's order."""
    claims: list[tuple[str, str, int | None, object]] = field(default_factory=list)
    """The politics cards claimed: (player, card text, round, card number)."""
    totals: dict[str, int] = field(default_factory=dict)
    """Each player's final score as the final scoring logged it, by player name."""


def _begin(part: str) -> Callable[[_Tally, Any], None]:
    def begin(tally: _Tally, event: Any) -> None:
        phase = _Phase(tally.round, event.player)
        tally.phases.append(phase)
        tally.parts.setdefault(part, []).append(phase)
    return begin


def _begin_round(tally: _Tally, event: Any) -> None:
    tally.round = event.data.get("round", tally.round)
    _begin(PHASE_EVENTS["round"])(tally, event)


def _add_vp(tally: _Tally, event: Any) -> None:
    phase = tally.phases[-1]
    phase.vp[event.player] = phase.vp.get(event.player, 0) + int(event.data.get("amount", 0))


def _add_reward(tally: _Tally, event: Any) -> None:
    tally.phases[-1].rewards.setdefault(event.player, []).append(str(event.data.get("tile", "?")))


def _add_penalty(tally: _Tally, event: Any) -> None:
    tally.phases[-1].penalties.setdefault(event.player, []).append(str(event.data.get("tile", "?")))


def _add_claim(tally: _Tally, event: Any) -> None:
    tally.claims.append((event.player, politics_text(event), tally.round, event.data.get("card")))


def _add_total(tally: _Tally, event: Any) -> None:
    if "total" in event.data:
        tally.totals[event.player] = int(event.data["total"])


def _of_a_player(count: Callable[[_Tally, Any], None]) -> Callable[[_Tally, Any], None]:
    """`count`, for the events of a player only (an event of nobody's adds nothing)."""
    def counted(tally: _Tally, event: Any) -> None:
        if event.player is not None:
            count(tally, event)
    return counted


TALLIES: dict[str, Callable[[_Tally, Any], None]] = {
    **{kind: _begin(part) for kind, part in PHASE_EVENTS.items()},
    "round": _begin_round,
    "vp": _of_a_player(_add_vp),
    "emperor_reward": _of_a_player(_add_reward),
    "emperor_penalty": _of_a_player(_add_penalty),
    "politics": _of_a_player(_add_claim),
    "final_score": _of_a_player(_add_total),
}
"""What each event kind the highlights count adds to the tally, by event kind (any other kind adds nothing).
A phase event begins a new phase even without a player; the others count a player's events only."""


def _tally(moves: Iterable[Logged]) -> _Tally:
    """The tally of the game's moves that stand (undone moves count for nothing)."""
    tally = _Tally()
    for move in moves:
        if move.undone:
            continue
        for event in move.events:
            count = TALLIES.get(event.kind)
            if count is not None:
                count(tally, event)
    return tally


def _vp(_: Translator, amount: int) -> str:
    return counted(amount, "VP", language=_.language)


def _turn(_: Translator, player: str, vp: int, round_number: int | None) -> str:
    if round_number is None:
        return _("{player} with {vp}", player=player, vp=_vp(_, vp))
    return _("{player} with {vp} in round {round}", player=player, vp=_vp(_, vp), round=round_number)


def _claim(_: Translator, player: str, card: str, round_number: int | None) -> str:
    if not card:
        return (_("{player} claimed a politics card in round {round}.", player=player, round=round_number)
                if round_number is not None else _("{player} claimed a politics card.", player=player))
    if round_number is None:
        return _("{player} claimed the politics card \"{card}\".", player=player, card=card)
    return _("{player} claimed the politics card \"{card}\" in round {round}.", player=player, card=card,
             round=round_number)


def highlight_lines(moves: Iterable[Logged], final_totals: Mapping[str, int] | None = None,
                    vp_before: Mapping[str, int] | None = None, *, language: str = "en") -> list[str]:
    """The highlights as plain sentences (without markdown bullets; names escaped for Discord):

    - the `BIGGEST_TURNS` turns that scored most VP (VP of the player on turn in their own turn);
    - each politics card claimed: by whom and in which round;
    - each Emperor scoring: each player's VP, rewards and penalties (by Emperor tile);
    - what the final scoring gave each player (`final_totals` minus `vp_before`, both by player name).

    An empty list when the moves hold none of these."""
    _ = translator(language)
    _join = functools.partial(joined, _)
    tally = _tally(moves)
    lines: list[str] = []
    turns = sorted(((phase.vp.get(phase.player, 0), -order, phase)
                    for order, phase in enumerate(tally.parts.get("turn", []))
                    if phase.player is not None and phase.vp.get(phase.player, 0) > 0),
                   key=lambda item: (item[0], item[1]), reverse=True)[:BIGGEST_TURNS]
    if turns:
        told = [_turn(_, escape(phase.player or ""), vp, phase.round) for vp, _order, phase in turns]
        lines.append(_("The biggest scoring turns: {turns}.", turns=_join(told)))
    for player, card, round_number, number in tally.claims:
        shown = card_of(_, "politics", number, card) if card else ""
        lines.append(_claim(_, escape(player), shown, round_number))
    for phase in tally.parts.get("emperor", []):
        players = sorted(dict.fromkeys([*phase.vp, *phase.rewards, *phase.penalties]),
                         key=lambda name: -phase.vp.get(name, 0))
        parts = []
        for player in players:
            vp = phase.vp.get(player, 0)
            got = ([_("gained {vp}", vp=_vp(_, vp))] if vp > 0 else [_("lost {vp}", vp=_vp(_, -vp))] if vp < 0
                   else [])
            got += [_("received the reward of tile {tile}", tile=tile) for tile in phase.rewards.get(player, [])]
            got += [_("suffered the penalty of tile {tile}", tile=tile) for tile in phase.penalties.get(player, [])]
            parts.append(f"{escape(player)} {_join(got)}")
        if phase.round is not None:
            lines.append(_("Emperor scoring after round {round}: {parts}.", round=phase.round, parts="; ".join(parts))
                         if parts else _("Emperor scoring after round {round}: nobody gained or lost anything.",
                                         round=phase.round))
        else:
            lines.append(_("Emperor scoring: {parts}.", parts="; ".join(parts)) if parts
                         else _("Emperor scoring: nobody gained or lost anything."))
    if final_totals and vp_before:
        added = [(total - vp_before[name], name) for name, total in final_totals.items() if name in vp_before]
        added.sort(key=lambda item: (-item[0], item[1]))
        if added:
            told = [_("{player} gained {vp}", player=escape(name), vp=_vp(_, gain)) if gain > 0
                    else _("{player} lost {vp}", player=escape(name), vp=_vp(_, -gain)) if gain
                    else _("{player} gained nothing", player=escape(name)) for gain, name in added]
            lines.append(_("In the final scoring {players}.", players=_join(told)))
    return lines


def final_totals(moves: Iterable[Logged]) -> dict[str, int]:
    """Each player's final score as the final scoring logged it (its "final_score" events), by player name."""
    return _tally(moves).totals


def highlights_text(moves: Sequence[Logged], vp_before: Mapping[str, int], *, language: str = "en") -> str:
    """The final post's highlights section ("**Highlights**" and bulleted sentences) in `language`, or "" when
    there are none. `vp_before`: each player's VP before the final scoring (the state's VP), by player name."""
    lines = highlight_lines(moves, final_totals(moves), vp_before, language=language)
    _ = translator(language)
    heading = "**" + _("Highlights") + "**"
    return "\n".join([heading, *(f"• {line}" for line in lines)]) if lines else ""
