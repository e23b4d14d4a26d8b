"""What every Archeos Society position keeps (``check_invariants``): cards and monkeys conserved,
a decision with what it needs, the custom set-up's draft apart."""

from __future__ import annotations

from ...core import chance
from ...core.engine import TERMINAL
from . import actions, components
from .actions import ADD, EFFECTS, EXTRA, FREE_ADVANCE, GAME_OVER, KEEP, TRAIT, ULURU
from .components import L_CURATOR, MERCENARY, MONKEY, NUM_COLOURS, NUM_MONKEYS, ROLES_PER_GAME
from .saved import FIELDS

_DRAFT_FIELDS = {*chance.NAMES, "roles", "sides", "first_player", "decision", "decider"} | {
    name for name in FIELDS.names if name.startswith("draft_")
}
"""The fields the custom set-up changes; the others keep their initial values until it ends."""

_EXPEDITION_DECISIONS = (TRAIT, ADD, EFFECTS, FREE_ADVANCE, KEEP, EXTRA)
"""Decisions taken while an expedition is played or resolved (an Uluru cash-in too, unless a
Professor move advanced the vehicle)."""


def check_invariants(state) -> None:
    n = state.game.num_players
    d = state.decision
    assert (d == GAME_OVER) == (state.decider == TERMINAL), "decider is -1 when the game is over"
    assert len(set(state.roles)) == len(state.roles) <= ROLES_PER_GAME, "roles repeat"
    assert d != actions.DRAFT_SITE or state.draft_drawn >= 0, "a site board is placed once drawn"
    if d in (actions.DRAFT_ROLE, actions.DRAFT_SITE):
        _check_draft(state)
        return
    assert len(state.roles) == ROLES_PER_GAME and -1 not in state.sides, "set-up unfinished"
    _check_decision(state)
    comp = state.game.composition(state.roles)
    total = [sum(held) for held in zip(state.discard, state.area, *state.hands, strict=True)]
    for k in (*state.deck, *(k for exps in state.expeditions for e in exps for k in e)):
        if k != MONKEY:  # (only the deck holds monkeys)
            total[k] += 1
    assert total == comp, "a card was created or lost"
    if state.decision != GAME_OVER:
        assert state.deck.count(MONKEY) + state.monkeys == NUM_MONKEYS, "a monkey went astray"
        assert state.top_left <= len(state.deck)
        assert MONKEY not in state.deck[len(state.deck) - state.top_left :], "monkey on top"
    assert state.area_size == sum(state.area)
    for p in range(n):
        assert state.hand_size[p] == sum(state.hands[p]) <= components.HAND_LIMIT, "hand size wrong"
        assert all(0 <= state.known[p][k] <= state.hands[p][k] for k in range(components.NUM_KINDS))
        assert state.score[p] == sum(state.ledger[p]), "score disagrees with its sources"
        assert abs(state.score[p]) <= state.game.scales.score, "score beyond its bound"
        for t in range(actions.NUM_TARGETS):
            unused = t == actions.SECOND_VEHICLE and state._two_vehicle_colour() < 0  # stays at 0
            last = 0 if unused else state._target_site(t).last
            assert 0 <= state.pos[p][t] <= last, "vehicle off track"
        assert 0 <= state.linguist[p] <= state.game.tables.linguist_length
        for e in state.expeditions[p]:
            assert e[0] // NUM_COLOURS != MERCENARY, "a Mercenary leads"
        if d == GAME_OVER:
            assert state.ledger[p][L_CURATOR] == state.game.tables.curator[sum(state.relics[p])]
            assert all(k // NUM_COLOURS != MERCENARY for e in state.expeditions[p] for k in e)
    held = [t for t in state.tokens if t >= 0]
    assert all(0 <= t < n for t in held)
    assert components.PROFESSOR in state.roles or not held, "Professor tokens without the Professor"
    assert components.CURATOR in state.roles or not any(map(any, state.relics)), (
        "relics without the Curator"
    )


def _check_draft(state) -> None:
    """The custom set-up: role cards and boards conserved, each player in turn from the
    first, and nothing of the game itself under way yet."""
    n, roles = state.game.num_players, state.roles
    for name in FIELDS.names:
        if name not in _DRAFT_FIELDS:
            FIELDS.check_at_start(state, (name,), "the custom set-up leaves it at its start")
    unlaid = [c for c in range(NUM_COLOURS) if state.sides[c] < 0]
    if state.decision == actions.DRAFT_ROLE:
        everything = sorted([*roles, *state.draft_hand, *state.draft_aside])
        assert everything == list(range(components.NUM_ROLES)), "a role card was lost"
        assert len(roles) < ROLES_PER_GAME == len(state.draft_hand), "a draft hand of 6"
        assert len(unlaid) == NUM_COLOURS and state.draft_drawn < 0 and not state.draft_boards
        laid = 0
    else:
        assert list(roles) == sorted(roles) and len(roles) == ROLES_PER_GAME, "roles unchosen"
        assert not state.draft_hand and not state.draft_aside, "role cards left in the draft"
        boards = sorted([*state.draft_boards, state.draft_drawn])
        assert boards == unlaid, "a board was lost or laid twice"
        laid = NUM_COLOURS - len(unlaid)
    assert state.decider == (state.first_player + len(roles) + laid) % n, "out of turn"


def _check_decision(state) -> None:
    """What the pending decision needs: its expedition, its queue, its board."""
    d, p = state.decision, state.decider
    holder, index = state.botanist
    assert (holder < 0) == (index < 0), "the Botanist tile is half placed"
    assert holder < 0 or index < len(state.expeditions[holder]), "no expedition under Botanist"
    own = state.expeditions[p] if p >= 0 else []
    for lead, i in state.suspended:
        assert i < len(own) and own[i][0] == lead, "a suspended expedition is not the mover's"
    hand = state.hands[max(p, 0)]
    assert all(k <= h for k, h in zip(state.kept, hand, strict=True)), "kept cards not in hand"
    if d in _EXPEDITION_DECISIONS or (d == ULURU and state.phase != actions.PROFESSOR_PHASE):
        assert own and state.at < len(own) and own[state.at][0] == state.lead, "no expedition"
        assert state.trait < 0 or d != TRAIT, "the trait is chosen once"
    else:
        assert state.lead < 0, "an expedition under way outside its decisions"
    if state.lead < 0:
        rest = ("trait", "at", "moved", "suspended", "kept")
        counts = ("ling_pending", "keep_left", "patron_draw", "chichen_draws")
        flags = ("colour_done", "role_done", "cart_ok")
        FIELDS.check_at_start(state, (*rest, *counts, *flags), "no expedition is under way")
        assert state.cap == components.HAND_LIMIT or d == actions.UR, (
            "a size limit outside the Ur expeditions"
        )
    if state.uluru_target >= 0:
        assert state._target_site(state.uluru_target).rule == "uluru", "no vehicle on Uluru"
        stale = state.lead >= 0 or d in (actions.PROFESSOR_MOVE, GAME_OVER)
        assert d == ULURU or stale, "an Uluru vehicle outside its expedition or phase"
    else:
        assert d != ULURU, "an Uluru decision needs the vehicle that advanced"
    assert state.ling_pending > 0 or d != FREE_ADVANCE, "a free advance with none left"
    assert state.keep_left > 0 or d != KEEP, "a Physician keep with none left"
    for q, step in state.prof_queue:
        assert q >= 0 and step in (-1, 1), "a Professor move is [player, +1 or -1]"
    if d == actions.PROFESSOR_MOVE:
        assert state.prof_queue and state.prof_queue[0][0] == p, "no Professor move queued"
    assert state.phase != actions.UR_PHASE or state.ur_colour >= 0, (
        "the Ur phase needs the Ur board"
    )
