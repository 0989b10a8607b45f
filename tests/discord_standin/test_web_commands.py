"""The web page's command box: typed lines parsed against a registered command tree (`web_commands.py`), and what
the page's state shows each user (`web_state.py`)."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import Hotel
from .errors import StandInUsageError
from .standin import StandIn
from .web_commands import parse_command
from .web_state import page_state
from .world import Message, MessageFlag

GAME = {
    "name": "game",
    "description": "a game",
    "options": [
        {"type": 1, "name": "new", "description": "open", "options": [
            {"type": 4, "name": "seats", "description": "seats", "min_value": 1, "max_value": 4},
            {"type": 3, "name": "title", "description": "a title"},
            {"type": 3, "name": "speed", "description": "speed",
             "choices": [{"name": "Quick turns", "value": "quick"}, {"name": "Slow", "value": "slow"}]},
            {"type": 5, "name": "ranked", "description": "ranked"},
            {"type": 6, "name": "rival", "description": "a rival"},
            {"type": 7, "name": "where", "description": "a channel"},
            {"type": 10, "name": "stake", "description": "a number"},
        ]},
        {"type": 2, "name": "admin", "description": "admin", "options": [
            {"type": 1, "name": "reset", "description": "reset", "options": [
                {"type": 9, "name": "who", "description": "user or role", "required": True}]},
        ]},
    ],
}  # fmt: skip


def parse(standin: StandIn, hotel: Hotel, text: str) -> tuple[str, dict[str, Any]]:
    commands = standin.core.commands.bulk_overwrite(hotel.guild.id, [GAME], at=0.0)
    parsed = parse_command(text, world=standin.world, guild=hotel.guild, commands=commands)
    return parsed.path, parsed.options


async def test_typed_options_become_values_of_their_types(standin: StandIn, hotel: Hotel) -> None:
    path, options = parse(standin, hotel, "/game new seats:3 title:The  Grand: Hotel speed:quick turns "
                                          "ranked:yes rival:@bob where:#lobby stake:2.5")
    assert path == "game new"
    assert options == {"seats": 3, "title": "The  Grand: Hotel", "speed": "quick", "ranked": True,
                       "rival": hotel.bob.user, "where": hotel.lobby, "stake": 2.5}
    assert parse(standin, hotel, "game new")[1] == {}
    assert parse(standin, hotel, f"/game admin reset who:{hotel.mod.mention}") == (
        "game admin reset", {"who": hotel.mod.user})
    assert parse(standin, hotel, "/game admin reset who:Moderator")[1] == {"who": hotel.moderator}


@pytest.mark.parametrize(("text", "says"), [
    ("", "type a command"),
    ("/nothing", "no command /nothing; the bot registered: /game"),
    ("/game old", "/game has no subcommand 'old'; it has new, admin"),
    ("/game new 3", "'3' is not an option of /game new (options: seats:, title:"),
    ("/game new seats:three", "seats: 'three' is not a whole number"),
    ("/game new stake:lots", "stake: 'lots' is not a number"),
    ("/game new ranked:maybe", "ranked: say true or false, not 'maybe'"),
    ("/game new speed:fast", "speed: 'fast' is not one of the choices (Quick turns, Slow)"),
    ("/game new rival:nobody", "rival: nobody called 'nobody' here"),
    ("/game new where:#nowhere", "where: no channel '#nowhere' here"),
])  # fmt: skip
async def test_what_the_box_refuses_is_said(standin: StandIn, hotel: Hotel, text: str, says: str) -> None:
    with pytest.raises(StandInUsageError) as refused:
        parse(standin, hotel, text)
    assert str(refused.value).startswith(says), str(refused.value)


async def test_the_state_shows_each_user_only_their_own_ephemeral_messages(standin: StandIn, hotel: Hotel) -> None:
    world = standin.world
    await hotel.alice.send_message(hotel.lobby, "<b>hi</b> <@1>")
    for owner in (hotel.alice, hotel.bob):
        world.add_message(Message(id=world.ids.next(), channel_id=hotel.lobby.id, guild_id=hotel.guild.id,
                                  author=standin.bot, timestamp=world.clock.now_iso(), content=f"for {owner}",
                                  flags=MessageFlag.EPHEMERAL, ephemeral_for=owner.id))
    users = [hotel.alice.user, hotel.bob.user]
    for actor in (hotel.alice, hotel.bob):
        state = page_state(standin.core, hotel.guild, actor.user, hotel.lobby, [], users)
        assert [m["content"] for m in state["messages"]] == ["<b>hi</b> <@1>", f"for {actor}"], (
            "the page gets the text as it is (its script escapes it) and only the user's own ephemeral message")
        assert [m["ephemeral"] for m in state["messages"]] == [False, True]
        assert [c["name"] for c in state["channels"]] == ["lobby", "games"]
        assert state["names"]["users"][str(hotel.bob.id)] == "bob"
