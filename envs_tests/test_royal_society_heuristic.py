"""The Royal Society heuristic: what its player may know, patrons, Royal Requirements."""

from __future__ import annotations

import numpy as np

from digsite.agents import RandomPolicy, choose
from digsite.core.fields import replaced
from digsite.envs.registry import make_game
from digsite.games.royal_society import scoring
from digsite.games.royal_society.heuristic import Context, RoyalSocietyHeuristic


def play(game, seed: int, seat: int, on_decision=None):
    agents = [RandomPolicy(np.random.default_rng(50 + seed)) for _ in range(game.num_players)]
    agents[seat] = RoyalSocietyHeuristic()
    state = game.new_initial_state(np.random.default_rng(seed))
    while not state.is_terminal():
        player = state.current_player()
        if on_decision is not None and player == seat:
            on_decision(state, player, agents[seat])
        state.apply_action(choose(agents[player], state, player))
    return state


def test_heuristic_reads_only_what_its_player_knows():
    """The same choice on every state its player cannot tell apart from the real one (other
    hands, deck orders, face-down tiles and future draws resampled)."""
    rng = np.random.default_rng(4)
    checked = []

    def compare(state, player, agent):
        if len(state.legal_actions()) > 1:
            other = state.resample_hidden(player, rng)
            assert agent.act_in(other, player) == agent.act_in(state, player)
            checked.append(state.decision)

    for config, seed in (({"num_players": 3}, 1), ({"num_players": 1}, 2)):
        play(make_game("royal_society", **config), seed, seat=0, on_decision=compare)
    assert len(checked) > 100 and len(set(checked)) >= 10


def test_heuristic_never_ends_with_a_patron_it_could_have_honored():
    """Every patron left unhonored at the end is one it holds no matching relic for."""
    taken = 0
    for config in ({"num_players": 1}, {"num_players": 3}):
        game = make_game("royal_society", **config)
        for seed in range(8):
            seat = seed % game.num_players
            state = play(game, seed, seat)
            taken += len(state.patrons[seat])
            for patron in state.patrons[seat]:
                if patron not in state.honored[seat]:
                    kinds = game.patron_kinds[patron]
                    assert not any(state.relics[seat][k] for k in kinds)
    assert taken >= 8  # it does meet patrons


def test_heuristic_meets_most_royal_requirements(monkeypatch):
    """It plans for the coming Royal Requirement: at most 1 check in 10 fails."""
    checks = []
    seat = 0
    check = scoring.royal_requirements

    def counting(state, period):
        req = state.requirements[period]
        checks.append(scoring.requirement_met(state, seat, req))
        check(state, period)

    monkeypatch.setattr(scoring, "royal_requirements", counting)
    for config in ({"num_players": 1}, {"num_players": 4}):
        game = make_game("royal_society", **config)
        for seed in range(10):
            seat = seed % game.num_players
            play(game, seed, seat)
    assert len(checks) == 40
    assert sum(checks) >= 36


def test_heuristic_copes_with_optional_actions_at_any_sub_decision(monkeypatch):
    """Were Gain Reputation, honoring, claims and Bloomsbury offered at every sub-decision of
    the turn, the heuristic would still pick one of the decision's own actions or one of them
    (it never reads an optional action as, say, a region or a card)."""
    seen = set()

    def widened(state, player, agent):
        real = state.legal_actions()
        optional = state.optional_actions(player)
        offered = sorted(set(real) | set(optional))
        with monkeypatch.context() as patch:  # (on the class: a state's attributes are slots)
            patch.setattr(type(state), "legal_actions", lambda self: offered)
            action = agent.act_in(state, player)
        assert action in real or action in optional
        if optional and set(optional) - set(real):
            seen.add(state.decision)

    for config, seed in (({"num_players": 1}, 3), ({"num_players": 3}, 5)):
        play(make_game("royal_society", **config), seed, seat=0, on_decision=widened)
    assert len(seen) >= 5  # widened at several kinds of sub-decision


def test_heuristic_runs_the_engine_rules_on_a_scratch_clone_only():
    """Its valuation runs the engine's rules on a clone: the state it decides on is unchanged."""
    decided = []

    def untouched(state, player, agent):
        before = state.to_dict()
        agent.act_in(state, player)
        assert state.to_dict() == before
        decided.append(state.decision)

    play(make_game("royal_society", num_players=3), 6, seat=1, on_decision=untouched)
    assert len(set(decided)) >= 10


def test_mine_follows_the_engine_economy():
    """A Mine's Knowledge, Reputation payment and budget are the engine's: the milestones (the
    Knowledge 8 choice taken as Science) and discs turned into Reputation when it is short."""
    game = make_game("royal_society", num_players=2)
    state = game.new_initial_state(np.random.default_rng(8))
    mine = Context(state, 0).mine()
    mine.knowledge, mine.rep, mine.discs = replaced(mine.knowledge, 1, 3), 1, 4
    mine.science = mine.prestige = 0
    mine.gain_know(1, 10)  # past 5, 8 and 12, one point beyond
    assert (mine.knowledge[1], mine.science, mine.prestige) == (12, 4, 1)
    assert mine.budget() == 9
    mine.pay_rep(4)  # 1 is short: two discs turned into Reputation
    assert (mine.rep, mine.discs) == (1, 2)
