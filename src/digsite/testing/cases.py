"""What the checks run on: one game in one configuration (:class:`Case`)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..core.engine import Game
from ..core.spec import GameSpec
from ..envs.aec import DigsiteAECEnv
from ..envs.factory import make_env_functions
from ..games import spec as spec_named


@dataclass(frozen=True)
class Case:
    """One game (its spec, which need not be registered: a variant of a game checks too) in
    one configuration."""

    spec: GameSpec
    config: Mapping[str, Any] = field(default_factory=dict)

    @property
    def id(self) -> str:
        """``mykerinos-num_players3``: the case's name in test ids and messages."""
        return "-".join([self.spec.name, *(f"{k}{v}" for k, v in self.config.items())])

    def game(self) -> Game:
        return self.spec.load_game_class().from_config(**self.config)

    def env(self, **options: Any) -> DigsiteAECEnv:
        """The PettingZoo AEC env, with the env's own ``options`` (``render_mode``...)."""
        return make_env_functions(self.spec)[0](**self.config, **options)

    def agents(self) -> list[Any]:
        """The game's heuristic, when it has one: what plays besides random in sampled games."""
        return [self.spec.load_heuristic()] if self.spec.heuristic_agent else []


def cases(game: str | GameSpec, configs: Iterable[Mapping[str, Any]] | None = None) -> list[Case]:
    """The cases of ``game`` (a registered game's name or a spec): ``configs``, by default the
    ones its spec lists (``GameSpec.configs()``: one per player count unless it says)."""
    spec = spec_named(game) if isinstance(game, str) else game
    return [Case(spec, dict(c)) for c in (spec.configs() if configs is None else configs)]
