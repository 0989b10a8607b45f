"""The staff draft through the service: several users answer at once, in any order (issue 8, issue 4)."""

from __future__ import annotations

import pytest

from bot.host.service import GameService, NothingToUndo, NotYourTurn, StaleVersion, choices_fingerprint
from engine import legal_actions
from tests.bot.helpers import BOB, CY, HOST, started


async def test_draft_users_pick_in_any_order_and_a_picked_user_waits(service: GameService) -> None:
    result = await started(service, humans=3, staff_start="draft")
    game = result.game
    assert game.state is not None and game.state.waiting == ["Ann", "Bob", "Cy"]
    # the last seat picks first: allowed, although the engine's "current" seat is the first one
    pick = legal_actions(game.state, "Cy")[0].text
    result = await service.act(game.id, CY, pick, game.version)
    game = result.game
    assert game.state is not None and game.state.waiting == ["Ann", "Bob"]
    with pytest.raises(NotYourTurn):
        await service.act(game.id, CY, legal_actions(game.state, "Ann")[0].text, game.version)
    for user, name in ((BOB, "Bob"), (HOST, "Ann")):
        assert game.state is not None
        result = await service.act(game.id, user, legal_actions(game.state, name)[0].text, game.version)
        game = result.game
    assert game.state is not None and game.state.waiting == ["Ann", "Bob", "Cy"]
    assert [len(p.hand) for p in game.state.players] == [1, 1, 1]


async def test_a_draft_panel_drawn_before_another_players_pick_still_counts(service: GameService) -> None:
    game = (await started(service, humans=3, staff_start="draft")).game
    assert game.state is not None
    drawn_at = game.version
    bob_choices = choices_fingerprint(game.state, "Bob")  # Bob's panel, drawn before anyone picked
    bob_pick = legal_actions(game.state, "Bob")[1].text
    game = (await service.act(game.id, CY, legal_actions(game.state, "Cy")[0].text, game.version)).game
    game = (await service.act(game.id, HOST, legal_actions(game.state, "Ann")[0].text, game.version)).game
    assert game.version == drawn_at + 2

    with pytest.raises(StaleVersion):  # without the fingerprint only the exact version counts
        await service.act(game.id, BOB, bob_pick, drawn_at)
    with pytest.raises(StaleVersion):  # a fingerprint of other choices
        await service.act(game.id, BOB, bob_pick, drawn_at, choices="0000000000")
    result = await service.act(game.id, BOB, bob_pick, drawn_at, choices=bob_choices)
    [move] = result.moves
    assert (move.name, move.action) == ("Bob", bob_pick)
    assert result.game.state is not None and result.game.state.waiting == ["Ann", "Bob", "Cy"]  # the next round

    # the hands have passed on: the old panel's choices are gone, so it is out of date now
    with pytest.raises(StaleVersion):
        await service.act(game.id, BOB, bob_pick, drawn_at, choices=bob_choices)


async def test_a_panel_is_stale_after_the_users_own_move_even_with_equal_choices(service: GameService) -> None:
    game = (await started(service, humans=3, staff_start="draft")).game
    assert game.state is not None
    drawn_at = game.version
    game = (await service.act(game.id, CY, legal_actions(game.state, "Cy")[0].text, game.version)).game
    game = (await service.act(game.id, BOB, legal_actions(game.state, "Bob")[0].text, game.version)).game
    game = (await service.act(game.id, HOST, legal_actions(game.state, "Ann")[0].text, game.version)).game
    assert game.state is not None
    # a click on Cy's first panel, claiming today's choices: Cy's own pick came in between, so it is refused
    with pytest.raises(StaleVersion):
        await service.act(game.id, CY, legal_actions(game.state, "Cy")[0].text, drawn_at,
                          choices=choices_fingerprint(game.state, "Cy"))
    before = await service.game(game.id)
    assert before.version == game.version


async def test_a_draft_panel_is_stale_after_a_seat_changed_hands(service: GameService) -> None:
    game = (await started(service, humans=3, staff_start="draft")).game
    assert game.state is not None
    drawn_at = game.version
    bob_choices = choices_fingerprint(game.state, "Bob")
    bob_pick = legal_actions(game.state, "Bob")[0].text
    await service.hand_to_ai(game.id, HOST, position=2, level="random")  # Cy's seat: the AI picks at once
    assert (await service.game(game.id)).version > drawn_at
    with pytest.raises(StaleVersion):
        await service.act(game.id, BOB, bob_pick, drawn_at, choices=bob_choices)



async def test_undo_and_replay_after_a_later_seat_picked_first_in_the_draft(service: GameService) -> None:
    """Issue 15, item 4: draft picks are simultaneous, so the log holds a later seat's pick while the engine's
    "current" seat is an earlier one; replay (behind `check_replay` and `undo`) must apply each logged move for
    its logged seat."""
    game = (await started(service, humans=3, staff_start="draft")).game
    users = {"Ann": HOST, "Bob": BOB, "Cy": CY}
    while game.state is not None and len(game.state.waiting) > 1:  # every draft round: the last seat first
        name = game.state.waiting[-1]
        game = (await service.act(game.id, users[name], legal_actions(game.state, name)[0].text, game.version)).game
    for _ in range(40):  # the first normal turn: act until something can be taken back
        assert game.state is not None and game.current_user is not None
        before = game.state
        game = (await service.act(game.id, game.current_user, legal_actions(game.state)[0].text, game.version)).game
        try:
            preview = await service.preview_undo(game.id, game.current_user or 0)
        except NothingToUndo:
            continue
        assert preview.actions == (legal_actions(before)[0].text,)
        result = await service.undo(game.id, game.current_user or 0, game.version)
        assert result.game.state is not None and result.game.state.to_json() == before.to_json()
        break
    else:
        raise AssertionError("no undoable action in 40 moves")
    check = await service.check_replay(game.id)
    assert check.ok, check.detail
