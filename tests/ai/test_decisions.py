"""Every kind of decision the engine can ask gets a legal answer from every AI level (issue 7).

Rare follow-ups (Emperor penalties, the Secretary, the Porter...) hardly show up in a few games, so each kind is
put on top of a real mid-game state here, with the holdings it needs, and every level must answer it. Every effect
the data files carry out at once (a guest's reward, a staff card's effect, an Emperor tile) is also run on that
state, and whatever it asks must be answered too: a new card effect with a choice is covered without an entry here.
"""

from __future__ import annotations

import functools
import random
from typing import Any

import pytest

from engine import GameConfig, GameState, apply, legal_actions, new_game
from engine.gah.ai import LEVELS
from engine.gah.behaviours import run_row
from engine.gah.context import Ctx
from engine.gah.datacheck import _rows, raw_data
from engine.gah.decisions import DECISIONS
from engine.gah.game import _resolve, forget_legal_actions
from engine.gah.options_spec import WALTZ_MODULES
from engine.gah.state import EMPTY, OCCUPIED, PREPARED, CafeTable, Frame
from tests.ai.test_policies import make_policy

FRAMES: dict[str, dict[str, Any]] = {
    "split_dishes": {"strength": 3},
    "split_drinks": {"strength": 4},
    "split_emperor": {"strength": 3},
    "imitate": {"strength": 3},
    "prepare_rooms": {"discounts": [0, 0], "free": False, "max_floor": 4, "occupy": False, "source": "test"},
    "play_staff": {"count": 1, "discount": 2, "free": False, "source": "test"},
    "draw_play": {"cards": "deck:3", "discount": 3, "free": False, "source": "test"},
    "return_cards": {"cards": "deck:2"},
    "place_items": {"items": [1, 1, 1, 1]},
    "serve": {"left": 2},
    "choose_items": {"count": 1, "source": "test"},
    "fill_order": {"source": "test"},
    "free_guest": {"count": 1, "source": "test"},
    "occupy_rooms": {"count": 1, "source": "test"},
    "extra_action": {"source": "test"},
    "conference": {"row": {"effect": "vp", "amount": -8}, "source": "test"},
    "penalty_choice": {"row": {"effect": "lose_krones_or_vp", "amount": 3, "vp": 5}, "source": "test"},
    "return_hand": {"count": 2, "source": "test"},
    "remove_vacant": {"count": 1, "source": "test"},
    "remove_occupied": {"left": 2, "below_floor": 5, "column": None, "source": "test"},
    "discard_game_end": {"source": "test"},
    "secretary": {},
    "key_action": {},  # Let's Waltz (issue 17)
    "return_item": {"count": 1, "source": "test"},
    "optional_draw": {"count": 1, "source": "test"},
    "paid_guest": {"source": "test"},
    "swap_items": {"given": [0, 0, 0, 0], "left": 4, "phase": "give"},
}
"""Frame data per follow-up kind; "deck:n" takes n cards from the top of the staff deck."""

STARTING_KINDS = {"setup_guest", "turn", "draft", "solo_staff", "auction", "dustbin_die", "choose_entrance",
                  "couture_item"}
"""Kinds met at the start of a game or every turn: played from real games below; the Let's Waltz entrance auction
and the dustbin die (only coloured dice left at a reroll) in tests/ai/test_waltz_ai.py; the solo entrance choice
and Hautel Couture's item (module 3 in solo) in tests/ai/test_solo_hotels_ai.py."""


SETUP_ONLY_EFFECTS = {"couture_setup", "stars_setup", "cogwheel_rooms"}
"""Effects of a solo hotel's entrance (Let's Waltz module 3) that lay out that hotel at the start of a solo game:
they cannot run in a mid-game multiplayer state and are answered in tests/ai/test_solo_hotels_ai.py."""


@functools.cache
def _mid_game_state() -> GameState:
    """A 3-player game in round 3 on ann's turn, ann holding rooms, a café guest, staff in hand and in play. The
    game chose every Let's Waltz module: only such a game knows their decision kinds (a base game refuses a frame of
    one, `engine.gah.decisions.registry.decisions_of`), and their Emperor tiles' rows ask them."""
    chooser = random.Random(4)
    state = new_game(GameConfig(players=["ann", "bob", "cy"], seed=4,
                                modules=frozenset(module.name for module in WALTZ_MODULES)))
    while not (state.round == 3 and state.pending[-1].kind == "turn" and state.current_index == 0):
        state, _ = apply(state, chooser.choice(legal_actions(state)))
    state = state.copy()
    forget_legal_actions(state)
    ann, bob = state.players[0], state.players[1]
    wanted = {29, 31, 27}  # Secretary and Chambermaid for ann, Booking Manager for bob
    for player in state.players:
        player.hand = [c for c in player.hand if c not in wanted]
        player.played = [c for c in player.played if c not in wanted]
    state.staff_deck = [c for c in state.staff_deck if c not in wanted]
    state.staff_discard = [c for c in state.staff_discard if c not in wanted]
    ann.played += [29, 31]
    bob.played.append(27)
    while len(ann.hand) < 3:
        ann.hand.append(state.staff_deck.pop())
    ann.money = 12
    ann.kitchen = [2, 2, 2, 2]
    ann.rooms = [EMPTY] * 20
    for space in (0, 1):
        ann.rooms[space] = OCCUPIED
    for space in (2, 3, 5):
        ann.rooms[space] = PREPARED
    guest = next(g for g in state.display if g is not None)
    state.display = [None if g == guest else g for g in state.display]
    ann.cafe = [CafeTable(guest, [0, 0, 0, 0]), CafeTable(), CafeTable()]
    return state


def _with_frame(kind: str) -> GameState:
    state = _mid_game_state().copy()
    data: dict[str, Any] = {}
    for key, value in FRAMES[kind].items():
        if isinstance(value, str) and value.startswith("deck:"):
            value = [state.staff_deck.pop() for _ in range(int(value[5:]))]
        data[key] = value
    state.pending.append(Frame(kind, 0, data))
    return state


@functools.cache
def _effect_rows() -> dict[str, dict[str, Any]]:
    """The first data row of every effect name carried out at once, by name (all the data files)."""
    rows: dict[str, dict[str, Any]] = {}
    for _where, _space, placement, row in _rows(raw_data()):
        if placement == "now" and row["effect"] not in SETUP_ONLY_EFFECTS:
            rows.setdefault(row["effect"], row)
    return rows


def _after_effect(effect: str) -> GameState:
    """The mid-game state once ann has carried out the effect's row and every automatic step after it."""
    ctx = Ctx(_mid_game_state().copy())
    run_row(ctx, 0, _effect_rows()[effect], "test")
    _resolve(ctx)
    return ctx.state


@functools.cache
def _asking_effects() -> dict[str, str]:
    """Effect name -> the decision kind its row leaves on top of the stack, for the effects that ask something."""
    asking = {}
    for effect in _effect_rows():
        top = _after_effect(effect).pending[-1]
        if top.kind != "turn":
            asking[effect] = top.kind
    return asking


def test_the_setup_only_effects_are_still_in_the_data() -> None:
    placed = {row["effect"] for _where, _space, placement, row in _rows(raw_data()) if placement == "now"}
    assert placed >= SETUP_ONLY_EFFECTS


def test_every_decision_kind_is_covered_here() -> None:
    assert set(DECISIONS) <= set(FRAMES) | STARTING_KINDS | set(_asking_effects().values())


def test_effects_with_a_choice_are_found() -> None:
    """The effect-driven test below really sees the choices: a guest's free item, a Porter-like room, a penalty."""
    asking = _asking_effects()
    assert asking["any_items"] == "choose_items"
    assert asking["occupy_rooms"] == "occupy_rooms"
    assert asking["remove_occupied_rooms"] == "remove_occupied"
    assert "krones" not in asking  # a plain reward asks nothing


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("effect", sorted(_asking_effects()))
def test_every_effect_with_a_choice_gets_a_legal_answer(level: str, effect: str) -> None:
    state = _after_effect(effect)
    actions = legal_actions(state)
    assert actions, f"{effect} asks {state.pending[-1].kind} but offers no answer"
    action = make_policy(level, 3).choose(state)
    assert action in actions
    apply(state, action)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("kind", sorted(FRAMES))
def test_follow_up_decisions_get_a_legal_answer(level: str, kind: str) -> None:
    state = _with_frame(kind)
    actions = legal_actions(state)
    assert actions, f"the test state offers no answer to {kind}"
    policy = make_policy(level, 1)
    action = policy.choose(state)
    assert action in actions
    apply(state, action)  # the engine accepts it


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("options", [
    {"players": ["ann", "bob", "cy"]},
    {"players": ["ann", "bob", "cy"], "staff_start": "draft"},
    {"players": ["ann"], "solo": "leopold"},
], ids=["setup", "draft", "solo-setup"])
def test_setup_decisions_get_a_legal_answer(level: str, options: dict[str, Any]) -> None:
    state = new_game(GameConfig(seed=8, **options))
    seen = set()
    while state.round == 0 and not state.is_over:
        seen.add(state.pending[-1].kind)
        action = make_policy(level, 2).choose(state)
        assert action in legal_actions(state)
        state, _ = apply(state, action)
    assert "setup_guest" in seen


@pytest.mark.parametrize("level", LEVELS)
def test_draft_picks_for_any_waiting_player(level: str) -> None:
    """During the staff draft everyone picks at once: a policy answers for any player in `state.waiting`."""
    state = new_game(GameConfig(players=["ann", "bob", "cy"], seed=12, staff_start="draft"))
    assert state.pending[-1].kind == "draft"
    picks = 0
    while state.pending[-1].kind == "draft":
        name = state.waiting[-1]  # the last waiting player, usually not `current_player`
        action = make_policy(level, 4).choose(state, name)
        assert action in legal_actions(state, name)
        state, _ = apply(state, action, player=name)
        picks += 1
    assert picks == 18
    assert all(len(player.hand) == 6 for player in state.players)
