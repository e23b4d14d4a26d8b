"""The replay page's changed tiles, without a browser: found word by word (or byte by byte when
a picture's rows are not whole words), they are the tiles holding a changed pixel."""

from __future__ import annotations

import numpy as np
import pytest

from digsite.viewer import TILE, _changed_tiles


@pytest.mark.parametrize("size", [(960, 1408), (800, 1104), (101, 1001), (TILE, TILE), (50, 97)])
def test_the_changed_tiles_are_those_with_a_changed_pixel(size):
    height, width = size
    rng = np.random.default_rng(height * width)
    before = rng.integers(0, 256, (height, width, 3), dtype=np.uint8)
    columns = -(-width // TILE)
    assert list(_changed_tiles(before, None)) == list(range(-(-height // TILE) * columns))
    for changes in range(6):
        after = before.copy()
        for _ in range(changes):  # one bit of one channel: the smallest change there is
            y, x, c = rng.integers(0, height), rng.integers(0, width), rng.integers(0, 3)
            after[y, x, c] ^= 1 << int(rng.integers(0, 8))
        changed = np.argwhere((after != before).any(axis=2))
        expected = sorted({int(y) // TILE * columns + int(x) // TILE for y, x in changed})
        assert list(_changed_tiles(after, before)) == expected
