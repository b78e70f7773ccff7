"""A small seeded PRNG (SplitMix64) whose whole state is one integer kept in the game state.

The same seed gives the same numbers on every Python (CPython 3.11+, Pyodide):
it uses only integer arithmetic.

>>> r = Rng(7)
>>> [r.below(10) for _ in range(5)]
[7, 4, 6, 3, 4]
>>> Rng(r.state).below(10) == r.below(10)
True
"""

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


class Rng:
    """SplitMix64: state is one 64-bit int; `state` can be stored and resumed from."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & _MASK

    def next64(self) -> int:
        """Return the next 64-bit unsigned integer."""
        self.state = (self.state + _GAMMA) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Return a uniform integer in [0, n) (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - (1 << 64) % n
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """Return a new list with the items in a Fisher-Yates shuffled order."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out

    def choice(self, items: Sequence[T]) -> T:
        """Return one item chosen uniformly."""
        return items[self.below(len(items))]
