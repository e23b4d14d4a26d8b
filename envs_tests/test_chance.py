"""The core chance stream (``digsite.core.chance``): its batches read like one draw at a time,
and the stream is its two saved numbers."""

from __future__ import annotations

import numpy as np

from digsite.core.chance import DRAW_CHUNK, Chance, mix_draws


class Stream(Chance):
    """A chance stream alone (``Chance`` is a part of a state, which holds its fields)."""


def stream(seed: int, draws: int = 0) -> Chance:
    s = Stream()
    s.seed, s.draws = seed, draws
    return s


def test_draws_are_the_mixed_numbers_in_order_across_batches():
    s = stream(12345)
    got = [s._next_mixed(k)[0] for k in (1, 3, DRAW_CHUNK, 2 * DRAW_CHUNK + 5)]
    assert s.draws == 1 + 3 + DRAW_CHUNK + 2 * DRAW_CHUNK + 5
    expected = mix_draws(12345, 1, s.draws)
    assert got == [expected[0], expected[1], expected[4], expected[4 + DRAW_CHUNK]]
    assert [mix_draws(12345, d, 1)[0] for d in (1, 2, 300)] == [expected[i] for i in (0, 1, 299)]


def test_the_stream_is_its_seed_and_draw_count():
    a = stream(7)
    a._shuffle(list(range(40)))
    b = stream(7, a.draws)  # as loaded from a save: no cache yet
    assert [a._rand(1000) for _ in range(50)] == [b._rand(1000) for _ in range(50)]


def test_shuffle_is_a_permutation_and_reseed_starts_a_new_stream():
    s = stream(99)
    items = list(range(30))
    s._shuffle(items)
    assert sorted(items) == list(range(30)) and items != list(range(30))
    assert s.draws == 29
    s._reseed(np.random.default_rng(0))
    assert s.draws == 0 and s.seed == int(np.random.default_rng(0).integers(1 << 62))


def test_a_generator_is_one_draw_of_the_stream():
    """``_generator`` counts one draw and is fixed by the seed and the draw number, so a saved
    position's next shuffle is the live one's; the next draw gives another Generator."""
    live, saved = stream(7, 3), stream(7, 3)
    first = live._generator().permutation(20)
    assert live.draws == 4
    assert (saved._generator().permutation(20) == first).all()
    assert not (live._generator().permutation(20) == first).all()
