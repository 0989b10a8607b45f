"""The words of Let's Waltz module 3, Unique Hotels (`engine.gah.waltz.unique_hotels`): the entrance auction's
events and panel, the entrances that act in a turn (Corogari Zant-Mainz, The Kozi Palace, The Grand Wray Hotel,
Stroup, Kaufman, Mayenfels, Ninas Melange), the solo opponent's own entrances, its rules sentence and its entrances'
`/gah card` pages."""

from __future__ import annotations

from bot.games.gah import words_stored
from bot.games.gah.panel_words import ENGLISH, entrance_name, guest_name, item_name, krones_of, short
from bot.games.gah.waltz.registry import ModuleWords, register
from bot.games.gah.words_names import card, card_of, colour, items_counted, joined
from bot.host.panel_types import clip
from engine.core.actions import Action, Event
from engine.gah import GameState
from engine.gah.cards import guests, space_name
from engine.gah.options_spec import WALTZ_MODULES
from engine.gah.waltz.cards import entrance_named, entrances
from engine.gah.waltz.unique_hotels.solo_hotels import stars_row_name
from render.core.i18n import Translator
from render.core.lang import N_, card_name
from render.core.plural import count

NAME = "unique_hotels"
SPEC = next(module for module in WALTZ_MODULES if module.name == NAME)


def _entrance(_: Translator, event: Event) -> str | None:
    number, price = event.data.get("entrance"), int(event.data.get("price", 0))
    known = entrances().get(number) if isinstance(number, int) else None
    if known is None:
        return None
    name = card_of(_, "entrance", number, known.name)
    if price == 0:
        return _("takes the hotel entrance {entrance} for free", entrance=name)
    paid = count(price, "krone", language=_.language, as_object=True)
    return _("takes the hotel entrance {entrance} for {krones}", entrance=name, krones=paid)


def _acting_entrance(_: Translator, event: Event) -> str:
    """The hotel entrance an event of its ability names, by its "entrance" datum (a game stored before it: the
    engine's sentence's last brackets, `words_stored`)."""
    number = event.data.get("entrance")
    known = entrances().get(number) if isinstance(number, int) else None
    if known is not None:
        return card_of(_, "entrance", known.id, known.name)
    found = words_stored.text_match(event, r"\(([^()]*)\)\.?$")
    return card(_, found.group(1) if found else "")


def _stroup_colour(event: Event) -> str:
    """The colour of the group whose first room Stroup's event occupies, by its "colour" datum."""
    if isinstance(event.data.get("colour"), str):
        return str(event.data["colour"])
    found = words_stored.text_match(event, r"first room of a (\w+) group")
    return found.group(1) if found else ""


def _wray(_: Translator, event: Event) -> str:
    entrance = _acting_entrance(_, event)  # outside the call: `pybabel extract` reads a nested `_` anew
    # the same English in either number, as the engine says it ("goes back 1 on"); the catalogs agree the steps
    return _.ngettext("goes back {count} on the Emperor track for the reward of tile {tile} ({entrance})",
                      "goes back {count} on the Emperor track for the reward of tile {tile} ({entrance})",
                      int(event.data.get("steps", 0)), tile=event.data.get("tile"), entrance=entrance)


def _bid(_: Translator, event: Event) -> str:
    """The krones of a bid of the entrance auction, in agreement ("1 krone")."""
    return count(int(event.data.get("bid", 0)), "krone", language=_.language)


def _auction_open_phrase(_: Translator, event: Event, paid: int) -> str:
    """The first bid of the entrance auction, with what is up for auction."""
    number = event.data.get("entrance")
    known = entrances().get(number) if isinstance(number, int) else None
    if known is not None:
        name = known.name
    else:  # a game stored before the "entrance" datum: the engine's sentence (`words_stored`)
        found = words_stored.text_match(event, r"puts (.+) up for auction")
        name = found.group(1) if found else ""
    return _("puts {entrance} up for auction with a bid of {krones}", entrance=card(_, name), krones=_bid(_, event))


def _auction_raise_phrase(_: Translator, event: Event, paid: int) -> str:
    """A higher bid of the entrance auction."""
    return _("raises the bid to {krones}", krones=_bid(_, event))


def _auction_pass_label(state: GameState, action: Action, _: Translator) -> tuple[str, str]:
    return _("Pass (drop out of this auction)"), ""


def _entrance_label(state: GameState, action: Action, _: Translator) -> tuple[str, str]:
    """A hotel entrance to take (in solo)."""
    entrance = action.args[0]
    return (clip(_("Take {entrance}", entrance=entrance_name(_, entrance))),
            clip(card_name(_, "entrance_text", entrance, entrances()[entrance].text), 100))


def _couture_label(state: GameState, action: Action, _: Translator) -> tuple[str, str]:
    """An item put on the solo opponent's guest (Hautel Couture)."""
    opponent = state.players[state.solo.seat].name if state.solo is not None else _("the opponent")
    item, table = action.args[0], action.args[1]
    guest = state.players[state.solo.seat].cafe[table].guest if state.solo is not None else None
    if _.language == ENGLISH.language or guest is None:
        return clip(f"{action.text[:1].upper()}{action.text[1:]} ({opponent}'s guest)"), "Hautel Couture"
    return clip(_("Put {item} on {guest} ({player}'s guest)", item=item_name(_, item), guest=guest_name(_, guest),
                  player=opponent)), "Hautel Couture"


def entrance_effect_in(_: Translator, entrance_id: int) -> str:
    """A hotel entrance's effect as `/gah card` tells it, within a select option's description."""
    return short(card_name(_, "entrance_text", entrance_id, entrances()[entrance_id].text))


def _bid_label(state: GameState, action: Action, _: Translator) -> tuple[str, str]:
    """A bid in the hotel entrance auction: (entrance, krones); the description is the entrance's effect (`/gah
    card`)."""
    entrance, amount = action.args[0], action.args[-1]
    return (clip(_("Bid {krones} on {entrance}", krones=krones_of(_, amount), entrance=entrance_name(_, entrance))),
            entrance_effect_in(_, entrance))


def _card_names() -> list[str]:
    return [f"Hotel entrance: {e.name}" for e in entrances().values()]


def _card_page(_: Translator, wanted: str) -> str | None:
    """`/gah card`'s page of the entrance named `wanted` (lower case, with or without "hotel entrance: ")."""
    for entrance in entrances().values():
        if wanted in (entrance.name.lower(), f"hotel entrance: {entrance.name}".lower()):
            return _("**{name}** - hotel entrance (Let's Waltz module 3)\n{effect}",
                     name=entrance_name(_, entrance.id),
                     effect=card_name(_, "entrance_text", entrance.id, entrance.text))
    return None


def _hotel(_: Translator, name: str) -> str:
    """One of the solo opponent's hotel entrances by its English name, in `_`'s language."""
    return card_of(_, "entrance", entrance_named(name), name)


def _guest(_: Translator, event: Event) -> str:
    number = event.data.get("guest")
    return card_of(_, "guest", number, guests()[number].name) if isinstance(number, int) else "?"


def _vp(_: Translator, event: Event) -> str:
    return count(int(event.data.get("amount", 0)), "VP", language=_.language)


def _toll_vp(_: Translator, event: Event) -> str:
    """The Toll Bridge Hotel's VP when a player uses a space with the opponent's cogwheels on it."""
    tokens, vp, hotel = int(event.data.get("amount", 0)), _vp(_, event), _hotel(_, "Toll Bridge Hotel")
    # `vp` and `hotel` outside the call: `pybabel extract` reads a nested `_` anew
    return _.ngettext(
        "scores {vp}: {rival} used action space {space} with {count} cogwheel ({hotel}); one is removed",
        "scores {vp}: {rival} used action space {space} with {count} cogwheels ({hotel}); one is removed",
        tokens, vp=vp, rival=event.data.get("rival", "?"), space=event.data.get("space"), hotel=hotel)


def _stars_score(_: Translator, event: Event) -> str:
    """The Nine Stars Inn's VP at the game's end, by the row of its latest cogwheel (none: the track is empty)."""
    stars = event.data.get("stars")
    if not isinstance(stars, int):
        return _("scores no VP from the stars track: it is empty ({hotel})", hotel=_hotel(_, "Nine Stars Inn"))
    return _("scores {vp}: row {row} of the stars track holds a cogwheel ({hotel})", vp=_vp(_, event),
             row=stars_row_name(stars), hotel=_hotel(_, "Nine Stars Inn"))


def _sushi_token(_: Translator, event: Event) -> str:
    """The Sushi Resort's cogwheel of a newly occupied room: onto the queue's leftmost guest, or back."""
    room, hotel = space_name(int(event.data.get("space", 0))), _hotel(_, "Sushi Resort")
    if "guest" not in event.data:
        return _("puts the cogwheel of room {room} back in the supply: the queue is empty ({hotel})", room=room,
                 hotel=hotel)
    return _("moves the cogwheel of room {room} onto {guest}, the leftmost guest in the queue ({hotel})", room=room,
             guest=_guest(_, event), hotel=hotel)


def _sushi_vp(_: Translator, event: Event) -> str:
    """The Sushi Resort's VP for a cogwheel guest the opponent takes or that reaches the queue's right end."""
    hotel = _hotel(_, "Sushi Resort")
    if event.data.get("how") == "taken":
        return _("scores {vp}: the {hotel} cogwheel guest {guest} left the queue for the opponent's hotel",
                 vp=_vp(_, event), hotel=hotel, guest=_guest(_, event))
    return _("scores {vp}: the {hotel} cogwheel guest {guest} reached the right end of the queue", vp=_vp(_, event),
             hotel=hotel, guest=_guest(_, event))


def _item(_: Translator, item: object) -> str:
    """One kitchen item, counted ("1 strudel"), by its number."""
    return items_counted(_, [int(item == number) for number in range(4)])


def _room(event: Event) -> str:
    return space_name(int(event.data.get("space", 0)))


def _couture_restock(_: Translator, event: Event) -> str:
    """The Hautel Couture's items put on the empty action spaces, by the "placed" datum ([item, space] pairs)."""
    placed = joined(_, [_("{item} on space {space}", item=_item(_, item), space=space)
                        for item, space in event.data.get("placed", [])])
    return _("restocks the action spaces from the {hotel} item pool: {placed} ({left} left in the pool)",
             hotel=_hotel(_, "Hautel Couture"), placed=placed, left=event.data.get("pool"))


def _couture_guest(_: Translator, event: Event) -> str:
    """The Hautel Couture opponent seats a guest with a vacant room reserved."""
    number = event.data.get("guest")
    known = guests()[number] if isinstance(number, int) else None
    about = f"{colour(_, known.color)}, {count(known.vp, 'VP', language=_.language)}" if known else "?"
    return _("seats {guest} ({about}) in the café with the vacant room {room} reserved ({hotel})",
             guest=_guest(_, event), about=about, room=_room(event), hotel=_hotel(_, "Hautel Couture"))


WORDS = register(ModuleWords(
    NAME,
    rules=lambda _: _(SPEC.rules),
    events={
        "entrance": _entrance,
        "auction_pass": lambda _, event: _("passes"),
        "corogari": lambda _, event: _("rolls {total} with two dice ({entrance})", total=event.data.get("total"),
                                       entrance=_acting_entrance(_, event)),
        "kozi": lambda _, event: _("moves a die from space {source} to space {space} ({entrance})",
                                   source=event.data.get("source"), space=event.data.get("space"),
                                   entrance=_acting_entrance(_, event)),
        "wray": _wray,
        "stroup": lambda _, event: _("occupies the first room of a {colour} group ({entrance})", colour=colour(
            _, _stroup_colour(event)), entrance=_acting_entrance(_, event)),
        "toll_token": lambda _, event: _("leaves a cogwheel on action space {space} ({count} there; {hotel})",
                                         space=event.data.get("space"), count=event.data.get("tokens", "?"),
                                         hotel=_hotel(_, "Toll Bridge Hotel")),
        "toll_vp": _toll_vp,
        "stars_add": lambda _, event: _("puts a cogwheel on the stars track, row {row} ({stars} of 9; {hotel})",
                                        row=stars_row_name(int(event.data.get("stars", 1))),
                                        stars=event.data.get("stars"), hotel=_hotel(_, "Nine Stars Inn")),
        "stars_score": _stars_score,
        "sushi_token": _sushi_token,
        "sushi_vp": _sushi_vp,
        "couture_done": lambda _, event: _(
            "completes the order of {guest}, who moves into the reserved room {room} ({hotel})",
            guest=_guest(_, event), room=_room(event), hotel=_hotel(_, "Hautel Couture")),
        "couture_place": lambda _, event: _("puts {item} on {guest}, a guest of {opponent} ({hotel})", item=_item(
            _, event.data.get("item")), guest=_guest(_, event), opponent=event.data.get("opponent", "?"),
            hotel=_hotel(_, "Hautel Couture")),
        "couture_supply": lambda _, event: _(
            "returns {item} from space {space} to the supply: no guest of {opponent} needs it ({hotel})",
            item=_item(_, event.data.get("item")), space=event.data.get("space"),
            opponent=event.data.get("opponent", "?"), hotel=_hotel(_, "Hautel Couture")),
        "couture_restock": _couture_restock,
        "couture_guest": _couture_guest,
        "sushi_return": lambda _, event: _("The cogwheel on {guest} goes back to the supply ({hotel})",
                                           guest=_guest(_, event), hotel=_hotel(_, "Sushi Resort")),
        "sushi_setup": lambda _, event: _("gets 6 cogwheels on the rooms {rooms} ({hotel})", rooms=", ".join(
            space_name(int(space)) for space in event.data.get("rooms", [])), hotel=_hotel(_, "Sushi Resort")),
        "toll_penalty": lambda _, event: _(
            "has no krone and every space holds a cogwheel: uses space {space} without the toll ({hotel})",
            space=event.data.get("space"), hotel=_hotel(_, "Toll Bridge Hotel")),
        "stars_full": lambda _, event: _("has a full stars track: no cogwheel is added ({hotel})",
                                         hotel=_hotel(_, "Nine Stars Inn")),
        "stars_setup": lambda _, event: _("lays out the stars track ({hotel}): 9 spaces in rows III, II, I",
                                          hotel=_hotel(_, "Nine Stars Inn")),
        "kaufman_pile": lambda _, event: _.ngettext("the Kaufman pile holds {count} guest",
                                                    "the Kaufman pile holds {count} guests",
                                                    int(event.data.get("count", 0))),
    },
    phrases={"auction_open": _auction_open_phrase, "auction_raise": _auction_raise_phrase},
    as_written=frozenset({
        "auction_pass", "corogari", "couture_done", "couture_guest", "couture_place", "couture_restock",
        "couture_supply", "entrance", "kaufman_pile", "kozi", "personal_objective", "solo_entrance", "stars_add",
        "stars_full", "stars_none", "stars_remove", "stars_score", "stars_setup", "stroup", "sushi_return",
        "sushi_setup", "sushi_token", "sushi_vp", "toll_penalty", "toll_token", "toll_vp", "wray",
    }),
    vp_told=frozenset({"sushi_vp", "stars_score", "toll_vp"}),
    prompts=(
        N_("Hotel entrance auction: open with a bid (0 or more krones), or raise or pass."),
        N_("Mayenfels: draw a staff card?"),
        N_("Kaufman: take a second guest, paying its cost?"),
        N_("Unique Hotels: choose your hotel entrance (of the three drawn)."),
        N_("Hautel Couture: put the item from your die's space on one of the opponent's guests."),
    ),
    decision_help={
        "couture_item": N_(
            "Hautel Couture: put an item on your opponent's guest, as the entrance says."),
        "choose_entrance": N_(
            "Choose your hotel entrance (Let's Waltz module 3). Each entrance has its own starting items and "
            "effect, shown under its name."),
        "auction": N_(
            "The hotel entrances are auctioned (Let's Waltz module 3). The player who opens puts an entrance up "
            "with a bid of 0 or more krones; clockwise, each other player without an entrance raises or passes. "
            "The last bidder pays and takes it; the last player gets the last entrance for free."),
        "optional_draw": N_(
            "Mayenfels: after playing a staff card you may draw a staff card from the deck."),
        "paid_guest": N_(
            "Kaufman: after taking a guest you may take a second one, paying its price."),
    },
    labels={
        ("auction", "pass"): _auction_pass_label,
        ("auction", "bid"): _bid_label,
        ("choose_entrance", "take"): _entrance_label,
        ("couture_item", "put"): _couture_label,
    },
    answer_kinds=frozenset({"draw", "retreat"}),
    answers=frozenset({N_("Draw a staff card"), N_("Skip drawing"), N_("Skip second guest")}),
    card_names=_card_names,
    card_page=_card_page,
))
"""Module 3's words (`bot.games.gah.waltz.registry.ModuleWords`)."""
