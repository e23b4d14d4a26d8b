"""Bad input never gets in: one rule for actions in every env, checked env options, and
untrusted files (component data files, a run.json) read only as regular files of bounded size
whose numbers cannot size an allocation beyond the schemas' bounds."""

from __future__ import annotations

import contextlib
import copy
import json
import math
import os
import resource
import signal
from importlib import resources
from pathlib import Path

import gymnasium
import numpy as np
import pytest

import digsite
from digsite import mykerinos_v1
from digsite.commandline import load_run
from digsite.core.data import DataFileError
from digsite.core.engine import ConfigError
from digsite.core.files import DATA_LIMIT, MAX_DEPTH
from digsite.envs.registry import make_game
from digsite.games import BUILTIN

NOT_ACTIONS = [True, np.bool_(True), 1.0, 87.0, 1.5, math.nan, math.inf, "1", [1], np.array([1])]
"""Values that are not actions: bools, floats (even whole ones), strings, lists, arrays of
one element.  An action is a Python or numpy integer, or a 0-d integer array."""


@pytest.mark.parametrize("bad", NOT_ACTIONS, ids=repr)
def test_the_aec_env_refuses_what_is_not_an_action_and_changes_nothing(bad):
    env = mykerinos_v1.env(num_players=3)
    env.reset(seed=0)
    before = env.unwrapped.game_state.to_dict()
    with pytest.raises(ValueError, match="an action is an integer 0..97"):
        env.step(bad)
    assert env.unwrapped.game_state.to_dict() == before and env.num_steps == 0


def test_numpy_integers_and_0d_arrays_are_actions():
    legal = mykerinos_v1.env(num_players=3)
    legal.reset(seed=0)
    action = int(np.flatnonzero(legal.last()[0]["action_mask"])[0])
    for form in (np.int64(action), np.int32(action), np.array(action), np.uint8(action)):
        env = mykerinos_v1.env(num_players=3)
        env.reset(seed=0)
        env.step(form)
        assert env.num_steps == 1


@pytest.mark.parametrize("bad", [None, "abc", *NOT_ACTIONS], ids=repr)
def test_the_single_seat_env_ends_the_episode_on_what_is_not_an_action(bad):
    env = digsite.single_seat_env("mykerinos", num_players=2, seat=0)
    env.reset(seed=0)
    before = env.game_state.to_dict()
    _, reward, terminated, truncated, info = env.step(bad)
    assert (reward, terminated, truncated) == (-1.0, True, False) and info["illegal_action"]
    assert env.game_state.to_dict() == before


def test_the_single_seat_env_plays_a_random_legal_action_instead_when_asked():
    env = digsite.single_seat_env("mykerinos", num_players=2, seat=0, illegal_action="random")
    env.reset(seed=0)
    _, reward, terminated, _, info = env.step(3.5)
    assert info["illegal_action"] and not terminated and reward == 0.0


@pytest.mark.parametrize("bad", [None, "abc", *NOT_ACTIONS], ids=repr)
def test_the_solo_envs_answer_what_is_not_an_action_as_documented(bad):
    for env_id in digsite.envs.registry.SOLO_GYM_IDS:
        env = gymnasium.make(env_id).unwrapped
        env.reset(seed=0)
        _, _, terminated, _, info = env.step(bad)
        assert terminated and info["illegal_action"]


@pytest.mark.parametrize("seat", [1.5, True, -1, 2, "0"], ids=repr)
def test_a_bad_seat_is_refused_at_once(seat):
    with pytest.raises(ConfigError, match="seat"):
        digsite.single_seat_env("mykerinos", num_players=2, seat=seat)


def test_a_numpy_seat_is_a_seat():
    env = digsite.single_seat_env("mykerinos", num_players=2, seat=np.int64(1))
    assert env.reset(seed=0)[1]["seat"] == 1 and type(env.seat) is int


@pytest.mark.parametrize("opponents", [42, "smart", [None, None], ["random", 7]], ids=repr)
def test_bad_opponents_are_refused_at_once(opponents):
    with pytest.raises(ConfigError, match="opponent"):
        digsite.single_seat_env("mykerinos", num_players=2, opponents=opponents)


@pytest.mark.parametrize("max_cycles", ["10", 0, -5, 2.5, True], ids=repr)
def test_a_bad_max_cycles_is_refused(max_cycles):
    with pytest.raises(ConfigError, match="max_cycles"):
        mykerinos_v1.env(num_players=2, max_cycles=max_cycles)


def test_bad_illegal_action_modes_are_refused():
    with pytest.raises(ConfigError, match="illegal_action"):
        digsite.single_seat_env("mykerinos", num_players=2, illegal_action="crash")


@pytest.mark.parametrize("entry", BUILTIN, ids=lambda e: e.name)
def test_player_counts_are_integers_of_the_game(entry):
    """numpy integers are player counts (and the game saves as plain JSON); bools, floats,
    strings and unsupported counts are refused naming the allowed counts."""
    n = entry.player_counts[-1]
    game = make_game(entry.name, num_players=np.int64(n))
    assert type(game.num_players) is int and game.num_players == n
    state = game.new_initial_state(np.random.default_rng(0))
    json.dumps(state.to_dict())
    json.dumps(game.config)
    allowed = ", ".join(str(c) for c in entry.player_counts)
    for bad in (True, float(n), str(n), 99):
        with pytest.raises(ConfigError, match=f"num_players must be one of {allowed}"):
            make_game(entry.name, num_players=bad)


def test_museum_two_rooms_is_an_integer_choice():
    with pytest.raises(ConfigError, match="museum_two_rooms"):
        mykerinos_v1.env(num_players=3, museum_two_rooms=5.0)


@pytest.mark.parametrize("ring", [5, "ABCDE12345", [0, 1, 2]], ids=repr)
def test_a_bad_archeologic_ring_is_named(ring):
    with pytest.raises(ConfigError, match="ring"):
        make_game("archeologic", num_players=2, ring=ring)


def test_an_unknown_solo_env_option_is_named_with_the_allowed_ones():
    for env_id in digsite.envs.registry.SOLO_GYM_IDS:
        with pytest.raises(ConfigError, match="unknown .* option.* bogus; options are"):
            gymnasium.make(env_id, bogus=1)


@pytest.mark.parametrize("entry", BUILTIN, ids=lambda e: e.name)
def test_an_env_with_a_numpy_player_count_plays_and_saves(entry):
    """The issue's cases: a numpy player count failed in play, overflowed at reset, or made
    ``to_dict()`` unserialisable."""
    import importlib

    for n in entry.player_counts:
        env = importlib.import_module(entry.module).env(num_players=np.int64(n))
        env.reset(seed=1)
        for _ in range(30):
            if not env.agents:
                break
            obs, *_ = env.last()
            env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        json.dumps(env.unwrapped.game_state.to_dict())
        assert env.unwrapped.game.config["num_players"] == n


def test_every_declared_option_names_what_it_allows():
    """Each game's options are declared with their types: a value of the wrong type is
    refused naming the option and what it allows."""
    for entry in BUILTIN:
        game_class = entry.load_game_class()
        for option in game_class.options:
            with pytest.raises(ConfigError, match=f"option {option.name} must be"):
                game_class.from_config(**{option.name: object()})


# -- untrusted files ---------------------------------------------------------------------------
BAD_FILES = {
    "fifo": "a FIFO",
    "dev_zero": "a character device",
    "dev_urandom": "a character device",
    "directory": "a directory",
    "huge": "more than the",
    "utf16": "not UTF-8",
    "invalid_utf8": "not UTF-8",
    "deep": "nested too deep",
    "nested": f"nested more than {MAX_DEPTH} deep",
    "long_integer": "5000 digits",
    "missing": "No such file",
}
"""The files no reader of the package takes, and what its error says of each."""

needs_posix = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs and /dev are POSIX")


def bad_file(kind: str, folder: Path, limit: int) -> str:
    """The path of a file of ``kind`` (a key of :data:`BAD_FILES`) in ``folder``; ``huge`` is
    one byte over ``limit`` (sparse: no disk is used)."""
    path = folder / f"{kind}.json"
    devices = {"dev_zero": "/dev/zero", "dev_urandom": "/dev/urandom"}
    if kind in devices:
        return devices[kind]
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "directory":
        path.mkdir()
    elif kind == "huge":
        with open(path, "wb") as out:
            out.truncate(limit + 1)
    elif kind == "utf16":
        path.write_text('{"cards": []}', encoding="utf-16")
    elif kind == "invalid_utf8":
        path.write_bytes(b'{"cards": ["\xff"]}')
    elif kind == "deep":
        path.write_text("[" * 100_000 + "]" * 100_000)
    elif kind == "nested":
        path.write_text("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1))
    elif kind == "long_integer":
        path.write_text('{"seed": ' + "9" * 5000 + "}")
    return str(path)


def _virtual_memory() -> int | None:
    """Bytes of this process's address space (Linux), else None."""
    try:
        status = Path("/proc/self/status").read_text()
    except OSError:
        return None
    line = next((x for x in status.splitlines() if x.startswith("VmSize:")), None)
    return int(line.split()[1]) * 1024 if line else None


@contextlib.contextmanager
def bounded(seconds: float = 30.0, memory: int = 2**30):
    """A safety net, not an assertion: the code under test fails with TimeoutError or
    MemoryError, instead of hanging or swapping the shared machine, if it waits ``seconds`` or
    takes ``memory`` bytes more address space."""

    def timeout(signum, frame):
        raise TimeoutError(f"still running after {seconds} s")

    handler = signal.signal(signal.SIGALRM, timeout)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    limits = resource.getrlimit(resource.RLIMIT_AS)
    used = _virtual_memory()
    if used is not None and limits[1] == resource.RLIM_INFINITY:
        resource.setrlimit(resource.RLIMIT_AS, (used + memory, limits[1]))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, limits)
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, handler)


@needs_posix
@pytest.mark.parametrize("kind", BAD_FILES)
def test_a_data_option_refuses_a_bad_file_at_once_naming_it(kind, tmp_path):
    path = bad_file(kind, tmp_path, DATA_LIMIT)
    with bounded(), pytest.raises(DataFileError) as refused:
        make_game("medieval_realms", num_players=4, deck=path)
    message = str(refused.value)
    assert f"cannot read card file {path}: " in message and BAD_FILES[kind] in message
    assert "\n" not in message


DATA_OPTIONS = {
    "mykerinos": "deck",
    "archeologic": "buildings",
    "medieval_realms": "card_types",
    "archeos_society": "sites",
    "royal_society": "studies",
}
"""One component data option of each game."""


@needs_posix
@pytest.mark.parametrize("kind", ["fifo", "dev_zero", "directory"])
@pytest.mark.parametrize("game", DATA_OPTIONS)
def test_every_game_reads_its_data_files_as_regular_files_only(game, kind, tmp_path):
    path = bad_file(kind, tmp_path, DATA_LIMIT)
    with bounded(), pytest.raises(ConfigError, match=f"cannot read .* file {path}: it is"):
        make_game(game, **{DATA_OPTIONS[game]: path})  # a DataFileError, or wraps one


def test_a_data_file_may_start_with_a_utf8_byte_order_mark(tmp_path):
    shipped = resources.files("digsite.games.medieval_realms").joinpath("data", "deck.json")
    path = tmp_path / "deck.json"
    path.write_bytes(b"\xef\xbb\xbf" + shipped.read_bytes())
    assert len(make_game("medieval_realms", num_players=4, deck=str(path)).cards) == 84


def _records(game: str, filename: str, key: str) -> list:
    text = resources.files(f"digsite.games.{game}").joinpath("data", filename).read_text()
    return json.loads(text)[key]


def _every(records: list, field: str, value) -> list:
    """The records with ``field`` (a key, or ``key.key``) set to ``value`` where present."""
    out = copy.deepcopy(records)
    *parents, name = field.split(".")
    for record in out:
        for parent in parents:
            record = record.get(parent, {})
        if name in record:
            record[name] = [value] * len(record[name]) if isinstance(record[name], list) else value
    return out


def _more(records: list, count: int) -> list:
    """``count`` records: copies of ``records`` numbered 0.. ."""
    return [dict(records[i % len(records)], id=i) for i in range(count)]


HUGE = 10**9
HOSTILE = [
    ("medieval_realms", "card_types", "immediate_vp", HUGE, "['immediate_vp']: 1000000000 is"),
    ("medieval_realms", "board", "reward.raw", HUGE, "['reward']['raw']: 1000000000 is"),
    ("medieval_realms", "board", "resources.goods", HUGE, "['resources']['goods']: 1000000000"),
    ("medieval_realms", "board", "amount", HUGE, "['amount']: 1000000000 is"),
    ("medieval_realms", "deck", "condition.count", HUGE, "['condition']['count']: 1000000000"),
    ("medieval_realms", "deck", "records", 1000, "1000 card records; a game has at most 300"),
    ("archeos_society", "cards", "records", 1000, "1000 card records; a game has at most 600"),
    ("archeos_society", "sites", "points", HUGE, "['points'][0]: 1000000000 is"),
    ("archeos_society", "sites", "draws", HUGE, "['draws'][0]: 1000000000 is"),
    ("archeos_society", "tables", "values", HUGE, "['values'][0]: 1000000000 is"),
    ("archeos_society", "tables", "artifacts", HUGE, "['artifacts'][0]: 1000000000 is"),
    ("royal_society", "studies", "symbols", 1000, "['objectives'][0]: 1000 items, more than"),
    ("mykerinos", "deck", "id", HUGE, "['id']: 1000000000 is"),
    ("archeologic", "buildings", "boxes", 10**5, "['boxes'][0]: 'RRRRR"),
]
"""Per game, data files with a huge value where a number sizes an array, an observation piece
or a loop (or with a huge number of records): (game, option, field, value, what the error
says)."""
DATA_FILES = {
    ("medieval_realms", "card_types"): ("card_types.json", "card_types"),
    ("medieval_realms", "board"): ("board.json", "board"),
    ("medieval_realms", "deck"): ("deck.json", "cards"),
    ("archeos_society", "cards"): ("cards.json", "cards"),
    ("archeos_society", "sites"): ("sites.json", "sites"),
    ("archeos_society", "tables"): ("tables.json", "tables"),
    ("royal_society", "studies"): ("studies.json", "studies"),
    ("mykerinos", "deck"): ("cards.json", "cards"),
    ("archeologic", "buildings"): ("buildings.json", "buildings"),
}
"""The file and its key of each data option."""


@pytest.mark.parametrize(
    ("game", "option", "field", "value", "says"),
    HOSTILE,
    ids=[f"{game}-{field}" for game, _, field, _, _ in HOSTILE],
)
def test_a_data_file_with_a_huge_sizing_value_is_refused_before_any_allocation(
    game, option, field, value, says, tmp_path
):
    filename, key = DATA_FILES[game, option]
    records = _records(game, filename, key)
    if field == "records":
        records = _more(records, value)
    elif field == "symbols":
        records[0]["objectives"][0] = records[0]["objectives"][0][:1] * value
    elif field == "boxes":
        records[0]["boxes"] = ["R" * value]
    else:
        records = _every(records, field, value)
    path = tmp_path / f"hostile_{filename}"
    path.write_text(json.dumps({key: records}), encoding="utf-8")
    with bounded(), pytest.raises(ConfigError) as refused:  # a DataFileError, or wraps one
        make_game(game, **{option: str(path)})
    message = str(refused.value)
    assert str(path) in message and says in message and len(message) < 500, message


@needs_posix
@pytest.mark.parametrize("kind", ["fifo", "dev_zero", "utf16", "long_integer"])
def test_from_run_refuses_a_bad_run_json_at_once(kind, tmp_path):
    path = bad_file(kind, tmp_path, DATA_LIMIT)
    with bounded(), pytest.raises(ValueError, match=f"{path} is not a training run: .*{path}"):
        load_run(Path(path))
