"""`GameService`: the one object the bot calls, put together from the service's parts. No Discord here.

    unit.py      the unit of work (lock with a timeout, transaction, load, checks, one version bump) and the base
    rules.py     who may do what, and when a panel is out of date: the only place these rules live
    lobby.py     create, join, leave, AI seats in the lobby, options, start, cancel
    channels.py  the start's dry run (before a thread opens), games whose channel or thread was deleted
    play.py      act / choose, undo, skip, finish (and dry runs such as `check_skip`)
    ai_seats.py  the chain of AI moves, `run_ai`, `resume`, handing a seat to an AI and back
    away.py      away mode: a member's turns played by AIs in every game for some days
    clock.py     the turn clock: a turn whose deadline passed is played by the host's chosen AI (clock_timer.py)
    ai_tasks.py  the background AI chain per game (the bot: AI never runs inside a click), resumed after a restart
    ai_fairness.py  which AI decision runs next on the workers: people first, then suggestions; servers share
                 fairly (least recent use first), then games in turn
    ai_caps.py   the caps on expert and master AI seats a member or a server may run
    thinking.py  where AI decisions are computed (a process pool in the bot)
    queries.py   SQL that selects only what start-up and the undo preview need
    notices.py   preferences, snoozes, reminder interval and timers, posted messages
    records.py   reading games, history, replay check, export, results, statistics
    suggest.py   the Suggest button: the expert's ranked moves for a player, computed in the AI pool
    suggest_desk.py  the Suggest searches under way and the latest answers (merged, one per member)

Every state-changing call runs under a per-game `asyncio.Lock` (so two clicks in one process are handled one
after the other; a click gives up with `GameBusy` after `lock_timeout` seconds) and writes in one
`BEGIN IMMEDIATE` transaction whose UPDATE carries the expected version in its WHERE clause (so a second process
cannot slip a write in between). Every change bumps the game's version; every applied action appends one log
row carrying the version after it.
"""

from __future__ import annotations

from bot.host.service.ai_seats import AISeats
from bot.host.service.ai_tasks import AITasks
from bot.host.service.away import Away
from bot.host.service.channels import Channels
from bot.host.service.clock import TurnClock
from bot.host.service.lobby import Lobby
from bot.host.service.notices import Notices
from bot.host.service.play import Play
from bot.host.service.records import Records
from bot.host.service.rules import COLOURS, choices_fingerprint, clean_name, engine_version
from bot.host.service.suggest import Suggestions
from bot.host.service.unit import REMINDER

__all__ = ["COLOURS", "REMINDER", "GameService", "choices_fingerprint", "clean_name",
           "engine_version"]


class GameService(Lobby, Channels, Play, AITasks, AISeats, TurnClock, Away, Notices, Records, Suggestions):
    """The game service the Discord layer calls. One instance per process, sharing one `Storage`.

    Args:
        storage: an opened `Storage`.
        clock: the wall clock (seconds since the epoch); tests pass a fake one.
        seed_source: gives the seed of a game whose host fixed none (default: `secrets.randbelow(2**31)`).
        lock_timeout: seconds a change waits for a game that another change holds before `GameBusy`.
        thinker: where AI decisions are computed (`bot.host.service.thinking.Thinker`; default: worker threads).
        background_ai: run slow AI chains as background tasks after the user's commit (the bot) instead of inside
            the call (tests, tools); see `bot.host.service.ai_tasks` (whose slow decisions share the workers fairly:
            `bot.host.service.ai_fairness`).
        ai_only_games_per_server: how many running games played only by AIs one server may have (default
            `bot.host.service.ai_fairness.AI_ONLY_GAMES_PER_SERVER`); see `bot.host.service.ai_seats.refuse_ai_only`.
        expensive_ai: the caps on expert and master AI seats a member or a server may have in running games
            (`bot.host.service.ai_caps.ExpensiveAICaps`).
    """
