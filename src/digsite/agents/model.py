"""Trained policies as agents, in any seat of any env (play, evaluation, records, training).

One agent, :class:`ModelAgent`, plays a MaskablePPO ``model.zip`` of ``digsite train``, a
policy file exported from one by ``digsite export`` (both the agent kind ``model:PATH``) and the
policies shipped in the package, each with its card (the kind ``"ppo"``,
:func:`pretrained_agent`; ``docs/agents.md``).

It plays the masked most likely move of the policy from its own seat's observation, or, given a
generator, samples the masked policy.  Only the ``train`` extra is needed (torch).

A policy file holds only what playing needs, the actor network (hidden layers with tanh
between them, then the action layer, as MaskablePPO's ``MlpPolicy`` computes the logits),
saved with ``torch.save`` as a plain dict::

    {"format": "digsite-policy-1",
     "layers": [observation size, hidden width, ..., number of actions],
     "state_dict": {"0.weight": float16 tensor, "0.bias": ..., "2.weight": ..., ...}}

The weights are stored as float16 (half the size) and computed in float32: the file alone fixes
every move, so an evaluation of the file is an evaluation of the shipped agent.

Model files are untrusted, so reading one never runs code, and every file is checked before any
network is built (:func:`_zip`, :func:`_actor_state`; what is read how and refused:
``docs/safety.md``).  A ``model.zip`` is never given to ``MaskablePPO.load``, which unpickles its
``data`` member (a crafted zip would run any command): its ``data`` is read as plain JSON and
``policy.pth`` as weights only, as a policy file is (``torch.load(weights_only=True)``).  Its
actor must be what this module computes: linear layers with tanh between them, its state dict's
actor side ``mlp_extractor.policy_net.{0,2,4,...}`` and ``action_net`` (the critic's entries are
ignored; anything else is refused).  A refused file is a ValueError naming it and what is wrong.
Whatever the logits (NaN, infinite), the agent never plays a masked action.
"""

from __future__ import annotations

import functools
import importlib
import io
import itertools
import json
import pickle
import zipfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numpy as np

from ..core.files import read_bytes
from ..envs.registry import make_game

MODEL_PREFIX = "model:"
PPO = "ppo"
"""The agent kind of the pretrained policies."""
POLICY_FORMAT, STORED_DTYPE = "digsite-policy-1", "float16"
PRETRAINED = Path(__file__).with_name("pretrained")
"""The shipped policies and their cards (package data)."""

MAX_FILE_BYTES = 256 * 2**20
"""The largest model file, and the most its zip members (a zip within it too) may unpack to in
all: real ones are a few MB at most."""
MAX_MEMBERS = 1024
"""The most members a model's zip may hold: a ``model.zip`` of ``digsite train`` has six, its
``policy.pth`` one per tensor and five more."""
MAX_NAME_CHARS = 255
"""The longest member name a model's zip may hold."""
MAX_WIDTH = 65_536
"""The widest layer a policy may have (observation, hidden or action size): our games observe at
most a few thousand floats, and ``--net-arch`` widths are about 1024 at most."""
MAX_PARAMETERS = 50_000_000
"""The most weights and biases an actor may hold (200 MB as float32): a 5,000-float observation
into two 1024-wide layers is 6 million."""

ZIP_DATA, ZIP_POLICY = "data", "policy.pth"
"""The members of a ``model.zip`` read: its attributes as JSON, its policy's weights."""
MASKABLE_POLICIES = "sb3_contrib.common.maskable.policies"
DEFAULT_NET_ARCH = [64, 64]
"""MlpPolicy's hidden layers when ``policy_kwargs`` names none."""
ZIP_TAKES = (
    "this reader takes MaskablePPO MlpPolicy models with the default tanh activation, "
    "as digsite train writes them"
)
POLICY_NET, ACTION_NET = "mlp_extractor.policy_net.", "action_net."
"""The actor's entries of a MaskablePPO state dict: hidden layers (tanh at the odd indices
between them), then the action layer."""
CRITIC = ("mlp_extractor.value_net.", "value_net.")
"""The critic's entries of a MaskablePPO state dict, which playing does not use."""
PARTS = ("weight", "bias")
UNPICKLER_SAYS = "WeightsUnpickler error:"
"""Where torch's refusal of a non-weight names what it found."""


def _import(module: str, what: str) -> Any:
    """``module``, or an ImportError naming the ``train`` extra."""
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
    # every layer followed by tanh, but the last
    pairs = itertools.pairwise(layers)
    return nn.Sequential(*[m for a, b in pairs for m in (nn.Linear(a, b), nn.Tanh())][:-1])


def layers_of(actor) -> list[int]:
    return [actor[0].in_features, *(m.out_features for m in actor[::2])]


def save_policy(actor, path: Path) -> None:
    """Write the policy file of ``actor`` (weights stored as float16)."""
    torch = _import("torch", "a trained policy")
    dtype = getattr(torch, STORED_DTYPE)
    weights = {key: value.to(dtype) for key, value in actor.state_dict().items()}
    path.parent.mkdir(parents=True, exist_ok=True)
    torch.save({"format": POLICY_FORMAT, "layers": layers_of(actor), "state_dict": weights}, path)


# -- reading a model file: weights only, checked before use ----------------------------------
def _zip(data: bytes, what: str) -> zipfile.ZipFile:
    """``data`` as a zip of a few plainly named members unpacking to at most
    :data:`MAX_FILE_BYTES` in all, as their sizes declare (reads never go past them)."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except zipfile.BadZipFile as err:
        raise ValueError(f"{what} is not a zip file ({err})") from None
    members = archive.infolist()
    if len(members) > MAX_MEMBERS:
        raise ValueError(f"{what} holds {len(members)} members, more than {MAX_MEMBERS}")
    if any(len(member.filename) > MAX_NAME_CHARS for member in members):
        raise ValueError(f"{what} holds a member name longer than {MAX_NAME_CHARS} characters")
    unpacked = sum(member.file_size for member in members)
    if unpacked > MAX_FILE_BYTES:
        raise ValueError(
            f"{what} unpacks to {unpacked} bytes, more than the {MAX_FILE_BYTES} allowed"
        )
    return archive


def _member(archive: zipfile.ZipFile, name: str) -> bytes:
    """The bytes of member ``name``, no more than its declared (bounded) size."""
    try:
        info = archive.getinfo(name)
    except KeyError:
        raise ValueError(f"no {name!r} member") from None
    with archive.open(info) as member:
        data = member.read(info.file_size + 1)
    if len(data) != info.file_size:
        raise ValueError(f"member {name!r} is not the {info.file_size} bytes it declares")
    return data


def _weights(torch: Any, data: bytes, what: str) -> Any:
    """A ``torch.save`` file (a zip: bounded like the model's) read as weights only."""
    _zip(data, what)
    try:
        return torch.load(io.BytesIO(data), map_location="cpu", weights_only=True)
    except pickle.UnpicklingError as err:  # torch's long advice cut to what was refused
        said = str(err).partition(UNPICKLER_SAYS)[2].partition(". ")[0].strip()
        raise ValueError(
            f"{what} holds more than weights ({said or err}): never unpickled"
        ) from None


def _sizes(value: Any) -> bool:
    return isinstance(value, list) and all(type(width) is int for width in value)


def _actor_state(torch: Any, state: Any, prefixes: list[str]) -> tuple[list[int], dict]:
    """The layers and the float32 ``nn.Sequential`` state dict (``0.weight``, ``0.bias``,
    ``2.weight``, ...) of the linear layers ``prefixes`` of ``state``, which must be all its
    actor holds, chained, bounded (:data:`MAX_WIDTH`, :data:`MAX_PARAMETERS`) and finite."""
    expected = {prefix + part for prefix in prefixes for part in PARTS}
    if set(state) != expected:
        odd = sorted(map(str, set(state) ^ expected))
        raise ValueError(
            f"its actor is not linear layers with tanh between them: {', '.join(odd[:4])}"
            f"{' ...' if len(odd) > 4 else ''} unexpected or missing"
        )
    layers: list[int] = []
    for prefix in prefixes:
        weight, bias = (state[prefix + part] for part in PARTS)
        for part, tensor in zip(PARTS, (weight, bias), strict=True):
            if not isinstance(tensor, torch.Tensor) or not tensor.is_floating_point():
                raise ValueError(f"{prefix}{part} is {type(tensor).__name__}, not float weights")
        if weight.dim() != 2 or tuple(bias.shape) != (weight.shape[0],):
            raise ValueError(
                f"{prefix}weight {tuple(weight.shape)} and {prefix}bias {tuple(bias.shape)} "
                "are not a linear layer"
            )
        width_out, width_in = weight.shape
        if layers and width_in != layers[-1]:
            raise ValueError(f"{prefix}weight takes {width_in} inputs, not the {layers[-1]} given")
        layers = [*(layers or [width_in]), width_out]
    if not all(1 <= width <= MAX_WIDTH for width in layers):
        raise ValueError(f"layers {layers}: each must be 1 to {MAX_WIDTH} wide")
    parameters = sum(a * b + b for a, b in itertools.pairwise(layers))
    if parameters > MAX_PARAMETERS:
        raise ValueError(f"{parameters} weights, more than the {MAX_PARAMETERS} allowed")
    weights = {}
    for index, prefix in enumerate(prefixes):
        for part in PARTS:
            weights[f"{2 * index}.{part}"] = tensor = state[prefix + part].float()
            if not bool(torch.isfinite(tensor).all()):
                raise ValueError(f"{prefix}{part} holds NaN or infinite weights")
    return layers, weights


def _read_policy(torch: Any, data: bytes) -> tuple[list[int], dict]:
    """The layers and weights of a policy file of ``digsite export``."""
    saved = _weights(torch, data, "the file")
    found = saved.get("format") if isinstance(saved, dict) else type(saved).__name__
    if found != POLICY_FORMAT:
        raise ValueError(f"format {found!r}, not {POLICY_FORMAT!r}")
    declared, state = saved.get("layers"), saved.get("state_dict")
    if not _sizes(declared) or len(declared) < 2:
        raise ValueError("its layers are not a list of at least two sizes")
    if not isinstance(state, dict):
        raise ValueError("its state_dict is not a dict")
    layers, weights = _actor_state(torch, state, [f"{2 * i}." for i in range(len(declared) - 1)])
    if layers != declared:
        raise ValueError(f"it declares layers {declared}, its weights are {layers}")
    return layers, weights


def _space(attributes: dict[str, Any], key: str, kind: str) -> dict[str, Any]:
    """The space ``key`` of a ``model.zip``'s ``data`` if it is a ``kind``, else empty."""
    space = attributes.get(key)
    is_kind = isinstance(space, dict) and str(space.get(":type:")).endswith(f".{kind}'>")
    return space if is_kind else {}


def _declared_layers(attributes: dict[str, Any]) -> list[int]:
    """The layers a ``model.zip``'s ``data`` declares, read from its plain JSON fields (never
    from its pickled ``":serialized:"`` entries); a ValueError for anything but a MaskablePPO
    MlpPolicy with tanh, a flat Box observation and a Discrete action from 0."""
    policy_class = attributes.get("policy_class")
    module = policy_class.get("__module__") if isinstance(policy_class, dict) else None
    if module != MASKABLE_POLICIES:
        raise ValueError(
            f"its policy class is from {module!r}, not {MASKABLE_POLICIES}: {ZIP_TAKES}"
        )
    kwargs = attributes.get("policy_kwargs", {})
    if not isinstance(kwargs, dict) or set(kwargs) - {"net_arch"}:
        found = ", ".join(map(str, kwargs)) if isinstance(kwargs, dict) else repr(kwargs)[:40]
        raise ValueError(
            f"its policy_kwargs ({found}) are not a plain JSON net_arch alone "
            f"(a custom activation_fn or features extractor?): {ZIP_TAKES}"
        )
    arch = kwargs.get("net_arch")
    arch = DEFAULT_NET_ARCH if arch is None else arch
    if isinstance(arch, dict) and set(arch) <= {"pi", "vf"}:
        arch = arch.get("pi", [])
    if not _sizes(arch):
        raise ValueError(f"its net_arch is not a list of widths nor {{'pi': [...]}}: {ZIP_TAKES}")
    shape = _space(attributes, "observation_space", "Box").get("_shape")
    if not (_sizes(shape) and len(shape) == 1):
        raise ValueError("its observation_space is not a readable flat Box")
    action = _space(attributes, "action_space", "Discrete")
    n = str(action.get("n"))
    if not (n.isascii() and n.isdigit() and str(action.get("start", 0)) == "0"):
        raise ValueError("its action_space is not a readable Discrete(n) starting at 0")
    return [*shape, *arch, int(n)]


def _read_model_zip(torch: Any, data: bytes) -> tuple[list[int], dict]:
    """The layers and actor weights of a MaskablePPO ``model.zip``, never unpickling it."""
    archive = _zip(data, "the file")
    try:
        attributes = json.loads(_member(archive, ZIP_DATA))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as err:
        raise ValueError(f"its {ZIP_DATA!r} member is not JSON ({err})") from None
    if not isinstance(attributes, dict):
        raise ValueError(f"its {ZIP_DATA!r} member is not a JSON object")
    declared = _declared_layers(attributes)
    state = _weights(torch, _member(archive, ZIP_POLICY), f"its {ZIP_POLICY!r}")
    if not isinstance(state, dict) or not all(isinstance(key, str) for key in state):
        raise ValueError(f"its {ZIP_POLICY!r} is not a state dict")
    actor = {key: value for key, value in state.items() if not key.startswith(CRITIC)}
    hidden = sum(key.startswith(POLICY_NET) for key in actor) // len(PARTS)
    prefixes = [*(f"{POLICY_NET}{2 * i}." for i in range(hidden)), ACTION_NET]
    layers, weights = _actor_state(torch, actor, prefixes)
    if layers != declared:
        raise ValueError(
            f"its data declares layers {declared} (observation, net_arch, actions), "
            f"its weights are {layers}"
        )
    return layers, weights


@functools.lru_cache(maxsize=16)
def _load_actor(path: str, modified_ns: int):
    """One load per file version and process: agents of the same file share the network."""
    torch = _import("torch", "a trained policy")
    zipped = path.endswith(".zip")
    try:
        data = read_bytes(path, MAX_FILE_BYTES)
        layers, weights = (_read_model_zip if zipped else _read_policy)(torch, data)
    except Exception as err:  # whatever is wrong with the file: one error naming it
        what = "a model.zip of digsite train" if zipped else "a policy file of digsite export"
        raise ValueError(f"{path} is not {what}: {err}") from None
    actor = build_actor(layers)
    actor.load_state_dict(weights)
    return actor.eval()


def load_actor(path: str | Path):
    """The actor network of the policy file or ``model.zip`` at ``path``, read as weights
    only and checked (module docstring)."""
    path = Path(path).resolve()
    if not path.exists():
        raise ValueError(f"model file {path} not found; train one with digsite train")
    if not path.is_file():
        raise ValueError(f"model file {path} is not a regular file")
    return _load_actor(str(path), path.stat().st_mtime_ns)


class ModelAgent:
    """``ModelAgent(path)``: a trained policy's masked most likely move; with ``rng``, a move
    sampled from its masked distribution."""

    def __init__(self, path: str | Path, rng: np.random.Generator | None = None):
        self.path = Path(path)
        self.actor = load_actor(self.path)
        self.rng = rng
        self.observation_size, *_, self.num_actions = layers_of(self.actor)

    def check(self, observation_size: int, num_actions: int, setting: str = "this game") -> None:
        """A ValueError when the policy was trained on another game configuration."""
        if (observation_size, num_actions) != (self.observation_size, self.num_actions):
            raise ValueError(
                f"the model {self.path} expects {self.observation_size} observations and "
                f"{self.num_actions} actions; {setting} gives {observation_size} and "
                f"{num_actions}"
            )

    def logits(self, observation: np.ndarray) -> np.ndarray:
        torch = _import("torch", "a trained policy")
        with torch.no_grad():
            inputs = torch.as_tensor(observation, dtype=torch.float32).unsqueeze(0)
            return self.actor(inputs)[0].numpy()

    def __call__(self, observation: np.ndarray, action_mask: np.ndarray) -> int:
        """A legal action, always: the policy is computed over the legal actions alone; when
        their logits are not all finite (NaN, overflow), the choice among them is uniform (the
        greedy agent then plays the first, as argmax breaks ties)."""
        legal = np.flatnonzero(np.asarray(action_mask))
        if legal.size == 0:
            raise ValueError("no legal action: the action mask is all zeros")
        logits = np.asarray(self.logits(observation), dtype=np.float64)[legal]
        usable = bool(np.isfinite(logits).all())
        if self.rng is None:
            return int(legal[np.argmax(logits) if usable else 0])
        if not usable:
            return int(legal[self.rng.integers(legal.size)])
        cumulative = np.cumsum(np.exp(logits - logits.max()))  # finite: the largest term is 1
        index = np.searchsorted(cumulative, self.rng.random() * cumulative[-1], "right")
        return int(legal[min(index, legal.size - 1)])


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
