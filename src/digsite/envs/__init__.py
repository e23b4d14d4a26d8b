"""The reinforcement-learning side of digsite: everything that knows PettingZoo or Gymnasium.

``aec`` (the generic PettingZoo AEC env), ``factory`` (each game module's ``env``/``raw_env``),
``single_seat`` (one seat as a Gymnasium env against fixed policies), ``solo`` (the Gymnasium
env of a game's one-player mode, built from the mode its spec names), ``rendering`` (the render
modes), ``wrappers`` (what ``gymnasium.make`` puts around them) and ``registry`` (the
registration of every game's ids, from the games' specs). They talk
to games only through the engine contract of :mod:`digsite.core`; games and core import nothing
from here.
"""
