"""The words of single events, as a verb phrase without the subject (`PHRASES`, by event kind): dice and
extra actions with what they cost, check-ins, staff cards, Emperor tiles, the solo opponent's cards and reasons,
and each Let's Waltz module's own (`bot.games.gah.waltz`, e.g. the entrance auction's bids).
`bot.games.gah.words` builds the lines and sections of a recap from them."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from bot.games.gah import words_gains
from bot.games.gah.event_text import without_name as without_name  # the recap's words, as `words` imports them
from bot.games.gah.waltz import registry  # importing it loads every module's words (`bot.games.gah.waltz`)
from bot.games.gah.waltz.registry import Phrase as Phrase
from bot.games.gah.words_names import action_name, card, card_of, colour, items_counted, joined
from bot.host.safe_text import safe_text
from engine.core.actions import Event
from engine.gah.cards import emperor_tiles, guests, space_name
from engine.gah.config import PRONOUNS
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


SOLO_REASONS: tuple[tuple[str, str], ...] = (
    (r"\bthe depicted die\b", "the die on the card"),
    (r"\bcard (\w) as shown\b", "as the instruction card shows"),
    (r"^(red|blue|yellow|green), the most VP", r"the \1 guest with the most VP"),
    (r"^no (\w+) guest in the queue: the most VP", r"no \1 guest on display, so the one with the most VP"),
    (r"^any colour: the most VP", "any colour, so the one with the most VP"),
    (r"\bquestion mark: ", "the card's question mark: "),
    (r"\btie broken by the hand pointing (\w+)", r"a tie broken by the card's hand, pointing \1"),
    (r"^of (\d) and (\d), the one with more dice", r"of spaces \1 and \2, the one with more dice"),
)
"""The solo opponent's reasons (engine.gah.solo: why this guest, die or politics card) in plain words, as (pattern,
replacement)."""


def _solo_reason_phrase(_: Translator, event: Event, paid: int) -> str:
    """A solo opponent's guest, die or objective with its reason in plain words ("takes a die from space 4 (the die
    on the card) and does not carry out its action")."""
    said = without_name(event)
    found = re.fullmatch(r"(.*?) \(([^()]*)\)( and does not carry out its action| and claims it)?", said)
    if found is None:
        return said
    head, reason, tail = found.group(1), found.group(2), found.group(3) or ""
    for pattern, words in SOLO_REASONS:
        reason = re.sub(pattern, words, reason)
    return f"{head} ({reason}){tail}"


def _die_phrase(_: Translator, event: Event, paid: int) -> str | None:
    if "does not carry out" in event.text:
        return _solo_reason_phrase(_, event, paid)
    data = event.data
    space, strength, boost = int(data["space"]), int(data["strength"]), int(data.get("boost", 0))
    fee = paid - boost
    named = action_name(_, space)
    if "without taking" in event.text:
        where = _("uses space {space}, {action}", space=space, action=named)
    else:
        where = _("takes a die from space {space}, {action}", space=space, action=named)
    if space == 6:
        where += f" ({krones_words(_, fee)})"
    boosted = " " + _("with a boost ({krones})", krones=count(1, "krone", language=_.language)) if boost else ""
    return where + boosted + ": " + _("strength {strength}", strength=strength)


def _extra_action_phrase(_: Translator, event: Event, paid: int) -> str | None:
    """E. Gizia (2021): "uses space 3 again (strength 2)", data not given."""
    found = re.search(r"space (\d) again \(strength (\d+)\)", event.text)
    if not found:
        return None
    space = int(found.group(1))
    charge = f" ({krones_words(_, paid)})" if paid else ""
    again = _("uses space {space}, {action}, again", space=space, action=action_name(_, space))
    return again + charge + ": " + _("strength {strength}", strength=found.group(2))


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
    """Krones lost to a penalty ("loses 3 krones (Emperor tile A1)")."""
    found = re.search(r"loses \d+ krones? \((.*)\)$", without_name(event))
    where = f" ({card(_, found.group(1))})" if found else ""
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
    found = re.fullmatch(r"hires the (.*)", without_name(event))
    if _.language == "en" or found is None:
        return f"{without_name(event)} ({krones_words(_, price)})"
    name = card_of(_, "staff", event.data.get("card"), found.group(1))
    return _("hires {card} ({krones})", card=name, krones=krones_words(_, price))


def _occupancy_bonus_phrase(_: Translator, event: Event, paid: int) -> str:
    data = event.data
    rooms = count(int(data.get("size", 0)), "room", language=_.language)
    return _("fills a {colour} group of {rooms} (occupancy bonus)", colour=colour(_, str(data.get("color"))),
             rooms=rooms)


def _kitchen_phrase(_: Translator, event: Event, paid: int) -> str:
    return _("keeps {items} in the kitchen", items=item_list(_, [int(n) for n in event.data.get("items", [])]))


def _pay_phrase(_: Translator, event: Event, paid: int) -> str:
    if " loses " in event.text:
        return _loss_phrase(_, event, paid)
    found = re.fullmatch(r"pays \d+ krones? for (?:room (\d-\d)|the (.+))", without_name(event))
    if _.language == "en" or "amount" not in event.data:
        return agree(without_name(event))
    krones = count(int(event.data["amount"]), "krone", language=_.language, as_object=True)
    if found and found.group(1):
        return _("pays {krones} for room {room}", krones=krones, room=found.group(1))
    if found:
        return _("pays {krones} for {card}", krones=krones, card=card(_, found.group(2)))
    return _("pays {krones}", krones=krones)


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
