"""The public Overbooking engine API: `new_game`, `legal_actions`, `apply`, `parse_action`, `player_view`.

Same shape as the Grand Austria Hotel engine (`engine.gah.game`): `apply` never changes its input state; it returns a
new state and the events caused. The rulebook is `shared/reference/rules/second-game-rulebook-pl.txt`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from engine.core import rng
from engine.core.actions import Action, Event, GameOver, MalformedAction, NotPossibleNow, NotYourTurn
from engine.overbooking import placement, resolve
from engine.overbooking.placement import DOOR, QUEUE, card_name, placement_problem
from engine.overbooking.state import (
    DECK_SIZE,
    HAND_SIZE,
    HIDDEN,
    ROUNDS,
    GameConfig,
    GameState,
    PlayerState,
    card_back,
)

EVENT_DATA: dict[str, frozenset[str]] = {
    "skip": frozenset({"player"}),
    "pass": frozenset({"player"}),
    "place": frozenset({"player", "slot", "side", "hotel", "card", "guest"}),
    "token": frozenset({"player", "slot", "hotel"}),
    "resolve": frozenset({"round"}),
    "reveal": frozenset({"slot", "hotel", "beds", "queue", "door"}),
    "ability": frozenset({"slot", "card", "outcome", "guest", "change", "free"}),
    "book": frozenset({"slot", "card", "guest", "need", "left"}),
    "no_room": frozenset({"slot", "card", "guest", "need", "free"}),
    "round": frozenset({"round", "news", "starts"}),
    "game_over": frozenset({"round"}),
}
"""The data keys every event of a kind carries (JSON-ready), so that its sentence can be said in any language without
the state (issue 55): "player" a name; "slot" a hotel's place (0 = top); "hotel" its face
(`placement.hotel_facts`: "key" and "name"); "side" "queue" or "door"; "card" a card id (a placed card: None while
face down); "guest" a card's facts (`resolve.card_facts`; a placed card: None while face down); "round" 1-4;
"beds" a hotel's printed beds, "queue" and "door" its card counts; "outcome" (`state.ABILITY_OUTCOMES`),
"change" of beds and, when it acted on a queue card, "target" what an ability did; "free" the hotel's free beds
(after an ability; when a group found no room); "need" a group's beds, "left" the free beds after it booked; "news"
"turned_over" or "new_hotels", "starts" the start player's name. Games stored before a key was kept lack it."""

SIDE_WORDS = {QUEUE: "queue", DOOR: "back door"}
VERBS = frozenset({"play", "skip", "pass", "maids", "nobles", "soldiers", "decline"})
ABILITY_TEXTS = {"maids": "maids replace queue card {n}", "nobles": "nobles book queue card {n} first",
                 "soldiers": "soldiers replace queue card {n}"}


def new_game(config: GameConfig) -> GameState:
    """Set up a game (rulebook "Przygotowanie do gry"): each player shuffles their own 24-card deck and draws 9;
    as many random hotels as players, a random side up; a point token at each back door; a random start player.

    Raises:
        ValueError: an option is invalid (see `GameConfig.validate`).
    """
    config.validate()
    state = GameState(config=config, rng=rng.seed_state(config.seed))
    state.token_supply = 20
    for seat, name in enumerate(config.players):
        deck = list(range(seat * DECK_SIZE, (seat + 1) * DECK_SIZE))
        state.rng = rng.shuffle(state.rng, deck)
        player = PlayerState(name=name, deck=deck)
        player.hand = [player.deck.pop() for _ in range(HAND_SIZE)]
        state.players.append(player)
    state.box_tiles = config.data.tiles()
    placement.deal_hotels(state)
    placement.lay_tokens(state)
    state.rng, state.start_player = rng.below(state.rng, len(state.players))
    state.turn = state.start_player
    return state


def legal_actions(state: GameState, player: str | None = None) -> list[Action]:
    """Every legal answer for `state.current_player`, and nothing else; [] once the game is over.

    `player`, if given, asks for that player's answers: [] unless it is their move (Overbooking has no
    simultaneous choices).

    Phase 1: "play <crest> <beds> to hotel <n> queue|back door" for each card in hand and each place it may go;
    "skip the fifth card" for the last player's fifth card; "pass (no card fits)" only when nothing fits.
    Phase 2: the waiting ability's targets ("nobles book queue card 2 first", ...) and "decline".
    """
    if state.is_over or (player is not None and player != state.current_player):
        return []
    if state.pending is not None:
        template = ABILITY_TEXTS[state.pending.ability]
        actions = [Action(state.pending.ability, (position,), template.format(n=position + 1))
                   for position in resolve.choices(state, state.pending)]
        return [*actions, Action("decline", (), f"decline the {state.pending.ability}' ability")]
    hand = state.players[state.turn].hand
    actions = []
    for card in sorted(hand):
        for slot in range(len(state.hotels)):
            for side in (QUEUE, DOOR):
                if placement_problem(state, card, slot, side) is None:
                    text = f"play {card_name(state, card)} to hotel {slot + 1} {SIDE_WORDS[side]}"
                    actions.append(Action("play", (card, slot, side), text))
    if placement.may_skip(state):
        actions.append(Action("skip", (), "skip the fifth card"))
    if not actions:
        actions.append(Action("pass", (), "pass (no card fits)"))
    return actions


def apply(state: GameState, action: Action, player: str | None = None) -> tuple[GameState, list[Event]]:
    """Carry out `action`; returns the new state and the events it caused. `state` itself is never changed.

    Raises:
        GameOver: the game is over.
        NotYourTurn: `player` is given and is not `state.current_player`.
        NotPossibleNow: `action` is not one of `legal_actions(state)`.
    """
    if state.is_over:
        raise GameOver("The game is over; no more moves can be made.")
    if player is not None and player != state.current_player:
        if player not in state.config.players:
            raise NotYourTurn(f"{player} is not playing in this game.")
        raise NotYourTurn(f"It is {state.current_player}'s move, not {player}'s.")
    if action not in legal_actions(state):
        raise NotPossibleNow(f"\"{action}\" is not possible right now.")
    new = state.copy()
    events = ANSWERS[action.kind](new, action)
    if new.phase == "place":
        if not placement.all_done(new):
            placement.finish_turn(new)
            return new, events
        events += start_bookings(new)
        return new, events
    events += _advance(new)
    return new, events


def _play(state: GameState, action: Action) -> list[Event]:
    card, slot, side = action.args
    return placement.place(state, card, slot, side)


def _done(why: str) -> Callable[[GameState, Action], list[Event]]:
    """The player places no more cards this round; the event says `why` after their name."""

    def done(state: GameState, action: Action) -> list[Event]:
        seat = state.players[state.turn]
        seat.done = True
        return [Event(action.kind, seat.name, f"{seat.name} {why}.", {"player": seat.name})]

    return done


def _decline(state: GameState, action: Action) -> list[Event]:
    return resolve.answer(state, None)


def _choose(state: GameState, action: Action) -> list[Event]:
    return resolve.answer(state, action.args[0])


ANSWERS: dict[str, Callable[[GameState, Action], list[Event]]] = {
    "play": _play,
    "skip": _done("skips the fifth card"),
    "pass": _done("cannot place any card and passes"),
    "decline": _decline,
    **dict.fromkeys(resolve.CHOICE_ABILITIES, _choose),
}
"""How each action kind is carried out on the copied state: (state, action) -> events. A back-door choice's kind
is its ability's name (`resolve.CHOICE_ABILITIES`); "decline" declines it."""


def start_bookings(state: GameState) -> list[Event]:
    """Begin phase 2 on `state` (changed in place) once phase 1 is over: resolve the hotels top to bottom until a
    back-door choice is needed, then phase 3 or the end (rulebook "Etap 2", p. 5)."""
    state.phase = "resolve"
    state.resolutions = []
    events = [Event("resolve", None, f"Round {state.round}: the hotels check their bookings.",
                    {"round": state.round})]
    events += resolve.start_hotel(state, 0)
    return events + _advance(state)


def _advance(state: GameState) -> list[Event]:
    """Run phase 2 until a back-door choice is needed, then phase 3 (or the end after round 4)."""
    events: list[Event] = []
    while True:
        events += resolve.run_abilities(state)
        if state.pending is not None:
            return events
        events += resolve.book(state)
        if state.resolving + 1 < len(state.hotels):
            events += resolve.start_hotel(state, state.resolving + 1)
            continue
        if state.round >= ROUNDS:
            state.phase = "over"
            events.append(Event("game_over", None, "The fourth round is over: final scoring.",
                                {"round": state.round}))
        else:
            events += placement.next_round(state)
        return events


def parse_action(state: GameState, text: str) -> Action:
    """The legal action whose text is `text` (case and extra spaces ignored).

    Raises:
        MalformedAction: the text does not read as any kind of action.
        GameOver: the game is over.
        NotPossibleNow: it reads as an action but is not legal now; the message says why where it can.
    """
    wanted = " ".join(text.lower().split())
    for action in legal_actions(state):
        if action.text == wanted:
            return action
    words = wanted.split()
    if not words or words[0] not in VERBS:
        raise MalformedAction(f"\"{text}\" is not an Overbooking move (moves start with play, skip, pass, "
                              "maids, nobles, soldiers or decline).")
    if state.is_over:
        raise GameOver("The game is over; no more moves can be made.")
    reason = _why_not_play(state, words) if words[0] == "play" else None
    raise NotPossibleNow(reason or f"\"{text}\" is not possible right now.")


def _why_not_play(state: GameState, words: list[str]) -> str | None:
    if state.pending is not None:
        return "Cards are placed only in phase 1; now a back-door ability waits for its owner."
    # "play bird 3 to hotel 2 queue" / "... back door"
    if len(words) < 7 or words[3:5] != ["to", "hotel"] or not words[2].isdigit() or not words[5].isdigit():
        return None
    crest, beds, slot = words[1], int(words[2]), int(words[5]) - 1
    side = QUEUE if words[6:] == ["queue"] else DOOR if words[6:] == ["back", "door"] else None
    if side is None:
        return None
    if not 0 <= slot < len(state.hotels):
        return f"There is no hotel {slot + 1}; this game has {len(state.hotels)}."
    hand = [c for c in state.players[state.turn].hand
            if state.card(c).crest == crest and state.card(c).beds == beds]
    if not hand:
        return f"You have no {crest} {beds} in your hand."
    return placement_problem(state, hand[0], slot, side)


def player_view(state: GameState, player: str | None) -> GameState:
    """What `player` may know: other hands and every deck hidden (`HIDDEN`), face-down cards of others at hotels not
    yet revealed shown by their back (`engine.overbooking.state.card_back`: the crest and its size, small 1-3 or
    large 4-6), the RNG hidden. `player=None` gives the public view. Counts stay visible.

    What a card's back shows is our reading of the rulebook ("Karty gości", "Uwaga": "Na odwrocie kart znajdują
    się herby w jednym z dwóch rozmiarów"; docs/rules-notes-overbooking.md). Whatever a player's legal moves depend
    on is in their view: `legal_actions(player_view(state, p)) == legal_actions(state)` for the player `p` on turn.

    Raises:
        KeyError: no player of that name.
    """
    viewer = None if player is None else state.player_index(player)
    view = state.copy()
    view.rng = 0
    view.config = dataclasses.replace(view.config, seed=0)  # with the seed the decks could be shuffled again
    for index, seat in enumerate(view.players):
        seat.deck = [HIDDEN] * len(seat.deck)
        if index != viewer:
            seat.hand = [HIDDEN] * len(seat.hand)
    crests = [crest.id for crest in state.config.data.crests]
    for hotel in view.hotels:
        if hotel.revealed:
            continue
        for placed in (*hotel.queue, *hotel.door):
            if not placed.face_up and placed.owner != viewer:
                guest = state.card(placed.card)
                placed.card = card_back(crests.index(guest.crest), guest.small)
    return view
