"""Building Archeos Society positions for rule tests: cards placed by hand, every other card of
the game in the deck, so the invariants still hold."""

from __future__ import annotations

import numpy as np

from digsite.envs.registry import make_game
from digsite.games.archeos_society.actions import (
    ADD,
    EFFECTS,
    STOP,
    TARGET0,
    TRAIT,
    TRAIT_COLOUR,
    TRAIT_ROLE,
    TURN,
)
from digsite.games.archeos_society.components import (
    COLOURS,
    MONKEY,
    NUM_KINDS,
    ROLES,
    kind_of,
)


def card(name: str) -> int:
    """``card("green photographer")`` -> its kind."""
    colour, role = name.split()
    return kind_of(ROLES.index(role), COLOURS.index(colour))


def cards(*names: str) -> list[int]:
    return [card(n) for n in names]


def new_state(num_players: int = 2, setup: str = "chichen_itza", seed: int = 0, **config):
    game = make_game("archeos_society", num_players=num_players, setup=setup, **config)
    return game.new_initial_state(np.random.default_rng(seed))


def arrange(
    state,
    hands: dict[int, list[int]] | None = None,
    area: list[int] | None = None,
    top: list[int] | None = None,
    monkeys: int = 0,
    player: int = 0,
    expeditions: dict[int, list[list[int]]] | None = None,
) -> None:
    """Set hands, the recruitment area, expeditions and the top of the deck (``top[0]`` is
    drawn first; it may hold monkeys); ``monkeys`` already revealed. Other cards go to the deck
    under ``top``, the remaining monkeys at the very bottom. It is ``player``'s turn."""
    n = state.game.num_players
    comp = state.game.composition(state.roles)
    left = list(comp)
    hands = hands or {}
    expeditions = expeditions or {}
    state.hands = [[0] * NUM_KINDS for _ in range(n)]
    state.known = [[0] * NUM_KINDS for _ in range(n)]
    state.expeditions = [[list(e) for e in expeditions.get(p, [])] for p in range(n)]
    for p in range(n):
        for k in hands.get(p, []):
            state.hands[p][k] += 1
            left[k] -= 1
        for e in state.expeditions[p]:
            for k in e:
                left[k] -= 1
    state.area = [0] * NUM_KINDS
    for k in area or []:
        state.area[k] += 1
        left[k] -= 1
    top = list(top or [])
    for k in top:
        if k != MONKEY:
            left[k] -= 1
    assert min(left) >= 0, "more cards of a kind than the game has"
    rest = [k for k in range(NUM_KINDS) for _ in range(left[k])]
    top_monkeys = top.count(MONKEY)
    bottom_monkeys = 3 - monkeys - top_monkeys
    assert bottom_monkeys >= 0
    state.deck = [MONKEY] * bottom_monkeys + rest + top[::-1]
    state.discard = [0] * NUM_KINDS
    state.monkeys = monkeys
    state.top_left = 0 if top_monkeys else len(state.deck) - bottom_monkeys
    state.put("botanist", (-1, -1))
    state.decision, state.decider = TURN, player
    state._clear_expedition()
    refresh(state)


def refresh(state) -> None:
    """After editing a state's data directly."""
    state.derive()
    state.check_invariants()


def legal(state) -> set[int]:
    return set(state.legal_actions())


def play_expedition(state, leader: int, trait: str, added: list[int]) -> None:
    """Lead, choose the trait, add the cards; stops before the effects."""
    state.apply_action(leader)
    assert state.decision == TRAIT
    state.apply_action(TRAIT_COLOUR if trait == "colour" else TRAIT_ROLE)
    for k in added:
        assert state.decision == ADD, f"cannot add {k}: decision {state.decision}"
        state.apply_action(k)
    if state.decision == ADD:
        state.apply_action(STOP)


def advance(state, colour: int) -> None:
    assert state.decision == EFFECTS
    state.apply_action(TARGET0 + colour)
