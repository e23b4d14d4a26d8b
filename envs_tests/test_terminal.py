"""``digsite play`` in a real terminal (tmux), a person typing: a whole game of every game."""

from __future__ import annotations

import shlex
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from digsite.games import BUILTIN
from digsite.records import load, replay

TMUX = shutil.which("tmux")
pytestmark = pytest.mark.skipif(TMUX is None, reason="tmux is not installed")
PROMPT = "your move>"
GAME_TIME = 600
"""Seconds a whole game may take at the terminal, on a loaded machine."""
POLL = 0.02


SOCKET = ["-L", "digsite-tests"]
"""A server of the tests' own, started from this process: it runs the commands with this
environment (a user's server would run them with its own)."""


def tmux(*args: str) -> str:
    return subprocess.run([TMUX, *SOCKET, *args], capture_output=True, text=True, check=True).stdout


def typed_game(name: str, config: dict, folder: Path) -> str:
    """Everything the terminal showed while a person answered '1' at every prompt of a whole
    game of ``name`` against random players."""
    session, log, record = f"digsite-{name}", folder / "screen.log", folder / "game.json"
    options = [f"--game-option={k}={v}" for k, v in config.items() if k != "num_players"]
    command = [sys.executable, "-m", "digsite", "play", name, "--opponents", "random"]
    command += ["--num-players", str(config["num_players"]), *options, "--record", str(record)]
    tmux("new-session", "-d", "-s", session, "-x", "160", "-y", "48", shlex.join(command))
    try:
        tmux("pipe-pane", "-t", session, f"cat >> {shlex.quote(str(log))}")
        deadline = time.monotonic() + GAME_TIME
        while not record.exists():
            assert time.monotonic() < deadline, f"{name}: no end in {GAME_TIME} s"
            lines = tmux("capture-pane", "-p", "-t", session).rstrip().splitlines()
            if lines and lines[-1].strip() == PROMPT:  # asked, and nothing typed yet
                tmux("send-keys", "-t", session, "1", "Enter")
            time.sleep(POLL)
        time.sleep(0.5)  # the last lines reach the log
    finally:
        subprocess.run([TMUX, *SOCKET, "kill-session", "-t", session], capture_output=True)
    assert replay(load(record)).is_terminal()
    return log.read_text(encoding="utf-8", errors="replace")


@pytest.mark.parametrize("entry", BUILTIN, ids=lambda e: e.name)
def test_a_whole_game_typed_at_the_terminal(entry, tmp_path):
    config = next(c for c in entry.configs() if c["num_players"] > 1)
    screen = typed_game(entry.name, config, tmp_path)
    assert f"{entry.title}: you are player 0." in screen
    assert "The game is over" in screen
    assert "player 1 (random): " in screen  # an opponent's move, named as the seat saw it
    assert "Traceback" not in screen
