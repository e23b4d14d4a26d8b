"""User errors end a command with one line, never a traceback; the envs refuse calls out of
order with an error saying what to do; numpy option values are read alike by every game."""

from __future__ import annotations

import importlib
import json
import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import gymnasium as gym
import numpy as np
import pytest

import digsite
from digsite.__main__ import main
from digsite.commandline import (
    FAILED,
    INTERRUPTED,
    TRACEBACK_VARIABLE,
    USAGE_ERROR,
    extra_missing,
    reported,
)
from digsite.core.engine import ConfigError, IllegalActionError
from digsite.core.errors import ResetNeededError
from digsite.envs.registry import SOLO_GYM_IDS
from digsite.games import BUILTIN

from .play import random_action

MISSING = "/nonexistent-digsite-folder"
PLAY = ["play", "mykerinos", "--num-players", "2"]
RECORD = ["record", "mykerinos", "--agents", "random,random"]
PROMPT_SECONDS = 60
"""How long ``digsite play`` may take to start and ask for a move (or to end after SIGINT)."""
ASLEEP_POLL = 0.01
ASLEEP_PAUSE = 0.5
"""How often to look whether the play process sleeps, and the pause where that cannot be seen."""

BAD_ARGUMENTS = [
    (["nosuch"], "invalid choice: 'nosuch'"),
    (["list", "--bogus"], "unrecognized arguments: --bogus"),
    (["play", "nogame", "--num-players", "2"], "invalid choice: 'nogame'"),
    (["play", "mykerinos", "--game-option", "nope=1"], "unknown Mykerinos option(s) nope"),
    (["play", "mykerinos", "--num-players", "9"], "num_players must be one of 2, 3, 4, not 9"),
    (["play", "mykerinos", "--num-players", "two"], "invalid int value: 'two'"),
    ([*PLAY, "--seat", "5"], "seat 5 does not exist: seats are 0..1"),
    ([*PLAY, "--seat", "-1"], "seat -1 does not exist"),
    ([*PLAY, "--option", "colour=red"], "unknown Mykerinos option(s) colour"),
    ([*PLAY, "--option", "museum_two_rooms=9"], "museum_two_rooms must be one of 5, 4"),
    ([*PLAY, "--option", "colour"], "'colour' is not KEY=VALUE"),
    ([*PLAY, "--opponents", "champion"], "unknown agent kind 'champion'"),
    ([*PLAY, "--opponents", "model:nowhere.zip"], "model file 'nowhere.zip' not found"),
    ([*PLAY, "--opponents", "random,random"], "1 opponents to seat, 2 given"),
    ([*PLAY, "--seed", "-1"], "'-1' is not a seed"),
    ([*PLAY, "--record", f"{MISSING}/game.json"], f"there is no folder '{MISSING}'"),
    ([*PLAY, "--record", "."], "is a folder"),
    (["play", "royal_society", "--num-players", "4", "--opponents", "ppo"], "no pretrained"),
    (["record", "nogame", "--agents", "random"], "invalid choice: 'nogame'"),
    (["record", "mykerinos"], "required: --agents"),
    (["record", "mykerinos", "--agents", "random"], "(one per --agents kind)"),
    (["record", "mykerinos", "--agents", "random,champion"], "unknown agent kind 'champion'"),
    ([*RECORD, "--option", "colour=red"], "unknown Mykerinos option(s) colour"),
    ([*RECORD, "--seed", "-5"], "'-5' is not a seed"),
    ([*RECORD, "--out", f"{MISSING}/game.json"], f"there is no folder '{MISSING}'"),
    (["replay", "game.json", "--html", f"{MISSING}/page.html"], "--html: cannot write"),
    (["replay", "game.json", "--html", "page.html", "--jobs", "0"], "'0' is not a whole number"),
    (["evaluate", "--num-players", "9"], "num_players must be one of 2, 3, 4, not 9"),
    (["evaluate", "--game-option", "colour=red"], "does not take {'colour': 'red'}"),
    (["evaluate", "--model", "nowhere.zip"], "model file nowhere.zip not found"),
    (["evaluate", "--opponents", "champion"], "unknown agent kind 'champion'"),
    (["evaluate", "--from-run", MISSING], "is not a training run"),
    (["evaluate", "--seed", "-1"], "--seed must be an integer 0.."),
    (["evaluate", "--games", "0"], "--games must be positive"),
    (["league", "--agents", "random"], "needs at least 2 agents"),
    (["league", "--agents", "random,champion"], "unknown agent kind 'champion'"),
    (
        ["league", "--game", "royal_society", "--num-players", "4", "--agents", "random,ppo"],
        "no pretrained ppo agent for royal_society (num_players=4)",
    ),
    (["benchmark", "--seconds", "0"], "--seconds and --repeats must be positive"),
    (["benchmark", "--game", "nogame"], "invalid choice: 'nogame'"),
    (["train", "--num-players", "9"], "num_players must be one of 2, 3, 4, not 9"),
    (["train", "--opponents", "champion"], "unknown agent kind 'champion'"),
    (["train", "--timesteps", "0"], "must be positive"),
    (["train", "--seed", "-1"], "--seed must be an integer 0.."),
    (["export"], "--from-run RUN_DIR is required"),
    (["export", "--from-run", MISSING], "is not a training run"),
    (["train-rllib", "--policies", "league"], "invalid choice: 'league'"),
    (["train-rllib", "--num-players", "9"], "not 9"),
    (
        ["train-rllib", "--game", "royal_society", "--num-players", "4", "--eval-opponents", "ppo"],
        "no pretrained ppo agent for royal_society (num_players=4)",
    ),
]


@pytest.fixture(autouse=True)
def no_tracebacks_asked(monkeypatch):
    monkeypatch.delenv(TRACEBACK_VARIABLE, raising=False)


def run_main(argv: list[str], capsys) -> tuple[int, list[str]]:
    """The exit status and the stderr lines of ``digsite ARGV``, run in this process."""
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    status, err = exit_info.value.code, capsys.readouterr().err
    if isinstance(status, str):  # Python prints such a message on stderr, exits with 1
        status, err = FAILED, err + status + "\n"
    return status, err.splitlines()


@pytest.mark.parametrize(
    ("argv", "message"), BAD_ARGUMENTS, ids=[" ".join(argv) for argv, _ in BAD_ARGUMENTS]
)
def test_a_bad_argument_is_one_line_and_status_2(argv, message, capsys):
    status, lines = run_main(argv, capsys)
    assert status == USAGE_ERROR
    assert len(lines) == 1 and message in lines[0], lines
    assert lines[0].startswith("digsite") and ": error: " in lines[0]


def test_a_bad_record_file_is_one_line_and_status_1(tmp_path, capsys):
    garbage = tmp_path / "garbage.json"
    garbage.write_text("not json")
    for path, message in [(tmp_path / "none.json", "none.json"), (garbage, "garbage.json")]:
        status, lines = run_main(["replay", str(path)], capsys)
        assert status == FAILED and len(lines) == 1, lines
        assert lines[0].startswith("digsite replay: error: ") and message in lines[0]


def test_the_command_line_shows_no_traceback():
    """The same, end to end: what a user sees in a terminal."""
    for argv in (["play", "nogame", "--num-players", "2"], ["replay", "nowhere.json"]):
        out = subprocess.run(
            [sys.executable, "-m", "digsite", *argv], capture_output=True, text=True
        )
        assert out.returncode != 0 and len(out.stderr.splitlines()) == 1, out.stderr
        assert "Traceback" not in out.stderr


def test_a_user_error_while_running_is_one_line():
    """Files, options and missing extras: one line naming the problem; bugs keep their
    traceback (an illegal move, an import failing inside digsite, anything else)."""
    user_errors = [
        (ConfigError("Mykerinos option x must be 1"), "option x must be 1"),
        (FileNotFoundError(2, "No such file or directory", "runs/model.zip"), "runs/model.zip"),
        (ValueError("first line\nsecond line"), "first line; second line"),
        (extra_missing("train", ModuleNotFoundError("no torch", name="torch")), "digsite[train]"),
    ]
    for error, message in user_errors:
        with pytest.raises(SystemExit) as exit_info, reported("digsite tool"):
            raise error
        said = exit_info.value.code
        assert said.startswith("digsite tool: error: ") and message in said
        assert "\n" not in said
    bugs = [
        KeyError("x"),
        TypeError("x"),
        IllegalActionError("x"),
        ImportError("cannot import name 'x'", name="digsite.core.data"),
    ]
    for error in bugs:
        with pytest.raises(type(error)), reported("digsite tool"):
            raise error


def test_tracebacks_can_be_asked_for(monkeypatch):
    monkeypatch.setenv(TRACEBACK_VARIABLE, "1")
    with pytest.raises(ConfigError), reported("digsite tool"):
        raise ConfigError("bad")


def test_ctrl_c_is_one_line_and_status_130(monkeypatch, capsys):
    def interrupt(prompt: str) -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr("builtins.input", interrupt)
    status, lines = run_main([*PLAY, "--opponents", "random"], capsys)
    assert status == INTERRUPTED and lines == ["digsite play: interrupted"]


def _sigint_as_at_a_terminal() -> None:
    """In the child: SIGINT neither ignored nor blocked, whatever the test runner's process
    does with it (Python ignores SIGINT for good if it starts with it ignored)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def _wait_until_asleep(pid: int, deadline: float) -> None:
    """Until process ``pid`` sleeps (blocked reading its input, once its prompt is shown).

    A SIGINT that lands between the prompt's write and the read that follows only sets
    Python's flag, and the read then blocks until a line comes: a person's Ctrl-C never falls
    in that microsecond, a test's on a busy machine does.  Without ``/proc``, a short pause."""
    stat = Path(f"/proc/{pid}/stat")
    if not stat.exists():
        time.sleep(ASLEEP_PAUSE)
        return
    while time.monotonic() < deadline:
        if stat.read_text().rpartition(")")[2].split()[0] == "S":
            return
        time.sleep(ASLEEP_POLL)


def test_ctrl_c_at_the_prompt_is_one_line():
    """A real SIGINT to ``digsite play`` waiting for the person's move."""
    path = [str(Path(digsite.__file__).parents[1]), os.environ.get("PYTHONPATH", "")]
    process = subprocess.Popen(
        [sys.executable, "-u", "-m", "digsite", *PLAY, "--opponents", "random"],
        env={**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, path))},  # this digsite
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,  # its own process group, like a job in a terminal
        preexec_fn=_sigint_as_at_a_terminal,
    )
    shown = b""
    deadline = time.monotonic() + PROMPT_SECONDS
    try:
        while b"your move> " not in shown and time.monotonic() < deadline:
            ready, _, _ = select.select([process.stdout], [], [], deadline - time.monotonic())
            piece = os.read(process.stdout.fileno(), 4096) if ready else b""
            if not piece:
                break
            shown += piece
        assert b"your move> " in shown
        _wait_until_asleep(process.pid, deadline)
        os.killpg(process.pid, signal.SIGINT)  # as a terminal's Ctrl-C sends it
        process.wait(timeout=PROMPT_SECONDS)  # (input left open: its end would quit the game)
        err = process.stderr.read()
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert process.returncode == INTERRUPTED
    assert err.decode().splitlines() == ["digsite play: interrupted"]


# -- the envs: calls out of order, the dead step -------------------------------------------


@pytest.fixture(params=BUILTIN, ids=lambda e: e.name)
def aec(request):
    entry = request.param
    return importlib.import_module(entry.module).env(**entry.configs()[0])


def test_the_aec_env_asks_for_reset_first(aec):
    agent = aec.possible_agents[0]
    calls = {
        "step": lambda: aec.step(0),
        "observe": lambda: aec.observe(agent),
        "last": aec.last,
        "state": aec.state,
        "agent_iter": lambda: next(iter(aec.agent_iter())),
    }
    for name, call in calls.items():
        with pytest.raises(ResetNeededError, match=rf"call reset\(\) before {name}\(\)"):
            call()
    assert isinstance(ResetNeededError("x"), AttributeError)  # as PettingZoo's wrapper raises


def test_none_is_an_illegal_action_for_the_agent_to_move(aec):
    aec.reset(seed=1)
    before, mover = aec.game_state.to_dict(), aec.agent_selection
    with pytest.raises(IllegalActionError, match=f"illegal action for {mover}: None"):
        aec.step(None)
    assert aec.game_state.to_dict() == before and aec.agent_selection == mover
    assert not any(aec.terminations.values())


def test_after_the_end_none_is_the_dead_step(aec):
    """Each finished agent is stepped with None and leaves; then step(None) does nothing
    (PettingZoo's warning), any other action is refused; nothing changes on a refusal."""
    aec.reset(seed=2)
    rng = np.random.default_rng(2)
    for agent in aec.agent_iter():
        obs, _, terminated, truncated, _ = aec.last()
        if terminated or truncated:
            with pytest.raises(IllegalActionError, match="only move"):
                aec.step(0)
            assert agent in aec.agents
            aec.step(None)
        else:
            aec.step(random_action(obs["action_mask"], rng))
    assert aec.agents == []
    final = aec.game_state.to_dict()
    aec.step(None)
    with pytest.raises(IllegalActionError, match="game is over"):
        aec.step(0)
    with pytest.raises(ResetNeededError, match="every agent has left"):
        aec.last()
    assert aec.game_state.to_dict() == final and aec.agents == []
    aec.reset(seed=3)
    assert aec.agents == aec.possible_agents


def test_the_gymnasium_envs_ask_for_reset_first():
    envs = [digsite.single_seat_env("mykerinos", num_players=2)]
    envs += [gym.make(env_id).unwrapped for env_id in SOLO_GYM_IDS]
    for env in envs:
        with pytest.raises(ResetNeededError, match=r"call reset\(\) before step\(\)"):
            env.step(0)
        env.reset(seed=0)
        env.step(int(np.flatnonzero(env.action_masks())[0]))


# -- numpy option values -------------------------------------------------------------------


def as_numpy(value):
    """``value`` as the numpy scalar of its kind (a string, an integer, a flag)."""
    if isinstance(value, bool):
        return np.bool_(value)
    if isinstance(value, int):
        return np.int64(value)
    if isinstance(value, str):
        return np.str_(value)
    return value


@pytest.mark.parametrize("entry", BUILTIN, ids=lambda e: e.name)
def test_numpy_option_values_are_read_alike_by_every_game(entry):
    """Every test configuration, every option given as numpy scalars (``np.str_`` strings,
    ``np.int64`` integers, ``np.bool_`` flags), gives the same plain configuration."""
    game_class = entry.load_game_class()
    for config in entry.configs():
        plain = game_class.from_config(**config).config
        numpy_config = {key: as_numpy(value) for key, value in plain.items()}
        rebuilt = game_class.from_config(**numpy_config).config
        assert rebuilt == plain
        assert [type(v) for v in rebuilt.values()] == [type(v) for v in plain.values()]


@pytest.mark.parametrize("entry", BUILTIN, ids=lambda e: e.name)
def test_a_numpy_string_is_a_data_file_path_for_every_game(entry):
    game_class = entry.load_game_class()
    option = next(o for o in game_class.options if o.file is not None)
    shipped = Path(importlib.import_module(game_class.__module__).__file__).parent / "data"
    path = np.str_(shipped / option.file)
    config = {**entry.configs()[0], option.name: path}
    value = game_class.from_config(**config).config[option.name]
    assert value == str(path) and type(value) is str


def test_numpy_option_values_are_read_alike_by_the_envs():
    aec = digsite.mykerinos_v1.env(num_players=np.int64(2), render_mode=np.str_("ansi"))
    assert type(aec.render_mode) is str
    seat = digsite.single_seat_env("mykerinos", num_players=2, illegal_action=np.str_("random"))
    assert type(seat.illegal_action) is str
    for env_id in SOLO_GYM_IDS:
        solo = gym.make(env_id, illegal_action=np.str_("random")).unwrapped
        assert type(solo.illegal_action) is str
    with pytest.raises(ConfigError, match="must be one of 2, 3, 4, not np.True_"):
        digsite.mykerinos_v1.env(num_players=np.bool_(True))
    with pytest.raises(ConfigError, match="must be True or False, not np.int64"):
        digsite.royal_society_v3.env(num_players=2, simplified=np.int64(1))
    assert json.dumps(digsite.archeos_society_v2.env(setup=np.str_("ur")).game.config)
