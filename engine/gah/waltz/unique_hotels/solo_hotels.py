"""Let's Waltz module 3 in the solo game: the opponent's own hotel entrance (I-IV) and the player's pick of three.

Source: [PA] shared/reference/rules/gah-lets-waltz-and-solo-player-aid.txt, "Module 3: Unique Hotels" under the
solo rules ("Leopold" there means Elisabeth too, "Combining Modules"). The entrances are data rows (ids 11-14 in
engine/gah/data/entrances.json, `"solo": true`); their set-up rows run NOW at set-up, their ongoing rows are behaviours
of the one registry (`engine.gah.behaviours`), fired for the opponent's seat at the solo triggers (ON_SOLO_DIE,
ON_SOLO_ROOM, ON_SOLO_OBJECTIVE, ON_TOKEN_GUEST, AT_ROUND_START, AT_EMPEROR_SCORING) and, when the human acts, at
the rival triggers (ON_RIVAL_TAKE_DIE, ON_RIVAL_OCCUPY_ROOM, ON_RIVAL_USE_SPACE, RIVAL_GUEST_FEE,
RIVAL_SPACE_TOLL). Their pieces live in `UniqueHotelState.solo_hotel` (`SoloHotelState` of the module's `state`).

Set-up [PA "Setup changes"]: the opponent gets the entrance `GameConfig.solo_entrance` (None: one of the four at
random from the seed) and its set-up; the player draws 3 regular entrances and chooses one (decision
"choose_entrance", no auction, gaining it as from the auction) and starts with 7 krones. Readings where the aid is
silent are listed in docs/rules-notes-solo-unique-hotels.md.
"""

from __future__ import annotations

from engine.core import rng
from engine.core.actions import Action
from engine.gah.behaviours import (
    AT_EMPEROR_SCORING,
    AT_ROUND_START,
    HELD,
    NOW,
    ON_RIVAL_OCCUPY_ROOM,
    ON_RIVAL_TAKE_DIE,
    ON_RIVAL_USE_SPACE,
    ON_SOLO_DIE,
    ON_SOLO_OBJECTIVE,
    ON_SOLO_ROOM,
    ON_TOKEN_GUEST,
    RIVAL_GUEST_FEE,
    RIVAL_SPACE_TOLL,
    DieTaken,
    Rival,
    RoomOccupied,
    RoundEnded,
    Row,
    TokenGuest,
    active,
    behaviour,
    fire,
    fire_rival,
    rival_adjust,
    rule,
    run_row,
)
from engine.gah.cards import ITEMS, guests, hotel_rules, politics, space_name
from engine.gah.context import Ctx
from engine.gah.decisions.registry import decision
from engine.gah.hotel import layout
from engine.gah.mechanics import gain_vp, pay
from engine.gah.state import EMPTY, OCCUPIED, PREPARED, Frame, GameState
from engine.gah.waltz.cards import entrances, regular_entrances, solo_entrance_ids
from engine.gah.waltz.unique_hotels import auction
from engine.gah.waltz.unique_hotels.decisions import MODULE
from engine.gah.waltz.unique_hotels.payloads import CHOOSE_ENTRANCE, COUTURE_ITEM, ChooseEntranceData, CoutureItemData
from engine.gah.waltz.unique_hotels.state import SoloHotelState

OFFERED = 3
"""Regular entrances the solo player draws to choose from [PA]."""
START_MONEY = 7
"""The solo player's starting krones with module 3 [PA]."""
SOURCE = "hotel entrance"
"""VP category of the opponent's entrance gains."""


def hotel_of(state: GameState) -> SoloHotelState | None:
    """The opponent's solo-entrance pieces, or None outside a solo game (module 3 is in play wherever this is
    asked)."""
    assert state.waltz is not None
    return state.waltz.unique_hotels.solo_hotel


def opponent_entrance(state: GameState) -> str | None:
    """The key of the opponent's solo entrance ("sushi_resort", ...), or None."""
    if state.solo is None:
        return None
    entrance = state.players[state.solo.seat].entrance
    return None if entrance is None else entrances()[entrance].key


# ----- set-up --------------------------------------------------------------------------------------------


def setup(ctx: Ctx, seat: int) -> Frame | None:
    """Solo set-up with module 3, before the queue is dealt: the opponent's entrance and its set-up, the player's
    7 krones, and the player's 3 drawn entrances. Returns the player's "choose_entrance" frame (`hooks.solo_setup`,
    mounted in a solo game that chose the module)."""
    state = ctx.state
    assert state.waltz is not None
    keys = list(solo_entrance_ids())
    key = state.config.solo_entrance
    if key is None:
        state.rng, pick = rng.below(state.rng, len(keys))
        key = keys[pick]
    ids = list(regular_entrances())
    state.rng = rng.shuffle(state.rng, ids)
    offer = sorted(ids[:OFFERED])
    extras = auction.entrance_extras(state, offer)  # Ninas Melange's cards before the stars track [PA II]
    human = 0
    state.players[human].money = START_MONEY
    state.waltz.unique_hotels.solo_hotel = SoloHotelState()
    entrance = entrances()[solo_entrance_ids()[key]]
    state.players[seat].entrance = entrance.id
    how = "picked" if state.config.solo_entrance else "drawn at random"
    ctx.log("solo_entrance", seat, f"{{name}} plays the solo hotel entrance {entrance.name} ({how}).",
            entrance=entrance.id)
    excluded = [*state.politics, *extras["ninas"]]
    for row in entrance.gained:
        run_row(ctx, seat, {**row, "excluded": excluded}, entrance.name)
    return Frame(CHOOSE_ENTRANCE, human, ChooseEntranceData(offer, extras["ninas"], extras["wray"]).to_data())


@decision(CHOOSE_ENTRANCE, MODULE)
class ChooseEntrance:
    """Module 3 in solo: "Draw 3 regular hotel entrance tiles and choose one for yourself" [PA]; no auction, so
    the entrance is free. Its items and "when gained" effects follow as after an auction."""

    @staticmethod
    def options(state: GameState, frame: Frame) -> list[Action]:
        return [Action("take", (e,), f"take {entrances()[e].name}") for e in ChooseEntranceData.of(frame).offer]

    @staticmethod
    def answer(ctx: Ctx, frame: Frame, action: Action) -> None:
        ctx.state.pending.remove(frame)
        auction.gain(ctx, frame.player, action.args[0], 0, dict(frame.data))


# ----- I. Hautel Couture ---------------------------------------------------------------------------------


@behaviour("couture_setup", NOW)
def _couture_setup(ctx: Ctx, seat: int, row: Row, source: str) -> None:
    """[PA I] Draw guests until 3 show 5, 6 or 7 VP: they sit in the opponent's café; the rest are shuffled back.
    Vacant rooms reserved for them from the top floor, left to right (green: the first empty space); an item pool
    of their orders filled up to 18 (strudel, cake, wine, coffee, ...); one random pool item on each space."""
    state = ctx.state
    hotel = hotel_of(state)
    assert hotel is not None
    wanted = {int(v) for v in row["guest_vp"]}
    chosen: list[int] = []
    skipped: list[int] = []
    while len(chosen) < int(row["guests"]) and state.guest_deck:
        guest = state.guest_deck.pop()
        (chosen if guests()[guest].vp in wanted else skipped).append(guest)
    state.guest_deck += skipped
    state.rng = rng.shuffle(state.rng, state.guest_deck)
    player = ctx.player(seat)
    colors = layout(player).colors
    for table, guest in enumerate(chosen):
        player.cafe[table].guest, player.cafe[table].served = guest, [0, 0, 0, 0]
        color = guests()[guest].color
        space = next(s for floor in (3, 2, 1, 0) for s in range(floor * 5, floor * 5 + 5)
                     if player.rooms[s] == EMPTY and (color == "green" or colors[s] == color))
        player.rooms[space] = PREPARED
        hotel.reserved[table] = space
        ctx.log("couture_guest", seat, f"{{name}} seats {guests()[guest].name} ({color}, {guests()[guest].vp} VP) "
                f"in the café with the vacant room {space_name(space)} reserved (Hautel Couture).",
                guest=guest, space=space)
        badge = hotel_rules().vp_badges.get(space, 0)
        if badge:
            gain_vp(ctx, seat, badge, "room badges")
    pool = [sum(guests()[g].order[i] for g in chosen) for i in range(4)]
    item = 0
    while sum(pool) < int(row["pool"]):
        pool[item % 4] += 1
        item += 1
    hotel.pool = pool
    restock(ctx, seat)


def draw_pool_item(state: GameState, hotel: SoloHotelState) -> int:
    """A random item (0-3) from the Hautel Couture pool, or -1 when it is empty."""
    total = sum(hotel.pool)
    if total == 0:
        return -1
    state.rng, pick = rng.below(state.rng, total)
    for item, count in enumerate(hotel.pool):
        if pick < count:
            hotel.pool[item] -= 1
            return item
        pick -= count
    raise AssertionError("unreachable")


def restock(ctx: Ctx, seat: int) -> None:
    """Every action space without an item gets a random one from the pool (while it lasts)."""
    state = ctx.state
    hotel = hotel_of(state)
    assert hotel is not None
    placed, placed_items = [], []
    for space in range(1, 7):
        if hotel.items[space - 1] < 0:
            item = draw_pool_item(state, hotel)
            hotel.items[space - 1] = item
            if item >= 0:
                placed.append(f"{ITEMS[item]} on {space}")
                placed_items.append([item, space])
    if placed:
        ctx.log("couture_restock", seat, f"{{name}} restocks the action spaces from the Hautel Couture item pool: "
                f"{', '.join(placed)} ({sum(hotel.pool)} left in the pool).", pool=sum(hotel.pool),
                placed=placed_items)


@behaviour("couture_restock", AT_ROUND_START)
def _couture_restock(ctx: Ctx, seat: int, row: Row, event: RoundEnded) -> None:
    """[PA I] "Replenish action spaces with a new random item from the pool at the start of the next round"."""
    if event.round > 1:
        restock(ctx, seat)


def couture_tables(state: GameState, seat: int, item: int) -> list[int]:
    """The opponent's café tables whose guest still needs `item`."""
    cafe = state.players[seat].cafe
    return [t for t, table in enumerate(cafe)
            if table.guest is not None and guests()[table.guest].order[item] > table.served[item]]


@behaviour("couture_item", ON_RIVAL_TAKE_DIE)
def _couture_item(ctx: Ctx, seat: int, row: Row, event: Rival) -> None:
    """[PA I] "Each time you take a die, you must place the item on that space (if any) on one of Leopold's
    guests, if possible — you freely choose which. If you cannot place it, return it to the supply"."""
    taken: DieTaken = event.event
    hotel = hotel_of(ctx.state)
    assert hotel is not None
    item = hotel.items[taken.space - 1]
    if item < 0:
        return
    hotel.items[taken.space - 1] = -1
    tables = couture_tables(ctx.state, seat, item)
    if not tables:
        ctx.log("couture_supply", event.rival, f"{{name}} returns the {ITEMS[item]} from space {taken.space} to the "
                f"supply: no guest of {ctx.name(seat)}'s needs it (Hautel Couture).", item=item, space=taken.space,
                opponent=ctx.name(seat))
    elif len(tables) == 1:
        place_item(ctx, event.rival, seat, item, tables[0])
    else:
        taken.follow_ups.append((COUTURE_ITEM, event.rival, CoutureItemData(item, taken.space).to_data()))


def place_item(ctx: Ctx, human: int, seat: int, item: int, table: int) -> None:
    """Put `item` on the opponent's guest at `table`; the last item completes the order: the guest's VP, and the
    guest moves into the reserved room [PA I]."""
    player = ctx.player(seat)
    cafe = player.cafe[table]
    assert cafe.guest is not None
    guest = guests()[cafe.guest]
    cafe.served[item] += 1
    ctx.log("couture_place", human, f"{{name}} puts a {ITEMS[item]} on {guest.name}, {ctx.name(seat)}'s guest "
            "(Hautel Couture).", item=item, table=table, guest=guest.id, opponent=ctx.name(seat))
    if list(guest.order) != cafe.served:
        return
    hotel = hotel_of(ctx.state)
    assert hotel is not None
    space = hotel.reserved[table]
    cafe.guest, cafe.served = None, [0, 0, 0, 0]
    hotel.reserved[table] = -1
    player.rooms[space] = OCCUPIED
    player.checked_in.append(guest.id)
    ctx.state.guest_discard.append(guest.id)
    ctx.log("couture_done", seat, f"{{name}} completes the order of {guest.name}, who moves into the reserved room "
            f"{space_name(space)} (Hautel Couture).", guest=guest.id, space=space)
    with ctx.caused(guest.name):
        gain_vp(ctx, seat, guest.vp, "guests")


@decision(COUTURE_ITEM, MODULE)
class CoutureItem:
    """Hautel Couture: the player chooses which of the opponent's guests gets the item ("you freely choose")."""

    @staticmethod
    def options(state: GameState, frame: Frame) -> list[Action]:
        data = CoutureItemData.of(frame)
        assert state.solo is not None
        seat = state.solo.seat
        cafe = state.players[seat].cafe
        return [Action("put", (data.item, t), f"put {ITEMS[data.item]} on {guests()[cafe[t].guest or 0].name}")
                for t in couture_tables(state, seat, data.item)]

    @staticmethod
    def answer(ctx: Ctx, frame: Frame, action: Action) -> None:
        ctx.state.pending.remove(frame)
        assert ctx.state.solo is not None
        place_item(ctx, frame.player, ctx.state.solo.seat, action.args[0], action.args[1])


@rule("no_cafe_penalty", HELD)
def _no_cafe_penalty(row: Row, value: object, context: object) -> object:
    """[PA I] "Leopold does not lose VP for guests remaining in his café" (asked by `engine.gah.scoring`)."""
    return value


# ----- II. Nine Stars Inn --------------------------------------------------------------------------------


@behaviour("stars_setup", NOW)
def _stars_setup(ctx: Ctx, seat: int, row: Row, source: str) -> None:
    """[PA II] An objective card from those left (after Ninas Melange's) lies sideways as the stars track."""
    state = ctx.state
    hotel = hotel_of(state)
    assert hotel is not None
    excluded = set(row.get("excluded", ()))
    cards = sorted(c.id for c in politics().values() if c.id not in excluded
                   and (c.variant is None or state.config.has(c.variant)))
    state.rng, pick = rng.below(state.rng, len(cards))
    hotel.stars_card = cards[pick]
    ctx.log("stars_setup", seat, "{name} lays out the stars track (Nine Stars Inn): 9 spaces in rows III, II, I.")


@behaviour("stars_on_objective", ON_SOLO_OBJECTIVE)
def _stars_on_objective(ctx: Ctx, seat: int, row: Row, event: object) -> None:
    """[PA II] Each objective symbol carried out also puts a cogwheel on the stars track; never more than 9."""
    hotel = hotel_of(ctx.state)
    assert hotel is not None
    if hotel.stars >= int(row["spaces"]):
        ctx.log("stars_full", seat, "{name} has a full stars track: no cogwheel is added (Nine Stars Inn).")
        return
    hotel.stars += 1
    ctx.log("stars_add", seat, f"{{name}} puts a cogwheel on the stars track, row {stars_row_name(hotel.stars)} "
            f"({hotel.stars} of 9; Nine Stars Inn).", stars=hotel.stars)


def stars_row_name(stars: int) -> str:
    """The row ("III", "II", "I") of the latest of `stars` cogwheels (1-9)."""
    return ("III", "II", "I")[(stars - 1) // 3]


def completed_lines(rooms: list[int], space: int) -> list[str]:
    """The floor and/or column through `space` whose rooms are now all occupied ("floor 2", "column 3")."""
    floor, column = divmod(space, 5)
    done = []
    if all(rooms[floor * 5 + c] == OCCUPIED for c in range(5)):
        done.append(f"floor {floor + 1}")
    if all(rooms[f * 5 + column] == OCCUPIED for f in range(4)):
        done.append(f"column {column + 1}")
    return done


@behaviour("stars_lost_on_line", ON_RIVAL_OCCUPY_ROOM)
def _stars_lost(ctx: Ctx, seat: int, row: Row, event: Rival) -> None:
    """[PA II] "Each time you complete a floor or column of your hotel, immediately remove the latest cogwheel
    token from the stars track ... If none are there, nothing happens" (one per floor or column completed)."""
    occupied: RoomOccupied = event.event
    if occupied.space < 0:
        return
    hotel = hotel_of(ctx.state)
    assert hotel is not None
    for line in completed_lines(ctx.player(event.rival).rooms, occupied.space):
        if hotel.stars == 0:
            ctx.log("stars_none", event.rival, f"{{name}} completes {line}; {ctx.name(seat)}'s stars track is empty "
                    "(Nine Stars Inn).", line=line)
            continue
        hotel.stars -= 1
        ctx.log("stars_remove", event.rival, f"{{name}} completes {line} and takes the latest cogwheel off "
                f"{ctx.name(seat)}'s stars track ({hotel.stars} left; Nine Stars Inn).", line=line, stars=hotel.stars)


@behaviour("stars_scoring", AT_EMPEROR_SCORING)
def _stars_scoring(ctx: Ctx, seat: int, row: Row, event: RoundEnded) -> None:
    """[PA II] "At each Emperor scoring, Leopold scores the VP printed at the right of the bottommost row that
    contains at least one token — 5, 10, or 15 VP"."""
    hotel = hotel_of(ctx.state)
    assert hotel is not None
    if hotel.stars == 0:
        ctx.log("stars_score", seat, "{name} scores no VP from the stars track: it is empty (Nine Stars Inn).",
                amount=0)
        return
    amount = int(row["row_vp"][(hotel.stars - 1) // 3])
    ctx.log("stars_score", seat, f"{{name}} scores {amount} VP: row {stars_row_name(hotel.stars)} of the stars "
            "track holds a cogwheel (Nine Stars Inn).", amount=amount, stars=hotel.stars)
    gain_vp(ctx, seat, amount, SOURCE)


# ----- III. Sushi Resort ---------------------------------------------------------------------------------


@behaviour("cogwheel_rooms", NOW)
def _cogwheel_rooms(ctx: Ctx, seat: int, row: Row, source: str) -> None:
    """[PA III] 6 cogwheels in the opponent's hotel: the last 2 rooms of floor 1, the first 3 of floor 2, the first
    of floor 3."""
    hotel = hotel_of(ctx.state)
    assert hotel is not None
    hotel.cogwheel_rooms = [int(s) for s in row["spaces"]]
    ctx.log("sushi_setup", seat, "{name} gets 6 cogwheels on the rooms "
            + ", ".join(space_name(s) for s in hotel.cogwheel_rooms) + " (Sushi Resort).",
            rooms=list(hotel.cogwheel_rooms))


@behaviour("cogwheel_to_queue", ON_SOLO_ROOM)
def _cogwheel_to_queue(ctx: Ctx, seat: int, row: Row, event: RoomOccupied) -> None:
    """[PA III] A room placed on a cogwheel space moves that cogwheel onto the leftmost guest in the queue (after
    replenishing)."""
    state = ctx.state
    hotel = hotel_of(state)
    assert hotel is not None
    if event.space not in hotel.cogwheel_rooms:
        return
    hotel.cogwheel_rooms.remove(event.space)
    guest = next((g for g in state.display if g is not None), None)
    if guest is None:
        ctx.log("sushi_token", seat, f"{{name}} puts the cogwheel of room {space_name(event.space)} back in the "
                "supply: the queue is empty (Sushi Resort).", space=event.space)
        return
    hotel.cogwheel_guests.append(guest)
    ctx.log("sushi_token", seat, f"{{name}} moves the cogwheel of room {space_name(event.space)} onto "
            f"{guests()[guest].name}, the leftmost guest in the queue (Sushi Resort).", guest=guest,
            space=event.space)


@rule("cogwheel_guest_fee", RIVAL_GUEST_FEE)
def _cogwheel_fee(row: Row, value: int, tokens: int) -> int:
    """[PA III] "When you take a guest with a cogwheel token, you must pay an additional 1 krone"."""
    return value + int(row["krones"]) * tokens


@behaviour("cogwheel_guest_vp", ON_TOKEN_GUEST)
def _cogwheel_vp(ctx: Ctx, seat: int, row: Row, event: TokenGuest) -> None:
    """[PA III] The opponent takes a cogwheel guest, or one reaches the right end of the queue: 8 VP and the token
    goes back; taken by the player (who paid 1 krone more): the token goes back."""
    hotel = hotel_of(ctx.state)
    assert hotel is not None
    tokens = hotel.cogwheel_guests.count(event.guest)
    hotel.cogwheel_guests = [g for g in hotel.cogwheel_guests if g != event.guest]
    name = guests()[event.guest].name
    if event.how == "rival":
        ctx.log("sushi_return", None, f"The cogwheel on {name} goes back to the supply (Sushi Resort).",
                guest=event.guest)
        return
    amount = int(row["vp"]) * tokens
    his = ctx.state.config.opponent_pronoun("possessive")
    what = (f"the Sushi Resort cogwheel guest {name} left the queue for {his} hotel" if event.how == "taken"
            else f"the Sushi Resort cogwheel guest {name} reached the right end of the queue")
    ctx.log("sushi_vp", seat, f"{{name}} scores {amount} VP: {what}.", guest=event.guest, amount=amount,
            how=event.how)
    gain_vp(ctx, seat, amount, SOURCE)


def guest_fee(state: GameState, index: int, guest: int) -> int:
    """Krones the human at `index` pays on top of a guest's cost (Sushi Resort's cogwheels; 0 otherwise)."""
    hotel = hotel_of(state)
    if hotel is None or guest not in hotel.cogwheel_guests:
        return 0
    fee: int = rival_adjust(state, index, RIVAL_GUEST_FEE, 0, hotel.cogwheel_guests.count(guest))
    return fee


def queue_left(ctx: Ctx, index: int, guest: int, position: int) -> None:
    """A guest left the queue from `position` (0-4), taken by the seat `index`: its cogwheel tokens go (ON_TOKEN_GUEST
    for the opponent), and a cogwheel guest that slid into the right end (position 5) scores."""
    state = ctx.state
    hotel = hotel_of(state)
    if hotel is None or not hotel.cogwheel_guests or state.solo is None:
        return
    seat = state.solo.seat
    if guest in hotel.cogwheel_guests:
        fire(ctx, seat, ON_TOKEN_GUEST, TokenGuest(guest, "taken" if index == seat else "rival"))
    end = state.display[-1]
    if position == len(state.display) - 1 and end is not None and end in hotel.cogwheel_guests:
        fire(ctx, seat, ON_TOKEN_GUEST, TokenGuest(end, "shifted"))


def queue_discarded(ctx: Ctx, removed: list[int]) -> None:
    """Guests discarded off the right end of the queue (the Yucata variant): their cogwheels score as shifted off,
    and so does a cogwheel guest that slid into the right end."""
    state = ctx.state
    hotel = hotel_of(state)
    if hotel is None or not hotel.cogwheel_guests or state.solo is None:
        return
    end = state.display[-1]
    for guest in [*removed, *([end] if end is not None else [])]:
        if guest in hotel.cogwheel_guests:
            fire(ctx, state.solo.seat, ON_TOKEN_GUEST, TokenGuest(guest, "shifted"))


# ----- IV. Toll Bridge Hotel -----------------------------------------------------------------------------


@behaviour("toll_token", ON_SOLO_DIE)
def _toll_token(ctx: Ctx, seat: int, row: Row, event: DieTaken) -> None:
    """[PA IV] "Each time Leopold takes a die from an action space, he leaves a cogwheel token on that space"."""
    hotel = hotel_of(ctx.state)
    assert hotel is not None
    hotel.tolls[event.space - 1] += 1
    ctx.log("toll_token", seat, f"{{name}} leaves a cogwheel on action space {event.space} "
            f"({hotel.tolls[event.space - 1]} there; Toll Bridge Hotel).", space=event.space,
            tokens=hotel.tolls[event.space - 1])


@rule("toll_fee", RIVAL_SPACE_TOLL)
def _toll_fee(row: Row, value: int, tokens: int) -> int:
    """[PA IV] "To use an action space containing one or more cogwheel tokens, you must pay exactly 1 krone"."""
    return value + int(row["krones"]) if tokens > 0 else value


@behaviour("toll_vp", ON_RIVAL_USE_SPACE)
def _toll_vp(ctx: Ctx, seat: int, row: Row, event: Rival) -> None:
    """[PA IV] "When you use the action space, Leopold immediately scores 1 VP per cogwheel token on it, then
    remove one token from the space"."""
    space: int = event.event
    hotel = hotel_of(ctx.state)
    assert hotel is not None
    tokens = hotel.tolls[space - 1]
    if tokens == 0:
        return
    hotel.tolls[space - 1] -= 1
    ctx.log("toll_vp", seat, f"{{name}} scores {tokens} VP: {ctx.name(event.rival)} used action space {space} with "
            f"{tokens} cogwheel{'s' * (tokens != 1)} (Toll Bridge Hotel); one is removed.", space=space, amount=tokens,
            rival=ctx.name(event.rival))
    gain_vp(ctx, seat, tokens, SOURCE)


def _toll_row(state: GameState) -> Row | None:
    if state.solo is None:
        return None
    return next((row for entry, row in active(state.players[state.solo.seat], RIVAL_SPACE_TOLL)), None)


def stuck(state: GameState, index: int) -> bool:
    """[PA IV] The human "cannot use any action space (you are on 0 krones and every available space contains
    tokens)": then any space may be used without paying, for 5 VP."""
    hotel = hotel_of(state)
    if hotel is None or _toll_row(state) is None or state.players[index].money > 0:
        return False
    spaces = [s for s in range(1, 7) if state.dice[s - 1] > 0]
    return bool(spaces) and all(hotel.tolls[s - 1] > 0 for s in spaces)


def toll(state: GameState, index: int, space: int) -> int:
    """Krones the human at `index` pays to use action `space` (Toll Bridge Hotel; 0 otherwise, and 0 when stuck)."""
    hotel = hotel_of(state)
    if hotel is None or hotel.tolls[space - 1] == 0 or stuck(state, index):
        return 0
    fee: int = rival_adjust(state, index, RIVAL_SPACE_TOLL, 0, hotel.tolls[space - 1])
    return fee


def pay_toll(ctx: Ctx, index: int, space: int) -> None:
    """The human uses action `space`: pay its toll (or, stuck, lose 5 VP), then the opponent's ON_RIVAL_USE_SPACE."""
    state = ctx.state
    hotel = hotel_of(state)
    if hotel is None or state.solo is None or state.solo.seat == index or hotel.tolls[space - 1] == 0:
        return
    row = _toll_row(state)
    if row is None:
        return
    if stuck(state, index):
        ctx.log("toll_penalty", index, f"{{name}} has no krone and every space holds a cogwheel: uses space {space} "
                "without the toll (Toll Bridge Hotel).", space=space, penalty=int(row["penalty"]))
        gain_vp(ctx, index, -int(row["penalty"]), "Toll Bridge Hotel")
    else:
        pay(ctx, index, toll(state, index, space), "the Toll Bridge Hotel's toll", {"kind": "toll"})
    fire_rival(ctx, index, ON_RIVAL_USE_SPACE, space)


# ----- the opponent's own moves --------------------------------------------------------------------------


def opponent_room(ctx: Ctx, seat: int, space: int) -> None:
    """The opponent placed a room (after the queue was refilled): ON_SOLO_ROOM."""
    fire(ctx, seat, ON_SOLO_ROOM, RoomOccupied(by_guest=True, space=space))


def opponent_die(ctx: Ctx, seat: int, space: int) -> None:
    """The opponent took a die from `space`: ON_SOLO_DIE."""
    fire(ctx, seat, ON_SOLO_DIE, DieTaken(space, []))


def opponent_objective(ctx: Ctx, seat: int) -> None:
    """The opponent carried out an objective symbol of the instruction card: ON_SOLO_OBJECTIVE."""
    fire(ctx, seat, ON_SOLO_OBJECTIVE, None)


def round_start(ctx: Ctx) -> None:
    """AT_ROUND_START for every seat (after the dice are rolled)."""
    for index in range(len(ctx.state.players)):
        fire(ctx, index, AT_ROUND_START, RoundEnded(ctx.state.round))


def emperor_scored(ctx: Ctx, index: int) -> None:
    """AT_EMPEROR_SCORING for one seat, after its track VP."""
    fire(ctx, index, AT_EMPEROR_SCORING, RoundEnded(ctx.state.round))
