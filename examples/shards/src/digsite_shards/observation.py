"""The view as the observation: named pieces of one flat float32 vector, every value in [0, 1].

Seats are relative (0 is the observer, then the next players in turn order), so one policy can
play any seat.  ``card_place`` says where each card is as the observer knows it: unseen, in the
hand of seat k (its own, or a card everyone saw seat k take), dug by seat k, in the spoil heap,
or the find; ``known_to_all`` marks the cards whose place every player knows (the observer's
own cards taken from the find among them)."""

from __future__ import annotations

import numpy as np

from digsite.core import ObservationLayout

from .actions import DECISIONS, NUM_CARDS
from .view import known_cards

SEATS = 4
UNSEEN, HAND0 = 0, 1
DUG0 = HAND0 + SEATS
SPOIL, FIND = DUG0 + SEATS, DUG0 + SEATS + 1
PLACES = FIND + 1

LAYOUT = ObservationLayout(
    [
        ("card_place", (NUM_CARDS, PLACES)),
        ("known_to_all", (NUM_CARDS,)),
        ("deck_size", (1,)),  # / the number of cards
        ("decision", (len(DECISIONS),)),
        ("to_move", (SEATS,)),  # the relative seat of the player to move
    ]
)
PLACE, KNOWN = LAYOUT["card_place"], LAYOUT["known_to_all"]


def observe(state, player: int, out: np.ndarray) -> None:
    n = state.game.num_players
    out[:] = 0.0
    place = out[PLACE].reshape(NUM_CARDS, PLACES)
    known = out[KNOWN]
    place[:, UNSEEN] = 1.0
    for seat in range(n):
        p = (player + seat) % n
        mine = state.hands[p] if p == player else known_cards(state, p)
        for card in mine:
            place[card] = 0.0
            place[card, HAND0 + seat] = 1.0
        for card in known_cards(state, p):
            known[card] = 1.0
        for card in state.dug[p]:
            place[card] = 0.0
            place[card, DUG0 + seat] = 1.0
            known[card] = 1.0
    for card, where in [*((c, SPOIL) for c in state.spoil), (state.find, FIND)]:
        place[card] = 0.0
        place[card, where] = 1.0
        known[card] = 1.0
    out[LAYOUT["deck_size"]] = len(state.deck) / NUM_CARDS
    out[LAYOUT["decision"].start + state.decision] = 1.0
    if not state.is_terminal():
        out[LAYOUT["to_move"].start + (state.decider - player) % n] = 1.0
