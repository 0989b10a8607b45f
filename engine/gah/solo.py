"""Solo play "Dinner for One" against Leopold (issue 9): setup, Leopold's turns, his scoring special cases.

Sources (quoted by the tests in tests/engine/test_solo.py):

- [PA] shared/reference/rules/gah-lets-waltz-and-solo-player-aid.txt, the "Dinner for One" part: difficulty,
  setup, the instruction card's three sections, "End of Round", "Final Scoring", "Rules Summary", "Staff Card
  Clarifications". With Let's Waltz module 2 the opponent is Elisabeth with her own deck (engine/gah/data/
  elisabeth.json, converted the same way): she takes coloured dice and gains by their colour (`take_die`);
  module 5 (objectives and Emperor tiles) changes nothing; modules 3 and 4 are not offered solo. The seat is
  named after the opponent (`GameConfig.opponent_name`); `OPPONENT_NAME` is Leopold's.
- [DATA] shared/reference/gah-raw/brdgm_grand-austria-hotel-solo-helper__solo_cards.json (BRDGM solo helper,
  `src/services/Cards.ts`), converted to `engine/gah/data/leopold.json`; compact listing and the "Solo setup facts"
  in shared/reference/gah-data.md section 9h.

How the engine plays him:

- Leopold is a seat in `GameState.players` (named "Leopold", after the human) but never answers a decision:
  his turn is the automatic step "auto:solo_turn", which `engine.gah.flow.next_turn` pushes instead of the "turn"
  decision, so `GameState.current_player` is always the human or None. His card piles live in
  `GameState.solo` (`engine.gah.state.SoloState`); his revealed staff cards are his seat's `played` list.
- Setup [PA "Setup"]: a normal 2-player game, so 10 dice (the text says nothing else about dice). Leopold is
  the start player (tile 1/4); the 2-player tiles pass every round (`engine.gah.flow.assign_tiles`), which is the
  swap of [PA "End of Round"]. He plays the night side (`"standard"`: every board's night side is the same),
  has no money and an empty kitchen, takes no starting guest and prepares no rooms. Before the human's staff
  cards are drawn, every staff card with the skeleton-key-through-clipboard symbol (the game-end cards) is
  taken out of the deck and shuffled; 5 of them become his face-down private deck and the rest are shuffled back
  into the deck. The human draws 10 and returns 4 to the bottom one at a time (decision "solo_staff": each
  returned card goes below the ones returned before, so the last one returned is the bottom card).
- A turn [PA "Top Section" / "Middle Section" / "Bottom Section"]: draw the top instruction card (the deck is
  reshuffled from the played cards when it runs out, with the state's generator), then at the chosen difficulty
  (easy ignores silver- and gold-bordered symbols, medium ignores gold) take the guests, the die, and the extra
  actions, each logged with the reason.
- Guests: each guest symbol in card order (the source lists the left-most symbol first). Only guests who can
  still move into his hotel are candidates (an empty space of their colour; any empty space for green) —
  interpretation of "If, in the very rare case, every guest in the queue has a colour whose rooms ... are all
  occupied, your opponent does not take a guest". Among them: the depicted colour with the most VP; if all
  rooms of that colour are occupied, or no guest of that colour is in the queue, or the symbol shows any colour,
  the guest with the most VP. He scores the printed VP, places an occupied room at once (coloured guests: the
  first matching space from the left on the lowest floor with one; green guests: the lowest empty space of
  the rightmost column with one), scores a VP badge on that space, gets no reward, no occupancy bonus, pays
  nothing. The card goes to the discard pile, then the queue refills as in the base game: the guests left of
  the gap slide right and a new guest fills position 1 (`engine.gah.mechanics.remove_from_display`).
- Die: the depicted value; of two depicted values the one with more dice on the action board; with a question
  mark, or when no depicted value has a die, the space with the most dice. He takes it onto his tile without
  carrying out the action.
- Extra actions: Emperor steps (steps beyond 13 score 1 VP each, as for everyone); reveal the top card of his
  private deck (nothing happens if it is empty); objective countdown on a politics card: no marker -> "III",
  "III" -> "II", "II" -> "I", and on reaching "I" he claims the card at once on the highest free VP space
  (15/10/5), so a card takes three objective symbols. A question mark, or a card he already claimed, means the
  card with the least progress (none < III < II) of those he has not claimed; if he claimed all three,
  nothing happens. He never claims a politics card by its condition.
- Ties, "the hand symbol at the bottom of the card": a hand pointing left resolves ties left to right (the
  left-most tied option: display position 1 before 5, action space 1 before 6, politics card A before C); a
  hand pointing right resolves them right to left.
- Emperor scoring [PA "End of Round"]: he scores VP and retreats but gets no reward and no penalty (hook in
  `engine.gah.flow.emperor_scoring`).
- Final scoring [PA "Final Scoring", "Staff Card Clarifications"]: occupied rooms by floor and his face-up
  staff through the normal scoring; his money, kitchen and café are always empty, so those parts are 0. The
  four special cases need no extra code: the Assistant Manager counts `played` (his face-up cards only), the
  Receptionist counts room tiles (he only has occupied rooms, never empty spaces), the Marketing Director
  counts claims (countdown markers are not claims), and his Secretary copies the human's game-end card that
  scores him the most VP (step "auto:solo_secretary", ties: the lower card id), scoring nothing if the human
  has none. The human's own Secretary may copy Leopold's face-up cards as from any opponent. The human wins
  only with strictly more VP: ties go to Leopold (hook in `engine.gah.scoring._ranked`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources

from engine.core import rng
from engine.core.actions import Action
from engine.gah.cards import guests, hotel_rules, space_name, staff
from engine.gah.config import GameConfig
from engine.gah.context import Ctx
from engine.gah.decisions import decision
from engine.gah.flow import assign_tiles, step
from engine.gah.hotel import layout
from engine.gah.mechanics import advance_emperor, draw_guest, gain_vp
from engine.gah.payloads import SOLO_STAFF, PrepareRoomsData, SetupGuestData, SoloStaffData
from engine.gah.scoring import secretary_choices, staff_points
from engine.gah.solo_objectives import advance_objective, by_hand, reveal_staff
from engine.gah.solo_reasons import Reason
from engine.gah.state import EMPTY, OCCUPIED, Frame, GameState, PlayerState, SoloState

OPPONENT_NAME = "Leopold"
LEVELS: dict[str, int] = {"easy": 1, "medium": 2, "hard": 3}
"""Difficulty -> level; a symbol applies when its border's level is at most this."""
BORDER_LEVELS: dict[str, int] = {"plain": 1, "silver": 2, "gold": 3}
"""Easy ignores silver and gold borders, medium ignores gold, hard applies every symbol [PA "Difficulty"]."""
PRIVATE_STAFF = 5
"""Game-end staff cards in Leopold's private deck [PA "Setup"]."""
HUMAN_DRAW, HUMAN_RETURN = 10, 4
"""The human draws 10 staff cards and returns 4 to the bottom of the deck [PA "Setup"]."""


@dataclass(frozen=True)
class GuestSymbol:
    """Top section: a guest colour ("red", "blue", "yellow", "green" or "any") and the symbol's border."""

    color: str
    border: str


@dataclass(frozen=True)
class ExtraAction:
    """Bottom section: "emperor" (`steps`), "staff" or "objective" (`card` A/B/C or "any"), and the border."""

    action: str
    border: str
    steps: int = 0
    card: str = ""


@dataclass(frozen=True)
class InstructionCard:
    """One of Leopold's 20 instruction cards (engine/gah/data/leopold.json).

    Attributes:
        dice: the depicted die values; empty for the question mark.
        hand: the tie-breaker hand, "left" or "right".
    """

    id: int
    guests: tuple[GuestSymbol, ...]
    dice: tuple[int, ...]
    actions: tuple[ExtraAction, ...]
    hand: str
    colour_max: bool = False
    """Elisabeth's coloured-die symbol: the die matching the lounge celebrity with the most VP (module 2)."""


@cache
def instruction_cards(deck: str = "leopold") -> dict[int, InstructionCard]:
    """Instruction cards by id: Leopold's (193-212, default) or Elisabeth's (`deck="elisabeth"`, 213-232)."""
    result = {}
    data = json.loads(resources.files("engine.gah").joinpath("data", f"{deck}.json").read_text(encoding="utf-8"))
    for row in data["cards"]:
        result[row["id"]] = InstructionCard(
            row["id"],
            tuple(GuestSymbol(g["color"], g["border"]) for g in row["guests"]),
            () if row["dice"] in ("any", "colour-max") else tuple(row["dice"]),
            tuple(ExtraAction(a["action"], a["border"], a.get("steps", 0), a.get("card", "")) for a in row["actions"]),
            row["hand"],
            row["dice"] == "colour-max",
        )
    return result


def deck_name(config: GameConfig) -> str:
    """Which instruction deck a solo game uses: Elisabeth's with module 2, else Leopold's [PA "Module-Specific
    Changes"]."""
    return "elisabeth" if config.has("celebrities") else "leopold"


def deck_cards(config: GameConfig) -> dict[int, InstructionCard]:
    """The instruction cards of this game's opponent."""
    return instruction_cards(deck_name(config))


def applies(border: str, difficulty: str) -> bool:
    """Whether a symbol with this border counts at this difficulty [PA "Difficulty"]."""
    return BORDER_LEVELS[border] <= LEVELS[difficulty]


# ----- setup ---------------------------------------------------------------------------------------------


def setup(ctx: Ctx) -> None:
    """Solo setup after the shared part of `engine.gah.game.new_game` (decks shuffled, politics and tiles drawn).

    Adds Leopold's seat (start player, night side, no money, empty kitchen), his private staff deck and his
    shuffled instruction deck; then the human's 10 staff cards (keep 6), the display, the starting guest and
    rooms (human only).
    """
    state = ctx.state
    human = 0
    name = state.config.opponent_name
    state.players.append(PlayerState(name=name, money=0, kitchen=[0, 0, 0, 0], side="standard"))
    seat = len(state.players) - 1
    state.start_player = seat
    state.solo = SoloState(seat=seat)
    game_end = [card for card in state.staff_deck if staff()[card].kind == "game_end"]
    state.rng = rng.shuffle(state.rng, game_end)
    state.solo.staff = game_end[:PRIVATE_STAFF]
    state.staff_deck = [card for card in state.staff_deck if card not in state.solo.staff]
    state.rng = rng.shuffle(state.rng, state.staff_deck)
    deck = sorted(deck_cards(state.config))
    state.rng = rng.shuffle(state.rng, deck)
    state.solo.deck = deck
    drawn = [state.staff_deck.pop() for _ in range(HUMAN_DRAW)]
    choose = state.hooks.solo_setup.first(ctx, seat)  # module 3: the opponent's own entrance, before the queue is dealt
    state.display = [draw_guest(ctx) for _ in range(5)]
    assign_tiles(state)
    pronoun = state.config.opponent_pronoun()
    ctx.log("solo", None, f"Solo game against {name} ({state.config.solo_difficulty}): {pronoun} moves first, "
            f"never passes, and keeps {PRIVATE_STAFF} game-end staff cards face down.",
            difficulty=state.config.solo_difficulty)
    ctx.push_all([
        SoloStaffData(drawn, HUMAN_RETURN).frame(human),
        *([] if choose is None else [(choose.kind, choose.player, choose.data)]),
        SetupGuestData().frame(human),
        PrepareRoomsData.setup().frame(human),
        ("auto:start_round", 0, {}),
    ])


@decision(SOLO_STAFF)
class SoloStaff:
    """Solo setup: of 10 drawn staff cards, return 4 to the bottom of the deck one at a time; keep the other 6.

    Source: [PA "Setup"] "Draw 10 staff cards from the common deck, keep 6 for your hand, and return the other 4
    to the bottom of the deck in any order". Each returned card goes below those returned before it.
    """

    @staticmethod
    def options(state: GameState, frame: Frame) -> list[Action]:
        return [Action("bottom", (c,), f"bottom {staff()[c].name}") for c in SoloStaffData.of(frame).cards]

    @staticmethod
    def answer(ctx: Ctx, frame: Frame, action: Action) -> None:
        card, data = action.args[0], SoloStaffData.of(frame)
        data.cards.remove(card)
        data.left -= 1
        data.store(frame)
        ctx.state.staff_deck.insert(0, card)
        ctx.player(frame.player).deck_known.append(card)
        ctx.log("bottom", frame.player, "{name} puts a staff card on the bottom of the deck.")
        if data.left <= 0:
            ctx.state.pending.pop()
            ctx.player(frame.player).hand = list(data.cards)
            ctx.log("keep_staff", frame.player, f"{{name}} keeps {len(data.cards)} staff cards.", count=len(data.cards))


def hide_private(view: GameState) -> None:
    """`player_view`: hide the order of Leopold's instruction deck and his face-down staff deck (counts stay)."""
    if view.solo is not None:
        view.solo.deck = [0] * len(view.solo.deck)
        view.solo.staff = [0] * len(view.solo.staff)


# ----- Leopold's turn ------------------------------------------------------------------------------------


def draw_instruction(ctx: Ctx) -> InstructionCard:
    """Turn over the top instruction card; reshuffle the played cards into a new deck when it is empty."""
    solo = ctx.state.solo
    assert solo is not None
    if not solo.deck:
        solo.deck, solo.discard = solo.discard, []
        ctx.state.rng = rng.shuffle(ctx.state.rng, solo.deck)
        ctx.log("solo_reshuffle", solo.seat, "{name}'s instruction cards are shuffled into a new deck.")
    card_id = solo.deck.pop()
    solo.discard.append(card_id)
    return deck_cards(ctx.state.config)[card_id]


def describe(card: InstructionCard) -> str:
    """A one-line summary of an instruction card for the game log."""

    def mark(border: str) -> str:
        return "" if border == "plain" else f" ({border})"

    guest_part = ", ".join(f"{g.color}{mark(g.border)}" for g in card.guests)
    die_part = " or ".join(str(v) for v in card.dice) if card.dice else ("coloured" if card.colour_max else "?")
    extras = ", ".join(describe_extra(extra) + mark(extra.border) for extra in card.actions)
    return f"guests {guest_part}; die {die_part}; {extras}; hand points {card.hand}"


def describe_extra(extra: ExtraAction) -> str:
    """Name of an extra-action symbol for the log."""
    if extra.action == "emperor":
        return f"Emperor +{extra.steps}"
    if extra.action == "staff":
        return "staff card"
    return f"objective {'?' if extra.card == 'any' else extra.card}"


@step("auto:solo_turn")
def solo_turn(ctx: Ctx, frame: Frame) -> None:
    """Leopold's whole turn: draw an instruction card and carry out its three sections [PA]."""
    state, seat = ctx.state, frame.player
    turn = state.turn
    assert turn is not None and state.solo is not None
    difficulty = state.config.solo_difficulty
    card = draw_instruction(ctx)
    ctx.log("solo_card", seat, f"{{name}} turns over instruction card {card.id}: {describe(card)}.", card=card.id)
    for symbol in card.guests:
        if not applies(symbol.border, difficulty):
            ctx.log("solo_ignore", seat, f"{{name}} ignores the {symbol.border}-bordered {symbol.color} guest "
                    f"symbol ({difficulty}).", symbol={"action": "guest", "colour": symbol.color},
                    border=symbol.border, difficulty=difficulty)
            continue
        take_guest(ctx, seat, symbol.color, card.hand)
    if turn.no_dice or sum(state.dice) == 0:
        ctx.log("solo_no_die", seat, "No dice are left: {name} takes no die.")
    else:
        take_die(ctx, seat, card.dice, card.hand, card.colour_max)
    for extra in card.actions:
        label = describe_extra(extra)
        if not applies(extra.border, difficulty):
            ctx.log("solo_ignore", seat, f"{{name}} ignores the {extra.border}-bordered {label} symbol "
                    f"({difficulty}).", symbol={"action": extra.action, "steps": extra.steps, "card": extra.card},
                    border=extra.border, difficulty=difficulty)
            continue
        if extra.action == "emperor":
            with ctx.caused(f"instruction card {card.id}"):
                advance_emperor(ctx, seat, extra.steps)
        elif extra.action == "staff":
            reveal_staff(ctx, seat)
        else:
            advance_objective(ctx, seat, extra.card, card.hand)
            state.hooks.solo_objective_done.run(ctx, seat)  # Nine Stars Inn
    player = ctx.player(seat)
    if turn.number not in player.covered:
        player.covered.append(turn.number)
    state.turn = None
    ctx.log("end_turn", seat, "{name} ends the turn.")


# ----- guests --------------------------------------------------------------------------------------------


def free_spaces(player: PlayerState, color: str) -> list[int]:
    """Empty spaces a guest of `color` can move into: that colour's spaces, or any space for green."""
    colors = layout(player).colors
    return [s for s in range(20) if player.rooms[s] == EMPTY and (color == "green" or colors[s] == color)]


def room_for(player: PlayerState, color: str) -> int | None:
    """Where Leopold places a guest's occupied room [PA "Accommodating Guests"].

    Blue, red or yellow: the first matching space from the left on the lowest floor that has one. Green: the
    first empty space from the bottom in the rightmost column that has one. None if there is no such space.
    """
    spaces = free_spaces(player, color)
    if not spaces:
        return None
    if color == "green":
        return min(spaces, key=lambda s: (-(s % 5), s // 5))
    return min(spaces, key=lambda s: (s // 5, s % 5))


def choose_guest(state: GameState, seat: int, color: str, hand: str) -> tuple[int, Reason] | None:
    """The display position Leopold takes for a guest symbol of `color`, and why; None if no guest fits.

    Source: [PA "Top Section: Guests"]; see the module docstring for the interpretation.
    """
    player = state.players[seat]
    queue = [(pos, g) for pos, g in enumerate(state.display) if g is not None]
    movable = [(pos, g) for pos, g in queue if free_spaces(player, guests()[g].color)]
    if color == "any":
        pool, reason = movable, Reason("any colour")
    elif not free_spaces(player, color):
        his = state.config.opponent_pronoun("possessive")
        pool, reason = movable, Reason("rooms occupied", {"colour": color}, his=his)
    elif any(guests()[g].color == color for _, g in movable):
        pool, reason = [(p, g) for p, g in movable if guests()[g].color == color], Reason("colour", {"colour": color})
    else:
        pool, reason = movable, Reason("no colour", {"colour": color})
    if not pool:
        return None
    best = max(guests()[g].vp for _, g in pool)
    tied = [p for p, g in pool if guests()[g].vp == best]
    if len(tied) > 1:
        reason = reason.tied(hand)
    return by_hand(tied, hand), reason


def take_guest(ctx: Ctx, seat: int, color: str, hand: str) -> None:
    """Take a display guest for one guest symbol and accommodate them at once [PA "Accommodating Guests"]."""
    state = ctx.state
    choice = choose_guest(state, seat, color, hand)
    if choice is None:
        ctx.log("solo_no_guest", seat, f"No guest in the queue can move into {{name}}'s hotel ({color} symbol): "
                f"{state.config.opponent_pronoun()} takes no guest.")
        return
    position, reason = choice
    guest_id = state.display[position]
    assert guest_id is not None
    guest = guests()[guest_id]
    del state.display[position]
    state.display_taken = True
    ctx.log("solo_guest", seat, f"{{name}} takes {guest.name} ({guest.color}, {guest.vp} VP) from display "
            f"position {position + 1} ({reason.text}).", guest=guest_id, position=position, reason=reason.data)
    with ctx.caused(guest.name):
        gain_vp(ctx, seat, guest.vp, "guests")
    space = accommodate(ctx, seat, guest_id)
    state.guest_discard.append(guest_id)
    state.display.insert(0, draw_guest(ctx))
    state.hooks.queue_left.run(ctx, seat, guest_id, position)  # Sushi Resort: cogwheel guests
    state.hooks.solo_room_placed.run(ctx, seat, space)  # after the queue is refilled


def accommodate(ctx: Ctx, seat: int, guest_id: int) -> int:
    """Place an occupied room for the guest: no cost, no adjacency, no reward, no occupancy bonus; VP badges score.
    Returns the space (0-19)."""
    player = ctx.player(seat)
    guest = guests()[guest_id]
    space = room_for(player, guest.color)
    assert space is not None  # choose_guest only offers guests who can move in
    player.rooms[space] = OCCUPIED
    player.checked_in.append(guest_id)
    color = layout(player).colors[space]
    rule = Reason("rightmost column") if guest.color == "green" else Reason("lowest floor", {"colour": color})
    ctx.log("solo_room", seat, f"{{name}} places an occupied {color} room on {space_name(space)} for "
            f"{guest.name} ({rule.text}).", space=space, guest=guest_id, colour=color, reason=rule.data)
    badge = hotel_rules().vp_badges.get(space, 0)
    if badge:
        gain_vp(ctx, seat, badge, "room badges")
    return space


# ----- die -----------------------------------------------------------------------------------------------


def choose_die(dice: list[int], values: tuple[int, ...], hand: str) -> tuple[int, Reason] | None:
    """The action space (1-6) whose die Leopold takes, and why; None if no dice are left.

    Source: [PA "Middle Section: Die"].
    """
    present = [v for v in values if dice[v - 1] > 0]
    if len(values) == 1 and present:
        return present[0], Reason("depicted die")
    if present:
        most = max(dice[v - 1] for v in present)
        tied = sorted(v for v in present if dice[v - 1] == most)
        reason = Reason("more dice", {"spaces": list(values)})
    else:
        spaces = [s for s in range(1, 7) if dice[s - 1] > 0]
        if not spaces:
            return None
        most = max(dice[s - 1] for s in spaces)
        tied = [s for s in spaces if dice[s - 1] == most]
        reason = Reason("no die shown", {"spaces": list(values)}) if values else Reason("most dice")
    if len(tied) > 1:
        reason = reason.tied(hand)
    return by_hand(tied, hand), reason


def take_die(ctx: Ctx, seat: int, values: tuple[int, ...], hand: str, colour_max: bool = False) -> None:
    """Take a die onto the opponent's turn order tile without carrying out its action.

    Module 2 (Elisabeth) [PA "Module 2: Celebrities", "New Symbols"]: the coloured-die symbol (`colour_max`) means
    the die matching the lounge celebrity with the most VP (if no coloured die is on the board, the space with the
    most dice); what she does with a coloured die on the chosen space is Let's Waltz's, plugged in at the hook
    points `SOLO_COLOUR_DIE` and `SOLO_DIE_TAKEN` of `engine.gah.hooks`.
    """
    state = ctx.state
    coloured = state.hooks.solo_colour_die.first(state, hand) if colour_max else None
    if coloured is not None:  # the plug-in's reason is its English; its data is always this key
        space, said, reason = coloured[0], coloured[1], Reason("coloured die")
    else:
        picked = choose_die(state.dice, values, hand)
        assert picked is not None
        space, reason = picked
        said = reason.text
    assert state.turn is not None
    player = ctx.player(seat)
    state.dice[space - 1] -= 1
    player.dice_taken += 1
    player.covered.append(state.turn.number)
    state.turn.die_taken = True
    ctx.log("die", seat, f"{{name}} takes a die from space {space} ({said}) and does not carry out its action.",
            space=space, strength=0, boost=0, reason=reason.data, taken=True, carried_out=False)
    state.hooks.solo_die_taken.run(ctx, seat, space, hand)  # Toll Bridge Hotel, Elisabeth's coloured die


# ----- game end ------------------------------------------------------------------------------------------


def secretary_pick(state: GameState, seat: int) -> int | None:
    """The human's game-end staff card Leopold's Secretary copies: the most VP for his hotel, ties the lower id.

    Source: [PA "Staff Card Clarifications"] "#29 Secretary — your opponent chooses the staff card that scores
    her the most VP. If you have no staff with the skeleton-key-through-clipboard symbol, the Secretary scores
    nothing".
    """
    choices = secretary_choices(state, seat)
    if not choices:
        return None
    return max(choices, key=lambda c: (staff_points(state, seat, staff()[c].scoring or {}), -c))


@step("auto:solo_secretary")
def solo_secretary(ctx: Ctx, frame: Frame) -> None:
    """Leopold's Secretary chooses its copy at the game end (instead of the "secretary" decision)."""
    card = secretary_pick(ctx.state, frame.player)
    if card is None:
        return
    ctx.player(frame.player).secretary_copy = card
    points = staff_points(ctx.state, frame.player, staff()[card].scoring or {})
    ctx.log("secretary", frame.player, f"{{name}}'s Secretary copies the {staff()[card].name} "
            f"(the most VP for {ctx.state.config.opponent_pronoun('object')}: {points}).", card=card, points=points)
