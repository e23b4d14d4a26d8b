"""Named pieces of a flat float32 observation (the idea of OpenSpiel's observer tensors).

A game declares its pieces once; each piece gets a slice of the flat buffer.  The names double as
the documentation of the observation layout and let tests and users find a piece by name.
"""

from __future__ import annotations

import math
from collections.abc import Iterable


class ObservationLayout:
    """Offsets of named pieces inside one flat vector."""

    def __init__(self, pieces: Iterable[tuple[str, tuple[int, ...]]]):
        self.shapes: dict[str, tuple[int, ...]] = {}
        self.slices: dict[str, slice] = {}
        offset = 0
        for name, shape in pieces:
            if name in self.slices:
                raise ValueError(f"observation piece {name!r} declared twice")
            self.shapes[name] = shape
            self.slices[name] = slice(offset, offset + math.prod(shape))
            offset = self.slices[name].stop
        self.size = offset

    def __getitem__(self, name: str) -> slice:
        return self.slices[name]

    def unpack(self, flat) -> dict:
        """Split an observation vector into its named pieces (reshaped views)."""
        return {n: flat[s].reshape(self.shapes[n]) for n, s in self.slices.items()}
