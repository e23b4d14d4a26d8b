"""``view(player)``: everything one player knows under the rules, as plain canonical data.

Seats are absolute (``0 .. n-1``); other owners of pieces are ``"automa"`` and ``"neutral"``;
``None`` is an empty place.  Lists of things whose order carries no information are sorted (never
the order of a hidden draw)."""

from __future__ import annotations

from collections import Counter
from itertools import islice
from typing import Any

from . import actions
from .actions import C_DISCARD_RELIC, C_KNOW, C_RELIC, FLOW_TASKS, KNOW_ASIA_PAID, KNOW_OTHER
from .tasks import Task

OWNER_NAMES = {actions.AUTOMA: "automa", actions.NEUTRAL: "neutral"}
ASIA_PAID = 16
"""Added to a Knowledge choice's second argument when its gain already paid the British School
of Orient's Reputation."""


def owner_name(owner: int) -> int | str | None:
    """A seat stays its number; the Automa and the neutral colour get names; -1 is None."""
    return None if owner < 0 else OWNER_NAMES.get(owner, owner)


def decision_args(s, task: list[int]) -> tuple[int, int]:
    """The pending task's two arguments as they bear on its legal actions and effects: a relic
    from "one of the previously chosen regions" names those regions; a Knowledge choice names
    the regions it excludes (a gain "in another region": the public list of regions chosen)
    plus ``ASIA_PAID`` when its gain already paid the British School of Orient."""
    kind, a, b = task.kind, task.a, task.b
    if kind == C_RELIC and a < 0:
        a = sum(1 << r for r in set(s.chosen_regions[-2:])) or 15  # (a mask of regions)
    elif kind == C_KNOW:
        excluded = sum(1 << r for r in set(s.chosen_regions)) if b & KNOW_OTHER else 0
        b = excluded | (ASIA_PAID if b & KNOW_ASIA_PAID else 0)
    return a, b


def interrupted(s) -> int:
    """The decision an honoring relic choice interrupts (its legal relics must leave that
    decision possible), or -1."""
    q = s.queue
    if s.decision == C_DISCARD_RELIC and q[0].honored_patron >= 0 and len(q) > 1:
        return q[1].kind if q[1].kind in actions.MID_TURN else -1
    return -1


PENDING_SLOTS = 32
"""Most tasks ever queued before the next step of the year's flow (the set-up of 4 players,
each with 7 steps and a Society's benefits, stays below it; ``check_invariants`` checks it)."""
REGION_SLOTS = 8
"""Most regions chosen in one Society set-up (the only time they are read)."""


def pending_tasks(s) -> list[Task]:
    """The tasks queued behind the pending decision up to the next step of the year's flow:
    public (the rewards still to come, the points still to place, other players' choices still
    due such as Gallery discs for a failed Royal Requirement)."""
    out = []
    for t in islice(s.queue, 1, None):
        if t.kind in FLOW_TASKS:
            break
        out.append(t)
    return out


def task_name(kind: int) -> str:
    auto = actions.AUTO0
    return actions.AUTO_TASKS[kind - auto] if kind >= auto else actions.DECISIONS[kind]


def regions_read(s) -> list[int]:
    """The regions chosen since the Society card was kept, while a queued task still reads
    them (a relic from "one of the previously chosen regions", Knowledge "in another region");
    empty otherwise.  Only Society set-ups queue such tasks, all before the first turn order."""
    if s.turn_order:
        return []
    for t in s.queue:
        if (t.kind == C_RELIC and t.a < 0) or (t.kind == C_KNOW and t.b & KNOW_OTHER):
            return list(s.chosen_regions)
    return []


def visible_drawn_cards(s, player: int) -> list[int]:
    """Expedition cards on the table being chosen from: one's own draw of three, or the card
    being organized (face up for everyone)."""
    if s.decision == actions.C_EXP_PAY:
        return [s.organizing]
    if s.decision == actions.C_PICK_DRAWN and s.decider == player:
        return sorted(s.drawn_cards)
    return []


def known_hand(s, q: int, player: int) -> list[int]:
    """Cards of ``q``'s hand ``player`` knows: all of its own, else those taken from the Program."""
    if q == player:
        return sorted(s.hand[q])
    return sorted(c for c in s.hand[q] if s.public_hand >> c & 1)


def reputation_stack(s) -> list[int]:
    """Players from the top of the Reputation track down; tied discs stacked, the latest arrival
    on top (it picks a King's Favor first)."""
    return sorted(range(s.game.num_players), key=lambda p: (-s.rep[p], -s.rep_time[p]))


def stacked_above(s, q: int) -> int:
    """How many discs sit on top of ``q``'s on its Reputation space."""
    rep, time = s.rep, s.rep_time  # (a later arrival, never q itself, sits on top)
    return sum(rep[p] == rep[q] and time[p] > time[q] for p in range(s.game.num_players))


def patrons_put_back(s, player: int) -> list[int | None]:
    """The cards put back under the Patron deck, from the bottom up: those ``player`` drew
    (it put them back, or saw who kept the other card of a later draw) by id, the others None."""
    seen = s.patron_seen[player]
    return [x if seen >> x & 1 else None for x in s.patron_deck[: s.patron_known]]


def known_drawn_patrons(s, player: int) -> list[int]:
    """The Patron cards on the table being chosen from that ``player`` knows: all of them for
    the one who drew them; for another player, those it knew under the deck (a card it put
    back stays known until it leaves the deck, and the pair drawn is where it went)."""
    seen = s.patron_seen[player]
    return [x for x in sorted(s.drawn_patrons) if seen >> x & 1]


def known_tiles(s, player: int) -> dict[str, list[int]]:
    """Face-down Bloomsbury tiles ``player`` has seen and nobody has taken since: looked at in a
    stack (still there or removed face down by the Automa), or seen in the box (still there)."""
    seen = s.bloom_seen[player] & ~s.bloom_seen[-1]
    box = {t for pile in s.bloom_box for t in pile}
    tiles = [t for t in range(len(s.game.rb.bloomsbury)) if seen >> t & 1]
    return {"stack": [t for t in tiles if t not in box], "box": [t for t in tiles if t in box]}


def reshuffled(s) -> list[list[int]]:
    """The discard piles reshuffled into a new Expedition deck, oldest first (public: the pile
    was face up when it was shuffled)."""
    return [
        [c for c, x in enumerate(s.exp_epoch) if x == e] for e in range(1, max(s.exp_epoch) + 1)
    ]


def seat_view(s, q: int, player: int) -> dict[str, Any]:
    side, society = s.side[q], s.society[q]
    return {
        "reputation": s.rep[q],
        "discs_above": stacked_above(s, q),
        "prestige": s.prestige[q],
        "science": s.science[q],
        "money": s.money[q],
        "knowledge": list(s.knowledge[q]),
        "expertise": list(s.expertise[q]),
        "placed": list(s.placed[q]),
        "discs": s.discs[q],
        "reputation_discs": s.rep_discs[q],
        "requirement_discs": s.req_discs[q],
        "hand_size": len(s.hand[q]),
        "setup_hand_size": len(s.setup_hand[q]),
        "known_hand": known_hand(s, q, player),
        "expeditions": sorted(s.played[q]),
        "relics": list(s.relics[q]),
        "exhibited": s.exhibited[q],
        "side": "AB"[side] if side >= 0 else None,
        "society": society if society >= 0 else None,
        "penalties": list(s.penalties[q]),
        "claims": list(s.claims[q]),
        "bloomsbury_rights": list(s.bloom_right[q]),
        "bloomsbury_taken": list(s.bloom_taken[q]),
        "bloomsbury": sorted(s.bloom[q]),
        "patrons": sorted(s.patrons[q]),
        "honored": sorted(s.honored[q]),
    }


def current_view(s) -> dict[str, Any] | None:
    explorer, loc, section, supported = s.cur[:4]
    if explorer < 0:
        return None
    return {
        "explorer": explorer,
        "location": loc,
        "section": section,
        "supported": bool(supported),
        "collections_rewarded": [c for c in range(6) if s.collections_done >> c & 1],
    }


def locations_view(s) -> list[list[list[Any]]]:
    """Per location, [section, owner, pieces] for every section and owner with pieces there."""
    section, owner = actions.piece_section, actions.piece_owner
    counts = [Counter((section(x), owner(x)) for x in loc) for loc in s.locations]
    return [[[sec, owner_name(o), k] for (sec, o), k in sorted(c.items())] for c in counts]


def decision_view(s) -> dict[str, Any]:
    if s.decision == actions.GAME_OVER:
        return {"kind": "game_over", "player": None, "args": [0, 0], "interrupts": None}
    cut = interrupted(s)
    return {
        "kind": actions.DECISIONS[s.decision],
        "player": s.decider,
        "args": list(decision_args(s, s.queue[0])),
        "interrupts": actions.DECISIONS[cut] if cut >= 0 else None,
    }


def build_view(s, player: int) -> dict[str, Any]:
    g = s.game
    n = g.num_players
    return {
        "player": player,
        "mode": g.mode,
        "simplified": g.simplified,
        "num_players": n,
        "year": s.year,
        "decision": decision_view(s),
        "pending": [[task_name(t.kind), t.player, t.a, t.b] for t in pending_tasks(s)],
        "regions_chosen": regions_read(s),
        "seats": [seat_view(s, q, player) for q in range(n)],
        "reputation_stack": reputation_stack(s),
        "favor_spaces": [owner_name(o) for o in s.favor_space],
        "current": current_view(s),
        "program": [c if c >= 0 else None for c in s.program],
        "expedition_deck_size": len(s.exp_deck),
        "expedition_discard": sorted(s.exp_discard),
        "expeditions_out_of_game": sorted(s.exp_box),
        "reshuffled": reshuffled(s),
        "patron_deck_size": len(s.patron_deck),
        "patrons_put_back": patrons_put_back(s, player),
        "study_deck_size": len(s.study_deck),
        "society_deck_size": len(s.society_deck),
        "locations": locations_view(s),
        "gallery": [owner_name(o) for o in s.gallery],
        "collection_faces": list(s.faces),
        "objectives": list(s.objectives),
        "objective_first": [owner_name(o) for o in s.rs_left],
        "requirements": list(s.requirements),
        "relic_bags": list(s.bags),
        "relic_discards": list(s.discards),
        "drawn_relics": sorted(s.drawn_relics),
        "bloomsbury_stacks": [len(s.stacks[0]), len(s.stacks[1])],
        "automa": {
            "last_favor": g.automa_cards[s.automa_last].favor if s.automa_last >= 0 else None,
            "played": sorted(s.automa_played),
            "pawns": s.automa_pawns,
        }
        if g.automa
        else None,
        "own": {
            "hand": sorted(s.hand[player]),
            "setup_hand": sorted(s.setup_hand[player]),
            "studies": sorted(s.studies[player]),
            "society_offer": list(s.society_offer[player]),  # in the order of options 0 / 1
            "drawn_cards": visible_drawn_cards(s, player),
            "drawn_patrons": known_drawn_patrons(s, player),
            "known_tiles": known_tiles(s, player),
        },
    }
