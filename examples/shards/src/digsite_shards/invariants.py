"""What every Shards position keeps, live or loaded: the conformance suite checks it after
every move of its random games, and ``state_from_dict`` refuses a saved state that breaks it."""

from __future__ import annotations

from .actions import GAME_OVER, HAND_SIZE, NUM_CARDS, REFILL, SITES, site, value


def check_invariants(state) -> None:
    n = state.game.num_players
    places = [*state.deck, *state.spoil, state.find]
    for p in range(n):
        places += [*state.hands[p], *state.dug[p]]
    assert sorted(places) == list(range(NUM_CARDS)), "every card is in exactly one place"
    assert state.deck == sorted(state.deck), "the deck is kept sorted"
    for p in range(n):
        hand, known = state.hands[p], state.known[p]
        assert hand == sorted(hand) and known == sorted(known), f"player {p}'s cards are sorted"
        assert set(known) <= set(hand), f"player {p}'s known cards are in their hand"
        short = state.decision == REFILL and state.decider == p
        assert len(hand) == HAND_SIZE - short, f"player {p} holds {len(hand)} cards"
        for s in range(len(SITES)):
            values = [value(c) for c in state.dug[p] if site(c) == s]
            assert values == sorted(set(values)), f"player {p} dug {SITES[s]} out of order"
    over = state.decision == GAME_OVER
    assert over == (not state.deck), "the game ends when the deck runs out, and only then"
    assert (state.decider == -1) == over, "a player is to move until the end"
