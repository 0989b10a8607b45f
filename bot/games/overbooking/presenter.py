"""How the bot shows an Overbooking game: the turn panel, the words of moves, the pictures and the texts.

The presentation half of `bot.games.overbooking.kind.KIND` (the shared machinery asks it through
`GameKind.presenter()`, by the typed methods of `bot.host.kind_presenter.Presenter` at the end of this module).
Placing a card takes one or two clicks on the panel: choose the card (a select), then
the hotel and side (buttons). Hidden information stays hidden: a player's hand is only in their own ephemeral
panel and "My hand"; every public picture and word comes from the spectator's `player_view` or from event texts,
which name a face-down card only as "a card".
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import render.overbooking as pictures
from bot.games.overbooking import rules_pages as overbooking_rules
from bot.games.overbooking.words import event_words, undo_words
from bot.host import kind_presenter as contract
from bot.host.i18n import Translator, translator
from bot.host.option_menus import module_choices, option_menus, placeholders, variant_flags
from bot.host.panel_types import MAX_BUTTONS, MAX_OPTIONS, Choice, Panel, Row
from bot.host.safe_text import safe_text
from bot.host.text_pages import paginate
from engine.core.actions import Action
from engine.overbooking import final_scores, player_view
from engine.overbooking.data import bundled_data
from engine.overbooking.options_spec import OPTIONS
from engine.overbooking.placement import DOOR, card_label
from engine.overbooking.state import CARDS_PER_ROUND, GameState
from render.core.lang import ENGLISH, N_
from render.core.plural import count
from render.overbooking.common import crest_name, guest_kind

TITLE = "Overbooking"
PROVISIONAL = N_("provisional card values and hotels")
"""The label every place that shows the game's numbers carries while they are not the printed ones (issue 18)."""

OPTION_CHOICES: list[tuple[str, list[tuple[str, str]]]] = option_menus(OPTIONS)
"""The lobby's option menus, from `engine.overbooking.options_spec.OPTIONS` (`GameConfig.scoring`, and
`GameConfig.without_score_cards` in the "variants" menu, ticked or not)."""
VARIANT_FLAGS: tuple[str, ...] = variant_flags(OPTIONS)
"""The boolean options, chosen in the one "variants" menu (any number, none included)."""
NO_SCORE_CARDS = N_("Played without the score cards (first-game variant): no crest-set bonus.")
"""The line the final post and `/overbooking score` add when the game is played without the score cards."""
LOBBY_FOOTER = N_("Join, add AI players, then the host presses Start (2-4 seats).")
OPTION_PLACEHOLDERS: Mapping[str, str] = placeholders(OPTIONS)
"""What an option menu says while nothing is chosen: the option's name for every one."""
OPTION_NOTES: Mapping[str, str] = {}
"""No notes under the option labels."""
MODULE_CHOICES: tuple[tuple[str, str, str], ...] = module_choices(())
"""Overbooking has no modules."""
MENUS = contract.OptionMenus(OPTION_CHOICES, VARIANT_FLAGS, OPTION_PLACEHOLDERS, OPTION_NOTES, MODULE_CHOICES)
"""The lobby's option menus."""

def provisional_note(provisional: bool, _: Translator | None = None) -> str:
    """The sentence that marks provisional numbers, in `_`'s language (English when None; "" when the printed
    values are loaded)."""
    return overbooking_rules.provisional_note(_ or translator(None), provisional)


def rules_pages(provisional: bool, locale: str | None = None) -> tuple[str, ...]:
    """`/overbooking rules` in the language of the Discord `locale` (English for None and any other than Polish
    or German): the pages, the first one saying whether the numbers are provisional."""
    return overbooking_rules.overbooking_pages(translator(locale), provisional)


RULES_PAGES: tuple[str, ...] = rules_pages(False)
"""The pages in English with the printed numbers."""


def lobby_note(provisional: bool, *, language: str = "en") -> str:
    """A line for the lobby about the numbers the game will use, in `language`."""
    _ = translator(language)
    return (_("This game uses provisional card values and hotels.") if provisional
            else _("This game uses the printed card values and hotels loaded by the server admin."))


def lobby_fields(options: Mapping[str, object], provisional: bool, *, language: str = "en"
                 ) -> list[tuple[str, str]]:
    """The lobby embed's own field (name, value): provisional or printed numbers, in the lobby's `language`."""
    _ = translator(language)
    return [(_("Card values and hotels"), lobby_note(provisional, language=language))]


def lobby_footer(options: Mapping[str, object], *, language: str = "en") -> str:
    """The lobby embed's footer, in the lobby's `language`."""
    return translator(language)(LOBBY_FOOTER)


def options_note(options: Mapping[str, object], *, language: str = "en") -> str:
    """Nothing to add after the options line of the host's options message."""
    return ""


# ----- the turn panel ---------------------------------------------------------------------------------------------
# Every word of the panel is in the clicker's language (`language=`, `bot.host.language`); the choices' indices and
# pages, which make the custom ids and values, never depend on it.

def _card_name(_: Translator, state: GameState, card: int) -> str:
    """ "Bird 3 (maids)" in `_`'s language (`engine.overbooking.placement.card_label` in English)."""
    if _.language == "en":
        return card_label(state, card)
    guest = state.card(card)
    return _("{crest} {beds} ({kind})", crest=crest_name(state, guest.crest, _), beds=guest.beds,
             kind=guest_kind(_, guest.kind))


def _card_words(state: GameState, card: int, _: Translator = ENGLISH) -> tuple[str, str]:
    guest = state.card(card)
    return _card_name(_, state, card), _("{coins} · needs {beds}",
                                         coins=_.ngettext("{count} coin", "{count} coins", guest.coins),
                                         beds=_.ngettext("{count} bed", "{count} beds", guest.beds))


RULE_WORDS = {"none": "", "small_only": N_("groups 1-3"), "large_only": N_("groups 4-6"),
              "first_face_up": N_("1st face up"), "second_face_up": N_("2nd face up"),
              "monks_first": N_("monks first"), "soldiers_first": N_("soldiers first"),
              "no_soldiers": N_("no soldiers"), "no_back_door": N_("no back door"), "two_crests": N_("two crests")}
"""A hotel's booking rule in a few words for a button (the full sentence is `engine.overbooking.data.RULES`)."""

SIDE_WORDS = {"queue": N_("queue"), DOOR: N_("back door")}


def _hotel_words(state: GameState, slot: int, _: Translator = ENGLISH) -> str:
    face = state.face(slot)
    rule = RULE_WORDS.get(face.rule, face.rule.replace("_", " "))
    beds = _.ngettext("{count} bed", "{count} beds", face.beds)
    if rule:
        return _("Hotel {number} ({beds}, {rule})", number=slot + 1, beds=beds, rule=_(rule))
    return _("Hotel {number} ({beds})", number=slot + 1, beds=beds)


ABILITY_WORDS: dict[str, str] = {"maids": N_("Maids replace queue card {number}"),
                                 "nobles": N_("Nobles book queue card {number} first"),
                                 "soldiers": N_("Soldiers replace queue card {number}")}
"""A back-door answer's words by ability (`engine.overbooking.game.ABILITY_TEXTS`, capitalised)."""

DECLINE_WORDS: dict[str, str] = {"maids": N_("Decline the maids' ability"),
                                 "nobles": N_("Decline the nobles' ability"),
                                 "soldiers": N_("Decline the soldiers' ability")}


def _ability_label(state: GameState, action: Action, _: Translator = ENGLISH) -> str:
    """A back-door answer's button label: "Maids replace queue card 2" names the card as well ("Maids replace
    queue card 2: bob's 3-group of monks"), so the choice is not taken blind."""
    label = action.text[:1].upper() + action.text[1:]
    if action.kind == "decline" and state.pending is not None and state.pending.ability in DECLINE_WORDS:
        label = _(DECLINE_WORDS[state.pending.ability])
    elif action.kind in ABILITY_WORDS and action.args and isinstance(action.args[0], int):
        label = _(ABILITY_WORDS[action.kind], number=action.args[0] + 1)
    pending = state.pending
    if pending is None or not action.args:  # "decline" has no card to name
        return label
    queue = state.hotels[pending.hotel].queue
    position = action.args[0]
    if not isinstance(position, int) or not 0 <= position < len(queue):
        return label
    target = queue[position]
    if target.card < 0:  # not revealed in this view (the hotel books face up, so only a stale view)
        return label
    return _("{choice}: {player}'s {card}", choice=label, player=state.players[target.owner].name,
             card=_card_name(_, state, target.card))[:80]


PANEL_PLACES: dict[str, str] = {"play": "cards", "skip": "buttons", "pass": "buttons"}
"""Where phase 1's panel shows each action kind: "cards" (the select of cards, then a page of places per card) or
"buttons" (under it). tests/overbooking/test_kind_registries.py requires an entry for every phase 1 kind."""

BUTTON_WORDS: dict[str, str] = {"skip": N_("Skip the fifth card"), "pass": N_("Pass (no card fits)")}
"""Phase 1's buttons (`engine.overbooking.game.legal_actions`' texts, capitalised)."""

ABILITY_NAMES: dict[str, str] = {"maids": N_("Your maids at the back door of {hotel}: choose a card of yours in its "
                                             "queue, or decline."),
                                 "nobles": N_("Your nobles at the back door of {hotel}: choose a card of yours in its "
                                              "queue, or decline."),
                                 "soldiers": N_("Your soldiers at the back door of {hotel}: choose a workers card in "
                                                "its queue, yours or another player's, for them to replace, or "
                                                "decline.")}
"""The prompt of a back-door choice by ability (rulebook p. 7: maids and nobles choose among their owner's queue
cards, soldiers any workers card in the queue, "twoją bądź innych graczy")."""

PLACE_CARD = "place_card"
"""The decision kind of phase 1's panel (a card and where it goes); phase 2's are `engine.overbooking.resolve`'s
`CHOICE_ABILITIES` (`Pending.ability`)."""

HELP: dict[str, str] = {
    PLACE_CARD: N_("Phase 1 of the round (rulebook): in turn, each player places one card face down at a hotel until "
                   "everyone has placed 5. In the queue (at most 4 cards a hotel) a group asks for beds; at the back "
                   "door (at most 2 cards a hotel) its guests use their special ability in phase 2. The last player "
                   "may leave out their fifth card."),
    "maids": N_("Your maids at the back door (rulebook page 7, ability 3) may take the place of one of your own cards "
                "in this hotel's queue; the card they replace is discarded. You may also decline."),
    "nobles": N_("Your nobles at the back door (rulebook page 7, ability 4) let one of your cards in this hotel's "
                 "queue book its beds first, if enough beds are free. Of two nobles cards, the one nearer the hotel "
                 "chooses first. You may also decline."),
    "soldiers": N_("Your soldiers at the back door (rulebook page 7, ability 5) may take the place of any workers "
                   "card in this hotel's queue, yours or another player's; the workers card is discarded. You may "
                   "also decline."),
}
"""The answer of the panel's "?" button by Overbooking decision kind (`PLACE_CARD` and every back-door ability
with a choice; tests/overbooking/test_kind_registries.py), in English: `help_text` says it in a language."""

HELP_FALLBACK = N_("Choose one of the options on your panel. `/overbooking rules` explains the game.")

COMMAND_HELP = N_(
    "**Overbooking**\n"
    "`/overbooking new` opens a lobby: Join, AI players, scoring side, Start. On your turn *Take my turn* (or "
    "`/overbooking turn`) opens your private panel; `/overbooking hand` shows your guest cards to you.\n"
    "`/overbooking board`, `score` and `log` show the game; `/overbooking rules` sums up the rules; "
    "`stats`, `leaderboard`, `games`, `away`, `skip`, `ai`, `leave`, `takeback`, `cancel`, `vote` and `seats` "
    "work as in Grand Austria Hotel (`/gah help` tells them).")


def highlights(state: GameState, moves: Sequence[Any], *, language: str = "en") -> str:
    """None: the highlights tell VP swings, politics cards and Emperor scorings, which Overbooking has not."""
    return ""


def command_help(*, language: str = "en") -> str:
    """`/overbooking help`: the commands of this game in a few lines, in `language`."""
    return translator(language)(COMMAND_HELP)


def help_text(kind: str, *, language: str = "en") -> str:
    """The "?" answer for an Overbooking decision kind in `language`: `HELP`, or a pointer to the rules for a kind
    it lacks."""
    return translator(language)(HELP.get(kind, HELP_FALLBACK))


PANEL_STYLES: dict[str, str] = {"decline": "secondary"}
"""The button style of a back-door answer by action kind; a card to choose is "primary"."""


def build_panel(state: GameState, actions: list[Action], *, page: int = 0, language: str = "en") -> Panel:
    """The panel for the player on turn: page 0 lists the cards that can go somewhere (a select whose values are
    pages), plus skip/pass buttons; page `k` (1-based position among those cards) lists where card `k` may go, as
    buttons, and a button back to the cards. A back-door choice in phase 2 is buttons (or a select when long).
    Its words are in `language` (the clicker's)."""
    _ = translator(language)
    indexed = list(enumerate(actions))
    if state.pending is not None:
        ability = state.pending.ability
        hotel = _hotel_words(state, state.pending.hotel, _)
        prompt = _(ABILITY_NAMES[ability], hotel=hotel) if ability in ABILITY_NAMES else \
            f"{ability}: {hotel}"
        choices = [Choice(i, _ability_label(state, a, _), style=PANEL_STYLES.get(a.kind, "primary"))
                   for i, a in indexed]
        if len(choices) <= MAX_BUTTONS:
            return Panel(prompt, (Row(tuple(choices)),), decision=ability)
        return Panel(prompt, (Row(tuple(choices[:MAX_OPTIONS]), placeholder=_("Choose a card")),), decision=ability)
    plays = [(i, a) for i, a in indexed if PANEL_PLACES[a.kind] == "cards"]
    others = [Choice(i, _(BUTTON_WORDS[a.kind]) if a.kind in BUTTON_WORDS else a.text[:1].upper() + a.text[1:],
                     style="secondary") for i, a in indexed if PANEL_PLACES[a.kind] == "buttons"]
    cards: list[int] = []
    for _index, action in plays:
        if action.args[0] not in cards:
            cards.append(action.args[0])
    player = state.players[state.turn]
    prompt = _("Round {round}: place card {number} of {cards}. Choose a card, then where it goes.",
               round=state.round, number=player.placed + 1, cards=CARDS_PER_ROUND)
    if 1 <= page <= len(cards):
        card = cards[page - 1]
        label, words = _card_words(state, card, _)
        places = [Choice(i, _("{hotel}: {side}", hotel=_hotel_words(state, a.args[1], _),
                             side=_(SIDE_WORDS[a.args[2]])),
                         style="primary" if a.args[2] != DOOR else "success")
                  for i, a in plays if a.args[0] == card]
        place_rows = [Row(tuple(places[n:n + 4])) for n in range(0, len(places), 4)][:3]
        back = Row((Choice(0, _("Back to my cards")),), goes_to_page=True)
        return Panel(_("Where does {card} go? ({words})", card=label, words=words), (*place_rows, back),
                     decision=PLACE_CARD)
    rows: list[Row] = []
    if cards:
        options = [Choice(n + 1, *_card_words(state, card, _)) for n, card in enumerate(cards[:MAX_OPTIONS])]
        rows.append(Row(tuple(options), placeholder=_("Choose a card to place"), goes_to_page=True))
    if others:
        rows.append(Row(tuple(others[:MAX_BUTTONS])))
    return Panel(prompt, tuple(rows), decision=PLACE_CARD)


def status_line(state: GameState, name: str, *, language: str = "en") -> str:
    """What the player holds, from their own view: hand, booked cards, tokens."""
    seat = player_view(state, name).players[state.player_index(name)]
    coins = sum(state.card(card).coins for card in seat.booked)
    if language == "en":
        hand = ", ".join(card_label(state, card) for card in sorted(seat.hand)) or "none"
        return (f"Hand: {hand} · booked: {count(len(seat.booked), 'card')} ({count(coins, 'coin')}) · "
                f"{count(seat.tokens, 'point token')}")
    _ = translator(language)
    hand = ", ".join(_card_in(_, state, card) for card in sorted(seat.hand)) or _.pgettext("hand", "none")
    return _("Hand: {hand} · booked: {cards} ({coins}) · {tokens}", hand=hand,
             cards=count(len(seat.booked), "card", language=language), coins=count(coins, "coin", language=language),
             tokens=count(seat.tokens, "point token", language=language))


def _card_in(_: Translator, state: GameState, card: int) -> str:
    """ "Bird 3 (maids)" in `_`'s language (`engine.overbooking.placement.card_label`)."""
    guest = state.card(card)
    return f"{crest_name(state, guest.crest, _)} {guest.beds} ({guest_kind(_, guest.kind)})"


def quiet_turn(state: GameState) -> bool:
    """Whether the player now on turn goes on with this round's cards without a new ping: they were pinged for
    their first card of the round, and the cards of a round are one turn (a back-door choice pings anew)."""
    if state.phase != "place" or state.pending is not None or state.turn is None:
        return False
    return state.players[state.turn].placed > 0


def quick_switch(state: GameState) -> bool:
    """Overbooking has no multi-step turns: the quick-turn switch is never shown."""
    return False


# ----- words ----------------------------------------------------------------------------------------------------------

HEADINGS = frozenset({"resolve", "reveal", "round", "game_over"})
"""Event kinds told as a bold heading (a round's bookings, each hotel, a new round), the rest as bullets."""
BULLETS = frozenset({"place", "token", "skip", "pass", "ability", "book", "no_room"})
"""Event kinds told as a bullet (a card placed, a point token, a back-door ability, a booking); every event kind
of the engine is in `HEADINGS` or here (`tests/overbooking/test_kind_registries.py`)."""


def _heading(text: str) -> str:
    return f"**{text}**"


def _bullet(text: str) -> str:
    return f"• {text}"


MARKDOWN: dict[str, Callable[[str], str]] = {**dict.fromkeys(BULLETS, _bullet), **dict.fromkeys(HEADINGS, _heading)}
"""How a line of each event kind is marked up in a turn post, by event kind (a bullet when not named)."""


def _move_lines(moves: Iterable[Any], *, markdown: bool = False, language: str = "en") -> list[str]:
    """The public lines of the moves (event texts only: an action's own text may name a face-down card) in the
    game's `language` (`bot.games.overbooking.words`); with `markdown`, names made safe for Discord
    (`bot.host.safe_text`), headings in bold (`HEADINGS`) and the other lines as bullets."""
    _ = translator(language)
    lines: list[str] = []
    for move in moves:
        if getattr(move, "undone", False):
            continue
        if move.kind == "undo":
            lines.append("• " + undo_words(_, safe_text(move.name)) if markdown else undo_words(_, move.name))
            continue
        for event in move.events:
            if not event.text:
                continue
            said = event_words(_, event)
            if not markdown:
                lines.append(said)
            else:
                text = safe_text(said, limit=None)
                lines.append(MARKDOWN.get(event.kind, _bullet)(text))
    return lines


def recap_text(moves: Sequence[Any], *, round_number: int | None = None, limit: int = 1800,
               language: str = "en") -> str:
    """The turn post's words for the moves since the previous post (headings in bold for the hotels' bookings
    and new rounds), at most `limit` characters (cut at a line, pointing to the log)."""
    _ = translator(language)
    lines = _move_lines(moves, markdown=True, language=language)
    text = "\n".join(lines)
    if len(text) <= limit:
        return text
    pointer = "\n" + _("… (the rest with /overbooking log)")
    return text[: limit - len(pointer)].rsplit("\n", 1)[0] + pointer


def log_pages(moves: Sequence[Any], *, page_chars: int = 1900, language: str = "en") -> list[str]:
    """The whole game in words in `language`, as pages of at most `page_chars` characters, oldest first."""
    chunks = [f"• {safe_text(line, limit=None)}"[:page_chars] for line in _move_lines(moves, language=language)]
    _ = translator(language)
    return paginate(chunks, page_chars) if chunks else [_("Nothing has happened yet.")]


def log_page(moves: Sequence[Any], page: int | None = None, *, page_chars: int = 1900,
             language: str = "en") -> tuple[str, int, int]:
    """One page of `log_pages` (None or out of range: the newest) as (text, page shown, pages)."""
    pages = log_pages(moves, page_chars=page_chars, language=language)
    shown = len(pages) - 1 if page is None or not 0 <= page < len(pages) else page
    return pages[shown], shown, len(pages)


def log_export(moves: Sequence[Any], *, title: str = TITLE, language: str = "en") -> str:
    """The whole game as plain text for a file."""
    _ = translator(language)
    body = "\n".join(_move_lines(moves, language=language))
    return f"{title}\n{'=' * len(title)}\n\n{body or _('Nothing has happened yet.')}\n"


# ----- pictures and texts ---------------------------------------------------------------------------------------------

def turn_pictures(state: GameState, acting: int, moves: Sequence[Any], *, language: str = "en"
                  ) -> list[tuple[bytes, str]]:
    """The turn post's pictures: the hotels as everyone sees them (with each player's colour and VP so far), and
    the resolution step by step of every hotel that booked in the moves (also the hotels that book after a
    back-door choice paused the bookings, and the paused hotel so far), in the game's `language`."""
    view = player_view(state, None)
    found = [(pictures.hotels_png(view, scores=True, language=language), "hotels.png")]
    slots = {event.data.get("slot") for move in moves for event in move.events if event.kind in RESOLUTION_EVENTS}
    found += [(pictures.resolution_png(view, index, language=language), f"hotel-{resolution.slot + 1}.png")
              for index, resolution in enumerate(view.resolutions) if resolution.slot in slots]
    return found


RESOLUTION_EVENTS = frozenset({"reveal", "ability", "book", "no_room"})
"""Event kinds of a hotel's bookings in phase 2 (their data names the hotel's slot)."""


def board_pictures(state: GameState, *, language: str = "en") -> list[tuple[bytes, str]]:
    """*Full board* and the board command: the whole table, the hotels with every queue and back door (and each
    player's colour and VP so far), then the scores so far in full."""
    view = player_view(state, None)
    return [(pictures.hotels_png(view, scores=True, language=language), "hotels.png"),
            (pictures.scoreboard_png(view, language=language), "scores.png")]


def hotels_pictures(state: GameState, *, language: str = "en") -> list[tuple[bytes, str]]:
    """*Hotels*: the hotels only (queues, back doors, which colour is which player), without the scores."""
    return [(pictures.hotels_png(player_view(state, None), language=language), "hotels.png")]


def hotel_picture(state: GameState, index: int, *, language: str = "en") -> tuple[bytes, str]:
    """The hotels are shared (`GameKind.shared_hotels`): any seat's hotel is the picture of them all."""
    return hotels_pictures(state, language=language)[0]


def board_caption(state: GameState, who: str, *, language: str = "en") -> str:
    """The words beside the board picture."""
    _ = translator(language)
    phase = (_.pgettext("game phase", "placing cards") if state.phase == "place"
             else _.pgettext("game phase", "the hotels book") if state.phase == "resolve"
             else _.pgettext("game phase", "over"))
    return _("Round {round} of 4 ({phase}); {who} to act.", round=state.round, phase=phase, who=who)


def hand(state: GameState, name: str, *, language: str = "en") -> tuple[str, list[tuple[bytes, str]]]:
    """A player's hand (their own view only) in words and as a picture, in `language` (the reader's: *My hand* is
    a private answer)."""
    _ = translator(language)
    view = player_view(state, name)
    seat = view.players[view.player_index(name)]
    if not seat.hand:
        return _("Your hand is empty."), []
    lines = [f"**{_card_name(_, view, card)}**: {_.ngettext('{count} coin', '{count} coins', view.card(card).coins)}"
             for card in sorted(seat.hand)]
    return (_("Your guest cards:\n{cards}", cards="\n".join(lines)),
            [(pictures.hand_png(view, name, language=language), "hand.png")])


def score_text(state: GameState, *, language: str = "en") -> str:
    """The scores so far (booked cards are public once their hotel booked)."""
    _ = translator(language)
    scores = final_scores(state)
    lines = [_("Scores so far (round {round}):", round=state.round) if not state.is_over else _("Final scores:")]
    for name, score in sorted(scores.items(), key=lambda item: (item[1].rank, item[0])):
        lines.append(f"**{score.rank}. {safe_text(name)}: {count(score.total, 'VP', language=language)}** "
                     f"({_parts(_, score.parts)})")
    note = provisional_note(state.provisional, _)
    variant = [_(NO_SCORE_CARDS)] if state.config.without_score_cards else []
    return "\n".join([*lines, *variant, *([note] if note else [])])[:2000]


def final_lines(state: GameState, *, language: str = "en") -> str:
    """The final ranking, one line per player, and the provisional label when it applies."""
    _ = translator(language)
    scores = final_scores(state)
    ordered = sorted(scores.items(), key=lambda item: (item[1].rank, item[0]))
    winners = [safe_text(name) for name, s in ordered if s.rank == 1]
    lines = [f"{s.rank}. {safe_text(name)}: {count(s.total, 'VP', language=language)} ({_parts(_, s.parts)})"
             for name, s in ordered]
    variant = f"\n{_(NO_SCORE_CARDS)}" if state.config.without_score_cards else ""
    label = "\n" + _("Scored with {values}.", values=_(PROVISIONAL)) if state.provisional else ""
    if language == "en":
        return f"Winner: **{' and '.join(winners)}**\n" + "\n".join(lines) + variant + label
    listed = winners[0] if len(winners) == 1 else _.pgettext("list", "{items} and {last}",
                                                             items=", ".join(winners[:-1]), last=winners[-1])
    named = _.ngettext("Winner: **{winners}**", "Winners: **{winners}**", len(winners), winners=listed)
    return named + "\n" + "\n".join(lines) + variant + label


def _parts(_: Translator, parts: Mapping[str, int]) -> str:
    """A score's parts ("coins 12, tokens 2, crests 6") in `_`'s language."""
    names = {"coins": _.pgettext("score part", "coins"), "tokens": _.pgettext("score part", "tokens"),
             "crests": _.pgettext("score part", "crests")}
    return ", ".join(f"{names.get(k, k)} {v}" for k, v in parts.items())


def scoreboard_png(state: GameState, *, language: str = "en") -> bytes:
    """The final scoreboard picture (it carries the provisional label itself), in the game's `language`."""
    return pictures.scoreboard_png(state, language=language)


def final_hotel_names(state: GameState) -> list[str]:
    """Overbooking has no hotel per player: no buttons for them under the final post."""
    return []


def warm() -> None:
    """Draw each picture once (fonts, caches) so the first post is not the slow one."""
    from engine.overbooking import GameConfig, new_game

    state = new_game(GameConfig(players=["ann", "bob"], seed=1, data=bundled_data()))
    board_pictures(state)
    pictures.hand_png(player_view(state, "ann"), "ann")



# ----- what the host asks (`bot.host.kind_presenter.Presenter`) ----------------------------------------------------

def panel(state: GameState, actions: list[Action], name: str, *, page: int = 0, language: str = "en"
          ) -> contract.TurnPanel:
    """The turn panel of player `name` (`build_panel`) and what they hold, in `language` (the clicker's)."""
    return contract.TurnPanel(build_panel(state, actions, page=page, language=language),
                              status_line(state, name, language=language), quick_switch(state))


def post(state: GameState, moves: Sequence[Any], *, limit: int = 1800, language: str = "en") -> contract.TurnPost:
    """The recap of `moves` in the game's `language`, quiet but for a round's first card (`quiet_turn`)."""
    return contract.TurnPost(recap_text(moves, round_number=state.round, limit=limit, language=language),
                             quiet_turn(state))


def show(state: GameState, wanted: contract.PictureRequest, *, language: str = "en") -> contract.Shown:
    """The pictures `wanted` in `language` (the game's; the reader's for *My hand*) and their words."""
    if isinstance(wanted, contract.TurnPictures):
        return contract.Shown("", turn_pictures(state, wanted.acting, wanted.moves, language=language))
    if isinstance(wanted, contract.BoardPictures):
        drawn = hotels_pictures if wanted.hotels_only else board_pictures
        return contract.Shown(board_caption(state, wanted.who, language=language), drawn(state, language=language))
    if isinstance(wanted, contract.HotelPicture):
        return contract.Shown("", [hotel_picture(state, wanted.index, language=language)])
    if isinstance(wanted, contract.HandPictures):
        return contract.Shown(*hand(state, wanted.name, language=language))
    assert isinstance(wanted, contract.ScoreboardPicture)
    return contract.Shown("", [(scoreboard_png(state, language=language), "scoreboard.png")])


def scores(state: GameState, *, language: str = "en") -> str:
    """`score_text` in the game's `language`."""
    return score_text(state, language=language)


def final(state: GameState, moves: Sequence[Any], *, language: str = "en") -> contract.FinalPost:
    """The final ranking in `language`; no highlights, no hotel of a player's own."""
    return contract.FinalPost(final_lines(state, language=language), highlights(state, moves, language=language),
                              final_hotel_names(state))


def log(moves: Sequence[Any], page: int | None = None, *, page_chars: int = 1900, language: str = "en"
        ) -> contract.LogPage:
    """`log_page` in the game's `language`."""
    return contract.LogPage(*log_page(moves, page, page_chars=page_chars, language=language))


def lobby(options: Mapping[str, object], provisional: bool, *, language: str = "en") -> contract.LobbyTexts:
    """The lobby's field and footer (the options message adds nothing), in `language`."""
    return contract.LobbyTexts(lobby_fields(options, provisional, language=language),
                               lobby_footer(options, language=language), options_note(options, language=language))


def texts(provisional: bool, *, language: str = "en") -> contract.GameTexts:
    """`/overbooking help` and `/overbooking rules` in `language` (the reader's)."""
    return contract.GameTexts(command_help(language=language), rules_pages(provisional, language))


contract.check_presenter(sys.modules[__name__])
