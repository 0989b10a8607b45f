"""Votes on the player on turn (issue 53 item 3), without Discord: who may begin one, ballots, the decision, the
24-hour end and the lapse when the player moves.

Once the reminder of a turn has gone out (no reminder of that turn is pending and the channel's reminder interval
has passed), any seated person may propose to skip the player on turn or to hand their seat to an AI. The other
seated people (persons playing their seat, the player on turn left out) vote, one ballot each; the one who began
agrees. The vote passes when more than half of them agree, fails when that can no longer happen, ends
("expired") after `VOTE_SECONDS`, and lapses when the game moves on (the vote belongs to the game version it began
at). A vote that passed is carried out as the host's `/gah skip` or `/gah ai` would be.

Storage: `turn_votes` (one row per game: its newest vote) and `turn_ballots` (migration 12); the end is a row of
`timers` of kind `VOTE_TIMER`, which the reminder loop claims (`bot.host.reminders`), so it survives a restart and runs
once when several processes share the database. A decision is taken by the one transaction whose UPDATE finds the
vote still open, and the change it makes carries the vote's version (`expected_version`), so it happens once.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import TYPE_CHECKING

from bot.host.kinds import kind_named
from bot.host.service.errors import N_, GameNotActive, NotSeated, Said, ServiceError
from bot.host.service.model import TurnResult
from bot.host.service.rules import stored_state
from bot.host.service.unit import REMINDER, load
from bot.host.storage import DEFAULT_REMINDER_SECONDS, GameRow, SeatRow, Timer, Tx

if TYPE_CHECKING:
    from bot.host.service.core import GameService

VOTE_SECONDS = 24 * 3600.0
"""How long a vote stays open when undecided."""

VOTE_TIMER = "vote"
"""The `timers` kind of a vote's end."""

ACTIONS = {"skip": "skip", "ai": "hand to an AI"}
"""What a vote may propose, with its words ("a vote to skip ann")."""


class VoteRefused(ServiceError):
    """A vote that may not begin, or a ballot that does not count; the text tells the member why."""


@dataclasses.dataclass(frozen=True)
class Vote:
    """A vote on the player on turn.

    Attributes:
        game_id: the game.
        version: the game version it began at (its identity within the game; a move ends it).
        action: "skip" or "ai".
        position: the seat on turn it is about; `target_id` the member holding it, `target_name` the seat's name.
        started_by: the member who began it.
        started_at, ends_at: seconds since the epoch.
        status: "open", "passed", "failed" (a majority can no longer agree), "expired" (the time ran out), or
            "lapsed" (the player moved).
        message_id: the public vote message, once posted.
    """

    game_id: int
    version: int
    action: str
    position: int
    target_id: int
    started_by: int
    started_at: float
    ends_at: float
    status: str
    message_id: int | None = None
    target_name: str = ""


@dataclasses.dataclass(frozen=True)
class Tally:
    """The ballots of a vote: the members who may vote (`voters`), who agreed and who did not, and how many must
    agree for it to pass (`needed`: more than half of the voters)."""

    voters: tuple[int, ...]
    agree: tuple[int, ...]
    disagree: tuple[int, ...]

    @property
    def needed(self) -> int:
        """Agreeing ballots a pass takes: a majority of the voters."""
        return len(self.voters) // 2 + 1

    @property
    def passed(self) -> bool:
        """Whether a majority agreed."""
        return len(self.agree) >= self.needed

    @property
    def failed(self) -> bool:
        """Whether a majority can no longer agree (too many disagreed)."""
        return len(self.voters) - len(self.disagree) < self.needed


@dataclasses.dataclass(frozen=True)
class Ballot:
    """What a ballot did: the vote as it now stands, its tally, and `decided` ("passed" or "failed") when this
    ballot decided it (the caller then carries it out or says so, once)."""

    vote: Vote
    tally: Tally
    decided: str | None = None


def voters(seats: Sequence[SeatRow], target_id: int) -> tuple[int, ...]:
    """The members who vote on a vote about `target_id`'s seat: every person playing their own seat but them."""
    return tuple(s.user_id for s in seats if s.user_id is not None and s.ai_level is None and s.user_id != target_id)


async def _vote_row(tx: Tx, game_id: int) -> Vote | None:
    row = await tx.fetchone("SELECT * FROM turn_votes WHERE game_id = ?", (game_id,))
    if row is None:
        return None
    return Vote(row["game_id"], row["version"], row["action"], row["position"], row["target_id"], row["started_by"],
                row["started_at"], row["ends_at"], row["status"], row["message_id"])


async def _tally(tx: Tx, vote: Vote, seats: Sequence[SeatRow]) -> Tally:
    rows = await tx.fetchall("SELECT user_id, agree FROM turn_ballots WHERE game_id = ? AND version = ? "
                             "ORDER BY user_id", (vote.game_id, vote.version))
    allowed = voters(seats, vote.target_id)
    return Tally(allowed, tuple(r["user_id"] for r in rows if r["agree"] and r["user_id"] in allowed),
                 tuple(r["user_id"] for r in rows if not r["agree"] and r["user_id"] in allowed))


async def _close(tx: Tx, vote: Vote, status: str) -> bool:
    """Mark an open vote `status`; True if this call did (exactly one caller decides a vote)."""
    changed = await tx.execute("UPDATE turn_votes SET status = ? WHERE game_id = ? AND version = ? "
                               "AND status = 'open'", (status, vote.game_id, vote.version))
    if changed:
        await tx.delete_timers(vote.game_id, VOTE_TIMER)
    return bool(changed)


def _named(vote: Vote, seats: Sequence[SeatRow]) -> Vote:
    name = seats[vote.position].name if 0 <= vote.position < len(seats) else f"seat {vote.position + 1}"
    return dataclasses.replace(vote, target_name=name)


class TurnVotes:
    """The vote part of the bot's work on a `GameService` (kept beside it: the service's parts share its base)."""

    def __init__(self, service: GameService) -> None:
        self.service = service

    async def begin(self, game_id: int, actor_id: int, action: str) -> tuple[Vote, Tally]:
        """Begin a vote to `action` ("skip" or "ai") the player on turn; the actor's ballot agrees. A vote that
        this ballot already decides (the actor is the only other person playing) begins "passed": the caller
        carries it out (`carry_out`).

        Raises:
            NoGameHere: no such game.
            GameNotActive: the game is not running.
            VoteRefused: an unknown action; the actor plays no seat; an AI or nobody is on turn; the actor is on
                turn; the turn's reminder has not gone out yet; a vote on this turn is open or was held.
        """
        if action not in ACTIONS:
            raise VoteRefused(N_("A vote can be on `skip` or `ai`, not {action}."), action=repr(action[:20]))
        service = self.service
        async with service.locked(game_id), service.storage.transaction() as tx:
            await tx.hold(f"vote:{game_id}")
            game, seats = await load(tx, game_id)
            if game.status != "active":
                raise GameNotActive("This game is not running, so there is nothing to vote on.")
            command = kind_named(game.kind).command
            state = stored_state(game)
            index = None if state.is_over else state.current_index
            seat = None if index is None else seats[index]
            if actor_id not in (s.user_id for s in seats):
                raise NotSeated("Only the players of this game can begin a vote.")
            if seat is None:
                raise VoteRefused(N_("No one player keeps the game waiting now, so there is nothing to vote on."))
            if seat.user_id is None or seat.ai_level is not None:
                raise VoteRefused(N_("An AI is on turn, and AIs do not keep anyone waiting: there is nothing to vote "
                                     "on."))
            if seat.user_id == actor_id:
                raise VoteRefused(N_("It is your own turn: play it, or `/{command} ai` lets an AI play your seat."),
                                  command=command)
            if actor_id not in voters(seats, seat.user_id):
                raise VoteRefused(N_("An AI plays your seat now: `/{command} takeback` first, then you may vote."),
                                  command=command)
            await self._require_reminder_sent(tx, game, service.clock())
            old = await _vote_row(tx, game_id)
            if old is not None and old.version == game.version:
                held = "is open" if old.status == "open" else "was already held"
                raise VoteRefused(f"A vote on this turn {held}; one vote per turn.")
            now = service.clock()
            vote = Vote(game_id, game.version, action, seat.position, seat.user_id, actor_id, now,
                        now + VOTE_SECONDS, "open")
            tally = Tally(voters(seats, seat.user_id), (actor_id,), ())
            if tally.passed:  # the only other player: their ballot is the majority, the caller carries it out
                vote = dataclasses.replace(vote, status="passed")
            await tx.execute("DELETE FROM turn_ballots WHERE game_id = ?", (game_id,))
            await tx.execute("DELETE FROM turn_votes WHERE game_id = ?", (game_id,))
            await tx.execute("INSERT INTO turn_votes (game_id, version, action, position, target_id, started_by, "
                             "started_at, ends_at, status) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                             (game_id, vote.version, action, vote.position, vote.target_id, actor_id, now,
                              vote.ends_at, vote.status))
            await tx.execute("INSERT INTO turn_ballots (game_id, version, user_id, agree) VALUES (?, ?, ?, 1)",
                             (game_id, vote.version, actor_id))
            if vote.status == "open":
                await tx.put_timer(Timer(game_id, VOTE_TIMER, None, vote.ends_at, vote.version))
        return _named(vote, seats), tally

    @staticmethod
    async def _require_reminder_sent(tx: Tx, game: GameRow, now: float) -> None:
        """Refuse a vote before the turn's reminder went out: it is still due later (held by a snooze or quiet
        hours), or the channel's interval (the default 12 hours where the channel has no reminders) has not passed
        since the turn began. A reminder that is due is being sent (its timer goes once it was): that counts."""
        interval = (await tx.channel_settings(game.channel_id)).reminder_seconds or DEFAULT_REMINDER_SECONDS
        ready = max([game.updated_at + interval, *(t.due_at for t in await tx.timers(game_id=game.id)
                                                   if t.kind == REMINDER and t.version == game.version)])
        if now < ready:
            raise VoteRefused(N_("A vote can begin once the player's turn reminder has gone out (this turn: "
                                 "{when} at the earliest)."), when=f"<t:{int(ready) + 1}:R>")

    async def set_message(self, vote: Vote, message_id: int) -> None:
        """Remember the public message of `vote` (its buttons count only there)."""
        async with self.service.storage.transaction() as tx:
            await tx.execute("UPDATE turn_votes SET message_id = ? WHERE game_id = ? AND version = ?",
                             (message_id, vote.game_id, vote.version))

    async def current(self, game_id: int) -> tuple[Vote, Tally] | None:
        """The game's newest vote and its tally (None if it never had one)."""
        async with self.service.storage.reading() as tx:
            vote = await _vote_row(tx, game_id)
            if vote is None:
                return None
            seats = await tx.seats(game_id)
            return _named(vote, seats), await _tally(tx, vote, seats)

    async def cast(self, game_id: int, version: int, user_id: int, agree: bool, message_id: int) -> Ballot:
        """Count `user_id`'s ballot on the vote of `game_id` begun at `version`, clicked on message `message_id`.

        Raises:
            VoteRefused: no such vote; not clicked on its message; it is no longer open (decided, expired, or the
                player moved: a lapsed vote is marked so); the member is the player voted on, does not play in
                this game (or an AI plays their seat), or already voted.
        """
        async with self.service.storage.transaction() as tx:
            await tx.hold(f"vote:{game_id}")
            game = await tx.game(game_id)
            vote = await _vote_row(tx, game_id)
            if game is None or vote is None or vote.version != version:
                raise VoteRefused(N_("That vote is over; a newer one may be open in this channel."))
            if vote.message_id != message_id:  # a tampered copy elsewhere (or the message not yet remembered)
                raise VoteRefused(N_("That button belongs on the vote's own message. Vote there."))
            seats = await tx.seats(game_id)
            vote = _named(vote, seats)
            if vote.status == "open" and (game.status != "active" or game.version != vote.version):
                await _close(tx, vote, "lapsed")
                vote = dataclasses.replace(vote, status="lapsed")
            if vote.status != "open":
                raise VoteRefused(N_("That vote is over ({why})."), why=Said(STATUS_WORDS[vote.status]),
                                  name=vote.target_name)
            if user_id == vote.target_id:
                raise VoteRefused(N_("This vote is about your seat, so you do not vote on it. Playing your turn ends "
                                     "it."))
            if user_id not in voters(seats, vote.target_id):
                raise VoteRefused(N_("Only the players of this game vote (the player on turn and watchers do not)."))
            added = await tx.execute("INSERT INTO turn_ballots (game_id, version, user_id, agree) VALUES (?, ?, ?, ?) "
                                     "ON CONFLICT DO NOTHING", (game_id, version, user_id, int(agree)))
            if not added:
                raise VoteRefused(N_("You already voted on this; one vote each."))
            tally = await _tally(tx, vote, seats)
            decided = "passed" if tally.passed else "failed" if tally.failed else None
            if decided is not None and await _close(tx, vote, decided):
                vote = dataclasses.replace(vote, status=decided)
            else:
                decided = None
        return Ballot(vote, tally, decided)

    async def carry_out(self, vote: Vote) -> TurnResult:
        """Do what a passed vote decided, as the host's command would (the log names the member who began it);
        only if the game is still at the vote's version.

        Raises:
            StaleVersion: the game moved on meanwhile.
            LobbyError: the AI would take the last person's seat while the server runs its most games of only AIs.
            GameBusy, NoGameHere, GameNotActive: see `GameService.skip` and `hand_to_ai`.
        """
        service = self.service
        if vote.action == "skip":
            return await service.skip(vote.game_id, vote.started_by, is_manager=True, expected_version=vote.version)
        async with service.storage.reading() as tx:
            game = await tx.game(vote.game_id)
        kind = kind_named(game.kind if game is not None else "gah")
        return await service.hand_to_ai(vote.game_id, vote.started_by, vote.position, level=kind.command_ai_level,
                                        is_manager=True, expected_version=vote.version)

    async def expire(self, timer: Timer) -> tuple[Vote, Tally] | None:
        """Handle a due vote timer once (`take_timer`): an undecided vote ends, "expired" (or "lapsed" if the
        player moved). Returns the vote and its tally if this call ended it, else None."""
        if not await self.service.take_timer(timer):
            return None
        async with self.service.storage.transaction() as tx:
            await tx.hold(f"vote:{timer.game_id}")
            vote = await _vote_row(tx, timer.game_id)
            game = await tx.game(timer.game_id)
            if vote is None or game is None or vote.version != timer.version or vote.status != "open":
                return None
            status = "expired" if game.status == "active" and game.version == vote.version else "lapsed"
            if not await _close(tx, vote, status):
                return None
            seats = await tx.seats(timer.game_id)
            return _named(dataclasses.replace(vote, status=status), seats), await _tally(tx, vote, seats)

    async def lapse(self, game_id: int) -> tuple[Vote, Tally] | None:
        """End the game's open vote if the game moved on since it began ("lapsed"); returns it if this call did."""
        async with self.service.storage.reading() as tx:
            vote = await _vote_row(tx, game_id)
        if vote is None or vote.status != "open":
            return None  # the common case, after every move: one read, no write
        async with self.service.storage.transaction() as tx:
            await tx.hold(f"vote:{game_id}")
            vote = await _vote_row(tx, game_id)
            if vote is None or vote.status != "open":
                return None
            game = await tx.game(game_id)
            if game is not None and game.status == "active" and game.version == vote.version:
                return None
            if not await _close(tx, vote, "lapsed"):
                return None
            seats = await tx.seats(game_id)
            return _named(dataclasses.replace(vote, status="lapsed"), seats), await _tally(tx, vote, seats)

    async def fail(self, vote: Vote, status: str) -> None:
        """Record that a passed vote could not be carried out (`status`: "lapsed" when the game moved first)."""
        async with self.service.storage.transaction() as tx:
            await tx.execute("UPDATE turn_votes SET status = ? WHERE game_id = ? AND version = ?",
                             (status, vote.game_id, vote.version))


STATUS_WORDS: dict[str, str] = {
    "open": N_("open"),
    "passed": N_("it passed"),
    "failed": N_("no majority agreed"),
    "expired": N_("24 hours passed without a majority"),
    "lapsed": N_("{name} moved, or the game changed, since it began"),
}
"""Why a vote is over, in words (`{name}`: the seat voted on); English, marked for the catalogs and said in the
reader's language where it is shown."""

