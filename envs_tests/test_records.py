"""Game records (``digsite.records``): every game round-trips and replays; a record that is
malformed, does not reproduce or is dealt from another seed is refused, saying where; a file
that is no record (a device, a FIFO, huge, not UTF-8, nested too deep) is refused at once,
naming it, and ``digsite replay`` says so in one line."""

from __future__ import annotations

import copy
import json
import os
import resource
import subprocess
import sys

import pytest

from digsite.agents import make_agent
from digsite.core.engine import ConfigError
from digsite.core.files import RECORD_LIMIT
from digsite.games import BUILTIN
from digsite.records import (
    FORMAT_VERSION,
    MAX_SEED,
    RecordError,
    check,
    load,
    play,
    replay,
    save,
)

from .test_bad_input import BAD_FILES, bad_file, bounded, needs_posix


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


@pytest.mark.parametrize("entry", BUILTIN, ids=lambda e: e.name)
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
    """A 2-player Mykerinos record (the broken records below name its sizes)."""
    mykerinos = next(e for e in BUILTIN if e.name == "mykerinos")
    return random_record(mykerinos, mykerinos.configs()[0])


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
        (lambda r: r.update(seed=MAX_SEED + 1), "at seed: .* greater than the maximum"),
        (lambda r: r.update(seed=r["seed"] + 1), "the seed 4 or the config does not deal"),
        (lambda r: r.update(setup="0" * 16), "does not deal the recorded game"),
        (lambda r: r.pop("setup"), "'setup' is a required property"),
        (lambda r: r["steps"][0].update(action=500), "step 0 .*: actions are 0..97"),
        (
            lambda r: r["steps"][0].update(text="x" * 5000),
            "at steps/0/text: 'xxx.*\\.\\.\\. is too long$",
        ),
        (lambda r: r.update(format_version=1), "format 1 .* record the game again"),
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


@pytest.mark.parametrize("entry", BUILTIN, ids=lambda e: e.name)
def test_a_record_proves_its_seed_deals_its_game(entry):
    """The record keeps a digest of its set-up: with another seed the same steps may still
    be legal (an ArcheOlogic game with another quest), but the set-up is not the one played."""
    record = random_record(entry, entry.configs()[0])
    assert record["format_version"] == FORMAT_VERSION == 2
    replay(record)
    moved = broken(record, lambda r: r.update(seed=r["seed"] + 1))
    with pytest.raises(RecordError, match=f"the seed {moved['seed']} or the config does not deal"):
        replay(moved)


@pytest.mark.parametrize("seed", [-1, MAX_SEED + 1, 1.0, True, "3"])
def test_a_game_is_recorded_only_from_a_seed_a_record_holds(seed):
    agents = [make_agent("random", "mykerinos", seed=p) for p in range(2)]
    with pytest.raises(ConfigError, match="seed is an integer 0..2\\*\\*63 - 1"):
        play("mykerinos", agents, seed=seed, num_players=2)


@needs_posix
@pytest.mark.parametrize("kind", BAD_FILES)
def test_a_bad_file_is_refused_at_once_naming_it(kind, tmp_path):
    path = bad_file(kind, tmp_path, RECORD_LIMIT)
    with bounded(), pytest.raises(RecordError) as refused:
        load(path)
    message = str(refused.value)
    assert message.startswith(f"cannot read a game record from {path}: ")
    assert BAD_FILES[kind] in message and "\n" not in message


@needs_posix
@pytest.mark.parametrize("kind", ["fifo", "dev_zero", "dev_urandom", "directory", "huge"])
def test_a_record_whose_config_names_a_bad_data_file_is_refused_naming_it(kind, tmp_path):
    entry = next(e for e in BUILTIN if e.name == "medieval_realms")
    record = random_record(entry, entry.configs()[0])
    path = bad_file(kind, tmp_path, RECORD_LIMIT)
    record["config"]["deck"] = path
    with bounded(), pytest.raises(RecordError, match=f"config: cannot read card file {path}: "):
        replay(record)


CLI_CASES = [*BAD_FILES, "dev_stdin", "config_dev_zero", "config_fifo", "another_seed"]
"""What ``digsite replay`` is given: each bad file, /dev/stdin (a pipe), a record whose
config names a device or a FIFO as its deck, and a record dealt from another seed."""


def _limit_memory() -> None:
    """A safety net for a child process: 4 GiB of address space."""
    resource.setrlimit(resource.RLIMIT_AS, (4 * 2**30, 4 * 2**30))


@pytest.fixture(scope="module")
def realms_record():
    entry = next(e for e in BUILTIN if e.name == "medieval_realms")
    return random_record(entry, entry.configs()[0])


@needs_posix
@pytest.mark.parametrize("kind", CLI_CASES)
def test_replay_refuses_a_bad_file_in_one_line(kind, tmp_path, realms_record):
    if kind == "dev_stdin":
        path = "/dev/stdin"
    elif kind in BAD_FILES:
        path = bad_file(kind, tmp_path, RECORD_LIMIT)
    else:
        record = copy.deepcopy(realms_record)
        if kind == "another_seed":
            record["seed"] += 1
        else:
            deck = tmp_path / "deck.json"
            if kind == "config_fifo":
                os.mkfifo(deck)
            record["config"]["deck"] = str(deck) if kind == "config_fifo" else "/dev/zero"
        path = str(tmp_path / "game.json")
        save(record, path)
    out = subprocess.run(
        [sys.executable, "-m", "digsite", "replay", path],
        input="",  # /dev/stdin is a pipe
        capture_output=True,
        text=True,
        timeout=120,
        preexec_fn=_limit_memory,
    )
    lines = out.stderr.strip().splitlines()
    assert out.returncode != 0 and len(lines) == 1, out.stderr
    assert "Traceback" not in out.stderr and path in lines[0]


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
