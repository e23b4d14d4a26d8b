"""The list of digsite environments, and their registration with PettingZoo and Gymnasium.

Each game has one entry; adding a game is adding an entry here and its ``<game>_v<version>``
module.  An entry's ``version`` is bumped whenever the env's observations, actions or rules
change (CHANGELOG.md says what changed); the ids, module names and solo Gymnasium ids follow.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field


@dataclass(frozen=True)
class EnvEntry:
    name: str  # e.g. "mykerinos"
    version: int
    """Bumped when observations, actions or rules change: ``mykerinos_v1``, ``mykerinos-v1``."""
    title: str
    game_class: str  # "module:Class" of the rules engine
    modes: tuple[str, ...]
    status: str
    """How complete the game is: ``digsite list`` prints it and the README's game table shows
    it word for word (a test keeps them equal)."""
    heuristic_agent: str | None = None
    """"module:Class" of the game's rules-based agent, if it has one."""
    test_configs: tuple[dict, ...] = field(default=())
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
        return f"digsite.{self.module_name}"

    @property
    def env_id(self) -> str:
        return f"digsite/{self.name}-v{self.version}"

    def load_game_class(self):
        return _load(self.game_class)

    def load_heuristic(self):
        """A new instance of the game's rules-based agent."""
        return _load(self.heuristic_agent)()

    @property
    def player_counts(self) -> tuple[int, ...]:
        return self.load_game_class().player_counts

    def configs(self) -> tuple[dict, ...]:
        return self.test_configs or tuple({"num_players": n} for n in self.player_counts)


def _load(path: str):
    module, name = path.split(":")
    return getattr(importlib.import_module(module), name)


ENVIRONMENTS: tuple[EnvEntry, ...] = (
    EnvEntry(
        name="mykerinos",
        version=1,
        title="Mykerinos",
        game_class="digsite.games.mykerinos:MykerinosGame",
        modes=(
            "2 players with the neutral colour",
            "3 players",
            "4 players",
            "museum_two_rooms=4 (open-fan Museum)",
        ),
        status="complete; card faces reconstructed (the real ones are not public)",
        heuristic_agent="digsite.games.mykerinos.heuristic:MykerinosHeuristic",
        test_configs=(
            {"num_players": 2},
            {"num_players": 3},
            {"num_players": 4},
            {"num_players": 3, "museum_two_rooms": 4},
        ),
    ),
    EnvEntry(
        name="archeologic",
        version=2,
        title="ArcheOlogic",
        game_class="digsite.games.archeologic.rules:ArcheOlogicGame",
        modes=(
            "solo (num_players=1, time as score)",
            "2-4 players racing on the time track",
            "guess_variant='rulebook' (wrong guess eliminates) or 'app' (per-building feedback)",
            "num_clues=3..5 (solo: the rulebook's 3, or 4-5 with solo_more_clues=True)",
            "extra_clues=[0-2 per seat] (the rulebook's extra clues for new players)",
            "expert=True (digsite's own expert clues: trap counts on axes)",
            "learning aids: belief_features=True (the exact belief in the observation), "
            "consistent_guesses=True (guesses masked to the layouts still possible)",
        ),
        heuristic_agent="digsite.games.archeologic.heuristic:DeductionAgent",
        status="complete; generated quests, fan-app tiles; solo titles; exact deduction agent",
        test_configs=(
            {"num_players": 1},
            {"num_players": 1, "guess_variant": "app"},
            {"num_players": 2},
            {"num_players": 3, "guess_variant": "app"},
            {"num_players": 4},
            {"num_players": 2, "expert": True},
            {"num_players": 3, "extra_clues": [0, 1, 2]},
            {
                "num_players": 2,
                "guess_variant": "app",
                "belief_features": True,
                "consistent_guesses": True,
            },
        ),
    ),
    EnvEntry(
        name="medieval_realms",
        version=1,
        title="Medieval Realms",
        game_class="digsite.games.medieval_realms:MedievalRealmsGame",
        modes=("2 players (buffer Mayors)", "3 players", "4 players", "5 players (lands 9-10)"),
        status=(
            "complete; deck, land rewards and starting capital reconstructed (no public card list)"
        ),
        heuristic_agent="digsite.games.medieval_realms.heuristic:MedievalRealmsHeuristic",
        test_configs=(
            {"num_players": 2},
            {"num_players": 3},
            {"num_players": 4},
            {"num_players": 5},
        ),
        fuzz_games=30,
    ),
    EnvEntry(
        name="archeos_society",
        version=2,
        title="Archeos Society",
        game_class="digsite.games.archeos_society:ArcheosSocietyGame",
        modes=(
            "2-6 players (2 seasons at 2-3, 3 at 4-6)",
            "setup='chichen_itza' (first game, default), 'rapa_nui', 'ta_sekhet_maat', "
            "'tantallon_castle', 'uluru', 'ur' (scenarios)",
            "setup='random' (6 random roles, one random advanced site)",
            "setup='draft' (custom set-up: role draft and site sides chosen by the players)",
        ),
        status="complete; site tracks, tables and scenario roles reconstructed",
        heuristic_agent="digsite.games.archeos_society.heuristic:ArcheosSocietyHeuristic",
        test_configs=(
            {"num_players": 2, "setup": "chichen_itza"},
            {"num_players": 3, "setup": "rapa_nui"},
            {"num_players": 4, "setup": "ta_sekhet_maat"},
            {"num_players": 5, "setup": "tantallon_castle"},
            {"num_players": 6, "setup": "uluru"},
            {"num_players": 4, "setup": "ur"},
            {"num_players": 3, "setup": "random"},
            {"num_players": 4, "setup": "draft"},
        ),
        fuzz_games=12,
        search_games=0,  # random rollouts of ~600-900 decisions: searched in its own tests
    ),
    EnvEntry(
        name="royal_society",
        version=3,
        title="The Royal Society of Archeology",
        game_class="digsite.games.royal_society:RoyalSocietyGame",
        modes=(
            "solo against the Automa (num_players=1)",
            "2 players mode='confrontation' (neutral blocking discs)",
            "2 players mode='competitive' (the Automa as a third society)",
            "3 players",
            "4 players",
            "simplified=True (first-game set-up)",
        ),
        status=(
            "complete in every mode; set-up choices are decisions; optional actions at any point "
            "of one's turn where they matter; most cards reconstructed (replaceable through data "
            "options)"
        ),
        heuristic_agent="digsite.games.royal_society.heuristic:RoyalSocietyHeuristic",
        test_configs=(
            {"num_players": 1},
            {"num_players": 2, "mode": "confrontation"},
            {"num_players": 2, "mode": "competitive"},
            {"num_players": 3},
            {"num_players": 4},
            {"num_players": 3, "simplified": True},
        ),
        fuzz_games=12,
        search_games=2,  # solo games of ~300 decisions: a legality check more than a contest
    ),
)

SOLO_ENVS = (
    ("ArcheOlogicSolo", "archeologic", "digsite.envs.archeologic_solo:ArcheOlogicSoloEnv"),
    ("RoyalSocietySolo", "royal_society", "digsite.envs.royal_society_solo:RoyalSocietySoloEnv"),
)
"""Gymnasium single-agent envs: (id name, the game they play, entry point)."""


def register_all() -> None:
    """Register every env with PettingZoo's registry (when the installed PettingZoo has one)
    and the solo Gymnasium envs with Gymnasium's."""
    import gymnasium

    for env_id, entry_point in SOLO_GYM_IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(env_id, entry_point=_solo_creator(entry_point))
    try:
        from pettingzoo import register
        from pettingzoo.env_registry.registration import aec_registry
    except ImportError:  # an older PettingZoo without the registry
        return
    for entry in ENVIRONMENTS:
        if entry.env_id not in aec_registry:
            register("aec", entry.env_id, entry_point=f"{entry.module}:env")


def solo_gym_ids() -> dict[str, str]:
    """Gymnasium id -> entry point of each solo env; its version is its game's."""
    return {f"digsite/{solo}-v{entry(game).version}": point for solo, game, point in SOLO_ENVS}


def _solo_creator(entry_point: str):
    """The Gymnasium creator of a solo env; the env class is imported only when an env is made,
    so ``import digsite`` stays light (its declared options name what is wrong)."""
    from .solo import SoloEnv

    def create(**options):
        return _load(entry_point)(**options)

    create.metadata = SoloEnv.metadata
    return create


def entry(name: str) -> EnvEntry:
    for e in ENVIRONMENTS:
        if e.name == name:
            return e
    names = ", ".join(e.name for e in ENVIRONMENTS)
    raise ValueError(f"unknown digsite game {name!r}; available: {names}")


def make_game(name: str, **config):
    """The rules engine of a game, e.g. ``make_game("mykerinos", num_players=2)``."""
    return entry(name).load_game_class().from_config(**config)


SOLO_GYM_IDS = solo_gym_ids()
"""Gymnasium single-agent envs registered on ``import digsite``."""
