"""The conformance suite on digsite's own games, in every configuration their specs list: the
checks of :mod:`digsite.testing`, which any game's author runs the same way."""

from __future__ import annotations

from digsite.games import BUILTIN
from digsite.testing.plugin import Conformance


class TestConformance(Conformance):
    games = BUILTIN
