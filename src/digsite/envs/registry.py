"""The registration of every game's envs with PettingZoo and Gymnasium, from the games' specs.

Each game declares itself once, in its package's ``spec.py`` (:mod:`digsite.core.spec`); its
``version`` is bumped whenever the env's observations, actions or rules change (CHANGELOG.md
says what changed), and the ids, module names and solo Gymnasium ids follow.  The games are
digsite's own and the installed plugins (:data:`digsite.games.SPECS`); every id is made by one
generic factory, :func:`digsite.envs.factory.make_env`, so a plugin needs no module here.
"""

from __future__ import annotations

from ..core.spec import GameSpec, load
from ..games import SPECS
from ..games import spec as entry

ENVIRONMENTS: tuple[GameSpec, ...] = SPECS
"""Every game's spec, in a stable order: digsite's own, then the plugins."""
ENV_FACTORY = "digsite.envs.factory:make_env"
"""What PettingZoo's registry calls for every id, given the game's name as ``game``."""

__all__ = ["ENVIRONMENTS", "SOLO_GYM_IDS", "entry", "make_game", "register_all", "solo_gym_ids"]


def register_all() -> None:
    """Register every env with PettingZoo's registry (when the installed PettingZoo has one)
    and the solo Gymnasium envs with Gymnasium's."""
    import gymnasium

    for env_id, mode in SOLO_GYM_IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(env_id, entry_point=_solo_creator(mode))
    try:
        from pettingzoo import register
        from pettingzoo.env_registry.registration import aec_registry
    except ImportError:  # an older PettingZoo without the registry
        return
    for spec in ENVIRONMENTS:
        if spec.env_id not in aec_registry:
            register("aec", spec.env_id, entry_point=ENV_FACTORY, kwargs={"game": spec.name})


def solo_gym_ids() -> dict[str, str]:
    """Gymnasium id -> the solo mode of each game that has one; its version is its game's."""
    return {
        f"digsite/{spec.solo.name}-v{spec.version}": spec.solo.mode
        for spec in ENVIRONMENTS
        if spec.solo is not None
    }


def _solo_creator(mode: str):
    """The Gymnasium creator of a solo env; the game's mode is imported only when an env is
    made, so ``import digsite`` stays light (its declared options name what is wrong)."""
    from .solo import SoloEnv

    def create(**options):
        return SoloEnv(load(mode), **options)

    create.metadata = SoloEnv.metadata
    return create


def make_game(name: str, **config):
    """The rules engine of a game, e.g. ``make_game("mykerinos", num_players=2)``."""
    return entry(name).load_game_class().from_config(**config)


SOLO_GYM_IDS = solo_gym_ids()
"""Gymnasium single-agent envs registered on ``import digsite``."""
