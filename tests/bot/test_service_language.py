"""Who reads which language (issue 55 item 2), in the service: a game's language is a lobby option whose default is
the server's preferred locale when it is Polish or German; a member's own language is kept with their notification
preferences (migration 14); a refusal keeps its sentence's template, said in the reader's language by the bot. On
both databases."""

from __future__ import annotations

import pytest

from bot.host.i18n import translator
from bot.host.language import game_language, refusal_text
from bot.host.service import GameService, LobbyError, NotHost, ServiceError
from bot.host.service.rules import host_options
from tests.bot.helpers import BOB, GUILD, HOST, NAMES, lobby, started


@pytest.mark.parametrize(("guild_locale", "language"), [("pl", "pl"), ("de", "de"), ("en-US", "en"), ("en-GB", "en"),
                                                        ("fr", "en"), ("es-ES", "en"), (None, "en")])
async def test_a_new_game_speaks_the_servers_language_when_it_is_polish_or_german(
        service: GameService, guild_locale: str | None, language: str) -> None:
    game = await service.create(guild_id=GUILD, channel_id=500, host_id=HOST, host_name=NAMES[0],
                                guild_locale=guild_locale)
    assert game_language(game.options) == language
    assert ("language" in game.options) == (language != "en")  # English is the default left unset, as before
    assert game_language((await service.game(game.id)).options) == language  # stored


async def test_the_hosts_choice_wins_over_the_servers_and_is_one_of_three(service: GameService) -> None:
    assert host_options()["language"] == ("en", "pl", "de")
    game = await service.create(guild_id=GUILD, channel_id=500, host_id=HOST, host_name=NAMES[0],
                                options={"language": "de"}, guild_locale="pl")
    assert game.options["language"] == "de"
    for value in ("en", "pl", "de"):
        game = await service.set_options(game.id, HOST, {"language": value})
        assert game_language(game.options) == value
    for bad in ("fr", "PL", "polski", "", 1, True):
        version = (await service.game(game.id)).version
        with pytest.raises(LobbyError, match="The option language is one of en, pl, de"):
            await service.set_options(game.id, HOST, {"language": bad})
        assert (await service.game(game.id)).version == version  # a bad value changes nothing
    await service.join(game.id, BOB, NAMES[1])
    with pytest.raises(NotHost):
        await service.set_options(game.id, BOB, {"language": "pl"})
    assert game_language((await service.game(game.id)).options) == "de"  # the last the host chose


async def test_the_language_stays_with_the_bot_and_goes_to_a_rematch(service: GameService) -> None:
    result = await started(service, language="pl")
    game = result.game
    assert game.state is not None and game_language(game.options) == "pl"  # the engine never sees it
    await service.cancel(game.id, HOST)  # the channel is free for the rematch's lobby
    again = await service.rematch(game.id, HOST, NAMES[0])
    assert game_language(again.options) == "pl"


async def test_a_members_language_is_kept_with_their_preferences(service: GameService) -> None:
    assert (await service.prefs(BOB)).language is None  # nobody chose: the client's language counts
    assert (await service.set_prefs(BOB, language="de")).language == "de"
    assert (await service.set_prefs(BOB, notify="dm")).language == "de"  # other changes keep it
    assert (await service.prefs(BOB)).language == "de" and (await service.prefs(BOB)).notify == "dm"
    assert (await service.set_prefs(BOB, language="auto")).language is None
    await service.set_prefs(BOB, language="pl")
    for bad in ("fr", "Polish", "", "auto "):
        with pytest.raises(ServiceError, match="Your language can be auto, en, pl, de") as refused:
            await service.set_prefs(BOB, language=bad)
        assert refusal_text(refused.value, translator("de")).startswith("Deine Sprache kann eine von")
    assert (await service.prefs(BOB)).language == "pl"  # a refused change changed nothing


async def test_a_refusal_is_said_in_the_readers_language(service: GameService) -> None:
    game = await lobby(service, humans=2)
    with pytest.raises(NotHost) as not_host:
        await service.start(game.id, BOB)
    assert str(not_host.value) == "Only the host can do that."  # the service's English, as before
    assert refusal_text(not_host.value, translator("de")) == "Das darf nur der Gastgeber."
    assert refusal_text(not_host.value, translator("pl")) == "Tylko gospodarz gry może to zrobić."
    with pytest.raises(LobbyError) as full:
        for user in (103, 104, 105):
            await service.join(game.id, user, f"P{user}")
    assert str(full.value) == "The game is full (4 seats)."
    assert refusal_text(full.value, translator("de")) == "Die Partie ist voll (4 Plätze)."
    assert refusal_text(full.value, translator("en-US")) == "The game is full (4 seats)."
