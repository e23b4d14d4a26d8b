"""Game records (``digsite.records``): every game round-trips and replays; a record that is
malformed or does not reproduce is refused, saying where."""

from __future__ import annotations

import copy
import json
import subprocess
import sys

import pytest

from digsite.agents import make_agent
from digsite.envs.registry import ENVIRONMENTS
from digsite.records import RecordError, check, load, play, replay, save


def random_record(entry, config, seed=3):
    n = config["num_players"]
    agents = [make_agent("random", entry.name, seed=seed + p) for p in range(n)]
    return play(entry.name, agents, names=["random"] * n, seed=seed, **config)


def test_every_configuration_records_and_replays(case, tmp_path):
    entry, config, module = case
    record = random_record(entry, config)
    path = tmp_path / "game.json"
    save(record, path)
    loaded = load(path)
    assert loaded == json.loads(json.dumps(record))
    final = replay(loaded)
    assert final.is_terminal() and final.returns() == record["returns"]
    # the record's set-up is the env's for the same seed
    env = module.env(**config)
    env.reset(seed=record["seed"])
    for step in record["steps"]:
        assert env.unwrapped.game_state.action_to_string(step["action"]) == step["text"]
        env.step(step["action"])
        while env.agents and (env.terminations[env.agent_selection]):
            env.step(None)
    assert not env.agents


@pytest.mark.parametrize("entry", ENVIRONMENTS, ids=lambda e: e.name)
def test_a_heuristic_game_replays(entry):
    config = entry.configs()[0]
    n = config["num_players"]
    agents = [make_agent("heuristic", entry.name)] + [
        make_agent("random", entry.name, seed=p) for p in range(1, n)
    ]
    record = play(entry.name, agents, names=["heuristic"] + ["random"] * (n - 1), seed=11, **config)
    assert record["agents"][0] == "heuristic"
    assert replay(record).scores() == record["scores"]


@pytest.fixture(scope="module")
def record():
    entry = ENVIRONMENTS[0]
    return random_record(entry, entry.configs()[0])


def broken(record, change):
    bad = copy.deepcopy(record)
    change(bad)
    return bad


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda r: r.pop("seed"), "'seed' is a required property"),
        (lambda r: r.update(format="pgn"), "at format"),
        (lambda r: r["steps"][2].update(action=-1), "at steps/2/action"),
        (lambda r: r.update(env="digsite/mykerinos-v0"), "played on digsite/mykerinos-v0"),
        (lambda r: r.update(game="catan"), "unknown digsite game 'catan'"),
        (lambda r: r["config"].update(num_players=9), "config: .*num_players"),
        (lambda r: r.update(agents=["a"]), "names 1 agents for 2 players"),
        (
            lambda r: r["steps"][0].update(player=1 - r["steps"][0]["player"]),
            "step 0 .* is to move",
        ),
        (
            lambda r: r["steps"][1].update(action=97 if r["steps"][1]["action"] != 97 else 96),
            "step 1 ",
        ),
        (lambda r: r["steps"][3].update(text="a move never made"), "step 3 .* now reads"),
        (lambda r: r["steps"].pop(), "mid-game"),
        (lambda r: r["steps"].append(dict(r["steps"][-1])), "already over"),
        (lambda r: r.update(returns=[0.0, 0.0]), "ends with returns"),
    ],
)
def test_a_broken_record_is_refused_saying_where(record, change, message):
    with pytest.raises(RecordError, match=message):
        replay(broken(record, change))


def test_unreadable_files_are_refused(tmp_path):
    path = tmp_path / "game.json"
    path.write_text("{not json")
    with pytest.raises(RecordError, match="cannot read a game record"):
        load(path)
    with pytest.raises(RecordError, match="JSON object"):
        check([])


def test_the_command_line_records_and_replays(tmp_path):
    path = tmp_path / "game.json"
    run = [sys.executable, "-m", "digsite"]
    out = subprocess.run(
        [*run, "record", "mykerinos", "--agents", "heuristic,random", "--seed", "5", "--out", path],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "steps" in out.stdout
    out = subprocess.run([*run, "replay", path], capture_output=True, text=True, check=True)
    assert "steps reproduce" in out.stdout
    data = json.loads(path.read_text())
    data["steps"][0]["action"] = 0 if data["steps"][0]["action"] else 1
    path.write_text(json.dumps(data))
    out = subprocess.run([*run, "replay", path], capture_output=True, text=True)
    assert out.returncode == 1 and "step 0" in out.stderr
