"""Issue 52 items 1 and 9: one select answers a step-by-step decision as far as it can really go. Over seeded games
played through the game service (`bot.games.gah.several.play_several` with the panel's plans, as the controller plays a
select): the set-up's select offers the three free ground-floor rooms together and one click prepares them, in
whatever order they were chosen; a guest who ordered two of an item gets both from one select; several finished
guests are checked in with one select; and a select never takes more than can be played together."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bot.games.gah.panel import build_panel
from bot.games.gah.panel_several import SEVERAL, most_together
from bot.games.gah.several import play_several
from bot.host.service import GameInfo, GameService
from engine import GameState, legal_actions
from engine.gah.ai import policy
from engine.gah.payloads import PLACE_ITEMS, PREPARE_ROOMS, TURN
from engine.gah.state import PREPARED
from tests.bot.helpers import BOB, HOST, started

pytestmark = pytest.mark.sqlite_only  # the rule is the bot's, not the storage's


def user_of(state: GameState) -> int:
    return HOST if state.current_index == 0 else BOB


def several_row(state: GameState, name: str) -> tuple[list[int], int, dict[int, tuple[str, ...]], list[str]]:
    """The panel's select of several steps: its option indices, its most, the panel's plans, and the step each
    option plays (its last text)."""
    actions = legal_actions(state, name)
    panel = build_panel(state, actions)
    row = next((r for r in panel.rows if r.most), None)
    if row is None:
        return [], 0, dict(panel.plans), []
    indices = [c.index for c in row.choices]
    steps = [actions[i].text if i < len(actions) else panel.plans[i][-1] for i in indices]
    return indices, row.most, dict(panel.plans), steps


@pytest.mark.parametrize("seed", range(1, 9))
async def test_the_setup_prepares_three_free_ground_floor_rooms_with_one_select(service: GameService,
                                                                                 seed: int) -> None:
    game = (await started(service, humans=2, seed=seed, channel=700 + seed)).game
    chooser = policy("random", seed)
    prepared = 0
    while game.state is not None and game.state.round == 0:
        state = game.state
        name = state.current_player
        assert name is not None
        if state.pending[-1].kind != PREPARE_ROOMS:
            result = await service.act(game.id, user_of(state), chooser.choose(state).text, game.version)
            game = result.game
            continue
        indices, most, plans, steps = several_row(state, name)
        assert most == 3, (most, steps)  # on main: a single "Room 1-1" button, then a select of up to 2
        wanted = [indices[steps.index(f"room 1-{column}")] for column in (3, 2, 1)]  # not in the order of play
        money = next(p.money for p in state.players if p.name == name)
        played = await play_several(service, game.id, user_of(state), name, state, game.version, wanted, plans)
        assert played is not None
        assert [m.action for m in played.moves[:3]] == ["room 1-1", "room 1-2", "room 1-3"]
        after = played.game.state
        assert after is not None
        me = next(p for p in after.players if p.name == name)
        assert me.rooms[:3] == [PREPARED] * 3 and me.money == money
        prepared += 1
        game = played.game
    assert prepared == 2


Seen = tuple[GameState, str, list[int], int, dict[int, tuple[str, ...]], list[str]]
"""A state whose panel has a select of several steps: the state, the player, the select's option indices, its
most, the panel's plans, and the step each option plays."""


async def play_seeing_several(service: GameService, game: GameInfo, seed: int,
                              answer: Callable[[Seen], list[int]] | None = None, moves: int = 400,
                              everything: list[Seen] | None = None) -> list[Seen]:
    """Play a greedy game through the service; at each state whose panel has a select of several steps (its
    `most` checked against the engine first), `answer` may choose options of it, played with `play_several` as
    the controller does (their moves checked; `everything` gets the states where all chosen were played), else
    the greedy AI moves. Returns the states seen."""
    everything = everything if everything is not None else []
    chooser = policy("greedy", seed)
    found: list[Seen] = []
    for _ in range(moves):
        state = game.state
        if game.status != "active" or state is None or state.current_player is None:
            break
        name = state.current_player
        indices, most, plans, steps = several_row(state, name)
        chosen: list[int] = []
        if most:
            several = SEVERAL.get(state.pending[-1].kind)
            left = several.left(state.pending[-1].data) if several is not None else len(indices)
            assert most <= left
            if several is not None:
                assert most == most_together(state, several, left)
            seen = (state, name, indices, most, plans, steps)
            found.append(seen)
            chosen = answer(seen) if answer is not None else []
        if chosen:
            played = await play_several(service, game.id, user_of(state), name, state, game.version, chosen, plans)
            assert played is not None
            texts = [steps[indices.index(i)] for i in chosen]
            moves = [m.action for m in played.moves if m.actor == f"user:{user_of(state)}"]
            after = played.game.state
            assert moves[:1] == texts[:1], (moves, texts)
            assert moves[:len(texts)] == texts or (after is not None and not after.deciding(state.pending[-1].kind)), \
                (moves, texts)  # all chosen, unless a follow-up (a guest's reward) came in between
            if moves[:len(texts)] == texts:
                everything.append(seen)
            game = played.game
            continue
        game = (await service.act(game.id, user_of(state), chooser.choose(state).text, game.version)).game
    return found


def twice_for_one_guest(seen: Seen) -> list[int]:
    """Two options putting the same item on the same guest, if the select has them."""
    state, _, indices, _, _, steps = seen
    if state.pending[-1].kind != PLACE_ITEMS:
        return []
    return next(([i for i, t in zip(indices, steps, strict=True) if t == text][:2]
                 for text in steps if steps.count(text) > 1), [])


def two_guests_checked_in(seen: Seen) -> list[int]:
    """Two check-ins of different guests into different rooms ("checkin <table> <room>"), if the select has them."""
    state, _, indices, _, _, steps = seen
    if not state.deciding(TURN):
        return []
    for a, first in zip(indices, steps, strict=True):
        for b, second in zip(indices, steps, strict=True):
            if first.split()[2] != second.split()[2] and first.split()[-1] != second.split()[-1]:
                return [a, b]
    return []


async def test_one_select_puts_an_item_twice_on_one_guest_and_checks_in_two_guests(service: GameService) -> None:
    def answer(seen: Seen) -> list[int]:
        return twice_for_one_guest(seen) or two_guests_checked_in(seen)

    whole: list[Seen] = []
    for seed in range(1, 21):
        game = (await started(service, humans=2, seed=seed, channel=800 + seed)).game
        await play_seeing_several(service, game, seed, answer, everything=whole)
        kinds = [seen[0].pending[-1].kind for seen in whole]
        if kinds.count(PLACE_ITEMS) >= 2 and kinds.count(TURN) >= 2:
            break
    kinds = [seen[0].pending[-1].kind for seen in whole]
    assert kinds.count(PLACE_ITEMS) >= 2 and kinds.count(TURN) >= 2, kinds  # on main: each option once, no
    # select of check-ins
