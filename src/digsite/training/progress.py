"""What a training run shows while it runs (``--progress``): SB3's progress bar, or one line
every :data:`LOG_SECONDS` seconds; and the mean return of the recent training episodes that both
show."""

from __future__ import annotations

import sys
import time
from typing import TextIO

import numpy as np

from ..commandline import extra_missing, missing
from .options import LOG_SECONDS

try:
    from stable_baselines3.common.base_class import BaseAlgorithm
    from stable_baselines3.common.callbacks import BaseCallback, ProgressBarCallback
except ImportError as err:
    raise extra_missing("train", err) from err


def mean_recent_return(model: BaseAlgorithm) -> float | None:
    """Mean return of the last (up to 100) training episodes, from the Monitor wrappers."""
    returns = [episode["r"] for episode in model.ep_info_buffer or []]
    return float(np.mean(returns)) if returns else None


def duration(seconds: float) -> str:
    """``42 s``, ``3 min 05 s``, ``1 h 02 min``."""
    seconds = int(round(seconds))
    if seconds < 60:
        return f"{seconds} s"
    if seconds < 3600:
        return f"{seconds // 60} min {seconds % 60:02d} s"
    return f"{seconds // 3600} h {seconds % 3600 // 60:02d} min"


class ProgressLog(BaseCallback):
    """One line every :data:`LOG_SECONDS` seconds: the steps done, their rate, the mean return
    of the recent training episodes and the time left."""

    def __init__(self, total: int):
        super().__init__()
        self.total = total
        self.start = self.last = 0.0

    def _on_training_start(self) -> None:
        self.start = self.last = time.perf_counter()

    def _on_step(self) -> bool:
        now = time.perf_counter()
        # past the total, the run finishes its last rollout: the summary line follows
        if now - self.last >= LOG_SECONDS and self.num_timesteps < self.total:
            self.last = now
            print(self.line(now - self.start), flush=True)
        return True

    def line(self, elapsed: float) -> str:
        steps = self.num_timesteps
        rate = steps / elapsed if elapsed > 0 else 0.0
        recent = mean_recent_return(self.model)
        words = [
            f"step {steps:,} of {self.total:,} ({min(steps / self.total, 1):.0%})",
            f"{rate:,.0f} steps/s",
            "no episode ended yet"
            if recent is None
            else f"mean return {recent:+.3f} (last {len(self.model.ep_info_buffer)} episodes)",
        ]
        if rate > 0:
            words.append(f"{duration((self.total - steps) / rate)} left")
        return ", ".join(words)


class ProgressBar(ProgressBarCallback):
    """SB3's progress bar (tqdm and rich), described by the mean return of the recent training
    episodes after each rollout."""

    def _on_rollout_end(self) -> None:
        recent = mean_recent_return(self.model)
        if recent is not None:
            self.pbar.set_description(f"mean return {recent:+.3f}", refresh=False)

    def close(self) -> None:
        """Close the bar of a run stopped before its end (SB3 closes it only at the end)."""
        if getattr(self, "pbar", None) is not None:
            self.pbar.close()


def mode(requested: str, stream: TextIO | None = None) -> str:
    """The ``--progress`` mode to use: ``auto`` resolved, and ``bar`` without the packages it
    needs falling back to ``log`` with a hint."""
    stream = stream or sys.stderr
    absent = missing("tqdm", "rich")
    if requested == "auto":
        return "bar" if not absent and stream.isatty() else "log"
    if requested == "bar" and absent:
        print(
            f"--progress bar needs {' and '.join(absent)} (the monitoring extra: pip install "
            '"digsite[monitoring]"); showing a line every '
            f"{LOG_SECONDS:.0f} s instead",
            file=stream,
        )
        return "log"
    return requested


def callback(requested: str, total: int) -> BaseCallback | None:
    chosen = mode(requested)
    return ProgressBar() if chosen == "bar" else ProgressLog(total) if chosen == "log" else None
