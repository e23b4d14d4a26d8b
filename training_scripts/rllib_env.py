"""Glue between digsite's PettingZoo AEC envs and Ray RLlib's new API stack, for any game.

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

import importlib
from pathlib import Path
from typing import Any

import numpy as np
import torch
from gymnasium import spaces
from ray.rllib.algorithms.ppo.torch.default_ppo_torch_rl_module import DefaultPPOTorchRLModule
from ray.rllib.core.columns import Columns
from ray.rllib.env.wrappers.pettingzoo_env import PettingZooEnv

from digsite.agents import choose, make_agent
from digsite.envs.registry import entry

ENV_NAME = "digsite"
"""The name the env creator is registered under with ``ray.tune.register_env``."""

FEATURES, MASK = "observation", "action_mask"
"""The keys of every digsite observation (PettingZoo's convention for masked envs)."""

LOG_ZERO = torch.finfo(torch.float32).min
"""``log(0)`` for the masked logits: finite, so that no ``inf - inf`` makes a NaN."""


def make_aec_env(config: dict[str, Any]):
    """The game's PettingZoo AEC env for ``config = {"game": name, **options}``; unknown games
    and options raise ``ValueError`` / ``TypeError`` naming them."""
    options = dict(config)
    return importlib.import_module(entry(options.pop("game")).module).env(**options)


def make_env(config: dict[str, Any]) -> PettingZooEnv:
    """The RLlib env for ``config = {"game": name, "num_players": n, **game options}``."""
    aec = make_aec_env(config)
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
        if not isinstance(observation_space, spaces.Dict) or set(observation_space) != {
            FEATURES,
            MASK,
        }:
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
        mask, features = self._split(batch)
        return self._masked(super()._forward(features, **kwargs), mask)

    def _forward_train(self, batch: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        mask, features = self._split(batch)
        return self._masked(super()._forward_train(features, **kwargs), mask)

    def compute_values(self, batch: dict[str, Any], embeddings: Any = None) -> Any:
        return super().compute_values(self._split(batch)[1], embeddings)

    @staticmethod
    def _split(batch: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
        """The mask, and a shallow copy of the batch whose observations are the features
        (the batch itself is left as it is: RLlib passes it on to other calls)."""
        observation = batch[Columns.OBS]
        return observation[MASK], {**batch, Columns.OBS: observation[FEATURES]}

    @staticmethod
    def _masked(output: dict[str, Any], mask: Any) -> dict[str, Any]:
        logits = output[Columns.ACTION_DIST_INPUTS]
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


POLICY_SCHEMES = {"shared": shared_policy, "per-seat": seat_policy}
"""``--policies`` of ``train_rllib.py``: the policy mapping function of each scheme."""


def module_ids(scheme: str, num_players: int) -> list[str]:
    """The RLModules a scheme trains, in seat order."""
    seats = [f"player_{i}" for i in range(num_players)]
    return [SHARED_MODULE] if scheme == "shared" else seats


# -- acting with a trained module outside RLlib -----------------------------------------------
MODULES_IN_CHECKPOINT = ("learner_group", "learner", "rl_module")
"""Where an algorithm checkpoint keeps its RLModules, one directory per module id."""


def load_module(checkpoint: str | Path, module_id: str) -> Any:
    """One trained RLModule from an algorithm checkpoint; needs neither Ray running nor the
    algorithm."""
    from ray.rllib.core.rl_module.rl_module import RLModule

    return RLModule.from_checkpoint(Path(checkpoint, *MODULES_IN_CHECKPOINT, module_id))


def module_action(
    module: Any, observation: dict[str, np.ndarray], rng: np.random.Generator | None = None
) -> int:
    """The action of an action-masking RLModule for one observation of :func:`make_env`'s env:
    its most likely legal move, or with ``rng`` a move drawn from its masked distribution."""
    import torch

    batch = {"obs": {key: torch.as_tensor(value[None]) for key, value in observation.items()}}
    with torch.no_grad():
        logits = module.forward_inference(batch)["action_dist_inputs"][0].double().numpy()
    if rng is None:
        return int(np.argmax(logits))
    probabilities = np.exp(logits - logits.max())
    return int(rng.choice(len(logits), p=probabilities / probabilities.sum()))


def play_against(
    modules: dict[str, Any],
    env_config: dict[str, Any],
    games: int,
    seed: int,
    opponents: str = "random",
    mcts_iterations: int = 100,
) -> dict[str, dict[str, float | int | None]]:
    """Greedy modules against digsite's baseline agents (``random``, ``heuristic``, ``mcts``).

    ``modules`` maps seats (``player_i``) to the module that may play them.  Game ``g`` puts a
    module in seat ``g % n`` (skipping seats without one) and ``opponents`` agents everywhere
    else (one agent for all of them, seeded with ``seed``); game ``g`` is seeded with
    ``seed + g``.  Returns, per seat played, the games, the wins (games with a positive return:
    a win shared by every player returns 0) and the mean return.
    """
    env = make_env(env_config)
    game = env.env.unwrapped  # the digsite AEC env, whose engine state the agents may read
    opponent = make_agent(opponents, env_config["game"], seed, mcts_iterations)
    seats = [seat for seat in env.possible_agents if seat in modules]
    results: dict[str, list[float]] = {seat: [] for seat in seats}
    for number in range(games):
        learner = seats[number % len(seats)]
        observations, _ = env.reset(seed=seed + number)
        returns = dict.fromkeys(env.possible_agents, 0.0)
        done = False
        while not done:
            ((agent, observation),) = observations.items()
            if agent == learner:
                action = module_action(modules[agent], observation)
            else:
                action = choose(opponent, game.game_state, env.possible_agents.index(agent))
            observations, rewards, terminated, truncated, _ = env.step({agent: action})
            for seat, reward in rewards.items():
                returns[seat] += reward
            done = terminated["__all__"] or truncated["__all__"]
        results[learner].append(returns[learner])
    return {
        seat: {
            "games": len(values),
            "wins": int(np.sum(np.asarray(values) > 0)),
            "mean_return": float(np.mean(values)) if values else None,
        }
        for seat, values in results.items()
    }
