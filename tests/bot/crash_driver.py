"""A process the crash test kills with SIGKILL at random moments: it plays games through the service forever.

    python -m tests.bot.crash_driver DATABASE SEED

Prints "ready" once the database is open (and AI moves a previous kill cut off are resumed), then one line per
acknowledged (committed) change:

    ack start GAME VERSION         a game was started
    ack act GAME VERSION TEXT      a user's action was stored at VERSION (AI replies may follow)
    ack undo GAME VERSION          an undo was stored at VERSION

Games have two users (1 and 2) and one random AI, so every call commits a user move and often AI moves after it.
"""

from __future__ import annotations

import asyncio
import random
import sys

from bot.host.service import GameService, NothingToUndo
from bot.host.storage import Storage
from engine import legal_actions


async def main(path: str, seed: int) -> None:
    """Play until killed."""
    chooser = random.Random(seed)
    async with Storage(path) as storage:
        service = GameService(storage, seed_source=lambda: chooser.randrange(10_000))
        await service.resume()
        print("ready", flush=True)
        while True:
            games = await service.games(open_only=True)
            for leftover in (g for g in games if g.status == "lobby"):  # a kill came during the set-up
                await service.cancel(leftover.id, leftover.host_id)
            active = [g for g in games if g.status == "active"]
            if not active:
                channel = 1000 + len(await service.games(open_only=False))
                game = await service.create(guild_id=1, channel_id=channel, host_id=1, host_name="Ann")
                game = await service.join(game.id, 2, "Bob")
                game = await service.add_ai(game.id, 1)
                result = await service.start(game.id, 1)
                print(f"ack start {game.id} {result.version}", flush=True)
                continue
            game = active[0]
            user = game.current_user
            if user is None:
                await service.run_ai(game.id)
                continue
            if chooser.random() < 0.15:
                try:
                    preview = await service.preview_undo(game.id, user, chooser.randint(1, 2))
                    result = await service.undo(game.id, user, preview.version, len(preview.actions))
                    print(f"ack undo {game.id} {result.version}", flush=True)
                    continue
                except NothingToUndo:
                    pass
            assert game.state is not None
            text = chooser.choice(legal_actions(game.state)).text
            result = await service.act(game.id, user, text, game.version)
            print(f"ack act {game.id} {result.moves[0].version} {text}", flush=True)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2])))
