"""The words of single events, as a verb phrase without the subject (`PHRASES`, by event kind): dice and
extra actions with what they cost, check-ins, staff cards, Emperor tiles, the solo opponent's cards and reasons,
and each Let's Waltz module's own (`bot.games.gah.waltz`, e.g. the entrance auction's bids).
`bot.games.gah.words` builds the lines and sections of a recap from them."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from bot.games.gah import words_gains, words_stored
from bot.games.gah.event_facts import die_carried_out, die_taken, krones_lost
from bot.games.gah.event_text import without_name as without_name  # the recap's words, as `words` imports them
from bot.games.gah.waltz import registry  # importing it loads every module's words (`bot.games.gah.waltz`)
from bot.games.gah.waltz.registry import Phrase as Phrase
from bot.games.gah.words_names import action_name, card, card_of, colour, items_counted, joined
from bot.host.safe_text import safe_text
from engine.core.actions import Event
from engine.gah.cards import emperor_tiles, guests, politics, space_name, staff
from engine.gah.config import PRONOUNS
from engine.gah.solo_reasons import Reason
from render.core.i18n import Translator
from render.core.plural import agree, count
from render.gah.effect_words import describe_all_in
from render.gah.texts import emperor_sentences

ACTION_NAME: dict[int, str] = {
    1: "Strudel or cake",
    2: "Wine or coffee",
    3: "Prepare rooms",
    4: "Krones or Emperor",
    5: "Play staff",
    6: "Copy an action 1-5",
}
"""What each action space does, in words (rulebook: action spaces 1-6)."""

def escape(value: str) -> str:
    """A line of a markdown text that may hold player names, safe for Discord (`bot.host.safe_text.safe_text` without a
    length limit: markdown, masked links, mentions and invisible characters), so that a name like "a_b*" shows as
    written.

    >>> escape("a_b*")
    'a\\\\_b\\\\*'
    """
    return safe_text(value, limit=None)


def krones_words(_: Translator, amount: int) -> str:
    """An amount of krones in `_`'s language, "free" for none."""
    return _("free") if amount == 0 else count(amount, "krone", language=_.language)


def item_list(_: Translator, counts: Sequence[int]) -> str:
    """Counted kitchen items joined with "and", or "nothing" (`words_names.items_counted`)."""
    return items_counted(_, counts)


def joined_with_and(parts: Sequence[str], _: Translator | None = None) -> str:
    """`parts` as one list ("a, b and c") in `_`'s language (English without one)."""
    if _ is None:
        return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
    return joined(_, parts)


def guest_name(guest_id: object, _: Translator | None = None) -> str:
    """The guest `guest_id`'s name in `_`'s language (the glossary's; English without a translator)."""
    guest = guests().get(int(guest_id)) if isinstance(guest_id, int) else None
    if guest is None:
        return _("a guest") if _ is not None else "a guest"
    return guest.name if _ is None else card_of(_, "guest", guest.id, guest.name)


SOLO_REASONS: dict[str, str] = {
    "depicted die": "the die on the card",
    "as shown": "as the instruction card shows",
    "colour": "the {colour} guest with the most VP",
    "no colour": "no {colour} guest on display, so the one with the most VP",
    "any colour": "any colour, so the one with the most VP",
    "most dice": "the card's question mark: the space with the most dice",
    "least progress": "the card's question mark: the card with the least progress",
    "more dice": "of spaces {first} and {second}, the one with more dice",
}
"""The solo opponent's reasons (the key of the event's "reason" datum, `engine.gah.solo_reasons.KEYS`: why this
guest, die or politics card) in plain English words; any other is said as the engine says it."""

SOLO_REASONS_STORED: tuple[tuple[str, str], ...] = (
    (r"\bthe depicted die\b", "the die on the card"),
    (r"\bcard (\w) as shown\b", "as the instruction card shows"),
    (r"^(red|blue|yellow|green), the most VP", r"the \1 guest with the most VP"),
    (r"^no (\w+) guest in the queue: the most VP", r"no \1 guest on display, so the one with the most VP"),
    (r"^any colour: the most VP", "any colour, so the one with the most VP"),
    (r"\bquestion mark: ", "the card's question mark: "),
    (r"\btie broken by the hand pointing (\w+)", r"a tie broken by the card's hand, pointing \1"),
    (r"^of (\d) and (\d), the one with more dice", r"of spaces \1 and \2, the one with more dice"),
)
"""`SOLO_REASONS` for a game stored before the "reason" datum: (pattern in the engine's English, replacement)."""


def _solo_reason_words(event: Event, data: dict[str, Any]) -> str:
    """The reason datum `data` of a solo opponent's `event` in plain English, with its tie-break."""
    his = PRONOUNS.get(event.player or "", PRONOUNS["Leopold"])["possessive"]
    key = str(data.get("key"))
    values = {key: value for key, value in data.items() if key not in ("key", "hand")}
    plain = SOLO_REASONS.get(key)
    if plain is None:
        said = Reason(key, values, his=his).text
    else:
        spaces = [str(space) for space in values.get("spaces", [])] or [""]
        said = plain.format(first=spaces[0], second=spaces[-1], **values)
    hand = data.get("hand")
    return f"{said}, a tie broken by the card's hand, pointing {hand}" if hand else said


def _solo_head(event: Event) -> tuple[str, str] | None:
    """What a solo opponent's die, guest or objective event says before and after its reason, from its data; None
    when the data does not tell it (a game stored before, a plug-in's politics card)."""
    data = event.data
    his = PRONOUNS.get(event.player or "", PRONOUNS["Leopold"])["possessive"]
    if event.kind == "die":
        return f"takes a die from space {data.get('space')}", " and does not carry out its action"
    guest = guests().get(data.get("guest", -1))
    if event.kind == "solo_guest" and guest is not None and isinstance(data.get("position"), int):
        return (f"takes {guest.name} ({guest.color}, {guest.vp} VP) from display position {data['position'] + 1}",
                "")
    card = politics().get(data.get("card", -1))
    slot, mark = data.get("slot"), data.get("mark")
    if event.kind != "solo_objective" or card is None or not isinstance(slot, int) or mark not in (1, 2, 3):
        return None
    named = f"politics card {'ABC'[slot]} (\"{card.text}\")"
    if mark == 3:
        return f"places a marker on III of {named}", ""
    return f"moves {his} marker to {'I' * mark} on {named}", " and claims it" if mark == 1 else ""


def _solo_reason_phrase(_: Translator, event: Event, paid: int) -> str:
    """A solo opponent's guest, die or objective with its reason in plain words ("takes a die from space 4 (the die
    on the card) and does not carry out its action"), from its data (a game stored before the "reason" datum: the
    engine's sentence, `words_stored`)."""
    if event.kind == "solo_objective" and "slot" not in event.data:
        return without_name(event)  # every politics card claimed: the one form without a card or a reason
    data, head = event.data.get("reason"), _solo_head(event)
    if isinstance(data, dict) and head is not None:
        return f"{head[0]} ({_solo_reason_words(event, data)}){head[1]}"
    said = without_name(event)
    found = words_stored.text_match(event, r"(.*?) \(([^()]*)\)( and does not carry out its action| and claims it)?",
                                    whole=True)
    if found is None:
        return said
    before, reason, tail = found.group(1), found.group(2), found.group(3) or ""
    for pattern, words in SOLO_REASONS_STORED:
        reason = re.sub(pattern, words, reason)
    return f"{before} ({reason}){tail}"


def _die_phrase(_: Translator, event: Event, paid: int) -> str | None:
    if not die_carried_out(event):
        return _solo_reason_phrase(_, event, paid)
    data = event.data
    space, strength, boost = int(data["space"]), int(data["strength"]), int(data.get("boost", 0))
    fee = paid - boost
    named = action_name(_, space)
    if not die_taken(event):
        where = _("uses space {space}, {action}", space=space, action=named)
    else:
        where = _("takes a die from space {space}, {action}", space=space, action=named)
    if space == 6:
        where += f" ({krones_words(_, fee)})"
    boosted = " " + _("with a boost ({krones})", krones=count(1, "krone", language=_.language)) if boost else ""
    return where + boosted + ": " + _("strength {strength}", strength=strength)


def _extra_action_phrase(_: Translator, event: Event, paid: int) -> str | None:
    """E. Gizia (2021): "uses space 3, Prepare rooms, again: strength 2", from the "space" and "strength" data
    (a game stored before them: the engine's sentence, `words_stored`)."""
    space, strength = event.data.get("space"), event.data.get("strength")
    if space is None or strength is None:
        found = words_stored.text_match(event, r"space (\d) again \(strength (\d+)\)")
        if not found:
            return None
        space, strength = found.group(1), found.group(2)
    space = int(space)
    charge = f" ({krones_words(_, paid)})" if paid else ""
    again = _("uses space {space}, {action}, again", space=space, action=action_name(_, space))
    return again + charge + ": " + _("strength {strength}", strength=strength)


SOLO_CARD = re.compile(r"turns over instruction card (\d+): guests ([^;]*); die ([^;]*); ([^;]*); hand points (\w+)$")
"""The engine's summary of a solo opponent's instruction card (engine.gah.solo.describe): its number, guest
symbols, die, extra symbols and the direction of its hand."""

BORDER = re.compile(r" \((silver|gold)\)$")


def _bordered(symbol: str, words: Callable[[str], str]) -> str:
    """A card symbol's words, with its border ("gold border": it counts only at that difficulty and above)."""
    found = BORDER.search(symbol)
    plain = symbol[: found.start()] if found else symbol
    return words(plain.strip()) + (f" ({found.group(1)} border)" if found else "")


def _solo_guest_words(color: str) -> str:
    return "a guest of any colour" if color == "any" else f"a {color} guest"


def _solo_die_words(die: str) -> str:
    if die == "?":
        return "a die from the space with the most dice"
    if die == "coloured":
        return "a coloured die"
    return f"a die from space {die}"


def _solo_extra_words(extra: str) -> str:
    steps = re.fullmatch(r"Emperor \+(\d+)", extra)
    if steps:
        return f"{count(int(steps.group(1)), 'step')} up the Emperor track"
    if extra == "staff card":
        return "a staff card from the top of the deck"
    objective = re.fullmatch(r"objective (\S+)", extra)
    if objective:
        card = objective.group(1)
        return "progress on a politics card" if card == "?" else f"progress on politics card {card}"
    return extra


def _solo_card_phrase(_: Translator, event: Event, paid: int) -> str:
    """A solo opponent's instruction card as a sentence: what it asks for (the lines after it tell what the
    opponent does), e.g. "turns over instruction card 198, which asks for a red guest, a die from space 6, a staff
    card from the top of the deck and progress on politics card B (gold border); his hand points left to break
    ties"."""
    said = without_name(event)
    found = SOLO_CARD.fullmatch(said)
    if found is None:
        return said
    number, guest_part, die, extra_part, hand = found.groups()
    parts = [_bordered(symbol, _solo_guest_words) for symbol in guest_part.split(", ") if symbol]
    parts.append(_solo_die_words(die))
    parts += [_bordered(symbol, _solo_extra_words) for symbol in extra_part.split(", ") if symbol.strip()]
    his = PRONOUNS.get(event.player or "", PRONOUNS["Leopold"])["possessive"]  # the card's hand: the opponent's
    asks = joined_with_and(parts)
    return f"turns over instruction card {number}, which asks for {asks}; {his} hand points {hand} to break ties"


def _solo_ignore_phrase(_: Translator, event: Event, paid: int) -> str:
    """A symbol the difficulty leaves out: "ignores the gold-bordered objective B symbol at medium difficulty"."""
    said = without_name(event).replace("objective ? symbol", "any-objective symbol")
    return re.sub(r" symbol \((\w+)\)$", r" symbol at \1 difficulty", said)


def _emperor_tile_words(_: Translator, event: Event, side: int) -> str:
    """An Emperor reward (`side` 0) or penalty (`side` 1) with what it is, from the tile's data
    (engine/gah/data/emperor_tiles.json), e.g. "suffers the penalty of Emperor tile A3 (put 2 staff cards from the hand
    on the bottom of the deck, or lose 5 VP)"."""
    tile = emperor_tiles().get(str(event.data.get("tile", "")))
    said = without_name(event)
    if _.language != "en" and tile is not None:
        said = (_("receives the reward of Emperor tile {tile}", tile=tile.id) if side == 0 else
                _("suffers the penalty of Emperor tile {tile}", tile=tile.id))
    if tile is None:
        return said
    if _.language == "en":
        return f"{said} ({emperor_sentences(tile)[side]})"
    return f"{said} ({describe_all_in(_, [tile.penalty if side else tile.reward])})"


def _emperor_reward_phrase(_: Translator, event: Event, paid: int) -> str:
    return _emperor_tile_words(_, event, 0)


def _emperor_penalty_phrase(_: Translator, event: Event, paid: int) -> str:
    return _emperor_tile_words(_, event, 1)


def _loss_phrase(_: Translator, event: Event, paid: int) -> str:
    """Krones lost to a penalty ("loses 3 krones (Emperor tile A1)"), its "cause" datum in brackets (a game stored
    before it: the engine's sentence, `words_stored`)."""
    caused = event.data.get("cause")
    if not isinstance(caused, str):
        found = words_stored.text_match(event, r"loses \d+ krones? \((.*)\)", whole=True)
        caused = found.group(1) if found else ""
    where = f" ({card(_, caused)})" if caused else ""
    lost = count(int(event.data.get("amount", 0)), "krone", language=_.language, as_object=True)
    return _("loses {krones}", krones=lost) + where


def _imitate_phrase(_: Translator, event: Event, paid: int) -> str:
    space = int(event.data.get("space", 0))
    return _("copies space {space}, {action}", space=space, action=action_name(_, space))


def _guest_phrase(_: Translator, event: Event, paid: int) -> str:
    data = event.data
    cost = int(data.get("cost", 0))
    guest = guests().get(int(data.get("guest", -1)))
    if _.language == "en" or guest is None:
        about = f" ({guest.color}, {guest.vp} VP)" if guest is not None else ""
        return f"takes {guest_name(data.get('guest'))}{about} into the café ({krones_words(_, cost)})"
    return _("takes {guest} ({colour}, {vp}) into the café ({krones})", guest=guest_name(guest.id, _),
             colour=colour(_, guest.color), vp=count(guest.vp, "VP", language=_.language),
             krones=krones_words(_, cost))


def _checkin_phrase(_: Translator, event: Event, paid: int) -> str:
    data = event.data
    guest = guests().get(int(data.get("guest", -1)))
    room = space_name(int(data["space"]))
    if _.language == "en" or guest is None:
        about = f" ({guest.color}, {guest.vp} VP)" if guest is not None else ""
        return f"checks in {guest_name(data.get('guest'))}{about} to room {room}"
    return _("checks in {guest} ({colour}, {vp}) to room {room}", guest=guest_name(guest.id, _),
             colour=colour(_, guest.color), vp=count(guest.vp, "VP", language=_.language), room=room)


def _play_staff_phrase(_: Translator, event: Event, paid: int) -> str:
    price = int(event.data.get("price", paid))
    number = event.data.get("card")
    known = staff().get(number) if isinstance(number, int) else None
    if known is None:  # a game stored before the "card" datum: the engine's sentence names it (`words_stored`)
        found = words_stored.text_match(event, r"hires the (.*)", whole=True)
        english = found.group(1) if found else None
    else:
        english = known.name
    if english is None:
        return f"{without_name(event)} ({krones_words(_, price)})"
    if _.language == "en":
        return f"hires the {english} ({krones_words(_, price)})"
    return _("hires {card} ({krones})", card=card_of(_, "staff", number, english), krones=krones_words(_, price))


def _occupancy_bonus_phrase(_: Translator, event: Event, paid: int) -> str:
    data = event.data
    rooms = count(int(data.get("size", 0)), "room", language=_.language)
    return _("fills a {colour} group of {rooms} (occupancy bonus)", colour=colour(_, str(data.get("color"))),
             rooms=rooms)


def _kitchen_phrase(_: Translator, event: Event, paid: int) -> str:
    return _("keeps {items} in the kitchen", items=item_list(_, [int(n) for n in event.data.get("items", [])]))


def _pay_phrase(_: Translator, event: Event, paid: int) -> str:
    if krones_lost(event):
        return _loss_phrase(_, event, paid)
    if _.language == "en" or "amount" not in event.data:
        return agree(without_name(event))
    krones = count(int(event.data["amount"]), "krone", language=_.language, as_object=True)
    room, named = _paid_for(event)
    if room:
        return _("pays {krones} for room {room}", krones=krones, room=room)
    if named:
        return _("pays {krones} for {card}", krones=krones, card=card(_, named))
    return _("pays {krones}", krones=krones)


PAID_FOR_NAMES = {"coloured die": "coloured die", "toll": "Toll Bridge Hotel"}
"""The English name told for a payment by its "paid_for" kind, where it names no card or room (a hotel entrance
won at auction, a guest, an action, a boost and the kitchen's fee are told by the amount alone)."""


def _paid_for(event: Event) -> tuple[str, str]:
    """(room, English name) that a payment was for, from its "paid_for" datum (`engine.gah.mechanics.pay`): a room,
    a staff card (the Conference Manager's krone; a hire's krones join the hire's line) or the coloured die; ("",
    "") for one told by its amount alone (a guest, action 6, a boost, the kitchen's fee). A game stored before the
    datum (or a plug-in's payment without it): read from the engine's sentence (`words_stored`)."""
    about = event.data.get("paid_for")
    if isinstance(about, dict):
        number = about.get("card")
        known = staff().get(number) if isinstance(number, int) else None
        named = known.name if known is not None else PAID_FOR_NAMES.get(str(about.get("kind")), "")
        return str(about.get("room", "")), named
    found = words_stored.text_match(event, r"pays \d+ krones? for (?:room (\d-\d)|the (.+))", whole=True)
    return (found.group(1) or "", found.group(2) or "") if found else ("", "")


def _emperor_retreat_phrase(_: Translator, event: Event, paid: int) -> str:
    return _("moves back to space {space} of the Emperor track", space=event.data.get("emperor"))


PHRASES: dict[str, Phrase] = {
    "die": _die_phrase,
    "extra_action": _extra_action_phrase,
    "solo_card": _solo_card_phrase,
    "imitate": _imitate_phrase,
    "guest": _guest_phrase,
    "checkin": _checkin_phrase,
    "play_staff": _play_staff_phrase,
    "vp": words_gains.vp_phrase,
    "krones": words_gains.krones_phrase,
    "emperor": words_gains.emperor_phrase,
    "occupancy_bonus": _occupancy_bonus_phrase,
    "kitchen": _kitchen_phrase,
    "emperor_retreat": _emperor_retreat_phrase,
    "emperor_reward": _emperor_reward_phrase,
    "emperor_penalty": _emperor_penalty_phrase,
    "solo_ignore": _solo_ignore_phrase,
    "solo_guest": _solo_reason_phrase,
    "solo_objective": _solo_reason_phrase,
    "pay": _pay_phrase,
    **registry.merged_phrases(),  # each Let's Waltz module's own (bot/games/gah/waltz/<module>.py)
}
"""The words of each event kind that has its own (any other is told by the engine's sentence, see
`ENGINE_SENTENCE`)."""

ENGINE_SENTENCE = frozenset({
    "bottom", "discard_guests", "discard_staff", "draft", "draft_pass", "emperor_solo", "extra_turn", "fill_order",
    "keep_staff", "pass", "politics", "reshuffle", "secretary", "solo", "solo_no_die", "solo_no_guest",
    "solo_reshuffle", "solo_reveal", "solo_room", "solo_staff_empty", "use_staff",
}) | registry.union(lambda words: words.as_written)
"""Event kinds whose engine sentence is already the right line (told as written, without the player's name): the
base game's and the solo opponent's, and each Let's Waltz module's (`ModuleWords.as_written`)."""
