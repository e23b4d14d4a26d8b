"""Mutated saved states, for every configuration: each is refused with CorruptStateError, or it
loads as a consistent position that every player can view and that plays to the end.

Bounded for the suite (``FUZZ_EXAMPLES`` per configuration, derandomized so that CI is
repeatable); ``DIGSITE_FUZZ_EXAMPLES=5000 pytest envs_tests/test_saved_state_fuzz.py`` digs
deeper, and without derandomizing when ``DIGSITE_FUZZ_SEED`` is set.
"""

from __future__ import annotations

import os

import numpy as np
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

from digsite.core.engine import CorruptStateError
from digsite.core.views import sample_states
from digsite.envs.registry import make_game

from .mutations import mutate
from .play import observation, random_action

FUZZ_EXAMPLES = int(os.environ.get("DIGSITE_FUZZ_EXAMPLES", "60"))
SOURCE_STATES = 12
"""Saved states mutated per configuration: from the set-up, mid-game and the end."""


def saved_states(game) -> list[dict]:
    rng = np.random.default_rng(7)
    states = sample_states(game, rng, SOURCE_STATES * 6, every=7)
    picked = [s.to_dict() for i, s in enumerate(states) if i % 6 == 0]
    end = game.new_initial_state(rng)
    while not end.is_terminal():
        end.apply_action(random_action(end.legal_action_mask(), rng))
    return [*picked, end.to_dict()]


def play_out(state, rng: np.random.Generator) -> None:
    """An accepted state is a position: every player sees it, it saves and reloads to itself,
    and random play ends within the game's bound with the invariants kept."""
    game = state.game
    state.check_invariants()
    for p in range(game.num_players):
        state.view(p)
        observation(state, p)
        state.render(p)
    state.render()
    assert game.state_from_dict(state.to_dict()).to_dict() == state.to_dict()
    for _ in range(game.max_game_length):
        if state.is_terminal():
            break
        state.apply_action(random_action(state.legal_action_mask(), rng))
        state.check_invariants()  # consistent all the way, not only at the end
        observation(state, max(state.current_player(), 0))
    assert state.is_terminal(), f"no end within max_game_length = {game.max_game_length}"
    state.check_invariants()
    state.returns()


def fuzz_saved_states(game, examples: int = FUZZ_EXAMPLES) -> None:
    """Mutate saved states of ``game``: each is refused or loads and plays to the end."""
    sources = saved_states(game)
    seed = os.environ.get("DIGSITE_FUZZ_SEED")

    @settings(
        max_examples=examples,
        derandomize=seed is None,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(st.data())
    def check(data):
        saved = sources[data.draw(st.integers(0, len(sources) - 1))]
        log: list[str] = []
        broken = mutate(saved, data.draw, log=log)
        note("\n".join(log))
        try:
            state = game.state_from_dict(broken)
        except CorruptStateError:
            return
        play_out(state, np.random.default_rng(data.draw(st.integers(0, 2**32 - 1))))

    check()


def test_mutated_saved_states_are_refused_or_play_to_the_end(case):
    entry, config, _ = case
    fuzz_saved_states(make_game(entry.name, **config))
