"""The registration of every game's envs with PettingZoo and Gymnasium, from the games' specs.

Each game declares itself once, in its package's ``spec.py`` (:mod:`digsite.core.spec`), and
the ids and module names follow its ``version`` (``docs/versions.md``).  The games are digsite's
own and the installed plugins (:data:`digsite.games.SPECS`); every PettingZoo id is made by one
generic factory, :func:`digsite.envs.factory.make_env`, so a plugin needs no module here.

The Gymnasium ids (``docs/gymnasium.md``) are of two kinds: a game's one-player mode,
``digsite/<solo name>-v<N>``, and one seat of a game of two players or more against fixed
opponents, ``digsite/<gym name><n>p-v<N>``, for every player count the game's spec declares.
Every id ends with :class:`~digsite.envs.wrappers.ActionMasks`, so that
``gymnasium.make(id).action_masks()`` works.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import gymnasium
from pettingzoo import register
from pettingzoo.env_registry.registration import aec_registry

from ..core.errors import ConfigError
from ..core.options import is_integer
from ..core.spec import GameSpec, load
from ..games import SPECS
from ..games import spec as entry
from .solo import SoloEnv
from .wrappers import ACTION_MASKS

ENVIRONMENTS: tuple[GameSpec, ...] = SPECS
"""Every game's spec, in a stable order: digsite's own, then the plugins."""
ENV_FACTORY = "digsite.envs.factory:make_env"
"""What PettingZoo's registry calls for every id, given the game's name as ``game``."""

__all__ = [
    "ENVIRONMENTS",
    "SINGLE_SEAT_GYM_IDS",
    "SOLO_GYM_IDS",
    "SingleSeatCreator",
    "entry",
    "make_game",
    "register_all",
]


def register_all() -> None:
    """Register every game's ids not registered yet, with PettingZoo and Gymnasium."""
    creators = {
        **{env_id: _solo_creator(mode) for env_id, mode in SOLO_GYM_IDS.items()},
        **{env_id: SingleSeatCreator(*seat) for env_id, seat in SINGLE_SEAT_GYM_IDS.items()},
    }
    for env_id, creator in creators.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(env_id, entry_point=creator, additional_wrappers=(ACTION_MASKS,))
    for spec in ENVIRONMENTS:
        if spec.env_id not in aec_registry:
            register("aec", spec.env_id, entry_point=ENV_FACTORY, kwargs={"game": spec.name})


@dataclass(frozen=True)
class SingleSeatCreator:
    """The Gymnasium creator of one seat of ``game`` for ``num_players``: calls
    :func:`digsite.single_seat_env` with the options given to ``gymnasium.make`` (imported when
    an env is made, so ``import digsite`` stays light; its options name what is wrong)."""

    game: str
    num_players: int
    metadata: ClassVar[dict] = SoloEnv.metadata

    def __call__(self, **options):
        asked = options.pop("num_players", self.num_players)
        count = int(asked) if is_integer(asked) else None
        if count != self.num_players:
            spec = entry(self.game)
            known = count in spec.single_seat_counts
            instead = f"; make {spec.single_seat_id(count)}" if known else ""
            raise ConfigError(
                f"{spec.single_seat_id(self.num_players)} option num_players: the id is for "
                f"{self.num_players} players, not {asked!r}{instead}"
            )
        return load("digsite:single_seat_env")(self.game, num_players=self.num_players, **options)


def _solo_creator(mode: str):
    """The Gymnasium creator of a solo env, importing its mode as :class:`SingleSeatCreator`."""

    def create(**options):
        return SoloEnv(load(mode), **options)

    create.metadata = SoloEnv.metadata
    return create


def make_game(name: str, **config):
    """The rules engine of a game, e.g. ``make_game("mykerinos", num_players=2)``."""
    return entry(name).load_game_class().from_config(**config)


SOLO_GYM_IDS = {spec.solo_id: spec.solo.mode for spec in ENVIRONMENTS if spec.solo is not None}
"""Gymnasium single-agent envs of the games' one-player modes, registered on ``import digsite``:
id -> the mode (its version is its game's)."""
SINGLE_SEAT_GYM_IDS = {
    spec.single_seat_id(n): (spec.name, n) for spec in ENVIRONMENTS for n in spec.single_seat_counts
}
"""Gymnasium single-agent envs of one seat of every game and player count (two or more),
registered on ``import digsite``: id -> (game, number of players)."""
