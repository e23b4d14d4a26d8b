"""Royal Society of Archeology rules engine (see the package docstring for rules and decisions).

The state is a :class:`~digsite.core.tasks.TaskQueueState` (decisions ``C_*``, automatic tasks
``A_*``) whose year flow itself (upkeep, turns, Royal Requirements, final scoring) is a chain of
its tasks.  This module holds the game and the state's protocol (scores, winners, chance, the
information methods); the rules are mixins by area, a module each: ``setup``, ``economy``,
``locations``, ``optional``, ``year`` and ``automa``."""

from __future__ import annotations

from typing import Any

import numpy as np

from ...core.chance import NO_DRAWS, Chance
from ...core.engine import ConfigError
from ...core.fields import attributes
from ...core.options import choice, data, flag
from ...core.tasks import TaskQueueState
from ...core.turn_based import TurnBasedGame, slots
from . import actions, components, hidden, invariants, observation, saved, spec, tasks, text, view
from .economy import EconomyRules
from .locations import LocationRules
from .optional import OptionalRules
from .scoring import symbol_cards
from .setup import SetupRules
from .year import YearRules

MODES = ("standard", "confrontation", "competitive", "solo")
DATA_OPTIONS = ("expeditions", "patrons", "collections", "studies", "automa", "society_boards")
OPTIONS = (
    choice("num_players", 3, spec.SPEC.player_counts),
    choice("mode", None, (None, *MODES), doc="None: solo, confrontation or standard by count"),
    flag("simplified", False, doc="the rulebook's simplified set-up"),
    *(data(name) for name in DATA_OPTIONS),
)


class RoyalSocietyState(
    SetupRules,
    EconomyRules,
    LocationRules,
    OptionalRules,
    YearRules,
    Chance,
    TaskQueueState,
    files=(actions, saved, view, observation, text, invariants),
):
    """One position: plain ints, tuples and lists, declared in ``saved.FIELDS`` (the whole of
    it, but for the cached legal mask and the players' observation bytes)."""

    __slots__ = slots(saved.FIELDS, "task", "_mixed", "_encoding")  # (4% of a step)

    AUTOMATIC = actions.AUTO_TASKS
    # a location's one action, one relic kind
    FORCED = frozenset((actions.C_LOC_ACTION, actions.C_KEEP_RELIC))
    PUT = frozenset(observation.FIELDS)  # the fields the kept observation reads

    def __init__(self, game: RoyalSocietyGame):
        self.task = None  # (a slot hides the class's default, as for _mixed)
        self._mixed = NO_DRAWS
        super().__init__(game)
        self._encoding: observation.Encoding | None = None
        """The players' observation bytes kept between calls (``observation.Encoding``)."""

    # -- set-up ------------------------------------------------------------------------------

    @classmethod
    def new_game(cls, game: RoyalSocietyGame, rng: np.random.Generator) -> RoyalSocietyState:
        state = cls(game)
        state._reseed(rng)
        state._deal()
        state._run()
        return state

    # -- protocol ----------------------------------------------------------------------------
    def scores(self) -> list[float]:
        """The lower of Prestige and 5 x Science (after the game, ``final``: the same values)."""
        return [float(min(pr, 5 * sc)) for pr, sc in zip(self.prestige, self.science, strict=True)]

    def winners(self) -> list[int]:
        """The best score; a tie to the higher of Prestige and 5 x Science, then Reputation."""
        tracks = zip(self.prestige, self.science, self.rep, strict=True)
        keys = [(min(pr, 5 * sc), max(pr, 5 * sc), rep) for pr, sc, rep in tracks]
        best = max(keys)
        return [p for p, k in enumerate(keys) if k == best]

    def title(self) -> str:
        return components.solo_title(int(self.scores()[0]), self.game.rb.titles)

    def final_returns(self) -> list[float]:
        """Solo: +1 for any title above Novice, else -1; else +1 each winner, -1 the others."""
        if self.game.num_players == 1:
            return [1.0 if self.scores()[0] >= self.game.rb.titles[1][0] else -1.0]
        return super().final_returns()

    def derive(self) -> None:
        """After loading: the queue's saved rows become tasks."""
        self._load_queue(tasks.Task)

    def _fresh_caches(self) -> None:
        self._encoding = None  # each player's bytes are written again for the copy

    def __getstate__(self) -> tuple[None, dict]:
        """Pickled without the kept observation (its log holds functions): the unpickled state
        writes each player's bytes again, as a copy does.  (No ``__dict__``, then the slots, as
        ``pickle`` restores them.)"""
        return None, {**attributes(self), "_encoding": None}

    _resample_hidden = hidden.resample  # (``hidden``: what the player cannot tell apart, redrawn)


class RoyalSocietyGame(TurnBasedGame, files=(spec, actions, text)):
    options = OPTIONS
    revelations = {
        **dict.fromkeys(
            ("relic_bags", "drawn_relics", "relic_discards"),
            "Draw 2 relics at random from the bag of the explored region and keep 1. Discard "
            "the other relic beside its bag.",
        ),
        "automa": "Reveal the top card of the Automa deck and perform the action indicated on "
        "the line corresponding to the current year.",
        "pending": "Keep 1 Society card from the 2 received. Gain the starting benefits "
        "indicated at the bottom of the card.",
    }
    max_game_length = 6000
    state_class = RoyalSocietyState

    def configure(self, config: dict[str, Any]) -> None:
        num_players, simplified = self.num_players, config["simplified"]
        allowed = {1: ("solo",), 2: ("confrontation", "competitive")}.get(
            num_players, ("standard",)
        )
        self.mode = config["mode"] = config["mode"] or allowed[0]  # (None: the count's first)
        if self.mode not in allowed:
            raise ConfigError(
                f"with {num_players} player(s) mode is one of {allowed} (None: {allowed[0]!r}); "
                f"2 players play 'confrontation' (neutral blocking discs) or 'competitive' "
                f"(the Automa as a third society)"
            )
        self.simplified = simplified
        self.automa = self.mode in ("solo", "competitive")
        self.neutral = self.mode == "confrontation"
        self.board_players = num_players + self.automa  # the Automa's society is one more
        self.years = 4 if num_players == 4 else 5
        self.requirement_years = (2, 4) if num_players == 4 else (3, 5)
        self.expeditions = components.load_expeditions(config["expeditions"])
        self.patrons = components.load_patrons(config["patrons"])
        self.collections = components.load_collections(config["collections"])
        self.studies = components.load_studies(config["studies"])
        self.automa_cards = components.load_automa(config["automa"])
        self.boards = components.load_boards(config["society_boards"])
        self.rb = components.load_rulebook_data()
        self.tile_stack = tuple(
            components.BLOOMSBURY_STACKS.index(t["stack"]) for t in self.rb.bloomsbury
        )
        """Per Bloomsbury tile, its stack: 0 for the 10 Prestige one, 1 for the 25."""
        self.abilities = tuple(actions.Ability[s["ability"].upper()] for s in self.rb.societies)
        self.bloomsbury_stacks = tuple(
            tuple(t["id"] for t in self.rb.bloomsbury if t["stack"] == value)
            for value in components.BLOOMSBURY_STACKS
        )
        self.symbol_cards = symbol_cards(self)
        """Per symbol of the Study cards, the Expedition cards that can take it (a bit mask)."""
        self.simplified_cards = [c.id for c in self.expeditions if c.simplified]
        if simplified and len(self.simplified_cards) < 2 * num_players:
            raise ConfigError(
                f"the simplified set-up deals 2 marked Expedition cards per player: the deck has "
                f"{len(self.simplified_cards)} marked cards, {2 * num_players} are needed"
            )
        self.patron_kinds = [components.relic_kinds(x.region, x.type) for x in self.patrons]
        self.patron_relics = tuple(components.relic_slice(x.region, x.type) for x in self.patrons)
        """Per patron, the relic kinds it accepts as a slice (``relic_slice``)."""
        self.collection_faces = [f for tile in self.collections for f in tile]
        self.face_kinds = [
            [components.relic_kinds(*space) for space in f.spaces] for f in self.collection_faces
        ]
        self.layout = observation.LAYOUT
