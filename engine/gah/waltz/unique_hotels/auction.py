"""Module 3 setup: laying out the hotel entrances, the auction's bookkeeping, and gaining an entrance.

Source: player aid, "When playing Module 3, auction off the hotel entrances before continuing", and the
entrances' "Setup" / "When gained" texts (gah-raw MrIee hotel_entrances; gah-data.md section 9c).
"""

from __future__ import annotations

from typing import Any

from engine.core import rng
from engine.core.actions import Action
from engine.gah.cards import emperor_tiles, politics
from engine.gah.context import Ctx
from engine.gah.mechanics import pay, push_effects
from engine.gah.state import CafeTable, Frame, GameState
from engine.gah.waltz.cards import entrances, regular_entrances
from engine.gah.waltz.unique_hotels.payloads import AUCTION

NINAS, WRAY = 6, 8


def setup(state: GameState) -> dict[str, Any]:
    """Lay out one random entrance per player, with Ninas Melange's 3 objective cards and The Grand Wray Hotel's
    6 Emperor tiles drawn from those not in play. Returns the auction frame's data."""
    ids = list(regular_entrances())
    state.rng = rng.shuffle(state.rng, ids)
    offer = sorted(ids[: len(state.players)])
    return {"offer": offer, "lot": None, "bid": 0, "leader": None, "bidders": [], **entrance_extras(state, offer)}


def entrance_extras(state: GameState, offer: list[int]) -> dict[str, list[Any]]:
    """Ninas Melange's 3 objective cards and The Grand Wray Hotel's 6 Emperor tiles, if they are in `offer`, drawn
    from those not in play (player aid, those entrances' "Setup")."""
    extra: dict[str, list[Any]] = {"ninas": [], "wray": []}
    for pile in "ABC":
        if NINAS in offer:
            cards = sorted(c.id for c in politics().values() if c.pile == pile and c.id not in state.politics
                           and (c.variant is None or state.config.has(c.variant)))
            state.rng, pick = rng.below(state.rng, len(cards))
            extra["ninas"].append(cards[pick])
        if WRAY in offer:
            tiles = sorted(t.id for t in emperor_tiles().values() if t.pile == pile
                           and t.id not in state.emperor_tiles and (t.variant is None or state.config.has(t.variant)))
            state.rng = rng.shuffle(state.rng, tiles)
            extra["wray"].extend(sorted(tiles[:2]))
    return extra


def bid(ctx: Ctx, frame: Frame, action: Action) -> None:
    """Open the auction on an entrance, or raise the bid (see `engine.gah.waltz.unique_hotels.decisions.Auction`)."""
    state, data = ctx.state, frame.data
    count = len(state.players)
    entrance, amount = action.args
    name = entrances()[entrance].name
    if data["lot"] is None:
        data["lot"] = entrance
        data["bidders"] = [(frame.player + k) % count for k in range(count)
                           if _without(state, (frame.player + k) % count)]
        ctx.log("auction_open", frame.player, f"{{name}} puts {name} up for auction at {amount} krones.",
                entrance=entrance, bid=amount)
    else:
        ctx.log("auction_raise", frame.player, f"{{name}} raises to {amount} krones.", bid=amount)
    data["bid"], data["leader"] = amount, frame.player
    _after_answer(ctx, frame)


def drop_out(ctx: Ctx, frame: Frame, action: Action) -> None:
    """Pass: leave the bidding on the current entrance."""
    frame.data["bidders"].remove(frame.player)
    ctx.log("auction_pass", frame.player, "{name} passes.")
    _after_answer(ctx, frame)


def _after_answer(ctx: Ctx, frame: Frame) -> None:
    """The next bidder's turn, or the entrance goes to the leader (and the last entrance to the last player)."""
    state, data = ctx.state, frame.data
    count = len(state.players)
    nxt = _next_bidder(data, frame.player, count)
    if nxt is not None:
        state.pending[-1].player = nxt
        return
    winner, entrance, price = data["leader"], data["lot"], data["bid"]
    data["offer"].remove(entrance)
    data["lot"], data["bid"], data["leader"], data["bidders"] = None, 0, None, []
    gain(ctx, winner, entrance, price, data)
    left = [i for i in _clockwise(state) if _without(state, i)]
    if len(left) == 1:
        gain(ctx, left[0], data["offer"].pop(), 0, data)
        left = []
    if not left:
        state.pending.remove(frame)
        return
    state.pending[-1 if state.pending[-1] is frame else state.pending.index(frame)].player = left[0]


def _clockwise(state: GameState) -> list[int]:
    count = len(state.players)
    return [(state.start_player + k) % count for k in range(count)]


def _without(state: GameState, index: int) -> bool:
    assert state.waltz is not None
    return state.players[index].entrance is None


def _next_bidder(data: dict[str, Any], current: int, count: int) -> int | None:
    """The next player clockwise still bidding who is not the leader; None once the leader is alone."""
    bidders = data["bidders"]
    if len(bidders) <= 1:
        return None
    for k in range(1, count + 1):
        seat = (current + k) % count
        if seat in bidders and seat != data["leader"]:
            return seat
    return None


def gain(ctx: Ctx, index: int, entrance_id: int, price: int, data: dict[str, Any]) -> None:
    """The player pays `price` and gains the entrance: its starting items and its "when gained" effects."""
    state = ctx.state
    waltz = state.waltz
    assert waltz is not None
    entrance = entrances()[entrance_id]
    pay(ctx, index, price, entrance.name, {"kind": "entrance", "entrance": entrance_id})
    ctx.player(index).entrance = entrance_id
    player = ctx.player(index)
    player.kitchen = [k + n for k, n in zip(player.kitchen, entrance.items, strict=True)]
    ctx.log("entrance", index, f"{{name}} takes the hotel entrance {entrance.name}"
            + (f" for {price} krones." if price else " for free."), entrance=entrance_id, price=price)
    if entrance_id == NINAS:
        waltz.unique_hotels.personal[index] = list(data["ninas"])
    if entrance_id == WRAY:
        waltz.unique_hotels.wray_tiles[index] = list(data["wray"])
    tables = entrance.ability("cafe_tables")
    if tables is not None:  # Kaufman: a 4th café table
        player.cafe += [CafeTable() for _ in range(int(tables["count"]) - len(player.cafe))]
    push_effects(ctx, index, list(entrance.gained), entrance.name)


def setup_frame(state: GameState, kind: str, index: int) -> Frame | None:
    """The player's pending setup frame of `kind` ("prepare_rooms" for the starting rooms, "setup_guest")."""
    source = SETUP_SOURCES.get(kind)
    return next((f for f in state.pending if f.kind == kind and f.player == index
                 and (source is None or f.data.get("source") == source)), None)


SETUP_SOURCES: dict[str, str] = {"prepare_rooms": "setup"}
"""Setup decision kinds that also occur outside the setup, by the kind: the `source` their setup frame carries."""


def empty_kitchens(ctx: Ctx) -> None:
    """Set-up: no starting dishes and drinks; the entrance's starting items replace them (player aid, "Personal
    Play Area")."""
    for player in ctx.state.players:
        player.kitchen = [0, 0, 0, 0]


def frames(state: GameState) -> list[tuple[str, int, dict[str, Any]]]:
    """`hooks.setup_frames`: the entrance auction, opened by the start player."""
    return [(AUCTION, state.start_player, setup(state))]
