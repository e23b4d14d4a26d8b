"""``digsite train`` shows its progress (a line every few seconds, or SB3's progress bar) and,
stopped by Ctrl-C, keeps the model it reached."""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("sb3_contrib")

from stable_baselines3.common.callbacks import BaseCallback  # noqa: E402

from digsite.commandline import main as run_tool  # noqa: E402
from digsite.commandline import parse_args  # noqa: E402
from digsite.training import progress, train  # noqa: E402

TINY = ["--n-envs", "2", "--n-steps", "128", "--batch-size", "128", "--n-epochs", "1"]
SRC = Path(__file__).resolve().parents[1] / "src"


def test_the_log_shows_steps_rate_return_and_time_left(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(progress, "LOG_SECONDS", 0.0)
    run_tool("train", [*TINY, "--timesteps", "1024", "--progress", "log", "--out", str(tmp_path)])
    lines = [line for line in capsys.readouterr().out.splitlines() if line.startswith("step ")]
    assert len(lines) > 10
    assert lines[0].startswith("step 2 of 1,024 (0%), ") and "no episode ended yet" in lines[0]
    last = lines[-1]
    assert last.startswith("step 1,022 of 1,024 (100%), ")  # none past the total
    assert " steps/s, mean return " in last and "episodes)" in last and last.endswith(" left")


def test_imitation_reports_each_chunk(tmp_path, monkeypatch, capsys):
    options = ["--imitate", "heuristic", "--imitation-steps", "300", "--progress", "log"]
    run_tool("train", [*TINY, "--timesteps", "256", *options, "--out", str(tmp_path)])
    out = capsys.readouterr().out
    assert out.startswith("imitation: ") and " of 300 decisions (" in out and "decisions/s" in out


def test_no_progress_is_quiet(tmp_path, capsys):
    run_tool("train", [*TINY, "--timesteps", "256", "--progress", "none", "--out", str(tmp_path)])
    (line,) = capsys.readouterr().out.splitlines()
    assert line.startswith("trained MaskablePPO on mykerinos (2 players)")


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_auto_is_the_bar_in_a_terminal_with_the_monitoring_extra(monkeypatch):
    monkeypatch.setattr(progress, "missing", lambda *names: [])
    assert progress.mode("auto", Terminal()) == "bar"
    assert progress.mode("auto", io.StringIO()) == "log"  # a file, a pipe: lines
    monkeypatch.setattr(progress, "missing", lambda *names: ["rich"])
    assert progress.mode("auto", Terminal()) == "log"
    assert progress.mode("none", Terminal()) == "none"


def test_a_bar_without_its_packages_says_so_and_logs(monkeypatch):
    monkeypatch.setattr(progress, "missing", lambda *names: ["rich"])
    stream = io.StringIO()
    assert progress.mode("bar", stream) == "log"
    (hint,) = stream.getvalue().splitlines()
    assert "needs rich" in hint and "digsite[monitoring]" in hint


def test_the_bar_trains(tmp_path):
    pytest.importorskip("tqdm")
    pytest.importorskip("rich")
    record = run_tool("train", [*TINY, "--timesteps", "512", "--progress", "--out", str(tmp_path)])
    assert record["options"]["progress"] == "bar" and "--progress bar" in record["command"]


class Interrupt(BaseCallback):
    """Ctrl-C after ``steps`` steps."""

    def __init__(self, steps: int):
        super().__init__()
        self.steps = steps

    def _on_step(self) -> bool:
        if self.num_timesteps >= self.steps:
            raise KeyboardInterrupt
        return True


def test_ctrl_c_saves_the_model_reached(tmp_path, monkeypatch, capsys):
    make_callbacks = train.make_callbacks
    monkeypatch.setattr(
        train, "make_callbacks", lambda args: [*make_callbacks(args), Interrupt(300)]
    )
    with pytest.raises(SystemExit) as stop:
        run_tool("train", [*TINY, "--timesteps", "4096", "--out", str(tmp_path)])
    assert stop.value.code == 130
    out, err = capsys.readouterr()
    assert "of 4,096 (stopped by Ctrl-C) steps in" in out
    assert out.rstrip().endswith(f"saved {tmp_path / 'model.zip'}")
    assert err == "digsite train: interrupted\n"
    record = json.loads((tmp_path / "run.json").read_text())
    assert record["interrupted"] is True and 300 <= record["timesteps_trained"] < 4096
    assert (tmp_path / "model.zip").is_file()


def test_ctrl_c_in_a_terminal_stops_the_workers_and_saves(tmp_path):
    """SIGINT to the whole process group, as a terminal's Ctrl-C sends it: the SubprocVecEnv
    workers ignore it and are closed, the main process saves the model."""
    command = [sys.executable, "-m", "digsite", "train", "--vec", "subproc", *TINY]
    command += ["--timesteps", "1000000", "--out", str(tmp_path)]
    path = [str(SRC), os.environ.get("PYTHONPATH", "")]
    environment = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, path))}
    running = subprocess.Popen(
        command,
        env=environment,
        start_new_session=True,  # its own process group, like a job in a terminal
        # Python ignores SIGINT for good if it starts with SIGINT ignored (a background job)
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        log = tmp_path / "monitor" / "1.monitor.csv"
        deadline = time.monotonic() + 240
        while not (log.is_file() and len(log.read_text().splitlines()) > 4):
            assert running.poll() is None and time.monotonic() < deadline, running.stderr
            time.sleep(0.5)
        os.killpg(running.pid, signal.SIGINT)
        out, err = running.communicate(timeout=120)
    finally:
        if running.poll() is None:
            os.killpg(running.pid, signal.SIGKILL)
    assert running.returncode == 130, err
    assert err.splitlines()[-1] == "digsite train: interrupted" and "Traceback" not in err
    assert "(stopped by Ctrl-C)" in out
    record = json.loads((tmp_path / "run.json").read_text())
    assert record["interrupted"] and record["timesteps_trained"] > 0
    assert (tmp_path / "model.zip").is_file()


def test_ctrl_c_between_two_workers_answers_leaves_them_closable(tmp_path):
    """Ctrl-C after one worker's answer was read and before the next one's: the step ends, then
    the interrupt is raised, so that closing the workers does not wait for ever for an answer
    already read (SB3's ``close`` reads one answer from every worker of an unfinished step)."""
    args = parse_args("train", [*TINY, "--vec", "subproc", "--out", str(tmp_path)])
    env = train.make_vec_env(args)
    closed = threading.Event()
    try:
        env.reset()
        second = env.remotes[1]
        answer = second.recv

        def interrupted_before_answer():
            signal.raise_signal(signal.SIGINT)
            return answer()

        second.recv = interrupted_before_answer
        env.step_async(np.zeros(args.n_envs, dtype=np.int64))
        with pytest.raises(KeyboardInterrupt):
            env.step_wait()
        second.recv = answer
    finally:
        threading.Thread(target=lambda: (env.close(), closed.set()), daemon=True).start()
        assert closed.wait(30), "the workers could not be closed"
