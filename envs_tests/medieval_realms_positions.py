"""Building Medieval Realms positions for rule and rulebook tests.

Cards are moved between places (deck, panels, hands, realms) so that every card stays exactly
once in the game: ``check_invariants`` holds on the positions built here.
"""

from __future__ import annotations

import numpy as np

from digsite.core.fields import added, removed, replaced, replaced_in
from digsite.games.medieval_realms.actions import (
    ACTION,
    LAND0,
    PAIR0,
    PAIRS,
    PICK_PAIR,
    PLACE,
    SQUARE0,
)
from digsite.games.medieval_realms.components import CARD_TYPES, RESOURCES
from digsite.games.medieval_realms.rules import MedievalRealmsGame


def new_state(num_players: int = 4, seed: int = 0, **config):
    game = MedievalRealmsGame(num_players=num_players, **config)
    return game.new_initial_state(np.random.default_rng(seed))


def res(name: str) -> int:
    return RESOURCES.index(name)


def cards_of(state, type_name: str, **shown) -> list[int]:
    """Ids of the cards of a type, optionally with a shown value (e.g. ``leader="general"``)."""
    t = CARD_TYPES.index(type_name)
    found = []
    for card in state.game.cards:
        if card.type != t:
            continue
        if all(card.record.get(k) == v for k, v in shown.items()):
            found.append(card.id)
    return found


def take_card(state, card: int) -> None:
    """Remove ``card`` from wherever it is (its place is left empty)."""
    for name in ("deck", "discard"):
        cards = getattr(state, name)
        if card in cards:
            state.put(name, removed(cards, card))
            return
    for name in ("hand", "realm"):
        rows = getattr(state, name)
        for p, cards in enumerate(rows):
            if card in cards:
                state.put(name, replaced(rows, p, removed(cards, card)))
                return
    for name in ("panel", "future"):
        row = getattr(state, name)
        if card in row:
            state.put(name, replaced(row, row.index(card), -1))
            return
    raise AssertionError(f"card {card} is nowhere")


def put_on_panel(state, slot: int, card: int) -> None:
    """Put ``card`` on Current Events square ``slot`` (0-based); the card there goes to the
    deck."""
    take_card(state, card)
    old = state.panel[slot]
    if old >= 0:
        state.put("deck", (*state.deck, old))
    state.put("panel", replaced(state.panel, slot, card))
    state._mask = None


def give_hand(state, player: int, card: int) -> None:
    take_card(state, card)
    state.put("hand", replaced(state.hand, player, (*state.hand[player], card)))
    state._mask = None


def give_realm(state, player: int, card: int) -> None:
    """Put ``card`` straight into ``player``'s realm without its effects (keeping the VP
    bookkeeping consistent with its immediate VP)."""
    take_card(state, card)
    state.put("realm", replaced(state.realm, player, (*state.realm[player], card)))
    vp = state.game.types[state.game.card_type[card]].immediate_vp
    state.put("vp", added(state.vp, player, vp))
    state.bonus_tokens[player] = state.vp[player] // 5
    state._mask = None


def pick_pairs(state) -> None:
    """Finish the set-up: each player takes the first free pair."""
    while state.decision == PICK_PAIR:
        state.apply_action(PAIR0 + int(np.flatnonzero(state.legal_action_mask())[0]))


def place(state, player: int, squares=(), generals=(), admirals=(), buffers=()) -> None:
    """``player`` (who must be placing) puts Mayors on squares, Generals, Admirals and buffers
    on lands (all numbered from 1, as in the rulebook)."""
    assert state.decision == PLACE and state.decider == player, (state.decision, state.decider)
    for square in sorted(squares):
        state.apply_action(SQUARE0 + square - 1)
    for group in (generals, admirals, buffers):
        for land in sorted(group):
            state.apply_action(LAND0 + land - 1)


def place_all_default(state) -> None:
    """Every remaining placer: Mayors on square 1, military on land 1 (the buffers on land 2)."""
    while state.decision == PLACE:
        p = state.decider
        mayors, generals, admirals = state.leaders[p]
        place(
            state,
            p,
            squares=[1] * (mayors - state.buffers[p]),
            generals=[1] * generals,
            admirals=[1] * admirals,
            buffers=[2] * state.buffers[p],
        )


def to_action_phase(state) -> None:
    pick_pairs(state)
    place_all_default(state)
    assert state.decision == ACTION


def set_resources(state, player: int, **amounts) -> None:
    for name, k in amounts.items():
        state.put("res", replaced_in(state.res, player, res(name), k))
    state._mask = None


def pair_action(a: str, b: str) -> int:
    pair = tuple(sorted((res(a), res(b))))
    return PAIR0 + PAIRS.index(pair)
