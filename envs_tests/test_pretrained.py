"""Policy files (``digsite export``) and the shipped pretrained agents (the kind ``ppo``): they
load, play like the model they came from, play whole games in every tool, and say clearly what
is missing."""

from __future__ import annotations

import fnmatch
import hashlib
import json
import shlex
import sys
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("sb3_contrib")

import digsite  # noqa: E402
from digsite import make_game  # noqa: E402
from digsite.agents import ModelAgent, make_agent  # noqa: E402
from digsite.agents import model as model_module  # noqa: E402
from digsite.agents.arena import play_games  # noqa: E402
from digsite.commandline import main as run_tool  # noqa: E402
from digsite.commandline import parse_args, recorded_options  # noqa: E402
from digsite.core.errors import ConfigError  # noqa: E402
from digsite.play import play  # noqa: E402
from digsite.training import export  # noqa: E402
from digsite.training.options import command_line  # noqa: E402

TINY = ["--n-envs", "2", "--n-steps", "128", "--batch-size", "128", "--n-epochs", "1"]
ROOT = Path(__file__).resolve().parent.parent
CARDS = model_module.pretrained_cards()
SMALL = 3_000_000
"""Bytes a shipped policy file stays under."""


def config_of(card: dict) -> dict:
    return {"num_players": card["config"]["num_players"], **card["game_options"]}


@pytest.fixture(scope="module")
def exported(tmp_path_factory) -> Path:
    """A tiny run on 2-player Mykerinos exported with a 2-game evaluation card."""
    out = tmp_path_factory.mktemp("run")
    options = ["--timesteps", "256", "--net-arch", "16,8", "--out", str(out)]
    run_tool("train", [*TINY, *options, "--opponents", "heuristic"])
    run_tool("export", ["--from-run", str(out), "--games", "2"])
    return out


def test_the_policy_file_plays_like_the_model(exported):
    zipped, small = ModelAgent(exported / "model.zip"), ModelAgent(exported / "policy.pt")
    assert (small.observation_size, small.num_actions) == (1621, 98)
    state = make_game("mykerinos", num_players=2).new_initial_state(np.random.default_rng(0))
    observation = np.empty(1621, dtype=np.float32)
    for _ in range(20):
        player = state.current_player()
        state.observe(player, observation)
        np.testing.assert_allclose(small.logits(observation), zipped.logits(observation), atol=0.01)
        state.apply_action(zipped(observation, state.legal_action_mask()))


def test_the_card_says_how_the_policy_was_made(exported):
    card = json.loads((exported / "policy.json").read_text())
    data = (exported / "policy.pt").read_bytes()
    assert card["policy"]["sha256"] == hashlib.sha256(data).hexdigest()
    assert card["policy"]["layers"] == [1621, 16, 8, 98] and card["policy"]["bytes"] == len(data)
    assert card["config"] == make_game("mykerinos", num_players=2).config
    assert card["env_id"] == "digsite/mykerinos-v1"
    training = card["training"]
    assert training["opponents"] == "heuristic" and training["timesteps"] >= 256
    assert training["imitation"] is None  # the run did not --imitate
    assert training["net_arch"] == [16, 8] and training["versions"]["digsite"]
    words = shlex.split(training["command"])
    assert words[:2] == ["digsite", "train"]
    again = parse_args("train", words[2:])
    assert command_line(recorded_options(again)) == training["command"]
    assert [e["opponents"] for e in card["evaluations"]] == ["heuristic", "random"]
    vs_heuristic = card["evaluations"][0]
    assert vs_heuristic["par"] == 0.5 and vs_heuristic["games"] == 2
    assert [r["agent"] for r in vs_heuristic["results"]] == ["MaskablePPO", "heuristic", "random"]
    replayed = run_tool("evaluate", shlex.split(vs_heuristic["command"])[2:])
    assert [t.wins for t in replayed] == [r["wins"] for r in vs_heuristic["results"]]


def test_a_run_records_its_command(exported):
    record = json.loads((exported / "run.json").read_text())
    assert record["command"] == command_line(record["options"])
    assert "--net-arch 16,8" in record["command"] and "--opponents heuristic" in record["command"]


def test_a_policy_file_is_a_model_opponent_and_an_evaluated_model(exported, tmp_path):
    policy = exported / "policy.pt"
    run_tool(
        "train",
        [*TINY, "--timesteps", "256", "--out", str(tmp_path), "--opponents", f"model:{policy}"],
    )
    results = run_tool("evaluate", ["--model", str(policy), "--games", "2", "--baselines", ""])
    assert results[0].games == 2
    with pytest.raises(SystemExit, match="expects 1621 observations"):
        run_tool("evaluate", ["--game", "archeos_society", "--model", str(policy), "--games", "1"])


def test_a_corrupt_policy_file_is_named(tmp_path):
    bad = tmp_path / "bad.pt"
    bad.write_bytes(b"not a policy")
    with pytest.raises(ValueError, match="bad.pt is not a policy file"):
        ModelAgent(bad)


def test_a_solo_run_exports_as_its_games_one_player_policy(tmp_path, monkeypatch):
    """A run on the Royal Society's solo env exports with one evaluation on that env, and the
    file is the kind ``ppo`` of the 1-player game, which the solo env plays."""
    env_id = "digsite/RoyalSocietySolo-v3"
    run_tool(
        "train",
        [*TINY, "--env", env_id, "--timesteps", "256", "--net-arch", "16", "--out", str(tmp_path)],
    )
    shipped = tmp_path / "shipped"
    shipped.mkdir()
    card = run_tool(
        "export", ["--from-run", str(tmp_path), "--games", "2", "--out", str(shipped / "solo.pt")]
    )
    assert card["env_id"] == env_id and card["env_options"] == {} and card["game_options"] == {}
    assert card["config"] == make_game("royal_society", num_players=1).config
    (solo,) = card["evaluations"]
    assert solo["opponents"] is None and solo["par"] is None and "--env" in solo["command"]
    assert [r["agent"] for r in solo["results"]] == ["MaskablePPO", "heuristic", "random"]
    monkeypatch.setattr(model_module, "PRETRAINED", shipped)
    assert model_module.describe(card) == "royal_society, 1 player"
    assert make_agent("ppo", "royal_society", num_players=1).path == shipped / "solo.pt"
    (ppo,) = run_tool(
        "evaluate",
        ["--env", env_id, "--baselines", "ppo", "--games", "1", "--out", str(tmp_path / "e")],
    )
    assert ppo.agent == "ppo"


def test_a_solo_policy_is_found_by_the_options_its_env_sets():
    """A solo env's learning aids are options of its game: the card lists them as the game
    options the kind ``ppo`` is asked with."""
    from digsite.commandline import solo_engine

    env_options = {"belief": True, "consistent_guesses": True, "shaping": 1}
    game = solo_engine("digsite/ArcheOlogicSolo-v2", env_options)
    options = export.options_set(game)
    assert options == {"belief_features": True, "consistent_guesses": True}
    assert make_game("archeologic", num_players=1, **options).config == game.config


# -- the shipped policies ---------------------------------------------------------------------
def test_policies_are_shipped():
    assert CARDS, "no pretrained policy in digsite/agents/pretrained"


@pytest.mark.parametrize("card", CARDS, ids=lambda card: card["policy"]["file"])
def test_a_shipped_policy_is_small_whole_and_plays_a_game(card):
    path = model_module.PRETRAINED / card["policy"]["file"]
    data = path.read_bytes()
    assert len(data) < SMALL and hashlib.sha256(data).hexdigest() == card["policy"]["sha256"]
    config = config_of(card)
    agent = make_agent("ppo", card["game"], **config)
    assert agent.path == path
    game = make_game(card["game"], **config)
    assert game.config == card["config"]
    heuristics = [make_agent("heuristic", card["game"]) for _ in range(game.num_players - 1)]
    (outcome,) = play_games(game, [agent, *heuristics], games=1)
    assert outcome.seating[0] == 0 and len(outcome.returns) == game.num_players
    result = card["evaluations"][0]
    solo = "env_options" in card  # evaluated on its solo env, without opponents
    assert result["opponents"] == (None if solo else "heuristic") and result["games"] >= 200


def test_shipped_policies_are_package_data():
    """Every file of ``agents/pretrained`` matches a package-data pattern of pyproject.toml."""
    tomllib = pytest.importorskip("tomllib", reason="tomllib is Python 3.11's")
    setup = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    patterns = setup["package-data"]["digsite"]
    package = ROOT / "src" / "digsite"
    for path in model_module.PRETRAINED.iterdir():
        relative = path.relative_to(package).as_posix()
        assert any(fnmatch.fnmatch(relative, p) for p in patterns), relative


def test_ppo_sits_in_every_tool(tmp_path):
    """A policy of a game with opponents, as an opponent and as an agent in every tool."""
    card = next(card for card in CARDS if card["config"]["num_players"] > 1)
    config = config_of(card)
    env = digsite.single_seat_env(card["game"], opponents="ppo", **config)
    env.reset(seed=0)
    assert all(isinstance(o, ModelAgent) for o in env.opponents if o is not None)
    game = ["--game", card["game"], "--num-players", str(config["num_players"])]
    game += [
        f"--game-option={key}={json.dumps(value)}" for key, value in card["game_options"].items()
    ]
    results = run_tool(
        "evaluate", [*game, "--baselines", "ppo", "--games", "1", "--out", str(tmp_path)]
    )
    assert results[0].agent == "ppo"
    league = run_tool(
        "league", [*game, "--agents", "random,ppo", "--games", "1", "--out", str(tmp_path)]
    )
    assert {row["agent"] for row in league["standings"]} == {"random", "ppo"}
    run_tool(
        "train", [*TINY, *game, "--timesteps", "256", "--out", str(tmp_path), "--opponents", "ppo"]
    )
    answers = iter(["1"] * 10_000)
    record = play(
        card["game"], opponents=["ppo"], ask=lambda _: next(answers), say=lambda _: None, **config
    )
    assert record["agents"][1] == "ppo"


def test_no_shipped_policy_names_those_that_exist(capsys):
    with pytest.raises(ValueError, match="no pretrained ppo agent for mykerinos") as err:
        make_agent("ppo", "mykerinos", num_players=4, museum_two_rooms=4)
    assert model_module.describe(CARDS[0]) in str(err.value)
    with pytest.raises(ConfigError, match="pretrained agents exist for"):
        digsite.single_seat_env("mykerinos", num_players=4, museum_two_rooms=4, opponents="ppo")
    with pytest.raises(SystemExit):
        parse_args(
            "evaluate",
            ["--num-players", "4", "--game-option", "museum_two_rooms=4"] + ["--baselines", "ppo"],
        )
    assert "pretrained agents exist for" in capsys.readouterr().err


def test_without_torch_the_error_names_the_extra(monkeypatch):
    monkeypatch.setitem(sys.modules, "torch", None)
    monkeypatch.setitem(sys.modules, "torch.nn", None)
    model_module._load_actor.cache_clear()
    card = CARDS[0]
    with pytest.raises(ImportError, match=r"digsite\[train\]"):
        make_agent("ppo", card["game"], **config_of(card))
