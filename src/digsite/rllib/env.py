"""Glue between digsite's PettingZoo AEC envs and Ray RLlib's new API stack, for any game
(needs the ``rllib`` extra).

RLlib does most of the work: ``PettingZooEnv`` turns the turn-based AEC env into a
``MultiAgentEnv`` (only the agent to move gets an observation; at the end every agent gets its
final reward) and PPO trains on it.  What is ours:

* :class:`MaskedPPOModule`, RLlib's default PPO module reading our observation dict: the network
  sees ``"observation"`` and ``log(action_mask)`` is added to its logits in every forward pass
  (acting, exploring and learning), so a masked move gets zero probability and zero gradient;
* ``PettingZooEnv`` builds its agent list and per-agent space dicts from a ``set``, whose order
  changes from process to process with string hashing (``PYTHONHASHSEED``); :func:`make_env`
  puts them in seat order, so that RLlib sees the same env in every process.

Nothing here knows any one game: the game is named in the env config and looked up in
``digsite.envs.registry``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
from gymnasium import spaces

from ..commandline import extra_missing
from ..core.engine import State
from ..envs.factory import make_env as make_game_env
from .options import POLICY_SCHEMES

try:
    import torch
    from ray.rllib.algorithms.ppo.torch.default_ppo_torch_rl_module import DefaultPPOTorchRLModule
    from ray.rllib.core.columns import Columns
    from ray.rllib.core.rl_module.rl_module import RLModule
    from ray.rllib.env.wrappers.pettingzoo_env import PettingZooEnv
except ImportError as err:
    raise extra_missing("rllib", err) from err

ENV_NAME = "digsite"
"""The name the env creator is registered under with ``ray.tune.register_env``."""

FEATURES, MASK = "observation", "action_mask"
"""The keys of every digsite observation (PettingZoo's convention for masked envs)."""

LOG_ZERO = torch.finfo(torch.float32).min
"""``log(0)`` for the masked logits: finite, so that no ``inf - inf`` makes a NaN."""


def make_env(config: dict[str, Any]) -> PettingZooEnv:
    """The RLlib env for ``config = {"game": name, "num_players": n, **game options}``;
    unknown games and options raise ``ValueError`` / ``TypeError`` naming them."""
    aec = make_game_env(**config)
    env = PettingZooEnv(aec)
    seats = list(aec.possible_agents)
    env.agents, env.possible_agents = seats, seats[:]
    env.observation_spaces = {seat: aec.observation_space(seat) for seat in seats}
    env.action_spaces = {seat: aec.action_space(seat) for seat in seats}
    return env


class MaskedPPOModule(DefaultPPOTorchRLModule):
    """RLlib's default PPO networks on the ``"observation"`` features, with the logits of the
    moves the ``"action_mask"`` forbids pushed to ``log(0)``.

    The networks are built for the features' space only; the module keeps the whole dict space
    as its own, which is what its env runners and a restored checkpoint check batches against.
    """

    def __init__(self, *, observation_space: spaces.Dict, **kwargs: Any) -> None:
        keys = set(observation_space) if isinstance(observation_space, spaces.Dict) else None
        if keys != {FEATURES, MASK}:
            raise ValueError(
                f"MaskedPPOModule needs a Dict observation space with keys {FEATURES!r} and "
                f"{MASK!r}, not {observation_space}"
            )
        self._space_with_mask = observation_space
        super().__init__(observation_space=observation_space[FEATURES], **kwargs)

    def setup(self) -> None:
        super().setup()  # builds the networks for the features
        self.observation_space = self._space_with_mask

    def _forward(self, batch: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        return self._masked(super()._forward, batch, **kwargs)

    def _forward_train(self, batch: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        return self._masked(super()._forward_train, batch, **kwargs)

    def compute_values(self, batch: dict[str, Any], embeddings: Any = None) -> Any:
        return super().compute_values(self._features(batch), embeddings)

    @staticmethod
    def _features(batch: dict[str, Any]) -> dict[str, Any]:
        """A shallow copy of the batch whose observations are the features (the batch itself
        is left as it is: RLlib passes it on to other calls)."""
        return {**batch, Columns.OBS: batch[Columns.OBS][FEATURES]}

    def _masked(self, forward: Any, batch: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        """``forward`` on the features, the logits of masked moves at ``log(0)``."""
        output = forward(self._features(batch), **kwargs)
        logits, mask = output[Columns.ACTION_DIST_INPUTS], batch[Columns.OBS][MASK]
        output[Columns.ACTION_DIST_INPUTS] = logits + torch.clamp(
            torch.log(mask.to(logits.dtype)), min=LOG_ZERO
        )
        return output


# -- self-play schemes: which RLModule plays which seat ---------------------------------------
SHARED_MODULE = "shared"


def shared_policy(agent_id: str, episode: Any = None, **kwargs: Any) -> str:
    """Every seat is played by the one module ``"shared"`` (parameter-sharing self-play)."""
    return SHARED_MODULE


def seat_policy(agent_id: str, episode: Any = None, **kwargs: Any) -> str:
    """Seat ``player_i`` is always played by its own module, named like the seat."""
    return agent_id


POLICY_MAPPINGS = {"shared": shared_policy, "per-seat": seat_policy}
"""The policy mapping function of each ``--policies`` scheme."""
assert tuple(POLICY_MAPPINGS) == POLICY_SCHEMES


def module_ids(scheme: str, num_players: int) -> list[str]:
    """The RLModules a scheme trains, in seat order."""
    return [SHARED_MODULE] if scheme == "shared" else [f"player_{i}" for i in range(num_players)]


# -- acting with a trained module outside RLlib -----------------------------------------------
MODULES_IN_CHECKPOINT = ("learner_group", "learner", "rl_module")
"""Where an algorithm checkpoint keeps its RLModules, one directory per module id."""


def load_module(checkpoint: str | Path, module_id: str) -> Any:
    """One trained RLModule from an algorithm checkpoint; needs neither Ray running nor the
    algorithm."""
    return RLModule.from_checkpoint(Path(checkpoint, *MODULES_IN_CHECKPOINT, module_id))


def module_action(
    module: Any, observation: dict[str, np.ndarray], rng: np.random.Generator | None = None
) -> int:
    """The action of an action-masking RLModule for one observation of :func:`make_env`'s env:
    its most likely legal move, or with ``rng`` a move drawn from its masked distribution."""
    batch = {"obs": {key: torch.as_tensor(value[None]) for key, value in observation.items()}}
    with torch.no_grad():
        logits = module.forward_inference(batch)["action_dist_inputs"][0].double().numpy()
    if rng is None:
        return int(np.argmax(logits))
    probabilities = np.exp(logits - logits.max())
    return int(rng.choice(len(logits), p=probabilities / probabilities.sum()))


class SeatModules:
    """Trained RLModules as one agent of :mod:`digsite.agents.arena`: in whichever seat it
    sits, that seat's module plays its most likely legal move from the seat's observation."""

    def __init__(self, modules: dict[str, Any]):
        self.modules = modules
        """The module of each seat, by agent id (``player_i``)."""

    def act_in(self, state: State, player: int) -> int:
        observation = np.empty(state.game.observation_size, dtype=np.float32)
        state.observe(player, observation)
        mask = state.legal_action_mask().astype(np.int8)
        return module_action(self.modules[f"player_{player}"], {FEATURES: observation, MASK: mask})
