"""Issue 52 item 5: the panel's "Since your last turn" line (`bot.games.gah.since_last_turn.since_line`), over whole
seeded
games of 2-4 players and solo games: at the start of each turn it names every die and guest the others took since
the player's previous turn, with who took it; it is empty before the player's first turn and when nobody else moved;
hostile names are escaped."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from bot.games.gah.since_last_turn import LIMIT, TITLE, since_line
from engine import Event, GameConfig, apply, new_game
from engine.gah.ai import policy
from engine.gah.cards import guests


@dataclass(frozen=True)
class Logged:
    events: tuple[Event, ...]
    undone: bool = False


def turn_starts(config: GameConfig, seed: int) -> list[tuple[list[Logged], str]]:
    """(the log so far, the player) at the start of every turn of one random game."""
    seats = [policy("random", seed * 31 + k) for k in range(len(config.players))]
    state = new_game(config)
    log: list[Logged] = []
    found = []
    while not state.is_over:
        index = state.current_index
        assert index is not None
        chooser = seats[index % len(seats)]
        state, events = apply(state, chooser.choose(state))
        log.append(Logged(tuple(events)))
        for event in events:
            if event.kind == "turn" and event.player in config.players:
                found.append((list(log), str(event.player)))
    return found


def others_since(log: list[Logged], name: str) -> list[Event] | None:
    events = [event for move in log for event in move.events]
    ends = [k for k, event in enumerate(events) if event.player == name and event.kind in ("end_turn", "pass")]
    return events[ends[-1] + 1:] if ends else None


@pytest.mark.parametrize("seed", range(1, 41))
def test_the_line_names_every_die_and_guest_the_others_took(seed: int) -> None:
    names = ["ann", "bob", "cy", "dee"][:2 + seed % 3]  # 2, 3 and 4 players in turn
    checked = 0
    for log, name in turn_starts(GameConfig(players=names, seed=seed), seed):
        line = since_line(log, name)
        since = others_since(log, name)
        if since is None:
            assert line == "", line
            continue
        others = [event for event in since if event.player not in (None, name)]
        if not others:
            assert line == "", line
            continue
        assert line.startswith(TITLE) and len(line) <= LIMIT, line
        if len(line) == LIMIT:
            continue  # shortened: what is named is checked elsewhere
        for event in others:
            if event.kind == "die" and 1 <= event.data["space"] <= 6:
                assert f"{event.player} took" in line and f"space {event.data['space']}" in line, (event.text, line)
            if event.kind == "guest":
                assert guests()[event.data["guest"]].name in line, (event.text, line)
        checked += 1
    assert checked > 10


@pytest.mark.parametrize("seed", range(1, 41))
def test_solo_tells_the_opponents_turns_and_the_emperor_scoring(seed: int) -> None:
    found = turn_starts(GameConfig(players=["ann"], seed=seed, solo="leopold"), seed)
    lines = [since_line(log, "ann") for log, name in found if name == "ann"]
    assert sum("Leopold took" in line for line in lines) >= 6
    scorings = [line for line in lines if "Emperor scoring after round" in line]
    assert len(scorings) >= 2 and all("ann" in line.partition("Emperor scoring")[2] for line in scorings)


@pytest.mark.parametrize("seed", range(1, 11))
def test_names_are_escaped(seed: int) -> None:
    config = GameConfig(players=["ann", "**B**_<@1>"], seed=seed)
    lines = [since_line(log, "ann") for log, name in turn_starts(config, seed) if name == "ann"]
    told = [line for line in lines if "took" in line]
    assert told and all("**B**_<@1>" not in line and "\\*\\*B\\*\\*" in line for line in told)
