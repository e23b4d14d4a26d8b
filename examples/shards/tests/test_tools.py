"""Once installed, Shards works with every digsite tool, with no change to digsite: listed,
played at the terminal, recorded and replayed as a page, benchmarked, trained on and
evaluated, rated in a league, and loaded by OpenSpiel."""

from __future__ import annotations

import json
import subprocess
import sys

import numpy as np
import pytest

GAME = "shards"


def digsite(*args: str, stdin: str = "") -> str:
    """The output of the ``digsite`` command (as ``python -m digsite``)."""
    done = subprocess.run(
        [sys.executable, "-m", "digsite", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def test_listed_with_its_ids():
    out = digsite("list")
    assert "digsite/shards-v1  (Shards; 2, 3, 4 players;" in out
    assert "digsite.make_env('shards', num_players=2)" in out
    assert "gymnasium.make('digsite/Shards2p-v1')" in out


def test_played_at_the_terminal():
    out = digsite("play", GAME, "--num-players", "2", "--opponents", "mcts", stdin="1\n" * 60)
    assert "Shards, 2 players: what player 0 knows" in out
    assert "The game is over" in out


def test_recorded_and_replayed_as_a_page(tmp_path):
    record, page = tmp_path / "game.json", tmp_path / "game.html"
    digsite("record", GAME, "--agents", "heuristic,random,mcts", "--out", str(record))
    out = digsite("replay", str(record), "--html", str(page))
    assert "digsite/shards-v1" in out and "reproduce" in out
    assert json.loads(record.read_text())["game"] == GAME
    assert "<title>Shards" in page.read_text() and "data:image/" in page.read_text()


def test_benchmarked():
    rows = json.loads(
        digsite("benchmark", "--game", GAME, "--seconds", "0.2", "--repeats", "1", "--json")
    )
    assert [r["env"].split()[0] for r in rows["results"][1:]] == ["digsite/shards-v1"] * 3


def test_trained_on_and_evaluated(tmp_path):
    pytest.importorskip("sb3_contrib", reason="the train extra is not installed")
    run = tmp_path / "run"
    digsite("train", "--game", GAME, "--num-players", "2", "--timesteps", "512", "--out", str(run))
    out = digsite("evaluate", "--from-run", str(run), "--games", "4", "--opponents", "heuristic")
    assert "MaskablePPO" in out and (run / "model.zip").is_file()


def test_rated_in_a_league(tmp_path):
    pytest.importorskip("openskill", reason="the evaluation extra is not installed")
    out = digsite(
        "league",
        "--game",
        GAME,
        "--num-players",
        "2",
        "--agents",
        "random,heuristic,mcts",
        "--mcts-iterations",
        "4",
        "--games",
        "2",
        "--out",
        str(tmp_path),
    )
    assert "heuristic" in out and "mcts" in out


def test_loaded_by_openspiel():
    pyspiel = pytest.importorskip("pyspiel")
    import digsite.openspiel  # noqa: F401  (registers every game, plugins too)

    game = pyspiel.load_game("python_digsite_shards", {"players": 3})
    state = game.new_initial_state()
    rng = np.random.default_rng(0)
    while not state.is_terminal():
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert len(state.returns()) == 3
