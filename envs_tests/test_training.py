"""Tiny runs of ``training_scripts/train.py`` (each opponent kind, self-play with snapshots,
evaluation and checkpoints, reproducibility) and ``evaluate.py`` on a model it saved."""

from __future__ import annotations

import csv
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

from digsite import records  # noqa: E402

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
    evaluate.main(
        [
            *("--model", str(trained / "model.zip"), "--games", "4", "--baselines", "random"),
            *("--record-games", "2"),
        ]
    )
    recorded = sorted((trained / "records").glob("*.json"))
    assert [p.name for p in recorded] == [
        "mykerinos-maskableppo-seat0-seed0.json",
        "mykerinos-maskableppo-seat1-seed1.json",
        "mykerinos-random-seat0-seed0.json",
        "mykerinos-random-seat1-seed1.json",
    ]
    game = records.load(recorded[1])
    assert game["agents"] == ["random", "MaskablePPO"] and records.replay(game).is_terminal()
    results = json.loads((trained / "results-mykerinos-2p-random.json").read_text())
    assert [r["agent"] for r in results["results"]] == ["MaskablePPO", "random"]
    assert all(r["games"] == 4 for r in results["results"])
    with (trained / "results-mykerinos-2p-random.csv").open() as f:
        rows = list(csv.DictReader(f))
    assert [(r["agent"], int(r["games"])) for r in rows] == [("MaskablePPO", 4), ("random", 4)]
    for row, result in zip(rows, results["results"], strict=True):
        assert int(row["wins"]) + int(row["shared"]) + int(row["losses"]) == 4
        assert int(row["wins"]) == result["wins"]
    markdown = (trained / "results-mykerinos-2p-random.md").read_text().splitlines()
    assert markdown[0].startswith("mykerinos, 2 players") and markdown[2].startswith("| agent |")
    assert len(markdown) == 2 + 2 + len(rows)
    assert (trained / "results-mykerinos-2p-random.png").read_bytes()[:4] == b"\x89PNG"


SOLO = "digsite/ArcheOlogicSolo-v1"


def test_solo_env_trains_plots_and_evaluates(tmp_path):
    record = run(tmp_path, "--env", SOLO, "--env-option", "guess_variant=app", "--plot")
    assert record["env"] == SOLO and record["env_options"] == {"guess_variant": "app"}
    assert record["game"] is None and record["opponents"] is None
    assert sorted(p.name for p in (tmp_path / "monitor").iterdir()) == [
        "0.monitor.csv",
        "1.monitor.csv",
    ]
    assert (tmp_path / "learning_curve.png").read_bytes()[:4] == b"\x89PNG"

    model = str(tmp_path / "model.zip")
    options = ["--env", SOLO, "--env-option", "guess_variant=app", "--model", model]
    results = evaluate.main([*options, "--games", "3", "--baselines", "random,heuristic"])
    by_agent = {r.agent: r for r in results}
    deduction = by_agent["heuristic"]  # the exact deduction agent solves every quest
    assert deduction.wins == 3 and sum(deduction.titles.values()) == 3
    assert all(8 <= score <= 30 for score in deduction.won_scores)  # time units
    assert by_agent["random"].wins == 0 and by_agent["random"].returns == [-61.0] * 3
    saved = json.loads((tmp_path / "results-solo.json").read_text())
    assert saved["env"] == SOLO and saved["env_options"] == {"guess_variant": "app"}
    assert [r["agent"] for r in saved["results"]] == ["MaskablePPO", "random", "heuristic"]
    with (tmp_path / "results-solo.csv").open() as f:
        rows = {r["agent"]: r for r in csv.DictReader(f)}
    assert rows["heuristic"]["won"] == "3" and rows["random"]["none"] == "3"
    assert (tmp_path / "results-solo.png").read_bytes()[:4] == b"\x89PNG"


def test_solo_env_has_no_opponents(capsys):
    with pytest.raises(SystemExit):
        train.parse_args(["--env", SOLO, "--opponents", "heuristic"])
    with pytest.raises(SystemExit):
        train.parse_args(["--env-option", "quest=3"])  # without --env
    with pytest.raises(SystemExit):
        train.parse_args(["--env", SOLO, "--env-option", "no_such_option=1"])
    assert "no_such_option" in capsys.readouterr().err


def test_baselines_alone_are_evaluated_without_a_model(tmp_path):
    """Heuristic against random players, no model: the table every game's README section uses."""
    options = ["--game", "archeologic", "--games", "4", "--out", str(tmp_path)]
    results = evaluate.main([*options, "--baselines", "heuristic,random"])
    assert [r.agent for r in results] == ["heuristic", "random"]
    assert results[0].wins == 4  # the deduction agent always solves before random players
    saved = json.loads((tmp_path / "results-archeologic-2p-random.json").read_text())
    assert saved["model"] is None and saved["results"][1]["wins"] == 0
    assert (tmp_path / "results-archeologic-2p-random.png").is_file()  # 100% and 0% bars
    with pytest.raises(SystemExit):
        evaluate.main([*options, "--baselines", ""])


def test_each_agent_meets_the_same_opponents(tmp_path):
    """A baseline's games do not depend on the agents evaluated before it."""
    options = ["--games", "6", "--out", str(tmp_path)]
    alone = evaluate.main([*options, "--baselines", "random"])[0]
    after = evaluate.main([*options, "--baselines", "heuristic,random"])[1]
    assert (alone.wins, alone.losses, alone.total_score) == (
        after.wins,
        after.losses,
        after.total_score,
    )


def test_game_options_reach_training_and_evaluation(tmp_path, capsys):
    """``--game-option`` sets up the game both scripts play: a model trained on 2-player
    Archeos Society's Ur scenario is evaluated on it, and a wrong option is refused."""
    options = ["--game", "archeos_society", "--game-option", "setup=ur"]
    record = run(tmp_path, *options, timesteps=256)
    assert record["game_options"] == {"setup": "ur"}
    env = train.build_env(train.parse_args(options), "random", train.TRAINING, 0)
    assert env.unwrapped.game.config["setup"] == "ur"
    model = str(tmp_path / "model.zip")
    evaluate.main([*options, "--model", model, "--games", "2", "--baselines", "random"])
    saved = json.loads((tmp_path / "results-archeos_society-2p-setup=ur-random.json").read_text())
    assert saved["game_options"] == {"setup": "ur"} and saved["results"][0]["games"] == 2
    for script in (train, evaluate):
        with pytest.raises(SystemExit):
            script.parse_args(["--game", "archeos_society", "--game-option", "setup=atlantis"])
        assert "atlantis" in capsys.readouterr().err
        with pytest.raises(SystemExit):
            script.parse_args(["--env", SOLO, "--game-option", "setup=ur"])


def test_royal_society_solo_trains_and_evaluates(tmp_path):
    """A tiny run on the other solo env; the heuristic earns a title above Novice (40+) in
    the evaluation's games, and every game is scored and titled."""
    royal = "digsite/RoyalSocietySolo-v2"
    record = run(tmp_path, "--env", royal, timesteps=512)
    assert record["env"] == royal and record["timesteps_trained"] >= 512
    model = str(tmp_path / "model.zip")
    results = evaluate.main(["--env", royal, "--model", model, "--games", "2"])
    by_agent = {r.agent: r for r in results}
    assert set(by_agent) == {"MaskablePPO", "random", "heuristic"}
    assert by_agent["heuristic"].wins == 2 and min(by_agent["heuristic"].won_scores) >= 40
    assert all(sum(r.titles.values()) == 2 for r in results)
