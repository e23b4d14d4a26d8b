"""What every Medieval Realms position keeps (``check_invariants``): cards and VP conserved, a
decision its flow can reach."""

from __future__ import annotations

from . import components
from .actions import ACTION, BID, BONUS, GAME_OVER, P_BUFFER, PICK_PAIR, PLACE, TOKEN_CHOICE


def check_invariants(state) -> None:
    game = state.game
    n = game.num_players
    assert (state.decision == GAME_OVER) == (state.decider == -1), "decider -1 iff game over"
    card, _, bidder = state.auction
    assert card < len(game.cards) and bidder < n, "auction is [card, bid, high bidder]"
    assert (card >= 0) == (state.decision == BID), "an auction runs exactly while bidding"
    _check_phase(state)
    everywhere = [*state.deck, *state.discard, *(c for h in (*state.hand, *state.realm) for c in h)]
    everywhere += [c for c in (*state.panel, *state.future, state.auction[0]) if c >= 0]
    assert sorted(everywhere) == list(range(len(game.cards))), "a card was created or lost"
    assert len([x for x in state.pair if x >= 0]) == len({x for x in state.pair if x >= 0})
    for p in range(n):
        assert min(state.res[p]) >= 0, f"player {p} holds negative resources"
        hand = state.hand[p]
        assert len(hand) <= components.HAND_LIMIT, f"player {p} holds {len(hand)} cards"
        colours = [game.card_colour[c] for c in hand]
        assert len(set(colours)) == len(colours), f"player {p} holds two cards of a colour"
        assert all(game.card_kind[c] != components.AUCTION for c in hand), "an auction card in hand"
        immediate = sum(game.types[game.card_type[c]].immediate_vp for c in state.realm[p])
        assert state.vp[p] == immediate + state.city_vp[p], f"player {p}'s VP disagree"
        owed = state.vp[p] // 5
        assert state.bonus_tokens[p] + state.bonus_queue.count(p) == owed, "VP track bonus"
        start = components.STARTING_LEADERS[n]
        assert state.leaders[p][components.MAYOR] >= start[0] and state.buffers[p] == start[3]
        assert min(state.leaders[p][components.GENERAL :]) >= 1, "a General and an Admiral"
        if state.decision == GAME_OVER:
            assert state.final[p] == state.final_vp(p), f"player {p}'s final score disagrees"
        else:
            assert state.final[p] == (0, 0, 0)
        if not state.placed[p] and not (state.decision == PLACE and p == state.decider):
            out = state.squares[p], state.generals_on[p], state.admirals_on[p], state.buffers_on[p]
            assert not any(map(any, out)), f"player {p} has leaders out before placing them"
        if state.placed[p] and not state.revealed:  # (leaders won later join next round)
            done, counts = state.placed_counts(p), state.to_place(p)
            assert done[:P_BUFFER] == counts[:P_BUFFER], "Mayors, Generals or Admirals misplaced"
            assert done[P_BUFFER] <= counts[P_BUFFER], "more buffers placed than held"
            for land in range(components.NUM_LANDS):
                military = state.generals_on[p][land] + state.admirals_on[p][land]
                assert not (military and state.buffers_on[p][land]), "buffer on own army"
                if land >= game.num_lands:
                    assert not military and not state.buffers_on[p][land], "land not in play"
    if state.decision == ACTION:
        assert not state.passed[state.decider] and state.revealed
    if state.decision in (PICK_PAIR, PLACE):
        assert not any(state.passed), "passes belong to the action phase"
    if state.decision == BID:
        assert state.auction[0] >= 0 and not state.auction_out[state.decider]
        card, bid, high = state.auction
        currency = game.card_cost[card][0]
        assert high < 0 or bid <= state.res[high][currency], "a bid its bidder cannot pay"
        holding = state.res[state.decider][currency]
        assert not state.raising or state.lowest_bid() <= holding, "a raise beyond the purse"
    assert sorted(state.turn_order) == list(range(n))
    assert state.raising % components.BID_STEPS == 0
    assert state.decision == BID or not state.raising
    for p in range(n):  # the bounds the observation scales by
        assert sum(state.res[p]) <= game.max_tokens, f"player {p} holds too many tokens"
        assert state.vp[p] <= game.max_vp, f"player {p} has too many VP"
        assert all(k <= m for k, m in zip(state.leaders[p], game.max_leaders, strict=True))


def _check_phase(state) -> None:
    """The pending decision is one the game's flow can reach: its prerequisites hold, so
    play goes on from it (a placer with leaders left, a token choice for a card in play,
    a bonus owed...)."""
    d, p = state.decision, state.decider
    if state.choice_card >= 0:
        assert d == TOKEN_CHOICE and state.choice_card in state.realm[p], "token choice"
        assert state.game.card_type[state.choice_card] in (components.TERRITORY, components.TITHE)
    else:
        assert d != TOKEN_CHOICE, "a token choice names its card"
    if d == BONUS:
        assert state.bonus_queue and state.bonus_queue[0] == p, "the bonus goes to the queue head"
    if d in (ACTION, BID):
        assert state.revealed, "actions and auctions come once the walls are down"
        assert d == BID or state.actor == p, "the actor acts"
    if d in (PICK_PAIR, PLACE):
        assert not state.revealed, "the walls are up while leaders are placed"
    if d == PLACE:
        order = state.turn_order
        at = order.index(p)
        assert all(state.placed[q] for q in order[:at]), "placers go in turn order"
        assert not any(state.placed[q] for q in order[at:]), "placers go in turn order"
        assert state.place_left >= 1, "the placer has a leader left to place"
        counts, done = state.to_place(p), state.placed_counts(p)
        kind = state.place_kind
        assert all(done[k] == counts[k] for k in range(kind)), "earlier kinds are placed"
        assert not any(done[kind + 1 :]), "later kinds are not placed yet"
        assert done[kind] + state.place_left <= counts[kind], "leaders left to place"
        if kind != P_BUFFER:
            assert done[kind] + state.place_left == counts[kind], "leaders left to place"
