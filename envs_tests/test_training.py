"""Tiny runs of ``digsite train`` (each opponent kind, self-play with snapshots, evaluation and
checkpoints, reproducibility) and ``digsite evaluate`` on a model it saved."""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

pytest.importorskip("sb3_contrib")

from sb3_contrib import MaskablePPO  # noqa: E402
from stable_baselines3.common.logger import configure  # noqa: E402

from digsite import records  # noqa: E402
from digsite.commandline import main as run_tool  # noqa: E402
from digsite.commandline import parse_args  # noqa: E402
from digsite.training import imitation as imitation_module  # noqa: E402
from digsite.training import train  # noqa: E402

TINY = ["--n-envs", "2", "--n-steps", "128", "--batch-size", "128", "--n-epochs", "2"]
"""One PPO update per 256 learner steps, two epochs: seconds per run."""
SOLO = "digsite/ArcheOlogicSolo-v2"


def run(out: Path, *options: str, timesteps: int = 1024) -> dict[str, Any]:
    record = run_tool("train", [*TINY, "--timesteps", str(timesteps), "--out", str(out), *options])
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
    versions = record["versions"]
    assert versions["digsite"] and versions["sb3_contrib"]
    assert {"Stable-Baselines3", "PyTorch", "Gymnasium", "Numpy", "Python"} <= set(versions)
    assert -1.0 <= record["mean_return_last_100_episodes"] <= 1.0


def test_heuristic_opponents(tmp_path):
    assert run(tmp_path, "--opponents", "heuristic")["opponents"] == "heuristic"


def test_search_opponents_are_the_games_search_unless_told():
    """``--opponents mcts`` plays the search ``make_agent`` builds (the game's settings, as in
    ``digsite evaluate``); ``--mcts-iterations`` and ``--mcts-rollout`` override them."""
    from digsite.envs.registry import entry

    args = parse_args("train", ["--opponents", "mcts"])
    opponent = train.make_opponents(args, "mcts", 0, None)
    assert opponent.iterations == entry("mykerinos").search.iterations
    assert opponent.guide is not None  # guided by the heuristic
    argv = ["--opponents", "mcts", "--mcts-iterations", "7", "--mcts-rollout", "random"]
    opponent = train.make_opponents(parse_args("train", argv), "mcts", 0, None)
    assert opponent.iterations == 7 and opponent.guide is None


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


def test_a_mix_of_opponents(tmp_path, capsys):
    """Each opponent seat draws heuristic or self-play every episode; evaluations default to
    the mix's first fixed kind."""
    options = ["--opponents", "heuristic,self-play", "--snapshot-every", "512"]
    record = run(tmp_path, *options, timesteps=1024)
    games = record["self_play_games_per_member"]
    assert set(games) == {"heuristic", "random", "snapshot_512.zip", "snapshot_1024.zip"}
    assert games["heuristic"] > 0 and games["random"] > 0
    assert parse_args("evaluate", ["--from-run", str(tmp_path)]).opponents == ["heuristic"]
    with pytest.raises(SystemExit):
        parse_args("train", ["--opponents", "heuristic,heuristic"])
    assert "names a kind twice" in capsys.readouterr().err


def test_imitation_teaches_the_moves_before_ppo(tmp_path, capsys):
    """``--imitate heuristic``: the policy learns the heuristic's moves (it agrees with them
    more on the demonstrations it learnt), then PPO trains as usual."""
    options = ["--imitate", "heuristic", "--imitation-steps", "600", "--opponents", "heuristic"]
    record = run(tmp_path, *options, timesteps=256)
    imitation = record["imitation"]
    assert imitation["agent"] == "heuristic" and imitation["decisions"] >= 600
    assert imitation["games"] >= 1 and record["timesteps_trained"] >= 256
    args = parse_args("train", [*TINY, "--imitation-epochs", "30", "--net-arch", "32"])
    model = train.make_model(args, train.make_vec_env(args))
    args.imitate = "heuristic"
    examples, games = imitation_module.demonstrations(args, lambda i: i, 0, 300)
    assert games >= 1 and len(examples["actions"]) >= 300
    before = imitation_module.agreement(model, examples)
    imitation_module.learn(model, examples, args)
    after = imitation_module.agreement(model, examples)
    assert after > max(before, 0.5)
    # Forced moves agree by construction: they are left out of the agreement.
    forced = {key: value.copy() for key, value in examples.items()}
    forced["masks"][:] = False
    forced["masks"][np.arange(len(forced["actions"])), forced["actions"]] = True
    assert np.isnan(imitation_module.agreement(model, forced))
    both = {key: np.concatenate([examples[key], forced[key]]) for key in examples}
    assert imitation_module.agreement(model, both) == pytest.approx(after)
    args.imitation_learning_rate = 0.125  # its own rate, PPO's own again at PPO's next update
    imitation_module.learn(model, examples, args)
    assert {group["lr"] for group in model.policy.optimizer.param_groups} == {0.125}
    model.set_logger(configure(None, []))
    model._update_learning_rate(model.policy.optimizer)  # what PPO's update does first
    assert {group["lr"] for group in model.policy.optimizer.param_groups} == {args.learning_rate}
    with pytest.raises(SystemExit):
        parse_args("train", ["--env", SOLO, "--score-shaping", "0.01"])
    assert "--score-shaping plays --game" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        parse_args("train", ["--imitate", "heuristic", "--imitation-learning-rate", "0"])
    assert "--imitation-learning-rate must be positive" in capsys.readouterr().err


@pytest.mark.parametrize("env_id", ["digsite/RoyalSocietySolo-v3", SOLO])
def test_imitation_on_a_solo_env_learns_its_episodes(env_id):
    """On a solo env the demonstrations are the env's own episodes (its observations, learning
    aids included), each decision's return the discounted reward to come."""
    import gymnasium as gym

    argv = ["--env", env_id, "--imitate", "heuristic", "--gamma", "0.9"]
    if env_id == SOLO:
        argv += ["--env-option", "belief=true"]
    args = parse_args("train", argv)
    examples, games = imitation_module.demonstrations(args, lambda i: 7, 0, 1)
    assert games == 1
    env = gym.make(env_id, **args.env_options)
    observation, _ = env.reset(seed=7)
    rewards = []
    steps = zip(examples["observations"], examples["masks"], examples["actions"], strict=True)
    for seen, mask, action in steps:
        assert np.array_equal(seen, observation) and mask[action]
        assert np.array_equal(mask, env.unwrapped.action_masks())
        observation, reward, terminated, truncated, _ = env.step(int(action))
        rewards.append(reward)
    assert terminated or truncated
    returns = examples["returns"]
    assert returns[-1] == pytest.approx(rewards[-1])
    for t in range(len(rewards) - 1):
        assert returns[t] == pytest.approx(rewards[t] + 0.9 * returns[t + 1], abs=1e-5)


def test_score_shaping_keeps_the_ranking(tmp_path):
    """The shaping terms of a game add up to minus the starting potential (with gamma 1): no
    move changes their sum, so every policy's return moves by the same amount; along the way
    they reward points."""
    import numpy as np

    from digsite import single_seat_env
    from digsite.training.shaping import ScoreShaping

    env = ScoreShaping(single_seat_env("archeos_society", num_players=2), weight=0.01, gamma=1.0)
    env.reset(seed=3)
    start, rewards, done = env.last, [], False
    rng = np.random.default_rng(0)
    while not done:
        legal = np.flatnonzero(env.unwrapped.action_masks())
        _, reward, done, _, _ = env.step(int(rng.choice(legal)))
        rewards.append(reward)
    game_return = env.unwrapped.game_state.returns()[env.unwrapped.seat]
    assert sum(rewards) == pytest.approx(game_return - start)
    assert any(reward != 0 for reward in rewards[:-1])
    record = run(tmp_path, "--score-shaping", "0.01", timesteps=256)
    assert record["options"]["score_shaping"] == 0.01
    assert -1.0 <= record["mean_return_last_100_episodes"] <= 1.0  # the Monitor's: the game's


def test_same_seed_same_run(tmp_path):
    def metrics(out: Path) -> dict[str, Any]:
        record = run(out, "--seed", "7", timesteps=512)
        record["options"].pop("out")
        record["command"] = record["command"].replace(str(out), "OUT")
        return {k: v for k, v in record.items() if k not in ("wall_time_s", "steps_per_s")}

    assert metrics(tmp_path / "a") == metrics(tmp_path / "b")


def test_saved_model_reloads_and_evaluates(trained):
    model = MaskablePPO.load(trained / "model.zip", device="cpu")
    assert model.action_space.n > 0
    run_tool(
        "evaluate",
        [
            *("--model", str(trained / "model.zip"), "--games", "4", "--baselines", "random"),
            *("--record-games", "2"),
        ],
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
    stem = trained / "results-mykerinos-2p-maskableppo+random-vs-random"
    results = json.loads(stem.with_suffix(".json").read_text())
    assert [r["agent"] for r in results["results"]] == ["MaskablePPO", "random"]
    assert all(r["games"] == 4 for r in results["results"])
    with stem.with_suffix(".csv").open() as f:
        rows = list(csv.DictReader(f))
    assert [(r["agent"], int(r["games"])) for r in rows] == [("MaskablePPO", 4), ("random", 4)]
    for row, result in zip(rows, results["results"], strict=True):
        assert int(row["wins"]) + int(row["shared"]) + int(row["losses"]) == 4
        assert int(row["wins"]) == result["wins"]
    markdown = stem.with_suffix(".md").read_text().splitlines()
    assert markdown[0].startswith("mykerinos, 2 players") and markdown[2].startswith("| agent ")
    assert len(markdown) == 2 + 2 + len(rows)
    assert stem.with_suffix(".png").read_bytes()[:4] == b"\x89PNG"


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
    results = run_tool("evaluate", [*options, "--games", "3", "--baselines", "random,heuristic"])
    by_agent = {r.agent: r for r in results}
    deduction = by_agent["heuristic"]  # the exact deduction agent solves every quest
    assert deduction.successes == 3 and deduction.title_counts()["unsolved"] == 0
    assert all(8 <= score <= 30 for score in deduction.scored)  # time units
    never = by_agent["random"]
    assert never.successes == 0 and [e.total_reward for e in never.episodes] == [-61.0] * 3
    assert never.scored == [] and never.unscored == 3  # an unsolved quest's time is no score
    stem = tmp_path / "results-ArcheOlogicSolo-v2-guess_variant=app-maskableppo+random+heuristic"
    saved = json.loads(stem.with_suffix(".json").read_text())
    assert saved["env"] == SOLO and saved["env_options"] == {"guess_variant": "app"}
    assert [r["agent"] for r in saved["results"]] == ["MaskablePPO", "random", "heuristic"]
    with stem.with_suffix(".csv").open() as f:
        rows = {r["agent"]: r for r in csv.DictReader(f)}
    assert rows["heuristic"]["solved"] == "3" and rows["random"]["unsolved"] == "3"
    assert rows["random"]["time (solved): mean"] == ""  # not the time limit of unsolved quests
    titles = [c for c in rows["heuristic"] if c in ("Master", "Seasoned", "Apprentice")]
    assert titles == sorted(titles, key=["Master", "Seasoned", "Apprentice"].index)
    assert stem.with_suffix(".png").read_bytes()[:4] == b"\x89PNG"


def test_solo_env_has_no_opponents(capsys):
    with pytest.raises(SystemExit):
        parse_args("train", ["--env", SOLO, "--opponents", "heuristic"])
    with pytest.raises(SystemExit):
        parse_args("train", ["--env-option", "quest=3"])  # without --env
    with pytest.raises(SystemExit):
        parse_args("train", ["--env", SOLO, "--env-option", "no_such_option=1"])
    assert "no_such_option" in capsys.readouterr().err


def test_baselines_alone_are_evaluated_without_a_model(tmp_path):
    """Heuristic against random players, no model: the table every game's README section uses."""
    options = ["--game", "archeologic", "--games", "4", "--out", str(tmp_path)]
    results = run_tool("evaluate", [*options, "--baselines", "heuristic,random"])
    assert [r.agent for r in results] == ["heuristic", "random"]
    assert results[0].wins == 4  # the deduction agent always solves before random players
    stem = tmp_path / "results-archeologic-2p-heuristic+random-vs-random"
    saved = json.loads(stem.with_suffix(".json").read_text())
    assert saved["model"] is None and saved["results"][1]["wins"] == 0
    assert stem.with_suffix(".png").is_file()  # 100% and 0% bars
    with pytest.raises(SystemExit):
        run_tool("evaluate", [*options, "--baselines", ""])


def test_each_agent_meets_the_same_opponents(tmp_path):
    """A baseline's games do not depend on the agents evaluated before it."""
    options = ["--games", "6", "--out", str(tmp_path)]
    alone = run_tool("evaluate", [*options, "--baselines", "random"])[0]
    after = run_tool("evaluate", [*options, "--baselines", "heuristic,random"])[1]
    assert (alone.returns, alone.scores) == (after.returns, after.scores)


def test_game_options_reach_training_and_evaluation(tmp_path, capsys):
    """``--game-option`` sets up the game both scripts play: a model trained on 2-player
    Archeos Society's Ur scenario is evaluated on it, and a wrong option is refused."""
    options = ["--game", "archeos_society", "--game-option", "setup=ur"]
    record = run(tmp_path, *options, timesteps=256)
    assert record["game_options"] == {"setup": "ur"}
    env = train.build_env(parse_args("train", options), "random", train.TRAINING, 0)
    assert env.unwrapped.game.config["setup"] == "ur"
    model = str(tmp_path / "model.zip")
    run_tool("evaluate", [*options, "--model", model, "--games", "2", "--baselines", "random"])
    stem = "results-archeos_society-2p-setup=ur-maskableppo+random-vs-random"
    saved = json.loads((tmp_path / f"{stem}.json").read_text())
    assert saved["game_options"] == {"setup": "ur"} and saved["results"][0]["games"] == 2
    for tool in ("train", "evaluate"):
        with pytest.raises(SystemExit):
            parse_args(tool, ["--game", "archeos_society", "--game-option", "setup=atlantis"])
        assert "atlantis" in capsys.readouterr().err
        with pytest.raises(SystemExit):
            parse_args(tool, ["--env", SOLO, "--game-option", "setup=ur"])


def test_royal_society_solo_trains_and_evaluates(tmp_path):
    """A tiny run on the other solo env; the heuristic earns a title above Novice (40+) in
    the evaluation's games, and every game is scored and titled."""
    royal = "digsite/RoyalSocietySolo-v3"
    record = run(tmp_path, "--env", royal, timesteps=512)
    assert record["env"] == royal and record["timesteps_trained"] >= 512
    model = str(tmp_path / "model.zip")
    results = run_tool("evaluate", ["--env", royal, "--model", model, "--games", "2"])
    by_agent = {r.agent: r for r in results}
    assert set(by_agent) == {"MaskablePPO", "random", "heuristic"}
    heuristic = by_agent["heuristic"]
    assert heuristic.successes == 2 and min(heuristic.scored) >= 40
    assert heuristic.measure.success == "40 or more"
    assert all(len(r.scored) == 2 for r in results)  # every game has a score here
    assert all(sum(r.title_counts().values()) == 2 for r in results)
    assert heuristic.measure.titles[0] == "Sir" and heuristic.measure.titles[-1] == "Novice"


def test_a_model_is_an_opponent(trained):
    """``--opponents model:PATH``: the model against itself and the baselines against it; the
    file name says who the opponents were, so it does not replace the evaluation vs random."""
    model = trained / "model.zip"
    run_tool("evaluate", ["--model", str(model), "--games", "2", "--baselines", "random"])
    options = ["--model", str(model), "--opponents", f"model:{model}", "--games", "2"]
    results = run_tool("evaluate", [*options, "--baselines", "random"])
    assert [t.agent for t in results] == ["MaskablePPO", "random"]
    stem = f"results-mykerinos-2p-maskableppo+random-vs-model-{trained.name}"
    saved = json.loads((trained / f"{stem}.json").read_text())
    assert saved["opponents"] == [f"model:{model}"]
    assert (trained / "results-mykerinos-2p-maskableppo+random-vs-random.json").is_file()
