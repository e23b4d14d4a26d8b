"""Shards under digsite's conformance suite (``digsite.testing``), a few of its rules, and the
suite catching two broken variants: an observation that shows a hidden hand, and one that
forgets the cards every player saw discarded."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
from digsite_shards.actions import DIG0, DISCARD0, DRAW, TAKE_FIND, VALUES, value
from digsite_shards.observation import HAND0, KNOWN, PLACE, PLACES, UNSEEN
from digsite_shards.rules import ShardsGame, ShardsState
from digsite_shards.spec import SPEC

from digsite.testing import ConformanceError, check_game
from digsite.testing.plugin import Conformance

TWO_PLAYERS = [{"num_players": 2}]


def card(site: int, value: int) -> int:
    return site * VALUES + value - 1


class TestShards(Conformance):
    """Every check, in every configuration the spec lists (2, 3 and 4 players)."""

    games = ["shards"]  # the installed plugin, by its name


# -- rules -------------------------------------------------------------------------------------
HANDS = [[card(0, 2), card(0, 5), card(1, 1)], [card(1, 3), card(2, 2), card(3, 6)]]
FIND = card(3, 1)


def game_with(dug=((), ()), deck_size: int | None = None) -> ShardsState:
    """Player 0 to move in a 2-player game with ``HANDS``, ``FIND`` and ``dug``, the other
    cards in the deck (only ``deck_size`` of them: the rest in the spoil heap)."""
    game = ShardsGame(num_players=2)
    data = game.new_initial_state(np.random.default_rng(0)).to_dict()
    placed = {*HANDS[0], *HANDS[1], FIND, *dug[0], *dug[1]}
    rest = [c for c in range(24) if c not in placed]
    deck_size = len(rest) if deck_size is None else deck_size
    data.update(hands=HANDS, find=FIND, deck=rest[:deck_size], spoil=rest[deck_size:])
    data.update(known=[[], []], dug=[list(d) for d in dug], decision="turn", decider=0)
    return game.state_from_dict(data)


def test_a_trench_takes_only_a_higher_card():
    state = game_with(dug=([card(0, 3)], []))
    legal = state.legal_actions()
    assert DIG0 + card(0, 2) not in legal and DISCARD0 + card(0, 2) in legal
    assert DIG0 + card(0, 5) in legal


def test_a_card_taken_from_the_find_stays_known_and_resampling_keeps_it():
    state = game_with()
    state.apply_action(DISCARD0 + card(0, 2))
    state.apply_action(TAKE_FIND)
    assert state.view(1)["seats"][0]["known"] == [FIND]
    rng = np.random.default_rng(1)
    for _ in range(20):
        other = state.resample_hidden(1, rng)
        assert FIND in other.hands[0] and other.view(1) == state.view(1)


def test_the_game_ends_with_the_deck_and_hands_count_against():
    state = game_with(deck_size=1)
    state.apply_action(DIG0 + card(0, 5))
    state.apply_action(DRAW)
    assert state.is_terminal()
    left = sum(value(c) for c in state.hands[0])
    assert state.scores() == [5.0 - left, -(3 + 2 + 6)] and state.returns() == [1.0, -1.0]


# -- what the kit catches ------------------------------------------------------------------------
class LeakyState(ShardsState):
    """Shows the next player's whole hand in ``card_place``, not only the cards it took."""

    def observe(self, player: int, out: np.ndarray) -> None:
        super().observe(player, out)
        place = out[PLACE].reshape(-1, PLACES)
        for c in self.hands[(player + 1) % self.game.num_players]:
            place[c] = 0.0
            place[c, HAND0 + 1] = 1.0


class ForgetfulState(ShardsState):
    """Forgets the spoil heap: every player saw each card discarded, but the observation shows
    it as unseen."""

    def observe(self, player: int, out: np.ndarray) -> None:
        super().observe(player, out)
        place = out[PLACE].reshape(-1, PLACES)
        for c in self.spoil:
            place[c] = 0.0
            place[c, UNSEEN] = 1.0
            out[KNOWN][c] = 0.0


class LeakyGame(ShardsGame):
    state_class = LeakyState


class ForgetfulGame(ShardsGame):
    state_class = ForgetfulState


LEAKY = replace(SPEC, game_class=f"{__name__}:LeakyGame")
FORGETFUL = replace(SPEC, game_class=f"{__name__}:ForgetfulGame")
"""Shards played with the broken observations: specs of games not registered, which the kit
checks all the same."""


def failures(spec) -> dict[str, str]:
    with pytest.raises(ConformanceError) as caught:
        check_game(spec, TWO_PLAYERS)
    return {f.check: f.message for f in caught.value.failures}


def test_the_kit_names_the_piece_of_a_leaky_observation():
    failed = failures(LEAKY)
    said = failed["hidden_information_resampling"]
    assert "observation differs in card_place" in said and "cannot know" in said
    assert "card_place" in failed["views_are_complete_and_exact"]


def test_the_kit_names_the_field_an_observation_forgets():
    failed = failures(FORGETFUL)
    said = failed["views_are_complete_and_exact"]
    assert "give the same observation" in said and "the views differ in: spoil" in said
