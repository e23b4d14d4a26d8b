"""``resample_hidden``: a position drawn uniformly among those a player cannot tell apart.

What a player does not know, and how its possibilities group (cards only change places within
a group, so every draw is consistent with what the player has seen):

* Expedition cards in a hidden place (the deck, other players' hands except cards taken from
  the Program, their set-up hands, a draw of three being chosen from): grouped by the deck they
  were dealt from, since after a reshuffle the new deck is exactly the old discard pile.  The
  simplified set-up's deal only holds marked cards (the rest of them are in the first deck).
* Patron cards in the deck (and a pair being chosen from) whose place the player does not know:
  it knows the cards it drew and put back.
* Other players' Study cards and the Study deck; other players' Society offers, the card they
  did not keep, and the Society deck.
* Bloomsbury tiles face down: those the player saw in a stack it looked through (it looks once
  per stack) are still there or among the tiles the Automa removed after; the others may be in
  a stack, the box or removed.  Tiles it saw in the box stay there.
* The Automa deck order and every future draw (the seed).
"""

from __future__ import annotations

from itertools import islice

import numpy as np

from . import actions, saved

REDRAWN = (
    "hand", "setup_hand", "patron_deck", "studies", "society_offer", "society_rejected",
    "bloom_box",
)  # fmt: skip
"""The frozen fields a draw deals cards into (made lists for it, then frozen again)."""


def _shuffle_within(rng, slots: list[tuple[list, int]]) -> None:
    """Deal the cards found in ``slots`` (a list and an index each) back in a random order."""
    cards = [pile[i] for pile, i in slots]
    for (pile, i), j in zip(slots, rng.permutation(len(cards)), strict=True):
        pile[i] = cards[int(j)]


def _expeditions(s, keep: set[int], rng) -> None:
    groups: dict[int, list[tuple[list, int]]] = {}
    epoch = s.exp_epoch

    def add(pile: list, known: int = 0) -> None:
        """The slots of ``pile``'s cards but those of the bit mask ``known``, by deck."""
        for i, c in enumerate(pile):
            if not known >> c & 1:
                groups.setdefault(epoch[c], []).append((pile, i))

    add(s.exp_deck)
    others = [q for q in range(s.game.num_players) if q not in keep]
    for q in others:
        add(s.hand[q], s.public_hand)
        add(s.setup_hand[q])
    if s.queue and s.queue[0].kind == actions.C_PICK_DRAWN and s.queue[0].player not in keep:
        add(s.drawn_cards)  # another player's draw of three (not a card being organized)
    dealt = groups.pop(-1, [])
    if dealt:  # the deal took marked cards; the first deck holds the rest of the pool
        first = groups.setdefault(0, [])
        pool = [pile[i] for pile, i in dealt + first]
        candidates = [c for c in pool if c in s.game.simplified_cards]
        chosen = [candidates[int(j)] for j in rng.permutation(len(candidates))[: len(dealt)]]
        rest = [c for c in pool if c not in chosen]  # (the cards are distinct)
        for (pile, i), c in zip(dealt + first, chosen + rest, strict=True):
            pile[i] = c
    for slots in groups.values():
        _shuffle_within(rng, slots)
    for q in others:
        s.setup_hand[q].sort()
    s.drawn_cards.sort()


def _patrons(s, keep: set[int], rng) -> None:
    known = 0
    for q in keep:
        known |= s.patron_seen[q]
    piles = (s.patron_deck, s.drawn_patrons)
    _shuffle_within(rng, [(p, i) for p in piles for i, x in enumerate(p) if not known >> x & 1])


def _private_cards(s, keep: set[int], rng) -> None:
    """Study cards, and Society cards not kept or not yet chosen."""
    others = [q for q in range(s.game.num_players) if q not in keep]
    slots = [(s.study_deck, i) for i in range(len(s.study_deck))]
    slots += [(s.studies[q], i) for q in others for i in range(2)]
    _shuffle_within(rng, slots)
    for q in others:
        s.studies[q].sort()
    slots = [(s.society_deck, i) for i in range(len(s.society_deck))]
    rejected = {}  # the card kept is public from the moment it is chosen
    for q in others:
        offer = s.society_offer[q]
        if s.society_rejected[q] >= 0:
            rejected[q] = offer.index(s.society_rejected[q])
            slots.append((offer, rejected[q]))
        else:
            slots += [(offer, i) for i in range(len(offer))]
    _shuffle_within(rng, slots)
    for q, i in rejected.items():
        s.society_rejected[q] = s.society_offer[q][i]


def _bloomsbury(s, player: int, rng) -> None:
    seen = s.bloom_seen[player]
    for k in range(2):
        stack, box, removed = s.stacks[k], s.bloom_box[k], s.bloom_removed
        slots = [(stack, i) for i in range(len(stack))]
        slots += [(box, i) for i, t in enumerate(box) if not seen >> t & 1]
        slots += [(removed, i) for i, t in enumerate(removed) if s.game.tile_stack[t] == k]
        for saw in (1, 0):  # the tiles it saw, then the others, each group among its places
            _shuffle_within(rng, [(pile, i) for pile, i in slots if seen >> pile[i] & 1 == saw])
        box.sort()


ATTEMPTS = 200


PLACED_FOR = (actions.C_LOC_ACTION, actions.C_EXPEDITION)
"""The decisions an explorer's placement promises: it is legal only if its location action
can be done (at the Port, an expedition organized), and the Reserve before never takes the
last expedition away."""


def _mover_can_go_on(s) -> bool:
    """The player to move has a legal action now, and one in each decision its explorer's
    placement promised (at the Port, which may rest on its hidden hand)."""
    queue = s.queue
    return bool(s._legal_of(queue[0])) and all(
        s._legal_of(t) for t in islice(queue, 1, None) if t.kind in PLACED_FOR
    )


def resample(state, player: int, rng: np.random.Generator):
    """What the player to move is known to be able to do (a legal action now, and what its
    placement promised: at the Port, an expedition its hand may have to provide) rejects the
    draws where it cannot, which keeps the draw uniform among the consistent positions.
    Should every attempt fail, the mover's own hidden cards are kept as well (the old, looser
    contract)."""
    for attempt in range(ATTEMPTS + 1):
        s = state.clone()
        s._reseed(rng)
        keep = {player} if attempt < ATTEMPTS else {player, state.decider}
        saved.FIELDS.thaw(s, REDRAWN)
        _expeditions(s, keep, rng)
        _patrons(s, keep, rng)
        _private_cards(s, keep, rng)
        _bloomsbury(s, player, rng)
        saved.FIELDS.freeze(s, REDRAWN)
        s.automa_deck = [s.automa_deck[int(i)] for i in rng.permutation(len(s.automa_deck))]
        s._mask = None
        if s.is_terminal() or state.decider == player or _mover_can_go_on(s):
            return s
    return s
