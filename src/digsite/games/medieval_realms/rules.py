"""Medieval Realms rules engine (see the package docstring for the rules and decisions)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import numpy as np

from ...core.fields import added, added_in, replaced
from ...core.options import choice, data
from ...core.turn_based import TurnBasedGame, TurnBasedState, slots
from . import actions, components, invariants, observation, saved, spec, text, view
from .actions import (
    ACTION,
    ACTIVATE0,
    BID0,
    BID_MORE,
    LAND0,
    P_BUFFER,
    P_GENERAL,
    P_MAYOR,
    PASS,
    PLAY0,
    SQUARE0,
)
from .components import (
    ADMIRAL,
    AUCTION,
    BID_STEPS,
    CITY,
    COMBAT_ADMIRAL,
    COMBAT_BUFFER,
    COMBAT_GENERAL,
    GOODS,
    GREAT_PERSON_BONUS,
    HAND_LIMIT,
    HOLE,
    ISLAND,
    ISLAND_END_VP,
    LEADERS,
    NUM_SQUARES,
    TERRITORY,
    TERRITORY_TOKENS,
    DataFileError,
)
from .components import TITHE as TITHE_TYPE
from .spec import SPEC

DATA_OPTIONS = ("deck", "card_types", "board")
OPTIONS = (choice("num_players", 4, SPEC.player_counts), *(data(name) for name in DATA_OPTIONS))
VP_PER_TOKEN = 5
"""Each multiple of 5 VP reached or passed during play earns a token of one's choice."""
PLACED_ON_LANDS = ("generals_on", "admirals_on", "buffers_on")
"""The fields of the leaders placed on lands, by place kind from the Generals on."""


class MedievalRealmsState(
    TurnBasedState, files=(actions, saved, view, observation, text, invariants)
):
    """A Medieval Realms position: plain Python ints, tuples and lists."""

    __slots__ = slots(saved.FIELDS, "_obs_cache")
    PUT = frozenset(observation.FIELDS)  # the fields the kept public part reads
    LEGAL_LISTS = True  # each _legal_<decision> lists the legal action ids

    def __init__(self, game: MedievalRealmsGame):
        super().__init__(game)
        self._obs_cache: dict = {}

    @classmethod
    def new_game(cls, game: MedievalRealmsGame, rng: np.random.Generator) -> MedievalRealmsState:
        s = cls(game)
        n = game.num_players
        deck = [int(x) for x in rng.permutation(len(game.cards))]
        s.put("panel", tuple(deck.pop() for _ in range(components.PANEL_SIZE)))
        s.put("future", tuple(deck.pop() for _ in range(components.FUTURE_SIZE)))
        s.put("deck", tuple(deck))
        s.put("turn_order", tuple(int(x) for x in rng.permutation(n)))
        mayors, generals, admirals, buffers = components.STARTING_LEADERS[n]
        s.put("res", (tuple(game.board.start[n]),) * n)
        s.put("leaders", ((mayors, generals, admirals),) * n)
        s.put("buffers", (buffers,) * n)
        s.decision = actions.PICK_PAIR
        s.decider = s.turn_order[-1]
        return s

    # -- protocol ----------------------------------------------------------------------------
    def scores(self) -> list[float]:
        return [float(self.vp[p] + sum(self.final[p])) for p in range(self.game.num_players)]

    def tie_break_key(self, p: int) -> tuple:
        """VP, then cards in the realm, Castles, leaders, and the earlier turn-order seat."""
        return (
            self.vp[p] + sum(self.final[p]),
            len(self.realm[p]),
            self.in_realm(p, components.CASTLE),
            sum(self.leaders[p]),
            -self.turn_order.index(p),
        )

    def winners(self) -> list[int]:
        return [max(range(self.game.num_players), key=self.tie_break_key)]

    def _fresh_caches(self) -> None:
        """A copy writes its observation's public part anew (its ``written`` starts empty)."""
        self._obs_cache = {}

    def _gain(self, p: int, resource: int, amount: int) -> None:
        """``amount`` tokens of ``resource`` to ``p`` (negative: paid)."""
        self.put("res", added_in(self.res, p, resource, amount))

    def _resample_hidden(self, player: int, rng: np.random.Generator) -> MedievalRealmsState:
        """Redraw the deck order and the committed, unrevealed placements of the others.

        The Future Events are face up and everything else is public.  A placement still being
        made by the player to move is kept: its legal moves depend on it."""
        other = self.clone()
        other.put("deck", tuple(self.deck[i] for i in rng.permutation(len(self.deck))))
        if not self.revealed:
            for q in range(self.game.num_players):
                if q != player and self.placed[q]:
                    other._random_placement(q, rng)
        # (no legal-action rule reads what is redrawn: cleared for one that will)
        other._mask = None
        return other

    def _random_placement(self, q: int, rng: np.random.Generator) -> None:
        """Every leader on a random spot, buffers on random lands free of ``q``'s army."""
        lands = self.game.num_lands
        producing, generals, admirals, buffers = self.to_place(q)
        rows = [[0] * NUM_SQUARES] + [[0] * components.NUM_LANDS for _ in PLACED_ON_LANDS]
        drawn = ((producing, NUM_SQUARES), (generals, lands), (admirals, lands))
        for row, (count, spots) in zip(rows[:3], drawn, strict=True):
            for spot in rng.integers(0, spots, count):
                row[int(spot)] += 1
        if free := [land for land in range(lands) if not (rows[1][land] or rows[2][land])]:
            for i in rng.integers(0, len(free), buffers):
                rows[3][free[int(i)]] += 1
        for name, row in zip(("squares", *PLACED_ON_LANDS), rows, strict=True):
            self.put(name, replaced(getattr(self, name), q, tuple(row)))

    # -- queries -----------------------------------------------------------------------------
    def price(self, slot: int) -> int:
        """Goods to activate the card on Current Events square ``slot`` (0-based)."""
        return 1 + slot // 4

    def can_take_into_hand(self, p: int, card: int) -> bool:
        """At most 4 cards in hand, never two of one stamp colour."""
        hand, colours = self.hand[p], self.game.card_colour
        return len(hand) < HAND_LIMIT and all(colours[c] != colours[card] for c in hand)

    def can_play(self, p: int, card: int) -> bool:
        game = self.game
        if game.card_type[card] == ISLAND:
            return self.leaders[p][ADMIRAL] >= self.in_realm(p, ISLAND) + 1
        resource, amount = game.card_cost[card]
        return self.res[p][resource] >= amount

    def combat(self, p: int, land: int) -> int:
        return (
            COMBAT_GENERAL * self.generals_on[p][land]
            + COMBAT_ADMIRAL * self.admirals_on[p][land]
            + COMBAT_BUFFER * self.buffers_on[p][land]
        )

    def land_winner(self, land: int) -> int:
        """The player who controls ``land`` this round (-1: nobody).  Strictly the highest
        combat value, with a General or Admiral there (buffers only block)."""
        values = [self.combat(p, land) for p in range(self.game.num_players)]
        best = max(values)
        if not best or values.count(best) > 1:
            return -1
        winner = values.index(best)
        return winner if self.generals_on[winner][land] or self.admirals_on[winner][land] else -1

    def majority_receiver(self, activator: int, card: int) -> int:
        """Who gets an activated Majority card (-1: nobody can, it is discarded)."""
        resource = self.game.card_cost[card][0]
        able = [p for p in self.turn_order if self.can_take_into_hand(p, card)]
        if not able:
            return -1
        most = max(self.res[p][resource] for p in able)
        tied = [p for p in able if self.res[p][resource] == most]
        # else the closest to the initial player along the turn-order track
        return activator if activator in tied else tied[0]

    def to_place(self, p: int) -> tuple[int, int, int, int]:
        """The leaders ``p`` places behind the wall, by place kind (``PLACE_KINDS``)."""
        mayors, generals, admirals = self.leaders[p]
        return (mayors - self.buffers[p], generals, admirals, self.buffers[p])

    def placed_counts(self, p: int) -> tuple[int, int, int, int]:
        """The leaders ``p`` has placed, by place kind."""
        spots = self.squares, self.generals_on, self.admirals_on, self.buffers_on
        return tuple(sum(placed[p]) for placed in spots)

    def in_realm(self, p: int, card_type: int) -> int:
        return sum(self.game.card_type[c] == card_type for c in self.realm[p])

    def colours_in_realm(self, p: int) -> list[int]:
        colours = [self.game.card_colour[c] for c in self.realm[p]]
        return [colours.count(k) for k in range(components.NUM_COLOURS)]

    # -- legal actions, one function per decision -------------------------------------------
    def _legal_pick_pair(self) -> list[int]:
        return [actions.PAIR0 + i for i in range(len(actions.PAIRS)) if i not in self.pair]

    def _legal_place(self) -> list[int] | range:
        """Squares / lands from the last one used by this kind of leader (non-decreasing)."""
        if self.place_kind == P_MAYOR:
            return range(SQUARE0 + self.place_last, SQUARE0 + NUM_SQUARES)
        p, first, lands = self.decider, self.place_last, self.game.num_lands
        if self.place_kind != P_BUFFER:
            return range(LAND0 + first, LAND0 + lands)
        generals, admirals = self.generals_on[p], self.admirals_on[p]
        free = [LAND0 + land for land in range(first, lands) if not generals[land] | admirals[land]]
        return free or [PASS]  # every land holds one's own army: off the map

    def _legal_action(self) -> list[int]:
        p = self.decider
        goods = self.res[p][GOODS]
        kinds = self.game.card_kind
        legal = []
        for slot, card in enumerate(self.panel):
            if card < 0:
                continue
            kind = kinds[card]
            if kind == AUCTION:
                ok = self.res[p][self.game.card_cost[card][0]] >= self.game.board.min_bid
            else:
                ok = goods >= self.price(slot) and (
                    kind != HOLE or self.can_take_into_hand(p, card)
                )
            if ok:
                legal.append(ACTIVATE0 + slot)
        legal += [PLAY0 + i for i, card in enumerate(self.hand[p]) if self.can_play(p, card)]
        legal.append(PASS)
        return legal

    def _legal_bid(self) -> list[int]:
        card, bid, _ = self.auction
        legal = [PASS] if bid > 0 and not self.raising else []
        low = self.lowest_bid()
        holding = self.res[self.decider][self.game.card_cost[card][0]]
        legal += range(BID0, BID0 + min(BID_STEPS, holding - low + 1))
        if holding >= low + BID_STEPS:
            legal.append(BID_MORE)
        return legal

    def _legal_token_choice(self) -> list[int]:
        return [actions.RESOURCE0 + r for r in self.game.cards[self.choice_card].options]

    def _legal_bonus(self) -> range:
        return range(actions.RESOURCE0, actions.RESOURCE0 + components.NUM_RESOURCES)

    # -- set-up ------------------------------------------------------------------------------
    def _on_pick_pair(self, action: int) -> None:
        p = self.decider
        pair = action - actions.PAIR0
        self.put("pair", replaced(self.pair, p, pair))
        for r in actions.PAIRS[pair]:
            self._gain(p, r, 1)
        position = self.turn_order.index(p)
        if position > 0:
            self.decider = self.turn_order[position - 1]
        else:
            self._start_placement()

    # -- behind the wall ---------------------------------------------------------------------
    def _start_placement(self) -> None:
        n = self.game.num_players
        self.put("revealed", False)
        self.put("passed", (False,) * n)  # (the passes of the last round no longer matter)
        self.placed = [False] * n
        self.put("squares", ((0,) * NUM_SQUARES,) * n)
        for name in PLACED_ON_LANDS:
            self.put(name, ((0,) * components.NUM_LANDS,) * n)
        self.decision = actions.PLACE
        self._next_kind(self.turn_order[0], P_MAYOR)

    def _next_kind(self, p: int, kind: int) -> None:
        """``p`` places its leaders of the first kind from ``kind`` it has; once it has none
        left, the next placer does, and after the last one the walls come down."""
        counts = self.to_place(p)
        while kind <= P_BUFFER and not counts[kind]:
            kind += 1
        if kind <= P_BUFFER:
            self.decider, self.place_kind = p, kind
            self.place_left, self.place_last = counts[kind], 0
            return
        self.place_kind, self.place_last = P_MAYOR, 0
        self.placed[p] = True
        for q in self.turn_order:
            if not self.placed[q]:
                self._next_kind(q, P_MAYOR)
                return
        self._reveal()

    def _on_place(self, action: int) -> None:
        p = self.decider
        kind = self.place_kind
        if action == PASS:  # a buffer with no land free of one's own army stays off the map
            spot = self.place_last
        elif kind == P_MAYOR:
            spot = action - SQUARE0
            self.put("squares", added_in(self.squares, p, spot, 1))
        else:
            spot = action - LAND0
            name = PLACED_ON_LANDS[kind - P_GENERAL]
            self.put(name, added_in(getattr(self, name), p, spot, 1))
        self.place_last = spot
        self.place_left -= 1
        if self.place_left == 0:
            self._next_kind(p, kind + 1)

    # -- walls down: production, extra goods, turn order --------------------------------------
    def _reveal(self) -> None:
        """Every player's production at once: Mayors' squares, Castles, Scientific
        Developments, the extra Goods, and the lands each controls."""
        game = self.game
        self.put("revealed", True)
        squares = game.board.squares
        tokens = [list(row) for row in self.res]
        for p, res in enumerate(tokens):
            for s, count in enumerate(self.squares[p]):
                res[squares[s]] += count
            for c in self.realm[p]:
                t = game.card_type[c]
                if t == components.CASTLE:
                    res[components.BATTLE] += 1
                elif t == components.SCI_DEV:
                    res[game.cards[c].resource] += self.leaders[p][components.MAYOR]
            res[GOODS] += components.EXTRA_GOODS
        for land in range(game.num_lands):
            winner = self.land_winner(land)
            if winner >= 0:
                for r, k in enumerate(game.board.lands[land]):
                    tokens[winner][r] += k
        self.put("res", tuple(map(tuple, tokens)))
        self.put("turn_order", tuple(self.new_turn_order()))
        self.decision = ACTION
        self.actor = self.decider = self.turn_order[0]

    def new_turn_order(self) -> list[int]:
        """Most Goods first; a tie for first goes to the player seated closest clockwise to the
        previous initial player (that player included), other ties to the one closest clockwise
        to the new initial player."""
        n = self.game.num_players
        goods = [self.res[p][GOODS] for p in range(n)]
        old = self.turn_order[0]
        first = max(range(n), key=lambda p: (goods[p], -((p - old) % n)))
        return sorted(range(n), key=lambda p: (p != first, -goods[p], (p - first) % n))

    # -- the action phase --------------------------------------------------------------------
    def _on_action(self, action: int) -> None:
        p = self.decider
        if action == PASS:
            self.put("passed", replaced(self.passed, p, True))
        elif action >= PLAY0:
            hand = list(self.hand[p])
            card = hand.pop(action - PLAY0)
            self.put("hand", replaced(self.hand, p, tuple(hand)))
            resource, amount = self.game.card_cost[card]
            if resource >= 0:
                self._gain(p, resource, -amount)
            self._into_play(p, card)
        else:
            slot = action - ACTIVATE0
            card = self.panel[slot]
            self.put("panel", replaced(self.panel, slot, -1))
            kind = self.game.card_kind[card]
            if kind == AUCTION:
                self.auction = [card, 0, -1]
                self.auction_out = [False] * self.game.num_players
                self.decision = actions.BID
                return  # the activator opens the bidding
            self._gain(p, GOODS, -self.price(slot))
            receiver = p if kind == HOLE else self.majority_receiver(p, card)
            if receiver >= 0:  # into the hand
                self.put("hand", replaced(self.hand, receiver, (*self.hand[receiver], card)))
            else:
                self.put("discard", (*self.discard, card))
        self._continue()

    def _into_play(self, p: int, card: int) -> None:
        game = self.game
        colour = game.card_colour[card]
        for c in self.realm[p]:
            if game.card_type[c] == CITY and game.cards[c].colour == colour:
                self._gain(p, game.cards[c].resource, 1)
                self.city_vp[p] += 1
                self.gain_vp(p, 1)
        self.put("realm", replaced(self.realm, p, (*self.realm[p], card)))
        t = game.card_type[card]
        info = game.cards[card]
        if vp := game.types[t].immediate_vp:
            self.gain_vp(p, vp)
        leader = game.card_leader[card]
        if leader >= 0:
            self.put("leaders", added_in(self.leaders, p, leader, 1))
        if t == TERRITORY and info.resource >= 0:
            self._gain(p, info.resource, TERRITORY_TOKENS)
        elif t in (TERRITORY, TITHE_TYPE):
            self.choice_card = card

    def gain_vp(self, p: int, amount: int) -> None:
        """VP during play; each multiple of 5 reached or passed earns a token of one's choice."""
        before = self.vp[p]
        self.put("vp", added(self.vp, p, amount))
        if owed := self.vp[p] // VP_PER_TOKEN - before // VP_PER_TOKEN:
            self.put("bonus_queue", (*self.bonus_queue, *(p,) * owed))

    def _continue(self) -> None:
        """After an action and its effects: pending choices first, then the next turn."""
        if self.choice_card >= 0:
            self.decision = actions.TOKEN_CHOICE
            self.decider = next(p for p, r in enumerate(self.realm) if self.choice_card in r)
            return
        if self.bonus_queue:
            self.decision = actions.BONUS
            self.decider = self.bonus_queue[0]
            return
        n = self.game.num_players
        order = self.turn_order
        i = order.index(self.actor)
        for step in range(1, n + 1):
            q = order[(i + step) % n]
            if not self.passed[q]:
                self.decision = ACTION
                self.actor = self.decider = q
                return
        self._end_round()

    def _on_token_choice(self, action: int) -> None:
        territory = self.game.card_type[self.choice_card] == TERRITORY
        amount = TERRITORY_TOKENS if territory else components.TITHE_TOKENS
        self._gain(self.decider, action - actions.RESOURCE0, amount)
        self.choice_card = -1
        self._continue()

    def _on_bonus(self, action: int) -> None:
        p = self.bonus_queue[0]
        self.put("bonus_queue", self.bonus_queue[1:])
        self._gain(p, action - actions.RESOURCE0, 1)
        self.bonus_tokens[p] += 1
        self._continue()

    def lowest_bid(self) -> int:
        """The lowest bid the bidder to move may name, with the tokens already committed."""
        return max(self.auction[1] + 1, self.game.board.min_bid) + self.raising

    def _on_bid(self, action: int) -> None:
        p = self.decider
        if action == BID_MORE:
            self.raising += BID_STEPS
            return  # the same bidder chooses again
        if action == PASS:
            self.auction_out[p] = True
        else:
            self.auction[1] = self.lowest_bid() + action - BID0
            self.auction[2] = p
            self.raising = 0
        n = self.game.num_players
        high = self.auction[2]
        for step in range(1, n):
            q = (p + step) % n
            if q != high and not self.auction_out[q]:
                self.decider = q
                return
        # everyone else has passed: the high bidder pays and puts the card into play
        card, bid, _ = self.auction
        self._gain(high, self.game.card_cost[card][0], -bid)
        self.auction = [-1, 0, -1]
        self.auction_out = [False] * n
        self._into_play(high, card)
        self._continue()

    # -- end of round / game -----------------------------------------------------------------
    def _end_round(self) -> None:
        if self.round == actions.NUM_ROUNDS:
            self._final_scoring()
            return
        drop = components.PANEL_DISCARD[self.game.num_players]
        self.put("discard", (*self.discard, *(c for c in self.panel[:drop] if c >= 0)))
        # the cards move along in order: those kept on the panel, the Future Events, the deck
        cards = [c for c in (*self.panel[drop:], *self.future) if c >= 0] + [*reversed(self.deck)]
        end = components.PANEL_SIZE + components.FUTURE_SIZE
        cards += [-1] * (end - len(cards))  # (an empty deck leaves squares empty)
        self.put("panel", tuple(cards[: components.PANEL_SIZE]))
        self.put("future", tuple(cards[components.PANEL_SIZE : end]))
        self.put("deck", tuple(reversed(cards[end:])))  # (top last)
        self.round += 1
        self._start_placement()

    def end_of_game_vp(self, p: int) -> int:
        game = self.game
        colours = self.colours_in_realm(p)
        islands = self.in_realm(p, ISLAND)
        mayors, generals, admirals = self.leaders[p]
        total = 0
        for c in self.realm[p]:
            t = game.card_type[c]
            if t == components.CASTLE:
                total += COMBAT_GENERAL * generals + COMBAT_ADMIRAL * admirals
            elif t == components.MARKET:
                total += sum(1 for k in colours if k)
            elif t == CITY:
                total += mayors
            elif t == ISLAND:
                total += ISLAND_END_VP if self.island_condition_met(p, c, colours, islands) else 0
            elif game.types[t].great_person:
                total += colours[game.cards[c].colour]
        return total

    def island_condition_met(self, p: int, card: int, colours: list[int], islands: int) -> bool:
        kind, what, count = self.game.cards[card].condition
        if kind == components.IF_ISLANDS:
            return islands >= count
        counted = (self.leaders[p], colours, self.res[p])  # by kind: leaders, colour, resource
        return counted[kind][what] >= count

    def great_persons(self, p: int) -> int:
        return sum(self.game.types[self.game.card_type[c]].great_person for c in self.realm[p])

    def final_vp(self, p: int) -> tuple[int, int, int]:
        """``p``'s end-of-game VP: card effects, 1 per 2 tokens left, Great Persons."""
        great = GREAT_PERSON_BONUS[min(5, self.great_persons(p))]
        return (self.end_of_game_vp(p), sum(self.res[p]) // 2, great)

    def _final_scoring(self) -> None:
        self.put("final", tuple(self.final_vp(p) for p in range(self.game.num_players)))
        self.decision = actions.GAME_OVER
        self.decider = -1


class MedievalRealmsGame(TurnBasedGame, files=(spec, actions, text)):
    options = OPTIONS
    revelations = {
        "seats.placement": "Once all the PLAYERS have placed their LEADERS on the MANAGEMENT ZONE "
        "and the REALM'S MAP, they must withdraw their DEFENSIVE WALLS. They will get awarded "
        "every Resource produced by their LEADERS",
    }
    max_game_length = 8000
    state_class = MedievalRealmsState

    def configure(self, config: dict[str, Any]) -> None:
        num_players = self.num_players
        self.types = components.load_card_types(config["card_types"])
        self.cards = components.load_deck(config["deck"])
        self.board = components.load_board(config["board"])
        self.num_lands = 10 if num_players == 5 else 8
        t = self.types
        self.card_type = [c.type for c in self.cards]
        self.card_colour = [t[c.type].colour for c in self.cards]
        self.card_kind = [t[c.type].kind for c in self.cards]
        self.card_leader = [c.leader if c.leader >= 0 else t[c.type].leader for c in self.cards]
        """Per card: the leader it gives (its own, else its type's), -1 for none."""
        costs = [(ct.cost[num_players] if isinstance(ct.cost, dict) else ct.cost) or 0 for ct in t]
        self.card_cost = [(t[c.type].cost_resource, costs[c.type]) for c in self.cards]
        """Per card: (resource, amount) to put it into play from hand; Islands (-1, 0);
        auction cards (bid resource, 0)."""
        self._faces()
        self._limits()
        self.tables = observation.ObservationTables(self)
        self.layout = self.tables.layout

    def _faces(self) -> None:
        """Cards that show the same thing are one *face*: players cannot tell them apart, so
        views and observations name faces, never card ids."""
        index: dict[tuple, int] = {}  # each face's number, in the order of its first card
        self.card_face: list[int] = []
        for c in self.cards:
            key = (c.type, c.resource, c.colour, c.leader, c.condition, tuple(sorted(c.options)))
            self.card_face.append(index.setdefault(key, len(index)))
        self.face_cards = [self.card_face.index(f) for f in range(len(index))]  # one card each
        self.face_copies = [self.card_face.count(f) for f in range(len(index))]
        self.face_names = [text.face_name(self, c) for c in self.face_cards]
        if len(set(self.face_names)) != len(self.face_names):
            raise DataFileError("two different cards have the same name: card type titles clash")
        self.card_names = [self.face_names[f] for f in self.card_face]

    def _limits(self) -> None:
        """True upper bounds of the counts an observation shows (from the data), so that no
        reachable value is ever clipped: leaders of each kind, and ``max_count``, a bound on
        the tokens a player gains, its VP, its end-of-game VP and any bid."""
        n = self.num_players
        start = components.STARTING_LEADERS[n]
        self.max_leaders = [start[k] + self.card_leader.count(k) for k in range(len(LEADERS))]
        self.max_buffers = start[3]
        count, colours = Counter(self.card_type), Counter(self.card_colour)
        mayors, generals, admirals = self.max_leaders
        per_round = (
            mayors
            + sum(sum(reward) for reward in self.board.lands[: self.num_lands])
            + count[components.CASTLE]
            + count[components.SCI_DEV] * mayors
            + components.EXTRA_GOODS
        )
        city_triggers = sum(colours[c.colour] for c in self.cards if c.type == CITY)
        self.max_vp = city_triggers + sum(self.types[t].immediate_vp for t in self.card_type)
        self.max_tokens = (
            sum(self.board.start[n])
            + 2  # the extra tokens of the set-up
            + actions.NUM_ROUNDS * per_round
            + TERRITORY_TOKENS * count[TERRITORY]
            + components.TITHE_TOKENS * count[TITHE_TYPE]
            + city_triggers
            + self.max_vp // 5  # VP-track tokens
        )
        end_of_game = (
            count[components.CASTLE] * (COMBAT_GENERAL * generals + COMBAT_ADMIRAL * admirals)
            + count[components.MARKET] * components.NUM_COLOURS
            + count[CITY] * mayors
            + count[ISLAND] * ISLAND_END_VP
            # a Great Person: 1 VP per card of its colour
            + sum(colours[c.colour] for c in self.cards if self.types[c.type].great_person)
        )
        self.max_count = max(self.max_tokens, self.max_vp, end_of_game, GREAT_PERSON_BONUS[-1])
