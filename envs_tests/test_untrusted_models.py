"""Untrusted model files: opening a ``model.zip`` or a policy file never runs code (nothing is
unpickled), and every file is checked (sizes, layers, finite weights, the game) before it plays;
a model agent never plays a masked action."""

from __future__ import annotations

import base64
import io
import json
import os
import pickle
import sys
import time
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

torch = pytest.importorskip("torch")
sb3_contrib = pytest.importorskip("sb3_contrib")

import digsite  # noqa: E402
from digsite import make_game  # noqa: E402
from digsite.__main__ import main as digsite_main  # noqa: E402
from digsite.agents import ModelAgent, make_agent  # noqa: E402
from digsite.agents import model as model_module  # noqa: E402
from digsite.commandline import main as run_tool  # noqa: E402
from digsite.core.errors import ConfigError  # noqa: E402
from digsite.training import export  # noqa: E402

TINY = ["--n-envs", "2", "--n-steps", "128", "--batch-size", "128", "--n-epochs", "1"]
GAME = ["--game", "mykerinos", "--num-players", "2"]
OBSERVATIONS, ACTIONS = 1621, 98
"""2-player Mykerinos, the game of the trained model."""
SERIALIZED = ":serialized:"


class Payload:
    """Unpickled, it creates the file ``marker``: what a crafted model hides to run code."""

    def __init__(self, marker: Path):
        self.marker = str(marker)

    def __reduce__(self):
        return (open, (self.marker, "w"))


def pickled(marker: Path) -> str:
    """A ``":serialized:"`` entry that creates ``marker`` when SB3 decodes it."""
    return base64.b64encode(pickle.dumps(Payload(marker))).decode()


@pytest.fixture(scope="module")
def run(tmp_path_factory) -> Path:
    """A tiny ``digsite train`` run on 2-player Mykerinos: our own ``model.zip``."""
    out = tmp_path_factory.mktemp("run")
    run_tool("train", [*TINY, *GAME, "--timesteps", "256", "--net-arch", "16", "--out", str(out)])
    return out


def doctored(
    source: Path,
    target: Path,
    data: Callable[[dict], Any] | None = None,
    state: Callable[[dict], Any] | None = None,
    drop: str | None = None,
) -> Path:
    """A copy of the ``model.zip`` ``source`` whose ``data`` JSON and ``policy.pth`` state dict
    were changed in place by ``data`` and ``state``, without member ``drop``."""
    with zipfile.ZipFile(source) as archive:
        members = {name: archive.read(name) for name in archive.namelist() if name != drop}
    if data is not None:
        attributes = json.loads(members["data"])
        data(attributes)
        members["data"] = json.dumps(attributes).encode()
    if state is not None:
        weights = torch.load(io.BytesIO(members["policy.pth"]), weights_only=True)
        state(weights)
        buffer = io.BytesIO()
        torch.save(weights, buffer)
        members["policy.pth"] = buffer.getvalue()
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, content in members.items():
            archive.writestr(name, content)
    return target


def crafted(run: Path, tmp_path: Path, where: str, marker: Path) -> Path:
    """The trained model with a payload creating ``marker``: in every pickled entry of its
    ``data`` (which ``MaskablePPO.load`` decodes, this reader ignores), as its pickled
    ``policy_kwargs``, or in its ``policy.pth``."""

    def plant(attributes: dict) -> None:
        for value in attributes.values():
            if isinstance(value, dict) and SERIALIZED in value:
                value[SERIALIZED] = pickled(marker)

    def kwargs(attributes: dict) -> None:
        attributes["policy_kwargs"] = {SERIALIZED: pickled(marker), "net_arch": "[16]"}

    def weights(state: dict) -> None:
        state["action_net.weight"] = Payload(marker)

    source, target = run / "model.zip", tmp_path / "crafted.zip"
    if where == "ignored entries":
        return doctored(source, target, data=plant)
    if where == "policy_kwargs":
        return doctored(source, target, data=kwargs)
    return doctored(source, target, state=weights)


def quit_at_once(monkeypatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))


TOOLS: dict[str, Callable[[Path, Path, Any], Any]] = {
    "ModelAgent": lambda path, tmp, mp: ModelAgent(path),
    "make_agent": lambda path, tmp, mp: make_agent(f"model:{path}", "mykerinos", num_players=2),
    "digsite evaluate --model": lambda path, tmp, mp: run_tool(
        "evaluate",
        [*GAME, "--model", str(path), "--games", "1", "--baselines", "", "--out", str(tmp)],
    ),
    "digsite play --opponents model:": lambda path, tmp, mp: (
        quit_at_once(mp),
        digsite_main(["play", "mykerinos", "--num-players", "2", "--opponents", f"model:{path}"]),
    ),
    "digsite export": lambda path, tmp, mp: export.export(path, tmp / "policy.pt"),
}


def test_the_crafted_zip_runs_code_under_sb3s_own_loader(run, tmp_path):
    """The premise: SB3 decodes the pickled entries of ``data`` (as ``MaskablePPO.load``
    does), so the crafted file runs the payload (here, on our own file, an empty file)."""
    from stable_baselines3.common.save_util import load_from_zip_file

    marker = tmp_path / "ran"
    load_from_zip_file(crafted(run, tmp_path, "ignored entries", marker), device="cpu")
    assert marker.exists()


@pytest.mark.parametrize("where", ["ignored entries", "policy_kwargs", "policy.pth"])
@pytest.mark.parametrize("tool", TOOLS)
def test_a_crafted_zip_runs_no_code(run, tmp_path, monkeypatch, capsys, tool, where):
    """Every tool that opens a model.zip: the payload never runs; a payload in an entry the
    reader never decodes is ignored (the model plays), anywhere else the file is refused."""
    marker = tmp_path / "ran"
    path = crafted(run, tmp_path, where, marker)
    if where == "ignored entries":
        TOOLS[tool](path, tmp_path, monkeypatch)
    else:
        with pytest.raises((ValueError, SystemExit)) as refused:  # a command line's error
            TOOLS[tool](path, tmp_path, monkeypatch)
        said = f"{refused.value} {capsys.readouterr().err}"
        assert "crafted.zip is not a model.zip of digsite train" in said
    assert not marker.exists()


def test_a_pickled_policy_kwargs_is_refused_with_what_is_read(run, tmp_path):
    path = crafted(run, tmp_path, "policy_kwargs", tmp_path / "ran")
    with pytest.raises(ValueError, match="with the default tanh activation, as digsite train"):
        ModelAgent(path)


def test_a_policy_file_with_a_payload_runs_no_code(tmp_path):
    marker, path = tmp_path / "ran", tmp_path / "crafted.pt"
    torch.save({"format": model_module.POLICY_FORMAT, "layers": Payload(marker)}, path)
    with pytest.raises(ValueError, match="crafted.pt is not a policy file.*GLOBAL .*open"):
        ModelAgent(path)
    assert not marker.exists()


# -- a real model plays as MaskablePPO would -------------------------------------------------
def test_a_trained_zip_plays_as_maskableppo_would(run):
    """Our own freshly trained file: its logits and moves are the live model's."""
    path = run / "model.zip"
    agent, model = ModelAgent(path), sb3_contrib.MaskablePPO.load(path, device="cpu")
    assert (agent.observation_size, agent.num_actions) == (OBSERVATIONS, ACTIONS)
    state = make_game("mykerinos", num_players=2).new_initial_state(np.random.default_rng(0))
    observation = np.empty(OBSERVATIONS, dtype=np.float32)
    for _ in range(20):
        state.observe(state.current_player(), observation)
        mask = state.legal_action_mask()
        legal = np.flatnonzero(mask)
        with torch.no_grad():
            live = model.policy.get_distribution(
                torch.as_tensor(observation[None]), action_masks=mask[None]
            ).distribution.logits[0]
        ours = torch.log_softmax(torch.as_tensor(agent.logits(observation)[legal]), 0)
        np.testing.assert_allclose(ours.numpy(), live.numpy()[legal], atol=1e-5)
        action = agent(observation, mask)
        assert action == int(model.predict(observation, action_masks=mask, deterministic=True)[0])
        state.apply_action(action)


def test_the_dict_form_of_net_arch_is_read(run, tmp_path):
    def dict_form(attributes: dict) -> None:
        attributes["policy_kwargs"] = {"net_arch": {"pi": [16], "vf": [16]}}

    agent = ModelAgent(doctored(run / "model.zip", tmp_path / "dict.zip", data=dict_form))
    observation = np.linspace(0, 1, OBSERVATIONS, dtype=np.float32)
    np.testing.assert_array_equal(
        agent.logits(observation), ModelAgent(run / "model.zip").logits(observation)
    )


def policy_kwargs(value: Any) -> Callable[[dict], None]:
    return lambda attributes: attributes.update(policy_kwargs=value)


def set_in(key: str, field: str, value: Any) -> Callable[[dict], None]:
    return lambda attributes: attributes[key].update({field: value})


def add_weight(key: str) -> Callable[[dict], None]:
    return lambda state: state.update({key: torch.zeros(4, OBSERVATIONS)})


def drop_weight(key: str) -> Callable[[dict], None]:
    return lambda state: state.pop(key)


DOCTORED = {
    "another policy class": ({"data": set_in("policy_class", "__module__", "x")}, "policy class"),
    "an option besides net_arch": (
        {"data": policy_kwargs({"net_arch": [16], "ortho_init": False})},
        "not a plain JSON net_arch alone",
    ),
    "a net_arch of text": ({"data": policy_kwargs({"net_arch": "16"})}, "not a list of widths"),
    "a net_arch unlike the weights": (
        {"data": policy_kwargs({"net_arch": [32]})},
        r"declares layers \[1621, 32, 98\] .* its weights are \[1621, 16, 98\]",
    ),
    "another observation size": (
        {"data": set_in("observation_space", "_shape", [12])},
        r"declares layers \[12, 16, 98\]",
    ),
    "actions from 1": ({"data": set_in("action_space", "start", "1")}, "Discrete"),
    "a features extractor": (
        {"state": add_weight("features_extractor.linear.weight")},
        "features_extractor.linear.weight",
    ),
    "a layer without tanh": (
        {"state": drop_weight("mlp_extractor.policy_net.0.bias")},
        "not linear layers with tanh",
    ),
    "no policy.pth": ({"drop": "policy.pth"}, "no 'policy.pth' member"),
    "no data": ({"drop": "data"}, "no 'data' member"),
}


@pytest.mark.parametrize("case", DOCTORED)
def test_a_zip_unlike_digsite_trains_is_refused(run, tmp_path, case):
    changes, message = DOCTORED[case]
    path = doctored(run / "model.zip", tmp_path / "doctored.zip", **changes)
    with pytest.raises(ValueError, match=f"doctored.zip is not a model.zip.*{message}"):
        ModelAgent(path)


# -- checked before any network is built ---------------------------------------------------
def policy_file(path: Path, layers: list[int], state: dict | None = None) -> Path:
    """A policy file declaring ``layers``, holding ``state`` (else weights of ``layers``)."""
    if state is None:
        state = model_module.build_actor(layers).state_dict()
    torch.save({"format": model_module.POLICY_FORMAT, "layers": layers, "state_dict": state}, path)
    return path


@pytest.mark.parametrize(
    "bad", [float("nan"), float("inf"), -float("inf"), 1e300], ids=["nan", "inf", "-inf", "big"]
)
def test_non_finite_weights_are_refused(run, tmp_path, bad):
    """NaN or infinite, or a float64 weight beyond float32's range, in a policy file or a zip."""
    state = {k: v.double() for k, v in model_module.build_actor([4, 3, 2]).state_dict().items()}
    state["2.weight"][1, 2] = bad
    with pytest.raises(ValueError, match=r"bad.pt is not a policy file.*2\.weight holds NaN"):
        ModelAgent(policy_file(tmp_path / "bad.pt", [4, 3, 2], state))

    def poison(weights: dict) -> None:
        weights["action_net.weight"] = weights["action_net.weight"].double()
        weights["action_net.weight"][5, 5] = bad

    path = doctored(run / "model.zip", tmp_path / "bad.zip", state=poison)
    with pytest.raises(ValueError, match="bad.zip is not a model.zip.*action_net.weight holds"):
        ModelAgent(path)


def no_network(layers: list[int]):
    raise AssertionError(f"a network of {layers} was built")


def test_a_small_file_declaring_huge_layers_is_refused_at_once(tmp_path, monkeypatch):
    """The declared layers are checked against the tensors in the file before anything is
    built: a 2 KB file cannot make the reader allocate 40 GB."""
    monkeypatch.setattr(model_module, "build_actor", no_network)
    shapes = {"0.weight": (3, 4), "0.bias": (3,), "2.weight": (2, 3), "2.bias": (2,)}
    small = {key: torch.zeros(shape, dtype=torch.float16) for key, shape in shapes.items()}
    path = policy_file(tmp_path / "huge.pt", [100_000, 100_000, 100_000], small)
    assert path.stat().st_size < 4096
    start = time.perf_counter()
    with pytest.raises(ValueError, match=r"declares layers \[100000, 100000, 100000\]"):
        ModelAgent(path)
    assert time.perf_counter() - start < 1.0


def test_layers_beyond_the_bounds_are_refused(tmp_path, monkeypatch):
    wide = model_module.MAX_WIDTH + 1
    state = {"0.weight": torch.zeros(1, wide, dtype=torch.float16), "0.bias": torch.zeros(1)}
    monkeypatch.setattr(model_module, "build_actor", no_network)
    with pytest.raises(ValueError, match=f"each must be 1 to {model_module.MAX_WIDTH} wide"):
        ModelAgent(policy_file(tmp_path / "wide.pt", [wide, 1], state))
    monkeypatch.undo()
    path = policy_file(tmp_path / "many.pt", [4, 3, 2])
    monkeypatch.setattr(model_module, "MAX_PARAMETERS", 10)
    with pytest.raises(ValueError, match="23 weights, more than the 10 allowed"):
        ModelAgent(path)


def test_a_zip_bomb_is_refused_before_it_is_unpacked(tmp_path, monkeypatch):
    path = tmp_path / "bomb.zip"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("data", b" " * 2_000_000)
    assert path.stat().st_size < 10_000
    monkeypatch.setattr(model_module, "MAX_FILE_BYTES", 1_000_000)
    with pytest.raises(ValueError, match="unpacks to 2000000 bytes, more than the 1000000"):
        ModelAgent(path)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_pipe_is_never_read(tmp_path):
    pipe = tmp_path / "model.zip"
    os.mkfifo(pipe)
    with pytest.raises(ValueError, match="is not a regular file"):
        ModelAgent(pipe)


# -- checked against the game --------------------------------------------------------------
def test_a_model_of_another_game_is_refused_naming_the_sizes(run):
    kind = f"model:{run / 'model.zip'}"
    other = make_game("archeos_society", num_players=2)
    sizes = (
        f"expects {OBSERVATIONS} observations and {ACTIONS} actions; archeos_society with 2 "
        f"players gives {other.observation_size} and {other.num_actions}"
    )
    with pytest.raises(ValueError, match=sizes):
        make_agent(kind, "archeos_society", num_players=2)
    with pytest.raises(ConfigError, match=f"single-seat env option opponents: .*{sizes}"):
        digsite.single_seat_env("archeos_society", num_players=2, opponents=kind)
    assert isinstance(make_agent(kind, "mykerinos", num_players=2), ModelAgent)


# -- never a masked action -----------------------------------------------------------------
ABSURD = {
    "all NaN": np.full(6, np.nan),
    "one legal NaN": np.array([0.0, 1.0, np.nan, 2.0, 0.0, 0.0]),
    "legal -inf, masked +inf": np.array([np.inf, -np.inf, -np.inf, -np.inf, np.inf, np.inf]),
    "float32 extremes": np.array([3e38, -3e38, 3e38, -3e38, 3e38, 3e38], dtype=np.float32),
    "masked far above": np.array([1e30, 0.0, -5.0, 1.0, 1e30, 1e30]),
    "legal +inf": np.array([0.0, np.inf, np.inf, 1.0, 0.0, 0.0]),
}
MASK = np.array([0, 1, 1, 1, 0, 0], dtype=np.int8)


@pytest.mark.parametrize("case", ABSURD)
def test_a_model_agent_never_plays_a_masked_action(tmp_path, case):
    path = policy_file(tmp_path / "tiny.pt", [4, 6])
    for rng in (None, np.random.default_rng(0)):
        agent = ModelAgent(path, rng)
        agent.logits = lambda observation: ABSURD[case]  # whatever the network computes
        chosen = {agent(np.zeros(4, dtype=np.float32), MASK) for _ in range(200)}
        assert chosen <= {1, 2, 3}, chosen
    assert ModelAgent(path)(np.zeros(4, dtype=np.float32), np.eye(6, dtype=np.int8)[5]) == 5


def test_a_network_that_overflows_plays_a_legal_action(tmp_path):
    """Finite float32 weights whose logits overflow to infinity."""
    state = {"0.weight": torch.full((6, 4), 3e38), "0.bias": torch.zeros(6)}
    path = policy_file(tmp_path / "overflow.pt", [4, 6], state)
    observation = np.ones(4, dtype=np.float32)
    assert np.isinf(ModelAgent(path).logits(observation)).all()
    for rng in (None, np.random.default_rng(0)):
        assert {ModelAgent(path, rng)(observation, MASK) for _ in range(100)} <= {1, 2, 3}


def test_sampling_follows_the_legal_logits(tmp_path):
    agent = ModelAgent(policy_file(tmp_path / "tiny.pt", [4, 6]), np.random.default_rng(0))
    agent.logits = lambda observation: np.array([50.0, 0.0, 0.0, 9.0, 0.0, 50.0])
    chosen = [agent(np.zeros(4, dtype=np.float32), MASK) for _ in range(200)]
    assert chosen.count(3) > 190
    agent.logits = lambda observation: np.full(6, np.nan)
    chosen = [agent(np.zeros(4, dtype=np.float32), MASK) for _ in range(300)]
    assert {1, 2, 3} == set(chosen)  # uniform among the legal ones
