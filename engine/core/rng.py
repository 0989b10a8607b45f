"""A small seeded random number generator whose whole state is one integer kept in the game state.

SplitMix64 (Steele, Lea and Flood, 2014): fast, well distributed, and its state is a single 64-bit
integer, so a `GameState` stays small in JSON and identical on every Python version. Nothing in the
engine uses the global `random` module.
"""

from __future__ import annotations

from typing import TypeVar

MASK64 = (1 << 64) - 1
T = TypeVar("T")


def seed_state(seed: int) -> int:
    """Turn any integer seed into a 64-bit generator state."""
    return (seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & MASK64


def next_u64(state: int) -> tuple[int, int]:
    """Advance the generator once: returns (new state, a 64-bit output)."""
    state = (state + 0x9E3779B97F4A7C15) & MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """A uniform integer in [0, n): returns (new state, value).

    Raises:
        ValueError: n < 1.
    """
    if n < 1:
        raise ValueError(f"below() needs n >= 1, got {n}")
    limit = MASK64 - (MASK64 + 1) % n  # reject the biased tail
    while True:
        state, value = next_u64(state)
        if value <= limit:
            return state, value % n


def shuffle(state: int, items: list[T]) -> int:
    """Shuffle `items` in place (Fisher-Yates); returns the new generator state."""
    for i in range(len(items) - 1, 0, -1):
        state, j = below(state, i + 1)
        items[i], items[j] = items[j], items[i]
    return state
