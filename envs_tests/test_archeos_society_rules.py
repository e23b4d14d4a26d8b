"""Archeos Society rules that are easy to get wrong: each role, each advanced site, the turn,
hidden information, the set-ups, the data files."""

from __future__ import annotations

import json

import numpy as np
import pytest

from digsite.core.engine import ConfigError
from digsite.core.fields import replaced, replaced_in
from digsite.core.views import follow_up_leak
from digsite.envs.registry import make_game
from digsite.games.archeos_society.actions import (
    ADD,
    CASH_IN,
    DRAFT_ROLE,
    DRAFT_ROLE0,
    DRAFT_SITE,
    DRAW,
    EFFECTS,
    EXTRA,
    FREE_ADVANCE,
    KEEP,
    PROFESSOR_MOVE,
    SECOND_VEHICLE,
    SIDE_ADVANCED,
    STOP,
    TAKE0,
    TARGET0,
    TOKEN0,
    TRAIT_COLOUR,
    TURN,
    ULURU,
    UR,
    USE_ROLE,
)
from digsite.games.archeos_society.components import (
    L_CURATOR,
    L_EXPEDITIONS,
    L_LINGUIST,
    L_RAPA_NUI,
    L_SITES,
    L_ULURU,
    MONKEY,
    DataError,
)
from digsite.games.archeos_society.observation import LAYOUT
from digsite.games.archeos_society.rules import ArcheosSocietyState

from .archeos_society_positions import (
    arrange,
    card,
    cards,
    legal,
    new_state,
    play_expedition,
    refresh,
)
from .play import observation, play_random

RED, GREEN, BLUE, YELLOW, PINK, PURPLE = range(6)


def finish_effects(state) -> None:
    while state.decision == EFFECTS:
        state.apply_action(STOP)


def end_season(state, player: int | None = None) -> None:
    """Make the player to move draw the third monkey."""
    state.monkeys = 2
    state.deck = [k for k in state.deck if k != MONKEY] + [MONKEY]
    state.top_left = 0
    refresh(state)
    state.apply_action(DRAW)


# -- the turn ----------------------------------------------------------------------------
def test_draw_two_when_the_area_is_empty_but_one_with_nine_cards():
    state = new_state(2)
    nine = cards(*["red student"] * 4, *["green student"] * 4, "red guide")
    arrange(state, hands={0: cards("red guide"), 1: nine})
    state.apply_action(DRAW)
    assert state.hand_size[0] == 3  # empty area: two cards
    assert state.hand_size[1] == 9
    state.apply_action(DRAW)
    assert state.hand_size[1] == 10  # nine cards: only one


def test_ten_cards_must_play_an_expedition():
    state = new_state(2)
    ten = cards(*["red student"] * 4, *["green student"] * 4, "red guide", "blue guide")
    arrange(state, hands={0: ten, 1: cards("red patron")}, area=cards("yellow guide"))
    actions = legal(state)
    assert DRAW not in actions and TAKE0 + card("yellow guide") not in actions
    assert set(ten) <= actions and STOP not in actions


def test_ten_mercenaries_go_to_the_area():
    state = new_state(2, "rapa_nui")
    mercs = cards(*[f"{c} mercenary" for c in ("red", "green", "blue", "yellow", "pink")] * 2)
    arrange(state, hands={0: mercs, 1: cards("red pilot")})
    assert legal(state) == {STOP}
    state.apply_action(STOP)
    assert state.hand_size[0] == 0 and state.area_size == 10 and state.decider == 1


def test_taking_from_the_area_is_public_and_not_replaced():
    state = new_state(2)
    hands = {0: cards("red guide"), 1: cards("blue guide")}
    arrange(state, hands=hands, area=cards("green patron"))
    before = observation(state, 1)
    state.apply_action(TAKE0 + card("green patron"))
    assert state.area_size == 0 and state.known[0][card("green patron")] == 1
    seen = LAYOUT.unpack(observation(state, 1))
    known = seen["hands"][6:].reshape(7, 72)[1 + 1]  # seat 1 (the next player): row 2
    assert known[card("green patron")] == 0.25
    assert not np.array_equal(before, observation(state, 1))


def test_hidden_hand_changes_nothing_in_the_others_view():
    state = new_state(3)
    arrange(state, hands={0: cards("red guide"), 1: cards("blue guide"), 2: cards("red patron")})
    other = state.clone()
    arrange(other, hands={0: cards("green guide"), 1: cards("blue guide"), 2: cards("red patron")})
    for p in (1, 2):
        assert observation(state, p).tobytes() == observation(other, p).tobytes()
    assert observation(state, 0).tobytes() != observation(other, 0).tobytes()


def same_to(player: int, one, other) -> None:
    """Nothing ``player`` is shown differs between the two positions."""
    assert observation(one, player).tobytes() == observation(other, player).tobytes()
    assert json.dumps(one.view(player)) == json.dumps(other.view(player))
    assert (one.decision, one.decider) == (other.decision, other.decider)


def test_the_add_step_tells_the_others_nothing_of_the_hand():
    """The audit's case: player 1 holds a red Physician, a red or a green Guide and a blue
    Botanist and leads the Physician on red.  The add step comes with either hand (stop is
    always legal), so player 0 sees the same thing, step by step, whichever Guide it is."""
    guides = cards("red guide", "green guide")
    states = []
    for guide in guides:
        state = new_state(2)
        hand = [card("red physician"), guide, card("blue botanist")]
        arrange(state, hands={0: cards("red patron"), 1: hand}, player=1)
        states.append(state)
    one, other = states
    for action in (card("red physician"), TRAIT_COLOUR):
        same_to(0, one, other)
        one.apply_action(action)
        other.apply_action(action)
    same_to(0, one, other)
    assert one.decision == ADD  # with the red Guide, which may join...
    assert legal(one) == {guides[0], STOP} and legal(other) == {STOP}  # ...and without it
    for state, guide in zip(states, guides, strict=True):
        state.apply_action(STOP)
        state.apply_action(USE_ROLE)
        state.apply_action(guide)  # the Physician keeps the Guide: it stays hidden
        finish_effects(state)
    same_to(0, one, other)
    assert one.decision == TURN and one.decider == 0 and one.hands[1] != other.hands[1]


def test_known_cards_survive_resampling_and_monkeys_stay_in_the_bottom_part():
    state = new_state(3, seed=4)
    hands = {0: cards("red guide"), 1: cards("blue guide", "blue patron")}
    arrange(state, hands={**hands, 2: cards("red patron")})
    state.known[1][card("blue guide")] = 1
    refresh(state)
    rng = np.random.default_rng(0)
    hands = set()
    for _ in range(30):
        other = state.resample_hidden(0, rng)
        assert other.hands[1][card("blue guide")] >= 1
        assert other.hands[0] == state.hands[0]
        assert MONKEY not in other.deck[len(other.deck) - other.top_left :]
        hands.add(tuple(other.hands[1]))
    assert len(hands) > 1


# -- Mercenary, Photographer, Guide, Student ----------------------------------------------
def test_mercenaries_are_wild_never_lead_and_leave_before_scoring():
    state = new_state(2, "rapa_nui")
    hand = cards("red pilot", "green mercenary", "blue mercenary", "red student", "red linguist")
    arrange(state, hands={0: hand, 1: cards("green pilot")})
    assert card("green mercenary") not in legal(state)
    play_expedition(state, hand[0], "role", hand[1:3])  # Pilot + 2 Mercenaries
    assert len(state.expeditions[0][0]) == 3
    finish_effects(state)
    end_season(state)
    assert state.ledger[0][L_EXPEDITIONS] == 0  # one card left after the Mercenaries go


def test_photographer_scores_one_size_larger():
    state = new_state(2)
    photo = cards("green photographer", "green guide", "green patron")
    arrange(state, hands={0: cards("red guide")}, expeditions={0: [photo]})
    end_season(state)
    assert state.ledger[0][L_EXPEDITIONS] == 5  # 3 cards score as 4


def test_guide_counts_one_more_for_the_site_only():
    state = new_state(2)
    state.put("pos", replaced_in(state.pos, 0, BLUE, 1))  # Grotta Azzurra needs 3 from here
    hand = cards("blue guide", "blue patron")
    arrange(state, hands={0: hand, 1: cards("red patron")})
    state.put("pos", replaced_in(state.pos, 0, BLUE, 1))
    play_expedition(state, hand[0], "colour", hand[1:])
    assert TARGET0 + BLUE in legal(state)  # 2 cards + 1


# -- Botanist --------------------------------------------------------------------------------
def test_botanist_takes_the_tile_when_at_least_as_large():
    state = new_state(2)
    arrange(
        state,
        hands={0: cards("red botanist", "red guide"), 1: cards("blue botanist", "green botanist")},
        expeditions={1: [cards("yellow guide", "yellow patron", "yellow student")]},
    )
    state.put("botanist", (1, 0))
    refresh(state)
    play_expedition(state, card("red botanist"), "colour", [card("red guide")])
    assert USE_ROLE not in legal(state)  # 2 < 3
    finish_effects(state)
    play_expedition(state, card("blue botanist"), "role", [card("green botanist")])
    assert USE_ROLE not in legal(state)
    state = new_state(2)
    arrange(
        state,
        hands={0: cards("red botanist", "red guide", "red patron")},
        expeditions={1: [cards("yellow guide", "yellow patron", "yellow student")]},
    )
    state.put("botanist", (1, 0))
    refresh(state)
    play_expedition(state, card("red botanist"), "colour", cards("red guide", "red patron"))
    state.apply_action(USE_ROLE)  # 3 >= 3: 2 points and the tile
    assert state.score[0] == 2 and state.botanist == (0, 0)


# -- Linguist --------------------------------------------------------------------------------
def test_linguist_track_and_artifacts():
    state = new_state(2, "rapa_nui")
    hand = cards("red linguist", "green linguist", "blue linguist", "pink linguist")
    arrange(state, hands={0: hand, 1: cards("red pilot")})
    artifacts = state.game.tables.linguist_artifacts
    play_expedition(state, hand[0], "role", hand[1:])
    state.apply_action(USE_ROLE)
    assert state.linguist[0] == 4
    crossed = sum(1 for a in artifacts if a <= 4)
    assert crossed >= 1
    for _ in range(crossed):
        assert state.decision == FREE_ADVANCE
        state.apply_action(TARGET0 + PINK)  # any site, whatever the threshold
    assert state.pos[0][PINK] == crossed
    finish_effects(state)
    end_season(state, 1)
    assert state.ledger[0][L_LINGUIST] == 2 and state.ledger[1][L_LINGUIST] == 0


def test_linguist_free_advance_skips_a_vehicle_this_expedition_advanced():
    """One space per vehicle and expedition, whatever gives the advance (issue 14)."""
    state = new_state(2, "rapa_nui")
    hand = cards("red linguist", "green linguist", "blue linguist")
    arrange(state, hands={0: hand, 1: cards("red pilot")})
    trial = state.clone()
    play_expedition(state, hand[0], "role", hand[1:])
    state.apply_action(TARGET0 + RED)  # the colour effect first: red 0 -> 1
    state.apply_action(USE_ROLE)  # 0 -> 3 on the Linguist track: one artifact
    assert state.decision == FREE_ADVANCE
    assert TARGET0 + RED not in legal(state) and TARGET0 + GREEN in legal(state)
    state.apply_action(TARGET0 + GREEN)
    assert state.pos[0][RED] == 1 and state.pos[0][GREEN] == 1
    # the other order: the free advance on red closes red to the colour effect
    play_expedition(trial, hand[0], "role", hand[1:])
    trial.apply_action(USE_ROLE)
    trial.apply_action(TARGET0 + RED)
    assert trial.pos[0][RED] == 1
    assert trial.decision == TURN  # red advanced: no colour effect left, the turn ended


# -- Physician, Patron -----------------------------------------------------------------------
def test_physician_keeps_up_to_the_expedition_size():
    state = new_state(2)
    hand = cards("red physician", "red guide", "blue guide", "blue patron", "green student")
    arrange(state, hands={0: hand, 1: cards("red patron")})
    play_expedition(state, hand[0], "colour", [hand[1]])
    state.apply_action(USE_ROLE)
    assert state.decision == KEEP
    state.apply_action(card("blue guide"))
    state.apply_action(card("green student"))  # two kept: the size of the expedition
    assert state.decision != KEEP
    finish_effects(state)
    assert state.hands[0][card("blue guide")] == 1 and state.hands[0][card("green student")] == 1
    assert state.hand_size[0] == 2 and state.area[card("blue patron")] == 1


def test_physician_steps_do_not_count_the_cards_kept():
    """As many keep steps as cards may be kept, each a card or none: the other player sees the
    same steps whether two cards or none are kept, until the rest of the hand is put down."""
    states = []
    for kept in (["blue guide", "green student"], []):
        state = new_state(2)
        hand = cards("red physician", "red guide", "blue guide", "blue patron", "green student")
        arrange(state, hands={0: hand, 1: cards("red patron")})
        play_expedition(state, hand[0], "colour", [hand[1]])
        state.apply_action(USE_ROLE)
        states.append((state, [card(k) for k in kept] or [STOP, STOP]))
    (one, keep_one), (other, keep_other) = states
    for a, b in zip(keep_one, keep_other, strict=True):
        same_to(1, one, other)
        assert one.decision == KEEP
        assert one.action_seen_by(a, 1) == other.action_seen_by(b, 1)
        one.apply_action(a)
        other.apply_action(b)
    same_to(1, one, other)
    assert one.decision == EFFECTS and sum(one.kept) == 2 and sum(other.kept) == 0


def test_patron_and_chichen_draws_stop_at_ten_cards():
    state = new_state(2)
    hand = cards("red patron", *["red student"] * 4, "red guide", "red physician", "red botanist")
    arrange(state, hands={0: hand, 1: cards("blue guide")})
    play_expedition(state, hand[0], "colour", hand[1:])  # 8 cards: draw 8
    state.apply_action(USE_ROLE)
    state.apply_action(TARGET0 + RED)  # Chichén Itzá: one more card at the end of the turn
    finish_effects(state)
    assert state.hand_size[0] == 9  # 8 for the Patron, then 1 for Chichén Itzá
    state = new_state(2)
    arrange(state, hands={0: hand, 1: cards("blue guide")})
    state.put("pos", replaced_in(state.pos, 0, RED, 5))  # crossing the 6th threshold draws 3
    refresh(state)
    play_expedition(state, hand[0], "colour", hand[1:])
    state.apply_action(USE_ROLE)
    state.apply_action(TARGET0 + RED)
    finish_effects(state)
    assert state.hand_size[0] == 10  # 8 + 3 capped at the hand limit


def test_patron_draws_after_the_hand_went_to_the_area():
    state = new_state(2)
    hand = cards("red patron", "red guide", "blue guide")
    top = cards("green guide", "green patron", "yellow guide")
    arrange(state, hands={0: hand, 1: cards("red physician")}, top=top)
    play_expedition(state, hand[0], "colour", [hand[1]])
    state.apply_action(USE_ROLE)
    finish_effects(state)
    assert state.area[card("blue guide")] == 1
    assert state.hands[0][card("green guide")] == 1 and state.hands[0][card("green patron")] == 1
    assert state.hand_size[0] == 2


# -- Pilot, Cartographer, Curator, Professor ---------------------------------------------------
def test_pilot_advances_on_any_site_the_size_allows():
    state = new_state(2, "rapa_nui")
    hand = cards("red pilot", "red student")
    arrange(state, hands={0: hand, 1: cards("green pilot")})
    play_expedition(state, hand[0], "colour", [hand[1]])
    targets = {a - TARGET0 for a in legal(state) if TARGET0 <= a < TARGET0 + 7}
    expected = {c for c in range(6) if state.board(c).thresholds[0] <= 2}
    assert targets == expected and len(targets) > 1
    state.apply_action(TARGET0 + BLUE)
    assert state.pos[0][BLUE] == 1
    assert not any(TARGET0 <= a < TARGET0 + 7 for a in legal(state))


def test_cartographer_chains_only_after_an_expedition_that_could_advance():
    state = new_state(2, "rapa_nui")
    hand = cards("red cartographer", "green cartographer", "blue student", "blue pilot")
    arrange(state, hands={0: hand, 1: cards("green pilot")})
    play_expedition(state, hand[0], "colour", [])
    state.apply_action(TARGET0 + RED)
    state.apply_action(USE_ROLE)
    assert state.decision == EXTRA
    play_expedition(state, hand[1], "colour", [])  # a second Cartographer: chaining allowed
    assert USE_ROLE in legal(state)
    state.apply_action(USE_ROLE)
    play_expedition(state, card("blue student"), "colour", [card("blue pilot")])
    assert len(state.expeditions[0]) == 3 and state.decision == EFFECTS
    # back to the green Cartographer, whose role came before its colour effect
    assert legal(state) == {TARGET0 + GREEN, STOP}
    state.apply_action(TARGET0 + GREEN)
    assert state.pos[0][GREEN] == 1 and state.decision == TURN and state.decider == 1
    # a Cartographer expedition too small to advance gives no extra expedition
    state = new_state(2, "rapa_nui")
    arrange(state, hands={0: hand, 1: cards("green pilot")})
    for c in range(6):
        state.put("pos", replaced_in(state.pos, 0, c, state.board(c).last))
    refresh(state)
    play_expedition(state, hand[0], "colour", [])
    assert state.decision == TURN  # no effect open: the turn ended


def test_the_conformance_check_catches_a_step_offered_on_the_hidden_hand(monkeypatch):
    """``follow_up_leak`` (the conformance suite's check) finds the audit's case in an engine
    that offers the add step only when the hand holds a card that can join."""
    states = []
    for guide in ("red guide", "green guide"):
        state = new_state(2)
        hand = cards("red physician", guide, "blue botanist")
        arrange(state, hands={0: cards("red patron"), 1: hand}, player=1)
        state.apply_action(card("red physician"))
        states.append(state)
    assert follow_up_leak(*states, 0, TRAIT_COLOUR) is None
    monkeypatch.setattr(
        ArcheosSocietyState, "_may_add", lambda s: s.size() < s.cap and bool(s._addable())
    )
    leak = follow_up_leak(*states, 0, TRAIT_COLOUR)
    assert leak is not None and "add for player 1" in leak and "effects for player 1" in leak


def test_cartographer_extra_expedition_is_offered_whatever_the_hand_holds():
    """With only Mercenaries left (no leader) the extra expedition is still offered, and can
    only be declined: the others cannot tell that hand from one with a leader."""
    states = []
    for second in ("red mercenary", "green pilot"):
        state = new_state(2, "rapa_nui")
        arrange(state, hands={0: cards("red cartographer", second), 1: cards("green linguist")})
        states.append(state)
    one, other = states
    for action in (card("red cartographer"), TRAIT_COLOUR, STOP, TARGET0 + RED, USE_ROLE):
        same_to(1, one, other)
        one.apply_action(action)
        other.apply_action(action)
    same_to(1, one, other)
    assert one.decision == EXTRA
    assert legal(one) == {STOP} and legal(other) == {card("green pilot"), STOP}


def test_cartographer_colour_effect_may_come_after_the_extra_expedition():
    """Both effects in either order (issue 13): the role first, then the extra expedition,
    then the Cartographer expedition's own colour advance."""
    state = new_state(2, "rapa_nui")
    hand = cards("red cartographer", "red linguist", "red pilot", "red professor")
    arrange(state, hands={0: hand, 1: cards("green pilot")})
    assert state.board(RED).thresholds[:2] == (1, 2)
    play_expedition(state, hand[0], "colour", hand[1:3])  # 3 cards
    assert TARGET0 + RED in legal(state)
    state.apply_action(USE_ROLE)
    assert state.decision == EXTRA and state.suspended == [[hand[0], 0]]
    saved = state.to_dict()  # the waiting expedition is saved and restored
    assert state.game.state_from_dict(saved).to_dict() == saved
    play_expedition(state, card("red professor"), "colour", [])  # 1 card: red 0 -> 1
    state.apply_action(TARGET0 + RED)
    finish_effects_until(state, TARGET0 + RED)
    assert legal(state) == {TARGET0 + RED, STOP}  # the 3-card expedition: red 1 -> 2
    state.apply_action(TARGET0 + RED)
    assert state.pos[0][RED] == 2 and state.decision == TURN and state.decider == 1


def finish_effects_until(state, action: int) -> None:
    """Decline effects until ``action`` is offered."""
    while state.decision == EFFECTS and action not in legal(state):
        state.apply_action(STOP)


def test_curator_relic_once_per_colour_and_end_of_game_table():
    state = new_state(2, "tantallon_castle")
    hand = cards("red curator", "red physician", "red curator")
    arrange(state, hands={0: hand, 1: cards("green guide")})
    trial = state.clone()
    play_expedition(state, hand[0], "role", [])
    state.apply_action(USE_ROLE)
    assert state.relics[0][RED] == 1
    trial.put("relics", replaced_in(trial.relics, 0, RED, 1))
    play_expedition(trial, hand[0], "role", [])
    assert USE_ROLE not in legal(trial)  # one relic of each colour at most
    state.put("relics", replaced(state.relics, 0, (1, 1, 1, 0, 0, 0)))
    state.put("relics", replaced(state.relics, 1, (0,) * 6))
    state.put("season", 2)
    finish_effects(state)
    end_season(state)  # the last season with 2 players
    assert state.is_terminal()
    assert state.ledger[0][L_CURATOR] == state.game.tables.curator[3] == 6
    assert state.ledger[1][L_CURATOR] == 0


def test_professor_tokens_and_end_of_season_moves():
    state = new_state(3, "rapa_nui")
    hand = cards("red professor", "red student", "red pilot")
    arrange(state, hands={0: hand, 1: cards("green pilot"), 2: cards("blue pilot")})
    state.put("pos", replaced_in(state.pos, 2, BLUE, 2))
    refresh(state)
    play_expedition(state, hand[0], "colour", hand[1:])
    tokens = {a - TOKEN0 + 1 for a in legal(state) if TOKEN0 <= a < TOKEN0 + 6}
    assert tokens == {1, 2, 3}  # at most the expedition's size
    state.apply_action(TOKEN0 + 2)  # token 3
    finish_effects(state)
    state.put("tokens", replaced(state.tokens, 0, 1))  # player 1 holds token 1: sums 3, 1, 0
    refresh(state)
    end_season(state)  # player 1 draws the third monkey
    # highest (player 0, 3) advances, lowest (player 2, 0) moves back: in that order
    assert state.decision == PROFESSOR_MOVE and state.decider == 0
    state.apply_action(TARGET0 + GREEN)
    assert state.pos[0][GREEN] == 1
    assert state.decision == PROFESSOR_MOVE and state.decider == 2
    assert legal(state) == {TARGET0 + BLUE}  # only where the vehicle is not leftmost
    state.apply_action(TARGET0 + BLUE)
    assert state.pos[2][BLUE] == 1 and state.tokens == (-1,) * 6
    assert state.season == 2


def test_professor_advance_is_optional_the_move_back_is_not():
    """ "Les restrictions sont incontournables ; les autres effets sont optionnels" (issue 15):
    the highest sum may decline its advance; the lowest must move back."""
    state = new_state(3, "rapa_nui")
    arrange(state, hands={0: cards("red pilot"), 1: cards("green pilot"), 2: cards("blue pilot")})
    state.put("tokens", replaced(state.tokens, 2, 0))  # sums 3, 0, 0
    state.put("pos", replaced_in(state.pos, 0, RED, 3))
    state.put("pos", replaced_in(state.pos, 1, BLUE, 2))
    state.put("pos", replaced_in(state.pos, 2, BLUE, 1))
    refresh(state)
    end_season(state)
    assert state.decision == PROFESSOR_MOVE and state.decider == 0
    assert STOP in legal(state)
    state.apply_action(STOP)
    assert state.pos[0] == (3, 0, 0, 0, 0, 0, 0)
    for p in (1, 2):
        assert state.decision == PROFESSOR_MOVE and state.decider == p
        assert legal(state) == {TARGET0 + BLUE}  # no way to decline
        state.apply_action(TARGET0 + BLUE)
    assert state.pos[1][BLUE] == 1 and state.pos[2][BLUE] == 0 and state.season == 2


def test_professor_all_tied_nobody_moves():
    state = new_state(2, "rapa_nui")
    arrange(state, hands={0: cards("red pilot"), 1: cards("green pilot")})
    end_season(state)
    assert state.season == 2 and state.decision == TURN


# -- advanced sites ----------------------------------------------------------------------------
def test_chichen_itza_draws_at_the_end_of_the_turn():
    state = new_state(2)
    site = state.board(RED)
    assert site.rule == "chichen_itza"
    hand = cards("red guide", "blue patron")
    arrange(state, hands={0: hand, 1: cards("red patron")}, top=cards("green guide", "pink guide"))
    play_expedition(state, hand[0], "colour", [])
    state.apply_action(TARGET0 + RED)
    finish_effects(state)
    assert state.area[card("blue patron")] == 1
    assert state.hand_size[0] == site.draws[0] == 1
    assert state.hands[0][card("green guide")] == 1


def test_rapa_nui_leaders_score_then_go_back():
    state = new_state(3, "rapa_nui")
    arrange(state, hands={0: cards("red pilot")})
    state.put("pos", replaced_in(state.pos, 0, GREEN, 3))
    state.put("pos", replaced_in(state.pos, 1, GREEN, 3))
    state.put("pos", replaced_in(state.pos, 2, GREEN, 1))
    refresh(state)
    points = state.board(GREEN).points
    end_season(state)
    assert [state.ledger[p][L_RAPA_NUI] for p in range(3)] == [3, 3, 0]
    assert [state.pos[p][GREEN] for p in range(3)] == [0, 0, 1]
    assert state.ledger[0][L_SITES] == points[3]


def test_ta_sekhet_maat_two_vehicles_and_the_rearmost_scores():
    state = new_state(2, "ta_sekhet_maat")
    hand = cards("yellow guide", "yellow patron")
    arrange(state, hands={0: hand, 1: cards("red guide")})
    play_expedition(state, hand[0], "colour", [hand[1]])
    assert {TARGET0 + YELLOW, TARGET0 + SECOND_VEHICLE} <= legal(state)
    state.apply_action(TARGET0 + SECOND_VEHICLE)
    assert state.pos[0][SECOND_VEHICLE] == 1 and state.pos[0][YELLOW] == 0
    assert state.site_points(0, YELLOW) == state.board(YELLOW).points[0]
    state.put("pos", replaced_in(state.pos, 0, YELLOW, 3))
    assert state.site_points(0, YELLOW) == state.board(YELLOW).points[1]


def test_tantallon_alone_big_star_shared_small_star():
    state = new_state(3, "tantallon_castle")
    site = state.board(BLUE)
    state.put("pos", replaced_in(state.pos, 0, BLUE, 2))
    state.put("pos", replaced_in(state.pos, 1, BLUE, 1))
    state.put("pos", replaced_in(state.pos, 2, BLUE, 1))
    assert state.site_points(0, BLUE) == site.big[2]
    assert state.site_points(1, BLUE) == state.site_points(2, BLUE) == site.small[1]
    assert site.big[2] != site.small[2]


def test_uluru_cash_in_and_no_season_points():
    state = new_state(2, "uluru")
    hand = cards("purple patron", "purple student")
    arrange(state, hands={0: hand, 1: cards("red pilot")})
    state.put("pos", replaced_in(state.pos, 0, PURPLE, 1))
    state.put("pos", replaced_in(state.pos, 1, PURPLE, 3))
    refresh(state)
    play_expedition(state, hand[0], "colour", [hand[1]])
    state.apply_action(TARGET0 + PURPLE)
    assert state.decision == ULURU
    state.apply_action(CASH_IN)
    assert state.ledger[0][L_ULURU] == state.board(PURPLE).points[2] > 0
    assert state.pos[0][PURPLE] == 0
    assert state.site_points(1, PURPLE) == 0  # Uluru never scores at season end


def test_ur_one_more_expedition_each_size_limited():
    state = new_state(3, "ur")
    site = state.board(PINK)
    assert site.rule == "ur"
    big = cards("red pilot", "red professor", "red physician", "red botanist")
    arrange(
        state,
        hands={0: cards("green pilot"), 1: big, 2: cards("blue pilot", "blue botanist")},
        area=cards("yellow pilot"),
    )
    state.put("pos", replaced_in(state.pos, 1, PINK, 1))
    refresh(state)
    end_season(state)  # player 0 draws the third monkey: Ur phase from player 0
    assert state.decision == UR and state.decider == 0
    state.apply_action(STOP)  # player 0 passes
    assert state.decision == UR and state.decider == 1
    cap = site.max_size[1]
    assert cap < len(big)
    play_expedition(state, big[0], "colour", big[1:cap])
    assert len(state.expeditions[1][-1]) == cap
    assert state.legal_action_mask()[big[cap]] == 0  # the size limit
    finish_effects(state)
    while state.decision != UR:
        state.apply_action(state.legal_actions()[0])
    assert state.decider == 2 and state.season == 1


def test_ur_asks_a_hand_of_mercenaries_too():
    """A player whose cards are all Mercenaries cannot lead, but is asked like the others (and
    can only pass): skipping them would show the hidden hand."""
    state = new_state(3, "ur")
    mercenaries = cards("red mercenary", "green mercenary")
    arrange(state, hands={0: cards("green pilot"), 1: mercenaries, 2: cards("blue pilot")})
    end_season(state)
    state.apply_action(STOP)
    assert state.decision == UR and state.decider == 1 and legal(state) == {STOP}
    state.apply_action(STOP)
    assert state.decision == UR and state.decider == 2


# -- set-ups --------------------------------------------------------------------------------
def test_scenarios_flip_one_site_and_use_their_roles():
    for name, (roles, colour) in make_game("archeos_society").scenarios.items():
        state = new_state(4, name)
        assert state.roles == tuple(roles)
        assert state.sides == tuple(int(c == colour) for c in range(6))
        assert state.board(colour).id == name
    first = new_state(4)
    assert [r for r in first.roles] == sorted(first.roles)
    names = {first.game.boards[r][0].id for r in range(6)}
    assert "mesa_verde" in names


def test_random_setup_draws_six_roles_and_one_advanced_site():
    seen = set()
    for seed in range(10):
        state = new_state(3, "random", seed=seed)
        assert len(set(state.roles)) == 6 and sum(state.sides) == 1
        seen.add(tuple(state.roles))
    assert len(seen) > 1


def test_draft_roles_then_sites_with_hidden_cards():
    state = new_state(3, "draft", seed=2)
    first = state.decider
    assert state.decision == DRAFT_ROLE and len(state.draft_hand) == 6
    hand = list(state.draft_hand)
    view = LAYOUT.unpack(observation(state, first))["draft_hand"]
    assert sorted(np.flatnonzero(view).tolist()) == hand
    other = (first + 1) % 3
    assert not LAYOUT.unpack(observation(state, other))["draft_hand"].any()
    state.apply_action(DRAFT_ROLE0 + hand[0])
    assert state.decider == other and len(state.draft_hand) == 6 and state.roles == (hand[0],)
    # the passer knows the five cards it passed, not the one drawn from aside
    known = set(np.flatnonzero(LAYOUT.unpack(observation(state, first))["draft_hand"]).tolist())
    assert known == set(hand[1:])
    while state.decision == DRAFT_ROLE:
        state.apply_action(DRAFT_ROLE0 + state.draft_hand[0])
    assert len(state.roles) == 6 and state.decision == DRAFT_SITE
    assert state.decider == (first + 6) % 3  # the player who would pick the next role
    while state.decision == DRAFT_SITE:
        state.apply_action(SIDE_ADVANCED)
    assert state.sides == (1,) * 6 and state.decision == TURN and state.decider == first
    play_random(state, np.random.default_rng(0))
    assert state.is_terminal()


def test_tiebreak_by_the_largest_expeditions_of_the_last_season():
    state = new_state(2)
    state.put("score", (10, 10))
    state.ledger = [[0, 0, 10, 0, 0, 0, 0], [0, 0, 10, 0, 0, 0, 0]]
    state.expeditions = [[[0, 0, 0], [1]], [[0, 0, 0], [1, 1]]]
    state.decision, state.decider = 12, -1  # game over
    assert state.winners() == [1]
    state.expeditions[1] = [[0, 0, 0], [1]]
    assert state.winners() == [0, 1] and state.returns() == [0.0, 0.0]


# -- configuration and data -------------------------------------------------------------------
def test_bad_configs_name_the_problem():
    with pytest.raises(ConfigError, match="num_players must be one of 2, 3, 4, 5, 6"):
        make_game("archeos_society", num_players=7)
    with pytest.raises(ConfigError, match="setup must be one of"):
        make_game("archeos_society", setup="atlantis")


def test_malformed_data_files_raise_data_errors(tmp_path):
    from importlib import resources

    data = resources.files("digsite.games.archeos_society").joinpath("data")
    cards_data = json.loads(data.joinpath("cards.json").read_text())
    broken = [c for c in cards_data["cards"] if c["role"] != "monkey"]
    with pytest.raises(DataError, match="monkey"):
        make_game("archeos_society", cards=broken)
    sites = json.loads(data.joinpath("sites.json").read_text())["sites"]
    with pytest.raises(DataError, match="thresholds"):
        make_game("archeos_society", sites=[{**sites[0], "thresholds": [1]}, *sites[1:]])
    with pytest.raises(DataError, match="compass and an advanced"):
        make_game("archeos_society", sites=sites[1:])
    tables = json.loads(data.joinpath("tables.json").read_text())["tables"]
    with pytest.raises(DataError, match="missing"):
        make_game("archeos_society", tables=tables[1:])
    scen = json.loads(data.joinpath("scenarios.json").read_text())["scenarios"]
    with pytest.raises(DataError, match="roles"):
        make_game("archeos_society", scenarios=[{**scen[0], "roles": ["botanist"]}])
    path = tmp_path / "bad.json"
    path.write_text("{not json")
    with pytest.raises(DataError, match="cannot read"):
        make_game("archeos_society", sites=str(path))


def test_an_owner_can_pass_their_own_site_file(tmp_path):
    from importlib import resources

    text = resources.files("digsite.games.archeos_society").joinpath("data", "sites.json")
    sites = json.loads(text.read_text())
    sites["sites"][2]["points"] = [0, 5, 6, 7, 8, 9, 10]
    path = tmp_path / "sites.json"
    path.write_text(json.dumps(sites))
    game = make_game("archeos_society", sites=str(path))
    assert game.boards[GREEN][0].points[1] == 5
    assert game.config["sites"] == str(path)
    state = game.new_initial_state(np.random.default_rng(0))
    assert game.state_from_dict(json.loads(json.dumps(state.to_dict()))).to_dict() == (
        state.to_dict()
    )


def test_ismcts_searches_positions_with_legal_moves():
    """IS-MCTS over resample_hidden from a few mid-season positions (full games are too long
    to search in the suite: the shared check is skipped for this game)."""
    from digsite.agents import ISMCTSAgent, choose

    agent = ISMCTSAgent(iterations=4, seed=0)
    for seed in range(3):
        state = new_state(3, "ur", seed=seed)
        rng = np.random.default_rng(seed)
        play_random(state, rng, max_steps=40)
        for _ in range(3):
            if state.is_terminal():
                break
            player = state.current_player()
            action = choose(agent, state, player)
            assert state.legal_action_mask()[action]
            state.apply_action(action)


def test_heuristic_reads_only_what_its_player_knows():
    """The same choice on every state its player cannot tell apart from the real one."""
    from digsite.games.archeos_society.heuristic import ArcheosSocietyHeuristic

    agent = ArcheosSocietyHeuristic()
    rng = np.random.default_rng(9)
    checked = 0
    for setup, n in (("chichen_itza", 4), ("ur", 3), ("draft", 3)):
        state = new_state(n, setup, seed=9)
        while not state.is_terminal():
            player = state.current_player()
            action = agent.act_in(state, player)
            assert state.legal_action_mask()[action]
            if len(state.legal_actions()) > 1:
                other = state.resample_hidden(player, rng)
                assert agent.act_in(other, player) == action
                checked += 1
            state.apply_action(action)
    assert checked > 100


def test_linguist_ties_all_score_and_professor_advance_may_cash_in_on_uluru():
    """A scenario of one's own (the ``scenarios`` option): Linguist and Professor with Uluru."""
    own = [
        {
            "id": "mine",
            "advanced_site": "uluru",
            "roles": ["linguist", "professor", "student", "guide", "patron", "pilot"],
            "provenance": "reconstructed",
        }
    ]
    state = new_state(3, "mine", scenarios=own)
    arrange(state, hands={0: cards("red pilot"), 1: cards("red guide"), 2: cards("red patron")})
    state.put("linguist", (4, 4, 1))
    # player 0 holds token 6: highest; players 1 and 2 lowest
    state.put("tokens", replaced(state.tokens, 5, 0))
    state.put("pos", replaced_in(state.pos, 0, PURPLE, 2))
    state.put("pos", replaced_in(state.pos, 1, RED, 1))
    state.put("pos", replaced_in(state.pos, 2, RED, 1))
    refresh(state)
    end_season(state)
    assert [state.ledger[p][L_LINGUIST] for p in range(3)] == [2, 2, 0]
    assert state.decision == PROFESSOR_MOVE and state.decider == 0
    state.apply_action(TARGET0 + PURPLE)
    assert state.decision == ULURU
    state.apply_action(CASH_IN)
    assert state.ledger[0][L_ULURU] == state.board(PURPLE).points[3] and state.pos[0][PURPLE] == 0
    for p in (1, 2):  # the lowest move back where they are not leftmost
        assert state.decision == PROFESSOR_MOVE and state.decider == p
        assert legal(state) == {TARGET0 + RED}
        state.apply_action(TARGET0 + RED)
    assert state.season == 2 and state.pos[1][RED] == state.pos[2][RED] == 0
