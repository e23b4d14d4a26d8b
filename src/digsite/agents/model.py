"""Trained policies as agents, in any seat of any env (play, evaluation, records, training).

One agent, :class:`ModelAgent`, plays three kinds of policy file:

* a MaskablePPO ``model.zip`` of ``digsite train`` (the agent kind ``model:PATH``);
* a policy file exported from one by ``digsite export`` (``model:PATH.pt`` too);
* the pretrained policies shipped in the package (the agent kind ``"ppo"``):
  ``digsite/agents/pretrained/<game>-<N>p.pt``, each with a JSON card beside it that says how
  it was trained and evaluated, and for which game configuration (:func:`pretrained_agent`).

It plays the masked most likely move of the policy from its own seat's observation, or, given a
generator, samples the masked policy.  Only the ``train`` extra is needed (torch; sb3-contrib
for a ``model.zip``).

A policy file holds only what playing needs, the actor network (hidden layers with tanh
between them, then the action layer, as MaskablePPO's ``MlpPolicy`` computes the logits),
saved with ``torch.save`` as a plain dict read back with ``torch.load(weights_only=True)``::

    {"format": "digsite-policy-1",
     "layers": [observation size, hidden width, ..., number of actions],
     "state_dict": {"0.weight": float16 tensor, "0.bias": ..., "2.weight": ..., ...}}

The weights are stored as float16 (half the size) and computed in float32: the file alone fixes
every move, so an evaluation of the file is an evaluation of the shipped agent.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numpy as np

MODEL_PREFIX = "model:"
PPO = "ppo"
"""The agent kind of the pretrained policies."""
POLICY_FORMAT = "digsite-policy-1"
POLICY_SUFFIX = ".pt"
STORED_DTYPE = "float16"
PRETRAINED = Path(__file__).with_name("pretrained")
"""The shipped policies and their cards (package data)."""


def _import(module: str, what: str) -> Any:
    """``module``, or an ImportError naming the ``train`` extra."""
    import importlib

    try:
        return importlib.import_module(module)
    except ImportError as err:
        raise ImportError(
            f"{err.name or module} is not installed; {what} needs the 'train' extra: "
            'pip install "digsite[train]"'
        ) from None


def build_actor(layers: list[int]):
    """The actor network for ``layers`` (input size, hidden widths, number of actions)."""
    nn = _import("torch.nn", "a trained policy")
    modules: list[Any] = []
    for width_in, width_out in zip(layers[:-2], layers[1:-1], strict=True):
        modules += [nn.Linear(width_in, width_out), nn.Tanh()]
    modules.append(nn.Linear(layers[-2], layers[-1]))
    return nn.Sequential(*modules)


def actor_of(policy) -> Any:
    """The actor network of a MaskablePPO ``MlpPolicy`` on a flat observation, as a plain
    ``torch.nn.Sequential`` computing the same logits."""
    nn = _import("torch.nn", "a trained policy")
    extractor = type(policy.pi_features_extractor).__name__
    if extractor != "FlattenExtractor":
        raise ValueError(f"a policy whose features come from {extractor}, not a flat input")
    hidden = list(policy.mlp_extractor.policy_net)
    if not all(isinstance(m, (nn.Linear, nn.Tanh)) for m in hidden):
        raise ValueError(f"the policy network {hidden} is not linear layers with tanh")
    linear = [m for m in hidden if isinstance(m, nn.Linear)] + [policy.action_net]
    layers = [linear[0].in_features, *(m.out_features for m in linear)]
    actor = build_actor(layers)
    for target, source in zip(actor[::2], linear, strict=True):
        target.load_state_dict(source.state_dict())
    return actor


def layers_of(actor) -> list[int]:
    linear = list(actor[::2])
    return [linear[0].in_features, *(m.out_features for m in linear)]


def save_policy(actor, path: Path) -> None:
    """Write the policy file of ``actor`` (weights stored as float16)."""
    torch = _import("torch", "a trained policy")
    weights = {
        key: value.to(getattr(torch, STORED_DTYPE)) for key, value in actor.state_dict().items()
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    torch.save({"format": POLICY_FORMAT, "layers": layers_of(actor), "state_dict": weights}, path)


@functools.lru_cache(maxsize=16)
def _load_actor(path: str, modified_ns: int):
    """One load per file version and process: agents of the same file share the network."""
    if path.endswith(".zip"):
        sb3_contrib = _import("sb3_contrib", "a model.zip")
        actor = actor_of(sb3_contrib.MaskablePPO.load(path, device="cpu").policy)
    else:
        torch = _import("torch", "a trained policy")
        try:
            saved = torch.load(path, map_location="cpu", weights_only=True)
            if saved.get("format") != POLICY_FORMAT:
                raise ValueError(f"format {saved.get('format')!r}, not {POLICY_FORMAT!r}")
            actor = build_actor(saved["layers"])
            actor.load_state_dict({k: v.float() for k, v in saved["state_dict"].items()})
        except Exception as err:
            raise ValueError(
                f"{path} is not a policy file of digsite export or a model.zip: {err}"
            ) from None
    actor.eval()
    return actor


def load_actor(path: str | Path):
    """The actor network of the policy file or ``model.zip`` at ``path``."""
    path = Path(path).resolve()
    if not path.is_file():
        raise ValueError(f"model file {path} not found; train one with digsite train")
    return _load_actor(str(path), path.stat().st_mtime_ns)


class ModelAgent:
    """``ModelAgent(path)``: a trained policy's masked most likely move; with ``rng``, a move
    sampled from its masked distribution."""

    def __init__(self, path: str | Path, rng: np.random.Generator | None = None):
        self.path = Path(path)
        self.actor = load_actor(self.path)
        self.rng = rng
        self.observation_size, *_, self.num_actions = layers_of(self.actor)

    def check(self, observation_size: int, num_actions: int) -> None:
        """A ValueError when the policy was trained on another game configuration."""
        if (observation_size, num_actions) != (self.observation_size, self.num_actions):
            raise ValueError(
                f"the model {self.path} expects {self.observation_size} observations and "
                f"{self.num_actions} actions; this game gives {observation_size} and "
                f"{num_actions}"
            )

    def logits(self, observation: np.ndarray) -> np.ndarray:
        torch = _import("torch", "a trained policy")
        with torch.no_grad():
            inputs = torch.as_tensor(observation, dtype=torch.float32).unsqueeze(0)
            return self.actor(inputs)[0].numpy()

    def __call__(self, observation: np.ndarray, action_mask: np.ndarray) -> int:
        logits = np.where(np.asarray(action_mask, dtype=bool), self.logits(observation), -np.inf)
        if self.rng is None:
            return int(np.argmax(logits))
        weights = np.exp(logits.astype(np.float64) - logits.max())
        cumulative = np.cumsum(weights)
        action = int(np.searchsorted(cumulative, self.rng.random() * cumulative[-1], "right"))
        return min(action, len(logits) - 1)


# -- the pretrained policies ------------------------------------------------------------------
def pretrained_cards() -> list[dict[str, Any]]:
    """The card of every shipped policy, by file name."""
    return [json.loads(card.read_text()) for card in sorted(PRETRAINED.glob("*.json"))]


def describe(card: Mapping[str, Any]) -> str:
    """``mykerinos, 2 players`` (and the options the policy was trained with)."""
    options = "".join(f", {key}={value}" for key, value in card["game_options"].items())
    players = card["config"]["num_players"]
    return f"{card['game']}, {players} player{'s' if players > 1 else ''}{options}"


def pretrained_path(game: str, **config: Any) -> Path:
    """The shipped policy of ``game`` in ``config`` (``num_players`` and options; the game's
    defaults where left out); a ValueError naming the shipped configurations if none."""
    from ..envs.registry import make_game

    wanted = make_game(game, **config).config
    cards = pretrained_cards()
    for card in cards:
        if card["game"] == game and card["config"] == wanted:
            return PRETRAINED / card["policy"]["file"]
    shipped = "; ".join(describe(card) for card in cards) or "none"
    given = ", ".join(f"{key}={value}" for key, value in config.items())
    raise ValueError(
        f"no pretrained {PPO} agent for {game} ({given or 'default configuration'}); "
        f"pretrained agents exist for: {shipped}"
    )


def pretrained_agent(
    game: str, rng: np.random.Generator | None = None, **config: Any
) -> ModelAgent:
    """The shipped policy of ``game`` in ``config`` as an agent (see :func:`pretrained_path`)."""
    return ModelAgent(pretrained_path(game, **config), rng)
