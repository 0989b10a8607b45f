"""The old import path of the seeded generator; it lives in `engine.core.rng` (shared by every game)."""

from engine.core.rng import MASK64, below, next_u64, seed_state, shuffle

__all__ = ["MASK64", "below", "next_u64", "seed_state", "shuffle"]
