"""The Royal Society of Archeology: optional actions in the middle of one's own turn."""

from __future__ import annotations

from digsite.core.fields import added, added_in, removed, replaced, replaced_in
from digsite.games.royal_society.actions import (
    BLOOM_CLAIM0,
    C_BLOOM,
    C_DISCARD_RELIC,
    C_EXP_PAY,
    C_LOC_ACTION,
    CARD0,
    DECISIONS,
    EXPLORER0,
    GALLERY_START,
    NUM_SPACES,
    OPTION0,
    PATRON0,
    PLACE0,
    RELIC0,
    SELL,
    SPACE0,
    TILE0,
)
from digsite.games.royal_society.components import CITY, MUSEUM, PORT

from .royal_society_positions import after_setup, start_turn, take_card

SELL_FOR_18 = 7
"""A Society card whose ability plays no part in these turns."""


def place(loc: int, section: int) -> int:
    return PLACE0 + loc * 6 + section - 1


def only_relics(s, p: int, kinds: list[int]) -> None:
    """``p`` holds exactly one relic of each of ``kinds``, taken from the bags."""
    for k in range(16):
        s.put("bags", added(s.bags, k, s.relics[p][k]))
        s.put("relics", replaced_in(s.relics, p, k, 0))
    for k in kinds:
        s.put("bags", added(s.bags, k, -1))
        s.put("relics", added_in(s.relics, p, k, 1))


def only_patron(s, p: int, patron: int) -> None:
    """``p`` holds ``patron``, unhonored; nobody else holds any."""
    for q in range(s.game.num_players):
        s.put("patron_deck", s.patron_deck + s.patrons[q])
    value = ((),) * s.game.num_players
    s.put("patrons", value)
    s.put("honored", value)
    s.put("patron_deck", removed(s.patron_deck, patron))
    s.put("patrons", replaced(s.patrons, p, (patron,)))


def test_bloomsbury_right_from_a_peer_bonus_is_used_before_the_location_action():
    """+2 Prestige from learning from peers reaches 10; the tile's chosen relic, taken before
    the action, is a second relic to exhibit (one relic alone allows only one exhibit)."""
    s = after_setup(0, num_players=3)
    p = 0
    s.put("society", replaced(s.society, p, SELL_FOR_18))
    s.put("gallery", (-1,) * NUM_SPACES)
    first, second, k1, k2 = next(
        (a, b, k1, k2)
        for a in range(GALLERY_START[1])
        for b in range(GALLERY_START[1], GALLERY_START[2])
        for k1 in s.space_kinds(a)
        for k2 in s.space_kinds(b)
        if k1 not in s.space_kinds(b) and k2 not in s.space_kinds(a)
    )
    only_relics(s, p, [k1])
    s.put("penalties", replaced(s.penalties, p, (0, 0, 0, 0)))
    s.put("expertise", replaced(s.expertise, p, (4, 1, 1)))
    s.put("rep", replaced(s.rep, p, 6))
    s.put("prestige", replaced(s.prestige, p, 8))
    s.put("bloom_right", replaced(s.bloom_right, p, (0, 0)))
    s.put(
        "locations", ((), (p * 8 + 6,), (), ())
    )  # p's own explorer already at the Museum, section 6
    s.stacks[0] = [0, 4]  # "a chosen relic" and "£20"
    start_turn(s, p)
    s.apply_action(EXPLORER0)
    s.apply_action(place(MUSEUM, 4))
    assert s.prestige[p] == 10 and s.bloom_right[p][0] == 1
    assert DECISIONS[s.decision] == "location_action"
    assert BLOOM_CLAIM0 in s.legal_actions()
    pending = s.queue[0]
    s.apply_action(BLOOM_CLAIM0)
    assert s.decision == C_BLOOM
    s.apply_action(TILE0 + 0)
    s.apply_action(RELIC0 + k2)
    assert s.decision == C_LOC_ACTION and s.queue[0] == pending  # the action resumes
    s.apply_action(OPTION0)  # Exhibit, up to 2 relics at section 4
    s.apply_action(SPACE0 + first)
    while SPACE0 + second not in s.legal_actions():  # choices of the collection's reward
        s.apply_action(s.legal_actions()[0])
    s.apply_action(SPACE0 + second)
    assert s.gallery[first] == p and s.gallery[second] == p and s.exhibited[p] == 2
    assert s.bloom[p] == (0,)


def port_turn(honor_kinds: list[int]):
    """p at the Port with a hand card paid in full unless 2 Reputation buy the -£3."""
    s = after_setup(0, num_players=3)
    g = s.game
    p = 0
    s.put("society", replaced(s.society, p, SELL_FOR_18))
    s.put("side", replaced(s.side, p, 1))
    card = next(
        c
        for c in g.expeditions
        if c.expertise == 2 and c.condition_region < 0 and c.condition_type < 0 and c.cost >= 3
    )
    take_card(s, card.id)
    s.put("exp_discard", s.exp_discard + s.hand[p])
    s.put("hand", replaced(s.hand, p, (card.id,)))
    s.put("program", (-1,) * 6)  # no Program card to choose instead
    s.put("expertise", replaced(s.expertise, p, (2, 1, 1)))
    s.put("knowledge", replaced(s.knowledge, p, (12, 12, 12, 12)))
    s.put("money", replaced(s.money, p, 40))
    s.put("rep", replaced(s.rep, p, 1))
    s.put("rep_discs", added(s.rep_discs, p, s.discs[p]))
    s.put("discs", replaced(s.discs, p, 0))  # no disc to turn into Reputation: the budget is 1
    s.put("locations", ((), (), (), ()))
    patron = next(x for x in range(16) if set(honor_kinds) <= set(g.patron_kinds[x]))
    only_patron(s, p, patron)
    only_relics(s, p, honor_kinds)
    start_turn(s, p)
    s.apply_action(EXPLORER0)
    s.apply_action(place(PORT, 2))
    s.apply_action(CARD0 + card.id)
    assert s.decision == C_EXP_PAY
    return s, p, card, patron


def test_honoring_a_patron_mid_payment_pays_for_the_cost_reduction():
    s, p, card, patron = port_turn([0, 1])
    full = s.money[p] - (card.cost - 3 * (s._skill(p, 0)[0] == 0))
    assert [s.action_to_string(a) for a in s.legal_actions() if a >= OPTION0] == ["pay in full"]
    pending = s.queue[0]
    s.apply_action(PATRON0 + patron)
    # two relics fit the patron: the choice is a sub-decision, then the payment resumes
    assert s.decision == C_DISCARD_RELIC
    assert sorted(s.legal_actions()) == [RELIC0, RELIC0 + 1]
    s.apply_action(RELIC0 + 1)
    assert s.decision == C_EXP_PAY and s.queue[0] == pending
    assert s.honored[p] == (patron,) and s.relics[p][1] == 0 and s.rep[p] == 2
    options = [s.action_to_string(a) for a in s.legal_actions() if a >= OPTION0]
    assert options == ["pay in full", "spend 2 Reputation: -£3"]
    s.apply_action(OPTION0 + 1)
    assert card.id in s.played[p] and s.money[p] == full + 3 + card.gains[7]


def test_without_the_honor_the_payment_is_in_full():
    s, p, card, patron = port_turn([0])
    full = s.money[p] - (card.cost - 3 * (s._skill(p, 0)[0] == 0))
    s.apply_action(OPTION0)
    assert s.money[p] == full + card.gains[7] and s.honored[p] == ()


def test_an_honor_that_would_leave_the_location_action_impossible_is_not_offered():
    """At The City with no Patron card left, Sell is the only action: honoring with the only
    relic would leave nothing to do, so it is not offered (and Sell goes on by itself)."""
    s = after_setup(0, num_players=3)
    p = 0
    s.put("society", replaced(s.society, p, SELL_FOR_18))
    s.put("expertise", replaced(s.expertise, p, (2, 1, 1)))
    s.put("rep", replaced(s.rep, p, 5))
    s.put("locations", ((), (), (), ()))
    only_patron(s, p, 8)  # honored with an Africa instrument (kind 0)
    only_relics(s, p, [0])
    s.put("patron_deck", ())
    start_turn(s, p)
    s.apply_action(EXPLORER0)
    s.apply_action(place(CITY, 2))
    assert s.decision == C_DISCARD_RELIC and s.queue[0][2] == SELL
    assert s.legal_actions() == [RELIC0]
    # with a second relic the honor keeps Sell possible and is offered before the action
    s = after_setup(0, num_players=3)
    s.put("society", replaced(s.society, p, SELL_FOR_18))
    s.put("expertise", replaced(s.expertise, p, (2, 1, 1)))
    s.put("rep", replaced(s.rep, p, 5))
    s.put("locations", ((), (), (), ()))
    only_patron(s, p, 8)
    only_relics(s, p, [0, 5])
    s.put("patron_deck", ())
    start_turn(s, p)
    s.apply_action(EXPLORER0)
    s.apply_action(place(CITY, 2))
    assert s.decision == C_LOC_ACTION
    assert sorted(s.legal_actions()) == [PATRON0 + 8, OPTION0 + 1]
    s.apply_action(PATRON0 + 8)
    assert s.honored[p] == (8,) and s.rep[p] == 6
    # the interrupted choice resumes; with Sell alone left it goes on by itself
    assert s.decision == C_DISCARD_RELIC and s.queue[0][2] == SELL
    assert s.legal_actions() == [RELIC0 + 5]
    s.apply_action(RELIC0 + 5)
    assert s.money[p] >= 18 and sum(s.relics[p]) == 0
