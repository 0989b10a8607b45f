"""Issue 53 items 3 and 5 at the service, on both backends: ballots and vote ends that come at once decide a vote
once, a member's two ballots at once count once, a vote's timer ends it once; two members given one AI seat at
once: one gets it; the cap of open games and a seat already held refuse a takeover, naming why."""

from __future__ import annotations

import pytest

from bot.host.service import GameService, LobbyError, StaleVersion
from bot.host.service.lobby import LobbyLimits
from bot.host.service.seat_takeovers import SeatRefused, SeatTakeovers
from bot.host.service.votes import VOTE_TIMER, TurnVotes, VoteRefused
from bot.host.storage import Storage
from tests.bot.helpers import BOB, CY, DEE, HOST, USERS, FakeClock, started
from tests.bot.test_service_caps_races import at_once

ROUNDS = 4


async def waiting_game(service: GameService, clock: FakeClock, channel: int) -> tuple[int, int, list[int]]:
    """A running four-person game whose player on turn had their reminder: (game id, that player, the others)."""
    game = (await started(service, humans=4, channel=channel, seed=channel)).game
    clock.advance(13 * 3600)  # past the default 12-hour reminder interval
    target = game.current_user
    assert target is not None
    return game.id, target, [user for user in USERS if user != target]


async def test_ballots_at_once_decide_a_vote_once(storage: Storage, clock: FakeClock) -> None:
    service = GameService(storage, clock=clock)
    votes = TurnVotes(service)
    for round_number in range(ROUNDS):
        game_id, target, others = await waiting_game(service, clock, 600 + round_number)
        with pytest.raises(VoteRefused, match="your own turn"):
            await votes.begin(game_id, target, "skip")
        vote, tally = await votes.begin(game_id, others[0], "skip")
        await votes.set_message(vote, 1)  # the vote message: ballots count only there
        assert vote.status == "open" and tally.needed == 2 and tally.agree == (others[0],)
        ballots, errors = await at_once([votes.cast(game_id, vote.version, user, True, 1) for user in others[1:]])
        # the first ballot passes it (2 of 3); the other, if it comes second, finds the vote over
        assert all(isinstance(e, VoteRefused) and "it passed" in str(e) for e in errors), errors
        decided = [ballot for ballot in ballots if ballot.decided == "passed"]
        assert len(decided) == 1, ballots
        done, refused = await at_once([votes.carry_out(decided[0].vote), votes.carry_out(decided[0].vote)])
        assert len(done) == 1 and all(isinstance(e, StaleVersion) for e in refused), refused
        info = await service.game(game_id)
        assert info.version > vote.version and info.current_user != target


async def test_one_members_two_ballots_at_once_count_once(storage: Storage, clock: FakeClock) -> None:
    service = GameService(storage, clock=clock)
    votes = TurnVotes(service)
    for round_number in range(ROUNDS):
        game_id, _, others = await waiting_game(service, clock, 700 + round_number)
        vote, _ = await votes.begin(game_id, others[0], "ai")
        await votes.set_message(vote, 1)  # the vote message: ballots count only there
        counted, errors = await at_once([votes.cast(game_id, vote.version, others[1], False, 1),
                                         votes.cast(game_id, vote.version, others[1], False, 1)])
        assert len(counted) == 1 and all(isinstance(e, VoteRefused) and "already voted" in str(e) for e in errors)
        current = await votes.current(game_id)
        assert current is not None and len(current[1].agree) + len(current[1].disagree) == 2


async def test_a_votes_timer_ends_it_once(storage: Storage, clock: FakeClock) -> None:
    service = GameService(storage, clock=clock)
    votes = TurnVotes(service)
    game_id, _, others = await waiting_game(service, clock, 800)
    vote, _ = await votes.begin(game_id, others[0], "skip")
    await votes.set_message(vote, 1)  # the vote message: ballots count only there
    timers = [t for t in await service.timers() if t.kind == VOTE_TIMER and t.game_id == game_id]
    assert len(timers) == 1 and timers[0].due_at == vote.ends_at
    ended, errors = await at_once([votes.expire(timers[0]), votes.expire(timers[0]), votes.expire(timers[0])])
    assert not errors and [e[0].status for e in ended if e is not None] == ["expired"]
    with pytest.raises(VoteRefused, match="over"):
        await votes.cast(game_id, vote.version, others[1], True, 1)
    with pytest.raises(VoteRefused, match="already held"):
        await votes.begin(game_id, others[1], "skip")


async def test_an_ai_seat_goes_to_one_member_within_the_cap(storage: Storage, clock: FakeClock) -> None:
    service = GameService(storage, clock=clock)
    service.limits = LobbyLimits(per_user=100, per_server=1000)
    seats = SeatTakeovers(service)
    for round_number in range(ROUNDS):
        game = (await started(service, humans=1, ais=1, channel=900 + round_number, seed=round_number)).game
        with pytest.raises(SeatRefused, match=r"only while|not open"):
            await seats.check_request(game.id, BOB, 1, game.version)
        with pytest.raises(Exception, match="Only the host"):
            await seats.set_open(game.id, BOB, 1, True)
        await seats.set_open(game.id, HOST, 1, True)
        with pytest.raises(SeatRefused, match="already"):
            await seats.check_request(game.id, HOST, 1, game.version)
        taken, errors = await at_once([seats.take(game.id, HOST, user, 1) for user in (BOB + 1000 * round_number,
                                                                                      CY + 1000 * round_number)])
        assert len(taken) == 1 and all(isinstance(e, SeatRefused) for e in errors), errors
        info = await service.game(game.id)
        assert info.seats[1].user_id == taken[0].user_id and info.seats[1].ai_level is None
        # the winner now has one open game: at a cap of 1, another game's seat is refused naming the cap
        other = (await started(service, humans=1, ais=1, channel=950 + round_number, seed=round_number)).game
        await seats.set_open(other.id, HOST, 1, True)
        service.limits = LobbyLimits(per_user=1, per_server=1000)
        with pytest.raises(LobbyError, match="You already have 1 open game "):  # one game: the singular
            await seats.check_request(other.id, taken[0].user_id, 1, other.version)
        service.limits = LobbyLimits(per_user=100, per_server=1000)
        assert DEE not in (s.user_id for s in info.seats)


async def test_an_overbooking_vote_passes_and_its_seat_goes_to_a_newcomer(storage: Storage, clock: FakeClock) -> None:
    """Both items in the second game: a vote on the player on turn is carried out as `/overbooking skip`, and its
    AI seat taken over by a newcomer, noting the round."""
    service = GameService(storage, clock=clock)
    game = await service.create(guild_id=1, channel_id=990, host_id=HOST, host_name="Ann",
                                options={"seed": 11}, kind="overbooking")
    for user, name in ((BOB, "Bob"), (CY, "Cy")):
        await service.join(game.id, user, name)
    await service.add_ai(game.id, HOST)
    info = (await service.start(game.id, HOST)).game
    clock.advance(13 * 3600)
    target = info.current_user
    assert target is not None
    others = [user for user in (HOST, BOB, CY) if user != target]
    votes = TurnVotes(service)
    vote, tally = await votes.begin(info.id, others[0], "skip")
    await votes.set_message(vote, 1)
    assert tally.needed == 2  # two other people: both must agree
    ballot = await votes.cast(info.id, vote.version, others[1], True, 1)
    assert ballot.decided == "passed"
    result = await votes.carry_out(ballot.vote)
    assert result.game.version > vote.version
    assert any(move.actor == f"skip:{others[0]}" for move in await service.history(info.id))
    seats = SeatTakeovers(service)
    await seats.set_open(info.id, HOST, 3, True)
    taken = await seats.take(info.id, HOST, DEE, 3)
    assert taken.round >= 1 and (await service.game(info.id)).seats[3].user_id == DEE
