"""Serve one AI policy of another checkout of this project over standard input and output (a bench helper).

Run with that checkout first on PYTHONPATH; `bench/ai_ladder.py --old-engine PATH` starts it, to seat the AI of an
older version at a table played by today's engine (the game's JSON has stayed readable by older engines):

    PYTHONPATH=/tmp/old_master python bench/remote_policy.py master 1234

Each request is one line of JSON, {"state": <GameState.to_json()>, "player": <name or null>}; each answer is one
line, the text of the chosen action (`str(action)`, which `engine.parse_action` reads back). The process ends when
its input closes.
"""

from __future__ import annotations

import importlib
import json
import sys
from typing import Any


def _policy_factory() -> Any:
    """The checkout's `policy(level, seed)`: `engine.gah.ai` since the games got their own packages, `engine.ai`
    before."""
    for name in ("engine.gah.ai", "engine.ai"):
        try:
            return importlib.import_module(name).policy
        except ModuleNotFoundError:
            continue
    raise SystemExit("no AI package found in this checkout (engine.gah.ai or engine.ai)")


def _reader() -> Any:
    """The checkout's reader of a game's JSON: `engine.from_json` in older versions, `GameState.from_json` now."""
    engine = importlib.import_module("engine")
    if hasattr(engine, "from_json"):
        return engine.from_json
    return importlib.import_module("engine.gah.state").GameState.from_json


def main() -> int:
    """Answer requests until the input closes."""
    level, seed = sys.argv[1], int(sys.argv[2])
    from_json = _reader()
    chooser = _policy_factory()(level, seed)
    for line in sys.stdin:
        request = json.loads(line)
        action = chooser.choose(from_json(request["state"]), request["player"])
        sys.stdout.write(f"{action}\n")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
