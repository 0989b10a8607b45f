"""The words of the events that English tells by the engine's own sentence (`words_phrases.ENGINE_SENTENCE`), in
another language (issue 55, item 2): each a whole sentence of the catalogs with named placeholders, its facts read
from the event's data (the engine's sentence, through `words_stored.text_match`, only for a game stored before the
data, or a form the data does not tell). A kind without words here (the solo opponent's and the Let's Waltz
modules' rarer events) keeps the engine's English sentence.
"""

from __future__ import annotations

from bot.games.gah import words_stored
from bot.games.gah.event_facts import guest_name, penalty_losses, politics_claimed
from bot.games.gah.event_text import ENGLISH_FROM_DATA
from bot.games.gah.waltz import registry  # importing it loads every module's words (`bot.games.gah.waltz`)
from bot.games.gah.waltz.registry import EventWords
from bot.games.gah.words_names import card, card_of, items_counted, joined, listed, rule
from engine.core.actions import Event
from engine.gah.cards import politics, space_name, staff
from render.core.i18n import Translator
from render.core.plural import count


def _room(event: Event) -> str:
    return space_name(int(event.data.get("space", 0)))


def _staff(_: Translator, event: Event, pattern: str) -> str:
    """The staff card the event names: by its data's number, else (a game stored before, `words_stored`) as the
    engine's sentence names it."""
    number = event.data.get("card")
    known = staff().get(number) if isinstance(number, int) else None
    if known is not None:
        return card_of(_, "staff", number, known.name)
    found = words_stored.text_match(event, pattern)
    return card_of(_, "staff", number, found.group(1) if found else "?")


def _items(_: Translator, event: Event) -> str:
    """"receives 1 strudel (action 1)": the items and their "reason" datum (else, for a game stored before, the
    engine sentence's last brackets)."""
    said = _.gettext("receives {items}", items=items_counted(
        _, [int(n) for n in event.data.get("items", [])], listed))
    why = event.data.get("reason")
    if not isinstance(why, str):
        found = words_stored.text_match(event, r"\(([^()]*)\)\.?$")
        why = found.group(1) if found else None
    return f"{said} ({rule(_, why)})" if why else said


def _penalty(_: Translator, event: Event) -> str:
    lost = penalty_losses(event)
    if "krones" in lost:
        return _("loses every krone and every dish and drink in the kitchen")
    if "café" in lost:
        return _("returns every dish and drink in the kitchen and café")
    return _("returns every dish and drink in the kitchen")


def _politics(_: Translator, event: Event) -> str | None:
    number = event.data.get("card")
    known = politics().get(number) if isinstance(number, int) else None
    if known is None:
        return None
    return _('claims the politics card "{card}"', card=card_of(_, "politics", number, known.text))


def _secretary(_: Translator, event: Event) -> str | None:
    """The card the Secretary copies, by its "card" datum (else, for a game stored before, the engine's sentence)."""
    number = event.data.get("card")
    known = staff().get(number) if isinstance(number, int) else None
    if known is not None:
        copied = card_of(_, "staff", number, known.name)
    elif found := words_stored.text_match(event, r"'s Secretary copies the (.+?)(?: \(|\.?$)"):
        copied = card(_, found.group(1))
    else:
        return None
    return _("copies {card} with the {secretary}", card=copied, secretary=card(_, "Secretary"))


def _kept(event: Event) -> int:
    """The number of staff cards a "keep_staff" event keeps, by its "count" datum (else, for a game stored before,
    the number in the engine's "keeps 3 staff cards"; 0 when it has none)."""
    if isinstance(event.data.get("count"), int):
        return int(event.data["count"])
    found = words_stored.text_match(event, r"keeps (\d+) ")
    return int(found.group(1)) if found else 0


def _game_over(_: Translator, event: Event) -> str:
    winners = [str(name) for name in event.data.get("winners", [])]
    listed = joined(_, winners) if winners else "-"  # outside the call: `pybabel extract` reads a nested `_` anew
    return _.ngettext("The game is over. Winner: {winners}", "The game is over. Winners: {winners}", len(winners),
                      winners=listed)


PHRASES: dict[str, EventWords] = {
    "keep_staff": lambda _, event: _.ngettext("keeps {count} staff card", "keeps {count} staff cards",
                                              _kept(event)),
    "emperor_solo": lambda _, event: _("gets neither reward nor penalty (solo rules)"),
    "fill_order": lambda _, event: (_("completes {guest}'s order", guest=card(_, guest_name(event)))
                                    if guest_name(event) else None),
    "items": _items,
    "occupy": lambda _, event: _("occupies room {room}", room=_room(event)),
    "remove_room": lambda _, event: _("loses room {room}", room=_room(event)),
    "penalty": _penalty,
    "pass": lambda _, event: _("passes"),
    "draw_staff": lambda _, event: _.ngettext("draws {count} staff card", "draws {count} staff cards",
                                              int(event.data.get("count", 0))),
    "use_staff": lambda _, event: _("uses the {card}", card=_staff(_, event, r"uses the (.*?)\.?$")),
    "discard_staff": lambda _, event: _("discards the {card}", card=_staff(_, event, r"discards the (.*?)\.?$")),
    "bottom": lambda _, event: _("puts a staff card on the bottom of the deck"),
    "politics": _politics,
    "secretary": _secretary,
    "final_score": lambda _, event: _("finishes with {vp} (rank {rank})", vp=count(
        int(event.data.get("total", 0)), "VP", language=_.language), rank=event.data.get("rank", "?")),
    "game_over": _game_over,
    "return_staff": lambda _, event: _("returns the {card} to the deck", card=_staff(
        _, event, r"returns the (.*?) to the deck")),
    "draft": lambda _, event: _("keeps a staff card"),
    "draft_pass": lambda _, event: _("Everyone passes the remaining staff cards to the left"),
    "extra_turn": lambda _, event: _("starts an extra turn ({card})", card=card(_, "E. Gizia")),
    "penalty_ignored": lambda _, event: (
        _("keeps the Emperor penalty away with the {card}", card=card(_, "Conference Manager"))
        if "card" in event.data or words_stored.text_match(event, "Conference Manager")
        else _("ignores the Emperor penalty")),
    **registry.merged_events(),  # each Let's Waltz module's own (bot/games/gah/waltz/<module>.py)
}
"""The words of an engine-sentence event kind in a language other than English, by kind (None: the engine's
sentence after all, for a form the words do not know)."""


def phrase(_: Translator, event: Event) -> str | None:
    """`event` as a verb phrase without its subject in `_`'s language, or None: English (except the kinds of
    `event_text.ENGLISH_FROM_DATA`, worded by their msgids), or a kind (or form) with no words here (the engine's
    sentence is told)."""
    if (_.language == "en" and event.kind not in ENGLISH_FROM_DATA) or (words := PHRASES.get(event.kind)) is None:
        return None
    if event.kind == "politics" and not politics_claimed(event):
        return None
    return words(_, event)
