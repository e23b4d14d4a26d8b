"""Archeos Society rules engine (see the package docstring for the rules summary and decisions)."""

from __future__ import annotations

import math
from collections import Counter
from typing import Any

import numpy as np

from ...core import chance
from ...core.engine import TERMINAL, ConfigError
from ...core.fields import added, added_in, replaced, replaced_in
from ...core.options import Option, choice, data
from ...core.turn_based import TurnBasedGame, TurnBasedState, mask_of, slots
from . import actions, components, invariants, observation, saved, spec, text, view
from .actions import (
    ADD,
    DRAW,
    EFFECTS,
    NUM_ACTIONS,
    NUM_TARGETS,
    PROFESSOR_PHASE,
    SECOND_VEHICLE,
    SIDE_ADVANCED,
    SIDE_COMPASS,
    STOP,
    TAKE0,
    TARGET0,
    TOKEN0,
    TRAIT,
    TRAIT_COLOUR,
    TRAIT_ROLE,
    TURN,
    UR_PHASE,
    USE_ROLE,
)
from .components import (
    BOTANIST,
    CARTOGRAPHER,
    CURATOR,
    GUIDE,
    HAND_LIMIT,
    L_SITES,
    LINGUIST,
    MERCENARY,
    MONKEY,
    NUM_COLOURS,
    NUM_KINDS,
    PATRON,
    PHYSICIAN,
    PILOT,
    PROFESSOR,
    PROFESSOR_TOKENS,
    ROLES,
    ROLES_PER_GAME,
    STUDENT,
)
from .spec import SPEC

EXTRA_SETUPS = ("random", "draft")
DATA_OPTIONS = ("cards", "sites", "tables", "scenarios")


def _setup_name(value: Any) -> str:
    if not isinstance(value, str):
        raise TypeError(value)
    return value


OPTIONS = (
    choice("num_players", 4, SPEC.player_counts),
    Option(
        "setup",
        "chichen_itza",
        f"a scenario id of the scenarios file or one of {EXTRA_SETUPS}",
        _setup_name,
    ),
    *(data(name) for name in DATA_OPTIONS),
)
BOTANIST_POINTS = 2  # taking the tile, and holding it at the end of a season
LINGUIST_POINTS = 2  # the furthest on the Linguist track at the end of a season
RAPA_NUI_POINTS = 3  # the furthest on Rapa Nui at the end of a season
NO_BOTANIST = (-1, -1)
"""``botanist`` while nobody holds the tile (no player, no expedition)."""
NO_TOKENS = (-1,) * PROFESSOR_TOKENS
"""``tokens`` while every Professor token is in the middle."""

_ROLE_OF = [k // NUM_COLOURS for k in range(NUM_KINDS)]
_COLOUR_OF = [k % NUM_COLOURS for k in range(NUM_KINDS)]
_MERC_KINDS = slice(MERCENARY * NUM_COLOURS, (MERCENARY + 1) * NUM_COLOURS)
_SHARING = tuple(
    [
        tuple(k for k in range(NUM_KINDS) if trait[k] == trait[lead] or _ROLE_OF[k] == MERCENARY)
        for lead in range(NUM_KINDS)
    ]
    for trait in (_COLOUR_OF, _ROLE_OF)
)
"""``_SHARING[trait][leader]``: the kinds that may join its expedition, by colour (0) or role
(1); Mercenaries are wild."""


def _mark_held(counts: list[int], out: np.ndarray) -> None:
    """Set ``out`` to 1 for the kinds that have a card (counts are small: they fit in bytes)."""
    np.minimum(np.frombuffer(bytes(counts), dtype=np.int8), 1, out=out)


class ArcheosSocietyState(
    chance.Chance, TurnBasedState, files=(actions, saved, view, observation, text, invariants)
):
    """An Archeos Society position: plain Python lists and ints, cards handled by kind."""

    __slots__ = slots(
        saved.FIELDS, "_mixed", "hand_size", "area_size", "played", "unit", "planes", "_obs_cache"
    )
    PUT = frozenset(observation.FIELDS)  # the fields the kept public tables read

    def __init__(self, game: ArcheosSocietyGame):
        super().__init__(game)
        self._mixed = chance.NO_DRAWS  # (a slot hides the class's default)
        n = game.num_players
        self.hand_size = [0] * n
        self.area_size = 0
        self.played = [0] * NUM_KINDS  # cards per kind in the expeditions (derived, for speed)
        self.unit = game.scales.card
        self.planes = np.zeros((2 * n + 3, NUM_KINDS), dtype=np.float32)
        """Card counts as float rows in observation units (``unit`` per card), kept in step with
        the lists so the observation copies them: hands (rows 0..n-1), known cards (n..2n-1),
        the area (2n), expeditions (2n+1), zeros (2n+2)."""
        self._obs_cache: dict = {}

    # -- set-up ------------------------------------------------------------------------------
    @classmethod
    def new_game(cls, game: ArcheosSocietyGame, rng: np.random.Generator) -> ArcheosSocietyState:
        state = cls(game)
        state._reseed(rng)
        state.first_player = int(rng.integers(game.num_players))
        if game.setup in game.scenarios:
            roles, colour = game.scenarios[game.setup]
        elif game.setup == "random":
            roles = sorted(int(r) for r in rng.choice(components.NUM_ROLES, ROLES_PER_GAME, False))
            colour = int(rng.integers(NUM_COLOURS))
        else:  # draft: 6 role cards to the first player, the other 6 face down aside
            order = [int(r) for r in rng.permutation(components.NUM_ROLES)]
            state.draft_hand = sorted(order[:ROLES_PER_GAME])
            state.draft_aside = order[ROLES_PER_GAME:]
            state.put("sides", (-1,) * NUM_COLOURS)
            state._see_draft_hand(state.first_player)
            state.decision, state.decider = actions.DRAFT_ROLE, state.first_player
            return state
        state.put("roles", tuple(roles))
        state.put("sides", replaced(state.sides, colour, 1))  # the advanced board
        state._start_season()
        return state

    def _start_season(self) -> None:
        n = self.game.num_players
        rng = self._generator()
        cards = rng.permutation(view.multiset(self.game.composition(self.roles))).tolist()
        self.discard = [0] * NUM_KINDS
        self.area = [cards[n : 2 * n + 2].count(k) for k in range(NUM_KINDS)]
        self.hands = [[int(k == cards[p]) for k in range(NUM_KINDS)] for p in range(n)]
        self.known = [[0] * NUM_KINDS for _ in range(n)]
        self.expeditions = [[] for _ in range(n)]
        rest = cards[2 * n + 2 :]
        top_size = len(rest) // 2
        bottom = rng.permutation(rest[top_size:] + [MONKEY] * components.NUM_MONKEYS).tolist()
        # kept top-last (``cards[0]`` is the top): the bottom half first, then the top half
        self.deck = bottom[::-1] + rest[:top_size][::-1]
        self.top_left = top_size
        self.derive()
        self.monkeys = 0
        self.monkey_holder = -1
        self.put("botanist", NO_BOTANIST)
        self.put("tokens", NO_TOKENS)
        self._clear_expedition()
        self.phase = actions.PLAY
        self.decision, self.decider = TURN, self.first_player

    # -- protocol ----------------------------------------------------------------------------
    def scores(self) -> list[float]:
        return [float(s) for s in self.score]

    def tiebreak(self, player: int) -> list[int]:
        """Sizes of the player's expeditions of the last season, largest first (Mercenaries
        removed, no Photographer bonus): compared in order after the score."""
        return sorted((len(e) for e in self.expeditions[player]), reverse=True)

    def winners(self) -> list[int]:
        keys = [(self.score[p], self.tiebreak(p)) for p in range(self.game.num_players)]
        best = max(keys)
        return [p for p, k in enumerate(keys) if k == best]

    def _fresh_caches(self) -> None:
        """The derived counts and rows kept for speed are this copy's own."""
        self.hand_size = self.hand_size[:]
        self.played = self.played[:]
        self.planes = self.planes.copy()
        self._obs_cache = {}

    # -- queries -----------------------------------------------------------------------------
    def board(self, colour: int) -> components.Site:
        return self.game.boards[colour][self.sides[colour] == 1]

    def _two_vehicle_colour(self) -> int:
        for c in range(NUM_COLOURS):
            if self.sides[c] == 1 and self.board(c).rule == "ta_sekhet_maat":
                return c
        return -1

    def vehicles(self, colour: int) -> tuple[int, ...]:
        """Targets of a board: its colour, plus the second vehicle on Ta-sekhet-maat."""
        if self.sides[colour] == 1 and self.board(colour).rule == "ta_sekhet_maat":
            return (colour, SECOND_VEHICLE)
        return (colour,)

    def _target_site(self, target: int) -> components.Site:
        return self.board(self._two_vehicle_colour() if target == SECOND_VEHICLE else target)

    def size(self) -> int:
        """Cards in the expedition whose effects are resolved (or which is being played)."""
        return len(self.expeditions[self.decider][self.at])

    def _colour_targets(self) -> list[int]:
        if self.colour_done:
            return []
        size = self.size() + (_ROLE_OF[self.lead] == GUIDE)
        colours = range(NUM_COLOURS) if _ROLE_OF[self.lead] == PILOT else (_COLOUR_OF[self.lead],)
        out = []
        pos, moved = self.pos[self.decider], self.moved
        for c in colours:
            for t in self.vehicles(c):
                site = self._target_site(t)
                if pos[t] < site.last and size >= site.thresholds[pos[t]] and not moved >> t & 1:
                    out.append(t)
        return out

    def _free_targets(self, p: int, step: int, moved: int = 0) -> list[int]:
        """Vehicles that can move one space forward (step 1) or back (step -1), except those
        in the bit set ``moved`` (already advanced by this expedition)."""
        pos = self.pos[p]
        return [
            t
            for c in range(NUM_COLOURS)
            for t in self.vehicles(c)
            if not moved >> t & 1
            and ((pos[t] < self._target_site(t).last) if step > 0 else pos[t] > 0)
        ]

    def _role_options(self) -> list[int]:
        """Role-effect actions open now: USE_ROLE or Professor tokens."""
        if self.role_done:
            return []
        p, role, size = self.decider, _ROLE_OF[self.lead], self.size()
        if role == PROFESSOR:
            return [TOKEN0 + v for v in range(min(size, PROFESSOR_TOKENS)) if self.tokens[v] < 0]
        if role == BOTANIST:
            holder, index = self.botanist
            usable = holder < 0 or size >= len(self.expeditions[holder][index])
        elif role == LINGUIST:
            usable = self.linguist[p] < self.game.tables.linguist_length
        elif role in (PHYSICIAN, CARTOGRAPHER):
            usable = self.hand_size[p] > 0 and (role == PHYSICIAN or self.cart_ok)  # (public)
        elif role == CURATOR:
            usable = not self.relics[p][_COLOUR_OF[self.lead]]
        else:
            usable = role == PATRON
        return [USE_ROLE] if usable else []

    # -- legal actions, one function per decision -------------------------------------------
    def _legal_leads(self) -> np.ndarray:
        """The kinds in the decider's hand that may lead an expedition (not Mercenaries)."""
        mask = self._no_legal_actions()
        leads = mask[:NUM_KINDS]
        _mark_held(self.hands[self.decider], leads)
        leads[_MERC_KINDS] = 0
        return mask

    def _legal_turn(self) -> np.ndarray:
        mask = self._legal_leads()
        if self.hand_size[self.decider] < HAND_LIMIT:
            _mark_held(self.area, mask[TAKE0:DRAW])
            mask[DRAW] = 1
        elif not mask[:NUM_KINDS].any():
            mask[STOP] = 1  # ten Mercenaries: the hand goes to the area
        return mask

    def _legal_extra(self) -> np.ndarray:
        mask = self._legal_leads()
        mask[STOP] = 1
        return mask

    _legal_ur = _legal_extra

    def _legal_trait(self) -> np.ndarray:
        return mask_of((TRAIT_COLOUR, TRAIT_ROLE), NUM_ACTIONS)

    def _legal_add(self) -> np.ndarray:
        addable = self._addable() if self.size() < self.cap else []
        return mask_of([STOP, *addable], NUM_ACTIONS)

    def _legal_effects(self) -> np.ndarray:
        targets = [TARGET0 + t for t in self._colour_targets()]
        return mask_of([STOP, *targets, *self._role_options()], NUM_ACTIONS)

    def _legal_free_advance(self) -> np.ndarray:
        targets = [TARGET0 + t for t in self._free_targets(self.decider, 1, self.moved)]
        return mask_of([STOP, *targets], NUM_ACTIONS)

    def _legal_professor_move(self) -> np.ndarray:
        step = self.prof_queue[0][1]
        targets = [TARGET0 + t for t in self._free_targets(self.decider, step)]
        stop = [STOP] if step > 0 else []  # the advance is optional, the move back is not
        return mask_of(stop + targets, NUM_ACTIONS)

    def _legal_keep(self) -> np.ndarray:
        hand, kept = self.hands[self.decider], self.kept
        return mask_of([STOP, *(k for k in range(NUM_KINDS) if hand[k] > kept[k])], NUM_ACTIONS)

    def _legal_uluru(self) -> np.ndarray:
        return mask_of((STOP, actions.CASH_IN), NUM_ACTIONS)

    def _legal_draft_role(self) -> np.ndarray:
        return mask_of([actions.DRAFT_ROLE0 + r for r in self.draft_hand], NUM_ACTIONS)

    def _legal_draft_site(self) -> np.ndarray:
        return mask_of((SIDE_COMPASS, SIDE_ADVANCED), NUM_ACTIONS)

    def _addable(self) -> list[int]:
        hand = self.hands[self.decider]
        return [k for k in _SHARING[self.trait][self.lead] if hand[k]]

    # -- a turn ------------------------------------------------------------------------------
    def _on_turn(self, action: int) -> None:
        p = self.decider
        if action < NUM_KINDS:
            self._start_expedition(p, action, HAND_LIMIT)
        elif action < DRAW:
            k = action - TAKE0
            self.area[k] -= 1
            self.area_size -= 1
            self.hands[p][k] += 1
            self.hand_size[p] += 1
            self.known[p][k] += 1
            planes = self.planes
            planes[-3, k] -= self.unit  # the area's row (see ``planes``)
            planes[p, k] += self.unit
            planes[self.game.num_players + p, k] += self.unit
            self._end_turn(p)
        elif action == DRAW:
            count = 2 if self.area_size == 0 and self.hand_size[p] <= HAND_LIMIT - 2 else 1
            if self._draw(p, count):
                self._end_turn(p)
        else:  # STOP: ten Mercenaries, the hand goes to the recruitment area
            self._dump_hand(p)
            self._end_turn(p)

    def _draw(self, p: int, count: int) -> bool:
        """Draw ``count`` cards, revealing monkeys; False if the third monkey ended the season."""
        deck = self.deck
        while count > 0 and deck:
            card = deck.pop()
            if self.top_left:
                self.top_left -= 1
            if card == MONKEY:
                self.monkeys += 1
                if self.monkeys == components.NUM_MONKEYS:
                    self._third_monkey(p)
                    return False
                continue
            self.hands[p][card] += 1
            self.planes[p, card] += self.unit
            self.hand_size[p] += 1
            count -= 1
        return True

    def _start_expedition(self, p: int, kind: int, cap: int) -> None:
        self._take_from_hand(p, kind, 1)
        self.expeditions[p].append([kind])
        self.played[kind] += 1
        self.planes[-2, kind] += self.unit
        self.lead = kind
        self.trait = self.at = -1
        self.cap = cap
        self.moved = 0
        self.colour_done = self.role_done = self.cart_ok = False
        self.decision = TRAIT

    def _take_from_hand(self, p: int, kind: int, count: int) -> None:
        self.hands[p][kind] -= count
        self.hand_size[p] -= count
        self.planes[p, kind] -= count * self.unit
        known = self.known[p]
        if known[kind]:
            known[kind] = max(0, known[kind] - count)
            self.planes[self.game.num_players + p, kind] = known[kind] * self.unit

    def _on_trait(self, action: int) -> None:
        self.trait = 0 if action == TRAIT_COLOUR else 1
        self.decision = ADD
        if not self._may_add():
            self._expedition_played()

    def _on_add(self, action: int) -> None:
        if action == STOP:
            self._expedition_played()
            return
        p = self.decider
        self._take_from_hand(p, action, 1)
        self.expeditions[p][-1].append(action)
        self.played[action] += 1
        self.planes[-2, action] += self.unit
        if not self._may_add():
            self._expedition_played()

    def _may_add(self) -> bool:
        """Whether the add step is offered: on public facts only (the size cap, an empty hand),
        never on what the hidden hand holds, which would tell the others (stop is legal)."""
        return self.size() < self.cap and self.hand_size[self.decider] > 0

    def _expedition_played(self) -> None:
        role = _ROLE_OF[self.lead]
        self.colour_done = role == STUDENT  # a Student leader never moves a vehicle
        self.cart_ok = role == CARTOGRAPHER and bool(self._colour_targets())
        self._effects()

    def _effects(self) -> None:
        if not self._colour_targets() and not self._role_options():
            self._close_expedition()
        else:
            self.decision = EFFECTS

    def _close_expedition(self) -> None:
        """The effects of this expedition are over: back to the Cartographer expedition that
        waits for its colour effect, or the end of the turn."""
        if not self.suspended:
            self._finish_expedition()
            return
        self.lead, self.at = self.suspended.pop()
        self.trait = -1
        self.colour_done = self.cart_ok = False
        self.role_done = True
        self.moved = 0
        self._effects()

    def _on_effects(self, action: int) -> None:
        p = self.decider
        if action == STOP:
            self._close_expedition()
        elif TARGET0 <= action < TARGET0 + NUM_TARGETS:
            self.colour_done = True
            if _ROLE_OF[self.lead] == PILOT:
                self.role_done = True
            self._advance(p, action - TARGET0, in_turn=True)
        elif action >= TOKEN0:
            self.put("tokens", replaced(self.tokens, action - TOKEN0, p))
            self.role_done = True
            self._effects()
        else:
            self._use_role(p)

    def _use_role(self, p: int) -> None:
        self.role_done = True
        role, size = _ROLE_OF[self.lead], self.size()
        if role == BOTANIST:
            self._gain(p, components.L_BOTANIST, BOTANIST_POINTS)
            self.put("botanist", (p, len(self.expeditions[p]) - 1))
            self._effects()
        elif role == LINGUIST:
            tables = self.game.tables
            old = self.linguist[p]
            new = min(old + size, tables.linguist_length)
            self.put("linguist", replaced(self.linguist, p, new))
            self.ling_pending = sum(1 for a in tables.linguist_artifacts if old < a <= new)
            self._resume_effects()
        elif role == PHYSICIAN:
            self.keep_left = min(size, self.hand_size[p])
            self.decision = actions.KEEP
        elif role == CARTOGRAPHER:
            if not self.colour_done:  # its colour effect may still come after the extra one
                self.suspended.append([self.lead, len(self.expeditions[p]) - 1])
            self.decision = actions.EXTRA
        elif role == CURATOR:
            self.put("relics", replaced_in(self.relics, p, _COLOUR_OF[self.lead], 1))
            self._effects()
        else:  # PATRON: draws after the hand has gone to the area
            self.patron_draw = size
            self._effects()

    def _gain(self, p: int, where: int, points: int) -> None:
        self.put("score", added(self.score, p, points))
        self.ledger[p][where] += points

    def _advance(self, p: int, target: int, in_turn: bool) -> None:
        site = self._target_site(target)
        self.put("pos", added_in(self.pos, p, target, 1))
        if in_turn:
            self.moved |= 1 << target
            if site.rule == "chichen_itza":  # more than a full hand of draws is never drawn
                draws = self.chichen_draws + site.draws[self.pos[p][target] - 1]
                self.chichen_draws = min(draws, HAND_LIMIT)
        if site.rule == "uluru":
            self.decision = actions.ULURU
            self.uluru_target = target
            return
        self._resume()

    def _on_uluru(self, action: int) -> None:
        p, t = self.decider, self.uluru_target
        if action == actions.CASH_IN:
            self._gain(p, components.L_ULURU, self._target_site(t).points[self.pos[p][t]])
            self.put("pos", replaced_in(self.pos, p, t, 0))
        self._resume()

    def _resume(self) -> None:
        if self.phase == PROFESSOR_PHASE:
            self._next_professor_move()
        else:
            self._resume_effects()

    def _resume_effects(self) -> None:
        if self.ling_pending:
            if self._free_targets(self.decider, 1, self.moved):
                self.decision = actions.FREE_ADVANCE
                return
            self.ling_pending = 0
        self._effects()

    def _on_free_advance(self, action: int) -> None:
        self.ling_pending -= 1
        if action == STOP:
            self.ling_pending = 0
            self._effects()
        else:
            self._advance(self.decider, action - TARGET0, in_turn=True)

    def _on_keep(self, action: int) -> None:
        """One of ``keep_left`` steps (a public number), a card kept or none: the others cannot
        count the cards kept before the rest of the hand is put down."""
        if action != STOP:
            self.kept[action] += 1
        self.keep_left -= 1
        if self.keep_left == 0:
            self._effects()

    def _on_extra(self, action: int) -> None:
        if action == STOP:
            self._close_expedition()
        else:
            self._start_expedition(self.decider, action, self.cap)

    def _dump_hand(self, p: int) -> None:
        hand, kept, area = self.hands[p], self.kept, self.area
        for k, count in enumerate(hand):
            if count > kept[k]:
                d = count - kept[k]
                area[k] += d
                self.area_size += d
                self._take_from_hand(p, k, d)
                self.planes[-3, k] += d * self.unit

    def _finish_expedition(self) -> None:
        p = self.decider
        self._dump_hand(p)
        draws = [self.patron_draw, self.chichen_draws]
        self._clear_expedition()
        for count in draws:
            room = HAND_LIMIT - self.hand_size[p]
            if count and room > 0 and not self._draw(p, min(count, room)):
                return
        self._end_turn(p)

    def _clear_expedition(self) -> None:
        self.lead = self.trait = self.at = self.uluru_target = -1
        self.cap = HAND_LIMIT
        self.colour_done = self.role_done = self.cart_ok = False
        self.moved = self.ling_pending = self.keep_left = self.patron_draw = self.chichen_draws = 0
        self.suspended = []
        self.kept = [0] * NUM_KINDS

    def _end_turn(self, p: int) -> None:
        if self.phase == UR_PHASE:
            self._next_ur()
            return
        self.decision, self.decider = TURN, (p + 1) % self.game.num_players

    # -- end of season -----------------------------------------------------------------------
    def _third_monkey(self, p: int) -> None:
        """The season stops at once; with Ur on the table each player may first play one more
        expedition, in turn order from whoever drew the monkey."""
        self.monkey_holder = p
        self._clear_expedition()
        ur = [c for c in range(NUM_COLOURS) if self.sides[c] == 1 and self.board(c).rule == "ur"]
        if ur and self.phase == actions.PLAY:
            n = self.game.num_players
            self.phase = UR_PHASE
            self.ur_colour = ur[0]
            self.ur_queue = [(p + i) % n for i in range(n)]
            self._next_ur()
        else:
            self._end_season()

    def _next_ur(self) -> None:
        while self.ur_queue:
            q = self.ur_queue.pop(0)
            cap = self.board(self.ur_colour).max_size[self.pos[q][self.ur_colour]]
            if cap > 0 and self.hand_size[q] > 0:  # public: the hand may hold no leader
                self.cap = min(cap, HAND_LIMIT)
                self.decision, self.decider = actions.UR, q
                return
        self.phase = actions.PLAY
        self._end_season()

    def _on_ur(self, action: int) -> None:
        if action == STOP:
            self._clear_expedition()
            self._next_ur()
        else:
            self._start_expedition(self.decider, action, self.cap)

    def _end_season(self) -> None:
        n = self.game.num_players
        # 1. hands and the recruitment area go to the discard pile
        self.discard = [sum(c) for c in zip(self.discard, self.area, *self.hands, strict=True)]
        self.hands = [[0] * NUM_KINDS for _ in range(n)]
        self.known = [[0] * NUM_KINDS for _ in range(n)]
        self.area = [0] * NUM_KINDS
        self.derive()
        # 2. end-of-season role effects
        holder = self.botanist[0]
        if holder >= 0:
            self._gain(holder, components.L_BOTANIST, BOTANIST_POINTS)
            self.put("botanist", NO_BOTANIST)
        if LINGUIST in self.roles:
            best = max(self.linguist)
            for p in range(n):
                if best > 0 and self.linguist[p] == best:
                    self._gain(p, components.L_LINGUIST, LINGUIST_POINTS)
        if PROFESSOR in self.roles:
            sums = [sum(v + 1 for v, t in enumerate(self.tokens) if t == p) for p in range(n)]
            high, low = max(sums), min(sums)
            if high != low:
                order = [(self.monkey_holder + i) % n for i in range(n)]
                self.prof_queue = [[p, 1] for p in order if sums[p] == high]
                self.prof_queue += [[p, -1] for p in order if sums[p] == low]
                self.phase = PROFESSOR_PHASE
                self._next_professor_move()
                return
        self._score_season()

    def _next_professor_move(self) -> None:
        while self.prof_queue:
            p, step = self.prof_queue[0]
            if self._free_targets(p, step):
                self.decision, self.decider = actions.PROFESSOR_MOVE, p
                return
            self.prof_queue.pop(0)
        self.phase = actions.PLAY
        self._score_season()

    def _on_professor_move(self, action: int) -> None:
        p, step = self.prof_queue.pop(0)
        if action == STOP:  # the highest sum declines its advance
            self._next_professor_move()
            return
        target = action - TARGET0
        if step > 0:
            self._advance(p, target, in_turn=False)
        else:
            self.put("pos", added_in(self.pos, p, target, -1))
            self._resume()

    def site_points(self, p: int, colour: int) -> int:
        """Points of the player's vehicle(s) on one board at the site-points step."""
        site = self.board(colour)
        pos = self.pos[p][colour]
        if site.rule == "uluru":
            return 0
        if site.rule == "ta_sekhet_maat":
            return site.points[min(pos, self.pos[p][SECOND_VEHICLE])]
        if site.rule == "tantallon":
            alone = sum(1 for q in self.pos if q[colour] == pos) == 1
            return site.big[pos] if alone else site.small[pos]
        return site.points[pos]

    def expedition_points(self, expedition: list[int]) -> int:
        """A Photographer leader counts one card more; Mercenaries count none."""
        size, photo = view.expedition_summary(expedition)
        return self.game.tables.expedition_value(size + photo)

    def _score_season(self) -> None:
        n = self.game.num_players
        self.put("tokens", NO_TOKENS)
        # 3. site points (Rapa Nui's bonus and return after its points)
        for p in range(n):
            self._gain(p, L_SITES, sum(self.site_points(p, c) for c in range(NUM_COLOURS)))
        for c in range(NUM_COLOURS):
            if self.sides[c] == 1 and self.board(c).rule == "rapa_nui":
                best = max(q[c] for q in self.pos)
                for p in range(n):
                    if best > 0 and self.pos[p][c] == best:
                        self._gain(p, components.L_RAPA_NUI, RAPA_NUI_POINTS)
                        self.put("pos", replaced_in(self.pos, p, c, 0))
        # 4. expedition points, Mercenaries removed first
        last = self.season == self.game.num_seasons
        for p in range(n):
            for e in self.expeditions[p]:
                self._gain(p, components.L_EXPEDITIONS, self.expedition_points(e))
                for k in e:  # every card is discarded, but in the last season only Mercenaries
                    if not last or _ROLE_OF[k] == MERCENARY:
                        self.discard[k] += 1
                e[:] = [k for k in e if _ROLE_OF[k] != MERCENARY]
            if not last:
                self.expeditions[p] = []
        self.first_player = self.monkey_holder
        self.derive()
        if last:
            for p in range(n):
                self._gain(p, components.L_CURATOR, self.game.tables.curator[sum(self.relics[p])])
            self.decision, self.decider = actions.GAME_OVER, TERMINAL
            return
        self.put("season", self.season + 1)
        self._start_season()

    def sync_planes(self) -> None:
        rows = [*self.hands, *self.known, self.area, self.played, [0] * NUM_KINDS]
        self.planes = np.array(rows, dtype=np.float32) * self.unit
        self._obs_cache = {}

    def derive(self) -> None:
        """What the state keeps besides its fields, for speed: built after a load and whenever the
        rules change the fields wholesale (the set-up, a season's end)."""
        self.hand_size = [sum(h) for h in self.hands]
        self.area_size = sum(self.area)
        played = Counter(k for exps in self.expeditions for e in exps for k in e)
        self.played = [played[k] for k in range(NUM_KINDS)]
        self.sync_planes()
        self._mask = None

    # -- custom set-up -----------------------------------------------------------------------
    def _see_draft_hand(self, p: int) -> None:
        for r in self.draft_hand:
            self.draft_seen[p][r] = 1

    def _on_draft_role(self, action: int) -> None:
        role = action - actions.DRAFT_ROLE0
        self.draft_hand.remove(role)
        self.put("roles", (*self.roles, role))
        nxt = (self.decider + 1) % self.game.num_players
        if len(self.roles) < ROLES_PER_GAME:
            self.draft_hand = sorted([*self.draft_hand, self.draft_aside.pop()])
            self._see_draft_hand(nxt)
            self.decider = nxt
            return
        # roles chosen: the next player draws a board at random and chooses its side
        self.put("roles", tuple(sorted(self.roles)))
        self.draft_hand, self.draft_aside = [], []
        self.draft_boards = [int(c) for c in self._generator().permutation(NUM_COLOURS)]
        self.draft_drawn = self.draft_boards.pop()
        self.decision, self.decider = actions.DRAFT_SITE, nxt

    def _on_draft_site(self, action: int) -> None:
        self.put("sides", replaced(self.sides, self.draft_drawn, int(action == SIDE_ADVANCED)))
        if self.draft_boards:
            self.draft_drawn = self.draft_boards.pop()
            self.decider = (self.decider + 1) % self.game.num_players
            return
        self.draft_drawn = -1
        self.draft_seen = [[0] * components.NUM_ROLES for _ in range(self.game.num_players)]
        self._start_season()

    # -- hidden information ------------------------------------------------------------------
    def _resample_hidden(self, player: int, rng: np.random.Generator) -> ArcheosSocietyState:
        """Redraw what ``player`` cannot see: the other hands (beyond the cards publicly known
        to be there), the deck order with its monkeys in the bottom part, the seed of future
        shuffles; in the draft, the unseen role cards and the order of the boards to draw."""
        other = self.clone()
        other._mask = None  # the decider's hand or draft hand may be redrawn
        other._reseed(rng)
        if self.decision in (actions.DRAFT_ROLE, actions.DRAFT_SITE):
            if self.decision == actions.DRAFT_ROLE:
                seen = self.draft_seen[player]
                hand = [r for r in self.draft_hand if seen[r] or player == self.decider]
                unknown = [r for r in self.draft_hand if r not in hand] + self.draft_aside
                unknown = rng.permutation(unknown).tolist()
                k = len(self.draft_hand) - len(hand)
                other.draft_hand = sorted(hand + unknown[:k])
                other.draft_aside = unknown[k:]
            other.draft_boards = rng.permutation(self.draft_boards).tolist()
            return other
        if self.decision == actions.GAME_OVER:
            return other
        others = [q for q in range(self.game.num_players) if q != player]
        pool = [k for k in self.deck if k != MONKEY]
        for q in others:  # each keeps what is known to be there, the rest goes to the pool
            kept = self.kept if q == self.decider else [0] * NUM_KINDS
            fixed = other.hands[q] = list(map(max, self.known[q], kept))
            pool += view.multiset([h - f for h, f in zip(self.hands[q], fixed, strict=True)])
        it = iter([pool[i] for i in rng.permutation(len(pool))])  # to the hands, then the deck
        for q in others:
            for _ in range(self.hand_size[q] - sum(other.hands[q])):
                other.hands[q][next(it)] += 1
        monkeys = components.NUM_MONKEYS - self.monkeys
        bottom = len(self.deck) - self.top_left  # deck list is top-last
        slots = set(int(i) for i in rng.choice(bottom, monkeys, replace=False)) if monkeys else ()
        other.deck = [MONKEY if i in slots else next(it) for i in range(len(self.deck))]
        other.sync_planes()
        return other


class ArcheosSocietyGame(TurnBasedGame, files=(spec, actions, text)):
    options = OPTIONS
    revelations = {
        **dict.fromkeys(
            ("monkeys", "monkey_holder", "season", "phase", "deck", "players.hand_size"),
            "Si vous piochez une carte Singe, vous devez aussitôt la révéler. Placez-la face "
            "visible sur la table afin que chacun puisse la voir [...] au moment où la 3e est "
            "révélée, la saison s'arrête sur-le-champ",
        ),
        **dict.fromkeys(
            ("area", "players.known"),
            "Pour finir, vous DEVEZ poser toutes les cartes que vous avez encore en main dans la "
            "zone de recrutement.",
        ),
    }
    max_game_length = 30000
    state_class = ArcheosSocietyState

    def configure(self, config: dict[str, Any]) -> None:
        self.card_counts = components.load_cards(config["cards"])
        self.boards: list[list[components.Site]] = components.load_sites(config["sites"])
        self.tables = components.load_tables(config["tables"])
        self.scenarios = components.load_scenarios(config["scenarios"], self.boards)
        self.setup = config["setup"]
        setups = (*self.scenarios, *EXTRA_SETUPS)
        if self.setup not in setups:
            raise ConfigError(f"setup must be one of {setups}, not {self.setup!r}")
        self.num_seasons = 2 if self.num_players <= 3 else 3
        totals = [sum(self.composition([r])) for r in range(components.NUM_ROLES)]
        self.max_cards = sum(sorted(totals, reverse=True)[:ROLES_PER_GAME])
        """Cards of the largest composition of 6 roles (the deck of the game at most)."""
        most_of_a_kind = max(self.card_counts)
        self.scales = observation.Scales(
            card=1.0 / (1 << (most_of_a_kind - 1).bit_length()),  # a power of 2: sums stay exact
            deck=float(self.max_cards + components.NUM_MONKEYS),
            expeditions=float(self.max_cards),
            score=float(self.score_bound()),
            linguist=float(self.tables.linguist_length),
            artifacts=float(max(1, len(self.tables.linguist_artifacts))),
        )
        self.layout = observation.LAYOUT

    def score_bound(self) -> int:
        """No reachable score lies beyond plus or minus this (the observation's scale).

        Per season, a player's expeditions hold at most ``max_cards`` cards, so at most that
        many expeditions; an expedition of ``s`` cards scores at most the best value of the
        table up to ``s + 1`` cards (a Photographer leader) plus the Botanist's 2; each
        expedition advances a vehicle once at most, so an Uluru vehicle advances at most once
        per expedition plus a Professor advance, and what it cashes in is at most its best
        points per space for each advance.  Add each board's best site points and the
        end-of-season bonuses, and at the end the museum; losses are bounded the same way."""
        table = [self.tables.expedition_value(t) for t in range(HAND_LIMIT + 2)]
        cards = self.max_cards
        per_card = max(
            (max(table[: s + 2]) + BOTANIST_POINTS) / s for s in range(1, HAND_LIMIT + 1)
        )
        best = worst = uluru_gain = uluru_loss = 0.0
        bonuses = float(BOTANIST_POINTS + LINGUIST_POINTS)
        for pair in self.boards:
            values = [v for site in pair for v in (*site.points, *site.big, *site.small)]
            best += max(0, *values)
            worst += min(0, *values)
            if any(site.rule == "rapa_nui" for site in pair):
                bonuses += RAPA_NUI_POINTS
            for site in pair:
                if site.rule == "uluru":
                    ratios = [site.points[s] / s for s in range(1, len(site.points))]
                    uluru_gain += max(0, *ratios)
                    uluru_loss += max(0, *(-v for v in site.points))
        advances = cards + 1
        gain = cards * per_card + advances * uluru_gain + best + bonuses
        loss = cards * max(0, -min(table[1:])) + advances * uluru_loss - worst
        museum = max(abs(v) for v in self.tables.curator)
        return math.ceil(self.num_seasons * max(gain, loss) + museum)

    def composition(self, roles: list[int]) -> list[int]:
        """Cards per kind in a game with these roles (monkeys aside)."""
        return [c if _ROLE_OF[k] in roles else 0 for k, c in enumerate(self.card_counts)]


__all__ = ["ArcheosSocietyGame", "ArcheosSocietyState", "OPTIONS", "ROLES"]
