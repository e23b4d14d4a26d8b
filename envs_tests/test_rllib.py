"""Tiny local runs of ``digsite train-rllib`` (Ray RLlib), when Ray is installed:
one training iteration, its outputs, a restored policy playing only legal moves, every
multi-player game through the RLlib glue, per-seat policies sampled by a remote env runner,
reproducibility, and the option errors."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import numpy as np
import pytest

pytest.importorskip("ray")
pytest.importorskip("ray.rllib")

import ray  # noqa: E402

from digsite.commandline import main as run_tool  # noqa: E402
from digsite.commandline import parse_args  # noqa: E402
from digsite.games import BUILTIN  # noqa: E402
from digsite.rllib import env as rllib_env  # noqa: E402
from digsite.rllib import train as train_rllib  # noqa: E402

TINY = ["--train-batch-size", "128", "--minibatch-size", "64", "--num-epochs", "1"]
TINY += ["--hidden", "32,32", "--iterations", "1", "--eval-games", "4"]
"""One iteration of 128 env steps (a few games) and one pass over them: seconds per run."""

MYKERINOS_2P = {"game": "mykerinos", "num_players": 2}

# RLlib registers its multi-agent env wrapper with Gymnasium again on every algorithm build.
pytestmark = pytest.mark.filterwarnings("ignore:.*Overriding environment rllib-multi-agent-env")


@pytest.fixture(scope="module", autouse=True)
def ray_session():
    """One local Ray instance for the module: each run then skips Ray's start-up."""
    train_rllib.start_ray(parse_args("train-rllib", ["--num-cpus", "2"]))
    yield
    ray.shutdown()


def run(out: Path, *options: str) -> dict[str, Any]:
    record = run_tool("train-rllib", [*TINY, "--out", str(out), *options])
    assert json.loads((out / "run.json").read_text()) == record
    return record


@pytest.fixture(scope="module")
def trained(tmp_path_factory) -> Path:
    """One iteration on 2-player Mykerinos with the shared policy."""
    out = tmp_path_factory.mktemp("shared")
    run(out)
    return out


def test_one_iteration_writes_checkpoint_and_run_json(trained):
    record = json.loads((trained / "run.json").read_text())
    assert (trained / "checkpoint" / "rllib_checkpoint.json").is_file()
    assert record["checkpoint"] == str((trained / "checkpoint").resolve())
    assert record["game"] == "mykerinos" and record["num_players"] == 2
    assert record["policies"] == "shared" and record["modules"] == ["shared"]
    (iteration,) = record["iterations"]
    assert iteration["iteration"] == 1 and iteration["env_steps"] >= 128
    assert iteration["episodes"] >= 1  # 2-player games are ~40-80 moves long
    assert math.isfinite(iteration["episode_return_mean"])
    assert iteration["episode_return_mean"] == 0.0  # +1 / -1 or 0 / 0: zero-sum
    seats = iteration["seat_return_mean"]
    assert sorted(seats) == ["player_0", "player_1"]
    assert all(-1.0 <= value <= 1.0 for value in seats.values())
    assert iteration["entropy"]["shared"] > 0
    evaluation = record["evaluation"]
    assert evaluation["opponents"] == "random"
    assert {seat: result["games"] for seat, result in evaluation["seats"].items()} == {
        "player_0": 2,
        "player_1": 2,
    }
    assert record["versions"]["ray"] == ray.__version__
    assert record["options"]["seed"] == 0


def test_restored_policy_plays_only_legal_moves(trained):
    """The checkpointed policy puts no probability on illegal moves and, sampling, plays whole
    games through the env, which raises ValueError on any illegal move."""
    module = rllib_env.load_module(trained / "checkpoint", "shared")
    env = rllib_env.make_env(MYKERINOS_2P)
    rng = np.random.default_rng(0)
    checked = 0
    for game in range(3):
        observations, _ = env.reset(seed=game)
        done = False
        while not done:
            ((agent, observation),) = observations.items()
            mask = observation[rllib_env.MASK]
            probabilities = masked_probabilities(module, observation)
            assert probabilities[mask == 0].sum() < 1e-12
            assert mask[rllib_env.module_action(module, observation)] == 1
            action = rllib_env.module_action(module, observation, rng)
            observations, _, terminated, truncated, _ = env.step({agent: action})
            done = terminated["__all__"] or truncated["__all__"]
            checked += 1
    assert checked > 30


def masked_probabilities(module: Any, observation: dict[str, np.ndarray]) -> np.ndarray:
    import torch

    batch = {"obs": {key: torch.as_tensor(value[None]) for key, value in observation.items()}}
    with torch.no_grad():
        logits = module.forward_inference(batch)["action_dist_inputs"][0].double()
    return torch.softmax(logits, 0).numpy()


def test_masked_module_needs_the_mask_in_its_observations():
    from gymnasium import spaces

    features = spaces.Box(0, 1, (4,))
    with pytest.raises(ValueError, match="'observation' and 'action_mask'"):
        rllib_env.MaskedPPOModule(observation_space=features, action_space=spaces.Discrete(3))


def test_env_rejects_illegal_moves():
    """What makes a masking bug stop a run: the wrapped env raises instead of playing on."""
    env = rllib_env.make_env(MYKERINOS_2P)
    observations, _ = env.reset(seed=0)
    ((agent, observation),) = observations.items()
    assert set(observation) == {"observation", "action_mask"}
    assert env.possible_agents == ["player_0", "player_1"]
    illegal = int(np.flatnonzero(observation[rllib_env.MASK] == 0)[0])
    with pytest.raises(ValueError, match="illegal action"):
        env.step({agent: illegal})


MULTI_PLAYER = [
    pytest.param({"game": entry.name, **config}, id=f"{entry.name}-{config}")
    for entry in BUILTIN
    for config in entry.configs()
    if config["num_players"] >= 2
]


@pytest.mark.parametrize("config", MULTI_PLAYER)
def test_every_multi_player_game_plays_through_rllib_glue(config):
    """Without Ray running: an untrained masked module built from the training script's spec
    plays a whole game of every registered multi-player configuration through the RLlib env,
    and every seat gets exactly one final reward."""
    env = rllib_env.make_env(config)
    players = str(config["num_players"])
    args = parse_args("train-rllib", ["--game", config["game"], "--num-players", players])
    (spec,) = train_rllib.make_config(args).rl_module_spec.rl_module_specs.values()
    spec.observation_space = env.observation_spaces["player_0"]
    spec.action_space = env.action_spaces["player_0"]
    module = spec.build()
    rng = np.random.default_rng(0)
    observations, _ = env.reset(seed=1)
    finals = {}
    while not finals:
        ((agent, observation),) = observations.items()
        observations, rewards, terminated, truncated, _ = env.step(
            {agent: rllib_env.module_action(module, observation, rng)}
        )
        if terminated["__all__"] or truncated["__all__"]:
            finals = rewards
    assert sorted(finals) == [f"player_{i}" for i in range(config["num_players"])]
    assert all(reward in (-1.0, 0.0, 1.0) for reward in finals.values())


def test_per_seat_policies_on_a_remote_env_runner(tmp_path):
    """One module per seat of 3-player ArcheOlogic (with a game option), sampled by an env
    runner in its own Ray actor (the adapter module is shipped to it by value)."""
    options = ["--game", "archeologic", "--num-players", "3", "--game-option", "guess_variant=app"]
    options += ["--policies", "per-seat", "--num-env-runners", "1"]
    options += ["--eval-games", "3", "--eval-opponents", "heuristic"]
    record = run(tmp_path, *options)
    modules = ["player_0", "player_1", "player_2"]
    assert record["modules"] == modules
    assert record["game_options"] == {"guess_variant": "app"}
    (iteration,) = record["iterations"]
    assert sorted(iteration["entropy"]) == modules
    assert all(value > 0 for value in iteration["entropy"].values())
    modules_dir = tmp_path / "checkpoint" / "learner_group" / "learner" / "rl_module"
    assert sorted(p.name for p in modules_dir.iterdir() if p.is_dir()) == modules
    evaluation = record["evaluation"]
    assert evaluation["opponents"] == "heuristic"
    assert {seat: result["games"] for seat, result in evaluation["seats"].items()} == (
        dict.fromkeys(modules, 1)
    )


def test_same_seed_same_run(tmp_path, capsys):
    def metrics(out: Path) -> list[dict[str, Any]]:
        record = run(out, "--seed", "3")
        return [{k: v for k, v in it.items() if k != "time_s"} for it in record["iterations"]]

    first = metrics(tmp_path / "a")
    assert first == metrics(tmp_path / "b")
    assert first[0]["entropy"]["shared"] is not None
    captured = capsys.readouterr()
    assert captured.err.count("iteration 1/1: 128 env steps, ") == 2  # progress
    summaries = captured.out.splitlines()
    assert len(summaries) == 2
    for line, out in zip(summaries, ("a", "b"), strict=True):
        assert line.startswith("trained RLlib PPO (shared policies) on mykerinos (2 players): ")
        assert "; greedy vs random: won " in line
        assert line.endswith(str((tmp_path / out / "checkpoint").resolve()))


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["--game", "archeologic", "--num-players", "1"], "solo games train with digsite train"),
        (["--num-players", "5"], "played by 2, 3, 4 players with RLlib, not 5"),
        (["--game", "nope"], "invalid choice: 'nope'"),
        (["--game-option", "colour=red"], "mykerinos does not take {'colour': 'red'}"),
        (["--game-option", "colour"], "'colour' is not KEY=VALUE"),
        (["--policies", "league"], "invalid choice: 'league'"),
        (["--eval-opponents", "champion"], "unknown agent kind 'champion'"),
        (["--mcts-iterations", "0"], "--mcts-iterations must be positive"),
        (["--iterations", "0"], "must be positive"),
        (["--train-batch-size", "64", "--minibatch-size", "128"], "must not exceed"),
        (["--hidden", "64,x"], "'64,x' is not a comma-separated list of sizes"),
        (["--num-env-runners", "-1"], "--num-env-runners and --eval-games must be >= 0"),
        (["--envs-per-runner", "0"], "--envs-per-runner and --num-cpus must be positive"),
    ],
)
def test_bad_options_are_named(options, message, capsys):
    with pytest.raises(SystemExit) as exit_info:
        parse_args("train-rllib", options)
    assert exit_info.value.code == 2
    assert message in capsys.readouterr().err
