"""Texts the bot writes: status lines, score and log summaries, card lookups, rules pages and help.

All in our own words; facts (names, costs, VP) come from the engine's card data.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.gah.panel_words import (
    colour,
    guest_name,
    item_count,
    krones_of,
    staff_kind,
    staff_name,
    staff_text_in,
)
from bot.games.gah.rules_pages import gah_pages
from bot.games.gah.waltz import registry  # importing it loads every module's words (`bot.games.gah.waltz`)
from bot.games.gah.words_names import ITEM_COUNTS, card_of, joined, rule
from bot.games.gah.words_pages import latest_text
from bot.host.i18n import translator
from bot.host.safe_text import safe_text
from engine.gah import GameState, ScoreBreakdown, final_scores
from engine.gah.cards import ITEMS, emperor_thresholds, emperor_tiles, guests, politics, staff
from engine.gah.state import OCCUPIED, PREPARED, PlayerState
from engine.gah.waltz.cards import entrances
from render.core.lang import N_, card_name
from render.core.plural import count
from render.gah.effect_words import describe_all_in, describe_in
from render.gah.texts import emperor_sentences, sentence


def status_line(player: PlayerState, *, language: str = "en") -> str:
    """One line of what the player holds, in `language`."""
    if language == "en":
        kitchen = ", ".join(f"{n} {ITEMS[i]}" for i, n in enumerate(player.kitchen) if n) or "empty"
        prepared, occupied = player.rooms.count(PREPARED), player.rooms.count(OCCUPIED)
        rooms = f"{count(prepared, 'prepared room')} and {count(occupied, 'occupied room')}"
        return (f"{count(player.money, 'krone')} · Emperor track space {player.emperor} · {player.vp} VP · kitchen: "
                f"{kitchen} · {rooms} · {count(len(player.hand), 'staff card')} in hand")
    _ = translator(language)
    kitchen = (", ".join(ITEM_COUNTS[i](_, n) for i, n in enumerate(player.kitchen) if n)
               or _.pgettext("kitchen", "empty"))
    return _("{krones} · Emperor track space {space} · {vp} · kitchen: {kitchen} · {prepared} and {occupied} · "
             "{cards} in hand", krones=count(player.money, "krone", language=language), space=player.emperor,
             vp=count(player.vp, "VP", language=language), kitchen=kitchen,
             prepared=count(player.rooms.count(PREPARED), "prepared room", language=language),
             occupied=count(player.rooms.count(OCCUPIED), "occupied room", language=language),
             cards=count(len(player.hand), "staff card", language=language))


def hand_text(state: GameState, index: int, *, language: str = "en") -> str:
    """The private staff hand as text (beside its picture), in `language` (the reader's)."""
    _ = translator(language)
    player = state.players[index]
    if not player.hand:
        return _("Your hand is empty.")
    lines = [f"**{staff_name(_, c)}** ({krones_of(_, staff()[c].cost_in(state.config.edition))}): "
             f"{staff_text_in(_, c)}"
             for c in player.hand]
    return _("Your staff cards:\n{cards}", cards="\n".join(lines))


def score_text(scores: Mapping[str, ScoreBreakdown], state: GameState, *, language: str = "en") -> str:
    """Projected scores with their biggest parts; once the game is over, the final scores (issue 52 item 9: no "if
    the game ended now" after it did), in `language`."""
    _ = translator(language)
    lines = [_("Final scores:") if state.is_over else
             _("Scores if the game ended now, with the coming Emperor scorings (round {round}):", round=state.round)]
    for name, score in sorted(scores.items(), key=lambda item: item[1].rank):
        biggest = sorted(score.parts.items(), key=lambda kv: -abs(kv[1]))
        parts = ", ".join(f"{k if language == 'en' else rule(_, k)} {v:+d}" for k, v in biggest if v)
        total = score.total if language == "en" else count(score.total, "VP", language=language)
        lines.append(f"**{score.rank}. {safe_text(name)}: {total}{' VP' if language == 'en' else ''}** ({parts})")
    return "\n".join(lines)[:2000]


def final_lines(state: GameState, *, language: str = "en") -> str:
    """The final ranking, one line per player (with Let's Waltz module 3, each player's hotel entrance), in
    `language`."""
    _ = translator(language)
    scores = final_scores(state)
    ordered = sorted(scores.items(), key=lambda item: (item[1].rank, item[0]))
    winners = [safe_text(name) for name, s in ordered if s.rank == 1]
    entrance_of = {player.name: card_of(_, "entrance", player.entrance, entrances()[player.entrance].name)
                   for player in state.players if player.entrance is not None}  # Let's Waltz module 3
    lines = [f"{s.rank}. {safe_text(name)}: {count(s.total, 'VP', language=language)}"
             + (" (" + _("hotel entrance {entrance}", entrance=entrance_of[name]) + ")" if name in entrance_of else "")
             for name, s in ordered]
    if language == "en":
        return f"Winner: **{' and '.join(winners)}**\n" + "\n".join(lines)
    listed = joined(_, winners)  # outside the call below: `pybabel extract` reads a nested `_` as a new message
    named = _.ngettext("Winner: **{winners}**", "Winners: **{winners}**", len(winners), winners=listed)
    return named + "\n" + "\n".join(lines)


def log_text(moves: Sequence[Any]) -> str:
    """The newest turns of the game told in words (`bot.games.gah.words_pages.latest_text`), under "Last actions:"."""
    if not any(not getattr(m, "undone", False) for m in moves):
        return "Nothing has happened yet."
    return f"Last actions:\n{latest_text(moves, limit=1950)}"


# ----- /gah card ------------------------------------------------------------------------------------------


def card_names() -> list[str]:
    """Every card and tile a player can look up, for autocomplete."""
    names = [g.name for g in guests().values()] + [s.name for s in staff().values()]
    names += [f"Politics: {p.text}" for p in politics().values()]
    names += [f"Emperor tile {t.id}" for t in emperor_tiles().values()]
    names += [name for words in registry.in_order() for name in words.card_names()]  # Let's Waltz modules' cards
    return sorted(names)


def card_text(query: str, *, language: str = "en") -> str | None:
    """A short description of the named card (case-insensitive; the English name), or None; in `language` (the
    reader's: names and texts from the glossary, the rest from the catalogs)."""
    _ = translator(language)
    english = _.language == "en"
    wanted = query.strip().lower()
    for guest in guests().values():
        if guest.name.lower() == wanted:
            order = ", ".join(item_count(_, i, n) for i, n in enumerate(guest.order) if n)
            reward = ("; ".join(sentence(row) for row in guest.reward) if english
                      else describe_all_in(_, guest.reward)) or _("no reward")
            return _("**{name}** - {colour} guest, {vp} VP\nOrder: {order}\nReward when checked in: {reward}",
                     name=guest_name(_, guest.id), colour=colour(_, guest.color), vp=guest.vp, order=order,
                     reward=reward)
    for card in staff().values():
        if card.name.lower() == wanted:
            cost = krones_of(_, card.cost) + (_(" ({cost} in the 2015 rules)", cost=card.cost_2015)
                                              if card.cost_2015 != card.cost else "")
            return _("**{name}** - staff, {kind}, {cost}\n{effect}", name=staff_name(_, card.id),
                     kind=staff_kind(_, card.id), cost=cost, effect=staff_text_in(_, card.id))
    for politics_card in politics().values():
        text = politics_card.text
        if f"politics: {text}".lower() == wanted or text.lower() == wanted:
            note = _("\n(Variant card by herlius: its pile and the 15/10/5 VP are our assumption; the Yucata text "
                     "gives neither.)") if politics_card.variant else ""
            return _("**Politics card {pile}**: {text}. First claim 15 VP, second 10, third 5.{note}",
                     pile=politics_card.pile, text=card_name(_, "politics", politics_card.id, text), note=note)
    for tile in emperor_tiles().values():
        if f"emperor tile {tile.id}".lower() == wanted or tile.id.lower() == wanted:
            reward, penalty = emperor_sentences(tile) if english else (describe_in(_, tile.reward),
                                                                       describe_in(_, tile.penalty))
            scoring_round = dict(A=3, B=5, C=7)[tile.pile]
            penalty_at_most, reward_from = emperor_thresholds(scoring_round)
            return _("**Emperor tile {tile}** (scored after round {round}: every marker first moves back {round} "
                     "spaces)\nReward (a marker on space {reward_from} or higher before the scoring): {reward}\n"
                     "Penalty (a marker on space {penalty_at_most} or lower before the scoring): {penalty}",
                     tile=tile.id, round=scoring_round, reward_from=reward_from, reward=reward,
                     penalty_at_most=penalty_at_most, penalty=penalty)
    for words in registry.in_order():  # the Let's Waltz modules' own cards (celebrities, hotel entrances)
        page = words.card_page(_, wanted)
        if page is not None:
            return page
    return None


# ----- /gah rules and /gah help -----------------------------------------------------------------------------

RULES_PAGES: tuple[str, ...] = gah_pages(translator(None))
"""`/gah rules` in English (`bot.host.rules_texts.gah_pages` gives them in any language)."""

HELP_TEXT = N_(
    "**Grand Austria Hotel bot**\n"
    "`/gah new` opens a lobby: Join, AI players, options, Start. The host (or Manage Channels) can `/gah cancel` "
    "the game here, or one in a thread of this channel with `game:`.\n"
    "Turn posts: *Take my turn* opens your private panel (or `/gah turn`); *My hand*, *Hotels*, *Score*, *Log* are "
    "for everyone; `/gah hand` shows your staff cards to you.\n"
    "`/gah board`, `/gah hotel`, `/gah score`, `/gah log` show the game (a finished one for a week, any by `game:`; "
    "`export:True` sends the log as a file); `/gah card` looks up a card; `/gah rules` sums up the rules; "
    "`/gah help` shows this; "
    "`/gah games` lists your open games with links (`everyone:True`: the server's).\n"
    "`/gah notify`: mentions or DMs, reminders on or off, quiet hours (`quiet:22-08 timezone:Europe/Warsaw`), your "
    "language (`language:pl`). "
    "`/gah snooze` skips your reminder this turn. `/gah away days:3`: the AI plays your turns everywhere, "
    "unpinged, until then or your next click.\n"
    "Host (or Manage Channels): `/gah reminders` sets how long a turn waits for its one reminder (12 hours unless "
    "changed); the lobby's same menu sets a turn clock (12-72 hours: a late turn is played by the AI, and after 3 "
    "in a row the AI keeps the seat); `/gah skip` skips the player on turn, `/gah ai` hands a seat to an AI, "
    "`/gah seats` opens an AI seat to newcomers.\n"
    "After a player's reminder the others can `/gah vote` to skip them or give their seat to an AI (a majority "
    "decides). `/gah takeback` takes your seat back from the AI; `/gah leave` leaves a game. `/gah stats` and "
    "`/gah leaderboard` show results. Admins (Manage Server): `/gah sync` publishes the commands again.\n"
    "The second game: `/overbooking new`; `/overbooking rules`, `turn`, `hand`, `board`, `score`, `log`, `ai`, "
    "`stats`, `leaderboard`, `games`, `away`, `vote`, `seats` work as their `/gah` names."
)
