"""A game's declaration: everything generic code needs to know about a game, said once.

Each game's package holds ``spec.py`` with one :class:`GameSpec`, ``SPEC``; the list of games
(:data:`digsite.games.SPECS`) is the list of those, digsite's own and those other distributions
plug in through the ``digsite.games`` entry point group.  The registry and the PettingZoo and
Gymnasium ids, ``digsite list``, the benchmark, the search agents' defaults, the evaluation of
solo play, the pictures, the docs pages and the conformance suite read the specs, so none of
them names a game.  A spec names the game's code as ``"module:attribute"`` strings, imported on
first use: ``import digsite`` stays light.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any


def load(path: str) -> Any:
    """The object a ``"module:attribute"`` path names."""
    module, _, name = path.partition(":")
    return getattr(importlib.import_module(module), name)


@dataclass(frozen=True)
class SearchSettings:
    """One game's IS-MCTS (``digsite.agents.ismcts.ISMCTSAgent``): the budget, and with
    heuristic rollouts how the game's heuristic guides it (plain search: random rollouts to the
    end, win/loss values, no guide)."""

    iterations: int = 50
    rollout: str = "heuristic"
    exploration: float = 0.7
    epsilon: float = 0.0
    """Share of random moves in the heuristic's rollouts."""
    horizon: int | None = None
    """Rollout decisions before the position is valued (None: play to the end)."""
    margin_scale: float | None = None
    """Points of lead worth tanh(1) (``ismcts.ScoreMargin``); None: win/loss values."""
    bias: float = 0.0
    """Progressive bias of the heuristic's move in the tree."""


@dataclass(frozen=True)
class SoloMeasure:
    """How a solo env's episodes read: what success (a positive return) is called, what its
    score is, whether the score counts only in successful episodes, and the titles best first."""

    success: str
    score: str
    scored_on_success_only: bool
    titles: tuple[str, ...]
    failure: str = "unsolved"
    """The column of the episodes without a title."""


@dataclass(frozen=True)
class SoloSpec:
    """A game's one-player mode as a single-agent task: its Gymnasium id's name
    (``digsite/<name>-v<game version>``), the mode (a :class:`digsite.core.solo.SoloMode`) and
    how its episodes are measured (a function of the env's game giving a :class:`SoloMeasure`)."""

    name: str
    mode: str
    """``"module:Class"`` of the mode."""
    measure: str
    """``"module:function"``: ``measure(game) -> SoloMeasure``."""

    def measure_of(self, game: Any) -> SoloMeasure:
        return load(self.measure)(game)


BENCHMARK_TARGET = 1.5
"""The ratio to PettingZoo's connect four every game promises unless its spec says otherwise."""


@dataclass(frozen=True)
class GameSpec:
    """One game, declared once (see the module docstring)."""

    name: str
    """Registry name, e.g. ``"mykerinos"``: ids, module names and file names derive from it."""
    version: int
    """Bumped when observations, actions or rules change: ``mykerinos_v1``, ``mykerinos-v1``."""
    title: str
    """The game's name in messages and tables."""
    game_class: str
    """``"module:Class"`` of the rules engine (a ``core.engine.Game``)."""
    modes: tuple[str, ...]
    status: str
    """How complete the game is: ``digsite list`` prints it and the README's game table shows
    it word for word (a test keeps them equal)."""
    player_counts: tuple[int, ...]
    """The numbers of players the game takes (its ``num_players`` option and its Gymnasium
    ids are read from here, so that ``import digsite`` registers them without the rules)."""
    gym_name: str = ""
    """The game's name in its Gymnasium ids, in PascalCase (``Mykerinos`` in
    ``digsite/Mykerinos2p-v1``; default: :attr:`name` in PascalCase)."""
    heuristic_agent: str | None = None
    """``"module:Class"`` of the game's rules-based agent, if it has one."""
    drawing: str | None = None
    """The module drawing the game's board (see :mod:`digsite.drawing`); None: its text picture."""
    search: SearchSettings = SearchSettings()
    """The game's default IS-MCTS, as measured in docs/results.md."""
    solo: SoloSpec | None = None
    benchmark_target: float = BENCHMARK_TARGET
    """Minimum ratio to connect four that the game promises (``digsite benchmark``)."""
    test_configs: tuple[dict, ...] = ()
    """Configurations the conformance suite runs (default: one per player count)."""
    fuzz_games: int = 300
    """Random full games the conformance suite plays per configuration (fewer for long games)."""
    view_states: int = 3000
    """States of random and heuristic play on which the conformance suite checks that
    observations and player views are one-to-one."""
    follow_up_states: int = 1000
    """States of random and heuristic play after which every legal move is played in the
    state and in a resampling of it for each player, to check that what follows shows that
    player nothing the rules keep hidden."""
    search_games: int = 6
    """Games of the IS-MCTS check (0 skips it, for games whose random rollouts are too long
    to search within the test budget; such a game checks search on positions of its own)."""

    @property
    def module_name(self) -> str:
        """``mykerinos_v1``: the module users import, and the env's ``metadata["name"]``."""
        return f"{self.name}_v{self.version}"

    @property
    def module(self) -> str:
        """``digsite.mykerinos_v1``: a built-in game's module (a plugin's env has none; it is
        ``digsite.make_env(name)``)."""
        return f"digsite.{self.module_name}"

    @property
    def package(self) -> str:
        """The package holding the game's rules, whose docstring is its documentation page:
        ``digsite.games.mykerinos``, or a plugin's own."""
        return self.game_class.partition(":")[0].rpartition(".")[0]

    @property
    def env_id(self) -> str:
        return f"digsite/{self.name}-v{self.version}"

    def load_game_class(self):
        return load(self.game_class)

    def load_heuristic(self):
        return load(self.heuristic_agent)()

    @property
    def solo_id(self) -> str | None:
        """The Gymnasium id of the one-player mode, if any (``digsite/ArcheOlogicSolo-v2``)."""
        return None if self.solo is None else f"digsite/{self.solo.name}-v{self.version}"

    @property
    def single_seat_counts(self) -> tuple[int, ...]:
        """The player counts with a single-seat Gymnasium id: every one of two or more."""
        return tuple(n for n in self.player_counts if n >= 2)

    def single_seat_id(self, num_players: int) -> str:
        """The Gymnasium id of one seat in a game of ``num_players``:
        ``digsite/<gym_name><n>p-v<version>`` (``digsite/Mykerinos2p-v1``), PascalCase, so
        that it is never taken for the PettingZoo id (``digsite/mykerinos-v1``)."""
        return f"digsite/{self.gym_name}{num_players}p-v{self.version}"

    def __post_init__(self) -> None:
        if not self.gym_name:
            object.__setattr__(self, "gym_name", "".join(map(str.capitalize, self.name.split("_"))))

    def configs(self) -> tuple[dict, ...]:
        return self.test_configs or tuple({"num_players": n} for n in self.player_counts)
