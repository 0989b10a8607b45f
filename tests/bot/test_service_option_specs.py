"""Every lobby menu entry of every game reaches the config of the game it starts (issue 54 item 2): the host's
pick goes through `bot.host.option_menus.menu_changes` (what the lobby's option select does with it) and the
service's `set_options`, the game starts, and its engine config holds the option as the game's spec declares it.
A solo-only option is started alone, a module kept out of solo with two players."""

from __future__ import annotations

import pytest

from bot.host.kinds import KINDS
from bot.host.lobby import options_of
from bot.host.option_menus import VARIANTS, menu_changes
from bot.host.service import GameService
from engine.core.options import spec_named
from engine.gah.options_spec import OPTIONS as GAH_OPTIONS
from engine.gah.options_spec import WALTZ_MODULES
from engine.overbooking.options_spec import OPTIONS as OVERBOOKING_OPTIONS
from tests.bot.helpers import BOB, GUILD, HOST

SPECS = {"gah": GAH_OPTIONS, "overbooking": OVERBOOKING_OPTIONS}
MODULE_NAMES = {module.name for module in WALTZ_MODULES}


def entries() -> list[tuple[str, int, str, str]]:
    """Every (game, menu row, menu, value) the host can pick in the lobby's option selects."""
    return [(key, row, menu, value) for key, kind in KINDS.items()
            for row, (menu, values) in enumerate(options_of(kind)[0]) for _, value in values]


@pytest.mark.parametrize(("key", "row", "menu", "value"), entries())
async def test_every_lobby_pick_reaches_the_started_games_config(service: GameService, key: str, row: int,
                                                                 menu: str, value: str) -> None:
    kind = KINDS[key]
    menus, flags, _ = options_of(kind)
    assert menus[row][0] == menu
    spec = SPECS[key]
    names = {option.name for option in spec}
    alone = menu != VARIANTS and spec_named(spec, menu).solo == "only"
    game = await service.create(guild_id=GUILD, channel_id=800 + row, host_id=HOST, host_name="Ann",
                                options={"seed": 5}, kind=key)
    if not alone:
        game = await service.join(game.id, BOB, "Bob")
    changes = menu_changes(menu, [value], flags, kind.presenter().MENUS.modules)
    game = await service.set_options(game.id, HOST, changes)
    state = (await service.start(game.id, HOST)).game.state
    assert state is not None
    config = state.config
    if menu != VARIANTS:
        assert str(getattr(config, menu)) == value
    elif value in MODULE_NAMES and key == "gah":
        assert config.modules == frozenset({value})
    elif value in names:
        assert getattr(config, value) is True
        assert all(getattr(config, flag) is False for flag in flags if flag in names and flag != value)
    else:  # the bot's own options (no suggestions, a thread) are not the engine's
        assert value not in names and game.options.get(value) is True
