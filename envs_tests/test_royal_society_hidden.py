"""The Royal Society of Archeology: ``resample_hidden(p)`` keeps exactly what ``p`` knows."""

from __future__ import annotations

import numpy as np

from digsite.core.fields import replaced
from digsite.games.royal_society.actions import PATRON0
from digsite.games.royal_society.observation import observe

from .royal_society_positions import after_setup, meet_patron, patron_put_back


def observation(s, p: int) -> bytes:
    out = np.zeros(s.game.observation_size, dtype=np.float32)
    observe(s, p, out)
    return out.tobytes()


def test_the_movers_hidden_hand_is_resampled_for_another_player_only():
    s = after_setup(0, num_players=3)
    mover = s.current_player()
    other = (mover + 1) % 3
    rng = np.random.default_rng(0)
    hand = sorted(s.hand[mover])
    seen_by_other = [sorted(s.resample_hidden(other, rng).hand[mover]) for _ in range(20)]
    assert any(h != hand for h in seen_by_other), "the mover's hand is not the other's to know"
    for _ in range(20):
        r = s.resample_hidden(mover, rng)
        assert sorted(r.hand[mover]) == hand
        assert (r.legal_action_mask() == s.legal_action_mask()).all()
        assert observation(r, mover) == observation(s, mover)


def test_cards_dealt_from_an_earlier_deck_stay_apart_from_the_reshuffled_deck():
    """After a reshuffle the deck is exactly the old discard pile (known to all): hidden hand
    cards from the first deck only trade places among themselves."""
    s = after_setup(0, num_players=3)
    p = 0
    for c in s.exp_deck:
        s.put(
            "exp_epoch", replaced(s.exp_epoch, c, 1)
        )  # as if the deck were the reshuffled discard pile
    deck = sorted(s.exp_deck)
    hidden = sorted(c for q in (1, 2) for c in s.hand[q] if not s.public_hand >> c & 1)
    rng = np.random.default_rng(1)
    moved = False
    for _ in range(30):
        r = s.resample_hidden(p, rng)
        assert sorted(r.exp_deck) == deck
        got = sorted(c for q in (1, 2) for c in r.hand[q] if not r.public_hand >> c & 1)
        assert got == hidden
        moved |= r.hand[1] != s.hand[1]
    assert moved


def test_a_patron_put_back_stays_known_to_its_drawer_only():
    s, p, back = patron_put_back()
    assert s.patron_deck[0] == back
    rng = np.random.default_rng(2)
    for _ in range(20):
        assert s.resample_hidden(p, rng).patron_deck[0] == back
    assert any(s.resample_hidden(1, rng).patron_deck[0] != back for _ in range(20))


def test_a_patron_put_back_is_known_among_the_pair_another_player_draws():
    """The audit's case: a player who put a Patron back knows where it lies; when the deck is
    drawn down to it, it knows that card is in the pair another player chooses from (and, when
    that player keeps the other one, that it is back at the bottom)."""
    s, p, back = patron_put_back()
    drawer, third = 1, 2
    unseen = next(x for x in reversed(s.patron_deck) if x != back)
    rest = [x for x in s.patron_deck if x not in (back, unseen)]
    s.put("patron_deck", (back, unseen))  # the deck drawn down to the card put back
    s.put("patrons", replaced(s.patrons, third, (*s.patrons[third], *rest)))
    s.check_invariants()
    meet_patron(s, drawer)
    assert sorted(s.drawn_patrons) == sorted([back, unseen])
    assert s.view(p)["own"]["drawn_patrons"] == [back]  # known: it was put back there
    assert s.view(third)["own"]["drawn_patrons"] == []
    assert s.view(drawer)["own"]["drawn_patrons"] == sorted([back, unseen])
    forgot = s.clone()
    forgot.put("patron_seen", replaced(forgot.patron_seen, p, forgot.patron_seen[p] & ~(1 << back)))
    assert observation(s, p) != observation(forgot, p), "the observation forgets the card"
    assert observation(s, third) == observation(forgot, third)
    rng = np.random.default_rng(3)
    for _ in range(10):
        assert back in s.resample_hidden(p, rng).drawn_patrons
    s.apply_action(PATRON0 + unseen)  # the drawer keeps the other card
    assert s.view(p)["patrons_put_back"] == [back]
    assert s.view(third)["patrons_put_back"] == [None]


def test_a_seen_bloomsbury_tile_the_automa_removed_is_not_told_apart():
    """p looked through the 10 stack; the Automa then removed its top tile.  p does not know
    which one left, so its observation shows every tile it saw and resampling mixes them."""
    s = after_setup(0, num_players=1)
    p = 0
    assert not s.bloom_removed and not s.bloom[p]
    s.put(
        "bloom_box",
        replaced(s.bloom_box, 0, tuple(sorted({*s.bloom_box[0], *s.stacks[0]} - {3, 4, 5}))),
    )
    s.stacks[0] = [3, 4, 5]
    for x in (3, 4, 5):
        s.put("bloom_seen", replaced(s.bloom_seen, p, s.bloom_seen[p] | 1 << x))
    s.bloom_removed.append(s.stacks[0].pop())  # tile 5 out of the game
    s.check_invariants()
    before = observation(s, p)
    rng = np.random.default_rng(3)
    stacks = set()
    for _ in range(30):
        r = s.resample_hidden(p, rng)
        assert observation(r, p) == before
        r.check_invariants()
        assert set(r.stacks[0]) < {3, 4, 5} and len(r.stacks[0]) == 2
        stacks.add(tuple(sorted(r.stacks[0])))
    assert len(stacks) > 1
