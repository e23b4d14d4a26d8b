"""The Archeos Society observation against a plain reference encoder.

The engine's encoder keeps caches and float rows for speed; the reference below writes every
piece of the documented layout straight from the rules' lists, one piece at a time, so any cache
that goes stale or any rotation that goes wrong shows up as a difference."""

from __future__ import annotations

import numpy as np
import pytest

from digsite.core.registry import ENVIRONMENTS
from digsite.games.archeos_society.actions import DRAFT_ROLE, GAME_OVER, PROFESSOR_MOVE
from digsite.games.archeos_society.components import MERCENARY, NUM_COLOURS, PHOTOGRAPHER
from digsite.games.archeos_society.observation import LAYOUT

from .archeos_society_positions import new_state
from .play import random_action

CONFIGS = next(e for e in ENVIRONMENTS if e.name == "archeos_society").configs()


def reference_observation(state, player: int) -> np.ndarray:
    n = state.game.num_players
    obs = np.zeros(LAYOUT.size, dtype=np.float32)
    v = LAYOUT.unpack(obs)
    seats = [(player + s) % n for s in range(n)]  # relative seat -> player
    decision, lead = state.decision, state.lead
    playing = decision != GAME_OVER

    v["hand"][:] = np.array(state.hands[player]) / 4
    v["area"][:] = np.array(state.area) / 4
    for s, p in enumerate(seats[1:]):
        v["known_hands"][s] = np.array(state.known[p]) / 4
    for exps in state.expeditions:
        for e in exps:
            for k in e:
                v["played"][k] += 0.25
    if state.decider == player and state.keep_left:
        v["kept"][:] = np.array(state.kept) / 4
    if lead >= 0 and playing:
        for k in state.expeditions[state.decider][-1]:
            v["current_expedition"][k] += 0.25

    for s, p in enumerate(seats):
        score = state.score[p]
        tokens = sum(value + 1 for value, q in enumerate(state.tokens) if q == p)
        v["seats"][s, :11] = [
            1.0,
            min(max(score, 0) / 150, 1.0),
            state.linguist[p] / state.game.tables.linguist_length,
            *state.relics[p],
            tokens / 21,
            float(state.botanist[0] == p),
        ]
        for target, space in enumerate(state.pos[p]):
            v["vehicles"][s, target, space] = 1.0
        exps = state.expeditions[p]
        for e in exps:
            size = min(len(e), 10)
            v["expeditions"][s, size - 1] = min(v["expeditions"][s, size - 1] + 0.25, 1.0)
        mercs = sum(1 for e in exps for k in e if k // NUM_COLOURS == MERCENARY)
        v["expeditions"][s, 10] = min(mercs / 10, 1.0)
        photos = sum(1 for e in exps if e[0] // NUM_COLOURS == PHOTOGRAPHER)
        v["expeditions"][s, 11] = min(photos / 5, 1.0)
    for value, q in enumerate(state.tokens):
        v["tokens"][value, 0 if q < 0 else 1 + seats.index(q)] = 1.0
    v["roles"][state.roles] = 1.0
    for colour, side in enumerate(state.sides):
        v["sides"][colour, 2 if side < 0 else side] = 1.0
    v["season"][state.season - 1] = 1.0

    v["first_player"][seats.index(state.first_player)] = 1.0
    v["hand_sizes"][:n] = [state.hand_size[p] / 10 for p in seats]
    v["monkeys"][state.monkeys] = 1.0
    v["deck"][:] = [min(len(state.deck) / 100, 1.0), min(state.top_left / 100, 1.0)]
    v["decision"][decision] = 1.0
    if playing:
        v["decider"][seats.index(state.decider)] = 1.0
    if lead >= 0 and playing:
        v["leader"][lead // NUM_COLOURS] = 1.0
        v["leader"][12 + lead % NUM_COLOURS] = 1.0
        if state.trait >= 0:
            v["trait"][state.trait] = 1.0
        v["context"][:8] = [
            state.cap / 10,
            state.colour_done,
            state.role_done,
            state.cart_ok,
            min(state.ling_pending / 4, 1.0),
            state.keep_left / 10,
            min(state.patron_draw / 10, 1.0),
            min(state.chichen_draws / 10, 1.0),
        ]
    if state.phase:
        step = state.prof_queue[0][1] if decision == PROFESSOR_MOVE and state.prof_queue else 0
        v["context"][8:] = [state.phase == 1, state.phase == 2, step > 0, step < 0]
    if state.uluru_target >= 0:
        v["uluru_vehicle"][state.uluru_target] = 1.0
    if decision == DRAFT_ROLE:
        for r in state.draft_hand:
            if player == state.decider or state.draft_seen[player][r]:
                v["draft_hand"][r] = 1.0
    if state.draft_drawn >= 0:
        v["draft_board"][state.draft_drawn] = 1.0
    v["num_players"][n - 2] = 1.0
    return obs


def encoded(state, player: int) -> np.ndarray:
    out = np.full(LAYOUT.size, np.nan, dtype=np.float32)  # every entry must be written
    state.observe(player, out)
    return out


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c['num_players']}p-{c['setup']}")
def test_encoder_matches_the_reference_over_random_games(config):
    """Every player's view after every action of two random games, plus clones, restored
    saves and resampled states (whose caches start empty) along the way."""
    rng = np.random.default_rng(7)
    compared = 0
    for seed in range(2):
        state = new_state(config["num_players"], config["setup"], seed=seed)
        step = 0
        while True:
            if step % 97 == 50:
                state = state.clone()
            elif step % 97 == 80:
                state = state.game.state_from_dict(state.to_dict())
            views = [state]
            if step % 31 == 5 and not state.is_terminal():
                views.append(state.resample_hidden(state.current_player(), rng))
            for view in views:
                for p in range(state.game.num_players):
                    expected = reference_observation(view, p)
                    got = encoded(view, p)
                    assert got.tobytes() == expected.tobytes(), (
                        f"step {step}, player {p}: pieces differ: "
                        f"{[k for k, s in LAYOUT.slices.items() if (got[s] != expected[s]).any()]}"
                    )
                    compared += 1
            if state.is_terminal():
                break
            state.apply_action(random_action(state.legal_action_mask(), rng))
            step += 1
    assert compared > 500
