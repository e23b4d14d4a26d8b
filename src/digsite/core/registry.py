"""The list of digsite environments, and their registration with PettingZoo and Gymnasium.

Each game has one entry; adding a game is adding an entry here and its ``<game>_v0`` module.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field


@dataclass(frozen=True)
class EnvEntry:
    name: str  # e.g. "mykerinos"
    title: str
    game_class: str  # "module:Class" of the rules engine
    modes: tuple[str, ...]
    status: str
    test_configs: tuple[dict, ...] = field(default=())
    """Configurations the conformance suite runs (default: one per player count)."""

    @property
    def module(self) -> str:
        return f"digsite.{self.name}_v0"

    @property
    def env_id(self) -> str:
        return f"digsite/{self.name}-v0"

    def load_game_class(self):
        module, cls = self.game_class.split(":")
        return getattr(importlib.import_module(module), cls)

    @property
    def player_counts(self) -> tuple[int, ...]:
        return self.load_game_class().player_counts

    def configs(self) -> tuple[dict, ...]:
        return self.test_configs or tuple({"num_players": n} for n in self.player_counts)


ENVIRONMENTS: tuple[EnvEntry, ...] = (
    EnvEntry(
        name="mykerinos",
        title="Mykerinos",
        game_class="digsite.games.mykerinos:MykerinosGame",
        modes=(
            "2 players with the neutral colour",
            "3 players",
            "4 players",
            "museum_two_rooms=4 (open-fan Museum)",
        ),
        status="complete (reconstructed card faces)",
        test_configs=(
            {"num_players": 2},
            {"num_players": 3},
            {"num_players": 4},
            {"num_players": 3, "museum_two_rooms": 4},
        ),
    ),
)


def register_all() -> None:
    """Register every env with PettingZoo's registry (when the installed PettingZoo has one)."""
    try:
        from pettingzoo import register
        from pettingzoo.env_registry.registration import aec_registry
    except ImportError:  # an older PettingZoo without the registry
        return
    for entry in ENVIRONMENTS:
        if entry.env_id not in aec_registry:
            register("aec", entry.env_id, entry_point=f"{entry.module}:env")


def entry(name: str) -> EnvEntry:
    for e in ENVIRONMENTS:
        if e.name == name:
            return e
    names = ", ".join(e.name for e in ENVIRONMENTS)
    raise ValueError(f"unknown digsite game {name!r}; available: {names}")


def make_game(name: str, **config):
    """The rules engine of a game, e.g. ``make_game("mykerinos", num_players=2)``."""
    return entry(name).load_game_class().from_config(**config)
