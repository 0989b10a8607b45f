"""The game told in plain words (issue 14 item 1): every event that matters yields words, grouped per turn, with
no engine shorthand; /gah log pages and the export hold the whole game."""

from __future__ import annotations

import re
from collections import Counter
from functools import cache

import pytest

from bot.games.gah import words, words_pages, words_phrases
from bot.host.service.model import Move
from engine import Event, GameConfig, apply, new_game
from engine.gah.ai import policy
from engine.gah.cards import ITEMS, emperor_tiles, guests, politics, space_name, staff
from render.core.plural import count
from render.gah.texts import emperor_sentences

GAMES = [  # (players, seed, AI level, config options)
    (3, 3, "greedy", {}),
    (2, 4, "random", {"edition": "2015"}),
    (4, 5, "random", {"staff_start": "draft"}),
    (3, 8, "greedy", {}),
    (1, 2, "greedy", {"solo": "leopold"}),
]

IMPORTANT = {"die", "guest", "checkin", "serve", "play_staff", "politics", "emperor", "emperor_scoring",
             "emperor_reward", "emperor_penalty", "emperor_retreat", "dustbin", "roll", "occupancy_bonus", "prepare",
             "items", "imitate", "use_staff", "vp", "krones", "pass", "round", "game_over", "final_score", "kitchen"}


@cache
def played(players: int, seed: int, level: str, options: tuple[tuple[str, str], ...] = ()) -> tuple[Move, ...]:
    """The logged moves of one whole seeded game; the last seat is an AI, the others people."""
    state = new_game(GameConfig(players=["ann", "bob", "cy", "dee"][:players], seed=seed, **dict(options)))
    names = [player.name for player in state.players]  # a solo game adds Leopold
    seats = [policy(level, seed * 7 + k) for k in range(players)]
    moves: list[Move] = []
    while not state.is_over:
        index = state.current_index
        assert index is not None
        action = seats[index].choose(state)
        state, events = apply(state, action)
        actor = "ai:" + level if index == players - 1 else f"user:{index + 1}"
        moves.append(Move(len(moves) + 1, index, names[index], actor, str(action), tuple(events), len(moves) + 1))
    return tuple(moves)


def all_games() -> list[tuple[Move, ...]]:
    return [played(p, s, level, tuple(sorted(options.items()))) for p, s, level, options in GAMES]


def expected(event: Event) -> list[str]:
    """Words that must be told for `event` (the facts it carries, in our wording)."""
    data = event.data
    kind = event.kind
    tile = re.search(r"\((Emperor tile \w+)\)\.$", event.text) if kind == "items" else None
    caused = tile.group(1) if tile else str(data.get("cause", ""))
    if kind in ("krones", "vp", "emperor", "items") and caused.startswith("Emperor tile ") and (
            kind != "vp" or data["amount"] > 0):
        return [caused]  # the reward's words tell what the tile gives (issue 52 item 4: not twice), or the choice
    if kind == "krones":
        return [f"gains {count(data['amount'], 'krone')}"]
    if kind == "die" and "does not carry out" not in event.text:
        said = [f"space {data['space']}, {words_phrases.ACTION_NAME[data['space']]}", f"strength {data['strength']}"]
        return said + (["with a boost (1 krone)"] if data["boost"] else [])
    if kind == "guest":
        cost = data["cost"]
        return [guests()[data["guest"]].name, "(free)" if cost == 0 else f"({cost} krone"]
    if kind == "checkin":
        guest = guests()[data["guest"]]
        return [f"checks in {guest.name} ({guest.color}, {guest.vp} VP) to room {space_name(data['space'])}"]
    if kind == "serve":
        return [ITEMS[data["item"]], "serves"]
    if kind == "play_staff":
        price = data["price"]
        return [staff()[data["card"]].name, "(free)" if price == 0 else f"({price} krone"]
    if kind == "use_staff":
        return [f"uses the {staff()[data['card']].name}"]
    if kind == "politics" and event.player is not None and "claims" in event.text:
        return [politics()[data["card"]].text]
    if kind == "emperor":
        return [f"moves {count(data['steps'], 'step')} up the Emperor track"]
    if kind == "vp":
        return [f"{'scores' if data['amount'] >= 0 else 'loses'} {abs(data['amount'])} VP"]
    if kind == "occupancy_bonus":
        return [f"fills a {data['color']} group", "occupancy bonus"]
    if kind == "emperor_retreat":
        return [f"space {data['emperor']} of the Emperor track"]
    if kind in ("emperor_reward", "emperor_penalty"):
        reward, penalty = emperor_sentences(emperor_tiles()[data["tile"]])
        return [f"Emperor tile {data['tile']} ({reward if kind == 'emperor_reward' else penalty})"]
    if kind == "roll":
        return [f"{sum(data['dice'])} dice rolled"] + [f"{n} on space {k + 1}" for k, n in enumerate(data["dice"]) if n]
    if kind == "dustbin":
        return ["dustbin", "rolled again"]
    if kind in ("prepare", "occupy", "remove_room"):
        return [space_name(data["space"])]
    if kind in ("items", "kitchen"):
        return [f"{n} {ITEMS[i]}" for i, n in enumerate(data["items"]) if n]
    if kind == "extra_action":
        space, strength = re.findall(r"\d+", event.text)[-2:]
        return [f"uses space {space}, {words_phrases.ACTION_NAME[int(space)]}, again", f"strength {strength}"]
    if kind == "solo_card":
        return [f"turns over instruction card {data['card']}", "a die from"]
    if kind == "imitate":
        return [f"copies space {data['space']}, {words_phrases.ACTION_NAME[data['space']]}"]
    if kind == "emperor_scoring":
        return ["Emperor scoring after round"]
    if kind == "round":
        return [f"Round {data['round']} begins"]
    if kind == "pay":
        return ["krone"]
    if kind in words.STRUCTURAL:
        return []
    if kind == "bottom":
        return ["on the bottom of the deck"]
    if kind in ("solo_guest", "solo_objective") or (kind == "die" and "does not carry out" in event.text):
        return [words_phrases.without_name(event).rsplit(" (", 1)[0]]  # the solo opponent's reason is reworded
    if kind == "solo_ignore":
        return [words_phrases.without_name(event).split(" symbol")[0].replace("objective ?", "any-objective")]
    return [words_phrases.without_name(event)]


def lines_of(moves: tuple[Move, ...]) -> Counter[str]:
    return Counter(line for section in words.sections(moves) for line in [section.heading, *section.lines])


@pytest.mark.parametrize("game", range(len(GAMES)))
def test_every_event_of_every_move_is_told_in_words(game: int) -> None:
    moves = all_games()[game]
    before: Counter[str] = Counter()
    for k, move in enumerate(moves):
        after = lines_of(moves[:k + 1])
        new = "\n".join((after - before).elements())
        for event in move.events:
            for phrase in expected(event):
                assert phrase in new, f"move {k + 1} ({move.action}) {event.kind}: {phrase!r} not in {new!r}"
        before = after


def test_the_test_games_hold_every_event_kind_that_matters() -> None:
    kinds = {event.kind for moves in all_games() for move in moves for event in move.events}
    assert kinds >= IMPORTANT, f"no test game shows {sorted(IMPORTANT - kinds)}"


@pytest.mark.parametrize("game", range(len(GAMES)))
def test_no_engine_shorthand_in_the_words(game: int) -> None:
    moves = all_games()[game]
    text = words_pages.log_export(moves)
    # "room 2-4" is how people name a room too, and "action 1" how the rulebook names an action space
    plain = re.compile(r"^(occupy )?room \d-\d$|^action \d$")
    shorthand = {m.action for m in moves
                 if re.search(r"\d", m.action) and len(m.action) > 6 and not plain.match(m.action)}
    assert shorthand, "the game has actions with numbers"
    for action in shorthand:
        assert action not in text, action
    for pattern in (r"\bdie \d", r"\bboost\b(?! \(1 krone\))", r"\btable \d", r"\bcheckin\b", r"\bimitate\b",
                    r"\bx\d", r"\d+x\d"):
        assert not re.search(pattern, text), pattern


@pytest.mark.parametrize("game", range(len(GAMES)))
def test_one_section_per_player_turn_and_per_round_event(game: int) -> None:
    moves = all_games()[game]
    found = words.sections(moves)
    events = [event for move in moves for event in move.events]
    turns = [f"{e.player}'s turn" for e in events if e.kind == "turn"]
    in_a_row = re.compile(r"'s (second|third|fourth|next) turn")  # a turn right after the same player's turn
    titles = [in_a_row.sub("'s turn", s.title) for s in found]
    assert [title.split(" (round")[0] for title in titles if "'s turn" in title] == turns
    assert sum(s.title.startswith("Emperor scoring") for s in found) == sum(e.kind == "emperor_scoring" for e in events)
    assert sum("reroll" in s.title for s in found) == sum(e.kind == "dustbin" for e in events)
    assert found[0].title == "Setup" and found[-1].title == "Game over"
    ai_seat = next(m.name for m in moves if m.actor.startswith("ai:"))
    for section, title in zip(found, titles, strict=True):
        if section.player is not None and "'s turn" in title:
            assert bool(section.by_ai) == (section.player == ai_seat), section.heading
            assert section.heading.endswith(" - AI") == (section.player == ai_seat)


def test_a_whole_human_turn_is_told_not_only_its_last_click() -> None:
    moves = played(3, 3, "greedy")
    turn_starts = [k for k, m in enumerate(moves) if any(e.kind == "turn" and e.player == "bob" for e in m.events)]
    start = turn_starts[0] + 1
    end = next(k for k in range(start, len(moves)) if moves[k].action == "end turn")
    recap = words_pages.recap_text(moves[start:end + 1], round_number=1)  # round 1 before and after these moves
    assert recap.startswith("**bob's turn (round 1)**")
    assert "takes a die from space" in recap and "strength" in recap
    assert "end turn" not in recap
    assert len(recap.splitlines()) >= 3


def test_two_turns_in_a_row_get_two_headings_that_differ() -> None:
    """The last seat of the snake order plays twice in a row (rulebook "Order of play"): a recap of the whole round
    heads the second turn "cy's second turn (round 1)", not a copy of the first turn's heading."""
    moves = played(3, 3, "greedy")
    round_two = next(k for k, m in enumerate(moves) if any(e.kind == "round" and e.data.get("round") == 2
                                                             for e in m.events))
    recap = words_pages.recap_text(moves[:round_two], limit=100_000)
    headings = [h.removesuffix(" - AI") for h in re.findall(r"^\*\*(.+)\*\*$", recap, re.MULTILINE)]
    turns = [h for h in headings if "turn (round 1)" in h]
    assert "cy's turn (round 1)" in turns and "cy's second turn (round 1)" in turns, headings
    assert turns.index("cy's second turn (round 1)") == turns.index("cy's turn (round 1)") + 1, turns
    seen = [h for h in headings if h.startswith("cy's")]
    assert len(seen) == len(set(seen)) == 2, seen


def test_choices_that_change_nothing_are_still_told() -> None:
    moves = [m for game in all_games() for m in game if m.action in words.DECLINE_WORDS and
             not [e for e in m.events if e.kind not in words.STRUCTURAL]]
    assert moves
    for move in moves[:20]:
        assert words.DECLINE_WORDS[move.action] in words_pages.recap_text([move])


def test_undone_moves_are_left_out_and_an_undo_is_told() -> None:
    moves = list(played(3, 3, "greedy")[:40])
    taken_back = moves[30]
    kept = [m if m is not taken_back else Move(m.seq, m.seat, m.name, m.actor, m.action, m.events, m.version,
                                               undone=True) for m in moves]
    undo = Move(41, taken_back.seat, taken_back.name, taken_back.actor, "", (), 41, kind="undo")
    full = words_pages.log_export(moves)
    without = words_pages.log_export([*kept, undo])
    assert full != without
    assert f"{taken_back.name} takes back a move" in without or "• takes back a move" in without


def test_the_recap_keeps_to_its_limit_and_points_to_the_log() -> None:
    moves = played(3, 3, "greedy")
    text = words_pages.recap_text(moves, limit=500)
    assert len(text) <= 500
    assert text.endswith("(the rest with /gah log)") or words_pages.LEFT_OUT in text
    assert words_pages.recap_text(moves[:3]) == "\n".join(s.text() for s in words.sections(moves[:3]))


@pytest.mark.parametrize("game", range(len(GAMES)))
def test_log_pages_hold_the_whole_game_within_discord_limits(game: int) -> None:
    moves = all_games()[game]
    pages = words_pages.log_pages(moves, page_chars=1900)
    assert len(pages) > 3
    assert all(len(page) <= 1900 for page in pages)
    joined = "\n".join(pages)
    for section in words.sections(moves):
        for line in section.lines:
            assert f"• {line}" in joined
    text, shown, count = words_pages.log_page(moves)
    assert (text, shown, count) == (pages[-1], len(pages) - 1, len(pages))
    assert words_pages.log_page(moves, 0)[0] == pages[0]
    assert words_pages.log_page(moves, 10_000)[1] == len(pages) - 1


def test_the_export_is_plain_text_with_every_section() -> None:
    moves = played(3, 3, "greedy")
    text = words_pages.log_export(moves, title="Game 7")
    assert text.startswith("Game 7\n======\n\n")
    assert "**" not in text
    assert text.count("\n\n") >= len(words.sections(moves))
    assert words_pages.log_export([]) .endswith("Nothing has happened yet.\n")
    assert words_pages.log_pages([]) == ["Nothing has happened yet."]


def test_the_round_of_a_slice_is_worked_out_from_the_round_after_it() -> None:
    moves = played(3, 3, "greedy")
    starts = [k for k, m in enumerate(moves) if any(e.kind == "round" for e in m.events)]
    # from the middle of round 1 to the middle of round 3: two rounds begin on the way
    middle = starts[0] + 3
    found = words.sections(moves[middle:starts[2] + 2], round_number=3)
    assert found[0].title.endswith("(round 1)")
    assert [s.title for s in found if s.title.startswith("Round ")] == ["Round 2 begins", "Round 3 begins"]
    assert found[-1].title.endswith("(round 3)")
    assert words.sections(moves[:starts[0] + 1], round_number=1)[0].title == "Setup"
    untold = words.sections(moves[middle:middle + 2])
    assert all("(round" not in s.title for s in untold)


def test_markdown_in_player_names_is_escaped_in_posts_but_not_in_the_export() -> None:
    state = new_game(GameConfig(players=["ann_x", "b*b"], seed=1))
    seats = [policy("greedy", k) for k in range(2)]
    moves = []
    while state.round < 2:
        index = state.current_index
        assert index is not None
        action = seats[index].choose(state)
        state, events = apply(state, action)
        name = state.players[index].name
        moves.append(Move(len(moves) + 1, index, name, "user:1", str(action), tuple(events), len(moves) + 1))
    posted = words_pages.recap_text(moves, limit=10_000)
    assert "ann\\_x's turn" in posted and "b\\*b's turn" in posted
    assert "ann_x's turn" not in posted
    exported = words_pages.log_export(moves)
    assert "ann_x's turn" in exported and "b*b's turn" in exported


def test_the_latest_text_holds_the_newest_whole_sections_within_the_limit() -> None:
    moves = played(3, 3, "greedy")
    found = words.sections(moves)
    text = words_pages.latest_text(moves, limit=1900)
    assert len(text) <= 1900
    assert text.endswith(found[-1].text())
    assert text.startswith("**")
    assert len(text) > 1900 - max(len(s.text()) for s in found) - 2, "as many sections as fit"
    tight = words_pages.latest_text(moves, limit=120)
    assert len(tight) <= 120 and tight.startswith(f"**{found[-1].heading} (end)**")
    assert tight.endswith(found[-1].lines[-1])
    assert words_pages.latest_text([]) == "Nothing has happened yet."
