"""One of several processes racing over one database (`tests/bot/test_processes.py`).

    python -m tests.bot.race_driver DATABASE act GAME MOVES
        Play the game's user moves until the game's version reaches MOVES: read the game, then act (the first
        legal action) at the version read, pausing 20 ms after each move it won. Prints one line per attempt:
        "win VERSION" (this process's move was stored at VERSION + 1) or "lose VERSION" (another process's was).

    python -m tests.bot.race_driver DATABASE claim OWNER NOW
        Claim due timers (at the fake time NOW, 3 at a time, leases of an hour, each claim's transaction held
        open 20 ms) until none is left; prints "claimed GAME" for each.

Both print "ready" first and start when a line arrives on stdin, so that every process starts at the same moment.
"""

from __future__ import annotations

import asyncio
import sys

from bot.host.service import GameService, StaleVersion
from bot.host.storage import Storage
from engine import legal_actions


async def act(storage: Storage, game_id: int, moves: int) -> None:
    """Race the other processes to play each version of the game."""
    service = GameService(storage)
    while True:
        game = await service.game(game_id)
        if game.version >= moves or game.status != "active":
            return
        assert game.state is not None and game.current_user is not None
        text = legal_actions(game.state)[0].text
        try:
            await service.act(game_id, game.current_user, text, game.version)
            print(f"win {game.version}", flush=True)
            # a player takes a moment between moves: without it, on a loaded machine the process that won
            # once could win every version before the others were scheduled at all
            await asyncio.sleep(0.02)
        except StaleVersion:
            print(f"lose {game.version}", flush=True)


async def claim(storage: Storage, owner: str, now: float) -> None:
    """Claim timers until none is left."""
    while True:
        async with storage.transaction() as tx:
            taken = await tx.claim_timers(owner, now=now, lease_seconds=3600, limit=3)
            await asyncio.sleep(0.02)  # hold the claimed rows uncommitted a while: the others must pass them over
        if not taken:
            return
        for timer in taken:
            print(f"claimed {timer.game_id}", flush=True)


async def main(database: str, mode: str, first: str, second: str) -> None:
    """Open the database, say "ready", wait for the start line, race."""
    async with Storage(database) as storage:
        print("ready", flush=True)
        await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
        if mode == "act":
            await act(storage, int(first), int(second))
        else:
            await claim(storage, first, float(second))


if __name__ == "__main__":
    asyncio.run(main(*sys.argv[1:5]))
