"""The public engine API: `new_game`, `legal_actions`, `apply`, `parse_action`, `player_view`.

The engine is pure: `apply` never changes its input state; it returns a new state and the events caused.
A state's legal actions are remembered by `_LegalActionsMemo`, owned by this module alone (nothing is stored on
the state); `forget_legal_actions(state)` drops them after a state was changed in place (tests do that).
"""

from __future__ import annotations

import dataclasses
import re
import weakref
from typing import Any

from engine.core import rng
from engine.core.actions import Action, Event, GameOver, MalformedAction, NotPossibleNow, NotYourTurn
from engine.gah import abilities, effects, hooks, solo  # noqa: F401  (abilities, effects: register behaviours)
from engine.gah.cards import emperor_tiles, guests, politics, staff
from engine.gah.config import GameConfig
from engine.gah.context import Ctx
from engine.gah.decisions import AUTO_KINDS
from engine.gah.decisions.registry import decisions_of
from engine.gah.flow import STEPS, assign_tiles, turn_order
from engine.gah.mechanics import claim_politics, draw_guest
from engine.gah.payloads import DraftData, PrepareRoomsData, SetupGuestData
from engine.gah.state import Frame, GameState, PlayerState

hooks.load_plug_ins()  # the modules' behaviours and decisions, before any game exists


class _LegalActionsMemo:
    """The legal actions of recently seen states, owned by this module alone.

    States are treated as immutable (`apply` returns a new one), so a state's legal actions never change; the
    memo is keyed by the state object itself (through a weak reference, so a state that is gone leaves no
    entry and a reused `id` cannot match) and never copied with the state (`GameState.copy` copies fields).
    `legal_actions` fills it; `apply` reads it to check the action. Code that changes a state in place after
    asking for its legal actions (tests) calls `forget_legal_actions` afterwards.
    """

    def __init__(self) -> None:
        self._entries: dict[int, tuple[weakref.ref[GameState], list[Action]]] = {}

    def get(self, state: GameState) -> list[Action] | None:
        entry = self._entries.get(id(state))
        if entry is None or entry[0]() is not state:
            return None
        return entry[1]

    def put(self, state: GameState, actions: list[Action]) -> None:
        key = id(state)
        entries = self._entries
        entries[key] = (weakref.ref(state, lambda _ref: entries.pop(key, None)), actions)

    def forget(self, state: GameState) -> None:
        self._entries.pop(id(state), None)


_MEMO = _LegalActionsMemo()


def forget_legal_actions(state: GameState) -> None:
    """Drop the remembered legal actions of `state`: call it after changing a state in place."""
    _MEMO.forget(state)

VERBS = frozenset({
    "pass", "end", "guest", "die", "serve", "checkin", "use", "take", "emperor", "imitate", "room", "stop",
    "play", "bottom", "put", "done", "item", "fill", "skip", "occupy", "action", "ignore", "suffer", "lose",
    "return", "remove", "discard", "copy", "draft", "bid", "raise", "draw", "retreat", "swap",
})
"""First words that read as an action even when not offered now (`parse_action` then says "not possible right
now" instead of "not an action I know"). A verb missing here still reads as an action while it is offered, so a
new decision works without an entry."""


def new_game(config: GameConfig) -> GameState:
    """Set up a game (rulebook 2015 "Setup" and "Preparations").

    Random start player; guest and staff decks shuffled; one politics card and one Emperor tile from each
    of piles A, B, C; 6 staff per player; 5 display guests. The first decisions are the setup guest picks
    (reverse turn order), then each player's up-to-3 starting rooms (turn order).

    Raises:
        ValueError: an option is invalid (see `GameConfig.validate`).
    """
    config.validate()
    state = GameState(config=config, rng=rng.seed_state(config.seed))
    state.players = [PlayerState(name=name) for name in config.players]
    count = len(state.players)
    state.rng, state.start_player = rng.below(state.rng, count)
    if config.hotel_sides == "individual":
        sides = ["A", "B", "C", "D"]
        state.rng = rng.shuffle(state.rng, sides)
        for player, side in zip(state.players, sides, strict=False):
            player.side = side
    state.guest_deck = sorted(guests())
    state.rng = rng.shuffle(state.rng, state.guest_deck)
    excluded = {17} if config.exclude_kitchen_hand else set()
    starter: dict[int, list[int]] = {}
    if config.staff_start == "introductory":
        for offset in range(count):
            letter = "ABCD"[offset]
            starter[(state.start_player + offset) % count] = sorted(
                card.id for card in staff().values() if card.introductory_set == letter)
        excluded |= {card for cards in starter.values() for card in cards}
    state.staff_deck = sorted(card for card in staff() if card not in excluded)
    state.rng = rng.shuffle(state.rng, state.staff_deck)
    for pile in "ABC":
        cards = sorted(card.id for card in politics().values() if card.pile == pile and _in_play(config, card.variant))
        state.rng, pick = rng.below(state.rng, len(cards))
        state.politics.append(cards[pick])
        tiles = sorted(tile.id for tile in emperor_tiles().values()
                       if tile.pile == pile and (tile.variant is None or config.has(tile.variant)))
        state.rng, pick = rng.below(state.rng, len(tiles))
        state.emperor_tiles.append(tiles[pick])
    state.politics_claims = [[], [], []]
    ctx = Ctx(state)
    state.hooks.setup.run(ctx)  # the plug-ins' own pieces (engine.gah.hooks)
    if config.solo is not None:  # solo "Dinner for One": Leopold's seat and piles, the human's setup (engine.gah.solo)
        solo.setup(ctx)
        _resolve(ctx)
        return ctx.state
    frames: list[tuple[str, int, dict[str, Any]]] = []
    if config.staff_start == "introductory":
        for index, player in enumerate(state.players):
            player.hand = list(starter[index])
    elif config.staff_start == "draft":
        hands = [[state.staff_deck.pop() for _ in range(6)] for _ in state.players]
        frames.append(DraftData(hands, [False] * count).frame(0))
    else:
        for player in state.players:
            player.hand = [state.staff_deck.pop() for _ in range(6)]
    state.display = [draw_guest(ctx) for _ in range(5)]
    assign_tiles(state)
    order = turn_order(state)
    state.hooks.start_money.run(state, order)
    frames += state.hooks.setup_frames.collect(state)
    frames += [SetupGuestData().frame(i) for i in reversed(order)]
    frames += [PrepareRoomsData.setup().frame(i) for i in order]
    frames.append(("auto:start_round", 0, {}))
    ctx.push_all(frames)
    _resolve(ctx)
    return ctx.state


def _in_play(config: GameConfig, variant: str | None) -> bool:
    """Whether politics cards of `variant` are used: the printed ones always, herlius's with `extra_politics`, the
    Let's Waltz module-5 ones with that module."""
    if variant is None:
        return True
    return config.extra_politics if variant == "herlius" else config.has(variant)


def legal_actions(state: GameState, player: str | None = None) -> list[Action]:
    """Every legal answer to the pending decision, and nothing else; [] once the game is over.

    Args:
        player: whose answers to list (default: `state.current_player`). Only matters while several players
            choose at the same time (the staff draft, see `GameState.waiting`); for anyone not in
            `state.waiting` the list is empty.

    Raises:
        KeyError: `player` is not a player of this game.
        DecisionNotInGame: the pending frame's kind belongs to a Let's Waltz module the game did not choose (a
            stored state from elsewhere; `engine.gah.decisions.registry.decisions_of`).
    """
    if player is not None and player != state.current_player:
        index = state.player_index(player)
        if player not in state.waiting:
            return []
        top = state.pending[-1]
        return decisions_of(state.config.modules)[top.kind].options(state, Frame(top.kind, index, top.data))
    cached = _MEMO.get(state)
    if cached is not None:
        return list(cached)
    if not state.pending:
        result: list[Action] = []
    else:
        top = state.pending[-1]
        result = decisions_of(state.config.modules)[top.kind].options(state, top)
    _MEMO.put(state, result)
    return list(result)


def apply(state: GameState, action: Action, player: str | None = None) -> tuple[GameState, list[Event]]:
    """Carry out `action`; returns the new state and the events it caused. `state` itself is never changed.

    Args:
        state: the state to act on.
        action: one of `legal_actions(state)`.
        player: if given, the name of who is acting; it must be the player the pending decision belongs to.

    Raises:
        GameOver: the game is over.
        NotYourTurn: `player` is given and is not one of the players who must answer now (`state.waiting`).
        NotPossibleNow: `action` is not one of `legal_actions(state)` (for `player`).
    """
    _check_turn(state, player)
    if player is None or player == state.current_player:
        legal = _MEMO.get(state)
        if legal is None:
            legal = legal_actions(state)
    else:
        legal = legal_actions(state, player)
    if action not in legal:
        raise NotPossibleNow(f"\"{action}\" is not possible right now.")
    copy = state.copy()
    ctx = Ctx(copy)
    top = copy.pending[-1]
    actor = copy.player_index(player) if player is not None else top.player
    decision = decisions_of(copy.config.modules)[top.kind]
    decision.answer(ctx, Frame(top.kind, actor, top.data) if actor != top.player else top, action)
    _resolve(ctx)
    copy.steps += 1
    return copy, ctx.events


def _check_turn(state: GameState, player: str | None) -> None:
    """Raise `GameOver` once the game is over, `NotYourTurn` if `player` is given but not asked to answer now."""
    if state.is_over:
        raise GameOver("The game is over; no more moves can be made.")
    if player is not None and player not in state.waiting:
        if player not in [seat.name for seat in state.players]:
            raise NotYourTurn(f"{player} is not playing in this game.")
        if state.solo is not None and player == state.players[state.solo.seat].name:
            raise NotYourTurn(f"{player} plays by instruction cards; nobody answers for the solo opponent.")
        raise NotYourTurn(f"It is {' and '.join(state.waiting)}'s move, not {player}'s.")


def _resolve(ctx: Ctx) -> None:
    """Carry out automatic steps and forced answers until a player has a real choice (or the game is over).

    Politics cards are claimed whenever the player on turn meets a condition (Yucata: automatic).
    """
    state = ctx.state
    decisions = decisions_of(state.config.modules)  # this game's kinds: a module's only with that module
    while state.pending:
        top = state.pending[-1]
        if top.kind.startswith("auto:"):
            state.pending.pop()
            STEPS[top.kind](ctx, top)
            continue
        options = decisions[top.kind].options(state, top)
        if not options:
            state.pending.pop()
            continue
        if len(options) == 1 and options[0].kind in AUTO_KINDS:
            decisions[top.kind].answer(ctx, top, options[0])
            continue
        if state.turn is not None and state.phase == "play":
            before = len(ctx.events)
            claim_politics(ctx, state.turn.player)
            if len(ctx.events) != before:
                continue  # a claim may change the options (money is not spent by claims, but stay safe)
        break


def _normalize(text: str) -> str:
    return re.sub(r"\s+", " ", text.strip().lower())


def parse_action(state: GameState, text: str, player: str | None = None) -> Action:
    """The legal action whose text is `text` (case and spacing do not matter), for `player` (default: current).

    Raises:
        MalformedAction: `text` does not read as an action at all.
        GameOver: the game is over.
        NotYourTurn: `player` is given and is not one of the players who must answer now (as `apply`).
        NotPossibleNow: `text` reads as an action, but it is not legal now.
    """
    wanted = _normalize(text)
    verb = wanted.split(" ")[0]
    if not wanted or (verb not in VERBS and verb not in _offered_verbs(state, player)):
        raise MalformedAction(f"\"{text.strip()[:60]}\" is not an action I know. Pick one of the offered choices.")
    _check_turn(state, player)
    for action in legal_actions(state, player):
        if _normalize(action.text) == wanted:
            return action
    raise NotPossibleNow(f"\"{text.strip()[:60]}\" is not possible right now.")


def _offered_verbs(state: GameState, player: str | None) -> set[str]:
    """First words of the texts of the legal actions (none for a player not asked to answer or not in the game)."""
    if player is not None and player not in state.waiting:
        return set()
    return {_normalize(action.text).split(" ")[0] for action in legal_actions(state, player)}


def player_view(state: GameState, player: str | None) -> GameState:
    """What `player` may know: other hands, both decks' order, other players' drawn cards, the RNG and the game's
    seed hidden (with the seed and the moves, the engine would deal every hidden card again).

    Hidden cards are replaced by 0 (an id no card has), keeping counts visible. The staff cards a player put on
    the bottom of the deck stay visible, in place, to that player only. `player=None` gives the public view
    (every hand hidden).

    Raises:
        KeyError: no player of that name.
    """
    viewer = None if player is None else state.player_index(player)
    view = state.copy()
    known = set(view.players[viewer].deck_known) if viewer is not None else set()
    for index, seat in enumerate(view.players):
        if index != viewer:
            seat.hand = [0] * len(seat.hand)
            seat.deck_known = [0] * len(seat.deck_known)
    view.staff_deck = [card if card in known else 0 for card in view.staff_deck]
    view.guest_deck = [0] * len(view.guest_deck)
    view.rng = 0
    view.config = dataclasses.replace(view.config, seed=0)
    view.pending = [_hide_frame(frame, viewer) for frame in view.pending]
    solo.hide_private(view)
    state.hooks.hide_in_view.run(view, viewer)
    return view


def _hide_frame(frame: Frame, viewer: int | None) -> Frame:
    if frame.player != viewer and "cards" in frame.data:
        data = dict(frame.data)
        data["cards"] = [0] * len(data["cards"])
        return Frame(frame.kind, frame.player, data)
    if "hands" in frame.data:  # the draft: only the viewer's own hand is visible
        data = dict(frame.data)
        data["hands"] = [hand if seat == viewer else [0] * len(hand) for seat, hand in enumerate(data["hands"])]
        return Frame(frame.kind, frame.player, data)
    return frame
