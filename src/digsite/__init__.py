"""digsite: reinforcement-learning environments for five archaeology board games.

``from digsite import mykerinos_v1`` gives PettingZoo-style ``env()`` / ``raw_env()``; the same
envs are registered as ``digsite/<game>-v<version>`` with ``pettingzoo.make("aec", ...)``
(``python -m digsite list`` prints the ids).  An older version's module name gives an object
whose ``env()`` says which version replaced it, as PettingZoo's own envs do.
``digsite.make_env("mykerinos", num_players=2)`` makes the same env by the game's name, for
digsite's games and for the games other packages plug in (:mod:`digsite.games`).
``digsite.single_seat_env("mykerinos", num_players=2)`` gives a Gymnasium env in which a learner
plays one seat against fixed policies (random by default), as does
``gymnasium.make("digsite/Mykerinos2p-v1")`` (one id per game and player count).
"""

from __future__ import annotations

import importlib

from .core.errors import ConfigError
from .envs.registry import ENVIRONMENTS, make_game, register_all
from .games import BUILTIN

__version__ = "0.3.0"

register_all()


def make_env(game: str, **config):
    """The PettingZoo AEC env of ``game`` (any registered game, a plugin's too) with ``config``:
    :func:`digsite.envs.factory.make_env`."""
    from .envs.factory import make_env

    return make_env(game, **config)


def single_seat_env(
    game: str,
    seat=None,
    opponents=None,
    illegal_action: str = "end",
    render_mode=None,
    illegal_action_reward: float = -1.0,
    **config,
):
    """A :class:`~digsite.envs.single_seat.SingleSeatEnv` for ``game`` with ``config``.

    ``opponents`` may name baseline agents, as the scripts do: ``"heuristic"`` for every other
    seat, or a list mixing kinds (``"random"``, ``"heuristic"``, ``"mcts"``, ``"ppo"``: the
    pretrained policy for this ``config``) and agents.  ``gymnasium.make`` of a single-seat id
    (``digsite/Mykerinos2p-v1``, ``python -m digsite list``) calls it with its options."""
    from .agents import make_agent
    from .envs.single_seat import SingleSeatEnv

    def agent(opponent):
        if not isinstance(opponent, str):
            return opponent
        try:
            return make_agent(opponent, game, **config)
        except ValueError as err:
            raise ConfigError(f"single-seat env option opponents: {err}") from None

    if isinstance(opponents, str):
        opponents = agent(opponents)
    elif isinstance(opponents, (list, tuple)):
        opponents = [agent(o) for o in opponents]
    return SingleSeatEnv(
        make_game(game, **config),
        seat=seat,
        opponents=opponents,
        illegal_action=illegal_action,
        illegal_action_reward=illegal_action_reward,
        render_mode=render_mode,
    )


LAZY_SUBMODULES = ("agents", "drawing", "games", "records")
"""Imported on first use, so that ``import digsite`` stays light and
``help(digsite.games.mykerinos)`` works after it (as do the current modules of digsite's own
games, ``digsite.mykerinos_v1``; a plugin's env is ``make_env(name)``)."""


def __getattr__(name: str):
    if name in LAZY_SUBMODULES or any(name == e.module_name for e in BUILTIN):
        return importlib.import_module(f"{__name__}.{name}")
    game, _, version = name.rpartition("_v")
    for entry in BUILTIN:
        if entry.name == game and version.isdigit() and int(version) < entry.version:
            from pettingzoo.utils.deprecated_module import DeprecatedModule

            return DeprecatedModule(game, version, entry.version)
    raise AttributeError(f"module 'digsite' has no attribute {name!r}")


__all__ = ["ENVIRONMENTS", "__version__", "make_env", "make_game", "single_seat_env"]
