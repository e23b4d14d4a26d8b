"""The Royal Society of Archeology: the player view, the observation that encodes it, and the
review findings of issue 13 (Gallery disc settled at the check, the British School of Orient's
Reputation once per gain, tied Reputation discs and Patron cards put back in the view)."""

from __future__ import annotations

import json

import numpy as np

from digsite.core.fields import added, removed, replaced, replaced_in
from digsite.core.views import canonical
from digsite.games.royal_society.actions import (
    BLOOM_CLAIM0,
    C_FAVOR,
    C_KNOW,
    C_REQUIREMENT_DISC,
    EXPLORER0,
    PLACE0,
    REGION0,
    SPACE0,
    TILE0,
)
from digsite.games.royal_society.components import ASIA, UNIVERSITY
from digsite.games.royal_society.observation import LAYOUT, observe
from digsite.games.royal_society.rules import RoyalSocietyGame
from digsite.games.royal_society.tasks import Task

from .royal_society_positions import after_setup, patron_put_back, set_society, start_turn

ORIENT = 3
"""The ability code of the British School of Orient."""


def observation(s, p: int) -> np.ndarray:
    out = np.zeros(s.game.observation_size, dtype=np.float32)
    observe(s, p, out)
    return out


def piece(s, p: int, name: str) -> np.ndarray:
    return observation(s, p)[LAYOUT[name]]


# -- finding 1: a Gallery disc for a failed Royal Requirement is chosen at the check ----------
def test_a_failed_requirement_with_an_empty_reserve_takes_the_gallery_disc_at_the_check():
    s = after_setup(0, num_players=3)
    p = 1
    s.put("requirements", replaced(s.requirements, 0, 0))  # 15 Prestige
    s.put("prestige", (30, 0, 30))
    s.put("discs", replaced(s.discs, p, 0))
    s.put("rep_discs", added(s.rep_discs, p, 8))
    s.put("gallery", replaced(replaced(s.gallery, 0, p), 5, p))
    s.put("req_discs", replaced(s.req_discs, p, 0))
    s.put("year", 3)
    s.queue = [Task.year_end()]
    s._mask = None
    s._run()
    assert s.decision == C_REQUIREMENT_DISC and s.decider == p, "year 4 began first"
    assert s.year == 3
    assert sorted(s.legal_actions()) == [SPACE0, SPACE0 + 5]
    view = s.view(0)
    assert view["decision"]["kind"] == "requirement_disc" and view["decision"]["player"] == p
    s.apply_action(SPACE0 + 5)
    assert s.gallery[5] == -1 and s.gallery[0] == p and s.req_discs[p] == 1
    assert s.year == 4 and s.decision == C_FAVOR
    s.check_invariants()


# -- finding 2: the British School of Orient pays once per gain ----------------------------------
def orient_turn(seed: int = 0):
    s = after_setup(seed, num_players=3)
    p = 0
    set_society(s, p, s.game.abilities.index(ORIENT))
    s.put("knowledge", replaced(s.knowledge, p, (0, 0, 0, 0)))
    s.put("rep", replaced(s.rep, p, 4))
    s.put("expertise", replaced(s.expertise, p, (3, 1, 1)))
    s.put("penalties", replaced(s.penalties, p, (0, 0, 0, 0)))
    s.put("locations", ((), (), (), ()))
    start_turn(s, p)
    return s, p


def test_university_study_of_two_points_in_asia_gives_one_reputation():
    s, p = orient_turn()
    s.apply_action(EXPLORER0)
    s.apply_action(PLACE0 + UNIVERSITY * 6 + 2)  # section 3: Study, 2 Knowledge
    if s.decision != C_KNOW:
        s.apply_action(s.legal_actions()[0])  # Study (not Deepen)
    assert s.decision == C_KNOW
    s.apply_action(REGION0 + ASIA)
    assert s.rep[p] == 5
    assert s.view(p)["decision"]["args"][1] & 16, "the view tells the gain is paid"
    s.apply_action(REGION0 + ASIA)
    assert s.knowledge[p][ASIA] == 2
    assert s.rep[p] == 5, "one gain of 2 Knowledge in Asia pays 1 Reputation"


def test_two_gains_in_asia_pay_twice():
    s, p = orient_turn()
    s.apply_action(EXPLORER0)
    s.apply_action(PLACE0 + UNIVERSITY * 6 + 2)
    if s.decision != C_KNOW:
        s.apply_action(s.legal_actions()[0])
    s.apply_action(REGION0 + 0)  # Africa first, then Asia: the gain pays once
    s.apply_action(REGION0 + ASIA)
    assert s.rep[p] == 5
    s._know(p, ASIA, 3)  # another gain (a Deepen in Asia)
    assert s.rep[p] == 6


def test_bloomsbury_three_knowledge_all_in_asia_gives_one_reputation():
    s, p = orient_turn()
    tile = next(t["id"] for t in s.game.rb.bloomsbury if t["effect"].get("knowledge_choice") == 3)
    stack = s.game.tile_stack[tile]
    for k in range(2):
        if tile in s.stacks[k]:
            s.stacks[k].remove(tile)
        if tile in s.bloom_box[k]:
            s.put("bloom_box", replaced(s.bloom_box, k, removed(s.bloom_box[k], tile)))
    s.stacks[stack].append(tile)
    s.put("bloom_right", replaced_in(s.bloom_right, p, stack, 1))
    s._mask = None
    s.apply_action(BLOOM_CLAIM0 + stack)
    s.apply_action(TILE0 + tile)
    for _ in range(3):
        assert s.decision == C_KNOW
        s.apply_action(REGION0 + ASIA)
    assert s.knowledge[p][ASIA] == 3
    assert s.rep[p] == 5


# -- finding 3: tied Reputation discs and Patron cards put back ---------------------------------
def test_the_order_of_tied_reputation_discs_is_in_the_view_and_the_observation():
    s = after_setup(0, num_players=3)
    s.put("rep", (5, 7, 5))
    s.put("rep_time", (10, 3, 12))  # player 2 arrived last: on top, picks a favor before player 0
    other = s.clone()
    other.put("rep_time", (12, 3, 10))
    for p in range(3):
        assert s.view(p)["reputation_stack"] == [1, 2, 0]
        assert other.view(p)["reputation_stack"] == [1, 0, 2]
        assert (observation(s, p) != observation(other, p)).any()


def test_the_patron_put_back_is_in_its_drawers_view_and_observation():
    s, p, back = patron_put_back()
    assert s.view(p)["patrons_put_back"] == [back]
    assert s.view(1)["patrons_put_back"] == [None]
    assert piece(s, p, "patrons_put_back")[back] > 0
    assert not piece(s, 1, "patrons_put_back").any()


# -- the view itself ---------------------------------------------------------------------------
def test_views_are_json_and_keep_other_hands_out():
    game = RoyalSocietyGame(num_players=3)
    s = game.new_initial_state(np.random.default_rng(4))
    rng = np.random.default_rng(5)
    for _ in range(150):
        legal = s.legal_actions()
        s.apply_action(legal[rng.integers(len(legal))])
    for p in range(3):
        v = s.view(p)
        assert json.loads(canonical(v)) == v and v["player"] == p
        assert v["own"]["hand"] == sorted(s.hand[p])
        for q in range(3):
            if q != p:
                hidden = [c for c in s.hand[q] if not s.public_hand >> c & 1]
                assert not set(hidden) & set(v["seats"][q]["known_hand"])
        seat = s.render(p)
        assert "seat of player" in seat.splitlines()[0]
    assert "spectator" in s.render().splitlines()[0]


def test_the_view_shows_the_points_still_to_place_and_other_players_choices_still_due():
    s, p = orient_turn()
    s.apply_action(EXPLORER0)
    s.apply_action(PLACE0 + UNIVERSITY * 6 + 2)
    if s.decision != C_KNOW:
        s.apply_action(s.legal_actions()[0])
    first = s.view(1)
    assert [t[:2] for t in first["pending"]] == [["knowledge_region", p]]
    s.apply_action(REGION0 + 0)
    second = s.view(1)
    assert second["pending"] == [] and second["decision"]["kind"] == "knowledge_region"
    # the two Knowledge choices look different to everyone
    s2, _ = orient_turn()
    s2.apply_action(EXPLORER0)
    s2.apply_action(PLACE0 + UNIVERSITY * 6 + 2)
    if s2.decision != C_KNOW:
        s2.apply_action(s2.legal_actions()[0])
    assert (piece(s2, 1, "pending") != piece(s, 1, "pending")).any()

    t = after_setup(0, num_players=3)
    t.put("requirements", replaced(t.requirements, 0, 0))  # 15 Prestige
    t.put("prestige", (0, 30, 0))
    for q in (0, 2):
        t.put("discs", replaced(t.discs, q, 0))
        t.put("rep_discs", added(t.rep_discs, q, 8))
    t.put("gallery", (0, 2, *t.gallery[2:]))
    t.put("year", 3)
    t.queue = [Task.year_end()]
    t._mask = None
    t._run()
    assert t.decider == 0 and t.decision == C_REQUIREMENT_DISC
    assert t.view(1)["pending"] == [["requirement_disc", 2, 0, 0]]


def test_the_documentation_names_every_view_field():
    import digsite.games.royal_society as package

    doc = package.__doc__.split("What a player knows")[1].split("Observation layout")[0]
    s = after_setup(0, num_players=1)
    v = s.view(0)
    names = [*v, *v["seats"][0], *v["own"], *v["own"]["known_tiles"], *v["automa"]]
    names += [*v["decision"]]
    missing = [name for name in names if f"``{name}``" not in doc and name not in doc]
    assert not missing, f"view fields not documented: {missing}"
