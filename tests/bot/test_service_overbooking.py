"""The bot hosts two games (issue 18): Overbooking through the same service as Grand Austria Hotel: the lobby with
its kind, one open game per channel whatever its kind, start with the loaded data, panel choices by index, AI seats
(heuristic), undo refusals, replay check, results, and the panel layout of one or two clicks per card."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bot.games.overbooking.kind import KIND as OVERBOOKING
from bot.games.overbooking.presenter import PROVISIONAL, build_panel, final_lines, recap_text
from bot.host.kinds import kind_named
from bot.host.service import GameService, LobbyError, NotYourTurn, StaleVersion
from engine.overbooking import GameState, legal_actions, load_data
from engine.overbooking.data import BUNDLED
from tests.bot.helpers import BOB, GUILD, HOST


async def overbooking_lobby(service: GameService, channel: int = 600, ais: int = 1) -> int:
    game = await service.create(guild_id=GUILD, channel_id=channel, host_id=HOST, host_name="Ann",
                                options={"seed": 11, "scoring": "advanced"}, kind="overbooking")
    assert game.kind == "overbooking" and game.status == "lobby"
    game = await service.join(game.id, BOB, "Bob")
    for _ in range(ais):
        game = await service.add_ai(game.id, HOST, "heuristic")
    return game.id


async def test_an_overbooking_game_is_played_to_the_end_through_the_service(service: GameService) -> None:
    game_id = await overbooking_lobby(service)
    result = await service.start(game_id, HOST)
    game = result.game
    assert isinstance(game.state, GameState) and game.kind == "overbooking"
    assert game.state.config.scoring == "advanced" and game.state.provisional
    chooser = random.Random(3)
    clicks = 0
    while game.status == "active":
        user = game.current_user
        assert user is not None, "the heuristic AI should have moved"
        name = game.seat_of(user).name  # type: ignore[union-attr]
        actions = legal_actions(game.state, name)
        panel = build_panel(game.state, actions)
        assert panel.rows and len(panel.rows) <= 5
        index = chooser.randrange(len(actions))
        game = (await service.choose(game.id, user, index, game.version)).game
        clicks += 1
    assert game.is_over and game.status == "finished"
    results = await service.results(game_id)
    assert sorted(r.seat for r in results) == [0, 1, 2] and {r.rank for r in results} >= {1}
    check = await service.check_replay(game_id)
    assert check.ok, check.detail
    moves = await service.history(game_id)
    assert any(m.actor == "ai:heuristic" for m in moves) and clicks >= 20
    assert PROVISIONAL in final_lines(game.state)
    # public words never name a face-down card: a placement is told as "a card" unless it went face up
    words = recap_text(moves, limit=100_000)
    assert "puts a card" in words


async def test_one_open_game_per_channel_of_either_kind(service: GameService) -> None:
    lobby = await service.create(guild_id=GUILD, channel_id=700, host_id=HOST, host_name="Ann")
    await service.record_message(lobby.id, "lobby", 700, 998, lobby.version)  # a posted lobby claims its channel
    with pytest.raises(LobbyError, match="already has a game of Grand Austria Hotel"):
        await service.create(guild_id=GUILD, channel_id=700, host_id=BOB, host_name="Bob", kind="overbooking")
    game_id = await overbooking_lobby(service, channel=701)
    await service.record_message(game_id, "lobby", 701, 999, (await service.game(game_id)).version)
    with pytest.raises(LobbyError, match="already has a game of Overbooking"):
        await service.create(guild_id=GUILD, channel_id=701, host_id=BOB, host_name="Bob")
    with pytest.raises(LobbyError, match="Unknown AI level 'greedy'"):
        await service.add_ai(game_id, HOST, "greedy")
    with pytest.raises(LobbyError, match="scoring must be one of"):
        await service.set_options(game_id, HOST, {"scoring": "expert"})
    with pytest.raises(LobbyError, match="no game 'chess'"):
        await service.create(guild_id=GUILD, channel_id=702, host_id=HOST, kind="chess")
    assert (await service.game_in_channel(700)).kind == "gah"


async def test_wrong_player_and_stale_panel_are_refused(service: GameService) -> None:
    game_id = await overbooking_lobby(service, ais=0)
    game = (await service.start(game_id, HOST)).game
    on_turn = game.current_user
    other = BOB if on_turn == HOST else HOST
    with pytest.raises(NotYourTurn):
        await service.choose(game_id, other, 0, game.version)
    moved = (await service.choose(game_id, on_turn, 0, game.version)).game  # type: ignore[arg-type]
    assert moved.version > game.version
    with pytest.raises(StaleVersion):
        await service.choose(game_id, on_turn, 0, game.version)  # type: ignore[arg-type]


async def test_new_games_use_the_loaded_data(service: GameService) -> None:
    printed = load_data(BUNDLED)  # a stand-in for the printed file: the same rows, all marked not provisional
    try:
        OVERBOOKING.use_data(_not_provisional(printed))
        game_id = await overbooking_lobby(service, channel=710)
        game = (await service.start(game_id, HOST)).game
        assert not game.state.provisional
        assert PROVISIONAL not in final_lines(game.state)
        assert (await service.check_replay(game_id)).ok
    finally:
        OVERBOOKING.use_data(None)
    assert kind_named("overbooking").data.provisional


def _not_provisional(data):  # type: ignore[no-untyped-def]
    import dataclasses

    return dataclasses.replace(
        data,
        crests=tuple(dataclasses.replace(c, provisional=False) for c in data.crests),
        cards=tuple(dataclasses.replace(c, provisional=False) for c in data.cards),
        hotels=tuple(dataclasses.replace(h, provisional=False) for h in data.hotels),
    )


def test_placing_a_card_is_two_clicks_on_the_panel() -> None:
    from engine.overbooking import GameConfig, new_game

    state = new_game(GameConfig(players=["ann", "bob", "cy"], seed=5))
    actions = legal_actions(state)
    first = build_panel(state, actions)
    cards = first.rows[0]
    assert cards.is_select and cards.goes_to_page and len(cards.choices) == len(set(a.args[0] for a in actions
                                                                                      if a.kind == "play"))
    second = build_panel(state, actions, page=cards.choices[0].index)
    places = [c for row in second.rows if not row.goes_to_page for c in row.choices]
    assert places and all(actions[c.index].kind == "play" for c in places)
    assert len({actions[c.index].args[0] for c in places}) == 1
    assert second.rows[-1].goes_to_page and second.rows[-1].choices[0].index == 0


async def test_stats_and_leaderboard_count_each_game_apart(service: GameService) -> None:
    from tests.bot.helpers import play_random, started

    gah = (await started(service, humans=2, ais=0, channel=720)).game
    await play_random(service, gah, random.Random(1))
    game_id = await overbooking_lobby(service, channel=721, ais=0)
    game = (await service.start(game_id, HOST)).game
    chooser = random.Random(2)
    while game.status == "active":
        user = game.current_user
        assert user is not None
        actions = legal_actions(game.state, game.seat_of(user).name)  # type: ignore[union-attr]
        game = (await service.choose(game.id, user, chooser.randrange(len(actions)), game.version)).game
    assert (await service.stats(HOST, GUILD)).games == 2
    assert (await service.stats(HOST, GUILD, "gah")).games == 1
    overbooking = await service.stats(HOST, GUILD, "overbooking")
    assert overbooking.games == 1 and overbooking.best_score == next(
        r.score for r in await service.results(game_id) if r.user_id == HOST)
    board = await service.leaderboard(GUILD, kind="overbooking")
    assert {row.user_id for row in board} == {HOST, BOB} and all(row.games == 1 for row in board)
    assert all(row.games == 2 for row in await service.leaderboard(GUILD))


async def test_a_copied_database_keeps_each_games_kind(tmp_path: Path, database: str) -> None:
    from bot.host.migrate_db import copy_database
    from bot.host.storage import Storage

    source = tmp_path / "source.sqlite3"
    async with Storage(source) as storage:
        service = GameService(storage)
        await service.create(guild_id=GUILD, channel_id=730, host_id=HOST, host_name="Ann")
        game_id = await overbooking_lobby(service, channel=731)
        await service.start(game_id, HOST)
    async with Storage(source) as old, Storage(database) as new:
        report = await copy_database(old, new)
        assert report.ok, report.problems
        assert report.rows["game_kinds"] == 1
        copied = GameService(new)
        assert (await copied.game_in_channel(730)).kind == "gah"
        assert (await copied.game_in_channel(731)).kind == "overbooking"
        assert (await copied.check_replay(game_id)).ok


def test_every_place_of_every_card_fits_the_panel() -> None:
    """Four hotels, two sides: at most 8 place buttons (two rows) and the way back; labels within Discord's 80
    characters; every booking rule has its short words."""
    from bot.games.overbooking.presenter import RULE_WORDS
    from engine.overbooking import GameConfig, new_game
    from engine.overbooking.data import RULES

    assert set(RULE_WORDS) == set(RULES)
    for seed in range(20):
        state = new_game(GameConfig(players=["ann", "bob", "cy", "dee"], seed=seed))
        actions = legal_actions(state)
        cards = {a.args[0] for a in actions if a.kind == "play"}
        offered = set()
        for page in range(1, len(cards) + 1):
            panel = build_panel(state, actions, page=page)
            assert len(panel.rows) <= 5 and all(len(row.choices) <= 5 for row in panel.rows)
            assert all(len(choice.label) <= 80 for row in panel.rows for choice in row.choices)
            offered |= {c.index for row in panel.rows if not row.goes_to_page for c in row.choices}
        assert offered == {i for i, a in enumerate(actions) if a.kind == "play"}, "every placement is offered"


async def test_the_first_game_variant_is_stored_and_old_configs_read_back_without_it(service: GameService) -> None:
    """Issue 39, defect 5: the lobby option `without_score_cards` reaches the engine and the stored config; a config
    stored before the option existed (no such key) reads back as today's game, with the score cards."""
    game = await service.create(guild_id=GUILD, channel_id=601, host_id=HOST, host_name="Ann",
                                options={"seed": 5, "without_score_cards": True}, kind="overbooking")
    await service.add_ai(game.id, HOST, "heuristic")
    started = (await service.start(game.id, HOST)).game
    assert started.state.config.without_score_cards is True and started.options["without_score_cards"] is True
    stored = OVERBOOKING.config_to_dict(started.state.config)
    assert OVERBOOKING.engine_config(stored) == started.state.config
    old = {k: v for k, v in stored.items() if k != "without_score_cards"}
    assert OVERBOOKING.engine_config(old).without_score_cards is False
    check = await service.check_replay(game.id)
    assert check.ok, check.detail
