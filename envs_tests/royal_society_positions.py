"""Building Royal Society positions for rule tests: a game past its set-up, and a turn start."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import numpy as np

from digsite.core.fields import replaced
from digsite.games.royal_society.actions import (
    A_NEXT_TURN,
    A_TURN_FINISH,
    C_MAIN,
    C_PATRON,
    EXPLORER0,
    PATRON0,
    PLACE0,
)
from digsite.games.royal_society.components import CITY
from digsite.games.royal_society.rules import RoyalSocietyGame
from digsite.games.royal_society.saved import FIELDS
from digsite.games.royal_society.tasks import Task


@contextmanager
def editing(state, *names: str) -> Iterator[None]:
    """The frozen fields ``names`` of ``state`` made lists, to be set up in place by a test,
    then frozen again (as the rules keep them: tuples, replaced whole)."""
    FIELDS.thaw(state, names)
    try:
        yield
    finally:
        FIELDS.freeze(state, names)


def after_setup(seed: int = 0, **config):
    """A fresh game whose set-up decisions were all the first legal action."""
    game = RoyalSocietyGame(**config)
    state = game.new_initial_state(np.random.default_rng(seed))
    while state.year == 1 and not state.turn_order:
        state.apply_action(state.legal_actions()[0])
    return state


def card_id(game, site: str) -> int:
    return next(c.id for c in game.expeditions if c.site == site)


def take_card(state, card: int) -> None:
    """Remove a card from wherever it is (deck, Program, discard, hands)."""
    with editing(state, "exp_discard", "hand", "played"):
        for pile in [state.exp_deck, state.exp_discard, *state.hand, *state.played]:
            if card in pile:
                pile.remove(card)
                return
    if card in state.program:
        state.put("program", replaced(state.program, state.program.index(card), -1))
        return
    raise AssertionError(f"card {card} not found")


def start_turn(state, player: int) -> None:
    """Make it ``player``'s turn now (the rest of the year continues afterwards)."""
    state.queue = [Task(C_MAIN, player), Task(A_TURN_FINISH, player), Task(A_NEXT_TURN)]
    state.cur[4] = state.turn_order.index(player)
    state._mask = None
    state._run()
    assert state.current_player() == player


def play(state, *names: str) -> None:
    """Play actions given by their text (``action_to_string``), failing loudly if illegal."""
    for name in names:
        legal = {state.action_to_string(a): a for a in state.legal_actions()}
        assert name in legal, f"{name!r} is not legal; legal: {sorted(legal)}"
        state.apply_action(legal[name])


def set_society(state, player: int, society: int) -> None:
    """Give ``player`` the Society card ``society`` (swapping cards so all 12 stay in play)."""
    with editing(state, "society_offer"):
        offer = state.society_offer[player]
        if society not in offer:
            slot = offer.index(state.society[player]) if state.society[player] in offer else 0
            for pile in [state.society_deck, *state.society_offer]:
                if society in pile:
                    pile[pile.index(society)] = offer[slot]
                    if pile is not state.society_deck:
                        owner = state.society_offer.index(pile)
                        if state.society[owner] == society:
                            state.put("society", replaced(state.society, owner, offer[slot]))
                        if state.society_rejected[owner] == society:
                            state.society_rejected = replaced(
                                state.society_rejected, owner, offer[slot]
                            )
                    break
            offer[slot] = society
    state.put("society", replaced(state.society, player, society))
    state.society_rejected = replaced(
        state.society_rejected, player, next(c for c in offer if c != society)
    )


def meet_patron(s, p: int) -> None:
    """``p``'s turn now: its first explorer meets a Patron at the City, up to the choice of
    the card to keep."""
    s.put("expertise", replaced(s.expertise, p, (3, 1, 1)))
    s.put("rep", replaced(s.rep, p, 4))
    s.put("locations", ((), (), (), ()))
    start_turn(s, p)
    s.apply_action(EXPLORER0)
    s.apply_action(PLACE0 + CITY * 6 + 2)
    if s.decision != C_PATRON:  # a relic to sell: choose Meet a Patron
        s.apply_action(s.legal_actions()[0])
    assert s.decision == C_PATRON and s.decider == p


def patron_put_back(seed: int = 0) -> tuple:
    """3 players; player 0 meets a Patron at the City, keeps the first card drawn and puts the
    other back at the bottom of the deck.  Returns (state, player, the card put back)."""
    s = after_setup(seed, num_players=3)
    p = 0
    meet_patron(s, p)
    keep, back = s.drawn_patrons
    s.apply_action(PATRON0 + keep)
    return s, p, back


def reserve_tile_claimable(state, player: int) -> int:
    """Put the Bloomsbury "Reserve an Expedition" tile in the 10 stack and give ``player`` the
    right to a tile of that stack (no tile taken yet; theirs go back to the box).  Returns the
    tile."""
    rb = state.game.rb
    tile = next(t["id"] for t in rb.bloomsbury if t["effect"] == {"reserve": 1})
    with editing(state, "bloom_box", "bloom", "bloom_taken", "bloom_right"):
        for k in range(2):
            for pool in (state.stacks[k], state.bloom_box[k]):
                if tile in pool:
                    pool.remove(tile)
        for q in range(state.game.num_players):
            if tile in state.bloom[q]:
                state.bloom[q].remove(tile)
                state.bloom_taken[q][0 if rb.bloomsbury[tile]["stack"] == 10 else 1] = 0
        state.stacks[0].append(tile)
        for t in state.bloom[player]:
            state.bloom_box[0 if rb.bloomsbury[t]["stack"] == 10 else 1].append(t)
        state.bloom[player], state.bloom_taken[player] = [], [0, 0]
        state.bloom_right[player] = [1, 0]
    state.check_invariants()
    return tile
