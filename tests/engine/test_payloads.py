"""Typed decision payloads and the behaviour registry's trigger points (issue 13, items 1 and 2).

Payloads must give exactly the frame dicts states always held (stored games load and replay unchanged), every
decision kind has one with a prompt, and a new behaviour at a trigger point is one row plus one handler."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine import GameConfig, apply, legal_actions, new_game
from engine.gah import behaviours as registry
from engine.gah.abilities import STAFF_MANAGER
from engine.gah.behaviours import BEHAVIOURS, CARD, ON_GAIN_VP, Gained, Row, behaviour
from engine.gah.context import Ctx
from engine.gah.decisions import DECISIONS
from engine.gah.mechanics import gain_vp
from engine.gah.payloads import PAYLOADS, STAFF_MANAGER_LABEL, PlayStaffData, PrepareRoomsData, payload_of
from engine.gah.state import Frame, GameState
from tests.engine.scenario import play, turn

TABLE_GUEST = 75  # the Baroness: 5 VP, orders 2 wine and 2 coffee


def test_every_decision_kind_has_a_payload_with_a_prompt_and_every_payload_a_decision() -> None:
    assert set(PAYLOADS) == set(DECISIONS)
    for kind, payload_class in PAYLOADS.items():
        assert kind == payload_class.KIND
        assert payload_class.PROMPT.endswith((".", "?"))


@pytest.mark.parametrize("options", [
    {"seed": 3}, {"seed": 4, "staff_start": "draft"}, {"seed": 5, "edition": "2015"},
    {"seed": 6, "solo": "leopold"},
])
def test_payloads_give_back_exactly_the_frame_data_of_played_games(options: dict[str, Any]) -> None:
    """Every decision frame of random games reads into its payload and back to the same dict (same JSON)."""
    players = ["ann"] if options.get("solo") else ["ann", "bob", "cy"]
    chooser = random.Random(options["seed"])
    state = new_game(GameConfig(players=players, **options))
    kinds: set[str] = set()
    while not state.is_over:
        for frame in state.pending:
            if frame.kind in PAYLOADS:
                kinds.add(frame.kind)
                assert payload_of(frame).to_data() == frame.data, frame
        state, _ = apply(state, chooser.choice(legal_actions(state)))
    assert {"turn", "prepare_rooms", "place_items"} <= kinds


def test_staff_manager_hire_is_a_typed_field_stored_as_its_old_label() -> None:
    """Staff Manager (staff 22): the hire after action 3 is known by `card`, and frames stored by older versions
    (source label only) read back with the same `card`."""
    hire = PlayStaffData.staff_manager_hire(STAFF_MANAGER)
    kind, _, data = hire.frame(0)
    assert data == {"count": 1, "discount": 0, "free": False, "source": STAFF_MANAGER_LABEL}
    assert PlayStaffData.of(Frame(kind, 0, data)).card == STAFF_MANAGER
    assert PlayStaffData.of(Frame(kind, 0, {"count": 1, "discount": 5, "free": False, "source": "action 5"})).card == 0


def test_staff_manager_hire_before_the_first_room_uses_the_typed_fields() -> None:
    """Staff Manager (staff 22), retail text: the hire may come before the rooms of action 3; then the later hire
    is gone."""
    state = turn(dice=[0, 0, 2, 0, 0, 0], money=10, rooms="1-1:P", hand=["Chef"], played=["Staff Manager"])
    state, _ = play(state, "die 3")
    top = state.pending[-1]
    assert top.kind == "prepare_rooms" and PrepareRoomsData.of(top).staff_manager
    state, _ = play(state, "play Chef")
    assert not any(f.kind == "play_staff" and PlayStaffData.of(f).card for f in state.pending)
    rooms = [f for f in state.pending if f.kind == "prepare_rooms"]
    assert len(rooms) == 1 and not PrepareRoomsData.of(rooms[0]).staff_manager  # hiring only once
    assert "staff_manager" not in rooms[0].data


def test_prepare_rooms_payload_keeps_the_json_of_older_states() -> None:
    assert PrepareRoomsData.setup().to_data() == {"discounts": [0, 0, 0], "free": False, "max_floor": 4,
                                                  "occupy": False, "source": "setup"}
    loaded = GameState.from_json(new_game(GameConfig(players=["ann", "bob"], seed=2)).to_json())
    assert loaded.pending[-1].kind == "setup_guest"


def test_a_behaviour_at_on_gain_vp_is_one_row_and_one_handler(monkeypatch: pytest.MonkeyPatch) -> None:
    """The module docstring's Let's Waltz sketch, "each time you get at least 1 VP, get 2 more": one handler
    registered at ON_GAIN_VP and one row among the player's holdings (here given to the played Chef)."""
    celebrity: Row = {"effect": "vp_bonus_on_vp", "amount": 2}

    @behaviour("vp_bonus_on_vp", ON_GAIN_VP)
    def _bonus(ctx: Ctx, index: int, row: Row, event: Gained) -> None:
        if event.amount >= 1:
            gain_vp(ctx, index, row["amount"], "staff", triggers=False)

    original = registry._holdings
    monkeypatch.setattr(registry, "_holdings",
                        lambda played: original(played) + ([celebrity] if 21 in played else []))
    registry._active_rows.cache_clear()
    try:
        state = turn(dice=[0, 0, 0, 0, 0, 0], rooms="1-1:P", played=["Chef"],
                     cafe=[(TABLE_GUEST, [0, 0, 2, 2])])
        before = state.players[0].vp_sources.get("staff", 0)
        state, events = play(state, "checkin table 1 to room 1-1")
        assert state.players[0].vp_sources["guests"] == 5
        bonuses = [e for e in events if e.kind == "vp" and e.data["source"] == "staff"]
        assert [e.data["amount"] for e in bonuses] == [2]  # after the guest's 5 VP, not after its own 2
        assert state.players[0].vp_sources["staff"] == before + 2
    finally:
        del BEHAVIOURS[CARD, "vp_bonus_on_vp"]
        registry._active_rows.cache_clear()
