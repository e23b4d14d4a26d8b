"""Royal Society of Archeology rules engine (see the package docstring for rules and decisions).

A position keeps a queue of tasks.  Tasks that need a player's choice (``C_*`` kinds) stop the
queue and make that player the decider; the others (``A_*``) run at once.  The year flow itself
(upkeep, turns, Royal Requirements, final scoring) is a chain of such tasks, so every rule that
creates a choice just puts a task in front of the queue.  Handlers pop their own task before
pushing the tasks that follow, so new tasks run first.

The state keeps the protocol and the queue runner; the rules are mixins by area: ``setup``,
``economy`` (gains, Knowledge, Reputation, relic bags), ``locations`` (and expeditions),
``optional`` (actions), ``flow`` (a turn), ``year`` and ``automa``.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

import numpy as np

from ...core.engine import ConfigError, Game
from ...core.options import check_options, choice, data, flag
from ...core.turn_based import TurnBasedState
from .actions import (
    AUTO0,
    AUTO_TASKS,
    BLOOM_CLAIM0,
    C_LOC_ACTION,
    C_MAIN,
    CLAIM0,
    DECISIONS,
    DONE,
    GAIN_REP,
    GALLERY_START,
    GAME_OVER,
    LOGISTICS,
    MID_TURN,
    NUM_ACTIONS,
    NUM_LOCATIONS,
    NUM_SPACES,
    PATRON0,
    PLACE0,
    REGION_SKILL,
    SPACE_COLLECTION,
    SUPPORT_CAP_5,
    Ability,
)
from .components import (
    BLOOMSBURY_STACKS,
    CITY,
    MUSEUM,
    NUM_EXPEDITIONS,
    NUM_RELIC_KINDS,
    OBJECTIVE_GROUPS,
    PORT,
    UNIVERSITY,
    load_automa,
    load_boards,
    load_collections,
    load_expeditions,
    load_patrons,
    load_rulebook_data,
    load_studies,
    solo_title,
)
from .economy import EconomyRules
from .flow import FlowRules
from .hidden import resample
from .locations import LocationRules
from .observation import LAYOUT, Encoding, observe
from .optional import OptionalRules
from .saved import FIELDS, check_invariants, restore
from .scoring import OBJECTIVE_TESTS, symbol_cards
from .setup import COLLECTIONS_BY_SIZE, SetupRules
from .spec import SPEC
from .tasks import Task
from .text import action_seen_by, action_to_string, render_spectator, render_view
from .view import build_view
from .year import YearRules

MODES = ("standard", "confrontation", "competitive", "solo")
DATA_OPTIONS = ("expeditions", "patrons", "collections", "studies", "automa", "society_boards")
PLAYER_COUNTS = (1, 2, 3, 4)
OPTIONS = (
    choice("num_players", 3, PLAYER_COUNTS),
    choice("mode", None, (None, *MODES), doc="None: solo, confrontation or standard by count"),
    flag("simplified", False, doc="the rulebook's simplified set-up"),
    *(data(name) for name in DATA_OPTIONS),
)
SECTIONS = range(1, 7)
SPAN = tuple(
    tuple(sum(1 << s for s in range(low, high + 1)) for high in range(7)) for low in range(7)
)
"""``SPAN[low][high]``: the sections ``low`` to ``high`` as bits ``1 << section`` (0 if none)."""
PLACE_ACTIONS = tuple(
    tuple(
        tuple(
            PLACE0 + loc * len(SECTIONS) + section - 1
            for section in SECTIONS
            if bits >> section & 1
        )
        for bits in range(1 << (SECTIONS[-1] + 1))
    )
    for loc in range(NUM_LOCATIONS)
)
"""``PLACE_ACTIONS[loc][sections]``: the actions placing at ``loc``'s sections given as bits."""
HAND_COSTS = (0,) * NUM_EXPEDITIONS
"""The Reputation a card in hand costs to organize (none), per card."""
MUSEUM_EXHIBIT_SECTIONS = 1 << 2 | 1 << 4 | 1 << 6
"""Where a supported explorer may Exhibit at the Museum."""


MASK_CACHE_SIZE = 4096
"""Masks kept by ``_mask_of``: the same few legal sets recur all game long."""
_masks: dict[tuple[int, ...], np.ndarray] = {}


def _mask_of(legal: list[int]) -> np.ndarray:
    """The int8 mask of ``legal``, shared by every position with the same legal actions (so
    read-only; a bytearray viewed by numpy: cheaper than fancy indexing)."""
    key = tuple(legal)
    mask = _masks.get(key)
    if mask is None:
        if len(_masks) >= MASK_CACHE_SIZE:
            _masks.clear()
        flags = bytearray(NUM_ACTIONS)
        for a in legal:
            flags[a] = 1
        mask = _masks[key] = np.frombuffer(bytes(flags), np.int8)
    return mask


DRAW_STEP = 0xD1B54A32D192ED03
"""Draw number ``d`` of a game mixes ``seed ^ (d * DRAW_STEP mod 2**64)``."""
GAMMA, MIX1, MIX2 = 0x9E3779B97F4A7C15, 0xBF58476D1CE4E5B9, 0x94D049BB133111EB
U64 = np.uint64


def _mix_draws(seed: int, first: int, count: int) -> tuple[int, ...]:
    """splitmix64, the engine's own chance seeded from the Generator given at set-up, of
    ``seed ^ (d * DRAW_STEP mod 2**64)`` for draws ``d`` from ``first`` to ``first + count - 1``,
    all at once in uint64 arithmetic (which wraps modulo 2**64)."""
    x = np.arange(first, first + count, dtype=U64)
    x *= U64(DRAW_STEP)
    x ^= U64(seed)
    x += U64(GAMMA)
    x ^= x >> U64(30)
    x *= U64(MIX1)
    x ^= x >> U64(27)
    x *= U64(MIX2)
    x ^= x >> U64(31)
    return tuple(x.tolist())


DRAW_CHUNK = 256
"""Draws mixed at once (``_mix_draws``): a set-up makes about 150, a game a few hundred."""
NO_DRAWS = (0, -1, ())


class RoyalSocietyGame(Game):
    name = SPEC.name
    player_counts = PLAYER_COUNTS
    title = SPEC.title
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
    num_actions = NUM_ACTIONS
    max_game_length = 6000

    def __init__(
        self,
        num_players: int = 3,
        mode: str | None = None,
        simplified: bool = False,
        expeditions=None,
        patrons=None,
        collections=None,
        studies=None,
        automa=None,
        society_boards=None,
    ):
        given = {
            "num_players": num_players,
            "mode": mode,
            "simplified": simplified,
            "expeditions": expeditions,
            "patrons": patrons,
            "collections": collections,
            "studies": studies,
            "automa": automa,
            "society_boards": society_boards,
        }
        config = check_options(OPTIONS, given, self.title)
        num_players, mode, simplified = config["num_players"], config["mode"], config["simplified"]
        default = {1: "solo", 2: "confrontation"}.get(num_players, "standard")
        if mode is None:
            mode = default
        allowed = {1: ("solo",), 2: ("confrontation", "competitive")}.get(
            num_players, ("standard",)
        )
        if mode not in allowed:
            raise ConfigError(
                f"with {num_players} player(s) mode is one of {allowed} (None: {default!r}); "
                f"2 players play 'confrontation' (neutral blocking discs) or 'competitive' "
                f"(the Automa as a third society)"
            )
        self.num_players = num_players
        self.mode = mode
        self.simplified = simplified
        self.automa = self.mode in ("solo", "competitive")
        self.neutral = self.mode == "confrontation"
        self.board_players = {"solo": 2, "confrontation": 2, "competitive": 3}.get(
            self.mode, num_players
        )
        self.years = 4 if num_players == 4 else 5
        self.requirement_years = (2, 4) if num_players == 4 else (3, 5)
        self._sources = {key: config[key] for key in DATA_OPTIONS}
        self.expeditions = load_expeditions(expeditions)
        self.patrons = load_patrons(patrons)
        self.collections = load_collections(collections)
        self.studies = load_studies(studies)
        self.automa_cards = load_automa(automa)
        self.boards = load_boards(society_boards)
        self.rb = load_rulebook_data()
        self.tile_stack = tuple(0 if t["stack"] == 10 else 1 for t in self.rb.bloomsbury)
        """Per Bloomsbury tile, its stack: 0 for the 10 Prestige one, 1 for the 25."""
        self.abilities = tuple(Ability[s["ability"].upper()] for s in self.rb.societies)
        self.collections_by_size = tuple(
            tuple(t for t, tile in enumerate(self.collections) if tile[0].size == size)
            for size, _ in COLLECTIONS_BY_SIZE
        )
        """The collection tiles of each size of ``COLLECTIONS_BY_SIZE`` (what set-up deals)."""
        self.objective_groups = tuple(
            tuple(o["id"] for o in self.rb.objectives if o["group"] == g) for g in OBJECTIVE_GROUPS
        )
        self.bloomsbury_stacks = tuple(
            tuple(t["id"] for t in self.rb.bloomsbury if t["stack"] == value)
            for value in BLOOMSBURY_STACKS
        )
        self.symbol_cards = symbol_cards(self)
        """Per symbol of the Study cards, the Expedition cards that can take it (a bit mask)."""
        self.simplified_cards = [c.id for c in self.expeditions if c.simplified]
        if simplified and len(self.simplified_cards) < 2 * num_players:
            raise ConfigError(
                f"the simplified set-up deals 2 marked Expedition cards per player: the deck has "
                f"{len(self.simplified_cards)} marked cards, {2 * num_players} are needed"
            )
        self.patron_kinds = [
            tuple(k for k in range(NUM_RELIC_KINDS) if x.accepts(k)) for x in self.patrons
        ]
        self.collection_faces = [f for tile in self.collections for f in tile]
        self.face_kinds = [
            [
                tuple(
                    k
                    for k in range(NUM_RELIC_KINDS)
                    if (region < 0 or k // 4 == region) and (typ < 0 or k % 4 == typ)
                )
                for region, typ in face.spaces
            ]
            for face in self.collection_faces
        ]
        self.layout = LAYOUT
        self.observation_size = LAYOUT.size

    @property
    def config(self) -> dict[str, Any]:
        cfg: dict[str, Any] = {
            "num_players": self.num_players,
            "mode": self.mode,
            "simplified": self.simplified,
        }
        for key, value in self._sources.items():
            cfg[key] = value
        return cfg

    def new_initial_state(self, rng: np.random.Generator) -> RoyalSocietyState:
        return RoyalSocietyState.new_game(self, rng)

    def state_from_dict(self, data: Mapping[str, Any]) -> RoyalSocietyState:
        return restore(RoyalSocietyState(self), data)

    def observation_piece_names(self):
        return list(self.layout.slices.items())

    def render_view(self, view: Mapping[str, Any]) -> str:
        return render_view(self, view)


class RoyalSocietyState(
    SetupRules,
    EconomyRules,
    LocationRules,
    OptionalRules,
    FlowRules,
    YearRules,
    TurnBasedState,
):
    """One position: plain ints and lists, declared in ``saved.FIELDS`` (the whole of it, but
    for the cached legal mask and the players' observation bytes)."""

    DECISIONS = DECISIONS
    FIELDS = FIELDS
    view = build_view
    observe = observe
    action_to_string = action_to_string
    action_seen_by = action_seen_by
    render_spectator = render_spectator

    def __init__(self, game: RoyalSocietyGame):
        n = game.num_players
        self.game = game
        self.seed = 0
        self.draws = 0
        self.year = 1
        self.decision = C_MAIN
        self.decider = 0
        self.queue: list[Task] = []
        self.turn_order: list[int] = []
        self.favor_space = [-1] * 6
        self.first_player = 0
        self.placed = [[0, 0, 0] for _ in range(n)]
        self.automa_pawns = 0
        self.rep = [4] * n
        self.rep_time = list(range(n))
        self.clock = n
        self.prestige = [0] * n
        self.science = [0] * n
        self.money = [0] * n
        self.knowledge = [[0] * 4 for _ in range(n)]
        self.expertise = [[0, 0, 0] for _ in range(n)]
        self.discs = [10] * n
        self.rep_discs = [0] * n
        self.req_discs = [0] * n
        self.relics = [[0] * NUM_RELIC_KINDS for _ in range(n)]
        self.hand: list[list[int]] = [[] for _ in range(n)]
        self.played: list[list[int]] = [[] for _ in range(n)]
        self.patrons: list[list[int]] = [[] for _ in range(n)]
        self.honored: list[list[int]] = [[] for _ in range(n)]
        self.studies: list[list[int]] = [[] for _ in range(n)]
        self.society = [-1] * n
        self.society_offer: list[list[int]] = [[] for _ in range(n)]
        self.society_rejected = [-1] * n
        self.side = [-1] * n
        self.bloom: list[list[int]] = [[] for _ in range(n)]
        self.bloom_right = [[0, 0] for _ in range(n)]
        self.bloom_taken = [[0, 0] for _ in range(n)]
        self.penalties = [[0, 0, 0, 0] for _ in range(n)]
        self.claims = [[0, 0, 0] for _ in range(n)]
        self.exhibited = [0] * n
        self.exp_epoch = [0] * NUM_EXPEDITIONS
        """Per Expedition card, the deck it was dealt from: 0 the first, one more per reshuffle
        of the discard pile, -1 the simplified set-up's deal (what ``resample_hidden`` keeps
        apart)."""
        self.bloom_seen = [0] * (n + 1)
        self.program = [-1] * 6
        self.exp_deck: list[int] = []
        self.exp_discard: list[int] = []
        self.exp_box: list[int] = []
        self.patron_deck: list[int] = []
        self.patron_known = 0
        self.patron_seen = [0] * n
        """Per player, the Patron cards whose place in the deck it knows (it drew them)."""
        self.study_deck: list[int] = []
        self.society_deck: list[int] = []
        self.bags = list(game.rb.bags)
        self.discards = [0] * NUM_RELIC_KINDS
        self.faces = [0] * 6
        self.gallery = [-1] * NUM_SPACES
        self.objectives = [0, 4, 8]
        self.rs_left = [-1, -1, -1]
        self.requirements = [0, 4]
        self.stacks: list[list[int]] = [[], []]
        self.bloom_box: list[list[int]] = [[], []]
        self.bloom_removed: list[int] = []
        self.locations: list[list[int]] = [
            [],
            [],
            [],
            [],
        ]  # actions.piece(owner, section), in order
        self.automa_deck: list[int] = []
        self.automa_played: list[int] = []
        self.automa_last = -1
        self.cur = [-1, -1, 0, 0, -1]  # explorer, location, section, supported, turn position
        self.collections_done = 0
        self.drawn_cards: list[int] = []
        self.organizing = -1
        """The Expedition card being organized (taken from the hand or the Program, not yet
        paid for), else -1: a Reserve during its payment draws into ``drawn_cards`` meanwhile."""
        self.drawn_patrons: list[int] = []
        self.drawn_relics: list[int] = []
        self.chosen_regions: list[int] = []
        self.setup_hand: list[list[int]] = [[] for _ in range(n)]
        self.final: list[int] = []
        self.public_hand = 0
        """Cards whose place in a hand everybody knows (taken from the Program)."""
        self._mask: np.ndarray | None = None
        self._encoding: Encoding | None = None
        """The players' observation bytes kept between calls (``observation.Encoding``)."""
        self._mixed = NO_DRAWS
        """(First draw, seed, the mixed numbers of ``DRAW_CHUNK`` draws from it): what ``_rand``
        reads (shared by copies: it depends on the seed only)."""

    # -- chance ------------------------------------------------------------------------------
    def _rand(self, n: int) -> int:
        """The game's next draw, in ``range(n)``."""
        return self._next_mixed(1)[0] % n

    def _shuffle(self, items: list) -> None:
        """Fisher-Yates from the last item, one draw per item but the first."""
        n = len(items)
        if n < 2:
            return
        for i, x in zip(range(n - 1, 0, -1), self._next_mixed(n - 1), strict=True):
            j = x % (i + 1)
            items[i], items[j] = items[j], items[i]

    def _next_mixed(self, count: int) -> tuple[int, ...]:
        """The mixed numbers of the game's next ``count`` draws, counted as drawn."""
        d = self.draws + 1
        first, seed, mixed = self._mixed
        if seed != self.seed or d < first or d + count > first + len(mixed):
            first, seed = d, self.seed
            mixed = _mix_draws(seed, first, max(count, DRAW_CHUNK))
            self._mixed = (first, seed, mixed)
        self.draws += count
        return mixed[d - first : d - first + count]

    # -- set-up ------------------------------------------------------------------------------

    @classmethod
    def new_game(cls, game: RoyalSocietyGame, rng: np.random.Generator) -> RoyalSocietyState:
        state = cls(game)
        state.seed = int(rng.integers(1 << 62))
        state._deal()
        state._run()
        return state

    # -- protocol ----------------------------------------------------------------------------
    def scores(self) -> list[float]:
        if self.final:
            return [float(x) for x in self.final]
        return [
            float(min(self.prestige[p], 5 * self.science[p])) for p in range(self.game.num_players)
        ]

    def ranking_key(self, p: int) -> tuple[int, int, int]:
        pr, sc = self.prestige[p], 5 * self.science[p]
        return (min(pr, sc), max(pr, sc), self.rep[p])

    def winners(self) -> list[int]:
        keys = [self.ranking_key(p) for p in range(self.game.num_players)]
        best = max(keys)
        return [p for p, k in enumerate(keys) if k == best]

    def title(self) -> str:
        return solo_title(int(self.scores()[0]), self.game.rb.titles)

    def final_returns(self) -> list[float]:
        """Solo: +1 for any title above Novice, else -1; else +1 each winner, -1 the others."""
        if self.game.num_players == 1:
            return [1.0 if self.scores()[0] >= self.game.rb.titles[1][0] else -1.0]
        return super().final_returns()

    def _compute_mask(self) -> np.ndarray:
        if self.decision == GAME_OVER:
            return self._no_legal_actions()
        return _mask_of(self._legal(self.queue[0]))

    def _play(self, action: int) -> None:
        task = self.queue[0]
        if task.kind in MID_TURN and GAIN_REP <= action < DONE:
            self._do_optional(task.player, action)  # the interrupted decision stays in front
        else:
            self._apply_table[task.kind](self, task, action)
        self._run()

    def _fresh_caches(self) -> None:
        self._encoding = None  # each player's bytes are written again for the copy

    # -- the task queue ----------------------------------------------------------------------
    def _run(self) -> None:
        """Run automatic tasks until a player must decide (or the game ends)."""
        q, legal_table, auto_table = self.queue, self._legal_table, self._auto_table
        while True:
            if not q:
                self._final_scoring()
                return
            task = q[0]
            kind = task.kind
            if kind >= AUTO0:
                q.pop(0)
                auto_table[kind - AUTO0](self, task)
                continue
            legal = legal_table[kind](self, task)
            if legal:
                if kind == C_LOC_ACTION and len(legal) == 1:
                    self._apply_table[kind](self, task, legal[0])
                    continue
                self.decision = kind
                self.decider = task.player
                self._mask = _mask_of(legal)
                return
            q.pop(0)

    def _push(self, *tasks: list[int]) -> None:
        self.queue[0:0] = list(tasks)

    # -- expeditions -------------------------------------------------------------------------

    def _needs(self, p: int, skill: tuple[int, int], card: int) -> tuple[int, int, bool]:
        """``expedition_needs`` with the explorer's skill looked up once for many cards."""
        c = self.game.expeditions[card]
        kind, region = skill
        need_k = c.knowledge - (2 if kind == REGION_SKILL and region == c.region else 0)
        need_m = c.cost - (3 if kind == LOGISTICS else 0)
        cond = self._condition_met(p, c)
        return need_k - self.knowledge[p][c.region], need_m - self.money[p], cond

    def _condition_met(self, p: int, c) -> bool:
        """Whether ``p`` played a card of the region and type Expedition card ``c`` requires."""
        if c.condition_region < 0 and c.condition_type < 0:
            return True
        expeditions = self.game.expeditions
        return any(
            (c.condition_region < 0 or expeditions[x].region == c.condition_region)
            and (c.condition_type < 0 or expeditions[x].type == c.condition_type)
            for x in self.played[p]
        )

    def _feasible(
        self, p: int, skill: tuple[int, int], section: int, supported: bool, card: int, budget: int
    ) -> bool:
        """Whether an explorer of ``skill`` at the Port's ``section`` can organize ``card``
        within Reputation ``budget`` (its skill looked up once for many cards)."""
        c = self.game.expeditions[card]
        if section < c.expertise or (supported and section != c.expertise):
            return False
        dk, dm, cond = self._needs(p, skill, card)
        if not cond or dk > 1 or dm > 3:
            return False
        need = (2 if dk == 1 else 0) + (2 if dm > 0 else 0)
        return need <= budget

    def feasible_expeditions(self, p, explorer, section, supported, budget, skip_slot=-1, extra=-1):
        """The Expedition cards (hand, ``extra``, then the Program but ``skip_slot``) that
        ``explorer`` at the Port's ``section`` can organize within Reputation ``budget``."""
        return list(self._feasible_cards(p, explorer, section, supported, budget, skip_slot, extra))

    def can_organize(self, p, explorer, section, supported, budget, skip_slot=-1, extra=-1):
        """Whether ``feasible_expeditions`` has a card (it stops at the first)."""
        cards = self._feasible_cards(p, explorer, section, supported, budget, skip_slot, extra)
        return next(cards, -1) >= 0

    def _feasible_cards(self, p, explorer, section, supported, budget, skip_slot, extra):
        skill = self._skill(p, explorer)
        for card in self.hand[p] + ([extra] if extra >= 0 else []):
            if self._feasible(p, skill, section, supported, card, budget):
                yield card
        costs = self.game.rb.program_reputation  # (``_program_cost``)
        for slot, card in enumerate(self.program):
            if card < 0 or slot == skip_slot:
                continue
            cost = costs[slot]
            if cost <= budget and self._feasible(p, skill, section, supported, card, budget - cost):
                yield card

    # -- location actions --------------------------------------------------------------------

    def _exhibit_spaces(self, p: int) -> list[int]:
        return list(self._exhibitable(p))

    def _can_exhibit(self, p: int) -> bool:
        return next(self._exhibitable(p), -1) >= 0

    def _exhibitable(self, p: int) -> Iterator[int]:
        """The free Grand Gallery spaces where ``p`` can exhibit a relic it holds."""
        held = self.relics[p]
        if self.discs[p] <= 0 or not any(held):
            return
        kinds = self.game.face_kinds
        faces = self.faces
        gallery = self.gallery
        for sp in range(NUM_SPACES):
            if gallery[sp] < 0:
                c = SPACE_COLLECTION[sp]
                for k in kinds[faces[c]][sp - GALLERY_START[c]]:
                    if held[k]:
                        yield sp
                        break

    def location_options(
        self, p: int, loc: int, section: int, supported: bool, budget: int, exhibit: int = -1
    ) -> list[int]:
        """Legal location actions (0 or 1, see the docstring) for an explorer placed there."""
        out = []
        if loc == UNIVERSITY:
            if not supported or section == 3:
                out.append(0)
            if section >= 4 and (not supported or section == 4) and any(self.relics[p]):
                out.append(1)
        elif loc == MUSEUM:
            if section >= 2 and (not supported or section in (2, 4, 6)):
                if exhibit < 0:
                    exhibit = int(self._can_exhibit(p))
                if exhibit:
                    out.append(0)
            n_relics = sum(self.relics[p])
            if n_relics and (not supported or (section == 5 and n_relics >= 2)):
                out.append(1)
        elif loc == CITY:
            if self.patron_deck:
                out.append(0)
            if not supported and self.rep[p] >= 1 and any(self.relics[p]):
                out.append(1)
        elif self.can_organize(p, self.cur[0], section, supported, budget):
            out.append(0)
        return out

    def _placements(self, p: int, explorer: int) -> list[int]:
        base = self.expertise[p][explorer]
        cap = 5 if self.penalties[p][SUPPORT_CAP_5] else 6
        budget = self.budget(p)
        top = min(6, max(base, min(cap, base + budget)))
        n_relics = sum(self.relics[p])
        out = []
        for loc, actions in enumerate(PLACE_ACTIONS):
            if loc == PORT:
                out += actions[self._port_sections(p, explorer, base, top, budget)]
            elif self.gate_ok(p, loc):
                out += actions[self._open_sections(p, loc, base, top, n_relics)]
        return out

    def _open_sections(self, p: int, loc: int, base: int, top: int, n_relics: int) -> int:
        """Sections 1 to ``top`` of the University, Museum or City where ``location_options``
        offers something, decided per location at once (the budget only matters at the Port),
        as bits ``1 << section``."""
        reached = SPAN[1][top]
        if loc == UNIVERSITY:
            # supported: the first action at 3 only, the second (with a relic) at 4 only
            return reached & (SPAN[1][base] | 1 << 3 | (1 << 4 if n_relics else 0))
        if loc == MUSEUM:
            exhibit = self._can_exhibit(p)
            unsupported = (SPAN[2][base] if exhibit else 0) | (SPAN[1][base] if n_relics else 0)
            supported = (MUSEUM_EXHIBIT_SECTIONS if exhibit else 0) | (
                1 << 5 if n_relics >= 2 else 0
            )
            return reached & (unsupported | supported & ~SPAN[1][base])
        if self.patron_deck:  # the City's first action, at any section
            return reached
        if self.rep[p] >= 1 and n_relics:  # its second, unsupported only
            return reached & SPAN[1][base]
        return 0

    def _port_sections(self, p: int, explorer: int, base: int, top: int, budget: int) -> int:
        """Port sections from which some expedition can be organized (one pass over cards, their
        needs computed as ``_needs`` does, with the explorer's skill applied once), as bits."""
        hand = self.hand[p]
        cards = (*hand, *self.program)  # (an empty Program space is -1)
        costs = (*HAND_COSTS[: len(hand)], *self.game.rb.program_reputation)  # (``_program_cost``)
        kind, region = self._skill(p, explorer)
        skill_region = region if kind == REGION_SKILL else -1  # 2 Knowledge less there
        money = self.money[p] + (3 if kind == LOGISTICS else 0)
        knowledge = self.knowledge[p]
        expeditions = self.game.expeditions
        free_top = min(base, top)  # sections reached without support
        sections = 0
        for card, cost in zip(cards, costs, strict=True):
            if card < 0:
                continue
            c = expeditions[card]
            dk = c.knowledge - (2 if c.region == skill_region else 0) - knowledge[c.region]
            dm = c.cost - money
            if dk > 1 or dm > 3 or not self._condition_met(p, c):
                continue
            need = cost + (2 if dk == 1 else 0) + (2 if dm > 0 else 0)
            level = c.expertise
            if need <= budget:  # every section from the card's level without support
                sections |= SPAN[level][free_top]
            if base < level <= top and need + level - base <= budget:  # supported: its level
                sections |= 1 << level
        return sections

    # -- optional actions --------------------------------------------------------------------
    def optional_actions(self, p: int) -> list[int]:
        out = []
        discs = self.discs[p]
        if discs > 0 and self.rep[p] < 9:
            out.append(GAIN_REP)
        held = self.relics[p]
        honored = self.honored[p]
        kinds = self.game.patron_kinds
        for pat in self.patrons[p]:
            if pat not in honored and any(map(held.__getitem__, kinds[pat])):
                out.append(PATRON0 + pat)
        if discs > 0:
            claims, objectives = self.claims[p], self.objectives
            for g in range(3):
                if not claims[g] and OBJECTIVE_TESTS[objectives[g]](self, p):
                    out.append(CLAIM0 + g)
        right, taken, stacks = self.bloom_right[p], self.bloom_taken[p], self.stacks
        for k in range(2):
            if right[k] and not taken[k] and stacks[k]:
                out.append(BLOOM_CLAIM0 + k)
        return out

    def mid_turn_optional(self, task: list[int]) -> list[int]:
        """Optional actions offered in the middle of one's own turn, before decision ``task``.

        Gain Reputation is left out: a payment already turns discs into Reputation, so taking
        it mid-turn changes nothing.  A claim (it costs a disc) or an honor (it costs a relic)
        that would leave the interrupted decision without a legal action is not offered."""
        p = task.player
        if self.cur[0] < 0:  # no explorer placed: not within a turn (these tasks are the mover's)
            return []
        out = []
        held = self.relics[p]
        honored = self.honored[p]
        kinds = self.game.patron_kinds
        for pat in self.patrons[p]:
            if (
                pat not in honored
                and any(map(held.__getitem__, kinds[pat]))
                and (task.kind != C_LOC_ACTION or self.honor_kinds(p, pat, task))
            ):
                out.append(PATRON0 + pat)
        if self.discs[p] > 0:
            for g in range(3):
                if (
                    not self.claims[p][g]
                    and OBJECTIVE_TESTS[self.objectives[g]](self, p)
                    and self._keeps_pending(task, CLAIM0 + g, -1)
                ):
                    out.append(CLAIM0 + g)
        for k in range(2):
            if self.bloom_right[p][k] and not self.bloom_taken[p][k] and self.stacks[k]:
                out.append(BLOOM_CLAIM0 + k)
        return out

    # -- legal actions per task --------------------------------------------------------------
    def _legal(self, task: list[int]) -> list[int]:
        return self._legal_table[task.kind](self, task)

    # -- information -------------------------------------------------------------------------
    def _resample_hidden(self, player: int, rng: np.random.Generator) -> RoyalSocietyState:
        return resample(self, player, rng)

    def check_invariants(self) -> None:
        check_invariants(self)


RoyalSocietyState._auto_table = tuple(
    getattr(RoyalSocietyState, "_auto_" + name) for name in AUTO_TASKS
)
