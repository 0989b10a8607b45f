"""Sharding (issue 19): a guild is on shard `(guild_id >> 22) % shard_count` (Discord's gateway documentation,
"Sharding"); a process acts on its own initiative only for guilds on its own shards: reminder claims filter in SQL
on both backends, AI moves owed after a restart are made only in its own games, and the shard settings come from
GAH_SHARD_COUNT / GAH_SHARD_IDS."""

from __future__ import annotations

import pytest

from bot.host.service import GameInfo, GameService
from bot.host.service.queries import active_games_with_ai, games_behind
from bot.host.settings import Settings
from bot.host.shards import EVERY_SHARD, ShardScope, shard_of
from bot.host.storage import Storage, Timer
from tests.bot.helpers import BOB, HOST, NAMES

NOW = 1_700_000_000.0


def guild_on(shard: int, count: int, n: int = 1) -> int:
    """A guild id on `shard` of `count` (Discord snowflakes: the shard is taken from the time bits)."""
    return ((1_000_000 * count + shard + count * n) << 22) | 4242


def test_a_guild_is_on_the_shard_of_its_id_time_bits() -> None:
    guild = 197038439483310086  # an example id: 46977587094 ms after the Discord epoch
    assert shard_of(guild, 1) == 0
    assert shard_of(guild, 4) == (guild >> 22) % 4
    assert shard_of(guild_on(3, 4), 4) == 3
    assert shard_of(guild_on(3, 4) + 1, 4) == 3  # the low bits (worker, process, increment) do not count
    assert shard_of(None, 4) == 0 and shard_of(0, 4) == 0  # direct messages: shard 0
    with pytest.raises(ValueError, match="at least 1"):
        shard_of(guild, 0)


def test_a_scope_owns_the_guilds_on_its_shards_only() -> None:
    low = ShardScope.of(4, [0, 1])
    high = ShardScope.of(4, [2, 3])
    for shard in range(4):
        guild = guild_on(shard, 4)
        assert low.owns(guild) == (shard < 2)
        assert high.owns(guild) == (shard >= 2)
    assert low.owns(0) and not high.owns(0)  # a game in DMs belongs to shard 0's process
    assert ShardScope.of(4).everything and not low.everything
    assert EVERY_SHARD.owns(guild_on(1, 4)) and EVERY_SHARD.sql("g.guild_id") == ("1 = 1", ())
    assert low.describe() == "shards 0, 1 of 4"
    with pytest.raises(ValueError, match=r"must be some of 0\.\.3"):
        ShardScope.of(4, [4])
    with pytest.raises(ValueError, match="must be some of"):
        ShardScope.of(4, [])


async def test_reminder_claims_take_only_the_games_on_the_process_shards(storage: Storage) -> None:
    games: dict[int, int] = {}
    async with storage.transaction() as tx:
        for shard in range(4):
            game = await tx.insert_game(guild_id=guild_on(shard, 4), channel_id=800 + shard, host_id=5, config={},
                                        engine_version="t", now=NOW)
            await tx.put_timer(Timer(game.id, "reminder", 5, NOW - 10 + shard, 0))
            games[shard] = game.id
        dm_game = (await tx.insert_game(guild_id=0, channel_id=900, host_id=5, config={}, engine_version="t",
                                        now=NOW)).id
        await tx.put_timer(Timer(dm_game, "reminder", 5, NOW - 1, 0))

    async def claim(owner: str, scope: ShardScope) -> list[int]:
        async with storage.transaction() as tx:
            timers = await tx.claim_timers(owner, now=NOW, lease_seconds=60, scope=scope)
        return [timer.game_id for timer in timers]

    assert await claim("high", ShardScope.of(4, [2, 3])) == [games[2], games[3]]
    assert await claim("low", ShardScope.of(4, [0, 1])) == [games[0], games[1], dm_game]
    assert await claim("anyone", EVERY_SHARD) == []  # every due timer is claimed once


@pytest.fixture
def environment(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    monkeypatch.setenv("DISCORD_TOKEN", "token")
    for name in ("GAH_SHARD_COUNT", "GAH_SHARD_IDS"):
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


def test_by_default_discord_recommends_the_count_and_the_process_runs_every_shard(
        environment: pytest.MonkeyPatch) -> None:
    settings = Settings.from_environment(read_dotenv=False)
    assert (settings.shard_count, settings.shard_ids) == (None, None)


@pytest.mark.parametrize(("text", "ids"), [("2,3", (2, 3)), ("0-1", (0, 1)), ("3, 1", (1, 3)), ("0-1,3", (0, 1, 3))])
def test_shard_ids_are_a_list_or_a_range(environment: pytest.MonkeyPatch, text: str, ids: tuple[int, ...]) -> None:
    environment.setenv("GAH_SHARD_COUNT", "4")
    environment.setenv("GAH_SHARD_IDS", text)
    settings = Settings.from_environment(read_dotenv=False)
    assert (settings.shard_count, settings.shard_ids) == (4, ids)
    assert "shard_count=4" in repr(settings)


@pytest.mark.parametrize(("count", "ids", "message"), [
    ("", "0,1", "GAH_SHARD_IDS needs GAH_SHARD_COUNT"),
    ("4", "4", "below GAH_SHARD_COUNT"),
    ("4", "one", "such as 0,1 or 0-1"),
    ("4", "1-", "such as 0,1 or 0-1"),
    ("0", "", "GAH_SHARD_COUNT must be a whole number of at least 1"),
    ("two", "", "GAH_SHARD_COUNT must be a whole number of at least 1"),
])
def test_shard_settings_that_do_not_fit_are_refused(environment: pytest.MonkeyPatch, count: str, ids: str,
                                                     message: str) -> None:
    environment.setenv("GAH_SHARD_COUNT", count)
    environment.setenv("GAH_SHARD_IDS", ids)
    with pytest.raises(ValueError, match=message):
        Settings.from_environment(read_dotenv=False)


async def game_owing_an_ai_move(service: GameService, guild_id: int, channel_id: int) -> GameInfo:
    """A started 2-user game in `guild_id` whose player on turn was just handed to an AI that has not moved yet (as
    after a crash between the hand-over and the AI's move)."""
    game = await service.create(guild_id=guild_id, channel_id=channel_id, host_id=HOST, host_name=NAMES[0],
                                options={"seed": 7})
    await service.join(game.id, BOB, NAMES[1])
    begun = (await service.start(game.id, HOST, run_ai=False)).game
    assert begun.current_user is not None
    return (await service.hand_to_ai(game.id, begun.current_user, is_manager=True, run_ai=False)).game


async def test_ai_moves_owed_after_a_restart_are_made_only_in_games_on_the_process_shards(
        service: GameService) -> None:
    on_zero = await game_owing_an_ai_move(service, guild_on(0, 2), 601)
    on_one = await game_owing_an_ai_move(service, guild_on(1, 2), 602)
    moved = await service.resume(ShardScope.of(2, [1]).owns)
    assert [result.game.id for result in moved] == [on_one.id]
    assert (await service.game(on_zero.id)).version == on_zero.version  # the other process's game is left alone
    assert (await service.game(on_one.id)).version > on_one.version
    moved = await service.resume(ShardScope.of(2, [0]).owns)
    assert [result.game.id for result in moved] == [on_zero.id]


async def test_start_up_queries_select_only_the_games_on_the_process_shards(service: GameService) -> None:
    """The start-up catch-up (`games_behind`) and the AI tasks resumed after a restart (`active_games_with_ai`)
    look only at games of guilds on the process's shards."""
    on_zero = await game_owing_an_ai_move(service, guild_on(0, 2), 611)
    on_one = await game_owing_an_ai_move(service, guild_on(1, 2), 612)
    async with service.storage.reading() as tx:
        assert [b.game_id for b in await games_behind(tx, 0.0)] == [on_zero.id, on_one.id]
        assert [b.game_id for b in await games_behind(tx, 0.0, ShardScope.of(2, [1]))] == [on_one.id]
        assert await active_games_with_ai(tx) == [on_zero.id, on_one.id]
        assert await active_games_with_ai(tx, ShardScope.of(2, [0])) == [on_zero.id]
