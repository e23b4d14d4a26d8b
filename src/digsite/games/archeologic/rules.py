"""ArcheOlogic rules engine (see the package docstring for the rules summary and decisions)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import reduce
from typing import Any

import numpy as np

from ...core.engine import ConfigError
from ...core.fields import replaced
from ...core.options import Option, choice, data, flag, integer, is_integer
from ...core.turn_based import TurnBasedGame, TurnBasedState, mask_of
from . import actions, invariants, layouts, observation, questions, saved, spec, text, view
from .actions import (
    AXIS,
    AXIS0,
    GAME_OVER,
    GUESS,
    IN_GAME,
    MAX_EXTRA_CLUES,
    MULTIPLAYER_TIME_LIMIT,
    NUM_ACTIONS,
    NUM_PLACEMENT_IDS,
    OUT_OF_TIME,
    PLACE,
    PLACE0,
    QUESTION,
    QUESTION0,
    WRONG_GUESS,
)
from .components import NUM_BUILDINGS, NUM_CELLS, BuildingsFileError, load_buildings
from .learning_aids import (
    consistent_placement_mask,
    informative_axis_mask,
    informative_question_mask,
)
from .observation import GUESS_FIELDS, NOTE_FIELDS, asked_since, share_written, unseen
from .questions import NUM_AXES, NUM_QUESTIONS, TRAP_ICONS
from .quests import expert_clues, make_quest
from .solver import GUESS_COST, AxisClue, Belief, Clue, axis_choices
from .view import belief_filter, guess_knowledge

CLUE_COUNTS = (3, 4, 5)
"""The rulebook: agree on "from 3 clues for harder games, to 5 clues for easier games"."""
SOLO_CLUES = 3
"""The rulebook's solo set-up: "Write down the 3 Starting clues"."""
MAX_QUEST_NUMBER = 1 << 31
"""A random quest number is drawn from 0 .. 2**31 - 1 (each gives a uniform random layout)."""
WORD_SHIFT = 3
WORD_BITS = 1 << WORD_SHIFT
"""The bits of a word (a byte) of a fact's bitmap (``ArcheOlogicGame._fact_bits``)."""


def _listed(value: Any) -> list:
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise TypeError(value)
    return list(value)


def _counts(value: Any) -> list[int] | None:
    """None or the extra clues, a count 0-2 each (one per player: checked with num_players)."""
    if value is None:
        return None
    counts = _listed(value)
    if not all(is_integer(x) and 0 <= x <= MAX_EXTRA_CLUES for x in counts):
        raise ValueError(value)
    return [int(x) for x in counts]


def _ring(value: Any) -> list[str] | None:
    """The ring by axis names (``questions.AXIS_NAMES``), from axis indices or names."""
    if value is None:
        return None
    axes = [
        int(a) if is_integer(a) and 0 <= a < NUM_AXES else questions.parse_axis(a)
        for a in _listed(value)
    ]
    if sorted(axes) != list(range(NUM_AXES)):
        raise ValueError(value)
    return [questions.AXIS_NAMES[a] for a in axes]


OPTIONS = (
    choice("num_players", 2, spec.SPEC.player_counts),
    choice("num_clues", 3, CLUE_COUNTS),
    choice("guess_variant", "rulebook", actions.GUESS_VARIANTS),
    integer("quest", None, 0, optional=True, doc="None: a random quest each game"),
    Option("ring", None, "None or a list of the 10 axes (A-E, 1-5 or 0-9), each once", _ring),
    integer("time_limit", None, 10, optional=True, doc="None: the rulebook's track"),
    flag("expert", False, doc="counts on axes instead of trap cells as starting clues"),
    data("buildings"),
    flag("belief_features", False, doc="a learning aid: the exact belief in the observation"),
    flag("consistent_guesses", False, doc="a learning aid: guesses masked to possible layouts"),
    flag("informative_questions", False, doc="a learning aid: questions that teach nothing masked"),
    Option("extra_clues", None, f"None or one count 0..{MAX_EXTRA_CLUES} per player", _counts),
    flag("solo_more_clues", False, doc="solo with num_clues 4 or 5"),
)


class ArcheOlogicState(TurnBasedState, files=(actions, saved, view, observation, text, invariants)):
    """One position.  Hidden: ``layout`` (and so every answer and guess outcome, which are
    computed from it).  Public: the time track, the viewfinder, the questions asked (by whom,
    on which axis), who is checking a guess, eliminations."""

    derive = saved.derive
    PUT = frozenset(observation.KNOWLEDGE)  # the fields the kept records and beliefs read

    def __init__(self, game: ArcheOlogicGame):
        super().__init__(game)
        self._beliefs: dict[int, tuple] = {}  # per player: the belief and what it was built on
        self._aids: dict[int, Any] = {}  # per player, its learning aids' candidates
        self._question_record: dict[int, list] = {}  # per player, see observation.record

    @classmethod
    def new_game(cls, game: ArcheOlogicGame, rng: np.random.Generator) -> ArcheOlogicState:
        number = game.quest if game.quest is not None else int(rng.integers(MAX_QUEST_NUMBER))
        quest = make_quest(number, game.layouts.buildings)
        state = cls(game)
        state.quest = number
        state.put("layout", quest.layout)
        if game.expert:
            variation = int(rng.integers(MAX_QUEST_NUMBER))  # the app varies expert clues
            state.put("axis_clues", expert_clues(quest, variation, game.clues_drawn, game.layouts))
        else:
            state.put("clues", tuple(quest.starting_clues(game.clues_drawn)))
        if game.solo:  # start_axis and viewfinder stay at their start, -1, until chosen
            state.start = (0,)
            state.decision = actions.START_AXIS
        else:
            state.start = tuple(int(x) + 1 for x in rng.permutation(game.num_players))
            state.start_axis = state.viewfinder = questions.MULTIPLAYER_START_AXIS
            state.decision = AXIS
        state.pos = list(state.start)  # (spent, checking and out start at 0, False, IN_GAME)
        state.decider = int(np.argmin(state.pos))
        return state

    @property
    def guesses(self) -> list[tuple[int, tuple[int, ...], bool]]:
        """``(player, pids, checked)`` per guess entered (read-only, from the three fields)."""
        return list(zip(self.guess_player, self.guess_pieces, self.guess_checked, strict=True))

    def _add_guess(self, player: int, pids: tuple[int, ...], checked: bool) -> None:
        self.put("guess_player", (*self.guess_player, player))
        self.put("guess_pieces", (*self.guess_pieces, pids))
        self.put("guess_checked", (*self.guess_checked, checked))

    # -- legal actions, one function per decision (shared read-only masks) -------------------
    def _legal_start_axis(self) -> np.ndarray:
        return self.game._start_mask

    def _legal_axis(self) -> np.ndarray:
        if self.game.informative_questions:
            return informative_axis_mask(self, self.decider)
        return self.game._axis_mask

    def _legal_question(self) -> np.ndarray:
        if self.game.informative_questions:
            return informative_question_mask(self, self.decider)
        return self.game._question_mask

    def _legal_place(self) -> np.ndarray:
        if self.game.consistent_guesses:
            return consistent_placement_mask(self, self.decider)
        return self.game.placement_mask(tuple(self.pieces))

    # -- play, one function per decision -----------------------------------------------------
    def _on_start_axis(self, action: int) -> None:
        self.start_axis = self.viewfinder = action - AXIS0
        self.decision = AXIS

    def _on_axis(self, action: int) -> None:
        if action == GUESS:
            self.checking[self.decider] = True
            self.pieces = ()
            self.decision = PLACE
        else:
            axis = action - AXIS0
            self.pending_surcharge = int(self.game.surcharge[self.viewfinder, axis])
            self.viewfinder = axis
            self.decision = QUESTION

    def _on_question(self, action: int) -> None:
        g = self.game
        question = action - QUESTION0
        p = self.decider
        surcharge = self.pending_surcharge
        self.put("questions", (*self.questions, (p, self.viewfinder, question, surcharge)))
        time = int(g.costs[question]) + surcharge
        self.spent[p] += time
        self.pending_surcharge = 0
        if g.solo:
            self.pos[0] = self.spent[0]
            steps = int(TRAP_ICONS[question, g.table[question, self.layout, self.viewfinder]])
            if steps:  # (the ring holds every axis once)
                self.viewfinder = g.ring[(g.ring_index[self.viewfinder] + steps) % NUM_AXES]
            self.decision = GAME_OVER if self.spent[0] > g.time_limit else AXIS
            return
        self._move(p, time)
        if self.pos[p] > g.time_limit:
            self.out[p] = OUT_OF_TIME
        self._advance()

    def _on_place(self, action: int) -> None:
        g = self.game
        pids = (*self.pieces, int(g.offset_to_pid[len(self.pieces), action - PLACE0]))
        if len(pids) < NUM_BUILDINGS:
            self.pieces = pids
            return
        p = self.decider  # the guess is entered
        self.pieces = ()
        self.spent[p] += GUESS_COST
        if g.solo:
            self.pos[0] = self.spent[0]
            self._add_guess(p, pids, True)
            self.checking[0] = False
            if self.guess_is_right(pids):
                self.winner = 0
            over = self.winner == 0 or not g.app or self.spent[0] > g.time_limit
            self.decision = GAME_OVER if over else AXIS
            return
        self._add_guess(p, pids, False)
        self._move(p, GUESS_COST)
        self._advance()

    def _move(self, player: int, steps: int) -> None:
        """Move a pawn ``steps`` free spaces: occupied spaces are skipped, not counted."""
        occupied = {x for q, x in enumerate(self.pos) if q != player and self.out[q] == IN_GAME}
        x = self.pos[player]
        for _ in range(steps):
            x += 1
            while x in occupied:
                x += 1
        self.pos[player] = x

    def _advance(self) -> None:
        """Multiplayer: find the pawn furthest behind, checking guesses of pawns that are last
        again.  A player left alone goes on until they solve the city or are out too; when
        nobody is left, everybody has lost (the rulebook)."""
        g = self.game
        while True:
            active = [q for q in range(g.num_players) if self.out[q] == IN_GAME]
            if not active:
                self.winner = -1
                self.decision = GAME_OVER
                return
            p = min(active, key=self.pos.__getitem__)
            if self.checking[p]:
                i = max(i for i, q in enumerate(self.guess_player) if q == p)
                self.put("guess_checked", replaced(self.guess_checked, i, True))
                self.checking[p] = False
                if self.guess_is_right(self.guess_pieces[i]):
                    self.winner = p
                    self.decision = GAME_OVER
                    return
                if not g.app:
                    self.out[p] = WRONG_GUESS
                    continue
                if self.pos[p] > g.time_limit:
                    self.out[p] = OUT_OF_TIME
                    continue
            self.decider = p
            self.decision = AXIS
            return

    def guess_is_right(self, pids: Sequence[int]) -> bool:
        return tuple(self.game.layouts.placements[self.layout].tolist()) == tuple(pids)

    def guess_feedback(self, pids: Sequence[int]) -> list[bool]:
        """Per building: is it placed right (the app's green / red)?"""
        row = self.game.layouts.placements[self.layout].tolist()  # (Python ints: one call)
        return [row[b] == int(pids[b]) for b in range(NUM_BUILDINGS)]

    def observe_secret(self, out: np.ndarray) -> None:
        out[:] = 0.0
        for b, pid in enumerate(self.game.layouts.placements[self.layout]):
            out[b * NUM_PLACEMENT_IDS + int(pid)] = 1.0

    def answer(self, axis: int, question: int) -> int:
        """The Archeoscope's answer code for this layout."""
        return int(self.game.table[question, self.layout, axis])

    def scores(self) -> list[float]:
        if self.game.solo:
            return [-float(self.spent[0])]
        return [1.0 if p == self.winner else 0.0 for p in range(self.game.num_players)]

    def winners(self) -> list[int]:
        return [] if self.winner < 0 else [self.winner]

    def final_returns(self) -> list[float]:
        """Solo: +1 solved, -1 not (a lone winner would share the win: 0).  Multiplayer: the
        base's +1 / -1, so -1 for everybody when nobody solved the City."""
        if self.game.solo:
            return [1.0 if self.winner == 0 else -1.0]
        return super().final_returns()

    # -- information ------------------------------------------------------------------------
    def known_clues(self, player: int) -> tuple[tuple[Clue, ...], tuple[AxisClue, ...]]:
        """The starting clues ``player`` was given: everybody's, plus its extra ones."""
        k = self.game.num_clues + self.game.extra_clues[player]
        return self.clues[:k], self.axis_clues[:k]

    def belief(self, player: int) -> Belief:
        """The layouts consistent with what ``player`` knows: its starting clues, its own
        answers and what its own checked guesses taught it (nothing from the others' guesses,
        whose pieces it never sees).  Kept per player and brought up to date when the fields it
        is built from (``observation.KNOWLEDGE``) are written: narrowed by the answers to the
        questions asked since."""
        kept = self._beliefs.get(player)
        if kept is None:  # the fields written since (see observation.UNSEEN), the belief
            kept = self._beliefs[player] = [set(observation.KNOWLEDGE), None, None, None, None]
        written = unseen(self, kept)  # from the clues and answers, the belief, the own checked
        if not written:  # guesses, and the questions it was built from
            return kept[2]
        g = self.game
        base, belief, mine, before = kept[1:5]
        fresh = False
        if not written.isdisjoint(NOTE_FIELDS):  # questions, answers or clues
            done = asked_since(self, written, before)
            fresh = done is None
            if fresh:
                base, done = g.clue_belief(*self.known_clues(player)), 0
            # the answers (read on the layout) to the questions asked since
            news = [
                (a, q, self.answer(a, q)) for p, a, q, _ in self.questions[done:] if p == player
            ]
            narrowed = base.with_axis_clues(news)
            # the guesses' knowledge as it was (none when the belief was the base)
            belief = narrowed if fresh or belief is base else belief.with_axis_clues(news)
            base = narrowed
        if fresh or not written.isdisjoint(GUESS_FIELDS):
            # what the guesses teach follows from the own checked ones (and the layout)
            now = [pids for p, pids, checked in self.guesses if p == player and checked]
            if fresh or now != mine:
                mine, belief = now, base
                if now:
                    knowledge = guess_knowledge(self, player)
                    belief = Belief(g.layouts, belief_filter(g.layouts, base.indices, knowledge))
        kept[1:5] = base, belief, mine, self.questions
        written.clear()
        return belief

    def _resample_hidden(self, player: int, rng: np.random.Generator) -> ArcheOlogicState:
        """The layout drawn uniformly from ``player``'s belief; the starting clues it was not given
        (the others' extra clues) redrawn on that layout; another player's guess checked wrong that
        the new layout would make right is replaced by another layout (its pieces are hidden from
        ``player``).  Answers and guess feedback follow from the layout."""
        g = self.game
        other = self.clone()
        layout = self.belief(player).sample(rng)
        other.put("layout", layout)
        known = g.num_clues + g.extra_clues[player]
        if len(self.clues) > known:
            traps = [t for t in g.layouts.traps(layout) if Clue(*t) not in self.clues[:known]]
            order = rng.permutation(len(traps))[: len(self.clues) - known]
            other.put("clues", self.clues[:known] + tuple(Clue(*traps[i]) for i in order))
        if len(self.axis_clues) > known:
            redrawn = tuple(
                AxisClue(c.axis, c.question, int(g.table[c.question, layout, c.axis]))
                for c in self.axis_clues[known:]
            )
            other.put("axis_clues", self.axis_clues[:known] + redrawn)
        placements = g.layouts.placements
        won = -1  # the winner's right guess, when another player won: it is the new layout
        if self.decision == GAME_OVER and self.winner >= 0 and self.winner != player:
            won = max(i for i, q in enumerate(self.guess_player) if q == self.winner)
        pieces = list(self.guess_pieces)
        for i, (p, pids, checked) in enumerate(self.guesses):
            if p == player or not checked:
                continue
            if i == won:
                pids = tuple(int(x) for x in placements[layout])
            while i != won and other.guess_is_right(pids):
                pids = tuple(int(x) for x in placements[int(rng.integers(len(placements)))])
            pieces[i] = pids
        other.put("guess_pieces", tuple(pieces))
        share_written(other)  # the records see what was redrawn; the player's belief is the
        other._beliefs = {player: [set(), *self._beliefs[player][1:]]}  # same: kept, up to date
        other._aids = {}
        other._mask = None  # consistent guesses follow the decider's answers: the layout
        return other

    def clone(self) -> ArcheOlogicState:
        """The writes not yet shared go to the kept records and beliefs first, so that the copy's,
        copied with them, miss none (the copy's ``written`` starts empty)."""
        if self.written:
            share_written(self)
        return super().clone()

    def _fresh_caches(self) -> None:
        """A copy keeps the beliefs and records (read-only), but its own sets of the fields
        written since they last looked."""
        self._beliefs = {p: [names.copy(), *built] for p, (names, *built) in self._beliefs.items()}
        self._aids = dict(self._aids)
        self._question_record = {
            p: [names.copy(), *built] for p, (names, *built) in self._question_record.items()
        }

    def __getstate__(self):
        return {**self.__dict__, "_beliefs": {}, "_aids": {}, "_question_record": {}}


class ArcheOlogicGame(TurnBasedGame, files=(spec, actions, text)):
    options = OPTIONS
    revelations = dict.fromkeys(
        ("winner", "seats.out", "feedback_right", "feedback_wrong"),
        "When it is your turn to play again, check if the layout matches the solution [...] If "
        "it is, the game ends and you win! [...] If it is not, too bad! You lost and are out of "
        "the game. [...] If not, the app will show the Buildings you had right in green, those "
        "you had wrong in red. You then immediately play another turn.",
    )
    state_class = ArcheOlogicState

    def configure(self, config: dict[str, Any]) -> None:
        n, num_clues, more = self.num_players, config["num_clues"], config["solo_more_clues"]
        if more and n != 1:
            raise ConfigError(
                "archeologic solo_more_clues is a solo variant (num_players=1); a multiplayer "
                "game agrees on 3 to 5 clues with num_clues"
            )
        if n == 1 and num_clues != SOLO_CLUES and not more:
            raise ConfigError(
                f"archeologic solo uses the rulebook's {SOLO_CLUES} starting clues; "
                f"num_clues={num_clues!r} in solo needs the variant solo_more_clues=True"
            )
        extra = config["extra_clues"]
        if extra is not None and len(extra) != n:
            raise ConfigError(
                f"archeologic extra_clues must be None or one count per player ({n} of them): "
                f"the starting clues a new player gets on top of num_clues, got {extra!r}"
            )
        if n == 1 and any(extra or ()):
            raise ConfigError(
                "archeologic extra_clues level the field between players; a solo game has one "
                "player (more solo clues: solo_more_clues=True with num_clues 4 or 5)"
            )
        self.extra_clues = tuple(extra or (0,) * n)
        ring = config["ring"]
        self.ring = tuple(map(questions.parse_axis, ring)) if ring else questions.DEFAULT_RING
        self.solo = n == 1
        if config["time_limit"] is None:
            config["time_limit"] = actions.SOLO_TIME_LIMIT if self.solo else MULTIPLAYER_TIME_LIMIT
        self.num_clues = num_clues
        self.guess_variant = config["guess_variant"]
        self.app = self.guess_variant == "app"
        self.quest = config["quest"]
        self.time_limit = config["time_limit"]
        self.expert = config["expert"]
        self.belief_features = config["belief_features"]
        self.consistent_guesses = config["consistent_guesses"]
        self.informative_questions = config["informative_questions"]
        self.clues_drawn = self.num_clues + max(self.extra_clues)
        """Starting clues read from the quest: everybody's, then the new players' extras."""
        self.max_game_length = n * (2 * self.time_limit + 12) + 1
        buildings = config["buildings"]
        try:
            tiles = None if buildings is None else load_buildings(buildings)
        except BuildingsFileError as err:
            raise ConfigError(
                f"archeologic buildings must be None (the shipped tiles), the path of a buildings "
                f"JSON file or a list of building records: {err}"
            ) from None
        self.layouts = layouts.get_layouts(tiles)
        self.table = questions.answer_table(self.layouts)
        self.costs = questions.question_costs(self.layouts.buildings)
        self.ring_index = {a: i for i, a in enumerate(self.ring)}
        # surcharge[v, a]: time to put the viewfinder on axis a this turn when it stood on v.
        choices = [dict(axis_choices(v, self.ring)) for v in range(NUM_AXES)]
        self.surcharge = np.array([[c[a] for a in range(NUM_AXES)] for c in choices], np.int64)
        self._start_mask = mask_of(range(AXIS0, AXIS0 + NUM_AXES), NUM_ACTIONS)
        self._axis_mask = mask_of((*range(AXIS0, AXIS0 + NUM_AXES), GUESS), NUM_ACTIONS)
        """Every axis (any axis is reachable for +2, ``solver.VIEWFINDER_MOVES``) and the guess."""
        self._question_mask = mask_of(range(QUESTION0, QUESTION0 + NUM_QUESTIONS), NUM_ACTIONS)
        # placement action offset (rotation * 25 + anchor) <-> row of the building's table
        self.offset_to_pid = np.full((NUM_BUILDINGS, NUM_PLACEMENT_IDS), -1, dtype=np.int64)
        self.pid_to_offset = []
        for b, t in enumerate(self.layouts.tables):
            offsets = t.rotation.astype(np.int64) * NUM_CELLS + t.anchor.astype(np.int64)
            self.offset_to_pid[b, offsets] = np.arange(len(t))
            self.pid_to_offset.append(offsets)
        self._prefix_rows: dict[tuple[int, ...], np.ndarray] = {
            (): np.arange(len(self.layouts), dtype=np.int64)
        }
        self._prefix_masks: dict[tuple[int, ...], np.ndarray] = {}
        self._clue_beliefs: dict[tuple, Belief] = {}
        self._fact_cache: dict[tuple, np.ndarray] = {}
        obs_layout = observation.observation_layout(n, self.belief_features, self.expert)
        self.layout = self.obs_layout = obs_layout
        """The observation's pieces (``obs_layout`` too: not the buildings' ``layouts``)."""
        self.secret_size = NUM_BUILDINGS * NUM_PLACEMENT_IDS
        """The hidden layout (``observe_secret``): each building's placement id, one-hot."""
        self.obs_offsets, self.seat_rows, self.belief_span = observation.offsets(obs_layout, n)
        self.placement_offsets = [offsets.tolist() for offsets in self.pid_to_offset]
        """``pid_to_offset`` as Python ints, for writing single entries fast."""

    # -- helpers shared by states ---------------------------------------------------------------
    def clue_belief(self, clues: tuple[Clue, ...], axis_clues: tuple[AxisClue, ...] = ()) -> Belief:
        """The layouts agreeing with the starting clues (cell clues, or expert axis clues)."""
        key = (tuple(clues), tuple(axis_clues))
        belief = self._clue_beliefs.get(key)
        if belief is None:
            if len(self._clue_beliefs) > 256:
                self._clue_beliefs.clear()
            facts = [("cell", c.cell, c.kind) for c in clues]
            facts += [("axis", *c) for c in axis_clues]
            if facts:  # the layouts whose bits are set in every fact's bitmap
                words = reduce(np.bitwise_and, map(self._fact_bits, facts))
                hit = (words != 0).nonzero()[0]  # the words with a layout, then their bits
                unpacked = np.unpackbits(words[hit], bitorder="little")
                bits = unpacked.view(np.bool_).nonzero()[0]
                indices = hit[bits >> WORD_SHIFT] * WORD_BITS + (bits & (WORD_BITS - 1))
            else:
                indices = np.arange(len(self.layouts), dtype=np.int32)
            belief = Belief(self.layouts, indices.astype(np.int32))
            self._clue_beliefs[key] = belief
        return belief

    def _fact_bits(self, fact: tuple) -> np.ndarray:
        """The layouts with a trap ``("cell", cell, kind)`` or an axis answer ``("axis", axis,
        question, answer)`` as a bitmap (bit ``i % 8`` of byte ``i // 8``, little-endian, 20 kB
        for the shipped tiles): a few words ANDed find the layouts of a set of clues at once
        (cached: a game's clues come from few such facts)."""
        words = self._fact_cache.get(fact)
        if words is None:
            if fact[0] == "cell":
                _, cell, kind = fact
                hit = self.layouts.kind[:, cell] == kind
            else:
                _, axis, question, answer = fact
                hit = self.table[question, :, axis] == answer
            words = np.packbits(hit, bitorder="little")
            words.setflags(write=False)
            self._fact_cache[fact] = words
        return words

    def prefix_rows(self, prefix: tuple[int, ...]) -> np.ndarray:
        """Layouts whose first ``len(prefix)`` buildings sit at these placement ids."""
        rows = self._prefix_rows.get(prefix)
        if rows is None:
            parent = self.prefix_rows(prefix[:-1])
            b = len(prefix) - 1
            rows = parent[self.layouts.placements[parent, b] == prefix[-1]]
            if len(self._prefix_rows) > 50_000:
                self._prefix_rows.clear()
                self._prefix_rows[()] = np.arange(len(self.layouts), dtype=np.int64)
            self._prefix_rows[prefix] = rows
        return rows

    def placement_mask(self, prefix: tuple[int, ...]) -> np.ndarray:
        """The action mask while entering building ``len(prefix)`` of a guess: the placements
        that still extend the pieces already entered to at least one legal layout."""
        mask = self._prefix_masks.get(prefix)
        if mask is None:
            b = len(prefix)
            rows = self.prefix_rows(prefix)
            pids = np.unique(self.layouts.placements[rows, b])
            mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
            mask[PLACE0 + self.pid_to_offset[b][pids]] = 1
            mask.setflags(write=False)
            if len(self._prefix_masks) > 50_000:
                self._prefix_masks.clear()
            self._prefix_masks[prefix] = mask
        return mask
