"""What a set of games says about an agent: wins, shared wins and losses with the win rate's
95% interval (Wilson, from scipy), mean score; for solo envs the success rate, the score and the
titles.

Solo scores: where the game's score is only defined by success (ArcheOlogic's time: an
unsolved quest stops at the time limit, so averaging its time would rank a player who never
solves above one who solves slowly), the score columns are over the successful episodes only,
next to the success rate; elsewhere (the Royal Society's points) over every episode.
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..agents.arena import Episode, Outcome
from ..commandline import extra_missing
from ..core.spec import SoloMeasure

try:
    from scipy.stats import binomtest
except ImportError as err:
    raise extra_missing("evaluation", err) from err

CONFIDENCE = 0.95


def wilson_interval(successes: int, trials: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a rate (sound for small samples and for 0% / 100%)."""
    if not trials:
        return (0.0, 1.0)
    interval = binomtest(successes, trials).proportion_ci(CONFIDENCE, method="wilson")
    return (float(interval.low), float(interval.high))


def interval_text(interval: tuple[float, float]) -> str:
    return f"{interval[0]:.2f}-{interval[1]:.2f}"


@dataclass
class Tally:
    """One agent's games: its return (+1 win, 0 win shared by all, -1 loss) and score in each."""

    agent: str
    returns: list[float] = field(default_factory=list)
    scores: list[float] = field(default_factory=list)

    @property
    def games(self) -> int:
        return len(self.returns)

    @property
    def wins(self) -> int:
        return sum(r > 0 for r in self.returns)

    @property
    def shared_wins(self) -> int:
        return sum(r == 0 for r in self.returns)

    @property
    def losses(self) -> int:
        return sum(r < 0 for r in self.returns)

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.games)

    @property
    def mean_score(self) -> float:
        return statistics.fmean(self.scores) if self.scores else 0.0

    def row(self) -> dict[str, Any]:
        return {
            "agent": self.agent,
            "games": self.games,
            "wins": self.wins,
            "shared": self.shared_wins,
            "losses": self.losses,
            "win rate": f"{self.win_rate:.3f}",
            "95% interval": interval_text(self.interval),
            "mean score": f"{self.mean_score:.2f}",
        }

    def as_dict(self) -> dict[str, Any]:
        return {
            "agent": self.agent,
            "games": self.games,
            "wins": self.wins,
            "shared_wins": self.shared_wins,
            "losses": self.losses,
            "win_rate": self.win_rate,
            "win_rate_95ci": list(self.interval),
            "mean_score": self.mean_score,
            "returns": self.returns,
            "scores": self.scores,
        }


def tallies(names: list[str], outcomes: list[Outcome]) -> list[Tally]:
    """Each agent's games (``names[k]`` is agent ``k`` of the outcomes' seating)."""
    tallied = [Tally(name) for name in names]
    for outcome in outcomes:
        for agent in outcome.seating:
            tallied[agent].returns.append(float(outcome.return_of(agent)))
            tallied[agent].scores.append(float(outcome.score_of(agent)))
    return tallied


@dataclass
class SoloTally:
    """One agent's episodes of a solo env."""

    agent: str
    measure: SoloMeasure
    episodes: list[Episode] = field(default_factory=list)

    @property
    def games(self) -> int:
        return len(self.episodes)

    @property
    def successes(self) -> int:
        return sum(e.solved for e in self.episodes)

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.successes, self.games)

    @property
    def scored(self) -> list[float]:
        """The scores that count (see the module docstring)."""
        only = self.measure.scored_on_success_only
        return [e.score for e in self.episodes if e.solved or not only]

    @property
    def unscored(self) -> int:
        return self.games - len(self.scored)

    def title_counts(self) -> dict[str, int]:
        """Episodes per title, best first, then those without a title (if any agent has
        such episodes, the column is there for every agent)."""
        counts = Counter(e.title for e in self.episodes)
        return {title: counts[title] for title in self.measure.titles} | {
            self.measure.failure: counts[None]
        }

    def row(self) -> dict[str, Any]:
        m, scores = self.measure, self.scored
        label = f"{m.score} ({m.success})" if m.scored_on_success_only else m.score
        returns = [e.total_reward for e in self.episodes]
        return {
            "agent": self.agent,
            "episodes": self.games,
            m.success: self.successes,
            f"{m.success} rate": f"{self.successes / max(self.games, 1):.3f}",
            "95% interval": interval_text(self.interval),
            "mean return": f"{statistics.fmean(returns):.2f}" if returns else "",
            f"{label}: mean": f"{statistics.fmean(scores):.2f}" if scores else "",
            "median": f"{statistics.median(scores):g}" if scores else "",
            "range": f"{min(scores):g}-{max(scores):g}" if scores else "",
            **self.title_counts(),
        }

    def as_dict(self) -> dict[str, Any]:
        return {
            "agent": self.agent,
            "episodes": self.games,
            "successes": self.successes,
            "success": self.measure.success,
            "success_rate_95ci": list(self.interval),
            "mean_score": statistics.fmean(self.scored) if self.scored else None,
            "returns": [e.total_reward for e in self.episodes],
            "scores": [e.score for e in self.episodes],
            "solved": [e.solved for e in self.episodes],
            "titles": self.title_counts(),
        }


def summary(tally: Tally | SoloTally) -> dict[str, Any]:
    """A tally's ``as_dict`` without its lists of one entry per game or episode."""
    return {k: v for k, v in tally.as_dict().items() if k not in ("returns", "scores", "solved")}


def rows(tallies: Sequence[Tally | SoloTally]) -> list[dict[str, Any]]:
    """One table row per agent; a column every agent has zeros in (a title nobody earned, or
    "unsolved" when everyone solved) is dropped."""
    table = [t.row() for t in tallies]
    counts = {k for t in tallies if isinstance(t, SoloTally) for k in t.title_counts()}
    empty = {k for k in counts if all(row[k] == 0 for row in table)}
    return [{k: v for k, v in row.items() if k not in empty} for row in table]
