"""Tiny runs of ``training_scripts/train.py`` (each opponent kind, self-play with snapshots,
evaluation and checkpoints, reproducibility) and ``evaluate.py`` on a model it saved."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("sb3_contrib")

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "training_scripts"))
import evaluate  # noqa: E402
import train  # noqa: E402
from sb3_contrib import MaskablePPO  # noqa: E402

TINY = ["--n-envs", "2", "--n-steps", "128", "--batch-size", "128", "--n-epochs", "2"]
"""One PPO update per 256 learner steps, two epochs: seconds per run."""


def run(out: Path, *options: str, timesteps: int = 1024) -> dict[str, Any]:
    record = train.main([*TINY, "--timesteps", str(timesteps), "--out", str(out), *options])
    assert (out / "model.zip").is_file()
    assert json.loads((out / "run.json").read_text()) == record
    assert record["timesteps_trained"] >= timesteps
    return record


@pytest.fixture(scope="module")
def trained(tmp_path_factory) -> Path:
    """A run against the default (random) opponents, with evaluations and checkpoints."""
    out = tmp_path_factory.mktemp("random")
    record = run(out, "--eval-every", "512", "--eval-episodes", "2", "--checkpoint-every", "512")
    assert record["opponents"] == "random"
    assert record["options"]["n_envs"] == 2 and record["options"]["seed"] == 0
    assert [e["timesteps"] for e in record["evaluations"]] == [512, 1024]
    assert (out / "best_model.zip").is_file()
    assert len(list((out / "checkpoints").glob("model_*_steps.zip"))) == 2
    return out


def test_default_opponents(trained):
    record = json.loads((trained / "run.json").read_text())
    assert record["versions"]["digsite"]
    assert -1.0 <= record["mean_return_last_100_episodes"] <= 1.0


def test_heuristic_opponents(tmp_path):
    assert run(tmp_path, "--opponents", "heuristic")["opponents"] == "heuristic"


def test_model_opponents(trained, tmp_path):
    model = trained / "model.zip"
    record = run(tmp_path, "--opponents", f"model:{model}", "--stochastic-opponents", timesteps=256)
    assert record["options"]["stochastic_opponents"]


@pytest.mark.parametrize("vec", ["dummy", "subproc"])
def test_self_play_plays_snapshots(tmp_path, vec):
    options = ["--opponents", "self-play", "--snapshot-every", "512", "--vec", vec]
    record = run(tmp_path, *options, timesteps=2048)
    snapshots = sorted((tmp_path / "pool").glob("snapshot_*.zip"))
    assert len(snapshots) == len(record["self_play_snapshots"]) == 4
    games = record["self_play_games_per_member"]
    assert games["random"] > 0
    assert games["snapshot_512.zip"] > 0  # the pools got the snapshots, even in subprocesses


def test_same_seed_same_run(tmp_path):
    def metrics(out: Path) -> dict[str, Any]:
        record = run(out, "--seed", "7", timesteps=512)
        record["options"].pop("out")
        return {k: v for k, v in record.items() if k not in ("wall_time_s", "steps_per_s")}

    assert metrics(tmp_path / "a") == metrics(tmp_path / "b")


def test_saved_model_reloads_and_evaluates(trained):
    model = MaskablePPO.load(trained / "model.zip", device="cpu")
    assert model.action_space.n > 0
    evaluate.main(["--model", str(trained / "model.zip"), "--games", "4", "--baselines", "random"])
    results = json.loads((trained / "results-random.json").read_text())
    assert [r["agent"] for r in results["results"]] == ["MaskablePPO", "random"]
    assert all(r["games"] == 4 for r in results["results"])
