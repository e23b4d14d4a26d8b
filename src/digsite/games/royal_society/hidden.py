"""``resample_hidden``: a position drawn among those a player cannot tell from the real one.

Hidden: Expedition cards in other players' hands that came from the deck (setup or a draw of
three), the deck order, other players' Study cards and the Society card they did not keep, the
Patron deck below the cards seen, the Bloomsbury tiles face down in the stacks and the box, the
Automa deck order, and the future relic draws.  What the player to move knows is kept as well
(the conformance contract: the mover's legal actions do not change).
"""

from __future__ import annotations

import numpy as np


def _swap_unseen(rng, slots, seen_mask, get, put) -> None:
    """Give the unseen identities among ``slots`` a random new arrangement."""
    unseen = [sl for sl in slots if not seen_mask >> get(sl) & 1]
    ids = [get(sl) for sl in unseen]
    order = rng.permutation(len(ids))
    for sl, i in zip(unseen, order, strict=True):
        put(sl, ids[int(i)])


def resample(state, player: int, rng: np.random.Generator):
    s = state.clone()
    n = s.game.num_players
    keep = {player}
    if not s.is_terminal():
        keep.add(s.decider)
    others = [q for q in range(n) if q not in keep]
    s.seed = int(rng.integers(1 << 62))
    # expedition cards
    seen = s.exp_seen[-1]
    for q in keep:
        seen |= s.exp_seen[q]
    s.exp_deck = [s.exp_deck[int(i)] for i in rng.permutation(len(s.exp_deck))]
    slots = [("deck", i) for i in range(len(s.exp_deck))]
    slots += [("hand", q, i) for q in others for i in range(len(s.hand[q]))]
    slots += [("setup", q, i) for q in others for i in range(len(s.setup_hand[q]))]

    def get_card(sl):
        if sl[0] == "deck":
            return s.exp_deck[sl[1]]
        return (s.hand if sl[0] == "hand" else s.setup_hand)[sl[1]][sl[2]]

    def put_card(sl, c):
        if sl[0] == "deck":
            s.exp_deck[sl[1]] = c
        else:
            (s.hand if sl[0] == "hand" else s.setup_hand)[sl[1]][sl[2]] = c

    _swap_unseen(rng, slots, seen, get_card, put_card)
    for q in others:
        s.setup_hand[q].sort()
    # study cards
    slots = [("deck", i) for i in range(len(s.study_deck))]
    slots += [("p", q, i) for q in others for i in range(len(s.studies[q]))]

    def get_study(sl):
        return s.study_deck[sl[1]] if sl[0] == "deck" else s.studies[sl[1]][sl[2]]

    def put_study(sl, c):
        if sl[0] == "deck":
            s.study_deck[sl[1]] = c
        else:
            s.studies[sl[1]][sl[2]] = c

    _swap_unseen(rng, slots, 0, get_study, put_study)
    for q in others:
        s.studies[q].sort()
    # society cards: the deck, undecided offers, rejected cards
    known = 0
    for q in range(n):
        if q in keep or s.society_rejected[q] >= 0:
            for c in s.society_offer[q]:
                if q in keep or c != s.society_rejected[q]:
                    known |= 1 << c
    slots = [("deck", i) for i in range(len(s.society_deck))]
    slots += [("offer", q, i) for q in others for i in range(len(s.society_offer[q]))]

    def get_soc(sl):
        return s.society_deck[sl[1]] if sl[0] == "deck" else s.society_offer[sl[1]][sl[2]]

    def put_soc(sl, c):
        if sl[0] == "deck":
            s.society_deck[sl[1]] = c
        else:
            q = sl[1]
            old = s.society_offer[q][sl[2]]
            s.society_offer[q][sl[2]] = c
            if s.society_rejected[q] == old:
                s.society_rejected[q] = c

    # rejected cards move with their slot: resolve through a snapshot to keep pairs consistent
    _swap_unseen(rng, slots, known, get_soc, put_soc)
    # patron deck: the part nobody has seen (above the cards put back under it)
    top = s.patron_deck[s.patron_known :]
    s.patron_deck = s.patron_deck[: s.patron_known] + [
        top[int(i)] for i in rng.permutation(len(top))
    ]
    # Bloomsbury tiles face down
    bseen = s.bloom_seen[-1]
    for q in keep:
        bseen |= s.bloom_seen[q]
    for k in range(2):
        value = (10, 25)[k]
        s.stacks[k] = [s.stacks[k][int(i)] for i in rng.permutation(len(s.stacks[k]))]
        slots = [("stack", i) for i in range(len(s.stacks[k]))]
        slots += [("box", i) for i in range(len(s.bloom_box[k]))]
        slots += [
            ("removed", i)
            for i, t in enumerate(s.bloom_removed)
            if s.game.rb.bloomsbury[t]["stack"] == value
        ]
        lists = {"stack": s.stacks[k], "box": s.bloom_box[k], "removed": s.bloom_removed}
        _swap_unseen(
            rng,
            slots,
            bseen,
            lambda sl, lists=lists: lists[sl[0]][sl[1]],
            lambda sl, t, lists=lists: lists[sl[0]].__setitem__(sl[1], t),
        )
        s.bloom_box[k].sort()
    s.automa_deck = [s.automa_deck[int(i)] for i in rng.permutation(len(s.automa_deck))]
    s._mask = None
    return s
