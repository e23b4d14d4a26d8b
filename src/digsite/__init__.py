"""digsite: reinforcement-learning environments for five archaeology board games.

``from digsite import mykerinos_v0`` gives PettingZoo-style ``env()`` / ``raw_env()``; the same
envs are registered as ``digsite/<game>-v0`` with ``pettingzoo.make("aec", ...)``.
"""

from .core.registry import ENVIRONMENTS, register_all

__version__ = "0.1.0"

register_all()

__all__ = ["ENVIRONMENTS", "__version__"]
