"""The bot's seam between games (issue 41 item 4): what differs between the games is a field or method of its
`bot.host.kinds.GameKind` or its presenter, never a test of the game's name, and every presenter has what the shared
machinery calls."""

from __future__ import annotations

import re
import types
from pathlib import Path

import pytest

from bot.host.kind_clicks import TurnClicks, check_clicks
from bot.host.kind_presenter import Presenter, check_presenter, protocol_members
from bot.host.kinds import DEFAULT_KIND, KINDS, GameKind, kind_of
from bot.host.storage.rows import UNROWED_KIND

BOT = Path(__file__).resolve().parents[2] / "bot"
NAMES = "|".join(re.escape(kind.key) for kind in KINDS.values())
NAME_BRANCH = re.compile(rf"""(==|!=|\bin\b)\s*\(?\s*["']({NAMES})["']|["']({NAMES})["']\s*(==|!=)""")


def test_no_branch_on_a_games_name_in_the_bot() -> None:
    """No module of bot/ compares a kind (or anything) with a game's name: it asks the kind instead."""
    found = [f"{path.relative_to(BOT)}:{number}: {line.strip()}"
             for path in sorted(BOT.rglob("*.py"))
             for number, line in enumerate(path.read_text().splitlines(), 1) if NAME_BRANCH.search(line)]
    assert found == []


def test_the_name_branch_pattern_finds_a_branch() -> None:
    """The check above can fail: it finds the branches the bot used to have."""
    assert NAME_BRANCH.search('if info.kind != "gah":')
    assert NAME_BRANCH.search('cards = "guest cards" if info.kind == "overbooking" else "staff cards"')
    assert not NAME_BRANCH.search('key = "gah"')


PER_GAME_TABLE = re.compile(rf"""["']({NAMES})["']\s*:|\[\s*["']({NAMES})["']\s*\]""")


def test_no_table_keyed_by_a_games_name_outside_the_kinds() -> None:
    """A per-game fact is a field of the game's kind (`GameKind.news_events`, `fast_ai_levels`), not a table in
    the shared machinery keyed by the game's name (issue 54 item 1: `NEWS_EVENTS["gah"]` in bot/host/posts.py)."""
    found = [f"{path.relative_to(BOT)}:{number}: {line.strip()}"
             for path in sorted(BOT.rglob("*.py")) if path.parent.name != "kinds"
             for number, line in enumerate(path.read_text().splitlines(), 1) if PER_GAME_TABLE.search(line)]
    assert found == []
    assert PER_GAME_TABLE.search('NEWS = {"gah": frozenset()}') and PER_GAME_TABLE.search("LEVELS['overbooking']")


def test_only_a_games_own_state_has_a_kind() -> None:
    """`kind_of` names the game of a state or config, and refuses anything else instead of assuming a game."""
    for kind in KINDS.values():
        config = kind.new_config(["ann", "bob"], {"seed": 3})
        assert kind_of(config) is kind and kind_of(kind.new_game(config)) is kind
    with pytest.raises(TypeError, match="no game the bot hosts"):
        kind_of({"players": ["ann", "bob"]})


def test_the_games_own_which_ai_levels_move_inline_and_which_events_are_news() -> None:
    """Overbooking's heuristic AI moves inline, Grand Austria Hotel's greedy one thinks in the pool; a round is
    news in Grand Austria Hotel, every Overbooking move is posted."""
    gah, overbooking = KINDS["gah"], KINDS["overbooking"]
    assert "heuristic" in overbooking.fast_ai_levels and "greedy" not in gah.fast_ai_levels
    assert {"random"} <= gah.fast_ai_levels & overbooking.fast_ai_levels
    assert gah.news_events is not None and "round" in gah.news_events and overbooking.news_events is None
    for kind in KINDS.values():
        assert kind.fast_ai_levels <= set(kind.ai_levels)


@pytest.mark.parametrize("key", sorted(KINDS))
def test_every_presenter_has_what_the_shared_machinery_calls(key: str) -> None:
    """Each kind's presenter module has every member of `Presenter` (mypy checks their types)."""
    kind = KINDS[key]
    shown = kind.presenter()
    missing = sorted(name for name in protocol_members(Presenter) if not hasattr(shown, name))
    assert missing == []


def test_a_presenter_that_lacks_a_member_fails_naming_it() -> None:
    """Issue 54 item 5: a presenter module without one of the members fails with the member's name."""
    shown = KINDS["overbooking"].presenter()
    partial = types.ModuleType("bot.games.partial.presenter")
    for name in protocol_members(Presenter) - {"show", "texts"}:
        setattr(partial, name, getattr(shown, name))
    with pytest.raises(TypeError, match=re.escape("bot.games.partial.presenter is not a complete presenter: it "
                                                  "lacks show, texts")):
        check_presenter(partial)
    partial.show = shown.show  # type: ignore[attr-defined]
    partial.texts = shown.texts  # type: ignore[attr-defined]
    check_presenter(partial)


@pytest.mark.parametrize("key", sorted(KINDS))
def test_every_kind_tells_what_differs_by_fields(key: str) -> None:
    """The fields the shared code asks instead of the name are set on every kind (from `GameKind`)."""
    kind = KINDS[key]
    assert isinstance(kind, GameKind)
    for field in ("shared_hotels", "several_steps", "quick_turns"):
        assert isinstance(getattr(kind, field), bool)
    assert kind.hand_cards.endswith("cards")
    assert kind.key == key


def test_the_games_differ_where_the_bot_used_to_ask_their_names() -> None:
    """Grand Austria Hotel: own hotels, staff cards, quick turns and several-step selects; Overbooking: shared
    hotels and guest cards, neither of the other two (as the bot behaved before the fields)."""
    gah, overbooking = KINDS["gah"], KINDS["overbooking"]
    assert (gah.shared_hotels, gah.several_steps, gah.quick_turns, gah.hand_cards) == (
        False, True, True, "staff cards")
    assert (overbooking.shared_hotels, overbooking.several_steps, overbooking.quick_turns,
            overbooking.hand_cards) == (True, False, False, "guest cards")


@pytest.mark.parametrize("key", sorted(KINDS))
def test_a_kind_refuses_another_games_state(key: str) -> None:
    """`GameKind.own` narrows a state to the kind's type and refuses another game's state with a TypeError."""
    kind = KINDS[key]
    other = next(k for k in KINDS.values() if k is not kind)
    state = other.new_game(other.new_config(["ann", "bob"], {"seed": 3}))
    assert other.own(state) is state
    with pytest.raises(TypeError):
        kind.own(state)


def test_the_storage_and_the_kinds_agree_on_a_game_without_a_kind_row() -> None:
    """A game stored without a `game_kinds` row is Grand Austria Hotel for the storage and for the kinds alike."""
    assert UNROWED_KIND == DEFAULT_KIND == KINDS["gah"].key


def test_one_game_engine_protocol() -> None:
    """The bot checks each game's rules against the engine's own `GameEngine` protocol, not a second copy."""
    root = BOT.parent
    defined = [str(path.relative_to(root)) for layer in ("engine", "render", "bot")
               for path in sorted((root / layer).rglob("*.py")) if "class GameEngine(" in path.read_text()]
    assert defined == ["engine/core/protocol.py"]


def test_a_clicks_module_that_lacks_a_member_fails_naming_it() -> None:
    """A game's clicks (`TurnClicks`) check themselves as a presenter does: a missing member is named."""
    shown = KINDS["gah"].clicks()
    assert shown is not None and KINDS["overbooking"].clicks() is None
    partial = types.ModuleType("bot.games.partial.clicks")
    for name in protocol_members(TurnClicks) - {"since_line"}:
        setattr(partial, name, getattr(shown, name))
    with pytest.raises(TypeError, match=re.escape("bot.games.partial.clicks is not a complete clicks module: it lacks "
                                                  "since_line")):
        check_clicks(partial)
