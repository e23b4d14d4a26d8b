"""One chance stream per state: every chance event of play (a shuffle, a card or a tile drawn at
random) is a draw from it.

The rule every game follows: what its set-up draws comes from the ``Generator`` given to
``Game.new_initial_state`` (directly, or through this stream, seeded from it); every chance
event during play comes from the state's stream, never from a ``Generator`` kept or made by the
rules.  The stream is two saved numbers, ``seed`` and ``draws`` (how many draws were made), so a
saved position goes on exactly as the live one would; and since the future draws are hidden from
every player, ``resample_hidden`` gives its copy a fresh seed drawn from the resampling
``Generator`` (:meth:`Chance._reseed`).

Draw number ``d`` (counted from 1) of seed ``s`` is splitmix64's finalizer of ``s ^ (d *
DRAW_STEP mod 2**64)``.  The numbers are mixed in batches (``DRAW_CHUNK`` at once, in numpy's
wrapping uint64 arithmetic) and kept in a cache that copies share, so a draw costs a tuple
index and a modulo.

A game's state mixes :class:`Chance` in and lists :data:`FIELDS` among its declared fields::

    class MyState(Chance, TurnBasedState): ...

    FIELDS = StateFields(SPEC, [*chance.FIELDS, Field("year", ...), ...])
"""

from __future__ import annotations

import numpy as np

from .fields import Field

SEEDS = 1 << 62
"""Seeds are drawn from ``range(SEEDS)``; the count of draws stays below it too."""

FIELDS = (Field("seed", (), 0, SEEDS - 1), Field("draws", (), 0, SEEDS - 1))
"""The stream's saved fields, which a game lists in its ``saved.FIELDS``."""

NAMES = tuple(f.name for f in FIELDS)

DRAW_STEP = 0xD1B54A32D192ED03
"""Draw number ``d`` of a game mixes ``seed ^ (d * DRAW_STEP mod 2**64)``."""
GAMMA, MIX1, MIX2 = 0x9E3779B97F4A7C15, 0xBF58476D1CE4E5B9, 0x94D049BB133111EB
U64 = np.uint64

DRAW_CHUNK = 256
"""Draws mixed at once (:func:`mix_draws`): a Royal Society set-up makes about 150, a game a
few hundred."""
NO_DRAWS: tuple[int, int, tuple[int, ...]] = (0, -1, ())


def mix_draws(seed: int, first: int, count: int) -> tuple[int, ...]:
    """splitmix64 of ``seed ^ (d * DRAW_STEP mod 2**64)`` for draws ``d`` from ``first`` to
    ``first + count - 1``, all at once in uint64 arithmetic (which wraps modulo 2**64)."""
    x = np.arange(first, first + count, dtype=U64)
    x *= U64(DRAW_STEP)
    x ^= U64(seed)
    x += U64(GAMMA)
    x ^= x >> U64(30)
    x *= U64(MIX1)
    x ^= x >> U64(27)
    x *= U64(MIX2)
    x ^= x >> U64(31)
    return tuple(x.tolist())


class Chance:
    """The chance stream of a state (see the module docstring): ``seed`` and ``draws`` are
    declared fields (:data:`FIELDS`); the rules draw with :meth:`_rand` and :meth:`_shuffle`
    (or :meth:`_generator`)."""

    __slots__ = ()

    seed: int
    draws: int
    """Draws made from ``seed`` so far (both fields start at 0: the set-up calls ``_reseed``)."""
    _mixed: tuple[int, int, tuple[int, ...]] = NO_DRAWS
    """(First draw, seed, the mixed numbers of at least ``DRAW_CHUNK`` draws from it): what the
    draws read (shared by copies: it depends on the seed only)."""

    def _reseed(self, rng: np.random.Generator) -> None:
        """A fresh stream drawn from ``rng``: at set-up, and in ``resample_hidden`` (every draw
        to come is hidden, so a resampled position draws its own)."""
        self.seed = int(rng.integers(SEEDS))
        self.draws = 0

    def _rand(self, n: int) -> int:
        """The stream's next draw, in ``range(n)``."""
        return self._next_mixed(1)[0] % n

    def _shuffle(self, items: list) -> None:
        """Shuffle ``items`` in place: Fisher-Yates from the last item, one draw per item but
        the first."""
        n = len(items)
        if n < 2:
            return
        for i, x in zip(range(n - 1, 0, -1), self._next_mixed(n - 1), strict=True):
            j = x % (i + 1)
            items[i], items[j] = items[j], items[i]

    def _generator(self) -> np.random.Generator:
        """The stream's next draw as a numpy ``Generator`` of its own (``default_rng([seed,
        draw number])``), for an event that wants numpy's sampling (a permutation of a deck):
        slower than :meth:`_shuffle`, so for events that come a few times a game."""
        self.draws += 1
        return np.random.default_rng([self.seed, self.draws])

    def _next_mixed(self, count: int) -> tuple[int, ...]:
        """The mixed numbers of the stream's next ``count`` draws, counted as drawn."""
        d = self.draws + 1
        first, seed, mixed = self._mixed
        if seed != self.seed or d < first or d + count > first + len(mixed):
            first, seed = d, self.seed
            mixed = mix_draws(seed, first, max(count, DRAW_CHUNK))
            self._mixed = (first, seed, mixed)
        self.draws += count
        return mixed[d - first : d - first + count]
