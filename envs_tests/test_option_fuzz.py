"""Odd options and mutated component files, for every game: each is refused with ConfigError
(a data file's error is one), or it makes a game whose configuration is plain JSON and which
plays a random game to the end, saving and reloading on the way.

Bounded for the suite (derandomized); ``DIGSITE_FUZZ_EXAMPLES`` and ``DIGSITE_FUZZ_SEED`` dig
deeper, as for the saved-state fuzz.
"""

from __future__ import annotations

import json
import os
from importlib import resources

import numpy as np
import pytest
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

from digsite.core.engine import ConfigError
from digsite.games import BUILTIN

from .mutations import ODD_VALUES, mutate
from .play import play_random

EXAMPLES = int(os.environ.get("DIGSITE_FUZZ_EXAMPLES", "40"))
OPTION_VALUES = (
    *ODD_VALUES,
    *range(-1, 8),
    np.int64(2),
    np.int64(3),
    np.float64(3.0),
    np.bool_(True),
    "rulebook",
    "standard",
    "random",
    [0, 1, 2],
    ["A", "B"],
    {"cards": []},
)
"""Values tried for every option: wrong types, numbers around every range, numpy scalars,
strings and lists that some option allows."""


def fuzz_settings():
    seed = os.environ.get("DIGSITE_FUZZ_SEED")
    return settings(
        max_examples=EXAMPLES,
        derandomize=seed is None,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )


def plays(game, seed: int) -> None:
    """A game that was accepted is whole: plain configuration, a game to the end."""
    assert json.loads(json.dumps(game.config)) == game.config
    assert type(game.num_players) is int
    rng = np.random.default_rng(seed)
    state = game.new_initial_state(rng)
    play_random(state, rng, max_steps=40)
    saved = json.loads(json.dumps(state.to_dict()))
    assert game.state_from_dict(saved).to_dict() == saved
    play_random(state, rng, max_steps=game.max_game_length)
    assert state.is_terminal()
    state.check_invariants()


ENTRIES = [pytest.param(e, id=e.name) for e in BUILTIN]


@pytest.mark.parametrize("entry", ENTRIES)
def test_odd_options_are_refused_or_make_a_whole_game(entry):
    game_class = entry.load_game_class()
    base = entry.configs()[0]

    @fuzz_settings()
    @given(st.data())
    def check(data):
        option = data.draw(st.sampled_from(game_class.options))
        value = data.draw(st.sampled_from(OPTION_VALUES))
        note(f"{option.name}={value!r}")
        try:
            game = game_class.from_config(**{**base, option.name: value})
        except ConfigError:
            return
        plays(game, data.draw(st.integers(0, 2**32 - 1)))

    check()


@pytest.mark.parametrize("entry", ENTRIES)
def test_mutated_component_files_are_refused_or_make_a_whole_game(entry):
    game_class = entry.load_game_class()
    base = entry.configs()[0]
    folder = resources.files(game_class.__module__.rsplit(".", 1)[0]).joinpath("data")
    shipped = {
        o.name: json.loads(folder.joinpath(o.file).read_text(encoding="utf-8"))
        for o in game_class.options
        if o.file
    }

    @fuzz_settings()
    @given(st.data())
    def check(data):
        name = data.draw(st.sampled_from(sorted(shipped)))
        log: list[str] = []
        records = mutate(shipped[name], data.draw, log=log)
        note(f"{name}: " + "; ".join(log))
        try:
            game = game_class.from_config(**{**base, name: records})
        except ConfigError:
            return
        plays(game, data.draw(st.integers(0, 2**32 - 1)))

    check()
