"""Mykerinos rules engine (see the package docstring for the rules summary and decisions)."""

from __future__ import annotations

from typing import Any

import numpy as np

from ...core.engine import TERMINAL
from ...core.fields import added, added_in, replaced
from ...core.options import choice, data
from ...core.turn_based import TurnBasedGame, TurnBasedState, mask_of, slots
from . import actions, components, invariants, observation, saved, spec, text, view
from .actions import (
    BROWN_ROOM,
    CHOOSE_AB,
    DECLINE,
    EXCAVATE,
    EXTEND,
    NEUTRAL,
    NEUTRAL_ACTION,
    NEUTRAL_CARD,
    NUM_ACTIONS,
    NUM_ROOMS,
    ON_TABLE,
    PASS,
    PATRON0,
    PLACE,
    ROOM0,
    TAKE_LEFT,
    TAKE_RIGHT,
    TURN,
)
from .components import (
    BLACKMORE,
    BROWN,
    CELL_BIT,
    CELL_NEIGHBOURS,
    FIVE_ROOM,
    LEMON,
    PATRONS,
    SLOT_CELLS,
    VIOLET,
    cell_flags,
    dilate,
    patron_counts,
    two_free_neighbours,
)
from .observation import PublicTables

FIRST_ROOMS = tuple(r for r in range(NUM_ROOMS) if r // components.NUM_WINGS != FIVE_ROOM)
"""The 2- and 3-rooms, open to anyone (a 5-room opens to the holder of a room next to it)."""
NO_CUBES = [-1] * components.AREA_WIDTH
"""A row of an area in ``cells`` once its cubes went back to the stock."""
NOT_CELLS = bytes(NUM_ACTIONS - components.NUM_CELLS)
"""The mask of the actions after the cells when a cube is placed: none legal."""
MUSEUM_TWO_ROOMS = (5, 4)
"""2-rooms between the Museum's wings: 5 (a ring) or 4 (an open fan)."""
OPTIONS = (
    choice("num_players", 3, spec.SPEC.player_counts),
    choice("museum_two_rooms", 5, MUSEUM_TWO_ROOMS, doc="5: a ring of wings; 4: an open fan"),
    data("deck", "cards.json", doc="the parcel cards (components.load_deck)"),
)


class MykerinosState(TurnBasedState, files=(actions, saved, view, observation, text, invariants)):
    """A Mykerinos position. Plain Python data; the region is kept as bitboards."""

    __slots__ = slots(
        saved.FIELDS, "cubes", "pyramids", "valid", "patron_count", "planes", "_obs_cache"
    )
    PUT = frozenset(observation.FIELDS)  # the fields the kept public tables read

    # -- set-up ------------------------------------------------------------------------------
    def __init__(self, game: MykerinosGame):
        super().__init__(game)
        self.cubes = [0] * 5
        """The cubes of each owner as bitboards (derived from ``cells``, kept in step)."""
        self.pyramids = 0
        self.valid = components.VALID[4]
        self.patron_count = [[0] * 6 for _ in range(game.num_players)]  # derived from owned
        self.planes = np.zeros((7, components.NUM_CELLS), dtype=np.float32)
        """The board as 0/1 rows (players 0-3, neutral, pyramids, region), kept in step with the
        bitboards so that observations copy it instead of decoding bits."""
        self._obs_cache = PublicTables()
        """The observation's public tables, kept between observations."""

    @classmethod
    def new_game(cls, game: MykerinosGame, rng: np.random.Generator) -> MykerinosState:
        state = cls(game)
        state.put("first_player", int(rng.integers(game.num_players)))
        state.put("wing_patron", tuple(rng.permutation(5).tolist()))
        state.deck = rng.permutation(components.NUM_CARDS).tolist()
        state.deck_rotated = rng.integers(0, 2, components.NUM_CARDS).astype(bool).tolist()
        state._start_season()
        return state

    # -- protocol ----------------------------------------------------------------------------
    def scores(self) -> list[float]:
        return [float(s) for s in self.score]

    def winners(self) -> list[int]:
        """Most prestige, then most cubes in the personal stock; remaining ties share the win."""
        key = [(self.score[p], self.personal[p]) for p in range(self.game.num_players)]
        best = max(key)
        return [p for p, k in enumerate(key) if k == best]

    def _fresh_caches(self) -> None:
        self.cubes = self.cubes[:]
        self.patron_count = [row[:] for row in self.patron_count]
        self.planes = self.planes.copy()
        self._obs_cache = PublicTables()

    def _resample_hidden(self, player: int, rng: np.random.Generator) -> MykerinosState:
        """Only the order of the undealt parcels and their future orientation are hidden."""
        other = self.clone()
        other.deck = [self.deck[i] for i in rng.permutation(len(self.deck))]
        other.deck_rotated = [bool(x) for x in rng.integers(0, 2, len(self.deck))]
        return other

    # -- queries -----------------------------------------------------------------------------
    def _free(self) -> int:
        c = self.cubes
        return self.valid & ~(c[0] | c[1] | c[2] | c[3] | c[4] | self.pyramids)

    def _placeable(self, owner: int, left: int, own_anchor: bool, last: int, pyramid: bool) -> int:
        """Cells where the next cube of an excavation may go so that all ``left`` cubes fit."""
        cubes = self.cubes
        occupied = cubes[0] | cubes[1] | cubes[2] | cubes[3] | cubes[4]
        free = self.valid & ~(occupied | self.pyramids)
        if last >= 0:
            base = CELL_NEIGHBOURS[last]
        elif own_anchor:
            base = dilate(self.cubes[owner])
        else:
            base = self.valid
        if not pyramid:
            if left == 1:
                return base & free
            if left == 2:
                return base & free & dilate(free)
            return base & free & dilate(free & two_free_neighbours(free))
        open_pyramids = self.pyramids & self.valid & ~occupied
        if left == 1:
            return base & (free | open_pyramids)
        return (base & free & dilate(free | open_pyramids)) | (base & open_pyramids & dilate(free))

    def museum_rooms_for(self, player: int) -> list[int]:
        """Rooms where ``player`` may place a cube: any free 2- or 3-room, or a free 5-room
        next to a 2- or 3-room the player holds."""
        museum = self.game.museum
        rooms = self.museum
        opened = set(FIRST_ROOMS)
        for room in museum.rooms:
            if rooms[room] == player:
                opened.update(museum.unlocked_by[room])
        return [r for r in museum.rooms if rooms[r] < 0 and r in opened]

    def _area_slots_left(self) -> list[int]:
        left = 2 * self.survey_area
        return [s for s in (left, left + 1) if self.slot_state[s] == ON_TABLE]

    # -- legal actions, one function per decision -------------------------------------------
    def _legal_turn(self) -> np.ndarray:
        p = self.decider
        legal = [PASS]
        stock = self.personal[p]
        if stock == 0:
            return mask_of(legal, NUM_ACTIONS)  # with no cube left, passing is the only action
        free = self._free()
        if free:
            legal.append(EXCAVATE)
            if stock >= 2 and self._placeable(p, 2, True, -1, False):
                legal.append(EXTEND)
        counts = self.patron_count[p]
        for k, tilted in enumerate(self.tilted[p]):  # (the five patrons)
            if counts[k] > tilted and self._patron_possible(k, p, stock, free):
                legal.append(PATRON0 + k)
        return mask_of(legal, NUM_ACTIONS)

    def _legal_choose_ab(self) -> np.ndarray:
        p = self.decider
        pyramid = self.turn_patron == LEMON
        legal = [EXCAVATE] if self._placeable(p, 1, False, -1, pyramid) else []
        if self.personal[p] >= 2 and self._placeable(p, 2, True, -1, pyramid):
            legal.append(EXTEND)
        return mask_of(legal, NUM_ACTIONS)

    def _legal_place(self) -> np.ndarray:
        cells = self._placeable(
            self.chain_owner,
            self.chain_left,
            self.chain_own_anchor,
            self.chain_last,
            self.chain_pyramid,
        )
        return np.frombuffer(cell_flags(cells, NOT_CELLS), np.int8)  # (read-only: a mask)

    def _legal_brown_room(self) -> np.ndarray:
        return mask_of([ROOM0 + r for r in self.museum_rooms_for(self.decider)], NUM_ACTIONS)

    def _legal_neutral_action(self) -> np.ndarray:
        legal = [DECLINE]
        if self._free():
            legal.append(EXCAVATE)
            held = self.neutral_stock[self.decider]
            if held >= 2 and self._placeable(NEUTRAL, 2, True, -1, False):
                legal.append(EXTEND)
        return mask_of(legal, NUM_ACTIONS)

    def _parcels(self) -> list[int]:
        return [TAKE_LEFT + s % 2 for s in self._area_slots_left()]

    def _legal_neutral_card(self) -> np.ndarray:
        return mask_of(self._parcels(), NUM_ACTIONS)

    def _legal_survey_choice(self) -> np.ndarray:
        p = self.decider
        rooms = self.museum_rooms_for(p) if self.general[p] > 0 else ()
        return mask_of([*self._parcels(), *(ROOM0 + r for r in rooms)], NUM_ACTIONS)

    def _legal_leftover(self) -> np.ndarray:
        return mask_of([*self._parcels(), DECLINE], NUM_ACTIONS)

    def _patron_possible(self, patron: int, p: int, stock: int, free: int) -> bool:
        if patron == VIOLET:
            return self.general[p] > 0 and bool(free)
        if patron == LEMON:
            return bool(self._placeable(p, 1, False, -1, True)) or (
                stock >= 2 and bool(self._placeable(p, 2, True, -1, True))
            )
        if patron == BROWN:
            return bool(self.museum_rooms_for(p))
        if patron == BLACKMORE:
            return stock >= 2 and bool(self._placeable(p, 2, False, -1, False))
        return stock >= 3 and bool(self._placeable(p, 3, True, -1, False))  # Tangerine

    # -- phase 2: excavations ----------------------------------------------------------------
    def _on_turn(self, action: int) -> None:
        p = self.decider
        if action == PASS:
            self._pass(p)
        elif action in (EXCAVATE, EXTEND):  # A: one cube anywhere; B: two, next to one's own
            extend = action == EXTEND
            self._start_chain(p, 2 if extend else 1, own_anchor=extend)
        else:
            patron = action - PATRON0
            self.put("tilted", added_in(self.tilted, p, patron, 1))
            self.turn_patron = patron
            if patron == VIOLET:
                self.general[p] -= 1
                self.personal[p] += 1
            if patron in (VIOLET, LEMON):
                self.decision = CHOOSE_AB
            elif patron == BROWN:
                self.decision = BROWN_ROOM
            elif patron == BLACKMORE:  # two cubes anywhere
                self._start_chain(p, 2, own_anchor=False)
            else:  # Colonel Tangerine: three, next to one's own
                self._start_chain(p, 3, own_anchor=True)

    def _on_choose_ab(self, action: int) -> None:
        extend = action == EXTEND
        self._start_chain(self.decider, 2 if extend else 1, extend, self.turn_patron == LEMON)

    def _start_chain(self, owner: int, cubes: int, own_anchor: bool, pyramid: bool = False):
        self.decision = PLACE
        self.chain_owner = owner
        self.chain_left = cubes
        self.chain_own_anchor = own_anchor
        self.chain_last = -1
        self.chain_pyramid = pyramid

    def _on_place(self, cell: int) -> None:
        p, owner = self.decider, self.chain_owner
        bit = CELL_BIT[cell]
        self.cells[cell] = owner
        self.cubes[owner] |= bit
        self.planes[owner, cell] = 1.0
        if self.pyramids & bit:
            self.chain_pyramid = False
        (self.neutral_stock if owner == NEUTRAL else self.personal)[p] -= 1
        self.chain_left -= 1
        self.chain_last = cell
        if self.chain_left == 0:  # the excavation is laid: its fields go back to rest
            self.chain_owner = 0
            self.chain_own_anchor = self.chain_pyramid = False
            self.chain_last = -1
            if owner == NEUTRAL:
                self._end_turn(p)
            else:
                self._after_own_action(p)

    def _on_brown_room(self, action: int) -> None:
        p = self.decider
        self.put("museum", replaced(self.museum, action - ROOM0, p))
        self.personal[p] -= 1
        self._after_own_action(p)

    def _after_own_action(self, p: int) -> None:
        if self.game.num_players == 2 and self.neutral_stock[p] > 0 and self._free():
            self.decision = NEUTRAL_ACTION
        else:
            self._end_turn(p)

    def _on_neutral_action(self, action: int) -> None:
        if action == DECLINE:
            self._end_turn(self.decider)
        else:
            self._start_chain(NEUTRAL, 1 if action == EXCAVATE else 2, action == EXTEND)

    def _end_turn(self, p: int) -> None:
        self.turn_patron = -1
        if self.last_turn:  # the last action of the season: the player passes
            self._pass(p)
        else:
            self.decision, self.decider = TURN, self._next_active(p)

    def _pass(self, p: int) -> None:
        self._take_pass_space(p)
        if self.last_turn:  # every player has passed: the survey
            self.last_turn = False
            self._survey(0)
            self._advance_survey()
            return
        if self.pass_space.count(0) == 1:
            self.last_turn = True  # the last player left takes one more action
        self.decision, self.decider = TURN, self._next_active(p)

    def _next_active(self, p: int) -> int:
        n = self.game.num_players
        for step in range(1, n + 1):
            q = (p + step) % n
            if not self.pass_space[q]:
                return q
        raise AssertionError("no active player")  # pragma: no cover

    def _take_pass_space(self, p: int) -> None:
        """The lowest free passing space 1-5 (the neutral's 2 is taken with 2 players)."""
        taken = {*self.pass_space, actions.NEUTRAL_PASS_SPACE if self.game.num_players == 2 else 0}
        self.pass_space[p] = next(s for s in range(1, 6) if s not in taken)

    # -- phase 3: survey ---------------------------------------------------------------------
    def _survey(self, area: int) -> None:
        self.survey_area, self.ranked, self.rank_pos = area, self._ranking(area), 0

    def _ranking(self, area: int) -> list[int]:
        """The owners present in the area: most cubes first, ties to the earlier passer."""
        bits = components.AREA_BITS[area]
        space = {**dict(enumerate(self.pass_space)), NEUTRAL: actions.NEUTRAL_PASS_SPACE}
        ranks = sorted((-(self.cubes[o] & bits).bit_count(), space[o], o) for o in self.game.owners)
        return [o for cubes, _, o in ranks if cubes]

    def _advance_survey(self) -> None:
        while True:
            left = self._area_slots_left()
            while self.rank_pos < len(self.ranked) and left:
                pos, owner = self.rank_pos, self.ranked[self.rank_pos]
                if owner != NEUTRAL:
                    self.decision = actions.SURVEY_CHOICE if pos <= 1 else actions.LEFTOVER
                    self.decider = owner
                    return
                if pos <= 1 and len(left) == 1:
                    break  # a neutral 1st or 2nd takes the lone parcel out: the area closes
                if pos <= 1 and (picker := self._neutral_picker(pos)) is not None:
                    self.decision, self.decider = NEUTRAL_CARD, picker
                    return
                self.rank_pos += 1
            self._close_area()
            if self.survey_area + 1 == len(self.slots) // 2:
                self._end_season()  # (which sets the survey's fields at rest)
                return
            self._survey(self.survey_area + 1)

    def _neutral_picker(self, pos: int) -> int | None:
        """Who chooses the parcel the neutral takes: for a 1st-ranked neutral the 3rd-ranked
        player, or the player absent from the area; for a 2nd-ranked neutral the 1st.  A neutral
        alone in an area takes nothing (both parcels are discarded)."""
        if pos == 1:
            return self.ranked[0]
        if len(self.ranked) >= 3:
            return self.ranked[2]
        if len(self.ranked) == 2:
            return next(p for p in range(2) if p not in self.ranked)
        return None

    def _on_survey_choice(self, action: int) -> None:
        p = self.decider
        if ROOM0 <= action < ROOM0 + NUM_ROOMS:
            self.put("museum", replaced(self.museum, action - ROOM0, p))
            self.general[p] -= 1
        elif action in (TAKE_LEFT, TAKE_RIGHT):
            slot = 2 * self.survey_area + action - TAKE_LEFT
            if self.decision == NEUTRAL_CARD:
                self._remove_slot(slot)
            else:
                self._take_parcel(p, slot)
        self.rank_pos += 1
        self._advance_survey()

    _on_leftover = _on_neutral_card = _on_survey_choice

    def _take_parcel(self, p: int, slot: int) -> None:
        card = self.game.cards[self.slots[slot]]
        self.put("slot_state", replaced(self.slot_state, slot, p))
        self.put("owned", replaced(self.owned, p, (*self.owned[p], card.id)))
        self.patron_count[p][card.patron] += 1
        self.put("score", added(self.score, p, card.prestige))

    def _remove_slot(self, slot: int) -> None:
        self.put("slot_state", replaced(self.slot_state, slot, actions.REMOVED))
        self.put("removed", (*self.removed, self.slots[slot]))

    def _close_area(self) -> None:
        area_bits = components.AREA_BITS[self.survey_area]
        for s in self._area_slots_left():
            self._remove_slot(s)
        for owner in range(5):
            self.general[owner] += (self.cubes[owner] & area_bits).bit_count()
            self.cubes[owner] &= ~area_bits
        for row in components.AREA_ROWS[self.survey_area]:
            self.cells[row] = NO_CUBES
            self.planes[:5, row] = 0.0

    # -- seasons -----------------------------------------------------------------------------
    def _start_season(self) -> None:
        n = self.game.num_players
        for p in range(n):
            take = min(self.game.allotment, self.general[p])
            self.general[p] -= take
            self.personal[p] += take
        if n == 2:
            for p in (self.first_player, 1 - self.first_player):  # from the first player on
                take = min(actions.NEUTRAL_CUBES_PER_SEASON, self.general[NEUTRAL])
                self.general[NEUTRAL] -= take
                self.neutral_stock[p] += take
        k = components.parcels_in_season(self.season)
        self.put("slots", tuple(self.deck[:k]))
        self.deck = self.deck[k:]
        self.slot_rotated, self.deck_rotated = self.deck_rotated[:k], self.deck_rotated[k:]
        self.put("slot_state", (ON_TABLE,) * k)
        self._set_region()
        self.decision, self.decider = TURN, self.first_player

    def _set_region(self) -> None:
        table = self.game.pyramid_bits
        self.valid = components.VALID[components.region_rows(self.season)]
        self.pyramids = 0
        for s, (card, rotated) in enumerate(zip(self.slots, self.slot_rotated, strict=True)):
            self.pyramids |= table[card][2 * s + rotated]
        self.planes[5] = np.frombuffer(cell_flags(self.pyramids), np.uint8)
        self.planes[6] = np.frombuffer(cell_flags(self.valid), np.uint8)

    def derive(self) -> None:
        """Build what the state keeps besides its fields (``saved.FIELDS``): the region and its
        pyramids, then what :meth:`sync_derived` rebuilds."""
        invariants.check_layout(self)
        self._set_region()
        self.sync_derived()

    def sync_derived(self) -> None:
        """Rebuild what is kept alongside the rules data for speed (cube bitboards, board
        planes, cards per patron, the cached mask) after the data was edited directly."""
        self.cubes = [0] * 5
        for c, owner in enumerate(self.cells):
            if owner >= 0:
                self.cubes[owner] |= CELL_BIT[c]
        for row, bb in enumerate([*self.cubes, self.pyramids, self.valid]):
            self.planes[row] = np.frombuffer(cell_flags(bb), np.uint8)
        self.patron_count = [patron_counts(self.game.cards, cards) for cards in self.owned]
        self._mask = None

    def _end_season(self) -> None:
        self.put("first_player", self.pass_space.index(max(self.pass_space)))  # the last to pass
        self.pass_space = [0] * self.game.num_players
        self.put("tilted", ((0,) * len(PATRONS),) * self.game.num_players)
        self.survey_area, self.ranked, self.rank_pos = 0, [], 0  # the survey's fields at rest
        if self.season == actions.NUM_SEASONS:
            self._final_scoring()
            self.decision, self.decider = actions.GAME_OVER, TERMINAL
            return
        self.put("season", self.season + 1)
        self._start_season()

    def exhibition(self, player: int) -> tuple[list[int], int]:
        """Final exhibition points per wing (wing order 1..5) and the series bonus."""
        museum = self.game.museum
        held = [r for r in museum.rooms if self.museum[r] == player]
        counts = self.patron_count[player]
        per_wing = [counts[self.wing_patron[w]] * museum.best_value(w, held) for w in range(5)]
        return per_wing, 5 * min(counts[: components.NO_PATRON])

    def _final_scoring(self) -> None:
        for p in range(self.game.num_players):
            per_wing, series = self.exhibition(p)
            self.final_bonus[p] = sum(per_wing) + series
            self.put("score", added(self.score, p, self.final_bonus[p]))


class MykerinosGame(TurnBasedGame, files=(spec, actions, text)):
    options = OPTIONS
    max_game_length = 4000
    state_class = MykerinosState

    def configure(self, config: dict[str, Any]) -> None:
        self.cards = components.load_deck(config["deck"])
        if isinstance(config["deck"], (list, dict)):
            config["deck"] = [c.record for c in self.cards]
        self.museum = components.Museum(config["museum_two_rooms"])
        self.allotment = 8 if self.num_players == 4 else 11
        self.owners = tuple(range(self.num_players)) + ((NEUTRAL,) if self.num_players == 2 else ())
        """The colours in play: the players', and the neutral with 2 players."""
        self.layout = observation.LAYOUT
        self.card_rows = observation.card_rows(self)
        self.pyramid_bits = [
            [card.pyramid_bits(slot, rotated) for slot in range(12) for rotated in (False, True)]
            for card in self.cards
        ]
        """Pyramids of each card as a bitboard, by ``2 * slot + rotated``."""
        self.card_faces = components.card_faces(self.cards)
        """Per card, the id naming its face in views (see ``components.card_faces``)."""
        self.face_groups = [
            tuple(c for c, f in enumerate(self.card_faces) if f == face)
            for face in sorted(set(self.card_faces))
            if self.card_faces.count(face) > 1
        ]
        """Ids of the cards of each face that several cards share."""


__all__ = ["MykerinosGame", "MykerinosState", "NUM_ACTIONS", "PATRONS", "SLOT_CELLS"]
