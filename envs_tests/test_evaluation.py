"""The arena, the league and the evaluation tools without a trained model (no torch needed):
seats rotate, deals are seeded, ratings rank the agents, tables and names are right, and bad
input is named."""

from __future__ import annotations

import csv
import json
import subprocess
import sys

import numpy as np
import pytest

from digsite import mykerinos_v1
from digsite.agents import RandomPolicy, make_agent
from digsite.agents.arena import play_game, play_games, seating
from digsite.commandline import COMMANDS, parse_args
from digsite.commandline import main as run_tool
from digsite.envs.registry import make_game

pytest.importorskip("openskill")
pytest.importorskip("pandas")

from digsite.evaluation import league  # noqa: E402
from digsite.evaluation.stats import wilson_interval  # noqa: E402


def test_seats_rotate_and_deals_follow_the_seed():
    game = make_game("mykerinos", num_players=3)
    agents = [make_agent("random", "mykerinos", seed=k) for k in range(3)]
    outcomes = play_games(game, agents, 6, seed=10)
    assert [o.seed for o in outcomes] == list(range(10, 16))
    assert [o.seat_of(0) for o in outcomes] == [0, 1, 2, 0, 1, 2]
    assert seating(1, 3) == (2, 0, 1)  # game 1: agent 0 in seat 1, agent 1 in seat 2
    # game i is the deal env.reset(seed=seed + i) gives: the same first observation
    env = mykerinos_v1.env(num_players=3)
    env.reset(seed=12)
    first = game.new_initial_state(np.random.default_rng(12))
    buffer = np.empty(game.observation_size, dtype=np.float32)
    first.observe(first.current_player(), buffer)
    agent = env.agent_selection
    assert np.array_equal(env.observe(agent)["observation"], buffer)


def test_a_game_replays_from_its_seed():
    game = make_game("medieval_realms", num_players=3)

    def final(seed):
        agents = [RandomPolicy(np.random.default_rng(p)) for p in range(3)]
        return play_game(game, agents, seed).to_dict()

    assert final(4) == final(4) != final(5)


def test_an_illegal_agent_is_stopped():
    game = make_game("mykerinos", num_players=2)

    def cheat(observation, action_mask):
        return int(np.flatnonzero(action_mask == 0)[0])

    with pytest.raises(ValueError, match="legal"):
        play_game(game, [cheat, RandomPolicy()], 0)


def test_wilson_interval_is_scipys():
    low, high = wilson_interval(0, 10)
    assert low == 0.0 and high == pytest.approx(0.2775, abs=1e-4)
    low, high = wilson_interval(192, 200)
    assert (round(low, 2), round(high, 2)) == (0.92, 0.98)
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_league_ranks_heuristic_above_random(tmp_path, capsys):
    options = ["--game", "mykerinos", "--agents", "random,heuristic,mcts", "--games", "4"]
    search = ["--mcts-iterations", "5", "--mcts-rollout", "random"]
    args = parse_args("league", [*options, *search, "--out", str(tmp_path)])
    record = league.run(args)
    standings = record["standings"]
    assert standings[0]["agent"] == "heuristic"  # ordered by rating, best first
    ratings = [row["rating"] for row in standings]
    assert ratings == sorted(ratings, reverse=True)
    assert all(row["games"] == 8 for row in standings)  # 2 match-ups of 4 games each
    assert record["pairwise"]["heuristic"]["random"].startswith("1.000")
    assert record["pairwise"]["random"]["random"] == "-"
    assert len(record["games"]) == 3 * 4
    seatings = [tuple(g["seating"]) for g in record["games"][:2]]
    assert seatings[0] == tuple(reversed(seatings[1]))  # seats rotate within a match-up
    stem = tmp_path / "league-mykerinos-2p-random+heuristic+mcts5"
    with stem.with_suffix(".csv").open() as f:
        assert [row["agent"] for row in csv.DictReader(f)][0] == "heuristic"
    with (tmp_path / f"{stem.name}-2.csv").open() as f:
        assert next(csv.DictReader(f))["agent"] == "heuristic"
    assert json.loads(stem.with_suffix(".json").read_text())["games_per_matchup"] == 4
    assert stem.with_suffix(".png").read_bytes()[:4] == b"\x89PNG"
    out = capsys.readouterr().out
    assert "win rate of the row agent against the column agent" in out


def test_league_of_three_player_games_plays_every_trio(tmp_path):
    options = ["--game", "mykerinos", "--num-players", "3", "--games", "3"]
    args = parse_args(
        "league", [*options, "--agents", "random,heuristic,mcts", "--out", str(tmp_path)]
    )
    args.mcts_iterations = 2
    record = league.run(args)
    assert len(record["games"]) == 3 and all(len(g["seating"]) == 3 for g in record["games"])


@pytest.mark.parametrize(
    ("tool", "options", "message"),
    [
        ("league", ["--agents", "random,oracle"], "unknown agent kind 'oracle'; kinds: random"),
        ("league", ["--agents", "random"], "needs at least 2 agents, not 1"),
        ("league", ["--agents", "random,random"], "names an agent twice"),
        (
            "league",
            ["--agents", "random,model:nowhere/model.zip"],
            "model file 'nowhere/model.zip' not found",
        ),
        ("league", ["--from-run", "nowhere"], "nowhere is not a training run"),
        ("evaluate", ["--opponents", "random,heuristic"], "1 other seats, 2 opponents given"),
        ("evaluate", ["--model", "nowhere.zip"], "model file nowhere.zip not found"),
        ("evaluate", ["--baselines", ""], "nothing to evaluate"),
        ("train", ["--opponents", "oracle"], "unknown agent kind 'oracle'"),
    ],
)
def test_bad_input_is_named(tool, options, message, capsys):
    with pytest.raises(SystemExit):
        parse_args(tool, options)
    assert message in capsys.readouterr().err


def test_from_run_takes_the_runs_game(tmp_path, capsys):
    run = tmp_path / "run"
    run.mkdir()
    record = {"env": None, "game": "archeos_society", "num_players": 3}
    record |= {"game_options": {"setup": "ur"}, "opponents": "self-play"}
    (run / "run.json").write_text(json.dumps(record))
    (run / "model.zip").write_bytes(b"")
    args = parse_args("evaluate", ["--from-run", str(run)])
    assert (args.game, args.num_players, args.game_options) == (
        "archeos_society",
        3,
        {"setup": "ur"},
    )
    assert args.opponents == ["random", "random"]  # self-play trained: evaluated against random
    assert args.model == run / "model.zip" and args.out == run
    args = parse_args("league", ["--from-run", str(run), "--agents", "random,heuristic,mcts"])
    assert (args.game, args.num_players) == ("archeos_society", 3)
    with pytest.raises(SystemExit):
        parse_args("evaluate", ["--from-run", str(run), "--num-players", "4"])
    assert "trained with --num-players 3, not 4" in capsys.readouterr().err


def test_train_writes_to_a_folder_named_after_the_game():
    assert str(parse_args("train", ["--game", "archeos_society", "--num-players", "3"]).out) == (
        "runs/archeos_society-3p"
    )
    assert str(parse_args("train", ["--env", "digsite/ArcheOlogicSolo-v2"]).out) == (
        "runs/ArcheOlogicSolo-v2"
    )


def test_evaluation_names_say_what_was_evaluated():
    """Two evaluations of the same model against different opponents write different files."""
    from digsite.evaluation.evaluate import slug

    args = parse_args("evaluate", ["--baselines", "random,mcts", "--mcts-iterations", "20"])
    assert slug("mcts", args) == "mcts20h"  # the default search: the heuristic guides it
    assert slug("model:runs/mykerinos-2p/model.zip", args) == "model-mykerinos-2p"


def test_every_tool_is_a_subcommand_and_imports_nothing_heavy_for_help():
    code = (
        "import sys\nfrom digsite.__main__ import main\n"
        f"for name in {[tool.name for tool in COMMANDS]!r}:\n"
        "    try:\n        main([name, '--help'])\n    except SystemExit:\n        pass\n"
        "heavy = ('torch', 'stable_baselines3', 'ray', 'pandas')\n"
        "print(sorted(m for m in heavy if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.splitlines()[-1] == "[]"
    for tool in COMMANDS:
        assert f"usage: digsite {tool.name}" in out.stdout


def test_opponents_one_per_seat(tmp_path):
    """At 3 players, ``--opponents random,heuristic`` seats one of each beside the agent (the
    arena's rotation puts them in the two seats after the agent's, in that order)."""

    options = ["--num-players", "3", "--opponents", "random,heuristic", "--games", "3"]
    results = run_tool("evaluate", [*options, "--baselines", "heuristic", "--out", str(tmp_path)])
    assert results[0].games == 3
    saved = json.loads(
        (tmp_path / "results-mykerinos-3p-heuristic-vs-random+heuristic.json").read_text()
    )
    assert saved["opponents"] == ["random", "heuristic"]


def test_timing_clocks_the_decisions_with_a_choice(capsys):
    from digsite.evaluation import timing

    clock = timing.main(["--game", "mykerinos", "--games", "1", "--mcts-iterations", "2"])
    assert clock.decisions > 20 and clock.mean > 0
    assert "s a decision over" in capsys.readouterr().out
