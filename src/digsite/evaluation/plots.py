"""Pictures of results (matplotlib, drawn off-screen): win rates with their whole 95% intervals,
the par line and each bar's value; solo score distributions in which the episodes without a
score (ArcheOlogic's unsolved quests) have a bar of their own, so an agent that never succeeds
still shows."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np

from ..commandline import extra_missing
from .stats import SoloTally, Tally

try:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
except ImportError as err:
    raise extra_missing("evaluation", err) from err

SIZE, DPI = (7, 4), 100
HEADROOM = 1.12
"""The win-rate axis goes a little past 1, so that an interval reaching 1 and its label show."""
LABEL_GAP = 0.01
"""A bar's value is written this far above its interval."""
MAX_SCORE_BARS = 60
"""Whole-number scores get one bar each up to this many values, else 20 bins."""


def win_rates(path: Path, title: str, tallies: Sequence[Tally], par: float) -> Path:
    """One bar per agent: its win rate, the 95% interval as an error bar, the value above it,
    and a dashed line at par (what a random player in that seat would win on average)."""
    figure, axes = plt.subplots(figsize=SIZE)
    rates = np.array([t.win_rate for t in tallies])
    low, high = np.array([t.interval for t in tallies]).T
    error = [np.clip(rates - low, 0, None), np.clip(high - rates, 0, None)]
    axes.bar([t.agent for t in tallies], rates, yerr=error, capsize=4, color="C0")
    for x, (rate, top) in enumerate(zip(rates, high, strict=True)):
        axes.text(x, top + LABEL_GAP, f"{rate:.3f}", ha="center", va="bottom", fontsize=8)
    axes.axhline(par, color="C3", linestyle="--", linewidth=1, label=f"par (1/players = {par:.2f})")
    axes.set(ylabel="win rate (95% interval)", ylim=(0, HEADROOM))
    axes.legend(loc="upper right", fontsize=8)
    return _save(figure, title, path)


def solo_scores(path: Path, title: str, tallies: Sequence[SoloTally]) -> Path:
    """Each agent's episodes by score, side by side, plus one bar for the episodes without a
    score (unsolved), so that no episode is left out of the picture."""
    measure = tallies[0].measure
    figure, axes = plt.subplots(figsize=SIZE)
    values = [v for t in tallies for v in t.scored]
    whole = all(float(v).is_integer() for v in values)
    if values and whole and max(values) - min(values) < MAX_SCORE_BARS:
        edges = np.arange(min(values) - 0.5, max(values) + 1.5)
    else:
        edges = np.histogram_bin_edges(values or [0.0], bins=20)
    centres = (edges[:-1] + edges[1:]) / 2
    step = edges[1] - edges[0]
    width = step * 0.8 / len(tallies)
    unscored_at = edges[-1] + step
    for i, tally in enumerate(tallies):
        counts, _ = np.histogram(tally.scored, bins=edges)
        offset = (i - (len(tallies) - 1) / 2) * width
        axes.bar(centres + offset, counts, width=width, color=f"C{i}", label=tally.agent)
        if measure.scored_on_success_only:
            axes.bar(unscored_at + offset, tally.unscored, width=width, color=f"C{i}")
    if measure.scored_on_success_only:
        axes.axvline(edges[-1] + step / 2, color="grey", linewidth=0.5)
        ticks = [t for t in axes.get_xticks() if edges[0] <= t <= edges[-1]] + [unscored_at]
        labels = [*(f"{t:g}" for t in ticks[:-1]), measure.failure]
        axes.set_xticks(ticks, labels)
        axes.set_xlim(edges[0] - step, unscored_at + step)
    scored = f" ({measure.success})" if measure.scored_on_success_only else ""
    axes.set(xlabel=f"{measure.score}{scored}", ylabel="episodes")
    axes.legend(fontsize=8)
    return _save(figure, title, path)


def _save(figure, title: str, path: Path) -> Path:
    figure.axes[0].set_title(title, fontsize=9)
    figure.tight_layout()
    figure.savefig(path, dpi=DPI)
    plt.close(figure)
    return path
