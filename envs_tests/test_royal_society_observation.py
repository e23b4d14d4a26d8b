"""The Royal Society observation: kept between calls, it stays what a fresh encoding gives.

``observe`` keeps each player's bytes on the state and rewrites only the groups of pieces whose
state fields changed since it last looked (``observation.PARTS``, found by identity by
``observation.WATCH``: the fields are frozen, tuples and ints the rules replace whole).
These tests check that every observed field stays frozen and every change of one shows, at
every step of seeded random and heuristic games; compare the observation, at every step of
seeded random games, with the
encoding of a clone (which starts with no kept bytes), whoever observes and in whatever order,
after changes made by hand, and against digests of seeded games recorded before the cache
existed (a refactor keeps them; a deliberate change of the observation, masks or rules
regenerates them with ``digests`` and says why in CHANGELOG.md)."""

from __future__ import annotations

import copy
import hashlib
import pickle

import numpy as np
import pytest

from digsite.envs.registry import make_game
from digsite.games import BUILTIN
from digsite.games.royal_society.observation import (
    FIELDS,
    LAYOUT,
    PARTS,
    SHARED_PIECES,
    Observer,
    observe,
)

from .play import random_action
from .royal_society_positions import after_setup

ENTRY = next(e for e in BUILTIN if e.name == "royal_society")
CONFIGS = ENTRY.configs()


def observation(s, p: int) -> bytes:
    out = np.empty(s.game.observation_size, dtype=np.float32)
    observe(s, p, out)
    return out.tobytes()


def fresh(s, p: int) -> bytes:
    """The observation written from nothing kept (a clone keeps no bytes)."""
    return observation(s.clone(), p)


def _fields(s) -> dict:
    return {name: copy.deepcopy(getattr(s, name)) for name in FIELDS}


def _frozen(value) -> bool:
    """An int, or tuples of them to any depth: nothing a rule could change in place."""
    return isinstance(value, int) or (isinstance(value, tuple) and all(map(_frozen, value)))


@pytest.mark.parametrize("config", CONFIGS, ids=str)
def test_every_change_of_an_observed_field_shows(config):
    """After every step, every observed field is frozen (so a change in place fails loudly, and
    the rules write it with ``put``), and after a step that changed one, each player's kept
    bytes are those of a fresh encoding."""
    game = make_game("royal_society", **config)
    heuristic = ENTRY.load_heuristic()
    players = range(game.num_players)
    for seed in range(6):
        s = game.new_initial_state(np.random.default_rng(seed))
        rng = np.random.default_rng(seed + 200)
        for p in players:
            observation(s, p)
        before = _fields(s)
        while not s.is_terminal():
            if seed % 3 == 0:
                action = heuristic.act_in(s, s.current_player())
            else:
                action = random_action(s.legal_action_mask(), rng)
            s.apply_action(action)
            after = _fields(s)
            thawed = [f for f in FIELDS if not _frozen(getattr(s, f))]
            assert not thawed, (thawed, action)
            changed = [f for f in FIELDS if after[f] != before[f]]
            if changed:
                for p in players:
                    assert observation(s, p) == fresh(s, p), (changed, action, p)
            before = after


def test_a_field_changed_in_place_fails_loudly():
    """An observed field cannot be changed in place, nor (in the tests) written but with
    ``put``: a forgotten note would be silent.  A value written with ``put`` shows in the next
    observation."""
    s = after_setup(0, num_players=3)
    kept = observation(s, 1)
    with pytest.raises(TypeError):
        s.rep[0] += 1
    with pytest.raises(AttributeError):
        s.hand[0].append(0)
    with pytest.raises(AttributeError, match="put"):
        s.rep = (9,) * 3
    assert observation(s, 1) == kept
    s.put("rep", (s.rep[0] + 1, *s.rep[1:]))
    assert observation(s, 1) == fresh(s, 1) != kept


@pytest.mark.parametrize("config", CONFIGS, ids=str)
def test_kept_bytes_equal_a_fresh_encoding_at_every_step(config):
    game = make_game("royal_society", **config)
    n = game.num_players
    for seed in range(2):
        s = game.new_initial_state(np.random.default_rng(seed))
        rng = np.random.default_rng(seed + 100)
        while not s.is_terminal():
            mover = s.current_player()
            assert observation(s, mover) == fresh(s, mover)
            if rng.random() < 0.3:  # now and then every player, in a random order
                for p in rng.permutation(n):
                    assert observation(s, int(p)) == fresh(s, int(p))
            s.apply_action(random_action(s.legal_action_mask(), rng))
        for p in range(n):
            assert observation(s, p) == fresh(s, p)


def test_every_field_of_the_parts_is_written_from_the_state():
    """Changing any part's field with ``put`` (as the rules and rule tests do) changes the kept
    bytes as it changes a fresh encoding; changing it back restores them."""
    s = after_setup(3, num_players=3)
    for _ in range(60):
        s.apply_action(random_action(s.legal_action_mask(), np.random.default_rng(len(s.queue))))
    p = s.current_player()
    observation(s, p)
    assert len(FIELDS) == len(set(FIELDS)) == len({n for names, _, _ in PARTS for n in names})
    checked = 0
    for name in FIELDS:
        value = getattr(s, name)
        if isinstance(value, int):
            changed = value + 1 if name != "public_hand" else value ^ (1 << s.hand[p][0])
        elif value and isinstance(value[0], tuple):
            changed = tuple(row[::-1] for row in value[::-1])
        else:
            changed = value[::-1]
        if changed == value:
            continue
        s.put(name, changed)
        try:
            expected = fresh(s, p)
        except (IndexError, KeyError):  # not a position the encoder can write
            expected = None
        if expected is not None:
            assert observation(s, p) == expected, name
            checked += 1
        s.put(name, value)
        assert observation(s, p) == fresh(s, p), name
    assert checked >= len(FIELDS) * 2 // 3, checked


SENTINEL = 0xAB
"""A byte no writer writes (counts stay far below it)."""


def test_each_part_writes_its_pieces_only():
    """A shared part writes only the pieces it declares (what the other players copy from
    player 0); a part written for each player writes no shared piece."""
    shared = {name: LAYOUT.slices[name] for name in SHARED_PIECES}
    for config in CONFIGS:
        s = after_setup(7, **config)
        rng = np.random.default_rng(7)
        for _ in range(80):
            if s.is_terminal():
                break
            s.apply_action(random_action(s.legal_action_mask(), rng))
        for p in range(s.game.num_players):
            o = Observer(s, p)
            for _, write, pieces in PARTS:
                o.buf[:] = bytes([SENTINEL]) * len(o.buf)
                write(s, o)
                written = [i for i, x in enumerate(o.buf) if x != SENTINEL]
                if pieces:
                    allowed = [LAYOUT.slices[name] for name in pieces]
                else:
                    allowed = [sl for name, sl in LAYOUT.slices.items() if name not in shared]
                stray = [i for i in written if not any(sl.start <= i < sl.stop for sl in allowed)]
                assert not stray, (write, pieces, stray[:5])


def digests(config, games: int = 2) -> str:
    """Observations of every player, masks and actions of seeded random games, hashed."""
    game = make_game("royal_society", **config)
    h = hashlib.sha256()
    for seed in range(games):
        s = game.new_initial_state(np.random.default_rng(seed))
        rng = np.random.default_rng(1000 + seed)
        while True:
            for p in range(game.num_players):
                h.update(observation(s, p))
            h.update(s.legal_action_mask().tobytes())
            if s.is_terminal():
                break
            action = random_action(s.legal_action_mask(), rng)
            h.update(action.to_bytes(2, "little"))
            s.apply_action(action)
    return h.hexdigest()[:32]


DIGESTS = {
    "{'num_players': 1}": "676cc815c1d20710ed893995d76744ea",
    "{'num_players': 2, 'mode': 'confrontation'}": "9ff01c4c537a78dabbd75fbddda56f79",
    "{'num_players': 2, 'mode': 'competitive'}": "c2e81f1f8668d201f0a9fbf64746b53a",
    "{'num_players': 3}": "063fdfb940bfb1f719c9e7bcf6862b85",
    "{'num_players': 4}": "717b77c5936249133ef1a01b8b7c6f98",
    "{'num_players': 3, 'simplified': True}": "2100aa7f5edddf5051a656fce22abc78",
}
"""``digests(config)`` per configuration (royal_society_v3)."""


@pytest.mark.parametrize("config", CONFIGS, ids=str)
def test_seeded_games_keep_their_observations_masks_and_actions(config):
    assert digests(config) == DIGESTS[str(config)]


def test_kept_bytes_survive_pickling_and_deep_copies():
    for duplicate in (lambda s: pickle.loads(pickle.dumps(s)), copy.deepcopy):
        s = after_setup(1, num_players=4)
        rng = np.random.default_rng(5)
        for p in range(4):
            observation(s, p)
        other = duplicate(s)
        for _ in range(40):
            for state in (s, other):
                for p in range(4):
                    assert observation(state, p) == fresh(state, p)
            action = random_action(s.legal_action_mask(), rng)
            s.apply_action(action)
            other.apply_action(action)
