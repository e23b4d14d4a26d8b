"""The helpers the tests share for random play: :mod:`digsite.testing.play`."""

from digsite.testing.play import observation, play_random, random_action

__all__ = ["observation", "play_random", "random_action"]
