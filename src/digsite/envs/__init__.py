"""The reinforcement-learning side of digsite: everything that knows PettingZoo or Gymnasium.

``aec`` (the generic PettingZoo AEC env), ``factory`` (each game module's ``env``/``raw_env``),
``single_seat`` (one seat as a Gymnasium env against fixed policies), ``solo`` (the generic
Gymnasium env of a one-player game) and the game-specific solo envs (``archeologic_solo``,
``royal_society_solo``), ``rendering`` (the render modes) and ``registry`` (the list of
environments and their registration).  They talk to games only through the engine contract of
:mod:`digsite.core`; games and core import nothing from here.
"""
