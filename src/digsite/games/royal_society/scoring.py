"""Objectives (Royal Society, Royal Requirements, Study cards) and the final scoring."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from itertools import chain, combinations

from ...core.fields import added, replaced_in
from . import actions
from .tasks import Task


def _played(s, p):
    return [s.game.expeditions[c] for c in s.played[p]]


def region_and_type_counts(cards) -> tuple[list[int], list[int]]:
    """How many of ``cards`` (Expedition cards) are of each region, and of each type."""
    regions, types = [0] * 4, [0] * 4
    for c in cards:
        regions[c.region] += 1
        types[c.type] += 1
    return regions, types


ON_PLAYED = {
    actions.TWO_REGIONS_TWICE: (4, lambda cards: sorted(region_and_type_counts(cards)[0])[-2] >= 2),
    actions.THREE_REGIONS: (3, lambda cards: len({c.region for c in cards}) >= 3),
    actions.FOUR_EXPERTISE_LEVELS: (4, lambda cards: len({c.expertise for c in cards}) >= 4),
    actions.THREE_SAME_TYPE: (3, lambda cards: max(region_and_type_counts(cards)[1]) >= 3),
    actions.TWO_MYTH_OR_WONDER: (
        2,
        lambda cards: sum(c.myth for c in cards) >= 2 or sum(c.wonder for c in cards) >= 2,
    ),
}
"""The objectives on played Expedition cards: the fewest cards that can meet each (checked
first: they are tested at every turn, mostly with fewer cards), and the test of the cards."""


def _on_played(fewest: int, met: Callable) -> Callable[..., bool]:
    """The test of an objective on played cards: ``met`` of the cards, if there are enough."""
    return lambda s, p: len(s.played[p]) >= fewest and met(_played(s, p))


_TESTS = {
    **{obj: _on_played(fewest, met) for obj, (fewest, met) in ON_PLAYED.items()},
    actions.ALL_EXPLORERS_4: lambda s, p: min(s.expertise[p]) >= 4,
    actions.TWO_EXPLORERS_5: lambda s, p: sum(1 for x in s.expertise[p] if x >= 5) >= 2,
    actions.SEVEN_GALLERY: lambda s, p: s.exhibited[p] >= 7,
    actions.EIGHT_RELICS_ALL_REGIONS: lambda s, p: (
        sum(s.relics[p]) >= 8 and all(sum(s.relics[p][4 * r : 4 * r + 4]) for r in range(4))
    ),
    actions.THREE_PATRONS: lambda s, p: len(s.honored[p]) >= 3,
    actions.KNOWLEDGE_4_EVERYWHERE: lambda s, p: min(s.knowledge[p]) >= 4,
    actions.KNOWLEDGE_12: lambda s, p: max(s.knowledge[p]) >= 12,
}
OBJECTIVE_TESTS = tuple(_TESTS[obj] for obj in range(len(actions.OBJECTIVES)))
"""``OBJECTIVE_TESTS[obj](s, p)``: whether ``p`` meets Royal Society objective ``obj``."""


def _symbol_ok(card, symbol) -> bool:
    kind, value = symbol
    if kind in ("region", "type"):  # the card's attribute of that name
        return getattr(card, kind) == value
    return (card.myth, card.wonder, card.expertise >= 5)[value]  # components.FLAGS


def symbol_cards(game) -> dict[tuple[str, int], int]:
    """Per Study card symbol, the Expedition cards that can take it (a bit mask of their ids)."""
    return {
        symbol: sum(1 << c.id for c in game.expeditions if _symbol_ok(c, symbol))
        for study in game.studies
        for objective in study.objectives
        for symbol in objective
    }


def _matchable(fits: list[int]) -> bool:
    """Each symbol (given by the bit mask of the cards that can take it) needs its own card:
    bipartite matching by augmenting paths."""
    owner: dict[int, int] = {}  # a card's bit -> the symbol holding it

    def augment(i: int, seen: list[int]) -> bool:
        free = fits[i] & ~seen[0]
        while free:
            card = free & -free
            free ^= card
            seen[0] |= card
            holder = owner.get(card)
            if holder is None or augment(holder, seen):
                owner[card] = i
                return True
        return False

    return all(augment(i, [0]) for i in range(len(fits)))


def study_science(s, p: int, study: int) -> int:
    """A Study card's Science: by the most of its objectives achievable at once, each card used
    for one symbol."""
    card = s.game.studies[study]
    held = sum(1 << c for c in s.played[p])
    cards = s.game.symbol_cards
    fits = [[cards[symbol] & held for symbol in objective] for objective in card.objectives]
    for count in range(len(fits), 0, -1):  # (2 or 3 objectives: at most 7 sets to try)
        if any(_matchable([*chain(*chosen)]) for chosen in combinations(fits, count)):
            return card.science[count - 1]
    return 0


def requirement_count(s, p: int, kind: str) -> int:
    """What a Royal Requirement of ``kind`` counts of ``p``'s."""
    if kind in ("prestige", "science"):
        return getattr(s, kind)[p]
    if kind == "expeditions":
        return len(s.played[p])
    if kind == "gallery_discs":
        return s.gallery.count(p)
    if kind == "knowledge6_two_regions":
        return sum(1 for k in s.knowledge[p] if k >= 6)
    return sum(1 for g in range(3) if s.claims[p][g])


def requirement_met(s, p: int, req: int) -> bool:
    info = s.game.rb.requirements[req]
    return requirement_count(s, p, info["requirement"]) >= info["amount"]


def royal_requirements(s, period: int) -> None:
    """End-of-year check of the period's tile: the penalty, and a disc on the tile (from the
    reserve, else from the Grand Gallery, else -15 Prestige).  A disc taken from the Gallery is
    the player's choice, made at once (the tasks go to the front of the queue)."""
    req = s.requirements[period]
    penalty = s.game.rb.requirements[req]["penalty"]
    choices = []
    for p in range(s.game.num_players):
        if requirement_met(s, p, req):
            continue
        if penalty in actions.PENALTIES:
            s.put("penalties", replaced_in(s.penalties, p, actions.PENALTIES.index(penalty), 1))
        elif penalty == "lose_1_science":
            s._gain(p, actions.SCIENCE, -1)
        else:
            s._gain(p, actions.PRESTIGE, -8)
        if s.discs[p] > 0:
            s.put("discs", added(s.discs, p, -1))
            s.put("req_discs", added(s.req_discs, p, 1))
        elif p in s.gallery:
            choices.append(Task(actions.C_REQUIREMENT_DISC, p))  # which disc: the player's choice
        else:
            s._gain(p, actions.PRESTIGE, -15)
            if s.rep_discs[p] > 0:
                s.put("rep_discs", added(s.rep_discs, p, -1))
                s.put("req_discs", added(s.req_discs, p, 1))
    s._push(*choices)  # settled now, in seat order, before anything else happens


def gallery_awards(s) -> list[int]:
    """Prestige each player takes from the Grand Gallery majorities (ties share, rounded down;
    Automa and neutral discs take their share like anyone's)."""
    n = s.game.num_players
    out = [0] * n
    for sl in actions.COLLECTIONS:
        spaces = s.gallery[sl]
        if counts := Counter(owner for owner in spaces if owner >= 0):
            best = max(counts.values())
            winners = [o for o, k in counts.items() if k == best]
            value = (12 if -1 not in spaces else 6) // len(winners)
            for o in winners:
                if o < n:
                    out[o] += value
    return out


def bloomsbury_end(s, p: int) -> tuple[int, int]:
    """(Prestige, Science) of a player's end-of-game Bloomsbury tiles."""
    prestige = science = 0
    cards = _played(s, p)
    for t in s.bloom[p]:
        info = s.game.rb.bloomsbury[t]
        if info["kind"] != "end":
            continue
        ((key, amount),) = info["effect"].items()
        if key in ("all_types", "all_regions"):
            if len({c.type if key == "all_types" else c.region for c in cards}) == 4:
                science += amount
        elif key == "level5_expeditions":
            prestige += amount * sum(1 for c in cards if c.expertise >= 5)
        elif key == "relics_held":
            prestige += min(12, sum(s.relics[p]))
        elif key == "gallery_collections":
            prestige += amount * sum(p in s.gallery[sl] for sl in actions.COLLECTIONS)
        elif key == "best_knowledge":
            prestige += max(s.knowledge[p])
        elif key == "reputation_points":
            prestige += s.rep[p]
    return prestige, science


def final_scores(s) -> None:
    """Grand Gallery, the better Study card, Bloomsbury tiles, unhonored patrons (in the
    rulebook's order); the score is then the lower of Prestige and 5 x Science."""
    gallery = gallery_awards(s)
    for p in range(s.game.num_players):
        s._gain(p, actions.PRESTIGE, gallery[p])
        s._gain(p, actions.SCIENCE, max(study_science(s, p, x) for x in s.studies[p]))
        pr, sc = bloomsbury_end(s, p)
        s._gain(p, actions.PRESTIGE, pr)
        s._gain(p, actions.SCIENCE, sc)
        penalty = sum(s.game.patrons[x].penalty for x in s.patrons[p] if x not in s.honored[p])
        s._gain(p, actions.PRESTIGE, -penalty)
