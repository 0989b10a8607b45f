"""Texts the bot writes: status lines, score and log summaries, card lookups, rules pages and help.

All in our own words; facts (names, costs, VP) come from the engine's card data.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.safe_text import safe_text
from bot.words import latest_text
from engine import GameState, ScoreBreakdown, final_scores
from engine.cards import ITEMS, emperor_tiles, guests, politics, staff
from engine.state import OCCUPIED, PREPARED, PlayerState
from engine.waltz.cards import celebrities, entrances
from render.plural import count
from render.texts import emperor_sentences, sentence, staff_text


def status_line(player: PlayerState) -> str:
    """One line of what the player holds."""
    kitchen = ", ".join(f"{n} {ITEMS[i]}" for i, n in enumerate(player.kitchen) if n) or "empty"
    prepared, occupied = player.rooms.count(PREPARED), player.rooms.count(OCCUPIED)
    rooms = f"{count(prepared, 'prepared room')} and {count(occupied, 'occupied room')}"
    return (f"{count(player.money, 'krone')} · Emperor track space {player.emperor} · {player.vp} VP · kitchen: "
            f"{kitchen} · {rooms} · {count(len(player.hand), 'staff card')} in hand")


def interval(seconds: float) -> str:
    """A reminder interval in words: "never", "45 seconds", "20 minutes", "1.5 hours"."""
    if seconds <= 0:
        return "never"
    if seconds < 90:
        return count(float(seconds), "second")
    if seconds < 3600:
        return count(round(seconds / 60, 1), "minute")
    return count(round(seconds / 3600, 1), "hour")


def reminder_setting(seconds: int) -> str:
    """A channel's reminder interval as a sentence."""
    if seconds <= 0:
        return "Reminders in this channel: none."
    return f"Reminders in this channel: one, after {interval(seconds)} without a move."


LEAVE_WORDS = {"ai": "if a player leaves an AI plays on", "end": "if a player leaves the game ends"}


def options_line(options: Mapping[str, Any]) -> str:
    """The game options in a few words (the Let's Waltz modules have their own line on the lobby)."""
    parts = [LEAVE_WORDS.get(str(v), str(v)) if k == "on_leave" else k.replace("_", " ") if v is True
             else f"{k.replace('_', ' ')} {', '.join(v) if isinstance(v, list | tuple) else v}"
             for k, v in sorted(options.items()) if k not in ("seed", "modules") and v not in (False,) and v != []]
    return ", ".join(parts) or "standard game"


def hand_text(state: GameState, index: int) -> str:
    """The private staff hand as text (beside its picture)."""
    player = state.players[index]
    if not player.hand:
        return "Your hand is empty."
    lines = [f"**{staff()[c].name}** ({count(staff()[c].cost_in(state.config.edition), 'krone')}): "
             f"{staff_text(staff()[c])}"
             for c in player.hand]
    return "Your staff cards:\n" + "\n".join(lines)


def score_text(scores: Mapping[str, ScoreBreakdown], state: GameState) -> str:
    """Projected scores with their biggest parts."""
    lines = [f"Scores if the game ended now, with the coming Emperor scorings (round {state.round}):"]
    for name, score in sorted(scores.items(), key=lambda item: item[1].rank):
        parts = ", ".join(f"{k} {v:+d}" for k, v in sorted(score.parts.items(), key=lambda kv: -abs(kv[1])) if v)
        lines.append(f"**{score.rank}. {safe_text(name)}: {score.total} VP** ({parts})")
    return "\n".join(lines)[:2000]


def final_lines(state: GameState) -> str:
    """The final ranking, one line per player (with Let's Waltz module 3, each player's hotel entrance)."""
    scores = final_scores(state)
    ordered = sorted(scores.items(), key=lambda item: (item[1].rank, item[0]))
    winners = [safe_text(name) for name, s in ordered if s.rank == 1]
    entrance_of = {player.name: entrances()[player.entrance].name for player in state.players
                   if player.entrance is not None}  # Let's Waltz module 3: the entrance each player won
    lines = [f"{s.rank}. {safe_text(name)}: {s.total} VP"
             + (f" (hotel entrance {entrance_of[name]})" if name in entrance_of else "") for name, s in ordered]
    return f"Winner: **{' and '.join(winners)}**\n" + "\n".join(lines)


def log_text(moves: Sequence[Any]) -> str:
    """The newest turns of the game told in words (`bot.words.latest_text`), under "Last actions:"."""
    if not any(not getattr(m, "undone", False) for m in moves):
        return "Nothing has happened yet."
    return f"Last actions:\n{latest_text(moves, limit=1950)}"


def undo_text(preview: Any) -> str:
    """What an undo would take back."""
    actions = ", ".join(preview.actions) or "nothing"
    return f"Undo takes back: {actions}. Continue?"


# ----- /gah card ------------------------------------------------------------------------------------------


def card_names() -> list[str]:
    """Every card and tile a player can look up, for autocomplete."""
    names = [g.name for g in guests().values()] + [s.name for s in staff().values()]
    names += [f"Politics: {p.text}" for p in politics().values()]
    names += [f"Emperor tile {t.id}" for t in emperor_tiles().values()]
    names += [f"Celebrity: {c.name}" for c in celebrities().values()]
    names += [f"Hotel entrance: {e.name}" for e in entrances().values()]
    return sorted(names)


def card_text(query: str) -> str | None:
    """A short description of the named card (case-insensitive), or None."""
    wanted = query.strip().lower()
    for guest in guests().values():
        if guest.name.lower() == wanted:
            order = ", ".join(f"{n} {ITEMS[i]}" for i, n in enumerate(guest.order) if n)
            reward = "; ".join(sentence(row) for row in guest.reward) or "no reward"
            return (f"**{guest.name}** - {guest.color} guest, {guest.vp} VP\nOrder: {order}\n"
                    f"Reward when checked in: {reward}")
    for card in staff().values():
        if card.name.lower() == wanted:
            cost = count(card.cost, "krone") + (f" ({card.cost_2015} in the 2015 rules)"
                                                 if card.cost_2015 != card.cost else "")
            return f"**{card.name}** - staff, {card.kind.replace('_', ' ')}, {cost}\n{staff_text(card)}"
    for politics_card in politics().values():
        text = politics_card.text
        if f"politics: {text}".lower() == wanted or text.lower() == wanted:
            note = ("\n(Variant card by herlius: its pile and the 15/10/5 VP are our assumption; the Yucata text "
                    "gives neither.)" if politics_card.variant else "")
            return f"**Politics card {politics_card.pile}**: {text}. First claim 15 VP, second 10, third 5.{note}"
    for tile in emperor_tiles().values():
        if f"emperor tile {tile.id}".lower() == wanted or tile.id.lower() == wanted:
            reward, penalty = emperor_sentences(tile)
            return f"**Emperor tile {tile.id}** (scored after round {dict(A=3, B=5, C=7)[tile.pile]})\n" \
                   f"Reward (space 3 or higher): {reward}\nPenalty (space 0): {penalty}"
    for celebrity in celebrities().values():
        if wanted in (celebrity.name.lower(), f"celebrity: {celebrity.name}".lower()):
            return (f"**{celebrity.name}** - celebrity (Let's Waltz module 2), 1 VP or the chit on it when taken "
                    f"with its coloured die\nFor the rest of that round: {celebrity.text}")
    for entrance in entrances().values():
        if wanted in (entrance.name.lower(), f"hotel entrance: {entrance.name}".lower()):
            return f"**{entrance.name}** - hotel entrance (Let's Waltz module 3)\n{entrance.text}"
    return None


# ----- /gah rules and /gah help -----------------------------------------------------------------------------

RULES_PAGES: tuple[str, ...] = (
    "**Goal and flow.** Seven rounds; the most VP wins. After rounds 3, 5 and 7 the Emperor scores everybody. "
    "Each round the start player rolls all dice onto action spaces 1-6; then turns follow the turn order tiles "
    "(the last player plays twice in a row).",
    "**Your turn.** First you may take a guest from the display (3/2/1/0/0 krones, left to right; you have three "
    "café tables). Then you must take a die: the action's strength is the number of dice on that space, the one "
    "you take included. Pay 1 krone once per turn to add 1 (boost).",
    "**The six actions.** 1: strudel or cake (never more cake than strudel). 2: wine or coffee (never more "
    "coffee than wine). 3: prepare rooms (next to your rooms, paying 0/1/2/3 by floor). 4: Emperor steps and/or "
    "krones. 5: play a staff card, 1 krone cheaper per strength. 6: pay 1 krone and do any of 1-5 at space 6's "
    "strength.",
    "**Extra actions, any time in your turn.** Serve up to 3 kitchen items onto orders for 1 krone. Check in a "
    "guest whose order is complete into a prepared room of their colour (green guests take any colour): you score "
    "their VP and reward, and a bonus when a group of rooms is full. Use once-per-round staff cards.",
    "**Passing.** Instead of a turn you may pass and wait. When everybody has passed or played both turns, one "
    "die goes to the dustbin, the rest are rolled again, and those who passed play on.",
    "**Emperor and politics.** At each Emperor scoring you score the VP under your marker, move back 3/5/7 "
    "spaces, then get the tile's reward at 3 or more, or its penalty at 0. Politics cards pay 15/10/5 VP to the "
    "first three players who meet their condition (claimed automatically on your turn).",
    "**End.** Game-end staff score; occupied rooms score 1/2/3/4 VP by floor; each krone and kitchen item is 1 VP; "
    "each guest left in your café costs 5 VP. Ties: most krones and kitchen items left.\n\n"
    "**Let's Waltz (options).** Celebrities: three coloured dice; one costs 1 krone per other die on its space "
    "and brings its lounge celebrity (1 VP, or its 2/4 VP chit) whose effect lasts the round. Unique Hotels: each "
    "player wins a hotel entrance at an auction before the game (its items replace the starting four). Start "
    "Player: clockwise turns, 9-12 krones to start; the skeleton key instead of a die gives an item, a strength-1 "
    "action and the next round's start. More objectives: three more politics cards and Emperor tiles. "
    "The host picks them under *Options* in the lobby. Left out: the entrances Hotel Dove and The Ren, and "
    "module 5's bell staff cards. Solo: with Celebrities you play against Elisabeth; with Unique Hotels you pick 1 "
    "of 3 entrances (7 krones) and the opponent plays a solo entrance (`/gah new opponent_entrance`); module 4 "
    "is not played solo. `/gah card` knows every celebrity and entrance.",
)

HELP_TEXT = (
    "**Grand Austria Hotel bot**\n"
    "`/gah new` opens a lobby here: Join, add AI players, pick options, Start. The host (or anyone with Manage "
    "Channels) can `/gah cancel` the channel's game.\n"
    "On every turn post: *Take my turn* opens your private panel (or `/gah turn`); *My hand*, *Hotels*, *Score*, "
    "*Log* are for everyone. `/gah hand` shows your staff cards to you alone.\n"
    "`/gah board`, `/gah hotel`, `/gah score`, `/gah log` show the game; `/gah card` looks up any card by part of "
    "its name; `/gah rules` summarises the rules; `/gah help` shows this.\n"
    "`/gah notify` sets mentions or DMs and turns your reminders on or off; `/gah snooze` skips your reminder "
    "this turn. The host sets how long a turn may wait before its one reminder with `/gah reminders` or in "
    "the lobby (12 hours unless changed).\n"
    "The host (or anyone with Manage Channels) can `/gah skip` the player on turn or `/gah ai` hand a seat to an "
    "AI; the seat's owner can `/gah takeback`. `/gah leave` leaves a game (an AI plays on, or the game ends, as "
    "the host chose in the lobby). `/gah stats` and `/gah leaderboard` show results.\n"
    "After a game, `/gah board`, `/gah hotel`, `/gah score` and `/gah log` show it for a week (or any game by its "
    "id, `game:`); `/gah log` pages through the whole game and `export:True` sends it as a file.\n"
    "Admins (Manage Server): `/gah sync` publishes the bot's commands again.\n"
    "The second game: `/overbooking new` opens an Overbooking lobby (one game per channel, of either kind); "
    "`/overbooking rules`, `turn`, `hand`, `board`, `score`, `log`, `ai`, `stats`, `leaderboard`."
)
